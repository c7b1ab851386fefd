#!/usr/bin/env node
// A chess-conformance shim for your chess library (written by `chess-conformance init`).
//
// It runs as it is, and every case is skipped ("TODO: ..."):
//
//     chess-conformance run --engine 'process:node SHIM_PATH'
//
// Replace each TODO with your library's call, one question at a time: a question that answers
// is judged (pass or fail), the others stay skipped. Delete the function of a question your
// library has no API for: it is then not declared, and its cases are skipped as "not declared".
// What each question means: docs/PROTOCOL.md and docs/CASES.md of chess-conformance. The
// protocol itself (the JSON lines, the handshake, errors, a clean stdout) is the helper beside
// this file, chess-conformance-shim.mjs: keep the two files together.
import { Shim, Unsupported, packageVersion } from './chess-conformance-shim.mjs';
// TODO: import { Board, IllegalMoveError } from 'my-chess-library';

const todo = (what) => {
  throw new Unsupported(`TODO: ${what}`);
};

// The error your library throws to refuse: an illegal move, a SAN that denotes no move. Only that
// is a refusal. Anything else it throws (a TypeError reading a property of undefined, a
// RangeError, ...) is a crash in the library, and must stay one: the helper answers it as an
// error verdict naming it. Catching every exception as a refusal would turn each crash into a
// right-looking answer ('refused', 'no such move') and hide the bug.
// Until you name it, any error but a program's own faults (TypeError, RangeError, ReferenceError,
// ...: the helper's CRASHES) counts as a refusal.
const REFUSAL = undefined; // TODO: IllegalMoveError

const shim = new Shim({
  name: 'my-chess-library',
  // The installed version, read even where the package's `exports` hide its package.json; the
  // second argument is used when it cannot be read.
  version: packageVersion('my-chess-library', '0.0.0'),
  // The position of `fen` (six fields). The helper then plays each UCI move of the request's
  // history with `play` below. `variant` is 'chess960' in a Chess960 game (only once you declare
  // 'chess960' below; undefined otherwise): the FEN's castling rights are then X-FEN or
  // Shredder-FEN letters, and castling in the moves (and in every answer) is the king taking
  // its own rook, `f1h1`; in standard chess it is the king's move, `e1g1`.
  // TODO: (fen, { variant } = {}) => new Board(fen, { chess960: variant === 'chess960' }),
  position: (fen, { variant } = {}) => todo('position'),
  // Plays one UCI move (`e2e4`, `e7e8q`) on `board` with your library's own legality check,
  // throwing REFUSAL (or returning null) when the move is illegal.
  // TODO: (board, uci) => board.playUci(uci),
  play: (board, uci) => todo('play'),
  // The FEN of `board`. With `play` and `fen`, the helper answers the `play` question itself:
  // the FEN after the move, or refused when `play` throws REFUSAL (anything else: an error).
  // TODO: (board) => board.fen(),
  fen: (board) => todo('fen'),
  refusal: REFUSAL,
  // The rules inside the answers that your library implements (docs/PROTOCOL.md); a case that
  // expects one it does not is skipped:
  // 'repetition', 'move-clocks', 'insufficient-material', 'dead-position', 'fivefold',
  // 'seventy-five-moves',
  // 'pieces' if it plays positions of pieces beyond the standard six (docs/CASES.md),
  // and 'chess960' if it plays Chess960 (FIDE Guidelines II): `position` then gets `variant`.
  rules: [],
  // castling: 'king-takes-rook',   // if your library writes castling as e1h1 in every game
  // conventions: { clocks: false }, // if it keeps no halfmove clock or move number: the clocks
  //                                 // are then not compared, fifty-move cases skipped
});

shim.questions({
  // Every legal move, in UCI: ['e2e4', ...] (any order).
  legal_moves: (board, request) => todo('legal_moves'),
  // Whether the side to move is in check: true or false.
  in_check: (board, request) => todo('in_check'),
  // The squares of the pieces giving check: ['e7'], or [].
  checkers: (board, request) => todo('checkers'),
  // { state: S }, S one of ongoing, stalemate, insufficient_material, dead_position,
  // fivefold_repetition, seventy_five_moves; or { state: 'checkmate', winner: 'white' }.
  game_state: (board, request) => todo('game_state'),
  // The draws the player to move may claim now: a subset of ['threefold_repetition',
  // 'fifty_moves']; [] when the game is over.
  draw_claims: (board, request) => todo('draw_claims'),
  // { white: bool, black: bool }: could each side still mate by some series of moves.
  mating_material: (board, request) => todo('mating_material'),
  // The SAN of the legal UCI move request.move, with + or #: 'Nf3', 'O-O', 'e8=Q+'.
  san: (board, request) => todo('san'),
  // The UCI move request.san denotes, or null (ambiguous, illegal, malformed).
  // TODO: (board, request) => {
  //   let move;
  //   try {
  //     move = board.parseSan(request.san);
  //   } catch (e) {
  //     if (shim.refuses(e)) return null; // the library's own refusal (REFUSAL): no such move
  //     throw e; // anything else is a crash: an error verdict, not a null
  //   }
  //   return move.uci;
  // },
  parse_san: (board, request) => todo('parse_san'),
  // The squares attacked by the side request.by ('white', 'black') or, without `by`, by the
  // piece on request.from: pins ignored, rays up to and including the first piece, pawns by
  // their diagonals. ['d1', ...]
  attacks: (board, request) => todo('attacks'),
  // The number of leaves of the legal move tree of depth request.depth (at least 1).
  perft: (board, request) => todo('perft'),
  // Whether your library accepts request.fen, a FEN alone (no position is built; it may be
  // invalid on purpose): { valid: true }, or { valid: false, reason: '...' }. A Chess960 FEN
  // comes with request.variant === 'chess960'.
  validate_fen: (request) => todo('validate_fen'),
  // The draws the player to move may claim by declaring the legal move request.move before
  // playing it (FIDE 9.2.1.1, 9.3.1): those of the position it makes; [] if it ends the game.
  draw_claims_with_move: (board, request) => todo('draw_claims_with_move'),
  // Touch-move (FIDE Article 4): after request.events ('touch e1', 'release e1 on g1', ...),
  // the moves the player may still make: 'any', or the exact list.
  touch_move: (board, request) => todo('touch_move'),
  // Whether request.side could still checkmate by some series of legal moves: 'winnable',
  // 'unwinnable', or 'undetermined'.
  winnable: (board, request) => todo('winnable'),
});

await shim.serve();
