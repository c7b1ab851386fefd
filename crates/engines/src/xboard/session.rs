//! One question's conversation with an xboard engine: `new`, `force` and the variant, the
//! position set up by `setboard` and moves in force mode, synchronised by `ping`; refusals read
//! as error verdicts naming the command refused; a Chess960 game in `variant fischerandom`.

use std::time::Instant;

use super::sjaak::variant_file;
use crate::castling;
use crate::child::{Fault, LineChild};
use crate::supervisor::Failure;
use chess_conformance::{EngineError, Game, PieceDefinition, Variant};
use shakmaty::{CastlingSide, Chess};

/// How many lines of the engine's last output an error message quotes.
const QUOTED_LINES: usize = 20;

/// One question's conversation with the engine, under one deadline.
pub(super) struct Session<'c> {
    pub(super) child: &'c mut LineChild,
    pub(super) deadline: Instant,
    pub(super) usermove: bool,
    /// The command whose answer is awaited, for messages.
    pub(super) request: String,
    /// The last lines received, to quote when something is missing.
    pub(super) seen: Vec<String>,
    /// The number of the last `ping`.
    pub(super) ping: u64,
    /// The variant `new` must be followed by.
    pub(super) variant: Option<String>,
    /// Whether moves were played since the last `new`: the next position starts a new game.
    pub(super) played: bool,
    /// Whether the engine plays `variant fischerandom` (since the last `new`).
    pub(super) frc: bool,
    /// The engine's private folder, where variant files are written.
    pub(super) scratch: crate::scratch::Key,
}

/// A reply that says the engine refused a command: `Illegal move...`, `Error...`,
/// `tellusererror...`.
pub(super) fn is_refusal(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("Illegal move")
        || line.starts_with("Error")
        || line.starts_with("tellusererror")
}

impl Session<'_> {
    pub(super) fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.request = format!("`{line}`");
        self.child
            .send(&format!("{line}\n"))
            .map_err(|fault| self.fault(fault))
    }

    pub(super) fn fault(&self, fault: Fault) -> Failure {
        Failure::Restart(format!("request {}: {fault}", self.request))
    }

    pub(super) fn line(&mut self) -> Result<String, Failure> {
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
    pub(super) fn sync(&mut self) -> Result<Vec<String>, Failure> {
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
    pub(super) fn not_an_answer(&self, why: impl std::fmt::Display) -> Failure {
        Failure::Answer(EngineError::failed(format!(
            "request {}: {why}",
            self.request
        )))
    }

    /// The lines received, quoted.
    pub(super) fn quoted(&self) -> String {
        if self.seen.is_empty() {
            "nothing".to_owned()
        } else {
            format!("\n{}", self.seen.join("\n"))
        }
    }

    /// `new` and `force` (and `variant NAME`): a new game, no side played by the engine.
    pub(super) fn new_game(&mut self) -> Result<(), Failure> {
        self.send("new")?;
        self.send("force")?;
        if let Some(variant) = self.variant.clone() {
            self.send(&format!("variant {variant}"))?;
        }
        self.played = false;
        self.frc = false;
        Ok(())
    }

    /// A new game in Chess960 (`new`, `force`, `variant fischerandom`), unless the engine plays
    /// one already with no moves since; or back in the setup's game from one.
    fn select_chess960(&mut self, chess960: bool) -> Result<(), Failure> {
        if chess960 && (!self.frc || self.played) {
            self.new_game()?;
            self.send("variant fischerandom")?;
            self.frc = true;
        } else if !chess960 && self.frc {
            self.new_game()?;
        }
        Ok(())
    }

    /// A new game in the variant of `pieces` (Sjaak II's variant file, written once per piece
    /// set, then `load PATH`): the variant is asked for only once the engine answered
    /// `Loaded 'NAME'` (Sjaak II crashes on the command after a variant it does not know;
    /// docs/fairy-perft.md). The next position starts a new game again, back in the setup's.
    pub(super) fn pieces_game(&mut self, pieces: &[PieceDefinition]) -> Result<(), Failure> {
        let (name, path) =
            variant_file(self.scratch, pieces).map_err(|why| self.not_an_answer(why))?;
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
    pub(super) fn play(&mut self, uci: &str) -> Result<(), Failure> {
        let line = self.move_line(uci);
        self.played = true;
        self.send(&line)
    }

    /// `setboard FEN` and the history's moves in force mode, then a `ping`: the engine's
    /// refusal of any of them is an error verdict naming it. After moves were played, `new`
    /// first: a game's history is not carried into the next (Sjeng 11.2 crashes after some
    /// hundreds of `setboard`s with moves and no `new`; docs/findings/sjeng.md).
    ///
    /// A Chess960 game is played in `variant fischerandom`, its castling moves sent as `O-O` /
    /// `O-O-O` (Sjaak II's spelling in that variant), found on the board the history reaches.
    pub(super) fn position(&mut self, game: &Game) -> Result<(), Failure> {
        let chess960 = game.variant == Variant::Chess960;
        if !game.pieces.is_empty() {
            self.pieces_game(game.pieces)?;
        } else if chess960 || self.frc {
            self.select_chess960(chess960)?;
        } else if self.played {
            self.new_game()?;
        }
        let setboard = format!("setboard {}", game.fen);
        self.send(&setboard)?;
        let positions = if chess960 {
            castling::positions(game.variant, game.fen, game.moves)
        } else {
            Vec::new()
        };
        for (i, m) in game.moves.iter().enumerate() {
            let sent = match positions.get(i) {
                Some(pos) => xboard_move(pos, m),
                None => m.clone(),
            };
            self.play(&sent)?;
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

    /// Sends `uci`, played in `pos` (a Chess960 game's position), castling as `O-O` / `O-O-O`.
    pub(super) fn play_in(&mut self, pos: Option<&Chess>, uci: &str) -> Result<(), Failure> {
        match pos {
            Some(pos) => self.play(&xboard_move(pos, uci)),
            None => self.play(uci),
        }
    }

    fn move_line(&self, uci: &str) -> String {
        if self.usermove {
            format!("usermove {uci}")
        } else {
            uci.to_owned()
        }
    }

    /// An error verdict when one of `lines` is a refusal of the request.
    pub(super) fn refused(&self, lines: &[String]) -> Result<(), Failure> {
        match lines.iter().find(|l| is_refusal(l)) {
            Some(refusal) => {
                Err(self.not_an_answer(format!("the engine refused it: `{}`", refusal.trim())))
            }
            None => Ok(()),
        }
    }
}

/// A Chess960 move in xboard's spelling: castling (the king taking its rook) as `O-O` or `O-O-O`,
/// any other move as it is.
fn xboard_move(pos: &Chess, uci: &str) -> String {
    match castling::king_takes_rook(pos, uci) {
        Some(CastlingSide::KingSide) => "O-O".to_owned(),
        Some(CastlingSide::QueenSide) => "O-O-O".to_owned(),
        None => uci.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
