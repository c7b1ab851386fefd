#!/usr/bin/env python3
"""Fairy-Stockfish, through its Python binding pyffish (PyPI `pyffish`), as a chess-conformance
engine for standard chess and for positions holding pieces beyond the six (the request's
`pieces`, capability `pieces`), on the protocol helper beside it; every answer from pyffish's own
API.

pyffish is stateless: each call takes the variant, a FEN and the moves played from it. Its traps,
each turned into a clear answer here: a variant name it does not know crashes the process
(SIGSEGV), so only "chess" and the variants loaded here, each found in `variants()` first, are
ever passed; a move list holding an illegal move makes legal_moves and the others raise
SystemError, so every history is checked first by `get_san_moves`, which raises a ValueError
naming the move, answered as an error;
`validate_fen` writes a diagnostic from C++ for each FEN it rejects (to stderr in 0.0.90), and
file descriptor 1 goes to stderr before pyffish is loaded (`clean_stdout`), so that nothing a
build writes to stdout can reach the protocol's.

Pieces beyond the six: a request's `pieces` (letter, name, Betza notation) becomes a variant of
chess, one per piece set, loaded once with `load_variant_config` (`customPieceN = letter:betza`)
and used only once `variants()` lists it. pyffish 0.0.90 reads more Betza than it moves: a rider
of any atom but W, F and N (`AA`, `DD`, `A2`, `CC`...) loads and then has no move at all, a range
after a doubled atom (`NN2`) is ignored, an unknown atom (`QX`) loads silently, and a custom
letter of the standard six (`n:F`) quietly redefines that piece. So the notation is read here
(the subset of src/fairy/betza.rs), written again in the forms it moves (`R`, `B`, `NN`, an atom
and its range, a leaper's atom), anything else is answered `unsupported`, a letter of the six is
an error, and each new piece is checked on an empty board (from d4 and from a1) against the
squares its notation gives before the variant is used.
Its has_insufficient_material counts any such piece as mating material (a lone ferz or alfil
too, which can never mate): the answers are its own, and the cases say where that is wrong.

Chess960 (declared: `chess960`): a Chess960 request's position is played in chess with pyffish's
own trailing `chess960` flag, given to every call (it sets Fairy-Stockfish's UCI_Chess960):
castling is then king-takes-rook (`f1h1`) in its moves, and `get_fen` writes the rights as file
letters (`HBhb`, Shredder-FEN).

Not declared: `checkers`, `attacks`, `parse-san` (pyffish has no call for them), `touch-move`,
`winnable`, and the rules `fivefold`, `seventy-five-moves` and `dead-position` (Fairy-Stockfish
has no automatic end of the game by them).
Run: chess-conformance run --engine 'process:python3 adapters/pyffish_shim.py'"""
import functools
import re

from chess_conformance_shim import CHESS960, Shim, Unsupported, clean_stdout

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


# The subset of Betza's notation the suite's pieces use (src/fairy/betza.rs): atoms, a doubled
# atom rides, a number after an atom or a shorthand is the longest ride (0: no limit).
ATOMS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0),
         "C": (3, 1), "Z": (3, 2), "G": (3, 3)}
SHORTHANDS = {"R": (("W", True),), "B": (("F", True),), "Q": (("W", True), ("F", True)),
              "K": (("W", False), ("F", False))}
UNLIMITED = 7
# The atoms pyffish 0.0.90 rides (a rider of any other loads and then never moves), and how it
# is written to ride without limit.
RIDERS = {"W": "R", "F": "B", "N": "NN"}
STANDARD = "pnbrqk"


def read_betza(notation):
    """{atom: longest ride} of a notation of the subset; Unsupported for anything else."""
    if not isinstance(notation, str) or not notation:
        raise Unsupported("the Betza notation %r is not one of the subset read here" % (notation,))
    ranges, i = {}, 0
    while i < len(notation):
        c = notation[i]
        if c in ATOMS:
            rides = notation[i + 1:i + 2] == c
            group = ((c, rides),)
            i += 2 if rides else 1
        elif c in SHORTHANDS:
            group = SHORTHANDS[c]
            i += 1
        else:
            raise Unsupported("Betza `%s`, character %d (`%s`): not an atom, a doubling or a "
                              "range of the subset read here" % (notation, i + 1, c))
        digits = re.match(r"\d*", notation[i:]).group()
        i += len(digits)
        limit = int(digits) if digits else None
        if limit is not None and limit > UNLIMITED:
            raise Unsupported("Betza `%s`: the range %d is longer than the board" % (notation, limit))
        for atom, rides in group:
            steps = (limit or UNLIMITED) if limit is not None else (UNLIMITED if rides else 1)
            ranges[atom] = max(ranges.get(atom, 0), steps)
    return ranges


def fsf_betza(notation):
    """The notation written in the forms pyffish 0.0.90 moves as the subset means them."""
    parts = []
    for atom, steps in sorted(read_betza(notation).items()):
        if steps == 1:
            parts.append(atom)
        elif atom not in RIDERS:
            raise Unsupported("pyffish 0.0.90 has no %s rider (`%s`): it loads one and then "
                              "never moves it" % (atom, notation))
        else:
            parts.append(RIDERS[atom] if steps == UNLIMITED else "%s%d" % (atom, steps))
    return "".join(parts)


def targets(notation, square, stops):
    """The squares the piece of `notation` on `square` (file, rank) reaches, a ride ending on the
    first of `stops` (occupied squares)."""
    reached = set()
    for atom, steps in read_betza(notation).items():
        x, y = ATOMS[atom]
        for df, dr in {(a * sa, b * sb) for a, b in ((x, y), (y, x)) for sa in (1, -1)
                       for sb in (1, -1)}:
            f, r = square
            for _ in range(steps):
                f, r = f + df, r + dr
                if not (0 <= f < 8 and 0 <= r < 8):
                    break
                reached.add((f, r))
                if (f, r) in stops:
                    break
    return reached


def square_name(square):
    return "abcdefgh"[square[0]] + str(square[1] + 1)


def fen_of(placed, turn="w"):
    """A FEN of the pieces `placed` ({(file, rank): letter}), nobody's rights."""
    ranks = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            letter = placed.get((f, r))
            if letter is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letter
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + " %s - - 0 1" % turn


def probe(variant, letter, notation):
    """Checks that pyffish moves White's piece `letter` as `notation` says, from d4 and from a1
    of a board holding only it and the kings (on squares it does not reach)."""
    for square in ((3, 3), (0, 0)):
        free = [(f, r) for r in range(8) for f in range(8)
                if (f, r) != square and (f, r) not in targets(notation, square, ())]
        kings = next(((w, b) for w in free for b in free
                      if max(abs(w[0] - b[0]), abs(w[1] - b[1])) > 1), None)
        if kings is None:
            continue  # it reaches nearly every square: the other square tells
        fen = fen_of({square: letter.upper(), kings[0]: "K", kings[1]: "k"})
        want = {square_name(s) for s in targets(notation, square, set(kings))}
        got = {m[2:4] for m in sf.legal_moves(variant, fen, []) if m[:2] == square_name(square)}
        if got != want:
            raise Unsupported("pyffish does not move `%s` (written `%s`) as the notation says: in "
                              "%s it has %s, the notation %s" % (notation, fsf_betza(notation), fen,
                                                                 sorted(got), sorted(want)))


@functools.lru_cache(maxsize=64)
def variant_of(pieces):
    """The name of a variant of chess holding `pieces` (a tuple of (letter, betza)), loaded and
    probed once; CHESS for none. Unsupported for a notation pyffish cannot move; ValueError for
    a request whose letters are not single letters outside the six, or repeat."""
    if not pieces:
        return CHESS
    lines = []
    for number, (letter, notation) in enumerate(pieces, 1):
        if not (isinstance(letter, str) and len(letter) == 1 and "a" <= letter <= "z"):
            raise ValueError("the piece letter %r is not one lower-case letter" % (letter,))
        if letter in STANDARD:
            raise ValueError("the piece letter %r is one of the six (%s): pyffish would quietly "
                             "redefine that piece" % (letter, STANDARD))
        lines.append("customPiece%d = %s:%s" % (number, letter, fsf_betza(notation)))
    letters = [letter for letter, _ in pieces]
    if len(set(letters)) != len(letters):
        raise ValueError("a piece letter is given twice: %s" % ", ".join(letters))
    name = "cc-%s" % "-".join("%s%s" % (letter, fsf_betza(n)) for letter, n in pieces)
    body = "\n".join(lines)
    if name not in sf.variants() or no_fifty(name) not in sf.variants():
        sf.load_variant_config("[%s:chess]\n%s\n[%s:chess]\nnMoveRule = 0\n%s\n"
                               % (name, body, no_fifty(name), body))
    if name not in sf.variants() or no_fifty(name) not in sf.variants():
        # never pass a name pyffish does not know: it crashes
        raise Unsupported("pyffish did not load the variant %s (%s)" % (name, "; ".join(lines)))
    for letter, notation in pieces:
        probe(name, letter, notation)
    return name


def no_fifty(variant):
    """`variant` without the fifty-move rule, for the threefold claim alone."""
    return NO_FIFTY if variant == CHESS else variant + "-no-fifty-move-rule"


def request_variant(request):
    """The variant a request is about: chess, or the one of its `pieces`."""
    pieces = request.get("pieces") or []
    if not isinstance(pieces, list) or not all(isinstance(p, dict) for p in pieces):
        raise ValueError("`pieces` is not a list of objects")
    return variant_of(tuple(sorted((p.get("letter"), p.get("betza")) for p in pieces)))


class PiecesShim(Shim):
    """The helper's shim, with the request's `pieces` turned into the variant its position is
    played in (`self.variant`) before the position is built."""

    variant = CHESS

    def answer(self, request):
        if isinstance(request, dict) and request.get("type") != "start":
            seq = request.get("seq", 0)
            try:
                self.variant = request_variant(request)
            except Unsupported as e:
                return {"seq": seq, "unsupported": str(e)}
            except Exception as e:
                return {"seq": seq, "error": "%s: pieces: %s: %s"
                        % (request.get("type"), type(e).__name__, e)}
        return super().answer(request)


class Position:
    """A FEN and the moves played from it, each checked legal by pyffish, in a variant (chess or
    one holding the request's pieces), in Chess960 mode or not (`chess960`, pyffish's flag)."""

    def __init__(self, fen, moves, variant=CHESS, chess960=False):
        self.fen, self.moves, self.variant, self.chess960 = fen, list(moves), variant, chess960

    def legal(self, path=()):
        return sf.legal_moves(self.variant, self.fen, self.moves + list(path), self.chess960)


def fen_problem(fen, variant=CHESS, chess960=False):
    """Why pyffish's validate_fen rejects `fen` in `variant` (in Chess960 mode with `chess960`),
    or None when it accepts it."""
    code = sf.validate_fen(fen, variant, chess960)
    if code == sf.FEN_OK:
        return None
    return "%s (validate_fen %d)" % (FEN_ERRORS.get(code, "rejected"), code)


@functools.lru_cache(maxsize=4096)
def checked(fen, moves, variant, chess960):
    """`fen` is accepted by validate_fen and every move of `moves` (a tuple) is legal where it is
    played: pyffish may crash on a FEN it cannot read, and its legal_moves, get_fen and the
    others raise SystemError on an illegal move; get_san_moves checks a whole history in one call
    (each pyffish call costs milliseconds: it sets the variant up again) and raises ValueError
    naming the first illegal move."""
    problem = fen_problem(fen, variant, chess960)
    if problem:
        raise ValueError("pyffish.validate_fen rejects %s: %s" % (fen, problem))
    if moves:
        try:
            sf.get_san_moves(variant, fen, list(moves), chess960)
        except ValueError as e:
            raise ValueError("the history from %s holds an illegal move (pyffish.get_san_moves: %s)"
                             % (fen, e)) from None


def position(fen, moves, variant=None):
    chess960 = variant == CHESS960
    checked(fen, tuple(moves), shim.variant, chess960)
    return Position(fen, moves, shim.variant, chess960)


def legal_move(p, move):
    if move not in p.legal():
        raise ValueError("%s is not among pyffish.legal_moves" % move)
    return move


shim = PiecesShim("Fairy-Stockfish (pyffish)", "%d.%d.%d" % sf.version(),
                  position=position,
                  rules=["repetition", "move-clocks", "insufficient-material", "pieces",
                         "chess960"])


def white_to_move(p):
    return sf.get_fen(p.variant, p.fen, p.moves, p.chess960).split()[1] == "w"


def insufficient(p):
    """(white, black): whether each side lacks the material to mate, by pyffish."""
    return sf.has_insufficient_material(p.variant, p.fen, p.moves, p.chess960)


def game_over(p):
    return not p.legal() or all(insufficient(p))


shim.questions(
    legal_moves=lambda p, r: p.legal(),
    # the side to move is in check
    in_check=lambda p, r: sf.gives_check(p.variant, p.fen, p.moves, p.chess960),
    mating_material=lambda p, r: dict(zip(("white", "black"),
                                          (not lacks for lacks in insufficient(p)))),
    san=lambda p, r: sf.get_san(p.variant, sf.get_fen(p.variant, p.fen, p.moves, p.chess960),
                                legal_move(p, r["move"]), p.chess960),
)


@shim.question
def play(p, r):
    if r["move"] not in p.legal():
        return {"refused": "%s is not among pyffish.legal_moves" % r["move"]}
    return {"played": sf.get_fen(p.variant, p.fen, p.moves + [r["move"]], p.chess960)}


@shim.question
def game_state(p, r):  # in the suite's order: checkmate, stalemate, insufficient material
    ended, value = sf.is_immediate_game_end(p.variant, p.fen, p.moves, p.chess960)
    if ended:  # no rule of standard chess ends the game this way in Fairy-Stockfish
        raise ValueError("is_immediate_game_end gives (True, %d), a variant's ending" % value)
    if not p.legal():
        # from the side to move's point of view
        value = sf.game_result(p.variant, p.fen, p.moves, p.chess960)
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
    if sf.is_optional_game_end(no_fifty(p.variant), p.fen, p.moves, p.chess960)[0]:
        claims.append("threefold_repetition")
    after = sf.get_fen(p.variant, p.fen, p.moves, p.chess960)
    if sf.is_optional_game_end(p.variant, after, [], p.chess960)[0]:
        claims.append("fifty_moves")
    return claims


@shim.question
def draw_claims_with_move(p, r):  # FIDE 9.2.1.1, 9.3.1: the claims of the position it makes
    return draw_claims(Position(p.fen, p.moves + [legal_move(p, r["move"])], p.variant,
                                p.chess960), r)


# pyffish has no perft: the shim counts the leaves of legal_moves' tree, one call (a millisecond
# or more: pyffish sets the variant up again each time) per inner node. Depth 2 is at most a few
# dozen calls; the deeper counts of the catalogue are thousands each (Kiwipete's depth 3: 2,088
# calls, 4 s), ten minutes of CPU over the whole catalogue, and are not asked. The small positions
# of the pieces beyond the six are walked deeper, as long as the walk stays under PIECES_CALLS
# calls (about 2 ms each: some 3 s at most).
PERFT_DEPTH = 2
PIECES_CALLS = 1500


@shim.question
def perft(p, r):  # leaves of pyffish's legal move tree
    if r["depth"] > PERFT_DEPTH and p.variant == CHESS:
        raise Unsupported("pyffish has no perft, and a walk over legal_moves deeper than %d "
                          "takes seconds per count (one call per inner node)" % PERFT_DEPTH)
    calls = [0]

    def count(path, depth):
        calls[0] += 1
        if calls[0] > PIECES_CALLS:
            raise Unsupported("pyffish has no perft, and a walk over legal_moves to depth %d "
                              "here needs more than %d calls" % (r["depth"], PIECES_CALLS))
        moves = p.legal(path)
        if depth == 1:
            return len(moves)
        return sum(count(path + [m], depth - 1) for m in moves)
    return count([], r["depth"])


@shim.question
def validate_fen(r):
    problem = fen_problem(r["fen"], shim.variant, r.get("variant") == CHESS960)
    return {"valid": False, "reason": problem} if problem else {"valid": True}


shim.serve()
