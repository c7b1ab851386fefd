#!/usr/bin/env python3
"""A chess-conformance shim for your chess library (written by `chess-conformance init`).

It runs as it is, and every case is skipped ("TODO: ..."):

    chess-conformance run --engine 'process:python3 SHIM_PATH'

Replace each TODO with your library's call, one question at a time: a question that answers
is judged (pass or fail), the others stay skipped. Delete the function of a question your
library has no API for: it is then not declared, and its cases are skipped as "not declared".
What each question means: docs/PROTOCOL.md and docs/CASES.md of chess-conformance. The protocol
itself (the JSON lines, the handshake, errors, a clean stdout) is the helper beside this file,
chess_conformance_shim.py: keep the two files together.
"""
from chess_conformance_shim import Shim, Unsupported, package_version

# TODO: import mylib


def position(fen, variant=None):
    """The position of `fen` (six fields). The helper then plays each UCI move of the request's
    history with `play` below. `variant` is "chess960" in a Chess960 game (only once you declare
    "chess960" below; None otherwise): the FEN's castling rights are then X-FEN or Shredder-FEN
    letters, and castling in the moves (and in every answer) is the king taking its own rook,
    `f1h1`; in standard chess it is the king's move, `e1g1`."""
    # TODO: return mylib.Board(fen, chess960=variant == "chess960")
    raise Unsupported("TODO: position")


def play(board, uci):
    """Plays one UCI move (`e2e4`, `e7e8q`) on `board` with your library's own legality check,
    raising its own error (REFUSAL below) when the move is illegal."""
    # TODO: board.push_uci(uci)
    raise Unsupported("TODO: play")


def fen(board):
    """The FEN of `board`. If your library keeps no halfmove clock or move number, declare
    conventions={"clocks": False} below: the clocks are then not compared (a FEN of four fields
    gets `0 1`), and the fifty- and seventy-five-move cases are skipped with that reason."""
    # TODO: return board.fen()
    raise Unsupported("TODO: fen")


# The exception your library raises to refuse: an illegal move, a SAN that denotes no move. Only
# that is a refusal. Anything else it raises (IndexError, KeyError, TypeError, ...) is a crash in
# the library, and must stay one: the helper answers it as an error verdict naming it. Catching
# every exception as a refusal would turn each crash into a right-looking answer ("refused", "no
# such move") and hide the bug.
REFUSAL = ValueError  # TODO: mylib.IllegalMoveError

# With `play` and `fen`, the helper answers the `play` question itself: the FEN after the move,
# or "refused" when `play` raises REFUSAL (anything else: an error verdict).
shim = Shim("my-chess-library", package_version("my-chess-library", "0.0.0"),
            position=position, play=play, fen=fen, refusal=REFUSAL, rules=[
    # The rules inside the answers that your library implements (docs/PROTOCOL.md); a case that
    # expects one it does not is skipped:
    # "repetition", "move-clocks", "insufficient-material", "dead-position", "fivefold",
    # "seventy-five-moves",
    # "pieces" if it plays positions of pieces beyond the standard six (docs/CASES.md),
    # and "chess960" if it plays Chess960 (FIDE Guidelines II): `position` then gets `variant`.
],
    # castling="king-takes-rook",      # if your library writes castling as e1h1 in every game
    # conventions={"clocks": False},   # if it keeps no halfmove clock or move number
)


@shim.question
def legal_moves(board, request):
    """Every legal move, in UCI: ["e2e4", ...] (any order)."""
    raise Unsupported("TODO: legal_moves")  # TODO: [m.uci() for m in board.legal_moves()]


@shim.question
def in_check(board, request):
    """Whether the side to move is in check: True or False."""
    raise Unsupported("TODO: in_check")


@shim.question
def checkers(board, request):
    """The squares of the pieces giving check: ["e7"], or []."""
    raise Unsupported("TODO: checkers")


@shim.question
def game_state(board, request):
    """{"state": S}, S one of ongoing, stalemate, insufficient_material, dead_position,
    fivefold_repetition, seventy_five_moves; or {"state": "checkmate", "winner": "white"}."""
    raise Unsupported("TODO: game_state")


@shim.question
def draw_claims(board, request):
    """The draws the player to move may claim now: a subset of ["threefold_repetition",
    "fifty_moves"]; [] when the game is over."""
    raise Unsupported("TODO: draw_claims")


@shim.question
def mating_material(board, request):
    """{"white": bool, "black": bool}: could each side still mate by some series of moves."""
    raise Unsupported("TODO: mating_material")


@shim.question
def san(board, request):
    """The SAN of the legal UCI move request["move"], with + or #: "Nf3", "O-O", "e8=Q+"."""
    raise Unsupported("TODO: san")


@shim.question
def parse_san(board, request):
    """The UCI move request["san"] denotes, or None (ambiguous, illegal, malformed)."""
    raise Unsupported("TODO: parse_san")
    # try:
    #     move = board.parse_san(request["san"])
    # except REFUSAL:  # the library's own refusal: the SAN denotes no legal move
    #     return None
    # return move.uci()  # anything else it raised is a crash: an error verdict, not a None


@shim.question
def attacks(board, request):
    """The squares attacked by the side request["by"] ("white", "black") or, without "by", by
    the piece on request["from"]: pins ignored, rays up to and including the first piece, pawns
    by their diagonals. ["d1", ...]"""
    raise Unsupported("TODO: attacks")


@shim.question
def perft(board, request):
    """The number of leaves of the legal move tree of depth request["depth"] (at least 1)."""
    raise Unsupported("TODO: perft")


@shim.question
def validate_fen(request):
    """Whether your library accepts request["fen"], a FEN alone (no position is built; it may
    be invalid on purpose): {"valid": True}, or {"valid": False, "reason": "..."}. A Chess960
    FEN comes with request["variant"] == "chess960"."""
    raise Unsupported("TODO: validate_fen")


@shim.question
def draw_claims_with_move(board, request):
    """The draws the player to move may claim by declaring the legal move request["move"]
    before playing it (FIDE 9.2.1.1, 9.3.1): those of the position it makes; [] if it ends
    the game."""
    raise Unsupported("TODO: draw_claims_with_move")


@shim.question
def touch_move(board, request):
    """Touch-move (FIDE Article 4): after request["events"] ("touch e1", "release e1 on g1",
    ...), the moves the player may still make: "any", or the exact list."""
    raise Unsupported("TODO: touch_move")


@shim.question
def winnable(board, request):
    """Whether request["side"] could still checkmate by some series of legal moves:
    "winnable", "unwinnable", or "undetermined"."""
    raise Unsupported("TODO: winnable")


shim.serve()
