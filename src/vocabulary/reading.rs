//! The suite's readings of Article 4: the places where the Laws can be read two ways, and the way
//! this suite reads each.
//!
//! A touch-move ruling that depends on one of them names it in its case (`readings:`), so an
//! engine that reads the clause the other way fails with that reason (a convention finding, not
//! a bug), never by surprise. The arbiter ([`crate::touch`]) can rule either way on each, which
//! is how the loader checks that a case names exactly the readings its answer rests on.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A clause of Article 4 that can be read two ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// `pass-over-before-king`: touched pieces that can neither move nor be captured, before the
    /// king and a rook, do not stop castling from being obliged.
    PassOverBeforeKing,
    /// `rook-touched-later`: the king, other pieces, then a rook: castling is still obliged.
    RookTouchedLater,
    /// `castling-before-capture`: the king and a rook before an opponent's piece: 4.4, not
    /// 4.3.3, decides.
    CastlingBeforeCapture,
    /// `castling-king-at-home`: only a king on its original square touched with a rook shows
    /// an intention to castle.
    CastlingKingAtHome,
    /// `touches-after-free-choice`: after 4.4.3 leaves any legal move, a piece touched later
    /// binds again.
    TouchesAfterFreeChoice,
    /// `claim-during-unfinished-move`: the opponent's touch while the player's move is not yet
    /// made does not forfeit the claim.
    ClaimDuringUnfinishedMove,
    /// `jadoube-until-next-touch`: "j'adoube" covers adjusting until the next touch with intent.
    JadoubeUntilNextTouch,
    /// `same-piece-twice`: a piece touched again counts at its first touch.
    SamePieceTwice,
    /// `release-out-of-reach`: a piece let go on a square it cannot reach still counts as
    /// touched.
    ReleaseOutOfReach,
    /// `promotion-piece-not-square`: the new piece touching a square finalises the piece, not
    /// the square.
    PromotionPieceNotSquare,
}

/// What a reading is about and which way the suite takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadingText {
    /// The articles of the 2023 Laws concerned.
    pub clause: &'static str,
    /// The question the text leaves.
    pub question: &'static str,
    /// The suite's reading, and why.
    pub suite: &'static str,
    /// The other reading: what an engine that fails for this reason does.
    pub other: &'static str,
    /// Whether the text truly leaves the question open (`true`: the suite picks the reading a
    /// tournament arbiter would apply), or decides it, so that the other reading adds a
    /// condition the text does not have (`false`).
    pub open: bool,
}

impl Reading {
    /// Every reading, in the order of the table in `docs/CASES.md`.
    pub const ALL: [Reading; 10] = [
        Reading::PassOverBeforeKing,
        Reading::RookTouchedLater,
        Reading::CastlingBeforeCapture,
        Reading::CastlingKingAtHome,
        Reading::TouchesAfterFreeChoice,
        Reading::ClaimDuringUnfinishedMove,
        Reading::JadoubeUntilNextTouch,
        Reading::SamePieceTwice,
        Reading::ReleaseOutOfReach,
        Reading::PromotionPieceNotSquare,
    ];

    /// The key a case writes: `rook-touched-later`.
    pub fn key(self) -> &'static str {
        match self {
            Reading::PassOverBeforeKing => "pass-over-before-king",
            Reading::RookTouchedLater => "rook-touched-later",
            Reading::CastlingBeforeCapture => "castling-before-capture",
            Reading::CastlingKingAtHome => "castling-king-at-home",
            Reading::TouchesAfterFreeChoice => "touches-after-free-choice",
            Reading::ClaimDuringUnfinishedMove => "claim-during-unfinished-move",
            Reading::JadoubeUntilNextTouch => "jadoube-until-next-touch",
            Reading::SamePieceTwice => "same-piece-twice",
            Reading::ReleaseOutOfReach => "release-out-of-reach",
            Reading::PromotionPieceNotSquare => "promotion-piece-not-square",
        }
    }

    /// The reading whose key is `key`.
    pub fn from_key(key: &str) -> Option<Reading> {
        Reading::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The question and the suite's answer.
    pub fn text(self) -> ReadingText {
        match self {
            Reading::PassOverBeforeKing => ReadingText {
                clause: "4.4.1, 4.5",
                question: "Pieces touched before the king that can neither be moved nor \
                           captured: do they keep the king and a rook touched after them from \
                           obliging castling?",
                suite: "No. 4.5 passes over touched pieces that cannot be moved or captured, so \
                        the king is the first touched piece that counts, and the king and the \
                        rook oblige castling (4.4.1).",
                other: "Castling is obliged only when the king is the very first piece \
                        touched; otherwise the king may make any of its moves.",
                open: true,
            },
            Reading::RookTouchedLater => ReadingText {
                clause: "4.4.1",
                question: "The king, then other pieces, then a rook: does the rook still oblige \
                           castling?",
                suite: "Yes. 4.4.1 speaks of touching \"his king and a rook\" and asks nothing \
                        of the touches between: the king is the piece that must move (4.3.1), \
                        and the rook touched later narrows that to castling on its side.",
                other: "Only a rook touched right after the king counts; after another touch \
                        the king may make any of its moves.",
                open: false,
            },
            Reading::CastlingBeforeCapture => ReadingText {
                clause: "4.3.3, 4.4.1",
                question: "The king and a rook, and an opponent's piece the king could capture: \
                           does 4.3.3 (capture it) or 4.4 (castle) decide?",
                suite: "The order of the touches. The king and the rook touched before the \
                        opponent's piece oblige castling, and the later touch changes nothing; \
                        an opponent's piece touched before the rook puts the turn under 4.3.3.",
                other: "4.3.3 decides whenever pieces of both colours are touched: the king \
                        must capture the opponent's piece if it can.",
                open: true,
            },
            Reading::CastlingKingAtHome => ReadingText {
                clause: "4.4.3",
                question: "A king away from its original square touched with a rook of the \
                           first rank: is that \"intending to castle\" (4.4.3)?",
                suite: "No. A king off its original square is not castling, whatever the \
                        player meant: 4.3.1 decides (the king, touched first, moves; if it \
                        cannot, the rook).",
                other: "Yes: another king move, or any legal move when the king has none.",
                open: true,
            },
            Reading::TouchesAfterFreeChoice => ReadingText {
                clause: "4.4.3, 4.5",
                question: "After 4.4.3 leaves the player \"free to make any legal move\" \
                           (castling illegal, the king without a move), does a piece touched \
                           afterwards bind?",
                suite: "Yes, as under 4.5: the freedom is what the pieces touched so far leave, \
                        and a piece touched after it with intent obliges as any touch does \
                        (4.3).",
                other: "No: the player stays free for the rest of the turn.",
                open: true,
            },
            Reading::ClaimDuringUnfinishedMove => ReadingText {
                clause: "4.8, 4.7.2, 4.7.3",
                question: "The player is making a move against the obligation and has not \
                           finished it (the king let go two squares, the rook not yet moved; a \
                           pawn let go on the last rank, no new piece yet) when the opponent \
                           touches a piece: is the claim lost?",
                suite: "No. Until then \"the move is not yet made\" (4.7.2, 4.7.3), so the \
                        opponent is not making theirs: the obligation stands. Castling is made \
                        when the rook is let go on the square the king crossed; a promotion, in \
                        the events, once the new piece has touched the square.",
                other: "Yes: 4.8 takes any deliberate touch of a piece, and the breaching move \
                        stands.",
                open: true,
            },
            Reading::JadoubeUntilNextTouch => ReadingText {
                clause: "4.2.1, 4.2.2",
                question: "How long does \"j'adoube\" cover adjusting?",
                suite: "Until the player next touches a piece with intent. The intention is \
                        expressed \"first\", before the adjusting it announces; an adjustment \
                        after a touch to move needs saying again, or it is a touch (4.2.2).",
                other: "The whole turn: once said, every later adjustment is free.",
                open: true,
            },
            Reading::SamePieceTwice => ReadingText {
                clause: "4.3",
                question: "A piece touched, another, then the first again: where does it count?",
                suite: "At its first touch: 4.3 asks which piece was touched first, and touching \
                        it again does not make it later.",
                other: "At its last touch.",
                open: false,
            },
            Reading::ReleaseOutOfReach => ReadingText {
                clause: "4.7, 4.2.2",
                question: "A piece let go on a square it cannot legally reach: does it count as \
                           touched?",
                suite: "Yes. It was touched with the intention of moving it (4.2.2); the release \
                        is no legal move, so it fixes nothing (4.7 speaks of \"a legal move\"), \
                        and the piece must still move if it is the first touched that can.",
                other: "No: an attempted illegal move counts for nothing.",
                open: false,
            },
            Reading::PromotionPieceNotSquare => ReadingText {
                clause: "4.4.4",
                question: "Once the new piece has touched a promotion square, is that square \
                           final too?",
                suite: "No. 4.4.4 finalises \"the choice of the piece\": a pawn not yet let go \
                        may still promote on another square (by a capture), as that piece.",
                other: "Yes: only that piece on that square.",
                open: false,
            },
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_and_serialize_as_written() {
        for r in Reading::ALL {
            assert_eq!(Reading::from_key(r.key()), Some(r));
            assert_eq!(
                serde_json::to_string(&r).unwrap(),
                format!("\"{}\"", r.key())
            );
            let text = r.text();
            assert!(!text.question.is_empty() && !text.suite.is_empty());
        }
        assert_eq!(Reading::from_key("rook-touched-first"), None);
    }
}
