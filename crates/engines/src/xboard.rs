//! `xboard:PATH ARGS`: an engine speaking the xboard protocol (CECP, protocol version 2), asked
//! what its commands can tell.
//!
//! The handshake is `xboard` and `protover 2`; the engine answers with `feature` lines, each
//! feature `accepted` or `rejected`, until `feature done=1` (`done=0` asks for more time: the
//! wait starts again). The lines an engine prints before or between them (a board, a banner)
//! are ignored. Then `memory 1` (feature `memory=1`: no search is asked, and `new` clears a
//! small hash fastest), `new` and `force` (no side is played by the engine), and, when
//! [`Setup::variant`] names one, `variant NAME`.
//!
//! Every question sets up its position with `setboard FEN` (feature `setboard=1`; after a
//! question that played moves, a new game first: `new`, `force`, the variant) and plays the
//! history's moves in force mode (`usermove MOVE` with feature `usermove=1`, the plain move
//! otherwise), then ends with `ping N` and reads up to `pong N` (feature `ping=1`): a reply
//! `Illegal move...`, `Error...` or `tellusererror...` before the `pong` is a refusal, an error
//! verdict naming the command refused. Without `setboard=1` and `ping=1` nothing can be asked,
//! and the engine declares nothing.
//!
//! What an engine can answer is found by trying, once after the handshake, in the position
//! `new` set up: `perft 1 1`, then `fen`, then `ping`:
//!
//! - `perft`: `perft N` prints a total the harness reads: Sjeng's `Raw nodes for depth N: X`,
//!   or Sjaak II's `N X time nps` (one such line per depth up to N);
//! - `legal-moves`: `perft 1 1` also prints a divide, one `MOVE COUNT CUMULATIVE` line per
//!   pseudo-legal move (Sjaak II: `Nb1-c3 1 1`, `e5xd6`, `b7-b8Q`, `O-O`); the legal ones are
//!   those counted 1, and their number must equal the total;
//! - `play`: `fen` prints the position's FEN: the move is sent, then `fen`; a refusal of the
//!   move is a refusal (FIDE 7.5), otherwise the FEN printed is the answer.
//! - `pieces`: a variant file of a ferz, written to the temporary directory, then `load PATH`,
//!   answered `Loaded 'NAME'` (Sjaak II). A position holding pieces beyond the six is then set
//!   up in a variant file of its pieces (each Betza movement as Sjaak II's `Move:` lines;
//!   docs/fairy-perft.md), loaded, and `variant NAME` after `new`.
//!
//! Castling written `O-O`/`O-O-O` is read as the king's move from the e-file of the side to
//! move's first rank (standard chess only, for now). The engine runs under the same supervisor
//! as `uci:` and `process:` engines: a deadline per question, killed and restarted after a
//! fault, given up after three failed restarts in a row.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::time::Instant;

use crate::Options;
use crate::child::{self, Fault, LineChild};
use crate::supervisor::{self, Failure, Supervisor};
use chess_conformance::fairy::Movement;
use chess_conformance::fairy::betza::UNLIMITED;
use chess_conformance::{
    Answer, Capabilities, Capability, Engine, EngineError, Game, Identity, MoveResult,
    PieceDefinition,
};

/// How many lines of the engine's last output an error message quotes.
const QUOTED_LINES: usize = 20;

/// The hash size asked of an engine with feature `memory=1`, in MB: no search is asked, and
/// `new` clears a small table fastest (Sjaak II's `new` takes a third of the time with 1 MB).
const HASH_MB: u32 = 1;

/// The features of protocol version 2 the harness knows; any other is `rejected`.
const KNOWN_FEATURES: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "done",
];

/// How the engine is set up before any question: what issue 10's fairy variants will need.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// A variant selected by `variant NAME` after `new` (it must be in the engine's
    /// `variants` feature); `None` for standard chess.
    pub variant: Option<String>,
}

/// What the engine said of itself in the handshake.
#[derive(Debug, Clone, Default)]
struct Features {
    setboard: bool,
    ping: bool,
    usermove: bool,
    memory: bool,
    myname: Option<String>,
    variants: Option<Vec<String>>,
}

/// An xboard engine in its own process.
pub struct XboardEngine {
    supervisor: Supervisor,
    setup: Setup,
    identity: Identity,
    features: Features,
    capabilities: Capabilities,
    /// Whether the running process has played moves since its last `new`.
    played: bool,
}

impl std::fmt::Debug for XboardEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XboardEngine")
            .field("supervisor", &self.supervisor)
            .field("setup", &self.setup)
            .field("identity", &self.identity)
            .field("capabilities", &self.capabilities.to_string())
            .finish()
    }
}

/// One question's conversation with the engine, under one deadline.
struct Session<'c> {
    child: &'c mut LineChild,
    deadline: Instant,
    usermove: bool,
    /// The command whose answer is awaited, for messages.
    request: String,
    /// The last lines received, to quote when something is missing.
    seen: Vec<String>,
    /// The number of the last `ping`.
    ping: u64,
    /// The variant `new` must be followed by.
    variant: Option<String>,
    /// Whether moves were played since the last `new`: the next position starts a new game.
    played: bool,
}

/// A reply that says the engine refused a command: `Illegal move...`, `Error...`,
/// `tellusererror...`.
fn is_refusal(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("Illegal move")
        || line.starts_with("Error")
        || line.starts_with("tellusererror")
}

impl Session<'_> {
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.request = format!("`{line}`");
        self.child
            .send(&format!("{line}\n"))
            .map_err(|fault| self.fault(fault))
    }

    fn fault(&self, fault: Fault) -> Failure {
        Failure::Restart(format!("request {}: {fault}", self.request))
    }

    fn line(&mut self) -> Result<String, Failure> {
        let line = self
            .child
            .receive(self.deadline)
            .map_err(|fault| self.fault(fault))?;
        self.seen.push(line.clone());
        if self.seen.len() > QUOTED_LINES {
            self.seen.remove(0);
        }
        Ok(line)
    }

    /// `ping N`, then the lines up to `pong N`: the answers of everything sent before it.
    fn sync(&mut self) -> Result<Vec<String>, Failure> {
        self.ping += 1;
        let ping = self.ping;
        // Not through `send`: a fault here (the engine died of the request before it) is the
        // request's, and names it, not the `ping`.
        self.child
            .send(&format!("ping {ping}\n"))
            .map_err(|fault| self.fault(fault))?;
        let pong = format!("pong {ping}");
        let mut lines = Vec::new();
        loop {
            let line = self.line()?;
            if line.trim() == pong {
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    /// An error verdict for this request; the engine stays in step.
    fn not_an_answer(&self, why: impl std::fmt::Display) -> Failure {
        Failure::Answer(EngineError::failed(format!(
            "request {}: {why}",
            self.request
        )))
    }

    /// The lines received, quoted.
    fn quoted(&self) -> String {
        if self.seen.is_empty() {
            "nothing".to_owned()
        } else {
            format!("\n{}", self.seen.join("\n"))
        }
    }

    /// `new` and `force` (and `variant NAME`): a new game, no side played by the engine.
    fn new_game(&mut self) -> Result<(), Failure> {
        self.send("new")?;
        self.send("force")?;
        if let Some(variant) = self.variant.clone() {
            self.send(&format!("variant {variant}"))?;
        }
        self.played = false;
        Ok(())
    }

    /// A new game in the variant of `pieces` (Sjaak II's variant file, written once per piece
    /// set, then `load PATH`): the variant is asked for only once the engine answered
    /// `Loaded 'NAME'` (Sjaak II crashes on the command after a variant it does not know;
    /// docs/fairy-perft.md). The next position starts a new game again, back in the setup's.
    fn pieces_game(&mut self, pieces: &[PieceDefinition]) -> Result<(), Failure> {
        let (name, path) = variant_file(pieces).map_err(|why| self.not_an_answer(why))?;
        let load = format!("load {}", path.display());
        self.send(&load)?;
        self.request = format!("`{load}`");
        let lines = self.sync()?;
        self.refused(&lines)?;
        let loaded = format!("Loaded '{name}'");
        if !lines.iter().any(|l| l.trim_start().starts_with(&loaded)) {
            return Err(self.not_an_answer(format!(
                "it did not answer `{loaded} ...` to `{load}`; it printed {}",
                self.quoted()
            )));
        }
        let standard = self.variant.replace(name);
        let started = self.new_game();
        self.variant = standard;
        started?;
        self.played = true;
        Ok(())
    }

    /// Sends a move in force mode.
    fn play(&mut self, uci: &str) -> Result<(), Failure> {
        let line = self.move_line(uci);
        self.played = true;
        self.send(&line)
    }

    /// `setboard FEN` and the history's moves in force mode, then a `ping`: the engine's
    /// refusal of any of them is an error verdict naming it. After moves were played, `new`
    /// first: a game's history is not carried into the next (Sjeng 11.2 crashes after some
    /// hundreds of `setboard`s with moves and no `new`; docs/findings/sjeng.md).
    fn position(&mut self, game: &Game) -> Result<(), Failure> {
        if !game.pieces.is_empty() {
            self.pieces_game(game.pieces)?;
        } else if self.played {
            self.new_game()?;
        }
        let setboard = format!("setboard {}", game.fen);
        self.send(&setboard)?;
        for m in game.moves {
            self.play(m)?;
        }
        let described = if game.moves.is_empty() {
            format!("`{setboard}`")
        } else {
            format!("`{setboard}` and the moves {}", game.moves.join(" "))
        };
        self.request.clone_from(&described);
        let lines = self.sync()?;
        if let Some(refusal) = lines.iter().find(|l| is_refusal(l)) {
            let what = match game.moves.iter().find(|m| refusal.trim_end().ends_with(*m)) {
                Some(m) => format!("the move `{m}` of the history"),
                None => "the position".to_owned(),
            };
            return Err(
                self.not_an_answer(format!("the engine refused {what}: `{}`", refusal.trim()))
            );
        }
        Ok(())
    }

    fn move_line(&self, uci: &str) -> String {
        if self.usermove {
            format!("usermove {uci}")
        } else {
            uci.to_owned()
        }
    }

    /// `perft DEPTH`, and its total.
    fn perft(&mut self, depth: u32) -> Result<u64, Failure> {
        self.send(&format!("perft {depth}"))?;
        let lines = self.sync()?;
        self.refused(&lines)?;
        let mut total = None;
        for line in &lines {
            if let Some(t) = perft_total(line, depth) {
                total = Some(t.map_err(|why| self.not_an_answer(why))?);
            }
        }
        total.ok_or_else(|| {
            self.not_an_answer(format!(
                "no node count for depth {depth} was printed; the engine printed {}",
                self.quoted()
            ))
        })
    }

    /// `perft 1 1`: the moves of its divide counted 1, in UCI, and the total.
    fn divide(&mut self, white: bool) -> Result<(Vec<String>, Option<u64>), Failure> {
        self.send("perft 1 1")?;
        let lines = self.sync()?;
        self.refused(&lines)?;
        let (mut moves, mut total) = (Vec::new(), None);
        for line in &lines {
            if let Some(t) = perft_total(line, 1) {
                total = Some(t.map_err(|why| self.not_an_answer(why))?);
            } else if let Some((mv, count)) = divide_line(line) {
                if count == 0 {
                    continue;
                }
                let uci = divide_move(mv, white).ok_or_else(|| {
                    self.not_an_answer(format!("the divide's move `{mv}` cannot be read"))
                })?;
                moves.push(uci);
            }
        }
        Ok((moves, total))
    }

    /// `fen`: the line that is a FEN.
    fn fen(&mut self) -> Result<Option<String>, Failure> {
        self.send("fen")?;
        let lines = self.sync()?;
        Ok(lines
            .iter()
            .map(|l| l.trim())
            .find(|l| looks_like_fen(l))
            .map(str::to_owned))
    }

    /// An error verdict when one of `lines` is a refusal of the request.
    fn refused(&self, lines: &[String]) -> Result<(), Failure> {
        match lines.iter().find(|l| is_refusal(l)) {
            Some(refusal) => {
                Err(self.not_an_answer(format!("the engine refused it: `{}`", refusal.trim())))
            }
            None => Ok(()),
        }
    }
}

/// Sjaak II's `Move:` lines for a movement of the suite's Betza subset, or why it has none: each
/// atom by its range (docs/fairy-perft.md, "For the engine kinds"): the leaps on one `leap`
/// line, the wazir's and the ferz's limited rides on one `step` line, their unlimited rides on
/// one `slide` line, the other atoms' unlimited rides on one `ride` line. Sjaak II has no
/// limited ride of the other atoms.
fn sjaak_moves(betza: &str) -> Result<Vec<String>, String> {
    let movement = Movement::parse(betza).map_err(|e| e.to_string())?;
    // Each atom (x >= y >= 0) and its range, the same in all its directions in the subset.
    let mut atoms: BTreeMap<(i8, i8), u8> = BTreeMap::new();
    for leg in &movement.legs {
        let (a, b) = (leg.df.abs(), leg.dr.abs());
        atoms.insert((a.max(b), a.min(b)), leg.range);
    }
    let (mut leap, mut step, mut slide, mut ride) = (vec![], vec![], vec![], vec![]);
    for (&(x, y), &range) in &atoms {
        match ((x, y), range) {
            (_, 1) => leap.push(format!("({x},{y})")),
            ((1, 0), UNLIMITED) => slide.push("H,V"),
            ((1, 1), UNLIMITED) => slide.push("D,A"),
            ((1, 0), n) => step.push(format!("{n}N,{n}S,{n}E,{n}W")),
            ((1, 1), n) => step.push(format!("{n}NE,{n}NW,{n}SE,{n}SW")),
            (_, UNLIMITED) => ride.push(format!("({x},{y})")),
            (_, n) => {
                return Err(format!(
                    "Sjaak II has no ({x},{y}) rider limited to {n} steps (`{betza}`)"
                ));
            }
        }
    }
    let mut lines = Vec::new();
    if !leap.is_empty() {
        lines.push(format!("leap {}", leap.join("|")));
    }
    if !step.is_empty() {
        lines.push(format!("step {}", step.join(",")));
    }
    if !slide.is_empty() {
        lines.push(format!("slide ({})", slide.join(",")));
    }
    if !ride.is_empty() {
        lines.push(format!("ride {}", ride.join("|")));
    }
    Ok(lines)
}

/// The text of a Sjaak II variant file: chess (castling, en passant, promotion to QRBN) with
/// `pieces`, as the variant `name` (docs/fairy-perft/sjaakii.txt is one, by hand).
fn sjaak_variant(name: &str, pieces: &[PieceDefinition]) -> Result<String, String> {
    let mut text = format!(
        "Variant: {name} (8x8)\nBoard: 8x8\n\
         FEN: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\"\n\
         Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\nZone: rank7 = a7,b7,c7,d7,e7,f7,g7,h7\n\
         Zone: rank2 = a2,b2,c2,d2,e2,f2,g2,h2\nZone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\n\n\
         Piece: Knight\nMove: leap (2,1)\nSymbol: \"N\", \"N,n\"\n\n\
         Piece: Bishop\nMove: slide (D,A)\nSymbol: \"B\", \"B,b\"\n\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Queen\nMove: slide (D,A,H,V)\nSymbol: \"Q\", \"Q,q\"\n\n\
         Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\
         Castle: white e1-g1 with h1\nCastle: white e1-c1 with a1\n\
         Castle: black e8-g8 with h8\nCastle: black e8-c8 with a8\n\n\
         Piece: Pawn\nMove: step N\nCapture: step NE,NW\nSpecial: rank2, rank7, step 2N\n\
         Symbol: \" \", \"P,p\"\nFlags: set_ep,take_ep\nPromotion: rank8, rank1, \"QRBN\"\n"
    );
    for (i, piece) in pieces.iter().enumerate() {
        let letter = piece.letter.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() || "pnbrqk".contains(letter) {
            return Err(format!(
                "the piece letter `{letter}` is not one for a new piece"
            ));
        }
        let upper = letter.to_ascii_uppercase();
        text.push_str(&format!("\nPiece: Piece{i}\n"));
        for line in sjaak_moves(&piece.betza)? {
            text.push_str(&format!("Move: {line}\n"));
        }
        text.push_str(&format!("Symbol: \"{upper}\", \"{upper},{letter}\"\n"));
    }
    text.push_str("\nRule: checkmate = win\nRule: stalemate = draw\n");
    Ok(text)
}

/// The variant of `pieces` and its file in the temporary directory, named by its text's hash,
/// so that runs share it: `cc-HASH` and its path. Written once, under another name first and
/// then renamed, so that no run reads a file half written by another.
fn variant_file(pieces: &[PieceDefinition]) -> Result<(String, PathBuf), String> {
    let draft = sjaak_variant("cc", pieces)?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    draft.hash(&mut hasher);
    let name = format!("cc-{:016x}", hasher.finish());
    let path = std::env::temp_dir().join(format!("chess-conformance-sjaak-{name}.txt"));
    if !path.exists() {
        let text = sjaak_variant(&name, pieces)?;
        let part = path.with_extension(format!("{}.part", std::process::id()));
        std::fs::write(&part, text)
            .and_then(|()| std::fs::rename(&part, &path))
            .map_err(|e| format!("cannot write the variant file {}: {e}", path.display()))?;
    }
    Ok((name, path))
}

/// A total of `perft DEPTH`, when `line` is one: Sjeng's `Raw nodes for depth D: N`, or Sjaak
/// II's `D N TIME NPS`. A line of that form with no number where the count goes is an error.
fn perft_total(line: &str, depth: u32) -> Option<Result<u64, String>> {
    let count = |text: &str| {
        text.trim()
            .parse::<u64>()
            .map_err(|_| format!("`{}` does not give a node count", line.trim()))
    };
    if let Some(rest) = line.trim().strip_prefix("Raw nodes for depth ") {
        let (d, n) = rest.split_once(':')?;
        return (d.trim().parse() == Ok(depth)).then(|| count(n));
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        [d, n, _time, nps, ..] if d.parse() == Ok(depth) && nps.ends_with("nps") => Some(count(n)),
        _ => None,
    }
}

/// A line of a divide: `MOVE COUNT CUMULATIVE`, the move not a number.
fn divide_line(line: &str) -> Option<(&str, u64)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        [mv, count, cumulative]
            if mv.parse::<u64>().is_err() && cumulative.parse::<u64>().is_ok() =>
        {
            Some((mv, count.parse().ok()?))
        }
        _ => None,
    }
}

/// A square in coordinates, `e4`; `None` otherwise.
fn square(text: &str) -> Option<&str> {
    let mut chars = text.chars();
    let file = chars.next()?;
    let rank: String = chars.collect();
    (file.is_ascii_lowercase() && !rank.is_empty() && rank.bytes().all(|b| b.is_ascii_digit()))
        .then_some(text)
}

/// A move of a divide in UCI: `Nb1-c3` → `b1c3`, `e5xd6` → `e5d6`, `b7-b8Q` and `b7-b8=Q` →
/// `b7b8q`; castling `O-O` and `O-O-O` the king's move from e1 (`white`) or e8.
fn divide_move(text: &str, white: bool) -> Option<String> {
    let rank = if white { '1' } else { '8' };
    match text.trim_end_matches(['+', '#']) {
        "O-O" | "0-0" => return Some(format!("e{rank}g{rank}")),
        "O-O-O" | "0-0-0" => return Some(format!("e{rank}c{rank}")),
        _ => {}
    }
    let body = text.trim_start_matches(|c: char| c.is_ascii_uppercase());
    let (from, rest) = body.split_once(['-', 'x'])?;
    let to_end = rest
        .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit()))
        .unwrap_or(rest.len());
    let to = &rest[..to_end];
    let promotion = rest[to_end..]
        .trim_start_matches('=')
        .trim_end_matches(['+', '#']);
    let promotion = match promotion.chars().collect::<Vec<_>>().as_slice() {
        [] => String::new(),
        [p] if p.is_ascii_alphabetic() => p.to_ascii_lowercase().to_string(),
        _ => return None,
    };
    let (from, to) = (square(from)?, square(to)?);
    Some(format!("{from}{to}{promotion}"))
}

/// Whether `line` reads as a FEN: a placement of ranks split by `/`, then the side to move.
fn looks_like_fen(line: &str) -> bool {
    let fields: Vec<&str> = line.split_whitespace().collect();
    fields.len() >= 4
        && fields[0].split('/').count() >= 2
        && fields[0]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '+' | '~' | '*'))
        && matches!(fields[1], "w" | "b")
}

/// Whether white is to move after `game`'s moves.
fn white_to_move(game: &Game) -> bool {
    let white_first = game.fen.split_whitespace().nth(1) != Some("b");
    white_first == game.moves.len().is_multiple_of(2)
}

/// The features of one `feature` line, as `(name, value)`; a quoted value keeps its spaces.
fn parse_features(line: &str) -> Vec<(String, String)> {
    let Some(start) = line.find("feature ") else {
        return Vec::new();
    };
    let mut rest = &line[start + "feature ".len()..];
    let mut features = Vec::new();
    loop {
        rest = rest.trim_start();
        let Some(eq) = rest.find('=') else {
            return features;
        };
        let name = rest[..eq].trim().to_owned();
        rest = &rest[eq + 1..];
        let value = if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            let value = quoted[..end].to_owned();
            rest = quoted.get(end + 1..).unwrap_or("");
            value
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let value = rest[..end].to_owned();
            rest = &rest[end..];
            value
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            return features;
        }
        features.push((name, value));
    }
}

impl XboardEngine {
    /// Starts the engine (a program and its arguments, run without a shell) for standard
    /// chess, completes the handshake and finds what it can answer.
    ///
    /// # Errors
    ///
    /// A message naming the command when it cannot be started or does not complete the
    /// handshake in time.
    pub fn start(argv: Vec<String>, options: Options) -> Result<XboardEngine, String> {
        XboardEngine::start_with(argv, options, Setup::default())
    }

    /// [`start`](XboardEngine::start), set up as `setup` says (a variant).
    ///
    /// # Errors
    ///
    /// As [`start`](XboardEngine::start); also when the engine does not offer the variant.
    pub fn start_with(
        argv: Vec<String>,
        options: Options,
        setup: Setup,
    ) -> Result<XboardEngine, String> {
        let mut engine = XboardEngine {
            supervisor: Supervisor::new(argv, options.limits),
            setup,
            identity: Identity {
                name: String::new(),
                version: String::new(),
            },
            features: Features::default(),
            capabilities: Capabilities::NONE,
            played: false,
        };
        let (mut child, features) = engine.connect()?;
        engine.identity =
            crate::uci::identity(features.myname.as_deref().unwrap_or(&engine.command()));
        engine.features = features;
        engine.capabilities = engine.probe(&mut child)?;
        engine.supervisor.keep(child);
        Ok(engine)
    }

    fn command(&self) -> String {
        self.supervisor.command()
    }

    fn session<'c>(&self, child: &'c mut LineChild, usermove: bool) -> Session<'c> {
        Session {
            child,
            deadline: child::deadline_after(self.supervisor.limits().timeout),
            usermove,
            request: String::new(),
            seen: Vec::new(),
            ping: 0,
            variant: self.setup.variant.clone(),
            played: self.played,
        }
    }

    /// Starts a process and completes the handshake: its features, and the engine in force
    /// mode (and in the variant), ready for questions.
    fn connect(&self) -> Result<(LineChild, Features), String> {
        let command = self.command();
        let mut child = self.supervisor.spawn()?;
        let timeout = self.supervisor.limits().timeout;
        let mut session = self.session(&mut child, false);
        let handshake = (|| {
            session.send("xboard")?;
            session.send("protover 2")?;
            let mut features = Features::default();
            loop {
                let line = session.line()?;
                let mut done = false;
                for (name, value) in parse_features(&line) {
                    let known = KNOWN_FEATURES.contains(&name.as_str());
                    let answer = if known { "accepted" } else { "rejected" };
                    session.send(&format!("{answer} {name}"))?;
                    session.request = "`protover 2`".to_owned();
                    let on = value == "1";
                    match name.as_str() {
                        "setboard" => features.setboard = on,
                        "ping" => features.ping = on,
                        "usermove" => features.usermove = on,
                        "memory" => features.memory = on,
                        "myname" => features.myname = Some(value),
                        "variants" => {
                            features.variants =
                                Some(value.split(',').map(|v| v.trim().to_owned()).collect());
                        }
                        "done" if on => done = true,
                        // The engine asks for more time: the wait starts again.
                        "done" => session.deadline = child::deadline_after(timeout),
                        _ => {}
                    }
                }
                if done {
                    break;
                }
            }
            session.usermove = features.usermove;
            if features.memory {
                // No search is asked: the smallest hash, which `new` clears fastest.
                session.send(&format!("memory {HASH_MB}"))?;
            }
            if let Some(variant) = &self.setup.variant {
                let offered = features
                    .variants
                    .as_ref()
                    .is_some_and(|v| v.iter().any(|o| o == variant));
                if !offered {
                    return Err(Failure::Answer(EngineError::failed(format!(
                        "it does not offer the variant `{variant}` (its feature variants: {})",
                        features
                            .variants
                            .as_ref()
                            .map_or("none".into(), |v| v.join(","))
                    ))));
                }
            }
            session.new_game()?;
            if features.ping {
                let lines = session.sync()?;
                session.refused(&lines)?;
            }
            Ok(features)
        })();
        match handshake {
            Ok(features) => Ok((child, features)),
            Err(failure) => {
                let why = match failure {
                    Failure::Answer(e) => e.to_string(),
                    Failure::Restart(why) => why,
                };
                let why = if why.contains("no answer within") && why.contains("protover 2") {
                    format!(
                        "no `feature done=1` came ({why}); it printed {}",
                        session.quoted()
                    )
                } else {
                    why
                };
                supervisor::kill(&mut child);
                Err(format!(
                    "engine `{command}` did not complete the xboard handshake: {}",
                    supervisor::with_stderr(why, &child)
                ))
            }
        }
    }

    /// What the engine can answer, tried in the position `new` set up: `perft 1 1` (a total:
    /// perft; a divide too: legal moves) and `fen` (play).
    fn probe(&self, child: &mut LineChild) -> Result<Capabilities, String> {
        let features = &self.features;
        if !(features.setboard && features.ping) {
            return Ok(Capabilities::NONE);
        }
        let mut session = self.session(child, features.usermove);
        let tried = (|| {
            let mut capabilities = Capabilities::NONE;
            let (moves, total) = session.divide(true)?;
            if let Some(total) = total {
                capabilities = capabilities.with(Capability::Perft);
                if !moves.is_empty() && moves.len() as u64 == total {
                    capabilities = capabilities.with(Capability::LegalMoves);
                }
            }
            if session.fen()?.is_some() {
                capabilities = capabilities.with(Capability::Play);
            }
            // Pieces beyond the six: a variant file of a ferz, loaded (Sjaak II's `load`).
            let ferz = PieceDefinition {
                letter: 'f',
                name: "ferz".to_owned(),
                betza: "F".to_owned(),
            };
            match session.pieces_game(std::slice::from_ref(&ferz)) {
                Ok(()) => capabilities = capabilities.with(Capability::Pieces),
                Err(Failure::Answer(_)) => {}
                Err(restart) => return Err(restart),
            }
            session.new_game()?;
            Ok(capabilities)
        })();
        tried.map_err(|failure| {
            let why = match failure {
                Failure::Answer(e) => e.to_string(),
                Failure::Restart(why) => why,
            };
            format!(
                "engine `{}` failed while the harness tried its commands: {}",
                self.command(),
                supervisor::with_stderr(why, session.child)
            )
        })
    }

    /// Runs one question's conversation, restarting the engine first if a fault stopped it.
    fn ask<T>(
        &mut self,
        conversation: impl FnOnce(&mut Session) -> Result<T, Failure>,
    ) -> Answer<T> {
        let command = self.command();
        if let Some(why) = self.supervisor.given_up() {
            return Err(EngineError::Failed(why.to_owned()));
        }
        let mut child = match self.supervisor.take() {
            Some(child) => child,
            None => {
                let attempt = self.connect().map(|(child, _)| child);
                self.played = false;
                self.supervisor.started(attempt)?
            }
        };
        let mut session = self.session(&mut child, self.features.usermove);
        let answer = conversation(&mut session);
        self.played = session.played;
        match answer {
            Ok(answer) => {
                self.supervisor.keep(child);
                Ok(answer)
            }
            Err(Failure::Answer(e)) => {
                self.supervisor.keep(child);
                Err(EngineError::failed(format!("engine `{command}`: {e}")))
            }
            Err(Failure::Restart(why)) => {
                let why = self.supervisor.lost(child, &why);
                Err(EngineError::failed(format!("engine `{command}`: {why}")))
            }
        }
    }
}

impl Engine for XboardEngine {
    fn identity(&self) -> Identity {
        self.identity.clone()
    }

    fn capabilities(&self) -> Capabilities {
        self.capabilities
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.ask(|s| {
            s.position(game)?;
            let (moves, total) = s.divide(white_to_move(game))?;
            match total {
                Some(total) if total == moves.len() as u64 => Ok(moves),
                Some(total) => Err(s.not_an_answer(format!(
                    "the divide counted {} legal moves but its total is {total}",
                    moves.len()
                ))),
                None => Err(s.not_an_answer(format!(
                    "no node count for depth 1 was printed; the engine printed {}",
                    s.quoted()
                ))),
            }
        })
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        if depth == 0 {
            return Ok(1);
        }
        self.ask(|s| {
            s.position(game)?;
            s.perft(depth)
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        self.ask(|s| {
            s.position(game)?;
            s.play(uci)?;
            let lines = s.sync()?;
            if let Some(refusal) = lines.iter().find(|l| is_refusal(l)) {
                return Ok(MoveResult::Refused(refusal.trim().to_owned()));
            }
            match s.fen()? {
                Some(fen) => Ok(MoveResult::Played(fen)),
                None => Err(s.not_an_answer(format!(
                    "no FEN was printed; the engine printed {}",
                    s.quoted()
                ))),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suites_pieces_become_sjaak_move_lines() {
        // Each as docs/fairy-perft.md found Sjaak II to read it back (its `piece X& BETZA`).
        assert_eq!(
            sjaak_moves("QN").unwrap(),
            ["leap (2,1)", "slide (H,V,D,A)"]
        );
        assert_eq!(sjaak_moves("F").unwrap(), ["leap (1,1)"]);
        assert_eq!(sjaak_moves("A").unwrap(), ["leap (2,2)"]);
        assert_eq!(sjaak_moves("R2").unwrap(), ["step 2N,2S,2E,2W"]);
        assert_eq!(sjaak_moves("D").unwrap(), ["leap (2,0)"]);
        assert_eq!(sjaak_moves("K").unwrap(), ["leap (1,0)|(1,1)"]);
        assert_eq!(
            sjaak_moves("NNB3").unwrap(),
            ["step 3NE,3NW,3SE,3SW", "ride (2,1)"]
        );
        // No limited ride of an atom but the wazir's and the ferz's.
        assert!(sjaak_moves("N2").is_err());
        assert!(sjaak_moves("mQ").is_err());
    }

    #[test]
    fn a_variant_file_declares_each_piece_by_its_letters() {
        let pieces = [PieceDefinition {
            letter: 's',
            name: "short rook".to_owned(),
            betza: "R2".to_owned(),
        }];
        let text = sjaak_variant("cc-x", &pieces).unwrap();
        assert!(text.starts_with("Variant: cc-x (8x8)\n"));
        assert!(text.contains("Move: step 2N,2S,2E,2W\nSymbol: \"S\", \"S,s\"\n"));
        let knight = [PieceDefinition {
            letter: 'n',
            name: "not a knight".to_owned(),
            betza: "F".to_owned(),
        }];
        assert!(sjaak_variant("cc-y", &knight).is_err());
    }

    #[test]
    fn features_are_read_with_quoted_values() {
        let line =
            r#"feature setboard=1 myname="Sjaak II 1.4.1" variants="normal,shatranj" done=0"#;
        assert_eq!(
            parse_features(line),
            [
                ("setboard".to_owned(), "1".to_owned()),
                ("myname".to_owned(), "Sjaak II 1.4.1".to_owned()),
                ("variants".to_owned(), "normal,shatranj".to_owned()),
                ("done".to_owned(), "0".to_owned()),
            ]
        );
        // A prompt before the word, an unclosed quote, a line with no features.
        assert_eq!(
            parse_features("#[Chess] 0w>feature ping=1 myname=\"Open"),
            [
                ("ping".to_owned(), "1".to_owned()),
                ("myname".to_owned(), "Open".to_owned())
            ]
        );
        assert!(parse_features("tellics set 1 Sjeng").is_empty());
        assert!(parse_features("feature").is_empty());
        assert!(parse_features("feature =1 ==").is_empty());
    }

    #[test]
    fn perft_totals_of_both_dialects() {
        assert_eq!(perft_total("Raw nodes for depth 2: 400", 2), Some(Ok(400)));
        assert_eq!(perft_total("Raw nodes for depth 1: 400", 2), None);
        assert!(matches!(
            perft_total("Raw nodes for depth 2: many", 2),
            Some(Err(_))
        ));
        assert_eq!(
            perft_total(" 2        400  0.00   3030303.03nps", 2),
            Some(Ok(400))
        );
        assert_eq!(perft_total(" 1         20  0.00  7275.37nps", 2), None);
        // A divide line is no total.
        assert_eq!(perft_total("  Nb1-a3          1          1", 1), None);
        assert_eq!(perft_total("", 1), None);
    }

    #[test]
    fn divide_lines_and_moves() {
        assert_eq!(
            divide_line("  Nb1-a3          1          1"),
            Some(("Nb1-a3", 1))
        );
        assert_eq!(
            divide_line("  Ke1-f1          0         21"),
            Some(("Ke1-f1", 0))
        );
        assert_eq!(divide_line(" 1         36  0.00    160714.29nps"), None);
        assert_eq!(divide_line("pong 3"), None);
        let cases = [
            ("Nb1-a3", true, Some("b1a3")),
            ("e5xd6", true, Some("e5d6")),
            ("b7-b8Q", true, Some("b7b8q")),
            ("b7xa8=N", true, Some("b7a8n")),
            ("O-O", true, Some("e1g1")),
            ("O-O-O", false, Some("e8c8")),
            ("Qd1-h5+", true, Some("d1h5")),
            ("garbage", true, None),
            ("e2-", true, None),
            ("e2-e4QQ", true, None),
            ("-e4", true, None),
        ];
        for (text, white, uci) in cases {
            assert_eq!(divide_move(text, white).as_deref(), uci, "{text}");
        }
    }

    #[test]
    fn fens_and_the_side_to_move() {
        assert!(looks_like_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ));
        assert!(!looks_like_fen("pong 3"));
        assert!(!looks_like_fen("Error (unknown command): fen"));
        let moves = ["e2e4".to_owned()];
        let game = Game {
            fen: "8/8/8/8/8/8/8/K6k b - - 0 1",
            moves: &moves,
            pieces: &[],
        };
        assert!(white_to_move(&game));
        assert!(!white_to_move(&Game {
            fen: "8/8/8/8/8/8/8/K6k b - - 0 1",
            moves: &[],
            pieces: &[]
        }));
    }

    #[test]
    fn hostile_lines_are_read_without_a_panic() {
        let lines = [
            "feature ü=1 a=\"ü",
            "feature =",
            "feature a=",
            "feature a=\"",
            "Raw nodes for depth ",
            "Raw nodes for depth 1",
            "Raw nodes for depth 1: ",
            "Raw nodes for depth 1: 99999999999999999999999",
            " 1 ü 0.00 1nps",
            "é2-e4 1 1",
            "Ü-ü1 1 1",
            "x-x 1 1",
            "-- 1 1",
            "e9999-e1 1 1",
            "",
        ];
        for line in lines {
            let _ = parse_features(line);
            for depth in [0, 1, u32::MAX] {
                let _ = perft_total(line, depth);
            }
            if let Some((mv, _)) = divide_line(line) {
                for white in [true, false] {
                    let _ = divide_move(mv, white);
                }
            }
            let _ = looks_like_fen(line);
            let _ = is_refusal(line);
        }
        assert!(matches!(
            perft_total("Raw nodes for depth 1: 99999999999999999999999", 1),
            Some(Err(_))
        ));
        assert_eq!(divide_move("é2-e4", true), None);
    }

    #[test]
    fn refusals() {
        assert!(is_refusal("Illegal move: e1e3"));
        assert!(is_refusal("Illegal move (no piece there): e3e4"));
        assert!(is_refusal("Error (Illegal move or unknown command): e1g1"));
        assert!(is_refusal(
            "tellusererror unknown piece type 'g' (bad FEN garbage)"
        ));
        assert!(!is_refusal("pong 1"));
    }
}
