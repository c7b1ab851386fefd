"""The chess-conformance engine protocol (docs/PROTOCOL.md) for a shim in Python, so that a shim
is one function per question:

    import chess_conformance_shim as protocol
    shim = protocol.Shim("my-chess", "1.0", position=lambda fen, moves: MyBoard(fen, moves))

    @shim.question
    def legal_moves(board, request):          # named after the request type
        return [m.uci() for m in board.legal_moves()]

    shim.serve()

A question's capability is declared by defining its function; rules inside the answers
(`repetition`, `fivefold`, ...) by `rules=[...]`, and so are "pieces" and "chess960": with
"chess960", a Chess960 request's position is built as `position(fen, moves, variant="chess960")`
(castling in `moves` is then the king taking its rook, `f1h1`); a standard one's as before. The helper answers `start`, reads the JSON
lines, repeats each request's `seq`, answers `unsupported` for a type without a function (or a
function that raises `Unsupported`), and turns any other exception into an `error` naming the
request. While it serves, `print()` and anything else written to stdout go to stderr, so the
protocol's stdout stays clean. One file, no dependency: copy it beside your shim.

A refusal is not a crash. With `play=` (and `fen=`) the `play` question answers itself: the FEN
after the move, or `refused` when `play` raises the library's own refusal (`refusal=`, say
`chess.IllegalMoveError`; without it, any exception but a program's own faults, `CRASHES`). Any
other exception is a crash and becomes an `error` verdict naming it: caught as a refusal, a crash
in the library would pass for a right answer to an illegal move.

The handshake may also say how the library spells castling (`castling="king-takes-rook"`) and what
holds for all its answers (`conventions={"clocks": False}` for a library that keeps no halfmove
clock or move number): docs/PROTOCOL.md, "The handshake".
"""
import inspect
import json
import os
import sys

PROTOCOL = 1
# Each request type and the capability that answers it (the question table of src/engine.rs).
QUESTIONS = {
    "legal_moves": "legal-moves", "in_check": "check", "checkers": "checkers",
    "game_state": "game-state", "draw_claims": "draw-claims", "mating_material": "mating-material",
    "play": "play", "san": "san", "parse_san": "parse-san", "attacks": "attacks", "perft": "perft",
    "validate_fen": "validate-fen", "draw_claims_with_move": "claim-with-move",
    "touch_move": "touch-move", "winnable": "winnable",
}
# The requests not about a position (no `fen` + `moves` to build): their function gets the request.
NO_POSITION = {"validate_fen"}
# The rules inside answers, declared with `rules=[...]` when the library implements them;
# "pieces": positions holding pieces beyond the standard six (the request's `pieces`);
# "chess960": Chess960 positions (the request's `variant`, passed to `position` as `variant=`).
RULES = ["repetition", "move-clocks", "insufficient-material", "dead-position", "fivefold",
         "seventy-five-moves", "pieces", "chess960"]
# The only variant a request names (FIDE Guidelines II); a standard-chess request names none.
CHESS960 = "chess960"
# How an engine may spell castling in every game, declared with `castling=` (the handshake's).
CASTLING = ["king-takes-rook", "king-destination"]
# The conventions an engine may declare with `conventions={...}`, and the type of each value.
CONVENTIONS = {"clocks": bool}
# The rules that count the clocks, which an engine that keeps none cannot implement.
CLOCK_RULES = ["move-clocks", "seventy-five-moves"]
# Exceptions that are a program's own faults, never a chess library's way to refuse a move: when
# no `refusal` is given, `play` raising one of these is a crash (an error verdict), not a refusal.
CRASHES = (LookupError, TypeError, AttributeError, NameError, AssertionError, ArithmeticError,
           RecursionError, MemoryError, UnicodeError, SystemError)


_answers = None


def clean_stdout():
    """Keeps the protocol's stdout for answers only, and returns the stream the answers go to:
    the real stdout, duplicated to another file descriptor; file descriptor 1 (so `print()`, C
    code and child processes) then goes to stderr. `serve` calls it; a shim whose library writes
    to stdout when it is loaded calls it before importing it. Calling it again changes nothing."""
    global _answers
    if _answers is None:
        _answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
        sys.stdout.flush()
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
        sys.stdout = sys.stderr
    return _answers


def package_version(distribution, fallback):
    """The installed version of `distribution` (its name on PyPI), or `fallback` when it cannot
    be read (not installed, say, or vendored): for the handshake's `version`."""
    try:
        from importlib.metadata import version
        return version(distribution)
    except Exception:
        return fallback


def takes_variant(position, arguments):
    """Refuses, at once rather than at the first Chess960 request, a `position` of a shim
    declaring "chess960" that cannot be called with `variant=` after its `arguments` positional
    arguments."""
    try:
        signature = inspect.signature(position)
    except (TypeError, ValueError):  # a builtin without a signature: its first call will tell
        return
    try:
        signature.bind(*range(arguments), variant=CHESS960)
    except TypeError:
        raise ValueError("a shim declaring \"chess960\" builds a Chess960 position as "
                         "position(%s, variant=\"chess960\"): %s%s takes no `variant`"
                         % ("fen, moves" if arguments == 2 else "fen",
                            getattr(position, "__name__", "position"), signature)) from None


class Unsupported(Exception):
    """Raised by a question's function: the request is answered `unsupported` with this reason
    (the assertion is skipped, not failed)."""


class Shim:
    """An engine: its name and version, how to build a position, and a function per question."""

    def __init__(self, name, version, position, play=None, fen=None, rules=(), refusal=None,
                 castling=None, conventions=None):
        """The position a request is about is `position(fen, moves)`: the FEN, then the UCI
        moves, each played with the library's own legality check. With `play`, it is
        `position(fen)`, then `play(position, uci)` for each move, which raises if the move is
        illegal. With `play` and `fen(position)` too, the `play` question answers itself: the
        FEN after the move, or refused with the message of what `play` raised.
        A shim declaring "chess960" in `rules` gets a Chess960 request's position as
        `position(fen, moves, variant="chess960")` (`position(fen, variant="chess960")` with
        `play`), and its castling moves as the king taking its rook; only such a shim is sent
        Chess960 requests, so `position` of any other shim is called as before.
        `refusal`: the exception class (or tuple) the library raises for an illegal move; only
        those make `play` a refusal, anything else it raises is a crash (an error verdict).
        Without it, every exception but `CRASHES` is a refusal.
        `castling`: "king-takes-rook" or "king-destination" when the library spells castling so
        in every game. `conventions`: {"clocks": False} when it keeps no halfmove clock or move
        number (its FENs are then compared without them, and a four-field FEN of `fen` gets
        `0 1`)."""
        unknown = [rule for rule in rules if rule not in RULES]
        if unknown:
            raise ValueError("unknown rules %s; the rules: %s" % (unknown, ", ".join(RULES)))
        if CHESS960 in rules:
            takes_variant(position, 1 if play is not None else 2)
        if castling is not None and castling not in CASTLING:
            raise ValueError("castling %r; the spellings: %s" % (castling, ", ".join(CASTLING)))
        conventions = dict(conventions or {})
        for key, value in conventions.items():
            if key not in CONVENTIONS:
                raise ValueError("unknown convention %r; the conventions: %s"
                                 % (key, ", ".join(CONVENTIONS)))
            if not isinstance(value, CONVENTIONS[key]):
                raise ValueError("convention %r is a %s, not %r"
                                 % (key, CONVENTIONS[key].__name__, value))
        clocks = conventions.get("clocks", True)
        counting = [rule for rule in rules if rule in CLOCK_RULES]
        if not clocks and counting:
            raise ValueError("a library that keeps no clocks (conventions={\"clocks\": False}) "
                             "cannot implement %s, which count them" % ", ".join(counting))
        self.name, self.version, self.rules = name, version, list(rules)
        self.castling, self.conventions = castling, conventions
        self.position, self.play, self.refusal = position, play, refusal
        self.answers = {}
        if play is not None and fen is not None:
            def play_question(position, request):
                try:
                    play(position, request["move"])
                except Unsupported:
                    raise
                except Exception as e:
                    if not self.refuses(e):
                        raise  # a crash, not a refusal: answered as an error naming it
                    return {"refused": str(e)}
                written = fen(position)
                if not clocks and isinstance(written, str) and len(written.split()) == 4:
                    written += " 0 1"  # six fields, as the protocol has them; not compared
                return {"played": written}
            self.questions(play=play_question)

    def refuses(self, exception):
        """Whether `exception` is the library refusing (a move, a SAN) rather than crashing:
        an instance of `refusal` when the shim gave one, else anything but `CRASHES`."""
        if self.refusal is not None:
            return isinstance(exception, self.refusal)
        return not isinstance(exception, CRASHES)

    def build(self, fen, moves, variant=None):
        """The position of `fen` after `moves`; in `variant` ("chess960") when it is given."""
        extra = {} if variant is None else {"variant": variant}
        if self.play is None:
            return self.position(fen, moves, **extra)
        position = self.position(fen, **extra)
        for uci in moves:
            self.play(position, uci)
        return position

    def question(self, function):
        """Decorator: `function` answers the request type it is named after, called as
        `function(position, request)` (`function(request)` for `validate_fen`)."""
        self.questions(**{function.__name__: function})
        return function

    def questions(self, **functions):
        """Many questions at once, by request type: `shim.questions(in_check=lambda b, r: ...)`."""
        for kind, function in functions.items():
            if kind not in QUESTIONS:
                raise ValueError("no request type %r; the types: %s" % (kind, ", ".join(QUESTIONS)))
            self.answers[kind] = function

    def capabilities(self):
        """The capabilities declared at the handshake: a question's for each function, then the
        rules."""
        return [QUESTIONS[kind] for kind in QUESTIONS if kind in self.answers] + self.rules

    def answer(self, request):
        """The answer object to one request object."""
        if not isinstance(request, dict):
            return {"seq": 0, "error": "a request is a JSON object"}
        seq, kind = request.get("seq", 0), request.get("type")
        if kind == "start":
            hello = {"protocol": PROTOCOL, "name": self.name, "version": self.version,
                     "capabilities": self.capabilities()}
            if self.castling is not None:
                hello["castling"] = self.castling
            if self.conventions:
                hello["conventions"] = self.conventions
            return {"seq": seq, "result": hello}
        function = self.answers.get(kind) if isinstance(kind, str) else None
        if function is None:
            return {"seq": seq, "unsupported": "unknown request type %r" % (kind,)}
        try:
            if kind in NO_POSITION:
                return {"seq": seq, "result": function(request)}
            board = self.build(request["fen"], request["moves"], request.get("variant"))
            return {"seq": seq, "result": function(board, request)}
        except Unsupported as e:
            return {"seq": seq, "unsupported": str(e) or "%s is not answered" % kind}
        except Exception as e:  # a refused position or a crash: an error verdict naming both
            return {"seq": seq, "error": "%s: %s: %s" % (kind, type(e).__name__, e)}

    def serve(self, stdin=None, stdout=None):
        """Answers requests, one JSON line each, until stdin ends. With the default streams,
        stdout (file descriptor 1, so child processes and C code too) goes to stderr while it
        serves (see `clean_stdout`); the answers go to the real stdout."""
        if stdout is None:
            stdout = clean_stdout()
        for line in stdin or sys.stdin.buffer:  # bytes: a line that is not UTF-8 gets an error
            stdout.write(self.reply_line(line) + "\n")
            stdout.flush()

    def reply_line(self, line):
        """The answer line to one request line."""
        try:
            request = json.loads(line)
        except ValueError as e:
            return json.dumps({"seq": 0, "error": "not JSON: %s" % e})
        reply = self.answer(request)
        try:
            return json.dumps(reply)
        except (TypeError, ValueError) as e:  # a result JSON cannot carry: a set, an object
            return json.dumps({"seq": reply["seq"], "error": "%s: the answer is not JSON: %s"
                               % (request.get("type"), e)})
