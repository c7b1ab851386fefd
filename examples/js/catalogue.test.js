// The chess-conformance catalogue against chess.js, read from the installed data package.
//
// Every case of the chess-conformance-cases package (the JSON export of `chess-conformance
// generate`, hand-written and generated cases: packages/npm) becomes one test of node's test
// runner, named by its id, grouped by rule area. Each assertion of the case format (docs/CASES.md) is asked of chess.js and compared
// by meaning, as the Rust harness does.
//
// - Where chess.js answers differently, the case is listed in EXPECTED_FAILURES with the reason:
//   it is reported as a TODO (a visible, counted disagreement), and a listed case that starts to
//   pass fails the run, so the list cannot go stale.
// - Where the case asks what chess.js does not implement (the automatic fivefold and
//   seventy-five-move endings, whether one side can still mate, a dead position beyond
//   material, touch-move rulings), those assertions are not asked and the test is reported as
//   skipped with the reason, never as passed, like an engine that lacks a capability. So are
//   perft depths beyond PERFT_BUDGET nodes.
//
//     npm ci && node --test      (from this folder, after packages/build.sh)
//
// package.json installs the package from the tarball packages/build.sh packs
// (target/packages/chess-conformance-cases.tgz, the artifact CI builds); its entry in
// package-lock.json has no `integrity`, so that a rebuilt tarball (a new catalogue) installs
// without editing the lock. A user pins the registry's instead: "chess-conformance-cases": "1.0.0".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as catalogue from 'chess-conformance-cases';
import { Chess, SQUARES, validateFen } from 'chess.js';

const PERFT_BUDGET = 25_000;

// Where chess.js disagrees with the catalogue, by reason: each listed case is a reported
// disagreement (a TODO in the results), not a hidden one; see the header. Most are FENs that
// chess.js's validateFen accepts although they describe no legal position (FIDE 3.10.3):
// validateFen checks the syntax, the kings and the pawns' ranks, not what a game can reach.
const EXPECTED_FAILURES = new Map(
  Object.entries({
    "validateFen accepts a side with nine pawns": [
      "fen/nine-white-pawns", "fen/mined/8fa2b08c270d", "fen/mined/3af70f051848",
      "fen/mined/2ee79fd81198", "fen/mined/70e2732acca2", "fen/mined/7930943b96ec",
      "fen/mined/8e8af2276489", "fen/mined/6207e887c9e5", "fen/mined/ff26d8dec609",
      "fen/mined/2c683d06c565", "fen/mined/23ccab4bfe54", "fen/mined/234b4f719054",
      "fen/mined/0a99c147ed26", "fen/mined/b3f6091ead0b", "fen/mined/1a70a53d7841",
      "fen/mined/b27fe679b28e", "fen/mined/954fdab902a8", "fen/mined/97e6528cc1a8",
      "fen/mined/257aadb2247f", "fen/mined/b11dbe305632", "fen/mined/8ce369f69c3d",
      "fen/mined/081a6f217077", "fen/mined/64c512a4afd4", "fen/mined/d6707ea9bce0",
      "fen/mined/16165b95e3a9", "fen/mined/91429df1870d", "fen/mined/b51570a1000a",
      "fen/mined/f1685e7dfac9", "fen/mined/83ccc3766877", "fen/mined/1c25b3bc7031",
      "fen/mined/1cef17571d7f", "fen/mined/79cc89c87c09", "fen/mined/89fe4b24a489",
      "fen/mined/268e6cbf18dd", "fen/mined/2286400e18b4", "fen/mined/c7ec6c9a79e9",
      "fen/mined/8171a35eaa5b", "fen/mined/73f90e81e8c0", "fen/mined/775344767ac9",
      "fen/mined/7b8c6013e323", "fen/mined/5d43c0186b64", "fen/mined/3dfceae11b6b",
      "fen/mined/10b799468d04", "fen/mined/7ecb147d4dbe", "fen/mined/7639b0164fd4",
      "fen/mined/f5c198adb286", "fen/mined/1431cf3abab7", "fen/mined/7a75597fb422",
      "fen/mined/e2e051a5e72a", "fen/mined/7d0a7bc94aa0", "fen/mined/6856b0cf3196",
      "fen/mined/eb1efc59d2cc", "fen/mined/3e83c83cb337", "fen/mined/256c2722d9a2",
      "fen/mined/ecfe4c8a5af5", "fen/mined/4e9465f51976", "fen/mined/75556af156d7",
      "fen/mined/8471c32e850d", "fen/mined/1336581d18e7", "fen/mined/730a0fdf1df6",
      "fen/mined/b2f42b37c8d5", "fen/mined/96ce0dd11359", "fen/mined/5b227a0f95ca",
      "fen/mined/3d8c1496bfee", "fen/mined/9a609b042efd", "fen/mined/2bd3b9a74d36",
      "fen/mined/b51f4dc62d19", "fen/mined/9e07df4a3016", "fen/mined/6c83d0388ace",
      "fen/mined/80f095ab6a4c", "fen/mined/74ba009872e3", "fen/mined/d2ce3574ab93",
      "fen/mined/c4e4877abf8e", "fen/mined/0724ff2a70e8", "fen/mined/059d091d97c9",
      "fen/mined/027e373c0e2c", "fen/mined/39386257a501", "fen/mined/cb735c8466ba",
      "fen/mined/1e59950afbe4", "fen/mined/beaf3bdf2d3f", "fen/mined/eb9abec02ad9",
      "fen/mined/27d261382a90", "fen/mined/ef9c7cfb82e7", "fen/mined/db52989de496",
      "fen/mined/e98bfefc7a10", "fen/mined/589553ce548e", "fen/mined/f430e073eebb",
      "fen/mined/487898e25e81", "fen/mined/61d8b842ae55", "fen/mined/9fc35fada408",
      "fen/mined/d6e579d3500b",
    ],
    "validateFen does not count promoted pieces against missing pawns": [
      "fen/eight-pawns-and-a-promoted-queen",
    ],
    "validateFen accepts a position where the side not to move is in check": [
      "fen/side-not-to-move-in-check", "fen/side-not-to-move-in-check-black",
      "fen/mined/e1af43567744", "fen/mined/2aedbbb0bf24", "fen/mined/17ef9ea8bdf8",
      "fen/mined/5c45e772d1cc", "fen/mined/dd1e6ca43052", "fen/mined/aa15da13b1e7",
      "fen/mined/8cec7afd2f5b", "fen/mined/05bec9ff585a", "fen/mined/0e07553e8975",
      "fen/mined/114d8ffd6b93", "fen/mined/b125de5740db", "fen/mined/6f32673a73c5",
      "fen/mined/ae3cb3c917e4", "fen/mined/0b6334dc5cde", "fen/mined/ef21d8c6abd3",
      "fen/mined/97e10ae53e86", "fen/mined/f117adbc301a", "fen/mined/de8dd508e12a",
      "fen/mined/fdc5759e7dfa", "fen/mined/81398a37073e", "fen/mined/4e0b836a2a79",
      "fen/mined/a99dcac5109e", "fen/mined/ec35ff15f8af", "fen/mined/b953b26c4981",
      "fen/mined/3a8502deafd5", "fen/mined/846fd37dc8f8", "fen/mined/bd78e462c566",
      "fen/mined/69f5d3637aa9", "fen/mined/c68f85fef7f8", "fen/mined/dd3fc6a2364c",
      "fen/mined/3810ecc8a6f0", "fen/mined/b0c2b10c0018", "fen/mined/264e5037faf0",
      "fen/mined/45aeae4f67ce", "fen/mined/4ef581b8aa94", "fen/mined/3027e8bed99a",
      "fen/mined/a521bf4f75cc", "fen/mined/a19a100c0ccf", "fen/mined/85476bd50262",
      "fen/mined/935de521ee43", "fen/mined/86c740be476a", "fen/mined/e5ec158c9cac",
      "fen/mined/df924c0f967d", "fen/mined/92d66caf80ff", "fen/mined/69151f8c1cd3",
      "fen/mined/f6f0c224c153", "fen/mined/738b43822898", "fen/mined/dc6072562509",
      "fen/mined/4428883b77c1", "fen/mined/d2ee0be8c9c7", "fen/mined/4ed5c3668773",
      "fen/mined/5534aa362013", "fen/mined/b2ef67edfd91", "fen/mined/6d6a315713a8",
      "fen/mined/3568705bd110", "fen/mined/9f31b0d6aea3", "fen/mined/83add29878a5",
      "fen/mined/04ab193814d3", "fen/mined/52283850d1e2", "fen/mined/59b6d52aaeeb",
      "fen/mined/7ba27300fd05", "fen/mined/70ce241a5c06", "fen/mined/dbe37671cba1",
      "fen/mined/960c4f994623", "fen/mined/01ad893eb465", "fen/mined/569bab8f12c5",
      "fen/mined/a534f91eb8a2", "fen/mined/1eee073ceb05", "fen/mined/1f1e557c3d1f",
      "fen/mined/48ecb8016bb7", "fen/mined/4a2e5ebc4579", "fen/mined/55aa1d574688",
      "fen/mined/a4637a447750", "fen/mined/95e90ee703bb", "fen/mined/2e92952437ec",
      "fen/mined/de82ec477e06", "fen/mined/6c3b1e4fec06", "fen/mined/8071e0e10f2b",
      "fen/mined/0296d63cf23c", "fen/mined/a4756e129677", "fen/mined/50d8591acabf",
      "fen/mined/70ebca1968c6", "fen/mined/b4dfb6899ee7", "fen/mined/3d444047193a",
      "fen/mined/ee6529acbd72", "fen/mined/447cade6646a", "fen/mined/fb188665d34b",
      "fen/mined/6bd17b36215e", "fen/mined/cf37c8a249ef", "fen/mined/f3d8c884577c",
    ],
    "validateFen accepts a check no move can give": [
      "fen/triple-check", "fen/double-check-by-two-knights",
    ],
    "validateFen accepts a castling right whose king is not on its square": [
      "fen/castling-right-after-king-moved", "fen/castling-right-after-king-moved-black",
    ],
    "validateFen accepts a castling right whose rook is not on its square": [
      "fen/castling-right-without-rook", "fen/mined/2b5c2f666068", "fen/mined/1cc5762a60bf",
      "fen/mined/3a702c321e10", "fen/mined/0bc8bbdd3e86", "fen/mined/166442bec1af",
      "fen/mined/20dc48504053", "fen/mined/72fa448686a9", "fen/mined/54890561e93e",
      "fen/mined/c6df0ccd8ee9", "fen/mined/bd7fb5eaf9d7", "fen/mined/dfaeea0acd93",
      "fen/mined/28f6614fc10d", "fen/mined/0d2e69731d7a", "fen/mined/802da27bee4c",
      "fen/mined/0abbdc2ab2ea", "fen/mined/1cf1c134f52a", "fen/mined/13ba12661886",
      "fen/mined/fbb0b3d5257d", "fen/mined/25028c2fecfe", "fen/mined/a94aabd1da2d",
      "fen/mined/47efed7b2dd5", "fen/mined/6f855d3cefc1", "fen/mined/8b40611b158a",
      "fen/mined/3de3d54314c4", "fen/mined/fde61f840735", "fen/mined/0d603fd8401c",
      "fen/mined/2617a7c887fa", "fen/mined/e163c9dd11a7", "fen/mined/679d57f9f939",
      "fen/mined/e10608d7b52b", "fen/mined/01486aaf3f65", "fen/mined/bb1a5d497ba3",
      "fen/mined/51d23f468098", "fen/mined/62ebae202245", "fen/mined/d5617899a601",
      "fen/mined/f5e468387ba6", "fen/mined/2bb12f569c9e", "fen/mined/e45c96d68992",
      "fen/mined/ea3bd5027f86", "fen/mined/514ad0256b04", "fen/mined/4a3fd8eae063",
      "fen/mined/2351bf32bd7d", "fen/mined/40b2fe8c26e9", "fen/mined/e04e7779be68",
      "fen/mined/ca2f5e270665", "fen/mined/eee21ae12841", "fen/mined/806caa4d54fa",
      "fen/mined/a3d37260d498", "fen/mined/b982f24d8f70", "fen/mined/68f2012cd818",
      "fen/mined/241773f48b15", "fen/mined/f2e4de7f6444", "fen/mined/363e6b6791da",
      "fen/mined/856b7055e8b9", "fen/mined/bc0e73428ef9", "fen/mined/9baaa0c1e711",
      "fen/mined/4ccbf4fb9843", "fen/mined/62ff0c617226", "fen/mined/e02c283aea53",
      "fen/mined/4f293cd755c5", "fen/mined/a8442c6a8ffc", "fen/mined/f3a2337b5682",
      "fen/mined/850920bab515", "fen/mined/f81d1fe5bce9", "fen/mined/cf1ec04e9dff",
      "fen/mined/51e38a88005c", "fen/mined/7ca3f4dd6ac2", "fen/mined/453de82bf10b",
      "fen/mined/1d5aed86bf1f", "fen/mined/510de478f0ba", "fen/mined/79a6f3139276",
      "fen/mined/753b8bafd99d", "fen/mined/4edd3b484622", "fen/mined/9a51a9063cbb",
      "fen/mined/2be1f3964465", "fen/mined/6cfb173c3814", "fen/mined/e1e5102d04a0",
      "fen/mined/f822c1bc2928", "fen/mined/87ad9ac1af99", "fen/mined/2d8128f879d1",
      "fen/mined/97207f27aac6", "fen/mined/6ceb3cd8c571", "fen/mined/2b45576bee66",
      "fen/mined/8c0e1e6c57dd", "fen/mined/e9ee2e522a70", "fen/mined/736230aaafbb",
      "fen/mined/199343236b14", "fen/mined/1644081f6ede", "fen/mined/ae17b7195b6e",
      "fen/mined/a08242df1e11",
    ],
    "validateFen accepts an en passant square that no double step can have left (no pawn in front of it)": [
      "fen/ep-square-without-double-stepped-pawn",
      "fen/ep-square-without-double-stepped-pawn-black", "fen/ep-square-with-start-square-occupied",
      "fen/mined/84f3aaf3cc98", "fen/mined/160282eeb8a3", "fen/mined/b121bf1a02fb",
      "fen/mined/64b07e8b702b", "fen/mined/dc374ca039b4", "fen/mined/20773c337808",
      "fen/mined/c52c01d44857", "fen/mined/92f53716f251", "fen/mined/f7c45446f8ce",
      "fen/mined/017169cabfd6", "fen/mined/ee07c37e206f", "fen/mined/172ea9d765f4",
      "fen/mined/cb987f8c87a7", "fen/mined/ee4cf82d5b8a", "fen/mined/b1a75709e0cd",
      "fen/mined/353c6dd8f2d9", "fen/mined/48d1fdcb18e0", "fen/mined/6c059dc8871c",
      "fen/mined/afdaf81dcc24", "fen/mined/bb1a9957e8e9", "fen/mined/bf7fcb977fae",
      "fen/mined/96c54ac4bef1", "fen/mined/c1c20f49f1d4", "fen/mined/69265519c987",
      "fen/mined/4cc2a42d9d0d", "fen/mined/d4dcd60ef025", "fen/mined/dddd4648e6fe",
      "fen/mined/6830192f2305", "fen/mined/12bcdc119d12", "fen/mined/1f1277024c57",
      "fen/mined/f3d015008f11", "fen/mined/994e1a6b4a78", "fen/mined/8161f63753be",
      "fen/mined/9aba3723b9ef", "fen/mined/e520ec62fa05", "fen/mined/3621eb772bb6",
      "fen/mined/747f3b889620", "fen/mined/458e0fe67bc1", "fen/mined/1406d75c153f",
      "fen/mined/8e0c171dad78", "fen/mined/88ecb124470a", "fen/mined/ec0a6b7a900a",
      "fen/mined/0206f00fbcb8", "fen/mined/ecac4b0b1262", "fen/mined/d5477711f714",
      "fen/mined/82b71e36cf92", "fen/mined/fa4d45a264d9", "fen/mined/c8eaf2e00764",
      "fen/mined/7e35ab80ecc3", "fen/mined/f9dcb04ce2f8", "fen/mined/9a863f7e77ce",
      "fen/mined/c030b3345e98", "fen/mined/c1c45d7fe368", "fen/mined/6ff78b5944b9",
      "fen/mined/c2903f52f582", "fen/mined/525dbe260a18", "fen/mined/f3a309887e97",
      "fen/mined/80f94a2ec5d8", "fen/mined/a78723616b82", "fen/mined/d99e2d2fc5e7",
      "fen/mined/a0641c7d8cd9", "fen/mined/bd1063a86d9b", "fen/mined/4670b14feb51",
      "fen/mined/9d11036261cd", "fen/mined/b3f9b6b137ed", "fen/mined/e487c52d8e79",
      "fen/mined/b7f3c9aaeac7", "fen/mined/1ac841a6079a", "fen/mined/9aab89d991a0",
      "fen/mined/e039d20aab25", "fen/mined/4e1348d28048", "fen/mined/ac3d0e37f7ff",
      "fen/mined/e4157d62b823", "fen/mined/5cc4d8938b56", "fen/mined/ef0e288786ac",
      "fen/mined/501af04f5f6d", "fen/mined/e00065e7566c", "fen/mined/b3ec985b2d64",
      "fen/mined/53e6be818f85", "fen/mined/f0a2cb8b4796", "fen/mined/3c90bc73119f",
      "fen/mined/763036b24229", "fen/mined/d70bc1359f82", "fen/mined/bdd1aa514655",
      "fen/mined/b5aa54ce9dcb", "fen/mined/4b9d4e0e5eaa", "fen/mined/0da9d9878e6d",
      "fen/mined/af2e064280ba", "fen/mined/04b4fc7c3ad5", "fen/mined/b631065b04f3",
    ],
    "validateFen accepts a castling field that repeats a letter (KQkqK)": [
      "fen/mined/96fb1a52b161", "fen/mined/f3fc53987ef2", "fen/mined/d6012be0b95c",
      "fen/mined/35793a2ab22a", "fen/mined/191611d70aa6", "fen/mined/8660064e4d0c",
      "fen/mined/a952ddae67fe", "fen/mined/db45c57689d4", "fen/mined/00bdb99306ba",
      "fen/mined/428a42b2c0b2", "fen/mined/54051ea874d6", "fen/mined/0c4c1f6de4c0",
      "fen/mined/cf8f02941378", "fen/mined/bcf45e48d560", "fen/mined/33cf0c1cc0e0",
    ],
    "chess.js has no seventy-five-move rule: a game over at 150 halfmoves still offers the fifty-move claim": [
      "fifty-move/seventy-five-at-150", "fifty-move/seventy-five-at-150-black",
      "fifty-move/seventy-five-reached-by-a-move", "fifty-move/flip/c3aa60e77687",
      "fifty-move/mirror/8210ca396609", "fifty-move/mirror/e6cc3d0f46cb",
      "fifty-move/mirror/057519174530",
    ],
    "chess.js has no seventy-five-move rule: a move declared to reach 150 halfmoves ends the game, and chess.js still offers the fifty-move claim": [
      "fifty-move/declared-150th-half-move-ends-the-game", "fifty-move/flip/eda6e19d2253",
      "fifty-move/mirror/7a9b4811258f",
    ],
    "chess.js has no fivefold repetition: a game over by it still offers the threefold claim": [
      "repetition/fivefold-ends-the-game", "repetition/fivefold-ends-the-game-black",
      "repetition/mirror/5ca78069a253", "repetition/mirror/89c0bc92a663",
    ],
    "chess.js has no fivefold repetition: a move declared to make the fifth occurrence ends the game, and chess.js still offers the threefold claim": [
      "repetition/mined/327ede38bf2a", "repetition/mined/aab5f5028cc1",
      "repetition/mined/0d4c0ef49551", "repetition/mined/f5faddf997f5",
      "repetition/mined/fe5e849de01c", "repetition/mined/b2aad8000287",
      "repetition/mined/60a5e84f1dc0", "repetition/mined/4be33e188eec",
      "repetition/mined/fe2cf4718693", "repetition/mined/6ac5643c01b2",
      "repetition/mined/3cb146ad90f8", "repetition/mined/9e9981cb1867",
      "repetition/mined/5ba0095a9ab5", "repetition/mined/fec0f0e290ca",
      "repetition/mined/0c4d9728a4c8", "repetition/mined/d7a2524903e4",
      "repetition/mined/38d326085eef", "repetition/mined/b29d15027cef",
      "repetition/mined/32b3b7fc29c3", "repetition/mined/e5cb7fdea296",
      "repetition/mined/f45d8426f10e", "repetition/mined/08dee9a5c35b",
      "repetition/mined/00caea026c7e", "repetition/mined/8aac60377fbb",
      "repetition/mined/df9e14fb5bda", "repetition/mined/0504ccc2321e",
    ],
    "chess.js counts an en passant square as part of the position whenever a pawn could capture there, even when the capture is illegal (pinned, or leaves the king in check), so repetitions that FIDE 9.2.2 counts are missed": [
      "repetition/pinned-en-passant-still-threefold",
      "repetition/pinned-en-passant-still-threefold-black", "repetition/pinned-en-passant-in-fen",
      "repetition/pinned-en-passant-in-fen-black",
      "repetition/rank-pinned-en-passant-still-threefold",
      "repetition/en-passant-cannot-answer-check", "repetition/flip/265f7e74b09f",
      "repetition/flip/b64b163d5730", "repetition/flip/f8250c41af24",
      "repetition/flip/2eb9f606021f",
      "repetition/mirror/d145927ecc5a",
      "repetition/mirror/67bfea363501", "repetition/mirror/6884584df2e7",
      "repetition/mirror/4335e545d7f7", "repetition/mirror/89d4f428c832",
      "repetition/mirror/54534b9686c1", "repetition/claim-with-move-pinned-en-passant",
      "repetition/flip/13ff62033854", "repetition/mirror/b8b7788387e3",
    ],
    "chess.js reads SAN loosely: a SAN still ambiguous after its disambiguation (Q4e1 with queens on e4 and h4 that both reach e1) is taken as one of the moves": [
      "san/disambiguate-by-file-and-rank", "san/disambiguate-by-file-and-rank-black",
      "san/flip/6d5833793c82", "san/flip/6f032edba978", "san/mirror/b2f868f48eac",
      "san/mirror/27d316270527",
    ],
  }).flatMap(([reason, ids]) => ids.map((id) => [id, reason])),
);

const areas = catalogue.areas().map((area) => [area, catalogue.cases({ area })]);

const other = (color) => (color === 'w' ? 'b' : 'w');
const sorted = (items) => [...items].sort();

function setup(c) {
  const chess = new Chess(c.fen);
  for (const uci of c.moves ?? []) {
    try {
      chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    } catch (e) {
      throw new Error(`chess.js refuses the history move ${uci}: ${e.message}`);
    }
  }
  return chess;
}

function kingSquare(chess, color) {
  for (const sq of SQUARES) {
    const p = chess.get(sq);
    if (p && p.type === 'k' && p.color === color) return sq;
  }
  return undefined;
}

function legalEp(chess) {
  const ep = chess.moves({ verbose: true }).find((m) => m.isEnPassant());
  return ep ? ep.to : null;
}

// The differences between chess.js's FEN after a move and the expected one, by meaning.
function differences(expectedFen, actual, after) {
  const want = expectedFen.split(' ');
  const got = actual.fen().split(' ');
  const differs = [];
  if (want[0] !== got[0]) differs.push('pieces');
  if (want[1] !== got[1]) differs.push('side to move');
  if (sorted(want[2].replace('-', '')).join('') !== sorted(got[2].replace('-', '')).join('')) differs.push('castling rights');
  if ((after.en_passant ?? 'legal') === 'exact') {
    if (want[3] !== actual.fen({ forceEnpassantSquare: true }).split(' ')[3] && want[3] !== got[3]) differs.push('en passant');
  } else if (legalEp(new Chess(expectedFen, { skipValidation: true })) !== legalEp(actual)) {
    differs.push('en passant');
  }
  if (after.clocks ?? true) {
    if (want[4] !== got[4]) differs.push('halfmove clock');
    if (want[5] !== got[5]) differs.push('move number');
  }
  return differs;
}

function attacked(chess, spec) {
  const out = new Set();
  if (spec.from !== undefined) {
    const piece = chess.get(spec.from);
    for (const sq of SQUARES) {
      if (chess.attackers(sq, piece.color).includes(spec.from)) out.add(sq);
    }
  } else {
    const color = spec.by === 'white' ? 'w' : 'b';
    for (const sq of SQUARES) if (chess.isAttacked(sq, color)) out.add(sq);
  }
  return out;
}

// The draws the player to move may claim now: none once the game is over.
function claimsOf(chess) {
  const claims = [];
  if (state(chess)[0] === 'ongoing') {
    if (chess.isThreefoldRepetition()) claims.push('threefold_repetition');
    if (chess.isDrawByFiftyMoves()) claims.push('fifty_moves');
  }
  return claims;
}

function state(chess) {
  if (chess.isCheckmate()) return ['checkmate', chess.turn() === 'w' ? 'black' : 'white'];
  if (chess.isStalemate()) return ['stalemate', null];
  if (chess.isInsufficientMaterial()) return ['insufficient_material', null];
  return ['ongoing', null];
}

// The failed assertions of a case, and what was not asked (with why).
function check(c) {
  const e = c.expect;
  const failures = [];
  const notAsked = [];
  if (c.pieces) {
    // The historical pieces (amazon, ferz, ...): chess.js knows the standard six only.
    notAsked.push(`pieces beyond the standard six (${c.pieces.map((p) => p.name).join(', ')}): chess.js has none`);
    return { failures, notAsked };
  }
  if (c.variant === 'chess960') {
    // chess.js has no Chess960 (its castling is the standard one only).
    notAsked.push('a Chess960 case: chess.js has no Chess960');
    return { failures, notAsked };
  }
  const compare = (name, want, got) => {
    try {
      assert.deepEqual(got, want);
    } catch {
      failures.push(`${name}: expected ${JSON.stringify(want)}, chess.js says ${JSON.stringify(got)}`);
    }
  };
  if (e.valid !== undefined) {
    compare('valid', e.valid, validateFen(c.fen).ok);
    if (!e.valid) return { failures, notAsked };
  }
  const chess = setup(c);
  // chess.js writes the SAN of every move it lists verbosely, which is slow: list them only for
  // the assertions that need them.
  const needsMoves = e.legal || e.illegal || e.moves || e.move_count !== undefined || e.san;
  const verbose = needsMoves ? chess.moves({ verbose: true }) : [];
  const legal = new Set(verbose.map((m) => m.lan));
  if (e.legal) compare('legal (not legal)', [], e.legal.filter((m) => !legal.has(m)));
  if (e.illegal) compare('illegal (legal)', [], e.illegal.filter((m) => legal.has(m)));
  if (e.moves) compare('moves', sorted(e.moves), sorted(legal));
  if (e.move_count !== undefined) compare('move_count', e.move_count, legal.size);
  if (e.check !== undefined) compare('check', e.check, chess.isCheck());
  if (e.checkers) {
    const king = kingSquare(chess, chess.turn());
    compare('checkers', sorted(e.checkers), sorted(chess.attackers(king, other(chess.turn()))));
  }
  if (e.state !== undefined) {
    if (e.state === 'fivefold_repetition' || e.state === 'seventy_five_moves') {
      notAsked.push(`state ${e.state} (chess.js has no automatic fivefold or seventy-five-move ending)`);
    } else if (e.state === 'dead_position') {
      notAsked.push('state dead_position (chess.js detects insufficient material only)');
    } else {
      compare('state', [e.state, e.winner ?? null], state(chess));
    }
  }
  if (e.claims) compare('claims', sorted(e.claims), sorted(claimsOf(chess)));
  for (const [uci, claims] of Object.entries(e.claims_with_move ?? {})) {
    // A claim made by declaring a move (FIDE 9.2.1.1, 9.3.1): the claims of the position it makes.
    const game = setup(c);
    game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    compare(`claims_with_move ${uci}`, sorted(claims), sorted(claimsOf(game)));
  }
  if (e.refuses) {
    // Asked to play each move, chess.js must refuse it (it throws) and keep its position.
    const game = setup(c);
    const before = sorted(game.moves({ verbose: true }).map((m) => m.lan));
    const played = [];
    for (const uci of e.refuses) {
      const fen = game.fen();
      try {
        game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
        played.push(uci);
        game.load(fen, { skipValidation: true });
      } catch {
        if (game.fen() !== fen) played.push(`${uci} (position changed)`);
      }
    }
    compare('refuses (played)', [], played);
    compare('refuses: position kept', before, sorted(game.moves({ verbose: true }).map((m) => m.lan)));
  }
  if (e.winnable) notAsked.push('winnable (chess.js does not say whether a side can still mate)');
  if (e.touch_move) notAsked.push('touch_move (chess.js has no touch-move arbiter)');
  if (e.mating_material) notAsked.push('mating_material (chess.js does not say whether one side can still mate)');
  for (const after of e.after ?? []) {
    // Replay the history so that chess.js keeps the same game.
    const game = setup(c);
    game.move({ from: after.move.slice(0, 2), to: after.move.slice(2, 4), promotion: after.move[4] });
    const differs = differences(after.fen, game, after);
    if (differs.length) failures.push(`after ${after.move}: ${game.fen()} differs in ${differs.join(', ')}`);
  }
  for (const [uci, san] of Object.entries(e.san ?? {})) {
    const m = verbose.find((v) => v.lan === uci);
    compare(`san ${uci}`, san, m ? m.san : null);
  }
  for (const [san, uci] of Object.entries(e.from_san ?? {})) {
    let got = null;
    try {
      got = new Chess(chess.fen()).move(san).lan;
    } catch {
      got = null;
    }
    compare(`from_san ${san}`, uci, got);
  }
  for (const spec of e.attacks ?? []) {
    const got = attacked(chess, spec);
    const label = `attacks ${spec.from ?? `by ${spec.by}`}`;
    if (spec.squares) compare(label, sorted(spec.squares), sorted(got));
    if (spec.count !== undefined) compare(`${label} count`, spec.count, got.size);
    if (spec.includes) compare(`${label} includes (not attacked)`, [], spec.includes.filter((s) => !got.has(s)));
    if (spec.excludes) compare(`${label} excludes (attacked)`, [], spec.excludes.filter((s) => got.has(s)));
  }
  for (const [depth, nodes] of Object.entries(e.perft ?? {})) {
    if (nodes > PERFT_BUDGET) notAsked.push(`perft ${depth} (over ${PERFT_BUDGET} nodes)`);
    else compare(`perft ${depth}`, nodes, chess.perft(Number(depth)));
  }
  return { failures, notAsked };
}

for (const [area, cases] of areas) {
  test(area, async (t) => {
    for (const c of cases) {
      await t.test(c.id, (tc) => {
        const { failures, notAsked } = check(c);
        const reason = EXPECTED_FAILURES.get(c.id);
        if (failures.length) {
          if (reason) {
            tc.todo(`${reason} (${failures.join('; ')})`);
            return;
          }
          assert.fail(failures.join('\n'));
        }
        if (reason) assert.fail(`listed in EXPECTED_FAILURES (${reason}) but passes: remove the entry`);
        if (notAsked.length) tc.skip(`not asked: ${notAsked.join('; ')}`);
      });
    }
  });
}

test('every listed disagreement is a case', () => {
  // A listed id that no longer names a case (its content changed, so its generated id did)
  // would hide nothing but rot silently: it fails the run instead.
  const ids = new Set(areas.flatMap(([, cases]) => cases.map((c) => c.id)));
  assert.deepEqual([...EXPECTED_FAILURES.keys()].filter((id) => !ids.has(id)), []);
});

test('the package is complete', () => {
  assert.equal(areas.length, 20);
  assert.ok(areas.reduce((n, [, cases]) => n + cases.length, 0) >= 20000);
  // Every case sits in the area its id names, and cases() is every area's in order.
  for (const [area, cases] of areas) assert.ok(cases.length && cases.every((c) => c.id.startsWith(`${area}/`)), area);
  assert.deepEqual(catalogue.cases().map((c) => c.id), areas.flatMap(([, cases]) => cases.map((c) => c.id)));
});

test('the package version is the catalogue version', () => {
  // The version the loader reads from its data is the one npm installed (the package's manifest).
  assert.match(catalogue.version, /^\d+\.\d+\.\d+$/);
  const manifest = createRequire(import.meta.url).resolve('chess-conformance-cases/package.json');
  assert.equal(JSON.parse(readFileSync(manifest, 'utf8')).version, catalogue.version);
});

test('the types name every export of the loader, and nothing else', () => {
  const root = dirname(createRequire(import.meta.url).resolve('chess-conformance-cases/package.json'));
  const types = readFileSync(join(root, 'index.d.ts'), 'utf8');
  const declared = [...types.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(sorted(declared), sorted(Object.keys(catalogue)));
});

test('an unknown area is refused by name, and the schema is shipped', () => {
  assert.throws(() => catalogue.cases({ area: 'castle' }), /no rule area "castle"; the areas are attacks, castling/);
  const schema = JSON.parse(readFileSync(catalogue.schemaPath, 'utf8'));
  assert.deepEqual(catalogue.schema(), schema);
  assert.deepEqual(schema.required, ['cases']);
});
