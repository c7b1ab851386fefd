"""The pyffish shim on positions with pieces beyond the six (issue 10), spoken to over the
protocol as the harness would, until the harness sends `pieces` itself. Each expected answer is
a fact of the pieces' definitions (Betza's notation; RULES.md, "Attacked squares and historical
pieces"), not an answer copied from pyffish. Skipped when pyffish is not installed.
Run: python3 -m unittest adapters/test_pyffish_shim.py (or pytest)."""
import importlib.util
import json
import os
import subprocess
import sys
import unittest

SHIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pyffish_shim.py")
AMAZON = {"letter": "a", "name": "amazon", "betza": "QN"}
FERZ = {"letter": "f", "name": "ferz", "betza": "F"}
ALFIL = {"letter": "e", "name": "alfil", "betza": "A"}
SHORT_ROOK = {"letter": "s", "name": "short rook", "betza": "R2"}
DABBABA = {"letter": "d", "name": "dabbaba", "betza": "D"}


@unittest.skipIf(importlib.util.find_spec("pyffish") is None, "pyffish is not installed")
class PiecesOverTheProtocol(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.shim = subprocess.Popen([sys.executable, SHIM], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        cls.seq = 0
        cls.handshake = cls.ask({"type": "start", "protocol": 1})

    @classmethod
    def tearDownClass(cls):
        cls.shim.stdin.close()
        cls.shim.wait(timeout=10)

    @classmethod
    def ask(cls, request):
        cls.seq += 1
        request = dict(request, seq=cls.seq)
        cls.shim.stdin.write(json.dumps(request) + "\n")
        cls.shim.stdin.flush()
        answer = json.loads(cls.shim.stdout.readline())
        assert answer["seq"] == cls.seq, answer
        return answer

    def result(self, kind, fen, pieces, **extra):
        answer = self.ask(dict({"type": kind, "fen": fen, "moves": [], "pieces": pieces}, **extra))
        self.assertIn("result", answer, answer)
        return answer["result"]

    def moves_from(self, fen, pieces, square):
        return sorted(m[2:] for m in self.result("legal_moves", fen, pieces) if m[:2] == square)

    def test_declares_pieces(self):
        self.assertIn("pieces", self.handshake["result"]["capabilities"])

    def test_ferz_one_square_diagonally(self):
        self.assertEqual(self.moves_from("4k3/8/8/8/3F4/8/8/4K3 w - - 0 1", [FERZ], "d4"),
                         ["c3", "c5", "e3", "e5"])
        self.assertEqual(self.moves_from("4k3/8/8/8/8/8/8/F3K3 w - - 0 1", [FERZ], "a1"), ["b2"])

    def test_alfil_jumps_two_diagonally_never_one(self):
        fen = "4k3/8/8/2P1P3/3E4/2P1P3/8/4K3 w - - 0 1"  # its own pawns on the four squares between
        self.assertEqual(self.moves_from(fen, [ALFIL], "d4"), ["b2", "b6", "f2", "f6"])

    def test_short_rook_blocked_at_one_square_free_at_two(self):
        fen = "4k3/8/8/3P4/3S4/8/8/4K3 w - - 0 1"
        self.assertEqual(self.moves_from(fen, [SHORT_ROOK], "d4"),
                         ["b4", "c4", "d2", "d3", "e4", "f4"])

    def test_dabbaba_jumps_exactly_two(self):
        fen = "4k3/8/8/8/3D4/3P4/8/4K3 w - - 0 1"
        self.assertEqual(self.moves_from(fen, [DABBABA], "d4"), ["b4", "d2", "d6", "f4"])

    def test_amazon_reaches_35_squares_from_d4(self):
        self.assertEqual(len(self.moves_from("7k/8/8/8/3A4/8/8/7K w - - 0 1", [AMAZON], "d4")), 35)

    def test_amazon_mates_where_the_queen_stalemates(self):
        self.assertEqual(self.result("game_state", "k7/8/1A6/8/8/8/8/2K5 b - - 0 1", [AMAZON]),
                         {"state": "checkmate", "winner": "white"})
        self.assertEqual(self.result("game_state", "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1", [AMAZON]),
                         {"state": "stalemate"})

    def test_alfil_checks_over_a_piece(self):
        self.assertTrue(self.result("in_check", "4k3/3p4/2E5/8/8/8/8/4K3 b - - 0 1", [ALFIL]))

    def test_san_uses_the_piece_letter(self):
        self.assertEqual(self.result("san", "k7/8/8/1A6/8/8/8/2K5 w - - 0 1", [AMAZON],
                                     move="b5b6"), "Ab6#")
        self.assertEqual(self.result("san", "4k3/8/8/8/8/8/8/F1F1K3 w - - 0 1", [FERZ],
                                     move="a1b2"), "Fab2")

    def test_perft_beyond_depth_two(self):
        # Ferz on d4 (4 moves) and the white king on e1 (5): 9. Depth 3, 450, as Sjaak II and
        # Fairy-Stockfish 11.1 count it (docs/fairy-perft.md, row 2); standard chess stops at 2.
        fen = "4k3/8/8/8/3F4/8/8/4K3 w - - 0 1"
        self.assertEqual(self.result("perft", fen, [FERZ], depth=1), 9)
        self.assertEqual(self.result("perft", fen, [FERZ], depth=3), 450)

    def test_rider_pyffish_cannot_move_is_unsupported(self):
        answer = self.ask({"type": "legal_moves", "fen": "4k3/8/8/8/3E4/8/8/4K3 w - - 0 1",
                           "moves": [], "pieces": [dict(ALFIL, betza="AA")]})
        self.assertIn("unsupported", answer, answer)

    def test_modifier_is_unsupported(self):
        answer = self.ask({"type": "legal_moves", "fen": "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1",
                           "moves": [], "pieces": [dict(AMAZON, betza="mQcN")]})
        self.assertIn("unsupported", answer, answer)

    def test_letter_of_the_six_is_an_error(self):
        answer = self.ask({"type": "legal_moves", "fen": "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1",
                           "moves": [], "pieces": [dict(FERZ, letter="n")]})
        self.assertIn("error", answer, answer)

    def test_letter_outside_the_set_is_an_error(self):
        answer = self.ask({"type": "legal_moves", "fen": "4k3/8/8/8/3S4/8/8/4K3 w - - 0 1",
                           "moves": [], "pieces": [AMAZON]})
        self.assertIn("error", answer, answer)

    def test_standard_requests_are_unchanged(self):
        answer = self.ask({"type": "perft", "moves": [], "depth": 2,
                           "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"})
        self.assertEqual(answer.get("result"), 400, answer)
        answer = self.ask({"type": "perft", "moves": [], "depth": 3,
                           "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"})
        self.assertIn("unsupported", answer, answer)


if __name__ == "__main__":
    unittest.main()
