#!/usr/bin/env node
// chessops (npm `chessops`) as a chess-conformance engine, on the protocol helper beside it;
// every answer from chessops' own API. chessops writes castling king-takes-rook (`e1h1`)
// internally; the protocol's moves are standard UCI (`e1g1`), converted both ways with its own
// `castlingSide`, `kingCastlesTo` and `normalizeMove`. In a Chess960 game (declared: `chess960`)
// the protocol's castling is chessops' own king-takes-rook, so no conversion applies: its
// castling rights are always rook squares, read from X-FEN and Shredder-FEN letters by
// `parseFen` and written by `makeFen` (KQkq for an outermost rook, a file letter otherwise). A chessops position keeps no history,
// and the library has no draw-claim test (it keeps the halfmove clock, but no fifty-move or
// repetition rule), no fivefold or 75-move ending, no dead positions beyond material (its
// `hasInsufficientMaterial(color)` is per side, by material), no touch-move, no winnability.
// Run: (cd adapters && npm ci), then chess-conformance run --engine 'process:node adapters/chessops_shim.mjs'
import { readFileSync } from 'node:fs';
import { Chess, attacks, kingCastlesTo, makeSquare, makeUci, opposite, parseSquare, parseUci } from 'chessops';
import { castlingSide, isImpossibleCheck, isStandardMaterial, normalizeMove } from 'chessops/chess';
import { perft } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { Shim } from './chess-conformance-shim.mjs';

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];
// The positions of Chess960 requests: their moves are chessops' own, castling king-takes-rook.
const CHESS960 = new WeakSet();
const SQUARES = [...Array(64).keys()];

// The protocol's UCI of a chessops move: in standard chess castling as the king's own move, by
// chessops' castling side and its king's castling square; in Chess960 chessops' own.
function uci(pos, move) {
  if (CHESS960.has(pos)) return makeUci(move);
  const side = castlingSide(pos, move);
  return makeUci(side ? { from: move.from, to: kingCastlesTo(pos.turn, side) } : move);
}

// Every legal move of chessops' move generator, each destination with the promotions its
// `isLegal` accepts (a pawn reaching the last rank names its piece; no other move does).
function legalMoves(pos) {
  const ctx = pos.ctx();
  const moves = [];
  for (const [from, dests] of pos.allDests(ctx)) {
    for (const to of dests) {
      if (pos.isLegal({ from, to }, ctx)) moves.push({ from, to });
      else moves.push(...PROMOTIONS.map((promotion) => ({ from, to, promotion })).filter((m) => pos.isLegal(m, ctx)));
    }
  }
  return moves;
}

// The chessops move of a protocol UCI move, or an error: in standard chess the move chessops'
// `normalizeMove` makes of it must be legal and written back as the same UCI (so `e1h1`,
// chessops' own castling, is not a protocol move); in Chess960 the move as it is.
function toMove(pos, text) {
  const parsed = parseUci(text);
  const move = parsed && (CHESS960.has(pos) ? parsed : normalizeMove(pos, parsed));
  if (!move || !pos.isLegal(move) || uci(pos, move) !== text) {
    throw new Error(`${text} is not a legal move in ${makeFen(pos.toSetup())}`);
  }
  return move;
}

function setup(fen, { variant } = {}) {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  if (variant === 'chess960') CHESS960.add(pos);
  return pos;
}

function gameState(pos) {
  if (pos.isCheckmate()) return { state: 'checkmate', winner: opposite(pos.turn) };
  if (pos.isStalemate()) return { state: 'stalemate' };
  return { state: pos.isInsufficientMaterial() ? 'insufficient_material' : 'ongoing' };
}

// chessops' package.json is not among its exports: read from its folder.
const version = JSON.parse(readFileSync(new URL('./node_modules/chessops/package.json', import.meta.url))).version;
const shim = new Shim({
  name: 'chessops', version, position: setup, play: (pos, text) => pos.play(toMove(pos, text)),
  fen: (pos) => makeFen(pos.toSetup()), rules: ['insufficient-material', 'chess960'],
});
shim.questions({
  legal_moves: (pos) => legalMoves(pos).map((move) => uci(pos, move)),
  in_check: (pos) => pos.isCheck(),
  checkers: (pos) => [...pos.ctx().checkers].map(makeSquare),
  game_state: gameState,
  mating_material: (pos) => ({
    white: !pos.hasInsufficientMaterial('white'), black: !pos.hasInsufficientMaterial('black'),
  }),
  san: (pos, r) => makeSan(pos, toMove(pos, r.move)),
  parse_san: (pos, r) => {
    const move = parseSan(pos, r.san);
    return move ? uci(pos, move) : null;
  },
  attacks: (pos, r) => {
    const occupied = pos.board.occupied;
    if (r.by !== undefined) { // the squares with an attacker of that side, by chessops' attacksTo
      return SQUARES.filter((sq) => pos.kingAttackers(sq, r.by, occupied).nonEmpty()).map(makeSquare);
    }
    const square = parseSquare(r.from);
    const piece = pos.board.get(square);
    return piece ? [...attacks(piece, square, occupied)].map(makeSquare) : [];
  },
  perft: (pos, r) => perft(pos, r.depth),
  // chessops' validity: its FEN parser, `Chess.fromSetup`'s setup errors, then its own tests of
  // an impossible check and of material that no standard game could have.
  validate_fen: (r) => {
    const parsed = parseFen(r.fen);
    if (parsed.isErr) return { valid: false, reason: `parseFen: ${parsed.error.message}` };
    const pos = Chess.fromSetup(parsed.value);
    if (pos.isErr) return { valid: false, reason: `Chess.fromSetup: ${pos.error.message}` };
    if (isImpossibleCheck(pos.value)) return { valid: false, reason: 'isImpossibleCheck' };
    if (!isStandardMaterial(pos.value)) return { valid: false, reason: 'isStandardMaterial is false' };
    return { valid: true };
  },
});
await shim.serve();
