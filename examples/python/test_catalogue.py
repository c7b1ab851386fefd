"""The chess-conformance catalogue against python-chess, read from the installed data package.

Every case of the ``chess-conformance-cases`` package (the JSON export of ``chess-conformance
generate``, hand-written and generated cases, as a wheel: ``packages/python``) becomes one pytest
test, named by its id. Each assertion of the case format (docs/CASES.md) is asked of python-chess
and compared by meaning, as the Rust harness does. Where python-chess answers differently, the
case is listed in ``EXPECTED_FAILURES`` with the reason: it is reported as xfailed, and a listed
case that starts to pass fails the run, so the list cannot go stale. The cases are also validated
against the JSON Schema the package ships (``chess_conformance_cases.schema()``).

What python-chess does not implement is not asked, and a case that needs it is reported as
skipped with the reason, never as passed, like an engine that lacks a capability in the Rust
harness: touch-move rulings (FIDE Article 4), whether a side can still mate beyond material
(``winnable``), and a dead position beyond material (``state: dead_position``). Perft depths
beyond ``PERFT_BUDGET`` nodes are not walked either (python-chess is a pure-Python move
generator).

    pip install -r requirements.txt
    pip install chess-conformance-cases==1.0.0      # or the wheel packages/build.sh builds:
    pip install ../../target/packages/dist/chess_conformance_cases-*.whl
    pytest -q            # from this folder
"""

import importlib.metadata
import re

import chess
import chess_conformance_cases
import jsonschema
import pytest

PERFT_BUDGET = 25000

# Where python-chess disagrees with the catalogue: case id -> why. Each entry is a reported
# disagreement, not a hidden one; see the module docstring.
EXPECTED_FAILURES = {
    # python-chess reads a castling field that names a right with no rook to castle with (say
    # `Q` with no rook on the queen's side of the back rank) by silently dropping the right, and
    # then accepts the FEN; the catalogue says such a FEN describes no legal position (FIDE
    # 3.10.3, and the hand-written fen/castling-right-without-rook).
    "fen/mined/01486aaf3f65": "accepts a castling right with no rook, dropping it",
    "fen/mined/199343236b14": "accepts a castling right with no rook, dropping it",
    "fen/mined/20dc48504053": "accepts a castling right with no rook, dropping it",
    "fen/mined/54890561e93e": "accepts a castling right with no rook, dropping it",
    "fen/mined/8b40611b158a": "accepts a castling right with no rook, dropping it",
    "fen/mined/bb1a5d497ba3": "accepts a castling right with no rook, dropping it",
    "fen/mined/ca2f5e270665": "accepts a castling right with no rook, dropping it",
    "fen/mined/cf1ec04e9dff": "accepts a castling right with no rook, dropping it",
    "fen/mined/e45c96d68992": "accepts a castling right with no rook, dropping it",
    # python-chess does not count promoted pieces against missing pawns: eight pawns and a
    # second queen are accepted.
    "fen/eight-pawns-and-a-promoted-queen": "accepts more pieces than promotions allow",
    # python-chess accepts two knights giving check at once, a double check no move can make.
    "fen/double-check-by-two-knights": "accepts an impossible double check by two knights",
    # Chess960 (docs/findings/python-chess.md): kings on two files both keeping rights (II.2.3,
    # python-chess #143, decided upstream) and two same-coloured bishops beside eight unmoved
    # pawns (II.2.2) are accepted.
    "chess960/report-kings-on-different-files-both-with-rights": "accepts kings on two files with rights",
    "chess960/report-kings-on-different-files-both-with-rights-white": "accepts kings on two files with rights",
    "chess960/invalid-bishops-one-colour-pawns-unmoved": "accepts two same-coloured bishops beside eight pawns",
    "chess960/invalid-bishops-one-colour-pawns-unmoved-black": "accepts two same-coloured bishops beside eight pawns",
    # python-chess reads a move number of 0, which the PGN standard (16.1.3.6) does not allow.
    "fen/zero-move-number": "accepts a move number of 0",
}


CASES = chess_conformance_cases.cases()


def is_960(case):
    """A Chess960 case: python-chess reads it in its Chess960 mode (castling king-takes-rook)."""
    return case.get("variant") == "chess960"


def setup(case):
    board = chess.Board(case["fen"], chess960=is_960(case))
    for uci in case.get("moves", []):
        move = chess.Move.from_uci(uci)
        if not board.is_legal(move):
            raise AssertionError(f"python-chess refuses the history move {uci}")
        board.push(move)
    return board


def state_of(board):
    if board.is_checkmate():
        return "checkmate", ("black" if board.turn == chess.WHITE else "white")
    if board.is_stalemate():
        return "stalemate", None
    if board.is_insufficient_material():
        return "insufficient_material", None
    if board.is_fivefold_repetition():
        return "fivefold_repetition", None
    if board.is_seventyfive_moves():
        return "seventy_five_moves", None
    return "ongoing", None


def claims_of(board):
    # The claims of the position as it stands (FIDE 9.2.1.2, 9.3.2); claiming with a move not yet
    # played is not asked, so can_claim_* (which also looks one move ahead) is not used.
    if state_of(board)[0] != "ongoing":
        return set()
    claims = set()
    if board.is_repetition(3):
        claims.add("threefold_repetition")
    if board.is_fifty_moves():
        claims.add("fifty_moves")
    return claims


def attacked(board, spec):
    squares = chess.SquareSet()
    if "from" in spec:
        squares |= board.attacks(chess.parse_square(spec["from"]))
    else:
        color = chess.WHITE if spec["by"] == "white" else chess.BLACK
        for square, piece in board.piece_map().items():
            if piece.color == color:
                squares |= board.attacks(square)
    return {chess.square_name(s) for s in squares}


def legal_ep(board):
    return board.ep_square if board.has_legal_en_passant() else None


def same_position(expected_fen, board, after, chess960=False):
    """The differences between the board and an expected FEN, compared by meaning."""
    want = chess.Board(expected_fen, chess960=chess960)
    fields = expected_fen.split()
    differs = []
    if want.board_fen() != board.board_fen():
        differs.append("pieces")
    if want.turn != board.turn:
        differs.append("side to move")
    # Castling rights as written (a right kept for a king or rook that moved is wrong).
    if chess960:
        # X-FEN's KQkq name the outermost rooks: read against the expected position's pieces.
        written = want
    else:
        written = chess.Board(None)
        written.set_castling_fen(fields[2])
    if written.castling_rights != board.castling_rights:
        differs.append("castling rights")
    if after.get("en_passant", "legal") == "exact":
        if fields[3] != board.fen(en_passant="fen").split()[3]:
            differs.append("en passant")
    elif legal_ep(want) != legal_ep(board):
        differs.append("en passant")
    if after.get("clocks", True):
        if want.halfmove_clock != board.halfmove_clock:
            differs.append("halfmove clock")
        if want.fullmove_number != board.fullmove_number:
            differs.append("move number")
    return differs


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


# Assertions python-chess cannot answer: the case is skipped with the reason.
NOT_IMPLEMENTED = {
    "touch_move": "touch-move rulings (FIDE Article 4): python-chess has no touch-move arbiter",
    "winnable": "whether a side can still mate beyond material: python-chess judges material only",
}


def refused(board, uci):
    """Whether python-chess refuses to play the move, leaving the board as it was."""
    before = board.fen()
    try:
        board.push_uci(uci)
    except ValueError:  # IllegalMoveError and InvalidMoveError are ValueErrors
        return board.fen() == before
    board.pop()
    return False


def check(case):
    """The failed assertions of a case, and what was not asked (with why)."""
    expect = case["expect"]
    failures = []
    left_out = []
    if case.get("pieces"):
        # The historical pieces (amazon, ferz, ...): python-chess knows the standard six only.
        names = ", ".join(p["name"] for p in case["pieces"])
        return failures, [f"pieces beyond the standard six ({names}): python-chess has none"]
    for name, why in NOT_IMPLEMENTED.items():
        if name in expect:
            left_out.append(why)
    if expect.get("state") == "dead_position":
        left_out.append("a dead position beyond material: python-chess detects insufficient "
                        "material only")
    if left_out:
        return failures, left_out

    def compare(name, want, got):
        if want != got:
            failures.append(f"{name}: expected {want!r}, python-chess says {got!r}")

    if "valid" in expect:
        try:
            accepted = chess.Board(case["fen"], chess960=is_960(case)).is_valid()
        except ValueError:
            accepted = False
        compare("valid", expect["valid"], accepted)
        if not expect["valid"]:
            return failures, left_out

    board = setup(case)
    legal = {m.uci() for m in board.legal_moves}
    if "legal" in expect:
        compare("legal (not legal)", [], sorted(set(expect["legal"]) - legal))
    if "illegal" in expect:
        compare("illegal (legal)", [], sorted(set(expect["illegal"]) & legal))
    if "moves" in expect:
        compare("moves", sorted(expect["moves"]), sorted(legal))
    if "move_count" in expect:
        compare("move_count", expect["move_count"], len(legal))
    if "check" in expect:
        compare("check", expect["check"], board.is_check())
    if "checkers" in expect:
        compare("checkers", sorted(expect["checkers"]),
                sorted(chess.square_name(s) for s in board.checkers()))
    if "state" in expect:
        compare("state", (expect["state"], expect.get("winner")), state_of(board))
    if "claims" in expect:
        compare("claims", sorted(expect["claims"]), sorted(claims_of(board)))
    if "mating_material" in expect:
        got = {
            "white": not board.has_insufficient_material(chess.WHITE),
            "black": not board.has_insufficient_material(chess.BLACK),
        }
        compare("mating_material", expect["mating_material"], got)
    for after in expect.get("after", []):
        played = board.copy()
        played.push(chess.Move.from_uci(after["move"]))
        differs = same_position(after["fen"], played, after, is_960(case))
        if differs:
            failures.append(f"after {after['move']}: {played.fen()} differs in {', '.join(differs)}")
    for uci, san in expect.get("san", {}).items():
        compare(f"san {uci}", san, board.san(chess.Move.from_uci(uci)))
    for san, uci in expect.get("from_san", {}).items():
        try:
            got = board.parse_san(san).uci()
        except ValueError:
            got = None
        compare(f"from_san {san}", uci, got)
    for spec in expect.get("attacks", []):
        got = attacked(board, spec)
        label = f"attacks {spec.get('from') or 'by ' + spec['by']}"
        if "squares" in spec:
            compare(label, sorted(spec["squares"]), sorted(got))
        if "count" in spec:
            compare(f"{label} count", spec["count"], len(got))
        if "includes" in spec:
            compare(f"{label} includes (not attacked)", [], sorted(set(spec["includes"]) - got))
        if "excludes" in spec:
            compare(f"{label} excludes (attacked)", [], sorted(set(spec["excludes"]) & got))
    for depth, nodes in sorted(expect.get("perft", {}).items(), key=lambda kv: int(kv[0])):
        if nodes > PERFT_BUDGET:
            left_out.append(f"perft depth {depth} (over {PERFT_BUDGET} nodes, not walked)")
            continue
        compare(f"perft {depth}", nodes, perft(board, int(depth)))
    if "refuses" in expect:
        played = sorted(expect["refuses"])
        compare("refuses (played)", [], [uci for uci in played if not refused(board, uci)])
        compare("refuses: position kept", sorted(legal), sorted(m.uci() for m in board.legal_moves))
    for uci, claims in expect.get("claims_with_move", {}).items():
        # A claim made by declaring a move (9.2.1.1, 9.3.1): the claims of the position it makes.
        after = board.copy()
        after.push_uci(uci)
        compare(f"claims_with_move {uci}", sorted(claims), sorted(claims_of(after)))
    return failures, left_out


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case):
    failures, left_out = check(case)
    reason = EXPECTED_FAILURES.get(case["id"])
    if failures:
        if reason:
            pytest.xfail(f"{reason} ({'; '.join(failures)})")
        pytest.fail("\n".join(failures), pytrace=False)
    if reason:
        pytest.fail(f"listed in EXPECTED_FAILURES ({reason}) but passes: remove the entry",
                    pytrace=False)
    if left_out:
        pytest.skip(f"not asked: {'; '.join(left_out)}")


def test_every_listed_disagreement_is_a_case():
    # A listed id that no longer names a case (its content changed, so its generated id did)
    # would hide nothing but rot silently: it fails the run instead.
    ids = {c["id"] for c in CASES}
    assert sorted(set(EXPECTED_FAILURES) - ids) == []


def test_the_package_is_complete():
    assert len(chess_conformance_cases.areas()) == 20, chess_conformance_cases.areas()
    assert len(CASES) >= 20_000
    # Every case sits in the area its id names, and no area is read twice.
    for area in chess_conformance_cases.areas():
        ids = [c["id"] for c in chess_conformance_cases.cases(area=area)]
        assert ids and all(i.startswith(f"{area}/") for i in ids), area
    assert len({c["id"] for c in CASES}) == len(CASES)


def test_the_package_version_is_the_catalogue_version():
    # The version the loader reads from its data is the one pip installed (the wheel's metadata).
    version = chess_conformance_cases.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), version
    assert importlib.metadata.version("chess-conformance-cases") == version


def test_an_unknown_area_is_refused_by_name():
    with pytest.raises(KeyError, match="no rule area 'castle'; the areas are attacks, castling"):
        chess_conformance_cases.cases(area="castle")


SCHEMA = chess_conformance_cases.schema()


@pytest.mark.parametrize("area", chess_conformance_cases.areas())
def test_the_cases_follow_the_published_schema(area):
    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in validator.iter_errors({"cases": chess_conformance_cases.cases(area=area)})]
    assert not errors, "\n".join(errors[:20])


def test_the_schema_refuses_a_misspelt_assertion():
    validator = jsonschema.Draft202012Validator(SCHEMA)
    case = dict(CASES[0])
    case["expect"] = {"legall": ["e2e4"]}
    assert not validator.is_valid({"cases": [case]})
