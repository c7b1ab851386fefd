//! Betza's notation for how a piece moves: the subset fairy engines agree on for the pieces
//! of the sources.
//!
//! A movement is a run of atoms, each a leap `(a, b)` taken in all eight of its directions:
//!
//! | atom | leap | | atom | leap |
//! |---|---|---|---|---|
//! | `W` (wazir) | (1, 0) | | `H` | (3, 0) |
//! | `F` (ferz) | (1, 1) | | `C` (camel) | (3, 1) |
//! | `D` (dabbaba) | (2, 0) | | `Z` (zebra) | (3, 2) |
//! | `N` (knight) | (2, 1) | | `G` | (3, 3) |
//! | `A` (alfil) | (2, 2) | | | |
//!
//! An atom alone leaps: it jumps to its squares over whatever stands between. A doubled atom
//! (`WW`) rides: it repeats its leap along the line until it meets a piece (which it may
//! capture) or the edge. A number after an atom or a rider limits the ride to that many steps
//! (`W2`, `R2`: at most two squares, and blocked by a piece on the first); `0` means no limit.
//! `R` (= `WW`), `B` (= `FF`), `Q` (= `RB`) and `K` (= `WF`) are shorthands, so the amazon is
//! `QN`, the ferz `F`, the alfil `A`, the rook that goes at most two squares `R2`, and the one
//! that jumps exactly two squares `D`.
//!
//! Modifiers (`m`, `c`, `f`, `b`, `l`, `r`, `s`, `v`, `n`, `j`, ...) restrict or change legs in
//! full Betza; this reader refuses them by name rather than guess, since no piece of the sources
//! needs them.

use std::fmt;

/// One way of moving: a leap repeated at most `range` times along its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leg {
    /// Files moved per step (may be negative).
    pub df: i8,
    /// Ranks moved per step (may be negative).
    pub dr: i8,
    /// Steps at most: 1 for a leaper, 7 for a rider without a limit.
    pub range: u8,
}

/// How a piece moves: its legs, each direction on its own, sorted and without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Movement {
    /// The notation it was read from.
    pub notation: String,
    /// Every leg, in all of its directions.
    pub legs: Vec<Leg>,
}

/// Why a notation could not be read: the character's place and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// The notation.
    pub notation: String,
    /// The character's index (0-based) in it.
    pub at: usize,
    /// What is wrong there.
    pub why: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Betza notation `{}`, character {}: {}",
            self.notation,
            self.at + 1,
            self.why
        )
    }
}

impl std::error::Error for BetzaError {}

/// The leap of a basic atom.
fn atom(c: char) -> Option<(i8, i8)> {
    Some(match c {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (3, 1),
        'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// What a shorthand stands for: the atoms and whether they ride.
fn shorthand(c: char) -> Option<&'static [(char, bool)]> {
    Some(match c {
        'R' => &[('W', true)],
        'B' => &[('F', true)],
        'Q' => &[('W', true), ('F', true)],
        'K' => &[('W', false), ('F', false)],
        _ => return None,
    })
}

/// The longest ride on an 8x8 board.
pub const UNLIMITED: u8 = 7;

impl Movement {
    /// Reads a notation of the subset described in the module's documentation.
    ///
    /// # Errors
    ///
    /// The first character that is not an atom, a shorthand, a doubling or a range, with its
    /// place; an empty notation; a range above 7 or a range after nothing.
    pub fn parse(notation: &str) -> Result<Movement, BetzaError> {
        let err = |at: usize, why: String| BetzaError {
            notation: notation.to_string(),
            at,
            why,
        };
        let chars: Vec<char> = notation.chars().collect();
        if chars.is_empty() {
            return Err(err(0, "empty: a piece must move somehow".into()));
        }
        // Each group: (atoms with their riding flag) then an optional range.
        let mut legs = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let group: Vec<(char, bool)> = if let Some(leap) = atom(c) {
                let _ = leap;
                if chars.get(i + 1) == Some(&c) {
                    i += 1;
                    vec![(c, true)]
                } else {
                    vec![(c, false)]
                }
            } else if let Some(parts) = shorthand(c) {
                parts.to_vec()
            } else if c.is_ascii_digit() {
                return Err(err(i, format!("the range `{c}` follows no atom")));
            } else if c.is_ascii_lowercase() {
                return Err(err(
                    i,
                    format!(
                        "the modifier `{c}` is not read here (only atoms, doublings and ranges)"
                    ),
                ));
            } else {
                return Err(err(i, format!("`{c}` is not an atom of Betza's notation")));
            };
            i += 1;
            // An optional range: digits.
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let range = if start < i {
                let digits: String = chars[start..i].iter().collect();
                let n: u32 = digits
                    .parse()
                    .map_err(|_| err(start, format!("the range `{digits}` is not a number")))?;
                if n > u32::from(UNLIMITED) {
                    return Err(err(
                        start,
                        format!("the range {n} is longer than the board (at most 7, or 0)"),
                    ));
                }
                Some(if n == 0 { UNLIMITED } else { n as u8 })
            } else {
                None
            };
            for (a, rides) in group {
                let (x, y) = atom(a).expect("a group holds atoms");
                let steps = match (range, rides) {
                    (Some(n), _) => n,
                    (None, true) => UNLIMITED,
                    (None, false) => 1,
                };
                for (df, dr) in directions(x, y) {
                    legs.push(Leg {
                        df,
                        dr,
                        range: steps,
                    });
                }
            }
        }
        // The same direction twice keeps the longer range (`WR`: a rook).
        legs.sort_by_key(|l| (l.df, l.dr, std::cmp::Reverse(l.range)));
        legs.dedup_by_key(|l| (l.df, l.dr));
        Ok(Movement {
            notation: notation.to_string(),
            legs,
        })
    }

    /// Whether any leg rides (goes more than one step): such a piece can be blocked and pin.
    pub fn rides(&self) -> bool {
        self.legs.iter().any(|l| l.range > 1)
    }
}

/// The eight (or four) directions of a leap.
fn directions(x: i8, y: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::with_capacity(8);
    for (a, b) in [(x, y), (y, x)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let d = (a * sa, b * sb);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: &str) -> usize {
        Movement::parse(n).unwrap().legs.len()
    }

    #[test]
    fn atoms_take_all_their_directions() {
        assert_eq!(count("W"), 4);
        assert_eq!(count("F"), 4);
        assert_eq!(count("N"), 8);
        assert_eq!(count("A"), 4);
        assert_eq!(count("D"), 4);
        assert_eq!(count("K"), 8);
        assert_eq!(count("QN"), 16);
    }

    #[test]
    fn doubling_and_ranges_ride() {
        let r = Movement::parse("R").unwrap();
        assert!(r.legs.iter().all(|l| l.range == UNLIMITED));
        assert_eq!(
            r,
            Movement {
                notation: "R".into(),
                ..Movement::parse("WW").unwrap()
            }
        );
        let short = Movement::parse("R2").unwrap();
        assert!(short.legs.iter().all(|l| l.range == 2));
        assert_eq!(Movement::parse("W2").unwrap().legs, short.legs);
        assert_eq!(Movement::parse("R0").unwrap().legs, r.legs);
        assert!(!Movement::parse("D").unwrap().rides());
        assert!(Movement::parse("R2").unwrap().rides());
        // A direction given twice keeps its longer range.
        assert_eq!(Movement::parse("WR").unwrap().legs, r.legs);
    }

    #[test]
    fn what_is_not_read_is_named() {
        let e = Movement::parse("mWcF").unwrap_err();
        assert_eq!(e.at, 0);
        assert!(e.to_string().contains("modifier `m`"), "{e}");
        let e = Movement::parse("Q9").unwrap_err();
        assert!(e.to_string().contains("at most 7"), "{e}");
        assert!(Movement::parse("").is_err());
        assert!(
            Movement::parse("3W")
                .unwrap_err()
                .to_string()
                .contains("follows no atom")
        );
        assert!(
            Movement::parse("X")
                .unwrap_err()
                .to_string()
                .contains("not an atom")
        );
    }
}
