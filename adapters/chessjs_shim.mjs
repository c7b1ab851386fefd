#!/usr/bin/env node
// chess.js (npm `chess.js`) as a chess-conformance engine, on the protocol helper beside it;
// every answer from chess.js's own API, which has no per-side mating-material test, no automatic
// fivefold or 75-move ending, no dead positions, touch-move or winnability analysis.
// Run: (cd adapters && npm ci), then chess-conformance run --engine 'process:node adapters/chessjs_shim.mjs'
import { createRequire } from 'node:module';
import { Chess, SQUARES, validateFen } from 'chess.js';
import { Shim } from './chess-conformance-shim.mjs';

const uci = (m) => m.from + m.to + (m.promotion ?? '');
const COLORS = { white: 'w', black: 'b' };

// A UCI move played by chess.js's move-object API, checked against its legal moves (a promotion
// names its piece); the move, with its SAN. (Searching the verbose move list is ten times slower.)
function playUci(chess, move) {
  const [from, to, promotion] = [move.slice(0, 2), move.slice(2, 4), move.slice(4)];
  try {
    return chess.move(promotion ? { from, to, promotion } : { from, to });
  } catch {
    throw new Error(`${move} is not a legal move in ${chess.fen()}`);
  }
}

function gameState(chess) {
  if (chess.isCheckmate()) return { state: 'checkmate', winner: chess.turn() === 'w' ? 'black' : 'white' };
  if (chess.isStalemate()) return { state: 'stalemate' };
  return { state: chess.isInsufficientMaterial() ? 'insufficient_material' : 'ongoing' };
}

function drawClaims(chess) { // none once the game is over
  if (gameState(chess).state !== 'ongoing') return [];
  return [[chess.isThreefoldRepetition(), 'threefold_repetition'],
    [chess.isDrawByFiftyMoves(), 'fifty_moves']].filter(([holds]) => holds).map(([, claim]) => claim);
}

const version = createRequire(import.meta.url)('chess.js/package.json').version;
const shim = new Shim({
  name: 'chess.js', version, position: (fen) => new Chess(fen), play: playUci, fen: (c) => c.fen(),
  rules: ['repetition', 'move-clocks', 'insufficient-material'],
});
shim.questions({
  legal_moves: (c) => c.moves({ verbose: true }).map(uci),
  in_check: (c) => c.inCheck(),
  checkers: (c) => { // the attackers (chess.js's own attack test) of the king of the side to move
    const [king] = c.findPiece({ type: 'k', color: c.turn() });
    return king ? c.attackers(king, c.turn() === 'w' ? 'b' : 'w') : [];
  },
  game_state: gameState,
  draw_claims: drawClaims,
  // FIDE 9.2.1.1, 9.3.1: the claims a declared move grounds are those of the position it makes.
  draw_claims_with_move: (c, r) => drawClaims(playUci(c, r.move) && c),
  san: (c, r) => playUci(c, r.move).san,
  // chess.js's strict mode is its SAN-specification parser; the default mode also takes long
  // algebraic and over-ambiguous SAN (`Q4e1` for one of two queens on rank 4) by design.
  parse_san: (c, r) => { try { return uci(c.move(r.san, { strict: true })); } catch { return null; } },
  attacks: (c, r) => {
    if (r.by !== undefined) return SQUARES.filter((sq) => c.isAttacked(sq, COLORS[r.by]));
    const piece = c.get(r.from); // the squares whose attackers include the piece on `from`
    return piece ? SQUARES.filter((sq) => c.attackers(sq, piece.color).includes(r.from)) : [];
  },
  perft: (c, r) => c.perft(r.depth),
  validate_fen: (r) => {
    const { ok, error } = validateFen(r.fen);
    return ok ? { valid: true } : { valid: false, reason: error };
  },
});
await shim.serve();
