#!/usr/bin/env python3
"""python-chess (PyPI `chess`) as a chess-conformance engine, on the protocol helper beside it;
every answer from python-chess's own API (it has none for touch-move, winnable, dead positions).
Moves are played by push_uci, which checks them legal (and so answers `play`). A Chess960
request's board is python-chess's own Chess960 mode, `chess.Board(fen, chess960=True)`: it reads
X-FEN and Shredder-FEN, writes X-FEN (`fen()`), and castles king-takes-rook (`f1h1`, by `uci()`).
Run: chess-conformance run --engine 'process:python3 adapters/python_chess_shim.py'

Older releases (0.23 onwards; `PYTHONPATH=FOLDER` of a `pip install --target FOLDER` picks one):
an answer whose API a release lacks is `unsupported`, naming what is missing, never an error."""
import chess
from chess_conformance_shim import CHESS960, Shim, Unsupported

RULES = ["repetition", "move-clocks", "insufficient-material", "fivefold", "seventy-five-moves",
         "chess960"]
board = lambda fen, variant=None: chess.Board(fen, chess960=variant == CHESS960)
shim = Shim("python-chess", chess.__version__, position=board, play=chess.Board.push_uci,
            fen=chess.Board.fen, rules=RULES)
COLORS = {"white": chess.WHITE, "black": chess.BLACK}


def need(owner, name):
    """`owner.name`, or `unsupported` naming it when this release of python-chess lacks it."""
    found = getattr(owner, name, None)
    if found is None:
        where = "chess.Board" if owner is chess.Board or isinstance(owner, chess.Board) else "chess"
        raise Unsupported("python-chess %s has no %s.%s" % (chess.__version__, where, name))
    return found


# SQUARE_NAMES is in every release; square_name and parse_square came later.
names = lambda squares: [chess.SQUARE_NAMES[s] for s in squares]
shim.questions(
    legal_moves=lambda b, r: [b.uci(m) for m in b.legal_moves],
    in_check=lambda b, r: b.is_check(),
    checkers=lambda b, r: names(need(b, "checkers")()),
    san=lambda b, r: b.san(b.parse_uci(r["move"])),
    mating_material=lambda b, r: {s: not need(b, "has_insufficient_material")(c)
                                  for s, c in COLORS.items()},
    attacks=lambda b, r: names(b.attacks(chess.SQUARE_NAMES.index(r["from"])) if "from" in r else
                               [s for s in chess.SQUARES if b.is_attacked_by(COLORS[r["by"]], s)]),
)

@shim.question
def game_state(b, r):  # in the suite's order of endings (python-chess's outcome() has another)
    if b.is_checkmate():
        return {"state": "checkmate", "winner": "black" if b.turn == chess.WHITE else "white"}
    endings = [("stalemate", b.is_stalemate), ("insufficient_material", b.is_insufficient_material),
               ("fivefold_repetition", b.is_fivefold_repetition),
               ("seventy_five_moves", b.is_seventyfive_moves)]
    return {"state": next((state for state, ended in endings if ended()), "ongoing")}
@shim.question
def draw_claims(b, r):  # as the position stands (python-chess's can_claim_* count a next move)
    claims = [("threefold_repetition", need(b, "is_repetition")(3)),
              ("fifty_moves", need(b, "is_fifty_moves")())]
    # is_game_over() is outcome() is not None where outcome() exists (1.5 onwards).
    return [] if b.is_game_over() else [claim for claim, holds in claims if holds]
@shim.question
def draw_claims_with_move(b, r):  # FIDE 9.2.1.1, 9.3.1: the claims of the position it makes
    b.push_uci(r["move"])
    return draw_claims(b, r)
@shim.question
def parse_san(b, r):
    try:
        return b.uci(b.parse_san(r["san"]))
    except ValueError:  # ambiguous, illegal or malformed
        return None
@shim.question
def perft(b, r, depth=None):
    depth = depth or r["depth"]
    if depth == 1:
        return b.legal_moves.count()
    nodes = 0
    for move in b.legal_moves:
        b.push(move)
        nodes += perft(b, r, depth - 1)
        b.pop()
    return nodes
@shim.question
def validate_fen(r):
    try:
        status = board(r["fen"], r.get("variant")).status()
    except ValueError as e:
        return {"valid": False, "reason": str(e)}
    if hasattr(chess, "Status"):
        flags = ", ".join(flag.name.lower() for flag in chess.Status if flag and flag in status)
    else:  # before 0.24 (1.0's Status), an int of the STATUS_ constants' bits
        flags = ", ".join(name[len("STATUS_"):].lower() for name in sorted(dir(chess))
                          if name.startswith("STATUS_") and getattr(chess, name) & status)
    return {"valid": False, "reason": flags} if flags else {"valid": True}

shim.serve()
