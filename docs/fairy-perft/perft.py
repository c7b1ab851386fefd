#!/usr/bin/env python3
"""Perft counts of small positions with the historical pieces (issue 10), from three engines:
Sjaak II (xboard, `perft N` on the variant file sjaakii.txt), Fairy-Stockfish's UCI engine
(`go perft N` on fairy-stockfish.ini; amazon, ferz and alfil only: 11.1 has no custom pieces)
and pyffish (a walk over `legal_moves`, since it has no perft; customPieceN definitions). Each
engine answers through its own API; nothing here computes a move.

Letters: amazon a/A (QN), ferz f/F (F), alfil e/E (A), short rook s/S (R2), dabbaba d/D (D).
Run: python3 docs/fairy-perft/perft.py [--pyffish-calls N] > table.md   (prints a Markdown table)
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SJAAK = "/usr/games/sjaakii"
FSF = "/usr/games/fairy-stockfish"
FSF_LETTERS = set("kqrbnpafe")  # the letters fairy-stockfish.ini defines

# (FEN, deepest depth, what it shows)
POSITIONS = [
    ("4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", 4, "amazon in the centre"),
    ("4k3/8/8/8/3F4/8/8/4K3 w - - 0 1", 4, "ferz in the centre"),
    ("4k3/8/8/8/8/8/3e4/4K3 b - - 0 1", 4, "black alfil beside the white king"),
    ("4k3/3p4/8/8/3S4/3P4/8/4K3 w - - 0 1", 4, "short rook blocked at one square"),
    ("4k3/8/2p5/8/3D4/3P4/8/4K3 w - - 0 1", 4, "dabbaba jumping over its own pawn"),
    ("4k3/4r3/8/8/8/8/4F3/4K3 w - - 0 1", 4, "ferz pinned on the file: no move"),
    ("4k3/8/8/8/8/2b5/3S4/4K3 w - - 0 1", 4, "short rook pinned on the diagonal"),
    ("4k3/8/4D3/8/8/8/8/4K3 b - - 0 1", 4, "dabbaba check from two squares (Black in check)"),
    ("k7/8/1A6/8/8/8/8/2K5 b - - 0 1", 2, "amazon mate (Black to move: none)"),
    ("k7/8/1Q6/8/8/8/8/2K5 b - - 0 1", 2, "queen stalemate on the same squares"),
    ("4k3/8/8/8/8/8/8/A3K2a w - - 0 1", 4, "two amazons, White in check on the rank"),
    ("r3k3/8/8/3f4/8/2E5/8/4K2S w - - 0 1", 4, "ferz, alfil, short rook, rook"),
    ("4k3/pp3p2/2n5/3s4/4E3/2F1P3/PP3P2/4K3 w - - 0 1", 4, "pawns, knight, short rook, alfil, ferz"),
    ("4k3/pp3p2/2n5/3s4/4E3/2F1P3/PP3P2/4K3 b - - 0 1", 4, "the same, Black to move"),
    ("s3k1e1/8/2d5/8/4A3/1F6/8/4K3 b - - 0 1", 4, "all five pieces"),
    ("2e1k1e1/1f4f1/8/8/8/8/1F4F1/2E1K1E1 w - - 0 1", 4, "shatranj's minor pieces, both sides"),
    ("4k3/1P6/8/8/3f4/8/8/4K3 w - - 0 1", 4, "promotion beside a black ferz (QRBN only)"),
    ("4k3/8/8/2FpP3/8/8/8/4K3 w - d6 0 1", 4, "en passant beside a ferz"),
    ("4k3/8/8/8/3s4/8/2P5/4K3 b - - 0 1", 4, "black short rook, a pawn's double step it can block"),
    ("4k3/4n3/4S3/8/8/8/8/4K3 b - - 0 1", 4, "short rook pins a knight from two squares"),
    ("4k3/8/8/8/8/2b5/3A4/4K3 w - - 0 1", 4, "amazon pinned: only the capture along the pin"),
    ("4k3/8/8/8/1b6/8/3F4/4K3 w - - 0 1", 4, "ferz pinned on a diagonal: one move along it"),
    ("k7/p1K5/2E5/8/8/8/8/8 b - - 0 1", 1, "alfil mate (Black to move: none)"),
    ("k1S5/8/1K6/8/8/8/8/8 b - - 0 1", 1, "short rook mate (Black to move: none)"),
    ("k1D5/8/1K6/8/8/8/8/8 b - - 0 1", 4, "the dabbaba there checks too, but b8 stays free"),
]


def sjaak(fen, depth):
    """Sjaak II's counts for depths 1..depth."""
    script = ("xboard\nprotover 2\nnew\nvariant cc-historical\nforce\nsetboard %s\nperft %d\n"
              "ping 1\n" % (fen, depth))
    proc = subprocess.Popen(["nice", "-n", "10", SJAAK, "-no_user_variants",
                             os.path.join(HERE, "sjaakii.txt")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    counts = {}
    proc.stdin.write(script)
    proc.stdin.flush()
    for line in proc.stdout:
        if "rror" in line:
            raise RuntimeError("Sjaak II: %s (%s)" % (line.strip(), fen))
        words = line.split()
        if len(words) >= 3 and words[0].isdigit() and words[1].isdigit() and "nps" in line:
            counts[int(words[0])] = int(words[1])
        if line.startswith("pong"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=10)
    return counts


def fsf(fen, depth):
    """Fairy-Stockfish 11.1's counts, or {} when the position holds a piece it lacks."""
    if not set(fen.split()[0].lower()) - set("/12345678") <= FSF_LETTERS:
        return {}
    lines = ["uci", "setoption name VariantPath value %s" % os.path.join(HERE, "fairy-stockfish.ini"),
             "setoption name UCI_Variant value cc-historical"]
    for d in range(1, depth + 1):
        lines += ["position fen %s" % fen, "go perft %d" % d]
    lines.append("quit")
    out = subprocess.run(["nice", "-n", "10", FSF], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=120).stdout
    found = [int(line.split()[-1]) for line in out.splitlines() if line.startswith("Nodes searched")]
    return {d + 1: n for d, n in enumerate(found)}


def pyffish_counts(fen, depth, budget):
    """pyffish's counts (a walk over legal_moves), each depth while under `budget` calls."""
    import pyffish as sf
    name = "cc-historical"
    if name not in sf.variants():
        sf.load_variant_config("[%s:chess]\ncustomPiece1 = a:QN\ncustomPiece2 = f:F\n"
                               "customPiece3 = e:A\ncustomPiece4 = s:R2\ncustomPiece5 = d:D\n"
                               % name)
    if name not in sf.variants():
        raise RuntimeError("pyffish did not load %s" % name)
    counts, calls = {}, [0]

    def walk(path, d):
        calls[0] += 1
        moves = sf.legal_moves(name, fen, path)
        if d == 1:
            return len(moves)
        return sum(walk(path + [m], d - 1) for m in moves)
    for d in range(1, depth + 1):
        if calls[0] > budget:
            break
        counts[d] = walk([], d)
    return counts


def main():
    budget = int(sys.argv[sys.argv.index("--pyffish-calls") + 1]) if "--pyffish-calls" in sys.argv \
        else 20000
    print("| # | FEN | shows | depth | Sjaak II 1.4.1 | Fairy-Stockfish 11.1 | pyffish 0.0.90 | agree |")
    print("|---|---|---|---|---|---|---|---|")
    for i, (fen, depth, what) in enumerate(POSITIONS, 1):
        s, f, p = sjaak(fen, depth), fsf(fen, depth), pyffish_counts(fen, depth, budget)
        for d in range(1, depth + 1):
            got = [c[d] for c in (s, f, p) if d in c]
            agree = "yes (%d)" % len(got) if len(set(got)) == 1 and len(got) >= 2 else \
                ("**NO**" if len(set(got)) > 1 else "one engine")
            cells = [str(c[d]) if d in c else "–" for c in (s, f, p)]
            print("| %s | %s | %s | %d | %s | %s |" % (
                i if d == 1 else "", "`%s`" % fen if d == 1 else "", what if d == 1 else "", d,
                " | ".join(cells), agree))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
