#!/usr/bin/env node
// chess.js (npm `chess.js`) as a chess-conformance engine, on the protocol helper beside it;
// every answer from chess.js's own API, which has no per-side mating-material test, no automatic
// fivefold or 75-move ending, no dead positions, touch-move or winnability analysis.
// Run: (cd adapters && npm ci), then chess-conformance run --engine 'process:node adapters/chessjs_shim.mjs'
//
// Older releases (0.10 onwards: snake_case methods, `move` answering null to an illegal move, no
// named `validateFen`) are answered through the same API under its older names; what a release
// lacks (`attackers` and `isDrawByFiftyMoves` before 1.0) is `unsupported`, naming it. Another
// release is picked by running a copy of this file and the helper from a folder whose
// node_modules/chess.js is that release (.ci/steps/history.sh).
import { createRequire } from 'node:module';
import * as chessjs from 'chess.js';
import { Shim, Unsupported } from './chess-conformance-shim.mjs';

const version = createRequire(import.meta.url)('chess.js/package.json').version;
const { Chess } = chessjs;
const SQUARES = chessjs.SQUARES ?? new Chess().SQUARES;
// 1.0's named export; before it, the instance's validate_fen ({ valid, error }).
const validateFen = chessjs.validateFen ?? ((fen) => {
  const { valid, error } = new Chess().validate_fen(fen);
  return { ok: valid, error };
});

// `chess`'s method by its 1.x name, or its 0.x name, bound; unsupported when neither exists.
function method(chess, name, older) {
  const f = chess[name] ?? (older && chess[older]);
  if (typeof f !== 'function') throw new Unsupported(`chess.js ${version} has no ${name}`);
  return f.bind(chess);
}

const uci = (m) => m.from + m.to + (m.promotion ?? '');
const COLORS = { white: 'w', black: 'b' };

// A UCI move played by chess.js's move-object API, checked against its legal moves (a promotion
// names its piece); the move, with its SAN. (Searching the verbose move list is ten times slower.)
function playUci(chess, move) {
  const [from, to, promotion] = [move.slice(0, 2), move.slice(2, 4), move.slice(4)];
  let played = null;
  try {
    played = chess.move(promotion ? { from, to, promotion } : { from, to });
  } catch {
    // 1.x throws on an illegal move; 0.x returns null
  }
  if (!played) throw new Error(`${move} is not a legal move in ${chess.fen()}`);
  return played;
}

function gameState(chess) {
  if (method(chess, 'isCheckmate', 'in_checkmate')()) {
    return { state: 'checkmate', winner: chess.turn() === 'w' ? 'black' : 'white' };
  }
  if (method(chess, 'isStalemate', 'in_stalemate')()) return { state: 'stalemate' };
  const insufficient = method(chess, 'isInsufficientMaterial', 'insufficient_material')();
  return { state: insufficient ? 'insufficient_material' : 'ongoing' };
}

function drawClaims(chess) { // none once the game is over
  if (gameState(chess).state !== 'ongoing') return [];
  return [[method(chess, 'isThreefoldRepetition', 'in_threefold_repetition')(), 'threefold_repetition'],
    [method(chess, 'isDrawByFiftyMoves')(), 'fifty_moves']].filter(([holds]) => holds).map(([, claim]) => claim);
}

const shim = new Shim({
  name: 'chess.js', version, position: (fen) => new Chess(fen), play: playUci, fen: (c) => c.fen(),
  rules: ['repetition', 'move-clocks', 'insufficient-material'],
});
shim.questions({
  legal_moves: (c) => c.moves({ verbose: true }).map(uci),
  in_check: (c) => method(c, 'inCheck', 'in_check')(),
  checkers: (c) => { // the attackers (chess.js's own attack test) of the king of the side to move
    const attackers = method(c, 'attackers');
    const [king] = c.findPiece // 1.1; before it, the king found on chess.js's board()
      ? c.findPiece({ type: 'k', color: c.turn() })
      : c.board().flat().filter((p) => p?.type === 'k' && p.color === c.turn()).map((p) => p.square);
    return king ? attackers(king, c.turn() === 'w' ? 'b' : 'w') : [];
  },
  game_state: gameState,
  draw_claims: drawClaims,
  // FIDE 9.2.1.1, 9.3.1: the claims a declared move grounds are those of the position it makes.
  draw_claims_with_move: (c, r) => drawClaims(playUci(c, r.move) && c),
  san: (c, r) => playUci(c, r.move).san,
  // chess.js's strict mode is its SAN-specification parser; the default mode also takes long
  // algebraic and over-ambiguous SAN (`Q4e1` for one of two queens on rank 4) by design.
  // (0.x's parser is strict unless told `sloppy`, and answers null to what it does not take.)
  parse_san: (c, r) => {
    try {
      const move = c.move(r.san, { strict: true });
      return move ? uci(move) : null;
    } catch { return null; }
  },
  attacks: (c, r) => {
    if (r.by !== undefined) return SQUARES.filter((sq) => method(c, 'isAttacked')(sq, COLORS[r.by]));
    const piece = c.get(r.from); // the squares whose attackers include the piece on `from`
    const attackers = method(c, 'attackers');
    return piece ? SQUARES.filter((sq) => attackers(sq, piece.color).includes(r.from)) : [];
  },
  perft: (c, r) => c.perft(r.depth),
  validate_fen: (r) => {
    const { ok, error } = validateFen(r.fen);
    return ok ? { valid: true } : { valid: false, reason: error };
  },
});
await shim.serve();
