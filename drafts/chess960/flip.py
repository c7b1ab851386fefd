#!/usr/bin/env python3
"""Write the Black twin of each White case (and the White twin, `-white`, of a case written for Black) of a draft file (colour flip: ranks mirrored, colours
and side to move swapped), the way the catalogue's `flip` generator will. Used once to write
the `-black` cases of chess960.yaml, which were then read over by hand and confirmed with
confirm.py; a case that already has its `-black` twin is left alone.

    python3 flip.py chess960.yaml > twins.yaml   # prints the twins; paste them in

No python-chess here: a twin is the rules' mirror of its case, not an engine's answer.
"""
import re
import sys

import yaml


def sq(text):
    """Every square named in text, rank mirrored (g1 -> g8), also inside SAN (Kg1 -> Kg8)."""
    return re.sub(r"(?<![a-z])([a-h])([1-8])(?![0-9])", lambda m: m.group(1) + str(9 - int(m.group(2))), text)


def flip_fen(fen):
    placement, side, castling, ep, half, full = fen.split()
    placement = "/".join(reversed(placement.split("/"))).swapcase()
    side = "b" if side == "w" else "w"
    if castling != "-":
        c = castling.swapcase()
        castling = "".join(ch for ch in c if ch.isupper()) + "".join(ch for ch in c if ch.islower())
    ep = "-" if ep == "-" else sq(ep)
    return " ".join([placement, side, castling, ep, half, full])


def black_plies(start_side, plies):
    side, n = start_side, 0
    for _ in range(plies):
        n += side == "b"
        side = "w" if side == "b" else "b"
    return n


def flip_after_fen(orig_start, after_fen, plies):
    twin = flip_fen(after_fen).split()
    start = orig_start.split()[1]
    twin_start = "b" if start == "w" else "w"
    full = int(after_fen.split()[5]) - black_plies(start, plies) + black_plies(twin_start, plies)
    twin[5] = str(full)
    return " ".join(twin)


def flip_title(title, castling):
    title = title.replace("White", "\0").replace("Black", "White").replace("\0", "Black")
    title = title.replace("white", "\0").replace("black", "white").replace("\0", "black")
    title = sq(title)
    if castling != "-":
        twin = flip_fen("8/8/8/8/8/8/8/8 w " + castling + " - 0 1").split()[2]
        title = re.sub(r"\b" + re.escape(castling) + r"\b", twin, title)
    title = re.sub(r"\b([Rr]ights? |keeps |, )([A-HKQ])\b", lambda m: m.group(1) + m.group(2).lower(), title)
    title = title.replace("outermost, K in X-FEN", "outermost, k in X-FEN")
    title = re.sub(r"\bStart ([A-Z]{8})\b", lambda m: "Start " + m.group(1), title)
    return title


def flow(items):
    return "[" + ", ".join(items) + "]"


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def emit(case, suffix="-black"):
    fen0 = case["fen"]
    castling = fen0.split()[2]
    hist = case.get("moves", [])
    out = [f"  - id: {case['id']}{suffix}",
           f"    title: {q(flip_title(case['title'], castling))}",
           f"    rule: \"{case['rule']}\""]
    if case.get("source"):
        out.append(f"    source: {q('the colour flip of the position of ' + case['source'])}")
    tags = [t for t in case.get("tags", []) if t not in ("black-moves", "black")]
    if suffix == "-black":
        tags = ["black"] + tags
    out.append(f"    tags: {flow(tags)}")
    out.append(f"    fen: {flip_fen(fen0)}")
    if hist:
        out.append(f"    moves: {flow(sq(m) for m in hist)}")
    out.append("    expect:")
    for key, value in case["expect"].items():
        if key in ("legal", "illegal", "moves"):
            out.append(f"      {key}: {flow(sq(m) for m in value)}")
        elif key == "checkers":
            out.append(f"      {key}: {flow(sq(m) for m in value)}")
        elif key in ("state", "winner"):
            out.append(f"      {key}: {dict(white='black', black='white').get(value, value)}")
        elif key in ("move_count", "check", "valid"):
            out.append(f"      {key}: {str(value).lower()}")
        elif key == "claims":
            out.append(f"      {key}: {flow(value)}")
        elif key == "san":
            out.append("      san: { " + ", ".join(f"{sq(k)}: {sq(v)}" for k, v in value.items()) + " }")
        elif key == "from_san":
            out.append("      from_san: { " + ", ".join(
                f"{sq(k)}: {'null' if v is None else sq(v)}" for k, v in value.items()) + " }")
        elif key == "after":
            out.append("      after:")
            for entry in value:
                out.append(f"        - move: {sq(entry['move'])}")
                out.append(f"          fen: {flip_after_fen(fen0, entry['fen'], len(hist) + 1)}")
        elif key == "touch_move":
            out.append("      touch_move:")
            for ruling in value:
                out.append(f"        - events: {flow(sq(e) for e in ruling['events'])}")
                allowed = ruling["allowed"]
                out.append("          allowed: " + (allowed if allowed == "any" else flow(sq(m) for m in allowed)))
        else:
            raise SystemExit(f"{case['id']}: no flip for {key}")
    return "\n".join(out)


def main():
    doc = yaml.safe_load(open(sys.argv[1]))
    ids = {c["id"] for c in doc["cases"]}
    for case in doc["cases"]:
        if case["id"].endswith("-black") or case["id"].endswith("-white"):
            continue
        if "black" in case.get("tags", []):
            # a case written for Black: its twin is White's
            if case["id"] + "-white" not in ids:
                print(emit(case, "-white"))
            continue
        if case["id"] + "-black" in ids:
            continue
        print(emit(case))


if __name__ == "__main__":
    main()
