#!/usr/bin/env python3
"""Chessnut (PyPI `chessnut`) as a chess-conformance engine, on the protocol helper beside it;
every answer from Chessnut's own API: `Game(fen)`, `Game.apply_move` (which checks a move against
`get_moves` and raises `InvalidMove`, so it answers `play`), `Game.get_fen`, `Game.get_moves` and
`Game.status` (normal, check, checkmate, stalemate).
Chessnut has no checkers, attacks, SAN, FEN validation, draw claims or draw rules (insufficient
material, repetitions, move clocks), so none of those is declared and their cases are skipped.
It has no perft either: the shim walks get_moves, to depth 2 only (deeper counts are skipped).
Run: chess-conformance run --engine 'process:python3 adapters/chessnut_shim.py'"""
from importlib.metadata import version

from Chessnut import Game
from chess_conformance_shim import Shim, Unsupported

shim = Shim("chessnut", version("chessnut"), position=Game, play=Game.apply_move,
            fen=Game.get_fen)
OTHER = {"w": "black", "b": "white"}  # the side that did not move: the winner when mated

shim.questions(
    legal_moves=lambda game, r: game.get_moves(),
    in_check=lambda game, r: game.status in (Game.CHECK, Game.CHECKMATE),
)

@shim.question
def game_state(game, r):
    status = game.status
    if status == Game.CHECKMATE:
        return {"state": "checkmate", "winner": OTHER[game.state.player]}
    return {"state": "stalemate" if status == Game.STALEMATE else "ongoing"}

PERFT_DEPTH = 2  # deeper walks take seconds to minutes each (docs/findings/chessnut.md)

@shim.question
def perft(game, r, depth=None):
    # Chessnut has no perft and no undo: a walk over get_moves, each child a new Game from the
    # parent's FEN, moved by apply_move.
    if depth is None and r["depth"] > PERFT_DEPTH:
        raise Unsupported("chessnut: perft deeper than %d is not asked (a walk over "
                          "Game.get_moves takes seconds to minutes per count)" % PERFT_DEPTH)
    depth = depth or r["depth"]
    moves = game.get_moves()
    if depth == 1:
        return len(moves)
    nodes = 0
    for move in moves:
        child = Game(game.get_fen())
        child.apply_move(move)
        nodes += perft(child, r, depth - 1)
    return nodes

shim.serve()
