#!/usr/bin/env python3
"""Fairy-Stockfish, through its Python binding pyffish (PyPI `pyffish`), as a chess-conformance
engine for standard chess, on the protocol helper beside it; every answer from pyffish's own API.

pyffish is stateless: each call takes the variant, a FEN and the moves played from it. Its traps,
each turned into a clear answer here: a variant name it does not know crashes the process
(SIGSEGV), so only "chess" and the one variant loaded below are ever passed; a move list holding
an illegal move makes legal_moves and the others raise SystemError, so every history is checked
first by `get_san_moves`, which raises a ValueError naming the move, answered as an error;
`validate_fen` writes a diagnostic from C++ for each FEN it rejects (to stderr in 0.0.90), and
file descriptor 1 goes to stderr before pyffish is loaded (`clean_stdout`), so that nothing a
build writes to stdout can reach the protocol's.

Not declared: `checkers`, `attacks`, `parse-san` (pyffish has no call for them), `touch-move`,
`winnable`, and the rules `fivefold`, `seventy-five-moves` and `dead-position` (Fairy-Stockfish
has no automatic end of the game by them).
Run: chess-conformance run --engine 'process:python3 adapters/pyffish_shim.py'"""
import functools

from chess_conformance_shim import Shim, Unsupported, clean_stdout

clean_stdout()
import pyffish as sf  # noqa: E402 (after the stdout is kept clean)

CHESS = "chess"
# pyffish's is_optional_game_end answers the fifty-move and the threefold claims in one flag.
# The threefold claim alone is asked of chess with the n-move rule off (Fairy-Stockfish's own
# variant configuration: a copy of chess, `nMoveRule = 0`); the fifty-move claim alone of the FEN
# after the moves, which has no history to repeat.
NO_FIFTY = "chess-no-fifty-move-rule"
sf.load_variant_config("[%s:chess]\nnMoveRule = 0\n" % NO_FIFTY)
if NO_FIFTY not in sf.variants():  # never pass a name pyffish does not know
    raise SystemExit("pyffish did not load the variant %s" % NO_FIFTY)
# Fairy-Stockfish's FenValidation codes (src/apiutil.h); pyffish exports FEN_OK only.
FEN_ERRORS = {
    0: "empty", -1: "invalid move counter", -2: "invalid half-move counter",
    -3: "invalid number of kings", -4: "invalid en passant square", -5: "invalid castling info",
    -6: "invalid side to move", -7: "invalid pocket info", -8: "invalid board geometry",
    -9: "touching kings", -10: "invalid character", -11: "invalid number of parts",
    -12: "invalid promoted piece", -13: "invalid check count", -14: "invalid counting rule",
}


class Position:
    """A FEN and the moves played from it, each checked legal by pyffish."""

    def __init__(self, fen, moves):
        self.fen, self.moves = fen, list(moves)

    def legal(self, path=()):
        return sf.legal_moves(CHESS, self.fen, self.moves + list(path))


def fen_problem(fen):
    """Why pyffish's validate_fen rejects `fen`, or None when it accepts it."""
    code = sf.validate_fen(fen, CHESS)
    if code == sf.FEN_OK:
        return None
    return "%s (validate_fen %d)" % (FEN_ERRORS.get(code, "rejected"), code)


@functools.lru_cache(maxsize=4096)
def checked(fen, moves):
    """`fen` is accepted by validate_fen and every move of `moves` (a tuple) is legal where it is
    played: pyffish may crash on a FEN it cannot read, and its legal_moves, get_fen and the
    others raise SystemError on an illegal move; get_san_moves checks a whole history in one call
    (each pyffish call costs milliseconds: it sets the variant up again) and raises ValueError
    naming the first illegal move."""
    problem = fen_problem(fen)
    if problem:
        raise ValueError("pyffish.validate_fen rejects %s: %s" % (fen, problem))
    if moves:
        try:
            sf.get_san_moves(CHESS, fen, list(moves))
        except ValueError as e:
            raise ValueError("the history from %s holds an illegal move (pyffish.get_san_moves: %s)"
                             % (fen, e)) from None


def position(fen, moves):
    checked(fen, tuple(moves))
    return Position(fen, moves)


def legal_move(p, move):
    if move not in p.legal():
        raise ValueError("%s is not among pyffish.legal_moves" % move)
    return move


shim = Shim("Fairy-Stockfish (pyffish)", "%d.%d.%d" % sf.version(),
            position=position, rules=["repetition", "move-clocks", "insufficient-material"])


def white_to_move(p):
    return sf.get_fen(CHESS, p.fen, p.moves).split()[1] == "w"


def insufficient(p):
    """(white, black): whether each side lacks the material to mate, by pyffish."""
    return sf.has_insufficient_material(CHESS, p.fen, p.moves)


def game_over(p):
    return not p.legal() or all(insufficient(p))


shim.questions(
    legal_moves=lambda p, r: p.legal(),
    in_check=lambda p, r: sf.gives_check(CHESS, p.fen, p.moves),  # the side to move is in check
    mating_material=lambda p, r: dict(zip(("white", "black"),
                                          (not lacks for lacks in insufficient(p)))),
    san=lambda p, r: sf.get_san(CHESS, sf.get_fen(CHESS, p.fen, p.moves), legal_move(p, r["move"])),
)


@shim.question
def play(p, r):
    if r["move"] not in p.legal():
        return {"refused": "%s is not among pyffish.legal_moves" % r["move"]}
    return {"played": sf.get_fen(CHESS, p.fen, p.moves + [r["move"]])}


@shim.question
def game_state(p, r):  # in the suite's order: checkmate, stalemate, insufficient material
    ended, value = sf.is_immediate_game_end(CHESS, p.fen, p.moves)
    if ended:  # no rule of standard chess ends the game this way in Fairy-Stockfish
        raise ValueError("is_immediate_game_end gives (True, %d), a variant's ending" % value)
    if not p.legal():
        value = sf.game_result(CHESS, p.fen, p.moves)  # from the side to move's point of view
        if value == -sf.VALUE_MATE:
            return {"state": "checkmate", "winner": "black" if white_to_move(p) else "white"}
        if value == sf.VALUE_DRAW:
            return {"state": "stalemate"}
        raise ValueError("game_result %d with no legal move" % value)
    if all(insufficient(p)):
        return {"state": "insufficient_material"}
    return {"state": "ongoing"}


@shim.question
def draw_claims(p, r):  # as the position stands
    if game_over(p):
        return []
    claims = []
    if sf.is_optional_game_end(NO_FIFTY, p.fen, p.moves)[0]:
        claims.append("threefold_repetition")
    if sf.is_optional_game_end(CHESS, sf.get_fen(CHESS, p.fen, p.moves), [])[0]:
        claims.append("fifty_moves")
    return claims


@shim.question
def draw_claims_with_move(p, r):  # FIDE 9.2.1.1, 9.3.1: the claims of the position it makes
    return draw_claims(Position(p.fen, p.moves + [legal_move(p, r["move"])]), r)


# pyffish has no perft: the shim counts the leaves of legal_moves' tree, one call (a millisecond
# or more: pyffish sets the variant up again each time) per inner node. Depth 2 is at most a few
# dozen calls; the deeper counts of the catalogue are thousands each (Kiwipete's depth 3: 2,088
# calls, 4 s), ten minutes of CPU over the whole catalogue, and are not asked.
PERFT_DEPTH = 2


@shim.question
def perft(p, r):  # leaves of pyffish's legal move tree
    if r["depth"] > PERFT_DEPTH:
        raise Unsupported("pyffish has no perft, and a walk over legal_moves deeper than %d "
                          "takes seconds per count (one call per inner node)" % PERFT_DEPTH)

    def count(path, depth):
        moves = p.legal(path)
        if depth == 1:
            return len(moves)
        return sum(count(path + [m], depth - 1) for m in moves)
    return count([], r["depth"])


@shim.question
def validate_fen(r):
    problem = fen_problem(r["fen"])
    return {"valid": False, "reason": problem} if problem else {"valid": True}


shim.serve()
