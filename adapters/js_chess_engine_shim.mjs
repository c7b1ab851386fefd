#!/usr/bin/env node
// js-chess-engine (npm `js-chess-engine`; 1.0.3, the last version for Node 20: 2.x needs Node
// 24) as a chess-conformance engine, on the protocol helper beside it; every answer from its
// `Game` API (`moves`, `move`, `exportJson`, `exportFEN`). Its moves are `{from: [to, ...]}` in
// upper case; a pawn reaching the last rank always becomes a queen (its README), so its
// promotions are written `e7e8q` and a position reached by an underpromotion is unsupported.
// It has no SAN, no checkers or attack query, no FEN validity test, no draw of any kind but
// stalemate (no insufficient material, repetition, fifty or seventy-five moves), no touch-move
// and no winnability. No perft either: a walk over its moves (each node replayed from the FEN,
// each move tried on a copy of the board) took 3 minutes for the 36 hand-written perft cases.
// Run: (cd adapters && npm ci), then chess-conformance run --engine 'process:node adapters/js_chess_engine_shim.mjs'
import { readFileSync } from 'node:fs';
import jsChessEngine from 'js-chess-engine';
import { Shim, Unsupported } from './chess-conformance-shim.mjs';

const { Game } = jsChessEngine;

// Whether js-chess-engine's move from `from` to `to` promotes: a pawn of its board reaching the
// last rank (the library then puts a queen there).
function promotes(pieces, from, to) {
  return (pieces[from] === 'P' && to[1] === '8') || (pieces[from] === 'p' && to[1] === '1');
}

function legalMoves(game) {
  const { moves, pieces } = game.exportJson(); // its moves, as `Game.moves()` gives them
  return Object.entries(moves).flatMap(([from, dests]) => dests.map((to) =>
    (from + to).toLowerCase() + (promotes(pieces, from, to) ? 'q' : '')));
}

// A UCI move played with js-chess-engine's `Game.move`, which throws on a move not in its
// moves; a promotion must name its piece, and the library makes only queens.
function play(game, uci) {
  const [from, to, promotion] = [uci.slice(0, 2).toUpperCase(), uci.slice(2, 4).toUpperCase(), uci.slice(4)];
  const legal = game.moves(from).includes(to);
  const lastRank = to[1] === '8' || to[1] === '1'; // (exportJson generates every move: only then)
  const promoting = legal && lastRank && promotes(game.exportJson().pieces, from, to);
  if (!legal || uci.length > 5 || promoting !== (promotion !== '')) {
    throw new Error(`${uci} is not a legal move in ${game.exportFEN()}`);
  }
  if (promoting && promotion !== 'q') {
    throw new QueenOnly(`js-chess-engine promotes to a queen only, not by ${uci}`);
  }
  game.move(from, to);
}

// An under-promotion the library cannot make: asked to play one, it refuses (a rule it breaks,
// FIDE 3.7.5.4: a failure); a history that holds one reaches a position it cannot set up (the
// case's other questions are skipped, not failed for that).
class QueenOnly extends Error {}

// The game after a history (the helper's `play=`/`fen=` form would make an under-promotion in a
// history a crash, and the `play` question's QueenOnly an error rather than a refusal).
function position(fen, moves) {
  const game = new Game(fen);
  for (const uci of moves) {
    try {
      play(game, uci);
    } catch (e) {
      if (e instanceof QueenOnly) throw new Unsupported(e.message);
      throw e;
    }
  }
  return game;
}

// The `play` question: the FEN after the move, or the library's refusal (its own error, or
// QueenOnly); Unsupported is passed on.
function playQuestion(game, { move }) {
  try {
    play(game, move);
  } catch (e) {
    if (e instanceof Unsupported) throw e;
    return { refused: e instanceof Error ? e.message : String(e) };
  }
  return { played: game.exportFEN() };
}

function gameState(game) {
  const { checkMate, isFinished, turn } = game.exportJson();
  if (checkMate) return { state: 'checkmate', winner: turn === 'white' ? 'black' : 'white' };
  return { state: isFinished ? 'stalemate' : 'ongoing' };
}

// The package's own package.json (it has no `exports` map to ask through).
const version = JSON.parse(readFileSync(new URL('./node_modules/js-chess-engine/package.json', import.meta.url))).version;
const shim = new Shim({
  name: 'js-chess-engine', version, position,
});
shim.questions({
  play: playQuestion,
  legal_moves: legalMoves,
  in_check: (game) => game.exportJson().check,
  game_state: gameState,
});
await shim.serve();
