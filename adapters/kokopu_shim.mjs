#!/usr/bin/env node
// kokopu (npm `kokopu`) as a chess-conformance engine, on the protocol helper beside it; every
// answer from kokopu's own API. kokopu's Position keeps no move history and no clocks, and its
// Game counts the fifty-move clock from 0 at its initial position (it has no setter for it), so
// the shim declares no draw claims, no repetition, no fivefold or 75-move ending; its dead
// position test (`isDead`, FIDE rules) is by material only, so it answers `insufficient_material`
// and the shim declares `insufficient-material`, not `dead-position`. No per-side mating
// material, no perft (the shim counts kokopu's own legal moves), no touch-move, no winnability.
// A Chess960 request's position is kokopu's own Chess960 variant (`new Position('chess960',
// ...)`): its UCI is then king-takes-rook, its FEN parser reads X-FEN and Shredder-FEN letters,
// and its FEN writer writes file letters (what kokopu calls X-FEN: `BGbg`).
// Run: (cd adapters && npm ci), then chess-conformance run --engine 'process:node adapters/kokopu_shim.mjs'
import { createRequire } from 'node:module';
import { Game, Position, forEachSquare, oppositeColor } from 'kokopu';
import { Shim } from './chess-conformance-shim.mjs';

const COLORS = { white: 'w', black: 'b' };

// The position of a request: kokopu's Position for the questions, and its Game for the clocks
// of the FEN after a move (the full-move number from the FEN, which Game takes; the fifty-move
// clock as Game counts it).
function start(fen, { variant } = {}) {
  const position = variant === 'chess960' ? new Position('chess960', 'empty') : new Position();
  const { fullMoveNumber } = position.fen(fen);
  const game = new Game();
  game.initialPosition(position, fullMoveNumber);
  return { position, node: game.mainVariation() };
}

// A UCI move by kokopu's UCI parser, strict: `e1h1` is no castling in regular chess (nor `e1g1`
// in Chess960, where castling is king-takes-rook). It throws
// kokopu's InvalidNotation on an illegal move.
function play(state, uci) {
  const move = state.position.uci(uci, true);
  state.node = state.node.play(state.position.notation(move));
  state.position.play(move);
  return move;
}

function gameState({ position }) {
  if (position.isCheckmate()) return { state: 'checkmate', winner: position.turn() === 'w' ? 'black' : 'white' };
  if (position.isStalemate()) return { state: 'stalemate' };
  return { state: position.isDead() ? 'insufficient_material' : 'ongoing' };
}

// The leaves of kokopu's legal move tree, each move played on a copy of the position.
function perft(position, depth) {
  const moves = position.moves();
  if (depth === 1) return moves.length;
  let leaves = 0;
  for (const move of moves) {
    const next = new Position(position);
    next.play(move);
    leaves += perft(next, depth - 1);
  }
  return leaves;
}

function squares() {
  const all = [];
  forEachSquare((square) => all.push(square));
  return all;
}

const version = createRequire(import.meta.url)('kokopu/package.json').version;
const shim = new Shim({
  name: 'kokopu', version, position: start, play, fen: (state) => state.node.fen(),
  rules: ['insufficient-material', 'chess960'],
});
shim.questions({
  legal_moves: ({ position }) => position.moves().map((move) => position.uci(move)),
  in_check: ({ position }) => position.isCheck(),
  checkers: ({ position }) => { // kokopu's attackers of the king of the side to move
    const king = position.kingSquare(position.turn());
    return king ? position.getAttacks(king, oppositeColor(position.turn())) : [];
  },
  game_state: gameState,
  san: (state, r) => state.position.notation(state.position.uci(r.move, true)),
  parse_san: ({ position }, r) => { // kokopu's strict SAN parser: no "small errors" forgiven
    try { return position.uci(position.notation(r.san, true)); } catch { return null; }
  },
  attacks: ({ position }, r) => {
    if (r.by !== undefined) return squares().filter((sq) => position.isAttacked(sq, COLORS[r.by]));
    const piece = position.square(r.from); // the squares whose attackers include the piece on `from`
    if (piece === '-') return [];
    return squares().filter((sq) => position.getAttacks(sq, piece[0]).includes(r.from));
  },
  perft: ({ position }, r) => perft(position, r.depth),
  validate_fen: (r) => { // kokopu's strict FEN parser, then its legality test
    const position = r.variant === 'chess960' ? new Position('chess960', 'empty') : new Position();
    try {
      position.fen(r.fen, true);
    } catch (e) {
      return { valid: false, reason: e.message };
    }
    return position.isLegal() ? { valid: true } : { valid: false, reason: 'Position.isLegal() is false' };
  },
});
await shim.serve();
