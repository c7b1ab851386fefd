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
import { Shim, Unsupported } from './chess-conformance-shim.mjs';

const todo = (what) => {
  throw new Unsupported(`TODO: ${what}`);
};

const shim = new Shim({
  name: 'my-chess-library',
  version: '0.0.0',
  // The position a request is about: `fen` (six fields), then each UCI move of `moves` (`e2e4`,
  // `e7e8q`; castling is the king's move, `e1g1`), played with your library's own legality
  // check. Throw if a move is illegal: the request gets an error naming it. `variant` is
  // 'chess960' in a Chess960 game (only once you declare 'chess960' below; undefined
  // otherwise): the FEN's castling rights are then X-FEN or Shredder-FEN letters, and castling
  // in `moves` (and in every answer) is the king taking its own rook, `f1h1`.
  // TODO: (fen, moves, { variant } = {}) => {
  //   const board = new Board(fen, { chess960: variant === 'chess960' });
  //   for (const m of moves) board.play(m);
  //   return board;
  // }
  position: (fen, moves, { variant } = {}) => todo('position'),
  // The rules inside the answers that your library implements (docs/PROTOCOL.md); a case that
  // expects one it does not is skipped:
  // 'repetition', 'move-clocks', 'insufficient-material', 'dead-position', 'fivefold',
  // 'seventy-five-moves',
  // 'pieces' if it plays positions of pieces beyond the standard six (docs/CASES.md),
  // and 'chess960' if it plays Chess960 (FIDE Guidelines II): `position` then gets `variant`.
  rules: [],
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
  // Plays request.move (UCI): { played: FEN after it }, or { refused: 'why' } when it is illegal.
  play: (board, request) => todo('play'),
  // The SAN of the legal UCI move request.move, with + or #: 'Nf3', 'O-O', 'e8=Q+'.
  san: (board, request) => todo('san'),
  // The UCI move request.san denotes, or null (ambiguous, illegal, malformed).
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
