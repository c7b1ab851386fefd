#!/usr/bin/env node
// chess.js (npm `chess.js`) as a chess-conformance engine over docs/PROTOCOL.md: one JSON request
// per line on stdin, one answer per line on stdout. Run: (cd adapters && npm ci), then
// chess-conformance run --engine 'process:node adapters/chessjs_shim.mjs'
// Every answer comes from chess.js's own API; the shim only translates. Not declared, because
// chess.js has no such thing: `mating-material` (no per-side "can this side still mate" test),
// `fivefold` and `seventy-five-moves` (only the threefold and fifty-move claims, declared as
// `repetition` and `move-clocks`), `dead-position`, `touch-move`, `winnable` (the last two
// requests get `unsupported`, like any unknown type).
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { Chess, SQUARES, validateFen } from 'chess.js';

const VERSION = createRequire(import.meta.url)('chess.js/package.json').version;
const CAPABILITIES = [
  'legal-moves', 'check', 'checkers', 'game-state', 'draw-claims', 'play', 'san', 'parse-san',
  'attacks', 'perft', 'validate-fen', 'repetition', 'move-clocks', 'insufficient-material',
  'claim-with-move',
];
const COLORS = { white: 'w', black: 'b' };

class Refused extends Error {}

// A move object of chess.js in UCI.
const uci = (m) => m.from + m.to + (m.promotion ?? '');

// Plays a UCI move through chess.js's move-object API, which matches it against chess.js's own
// legal moves (a promotion must name its piece) and returns the move with its SAN; a Refused
// error if there is no such move. (Searching the verbose move list instead spells out the SAN
// of every legal move: ten times slower over a history.)
function playUci(chess, move) {
  const [from, to, promotion] = [move.slice(0, 2), move.slice(2, 4), move.slice(4)];
  try {
    return chess.move(promotion ? { from, to, promotion } : { from, to });
  } catch {
    throw new Refused(`${move} is not a legal move in ${chess.fen()}`);
  }
}

// The position: the FEN, then the moves, each checked legal by chess.js.
function board(req) {
  const chess = new Chess(req.fen);
  for (const move of req.moves) playUci(chess, move);
  return chess;
}

function gameState(chess) {
  if (chess.isCheckmate()) return { state: 'checkmate', winner: chess.turn() === 'w' ? 'black' : 'white' };
  if (chess.isStalemate()) return { state: 'stalemate' };
  if (chess.isInsufficientMaterial()) return { state: 'insufficient_material' };
  return { state: 'ongoing' };
}

function drawClaims(chess) {
  // None once the game is over.
  if (gameState(chess).state !== 'ongoing') return [];
  const claims = [];
  if (chess.isThreefoldRepetition()) claims.push('threefold_repetition');
  if (chess.isDrawByFiftyMoves()) claims.push('fifty_moves');
  return claims;
}

// FIDE 9.2.1.1, 9.3.1: the claims the position after the declared move grounds, asked of
// chess.js's own repetition and clock checks on that position.
function drawClaimsWithMove(chess, move) {
  playUci(chess, move);
  return drawClaims(chess);
}

function play(chess, move) {
  try {
    playUci(chess, move);
  } catch (e) {
    return { refused: e.message };
  }
  return { played: chess.fen() };
}

// chess.js's strict mode is its SAN-specification parser; the default mode also takes long
// algebraic and over-ambiguous SAN (`Q4e1` for one of two queens on rank 4) by design.
function parseSan(chess, san) {
  try {
    return uci(chess.move(san, { strict: true }));
  } catch {
    return null;
  }
}

function attacks(chess, req) {
  if (req.by !== undefined) return SQUARES.filter((sq) => chess.isAttacked(sq, COLORS[req.by]));
  // The squares whose attackers (chess.js's own attack test) include the piece on `from`.
  const piece = chess.get(req.from);
  if (!piece) return [];
  return SQUARES.filter((sq) => chess.attackers(sq, piece.color).includes(req.from));
}

function checkers(chess) {
  const them = chess.turn() === 'w' ? 'b' : 'w';
  const [king] = chess.findPiece({ type: 'k', color: chess.turn() });
  return king ? chess.attackers(king, them) : [];
}

// Requests about a position (fen + moves): handler(chess, request).
const ON_BOARD = {
  legal_moves: (c) => c.moves({ verbose: true }).map(uci),
  in_check: (c) => c.inCheck(),
  checkers: (c) => checkers(c),
  game_state: (c) => gameState(c),
  draw_claims: (c) => drawClaims(c),
  play: (c, r) => play(c, r.move),
  san: (c, r) => playUci(c, r.move).san,
  parse_san: (c, r) => parseSan(c, r.san),
  attacks: (c, r) => attacks(c, r),
  perft: (c, r) => c.perft(r.depth),
  draw_claims_with_move: (c, r) => drawClaimsWithMove(c, r.move),
};

// Other requests: handler(request).
const HANDLERS = {
  start: () => ({ protocol: 1, name: 'chess.js', version: VERSION, capabilities: CAPABILITIES }),
  validate_fen: (r) => {
    const { ok, error } = validateFen(r.fen);
    return ok ? { valid: true } : { valid: false, reason: error };
  },
};

function answer(req) {
  if (req === null || typeof req !== 'object') return { seq: 0, error: 'a request is a JSON object' };
  const seq = req.seq ?? 0;
  const onBoard = Object.hasOwn(ON_BOARD, req.type) ? ON_BOARD[req.type] : undefined;
  const other = Object.hasOwn(HANDLERS, req.type) ? HANDLERS[req.type] : undefined;
  if (!onBoard && !other) return { seq, unsupported: `unknown request type ${JSON.stringify(req.type)}` };
  try {
    return { seq, result: onBoard ? onBoard(board(req), req) : other(req) };
  } catch (e) {
    // chess.js refused: an error verdict with its message.
    return { seq, error: `${e.name}: ${e.message}` };
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (e) {
    reply = { seq: 0, error: `not JSON: ${e.message}` };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
