//! The game state and claims (5, 9): who won, and the thresholds of the draws.

use crate::mutant::Facts;
use crate::vocabulary::{DrawClaim, GameState};

/// The side not to move has won.
pub(super) fn mate(f: &Facts) -> GameState {
    GameState::Checkmate {
        winner: crate::replay::from_shakmaty(!f.turn),
    }
}

/// The reference's claims with other thresholds: occurrences for a repetition, half-moves for
/// the fifty-move rule.
pub(super) fn claims_with(
    f: &Facts,
    state: GameState,
    occurrences: usize,
    halfmoves: u32,
) -> Vec<DrawClaim> {
    let mut claims = Vec::new();
    if state != GameState::Ongoing {
        return claims;
    }
    if f.repetitions >= occurrences {
        claims.push(DrawClaim::ThreefoldRepetition);
    }
    if f.halfmoves >= halfmoves {
        claims.push(DrawClaim::FiftyMoves);
    }
    claims
}
