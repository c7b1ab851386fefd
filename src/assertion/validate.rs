//! What an assertion's check at load sees: its case, the position the case's history reaches,
//! and a way to report a problem at a place in the case (a path the loader turns into a line
//! and column).

use shakmaty::Chess;

use super::Expect;
pub use crate::locate::Step;
use crate::replay::{self, MoveError};

/// A problem found at load: where in the case, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The path from the case to the offending value (or key).
    pub path: Vec<Step>,
    /// Whether the place is the last key of the path itself, rather than its value.
    pub at_key: bool,
    /// What is wrong and what was expected.
    pub message: String,
}

/// One assertion's view of its case while the loader checks it.
pub struct Validation<'a> {
    expect: &'a Expect,
    moves: &'a [String],
    position: Option<&'a Chess>,
    pieces: &'a [crate::vocabulary::PieceDefinition],
    key: &'static str,
    problems: &'a mut Vec<Problem>,
}

impl<'a> Validation<'a> {
    /// The view of the assertion `key` of `case`, problems collected in `problems`.
    pub(crate) fn new(
        expect: &'a Expect,
        moves: &'a [String],
        position: Option<&'a Chess>,
        pieces: &'a [crate::vocabulary::PieceDefinition],
        key: &'static str,
        problems: &'a mut Vec<Problem>,
    ) -> Validation<'a> {
        Validation {
            expect,
            moves,
            position,
            pieces,
            key,
            problems,
        }
    }

    /// The case's assertions (this one among them).
    pub fn expect(&self) -> &'a Expect {
        self.expect
    }

    /// The case's history.
    pub fn moves(&self) -> &'a [String] {
        self.moves
    }

    /// The position the history reaches; `None` when it is not set up (`valid: false`, or a
    /// position of pieces beyond the standard six).
    pub fn position(&self) -> Option<&'a Chess> {
        self.position
    }

    /// The pieces beyond the standard six the case declares (empty for most).
    pub fn pieces(&self) -> &'a [crate::vocabulary::PieceDefinition] {
        self.pieces
    }

    fn path(&self, at: &[Step]) -> Vec<Step> {
        let mut path = vec![Step::Key("expect".into()), Step::Key(self.key.into())];
        path.extend_from_slice(at);
        path
    }

    /// A problem with the value at `at`, a path from the assertion's value (`&[]`: the value
    /// itself).
    pub fn error(&mut self, at: &[Step], message: impl Into<String>) {
        let path = self.path(at);
        self.problems.push(Problem {
            path,
            at_key: false,
            message: message.into(),
        });
    }

    /// A problem with the key at the end of `at` (`&[]`: the assertion's own key).
    pub fn error_at_key(&mut self, at: &[Step], message: impl Into<String>) {
        let path = self.path(at);
        self.problems.push(Problem {
            path,
            at_key: true,
            message: message.into(),
        });
    }

    /// Each item of a list of moves must be written in UCI.
    pub fn uci_syntax(&mut self, moves: &[String], at: &[Step]) {
        for (i, m) in moves.iter().enumerate() {
            if let Err(err) = replay::check_uci_syntax(m) {
                let mut path = at.to_vec();
                path.push(Step::Index(i));
                self.error(&path, err.to_string());
            }
        }
    }

    /// A move must be legal in the position (`what` names it in the message).
    pub fn legal_move(&mut self, uci: &str, at: &[Step], at_key: bool, what: &str) {
        let Some(pos) = self.position else { return };
        if let Err(err) = replay::parse_uci(pos, uci) {
            let why = match err {
                MoveError::Syntax(s) | MoveError::Illegal(s) => s,
            };
            let message = format!("{what} must be a legal move: {why}");
            if at_key {
                self.error_at_key(at, message);
            } else {
                self.error(at, message);
            }
        }
    }

    /// Each square of a list must be a square name.
    pub fn squares(&mut self, squares: &[String], at: &[Step]) {
        for (i, s) in squares.iter().enumerate() {
            if let Err(err) = crate::vocabulary::check_square(s) {
                let mut path = at.to_vec();
                path.push(Step::Index(i));
                self.error(&path, err);
            }
        }
    }

    /// A list or map with nothing in it asserts nothing.
    pub fn not_empty(&mut self, is_empty: bool, what: &str) {
        if is_empty {
            self.error_at_key(
                &[],
                format!(
                    "`{}` is empty, so it asserts nothing: {what}, or leave the key out",
                    self.key
                ),
            );
        }
    }
}
