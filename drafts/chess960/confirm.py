#!/usr/bin/env python3
"""Confirm the Chess960 draft cases with python-chess (a second opinion, not the reference).

    pip install chess pyyaml
    python3 confirm.py                       # chess960.yaml, standard-rook-capture.yaml, perft960.yaml
    python3 confirm.py chess960.yaml -v      # one file, every assertion shown
    python3 confirm.py perft960.yaml --max-nodes 1000000

A file's (or a case's) `variant: chess960` sets python-chess's chess960 mode; castling in the
cases is king-takes-rook, which is what python-chess reads and writes in that mode
(`board.uci(move, chess960=True)`). Each assertion python-chess can answer is checked; the
others (`touch_move`: python-chess has no arbiter) are reported as skipped with the reason.
Every case prints one line: `agree`, `DISAGREE` (with what python-chess answers) or `skip`.
The exit code is 1 if any assertion disagrees. The disagreements that are python-chess's, not
the case's, are recorded in DISAGREEMENTS.md.
"""
import argparse
import sys
import time
from pathlib import Path

import chess
import yaml

HERE = Path(__file__).resolve().parent
DEFAULT_FILES = ["chess960.yaml", "standard-rook-capture.yaml", "perft960.yaml"]


def board_of(fen, is960):
    return chess.Board(fen, chess960=is960)


def uci(board, move, is960):
    return board.uci(move, chess960=is960)


def legal_ucis(board, is960):
    return {uci(board, m, is960) for m in board.legal_moves}


def parse(board, text):
    """A move of the case (king-takes-rook in 960 mode) as a python-chess move, or None."""
    try:
        move = board.parse_uci(text)
    except ValueError:
        return None
    return move if board.is_legal(move) else None


def meaning(board):
    """What `after` compares: placement, side, rights (as rook squares), legal ep, clocks."""
    ep = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.castling_rights, ep,
            board.halfmove_clock, board.fullmove_number)


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def claims(board):
    if board.is_game_over(claim_draw=False):
        return []
    out = []
    if board.is_repetition(3):
        out.append("threefold_repetition")
    if board.halfmove_clock >= 100:
        out.append("fifty_moves")
    return out


def check_case(case, is960, max_nodes, verbose):
    """Returns (results, skipped): results is a list of (key, ok, detail)."""
    results, skipped = [], []
    expect = case["expect"]
    fen = case["fen"]

    if "valid" in expect:
        try:
            b = board_of(fen, is960)
            answer = b.is_valid()
            detail = f"python-chess: is_valid() = {answer}, status = {b.status()!r}"
        except ValueError as e:
            answer, detail = False, f"python-chess refuses to parse: {e}"
        results.append(("valid", answer == expect["valid"], detail))
        return results, skipped

    board = board_of(fen, is960)
    for i, text in enumerate(case.get("moves", [])):
        move = parse(board, text)
        if move is None:
            results.append(("moves", False, f"history move {i + 1} {text} is not legal for python-chess"))
            return results, skipped
        board.push(move)

    legal = legal_ucis(board, is960)
    for key, value in expect.items():
        if key == "legal":
            missing = [m for m in value if m not in legal]
            results.append((key, not missing, f"not legal for python-chess: {missing}" if missing else ""))
        elif key == "illegal":
            present = [m for m in value if m in legal]
            results.append((key, not present, f"legal for python-chess: {present}" if present else ""))
        elif key == "moves":
            ok = set(value) == legal
            results.append((key, ok, "" if ok else f"python-chess: {sorted(legal)}"))
        elif key == "move_count":
            ok = value == len(legal)
            results.append((key, ok, "" if ok else f"python-chess: {len(legal)}"))
        elif key == "check":
            ok = value == board.is_check()
            results.append((key, ok, "" if ok else f"python-chess: {board.is_check()}"))
        elif key == "checkers":
            got = sorted(chess.square_name(s) for s in board.checkers())
            ok = sorted(value) == got
            results.append((key, ok, "" if ok else f"python-chess: {got}"))
        elif key == "san":
            for text, san in value.items():
                move = parse(board, text)
                got = board.san(move) if move else None
                results.append((f"san {text}", got == san, "" if got == san else f"python-chess: {got}"))
        elif key == "from_san":
            for san, text in value.items():
                try:
                    got = uci(board, board.parse_san(san), is960)
                except ValueError:
                    got = None
                results.append((f"from_san {san}", got == text, "" if got == text else f"python-chess: {got}"))
        elif key == "after":
            for entry in value:
                move = parse(board, entry["move"])
                if move is None:
                    results.append((f"after {entry['move']}", False, "the move is not legal for python-chess"))
                    continue
                b = board.copy()
                b.push(move)
                want = meaning(board_of(entry["fen"], is960))
                got = meaning(b)
                if entry.get("clocks") is False:
                    want, got = want[:4], got[:4]
                ok = want == got
                written = b.fen() if is960 else b.fen()
                results.append((f"after {entry['move']}", ok,
                                f"python-chess writes {written} (Shredder: {b.shredder_fen()})"
                                if not ok or verbose else ""))
        elif key == "state":
            got = ("checkmate" if board.is_checkmate() else "stalemate" if board.is_stalemate()
                   else "insufficient_material" if board.is_insufficient_material()
                   else "fivefold_repetition" if board.is_fivefold_repetition()
                   else "seventy_five_moves" if board.is_seventyfive_moves() else "ongoing")
            results.append((key, got == value, "" if got == value else f"python-chess: {got}"))
        elif key == "winner":
            got = None
            if board.is_checkmate():
                got = "white" if board.turn == chess.BLACK else "black"
            results.append((key, got == value, "" if got == value else f"python-chess: {got}"))
        elif key == "claims":
            got = claims(board)
            ok = sorted(value) == sorted(got)
            results.append((key, ok, "" if ok else f"python-chess: {got}"))
        elif key == "perft":
            for depth, nodes in sorted(value.items()):
                if max_nodes is not None and nodes > max_nodes:
                    skipped.append((f"perft {depth}", f"above --max-nodes {max_nodes}"))
                    continue
                t = time.time()
                got = perft(board, int(depth))
                ok = got == nodes
                results.append((f"perft {depth}", ok,
                                f"python-chess: {got} ({time.time() - t:.1f}s)" if not ok or verbose
                                else ""))
        elif key == "touch_move":
            skipped.append((key, "python-chess has no touch-move arbiter"))
        else:
            skipped.append((key, "not checked by this script"))
    return results, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--max-nodes", type=int, default=None, help="skip perft counts above this")
    ap.add_argument("--filter", default="", help="only case ids containing this")
    args = ap.parse_args()
    files = [Path(f) for f in args.files] or [HERE / f for f in DEFAULT_FILES if (HERE / f).exists()]

    totals = {"agree": 0, "DISAGREE": 0, "skip": 0}
    assertions = {"agree": 0, "DISAGREE": 0, "skip": 0}
    for path in files:
        doc = yaml.safe_load(path.read_text())
        file960 = doc.get("variant") == "chess960"
        print(f"== {path.name} ({'chess960' if file960 else 'standard'}, {len(doc['cases'])} cases)")
        for case in doc["cases"]:
            if args.filter not in case["id"]:
                continue
            is960 = case.get("variant", "chess960" if file960 else "standard") == "chess960"
            results, skipped = check_case(case, is960, args.max_nodes, args.verbose)
            bad = [r for r in results if not r[1]]
            assertions["agree"] += len(results) - len(bad)
            assertions["DISAGREE"] += len(bad)
            assertions["skip"] += len(skipped)
            verdict = "DISAGREE" if bad else ("agree" if results else "skip")
            totals[verdict] += 1
            note = ""
            if bad:
                note = "; ".join(f"{k}: {d}" for k, _, d in bad)
            elif skipped and not results:
                note = "; ".join(f"{k}: {why}" for k, why in skipped)
            print(f"{verdict:8} {case['id']}" + (f"  -- {note}" if note else ""))
            if args.verbose:
                for k, ok, d in results:
                    print(f"           {'ok ' if ok else 'BAD'} {k} {d}")
                for k, why in skipped:
                    print(f"           skip {k}: {why}")
    print(f"cases: {totals['agree']} agree, {totals['DISAGREE']} disagree, {totals['skip']} skipped "
          f"(nothing python-chess answers); assertions: {assertions['agree']} agree, "
          f"{assertions['DISAGREE']} disagree, {assertions['skip']} skipped")
    return 1 if totals["DISAGREE"] else 0


if __name__ == "__main__":
    sys.exit(main())
