#!/usr/bin/env python3
"""python-chess (PyPI `chess`) as a chess-conformance engine over docs/PROTOCOL.md: one JSON
request per line on stdin, one answer per line on stdout. Every answer comes from python-chess's
own API; the shim only translates. Run: chess-conformance run --engine
'process:python3 adapters/python_chess_shim.py'"""
import json
import sys

import chess

# Not declared, for python-chess has no API for them: touch-move, winnable, dead-position (it
# knows insufficient material only). Their requests get `unsupported`, like any unknown type.
CAPABILITIES = [
    "legal-moves", "check", "checkers", "game-state", "draw-claims", "mating-material", "play",
    "san", "parse-san", "attacks", "perft", "validate-fen", "repetition", "move-clocks",
    "insufficient-material", "fivefold", "seventy-five-moves", "claim-with-move",
]
COLORS = {"white": chess.WHITE, "black": chess.BLACK}


def board(req):
    """The position: the FEN, then the moves, each checked legal by python-chess."""
    b = chess.Board(req["fen"])
    for uci in req["moves"]:
        b.push(b.parse_uci(uci))
    return b


def game_state(b):
    # The endings in the suite's documented order (python-chess's outcome() tests insufficient
    # material before stalemate, and the 75-move rule before fivefold repetition).
    if b.is_checkmate():
        return {"state": "checkmate", "winner": "black" if b.turn == chess.WHITE else "white"}
    endings = [("stalemate", b.is_stalemate), ("insufficient_material", b.is_insufficient_material),
               ("fivefold_repetition", b.is_fivefold_repetition),
               ("seventy_five_moves", b.is_seventyfive_moves)]
    return {"state": next((state for state, ended in endings if ended()), "ongoing")}


def draw_claims(b):
    # Claims of the position as it stands, none once the game is over (python-chess's
    # can_claim_* also count a move about to be played: that is `draw_claims_with_move`).
    if b.outcome() is not None:
        return []
    return [claim for claim, holds in [("threefold_repetition", b.is_repetition(3)),
                                       ("fifty_moves", b.is_fifty_moves())] if holds]


def draw_claims_with_move(b, uci):
    # FIDE 9.2.1.1, 9.3.1: the claims the position after the declared move grounds, asked of
    # python-chess's own repetition and clock checks on that position.
    b.push(b.parse_uci(uci))
    return draw_claims(b)


def play(b, uci):
    try:
        move = b.parse_uci(uci)
    except ValueError as e:
        return {"refused": str(e)}
    b.push(move)
    return {"played": b.fen()}


def parse_san(b, san):
    try:
        return b.uci(b.parse_san(san))
    except ValueError:  # ambiguous, illegal or malformed
        return None


def attacks(b, req):
    if "from" in req:
        squares = b.attacks(chess.parse_square(req["from"]))
    else:
        color = COLORS[req["by"]]
        squares = [s for s in chess.SQUARES if b.is_attacked_by(color, s)]
    return [chess.square_name(s) for s in squares]


def perft(b, depth):
    if depth == 1:
        return b.legal_moves.count()
    nodes = 0
    for move in b.legal_moves:
        b.push(move)
        nodes += perft(b, depth - 1)
        b.pop()
    return nodes


def validate_fen(req):
    try:
        b = chess.Board(req["fen"])
    except ValueError as e:
        return {"valid": False, "reason": str(e)}
    status = b.status()
    if status == chess.STATUS_VALID:
        return {"valid": True}
    flags = [flag.name.lower() for flag in chess.Status if flag and flag in status]
    return {"valid": False, "reason": ", ".join(flags)}


# Requests about a position (fen + moves): handler(board, request).
ON_BOARD = {
    "legal_moves": lambda b, r: [b.uci(m) for m in b.legal_moves],
    "in_check": lambda b, r: b.is_check(),
    "checkers": lambda b, r: [chess.square_name(s) for s in b.checkers()],
    "game_state": lambda b, r: game_state(b),
    "draw_claims": lambda b, r: draw_claims(b),
    "mating_material": lambda b, r: {side: not b.has_insufficient_material(color)
                                     for side, color in COLORS.items()},
    "play": lambda b, r: play(b, r["move"]),
    "san": lambda b, r: b.san(b.parse_uci(r["move"])),
    "parse_san": lambda b, r: parse_san(b, r["san"]),
    "attacks": attacks,
    "perft": lambda b, r: perft(b, r["depth"]),
    "draw_claims_with_move": lambda b, r: draw_claims_with_move(b, r["move"]),
}
# Other requests: handler(request).
HANDLERS = {"validate_fen": validate_fen,
            "start": lambda r: {"protocol": 1, "name": "python-chess",
                                "version": chess.__version__, "capabilities": CAPABILITIES}}


def answer(req):
    """The answer object to one request object."""
    if not isinstance(req, dict):
        return {"seq": 0, "error": "a request is a JSON object"}
    seq, kind = req.get("seq", 0), req.get("type")
    if kind not in ON_BOARD and kind not in HANDLERS:
        return {"seq": seq, "unsupported": "unknown request type %r" % (kind,)}
    try:
        result = ON_BOARD[kind](board(req), req) if kind in ON_BOARD else HANDLERS[kind](req)
        return {"seq": seq, "result": result}
    except Exception as e:  # the library refused: an error verdict with its message
        return {"seq": seq, "error": "%s: %s" % (type(e).__name__, e)}


if __name__ == "__main__":
    for line in sys.stdin:
        try:
            reply = answer(json.loads(line))
        except ValueError as e:
            reply = {"seq": 0, "error": "not JSON: %s" % e}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
