//! `uci:PATH`: a UCI chess engine, asked what UCI (with the Stockfish conventions) can tell.
//!
//! UCI is a protocol for playing, not for rules, so only a few questions have an answer:
//!
//! - legal moves: `go perft 1` lists each legal move with its count (`e2e4: 1`);
//! - perft: `go perft N`, whose last line is `Nodes searched: N`;
//! - check and checkers: `d` (a Stockfish command, not UCI) prints the position with a
//!   `Checkers:` line;
//! - play: `position ... moves ... MOVE` then `d` for its `Fen:` line. Stockfish stops applying
//!   moves at the first illegal one, so a move whose FEN equals the FEN before it was refused.
//!
//! The engine's capabilities are exactly these: `legal-moves`, `perft`, `check`, `checkers`,
//! `play`; `chess960` when its options include `UCI_Chess960` (set to true before a Chess960
//! game's position and back to false before a standard one's: castling is then written and
//! read as the king taking its rook, as the suite writes it in Chess960); and `pieces` when its options include `VariantPath` and `UCI_Variant` (the
//! Fairy-Stockfish convention): a position of pieces beyond the standard six is then played in a
//! variant of chess written for its piece set, `[cc-…:chess]` with a line `BUILTIN = letter` per
//! piece, the built-in piece that moves as its Betza notation does ([`BUILT_IN`]); the file is
//! loaded with `setoption name VariantPath`, and the variant is used only once `uci` lists it.
//! Like `process:` engines it runs under a timeout, is restarted after a crash or a hang, and is
//! given up after three failed restarts in a row.

use std::time::Instant;

use crate::Options;
use crate::child::{self, Fault, LineChild};
use crate::supervisor::{self, Failure, Supervisor};
use chess_conformance::fairy::Movement;
use chess_conformance::{
    Answer, Capabilities, Capability, Engine, EngineError, Game, Identity, MoveResult,
    PieceDefinition, Variant,
};

/// How many lines of the engine's last output an error message quotes.
const QUOTED_LINES: usize = 20;

/// A UCI engine in its own process.
pub struct UciEngine {
    supervisor: Supervisor,
    identity: Identity,
    /// Whether its options name `VariantPath` and `UCI_Variant`.
    variants: bool,
    /// The variant the running process plays (`chess` after a start) and those it has loaded.
    playing: String,
    loaded: Vec<String>,
    /// Whether its options name `UCI_Chess960`: it then plays Chess960 games.
    chess960: bool,
    /// Whether the running process has `UCI_Chess960` set (false after a start).
    chess960_on: bool,
    /// Its private folder, for its variant files.
    scratch: crate::scratch::Handle,
}

/// The built-in pieces of Fairy-Stockfish's variant files that move as a notation of the
/// suite's subset of Betza's (their squares from d4 and a1 checked with `go perft 1` on 11.1),
/// by that notation. A piece given another notation is `unsupported`: 11.1 predates
/// `customPiece`.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("bers", "RF"),
    ("dragonHorse", "BW"),
    ("aiwok", "RNF"),
];

/// The variant of `pieces`: its name (`cc-` and each piece's letter and notation) and its file's
/// text, or why the engine's built-in pieces cannot express one of them.
pub fn variant(pieces: &[PieceDefinition]) -> Result<(String, String), String> {
    let mut name = String::from("cc");
    let mut lines = Vec::new();
    for piece in pieces {
        let wanted = Movement::parse(&piece.betza).map_err(|e| e.to_string())?;
        let built_in = BUILT_IN
            .iter()
            .find(|(_, notation)| Movement::parse(notation).is_ok_and(|m| m.legs == wanted.legs))
            .map(|(built_in, _)| *built_in)
            .ok_or_else(|| {
                format!(
                    "no built-in piece of the engine moves as `{}` (the {}): Fairy-Stockfish 11.1 \
                     has no custom pieces",
                    piece.betza, piece.name
                )
            })?;
        if !piece.letter.is_ascii_lowercase() {
            return Err(format!("`{}` is not a lower-case letter", piece.letter));
        }
        name.push('-');
        name.push(piece.letter);
        name.extend(piece.betza.chars().filter(char::is_ascii_alphanumeric));
        lines.push(format!("{built_in} = {}", piece.letter));
    }
    let name = name.to_ascii_lowercase();
    Ok((
        name.clone(),
        format!("[{name}:chess]\n{}\n", lines.join("\n")),
    ))
}

impl std::fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciEngine")
            .field("supervisor", &self.supervisor)
            .field("identity", &self.identity)
            .finish()
    }
}

/// An answer that answers nothing: the engine stays in step.
fn not_an_answer(why: String) -> Failure {
    Failure::Answer(EngineError::Failed(why))
}

/// What `d` printed.
struct Display {
    fen: String,
    checkers: Vec<String>,
}

/// Where a session's lines go and come from: the engine's process, or (for the fuzz targets)
/// lines given in advance.
trait Lines {
    fn send(&mut self, text: &str) -> Result<(), Fault>;
    fn receive(&mut self, deadline: Instant) -> Result<String, Fault>;
}

impl Lines for LineChild {
    fn send(&mut self, text: &str) -> Result<(), Fault> {
        LineChild::send(self, text)
    }
    fn receive(&mut self, deadline: Instant) -> Result<String, Fault> {
        LineChild::receive(self, deadline)
    }
}

/// One question's conversation with the engine, under one deadline.
struct Session<'c> {
    child: &'c mut dyn Lines,
    deadline: Instant,
    /// The last lines received, to quote when something is missing.
    seen: Vec<String>,
}

impl Session<'_> {
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        Ok(self.child.send(&format!("{line}\n"))?)
    }

    fn line(&mut self) -> Result<String, Failure> {
        let line = self.child.receive(self.deadline)?;
        if line.starts_with("Unknown command") {
            return Err(not_an_answer(format!(
                "the engine said `{line}`: it does not follow the Stockfish conventions"
            )));
        }
        self.seen.push(line.clone());
        if self.seen.len() > QUOTED_LINES {
            self.seen.remove(0);
        }
        Ok(line)
    }

    fn position(&mut self, game: &Game, extra: Option<&str>) -> Result<(), Failure> {
        let mut command = format!("position fen {}", game.fen);
        if !game.moves.is_empty() || extra.is_some() {
            command.push_str(" moves");
            for m in game.moves.iter().map(String::as_str).chain(extra) {
                command.push(' ');
                command.push_str(m);
            }
        }
        self.send(&command)
    }

    /// `d`, then `isready`: the `Fen:` and `Checkers:` lines, read up to `readyok`.
    fn display(&mut self) -> Result<Display, Failure> {
        self.send("d")?;
        self.send("isready")?;
        let (mut fen, mut checkers) = (None, None);
        loop {
            let line = self.line()?;
            if line == "readyok" {
                break;
            }
            if let Some(f) = line.strip_prefix("Fen:") {
                fen = Some(f.trim().to_owned());
            } else if let Some(c) = line.strip_prefix("Checkers:") {
                checkers = Some(c.split_whitespace().map(str::to_owned).collect());
            }
        }
        match (fen, checkers) {
            (Some(fen), Some(checkers)) => Ok(Display { fen, checkers }),
            _ => Err(not_an_answer(format!(
                "`d` printed no `Fen:` and `Checkers:` lines (the Stockfish convention); it \
                 printed:\n{}",
                self.seen.join("\n")
            ))),
        }
    }

    /// `go perft DEPTH`: each root move with its count, and the total, read up to the
    /// `Nodes searched:` line.
    fn perft(&mut self, depth: u32) -> Result<(Vec<String>, u64), Failure> {
        self.send(&format!("go perft {depth}"))?;
        let mut moves = Vec::new();
        loop {
            let line = self.line()?;
            if let Some(total) = line.strip_prefix("Nodes searched:") {
                let total = total
                    .trim()
                    .parse()
                    .map_err(|_| not_an_answer(format!("`{line}` does not end with a number")))?;
                return Ok((moves, total));
            }
            if line.starts_with("info") {
                continue;
            }
            if let Some((mv, count)) = line.split_once(": ")
                && count.trim().parse::<u64>().is_ok()
            {
                moves.push(mv.trim().to_owned());
            }
        }
    }
}

impl UciEngine {
    /// Starts the engine (a program and its arguments, run without a shell) and completes the
    /// UCI handshake (`uci` … `uciok`, `isready` … `readyok`).
    ///
    /// # Errors
    ///
    /// A message naming the command when it cannot be started or does not complete the
    /// handshake in time.
    pub fn start(argv: Vec<String>, options: Options) -> Result<UciEngine, String> {
        let mut engine = UciEngine {
            supervisor: Supervisor::new(argv, options.limits),
            identity: Identity {
                name: String::new(),
                version: String::new(),
            },
            variants: false,
            playing: "chess".into(),
            loaded: Vec::new(),
            chess960: false,
            chess960_on: false,
            scratch: crate::scratch::Handle::new(),
        };
        let (child, identity, options) = engine.connect()?;
        engine.supervisor.keep(child);
        engine.identity = identity;
        engine.variants = ["VariantPath", "UCI_Variant"]
            .iter()
            .all(|o| options.iter().any(|name| name == o));
        engine.chess960 = options.iter().any(|name| name == "UCI_Chess960");
        Ok(engine)
    }

    /// A new process through the handshake: the process, who it is, the names of its options.
    fn connect(&self) -> Result<(LineChild, Identity, Vec<String>), String> {
        let command = self.supervisor.command();
        let mut child = self.supervisor.spawn()?;
        let mut session = Session {
            child: &mut child,
            deadline: child::deadline_after(self.supervisor.limits().timeout),
            seen: Vec::new(),
        };
        let handshake = (|| {
            session.send("uci")?;
            let mut name = None;
            let mut options = Vec::new();
            loop {
                let line = session.line()?;
                if line == "uciok" {
                    break;
                }
                if let Some(n) = line.strip_prefix("id name ") {
                    name = Some(n.trim().to_owned());
                }
                if let Some(option) = line.strip_prefix("option name ") {
                    options.push(
                        option
                            .split(" type ")
                            .next()
                            .unwrap_or("")
                            .trim()
                            .to_owned(),
                    );
                }
            }
            session.send("isready")?;
            while session.line()? != "readyok" {}
            Ok((name, options))
        })();
        match handshake {
            Ok((name, options)) => {
                let identity = identity(name.as_deref().unwrap_or(&command));
                Ok((child, identity, options))
            }
            Err(failure) => {
                let why = match failure {
                    Failure::Answer(e) => e.to_string(),
                    Failure::Restart(why) => why,
                };
                supervisor::kill(&mut child);
                Err(format!(
                    "engine `{command}` did not complete the UCI handshake: {}",
                    supervisor::with_stderr(why, &child)
                ))
            }
        }
    }

    /// Runs one question's conversation about `game`, restarting the engine first if a fault
    /// stopped it, in the variant of the game's pieces (chess when it has none).
    fn ask<T>(
        &mut self,
        game: &Game,
        conversation: impl FnOnce(&mut Session) -> Result<T, Failure>,
    ) -> Answer<T> {
        if let Some(why) = self.supervisor.given_up() {
            return Err(EngineError::Failed(why.to_owned()));
        }
        let mut child = match self.supervisor.take() {
            Some(child) => child,
            None => {
                let attempt = self.connect().map(|(child, _, _)| child);
                let child = self.supervisor.started(attempt)?;
                self.playing = "chess".into();
                self.loaded.clear();
                self.chess960_on = false;
                child
            }
        };
        let mut session = Session {
            child: &mut child,
            deadline: child::deadline_after(self.supervisor.limits().timeout),
            seen: Vec::new(),
        };
        let (playing, loaded) = (&mut self.playing, &mut self.loaded);
        let chess960_on = &mut self.chess960_on;
        let scratch = self.scratch.key();
        let answer = select_variant(&mut session, game, playing, loaded, scratch)
            .and_then(|()| select_chess960(&mut session, game.variant, chess960_on))
            .and_then(|()| conversation(&mut session));
        match answer {
            Ok(answer) => {
                self.supervisor.keep(child);
                Ok(answer)
            }
            Err(Failure::Answer(e)) => {
                self.supervisor.keep(child);
                Err(e)
            }
            Err(Failure::Restart(why)) => {
                let command = self.supervisor.command();
                let why = self.supervisor.lost(child, &why);
                Err(EngineError::failed(format!("engine `{command}`: {why}")))
            }
        }
    }
}

/// Makes the engine play the variant of the pieces on `game`'s board (`chess` when there are
/// none): loads the
/// variant's file first if this process has not, and believes it loaded only when `uci` then
/// lists the variant among the `UCI_Variant` values (an unknown value would be ignored without
/// a word, the previous variant kept).
fn select_variant(
    session: &mut Session,
    game: &Game,
    playing: &mut String,
    loaded: &mut Vec<String>,
    scratch: crate::scratch::Key,
) -> Result<(), Failure> {
    // Only the pieces on the board: no move brings another (promotion stays Q, R, B, N).
    let placement = game.fen.split(' ').next().unwrap_or("");
    let used: Vec<PieceDefinition> = game
        .pieces
        .iter()
        .filter(|p| {
            placement.contains(p.letter) || placement.contains(p.letter.to_ascii_uppercase())
        })
        .cloned()
        .collect();
    let (name, text) = if used.is_empty() {
        ("chess".to_owned(), None)
    } else {
        let (name, text) =
            variant(&used).map_err(|why| Failure::Answer(EngineError::Unsupported(why)))?;
        (name, Some(text))
    };
    if *playing == name {
        return Ok(());
    }
    if let Some(text) = text
        && !loaded.contains(&name)
    {
        // In this process's private folder, never a name another user could plant.
        let path = crate::scratch::write(scratch, &format!("{name}.ini"), &text)
            .map_err(|e| not_an_answer(format!("cannot write the variant file: {e}")))?;
        session.send(&format!(
            "setoption name VariantPath value {}",
            path.display()
        ))?;
        session.send("uci")?;
        let mut listed = false;
        loop {
            let line = session.line()?;
            if line == "uciok" {
                break;
            }
            if line.starts_with("option name UCI_Variant ") {
                listed = line.split_whitespace().any(|w| w == name);
            }
        }
        if !listed {
            return Err(not_an_answer(format!(
                "the engine did not load the variant `{name}` of {}: `uci` does not list it \
                 among the values of UCI_Variant",
                path.display()
            )));
        }
        loaded.push(name.clone());
    }
    session.send(&format!("setoption name UCI_Variant value {name}"))?;
    session.send("isready")?;
    while session.line()? != "readyok" {}
    *playing = name;
    Ok(())
}

/// Sets `UCI_Chess960` to whether `variant` is Chess960 when the process's setting differs
/// (`on`): the engine is reused across games of both kinds. With it set, the engine reads a FEN's
/// castling rights as X-FEN or Shredder-FEN and writes castling as the king taking its rook,
/// the suite's Chess960 spelling, in `go perft` and reads it so in `position ... moves`.
fn select_chess960(session: &mut Session, variant: Variant, on: &mut bool) -> Result<(), Failure> {
    let wanted = variant == Variant::Chess960;
    if *on == wanted {
        return Ok(());
    }
    session.send(&format!("setoption name UCI_Chess960 value {wanted}"))?;
    session.send("isready")?;
    while session.line()? != "readyok" {}
    *on = wanted;
    Ok(())
}

/// Reads `output` as an engine's answer to each question this module asks (`go perft 1`,
/// `go perft 3`, `d`, and `uci`'s `id name`), for the fuzz targets of `crates/fuzz`: each answer
/// or the error it gives, as text. Not part of the crate's API.
#[doc(hidden)]
pub fn read_output(output: &str) -> Vec<String> {
    struct Given<'a>(std::str::Lines<'a>);
    impl Lines for Given<'_> {
        fn send(&mut self, _: &str) -> Result<(), Fault> {
            Ok(())
        }
        fn receive(&mut self, _: Instant) -> Result<String, Fault> {
            let line = self.0.next().ok_or(Fault::Exited("end of output".into()))?;
            Ok(line.to_owned())
        }
    }
    fn session<'g>(given: &'g mut Given) -> Session<'g> {
        Session {
            child: given,
            deadline: Instant::now(),
            seen: Vec::new(),
        }
    }
    let show = |r: Result<String, Failure>| match r {
        Ok(answer) | Err(Failure::Restart(answer)) => answer,
        Err(Failure::Answer(e)) => e.to_string(),
    };
    let mut given = Given(output.lines());
    let perft1 = session(&mut given)
        .perft(1)
        .map(|(m, n)| format!("{m:?} {n}"));
    let mut given = Given(output.lines());
    let perft3 = session(&mut given).perft(3).map(|(_, n)| n.to_string());
    let mut given = Given(output.lines());
    let display = (session(&mut given).display()).map(|d| format!("{} {:?}", d.fen, d.checkers));
    let name = output.lines().find_map(|l| l.strip_prefix("id name "));
    let identity = identity(name.unwrap_or("")).name;
    vec![show(perft1), show(perft3), show(display), identity]
}

/// `Stockfish 15.1` → name `Stockfish`, version `15.1`: the version begins at the first word
/// after the name that begins with a digit (`Fairy-Stockfish 11.1 LB 64` → `Fairy-Stockfish`,
/// `11.1 LB 64`); a name without a version number keeps it whole, version `unknown`.
pub(crate) fn identity(id_name: &str) -> Identity {
    let words: Vec<&str> = id_name.split(' ').collect();
    match (1..words.len()).find(|&i| words[i].starts_with(|c: char| c.is_ascii_digit())) {
        Some(i) => Identity {
            name: words[..i].join(" "),
            version: words[i..].join(" "),
        },
        None => Identity {
            name: id_name.to_owned(),
            version: "unknown".to_owned(),
        },
    }
}

impl Engine for UciEngine {
    fn identity(&self) -> Identity {
        self.identity.clone()
    }

    fn capabilities(&self) -> Capabilities {
        let standard: Capabilities = [
            Capability::LegalMoves,
            Capability::Perft,
            Capability::Check,
            Capability::Checkers,
            Capability::Play,
        ]
        .into_iter()
        .collect();
        let standard = if self.chess960 {
            standard.with(Capability::Chess960)
        } else {
            standard
        };
        if self.variants {
            standard.with(Capability::Pieces)
        } else {
            standard
        }
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.ask(game, |s| {
            s.position(game, None)?;
            let (moves, total) = s.perft(1)?;
            if total != moves.len() as u64 {
                return Err(not_an_answer(format!(
                    "`go perft 1` listed {} moves but counted {total}",
                    moves.len()
                )));
            }
            Ok(moves)
        })
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        if depth == 0 {
            return Ok(1);
        }
        self.ask(game, |s| {
            s.position(game, None)?;
            Ok(s.perft(depth)?.1)
        })
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        self.checkers(game).map(|c| !c.is_empty())
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.ask(game, |s| {
            s.position(game, None)?;
            Ok(s.display()?.checkers)
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        self.ask(game, |s| {
            s.position(game, None)?;
            let before = s.display()?.fen;
            s.position(game, Some(uci))?;
            let after = s.display()?.fen;
            Ok(if after == before {
                MoveResult::Refused(format!(
                    "the position did not change ({before}): Stockfish stops at the first \
                     illegal move of `position ... moves`"
                ))
            } else {
                MoveResult::Played(after)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_set_becomes_a_variant_of_built_in_pieces_or_is_unsupported() {
        let piece = |letter, name: &str, betza: &str| PieceDefinition {
            letter,
            name: name.into(),
            betza: betza.into(),
        };
        let (name, text) = variant(&[piece('a', "amazon", "QN"), piece('f', "ferz", "F")]).unwrap();
        assert_eq!(name, "cc-aqn-ff");
        assert_eq!(text, "[cc-aqn-ff:chess]\namazon = a\nfers = f\n");
        // The same movement however it is written: NQ, or N with BR.
        assert_eq!(
            variant(&[piece('a', "amazon", "NBR")]).unwrap().1,
            "[cc-anbr:chess]\namazon = a\n"
        );
        let short_rook = variant(&[piece('s', "short rook", "R2")]).unwrap_err();
        assert!(
            short_rook.contains("R2") && short_rook.contains("short rook"),
            "{short_rook}"
        );
        assert!(variant(&[piece('a', "amazon", "QmN")]).is_err());
    }

    #[test]
    fn identity_splits_the_version() {
        assert_eq!(
            identity("Stockfish 15.1"),
            Identity {
                name: "Stockfish".into(),
                version: "15.1".into()
            }
        );
        assert_eq!(identity("Toy Engine").version, "unknown");
        let fairy = identity("Fairy-Stockfish 11.1 LB 64");
        assert_eq!(
            (fairy.name.as_str(), fairy.version.as_str()),
            ("Fairy-Stockfish", "11.1 LB 64")
        );
        assert_eq!(identity("Sjaak II 1.4.1").name, "Sjaak II");
        assert_eq!(identity("Toy Engine").name, "Toy Engine");
    }
}
