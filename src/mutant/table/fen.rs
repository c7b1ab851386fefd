//! FEN validity: faults accepted.

use shakmaty::{Chess, PositionErrorKinds};

use crate::replay;
use crate::vocabulary::{FenCheck, Variant};

/// The reference's check in `variant`, but a FEN whose only faults (of shakmaty's) are of
/// `kinds` accepted.
pub(super) fn accept_if_only(fen: &str, variant: Variant, kinds: PositionErrorKinds) -> FenCheck {
    let parsed = match shakmaty::fen::Fen::from_ascii(fen.as_bytes()) {
        Ok(parsed) => parsed,
        Err(e) => return FenCheck::Rejected(e.to_string()),
    };
    match parsed.into_position::<Chess>(replay::castling_mode(variant)) {
        Ok(_) => crate::mutant::reference_validate(fen, variant),
        Err(e) if (e.kinds() & !kinds).is_empty() => FenCheck::Accepted,
        Err(e) => FenCheck::Rejected(e.to_string()),
    }
}

/// The reference's check on the FEN's first four fields, the clocks replaced by `0 1`.
pub(super) fn clocks_unchecked(fen: &str, variant: Variant) -> FenCheck {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 6 {
        return crate::mutant::reference_validate(fen, variant);
    }
    crate::mutant::reference_validate(&format!("{} 0 1", fields[..4].join(" ")), variant)
}
