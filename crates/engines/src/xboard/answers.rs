//! What an xboard engine answers, and how its answers are read: `perft N` (Sjeng's and Sjaak
//! II's totals), the divide of `perft 1 1` (legal moves), `fen` (play); and what an engine
//! can answer, found by trying them once after the handshake.

use super::XboardEngine;
use super::session::Session;
use crate::castling;
use crate::child::LineChild;
use crate::supervisor::{self, Failure};
use chess_conformance::{Capabilities, Capability, Game, PieceDefinition};
use shakmaty::{CastlingSide, Chess};

impl XboardEngine {
    /// What the engine can answer, tried in the position `new` set up: `perft 1 1` (a total:
    /// perft; a divide too: legal moves) and `fen` (play).
    pub(super) fn probe(&self, child: &mut LineChild) -> Result<Capabilities, String> {
        let features = &self.features;
        if !(features.setboard && features.ping) {
            return Ok(Capabilities::NONE);
        }
        let mut session = self.session(child, features.usermove);
        let tried = (|| {
            let mut capabilities = Capabilities::NONE;
            let (moves, total) = session.divide(true, None)?;
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
}

impl Session<'_> {
    /// `perft DEPTH`, and its total.
    pub(super) fn perft(&mut self, depth: u32) -> Result<u64, Failure> {
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

    /// `perft 1 1`: the moves of its divide counted 1, in UCI, and the total; in a Chess960
    /// game (`chess960`, the position reached), castling as the king taking its rook.
    pub(super) fn divide(
        &mut self,
        white: bool,
        chess960: Option<&Chess>,
    ) -> Result<(Vec<String>, Option<u64>), Failure> {
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
                let side = match mv.trim_end_matches(['+', '#']) {
                    "O-O" | "0-0" => Some(CastlingSide::KingSide),
                    "O-O-O" | "0-0-0" => Some(CastlingSide::QueenSide),
                    _ => None,
                };
                let uci = match (chess960, side) {
                    // No rook keeps that right: no castling move to name.
                    (Some(pos), Some(side)) => castling::castling_move(pos, side),
                    _ => divide_move(mv, white),
                };
                let uci = uci.ok_or_else(|| {
                    self.not_an_answer(format!("the divide's move `{mv}` cannot be read"))
                })?;
                moves.push(uci);
            }
        }
        Ok((moves, total))
    }

    /// `fen`: the line that is a FEN.
    pub(super) fn fen(&mut self) -> Result<Option<String>, Failure> {
        self.send("fen")?;
        let lines = self.sync()?;
        Ok(lines
            .iter()
            .map(|l| l.trim())
            .find(|l| looks_like_fen(l))
            .map(str::to_owned))
    }
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
pub(super) fn white_to_move(game: &Game) -> bool {
    let white_first = game.fen.split_whitespace().nth(1) != Some("b");
    white_first == game.moves.len().is_multiple_of(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xboard::handshake::parse_features;
    use crate::xboard::session::is_refusal;

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
        let game = Game::new("8/8/8/8/8/8/8/K6k b - - 0 1", &moves);
        assert!(white_to_move(&game));
        assert!(!white_to_move(&Game::new(
            "8/8/8/8/8/8/8/K6k b - - 0 1",
            &[]
        )));
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
}
