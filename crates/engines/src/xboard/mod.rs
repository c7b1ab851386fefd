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
//! - `pieces`: a variant file of a ferz, written to the engine's private folder (`scratch.rs`), then `load PATH`,
//!   answered `Loaded 'NAME'` (Sjaak II). A position holding pieces beyond the six is then set
//!   up in a variant file of its pieces (each Betza movement as Sjaak II's `Move:` lines;
//!   docs/fairy-perft.md), loaded, and `variant NAME` after `new`.
//!
//! - `chess960`: `fischerandom` among the engine's `feature variants`. A Chess960 game is set
//!   up after `new`, `force` and `variant fischerandom` (and the next standard game after a
//!   `new` again); castling in its history and in a move to play is sent as `O-O` / `O-O-O`
//!   (xboard's FRC spelling, Sjaak II's), and a divide's `O-O` / `O-O-O` is read as the king
//!   taking the rook that keeps the right on that side, on the board the history reaches
//!   (the core's replay): the suite's Chess960 spelling.
//!
//! In standard chess castling written `O-O`/`O-O-O` is read as the king's move from the e-file
//! of the side to move's first rank. The engine runs under the same supervisor
//! as `uci:` and `process:` engines: a deadline per question, killed and restarted after a
//! fault, given up after three failed restarts in a row.
//!
//! The files: `handshake.rs` (the features and the handshake), `session.rs` (one question's
//! conversation: the position, force mode, `ping`), `answers.rs` (what the engine answers and
//! how it is read; what it can answer, found by trying), `sjaak.rs` (the variant files of
//! pieces beyond the six).

mod answers;
mod handshake;
mod session;
mod sjaak;

use crate::Options;
use crate::child::{self, LineChild};
use crate::supervisor::{Failure, Supervisor};
use answers::white_to_move;
use chess_conformance::{
    Answer, Capabilities, Capability, Engine, EngineError, Game, Identity, MoveResult, Variant,
};
use handshake::Features;
use session::{Session, is_refusal};

/// How the engine is set up before any question: what issue 10's fairy variants will need.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// A variant selected by `variant NAME` after `new` (it must be in the engine's
    /// `variants` feature); `None` for standard chess.
    pub variant: Option<String>,
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
    /// Whether the running process plays `variant fischerandom` since its last `new`.
    frc: bool,
    /// Its private folder, for its variant files.
    scratch: crate::scratch::Handle,
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
            frc: false,
            scratch: crate::scratch::Handle::new(),
        };
        let (mut child, features) = engine.connect()?;
        engine.identity =
            crate::uci::identity(features.myname.as_deref().unwrap_or(&engine.command()));
        engine.features = features;
        engine.capabilities = engine.probe(&mut child)?;
        let fischerandom = engine
            .features
            .variants
            .as_ref()
            .is_some_and(|v| v.iter().any(|name| name == "fischerandom"));
        if fischerandom && engine.setup.variant.is_none() && !engine.capabilities.is_empty() {
            engine.capabilities = engine.capabilities.with(Capability::Chess960);
        }
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
            frc: self.frc,
            scratch: self.scratch.key(),
        }
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
                self.frc = false;
                self.supervisor.started(attempt)?
            }
        };
        let mut session = self.session(&mut child, self.features.usermove);
        let answer = conversation(&mut session);
        self.played = session.played;
        self.frc = session.frc;
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

/// The position a Chess960 game's history reaches (castling is converted on it); `None` in
/// standard chess or where the history cannot be replayed.
fn chess960_position(game: &Game) -> Option<shakmaty::Chess> {
    (game.variant == Variant::Chess960)
        .then(|| crate::castling::reached(game.variant, game.fen, game.moves))
        .flatten()
}

impl Engine for XboardEngine {
    fn identity(&self) -> Identity {
        self.identity.clone()
    }

    fn capabilities(&self) -> Capabilities {
        self.capabilities
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let reached = chess960_position(game);
        self.ask(|s| {
            s.position(game)?;
            let (moves, total) = s.divide(white_to_move(game), reached.as_ref())?;
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
        let reached = chess960_position(game);
        self.ask(|s| {
            s.position(game)?;
            s.play_in(reached.as_ref(), uci)?;
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
