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
    /// `castling-king-at-home`: only a king on its original square (in Chess960, a king with a
    /// castling right) touched with a rook shows an intention to castle.
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
    /// `960-castling-is-a-king-move`: a Chess960 castling that moves only the rook (the king
    /// already on its castling square) is a move of the king: touching the king alone allows
    /// it, touching the rook alone does not.
    #[serde(rename = "960-castling-is-a-king-move")]
    Chess960CastlingIsAKingMove,
    /// `960-king-released-one-step`: a Chess960 king let go on its castling square one step
    /// away, where it can also step as a plain move, has made that king move, not castling.
    #[serde(rename = "960-king-released-one-step")]
    Chess960KingReleasedOneStep,
    /// `960-rook-released-completes-castling`: in a Chess960 castling that moves only the rook,
    /// the rook let go on its castling square after the king was touched completes the move.
    #[serde(rename = "960-rook-released-completes-castling")]
    Chess960RookReleasedCompletesCastling,
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
    pub const ALL: [Reading; 13] = [
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
        Reading::Chess960CastlingIsAKingMove,
        Reading::Chess960KingReleasedOneStep,
        Reading::Chess960RookReleasedCompletesCastling,
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
            Reading::Chess960CastlingIsAKingMove => "960-castling-is-a-king-move",
            Reading::Chess960KingReleasedOneStep => "960-king-released-one-step",
            Reading::Chess960RookReleasedCompletesCastling => {
                "960-rook-released-completes-castling"
            }
        }
    }

    /// Whether the question arises only in Chess960 (FIDE Guidelines II): it is about a castling
    /// standard chess does not have (only the rook moves, or the king steps one square), so a
    /// standard position's ruling never rests on it.
    pub fn chess960(self) -> bool {
        matches!(
            self,
            Reading::Chess960CastlingIsAKingMove
                | Reading::Chess960KingReleasedOneStep
                | Reading::Chess960RookReleasedCompletesCastling
        )
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
                        cannot, the rook). In Chess960 the original square is the one a king \
                        with a castling right stands on (Guidelines II.3).",
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
            Reading::Chess960CastlingIsAKingMove => ReadingText {
                clause: "3.8.2, 4.3.1, II.3.2.4",
                question: "Chess960, the king already on its castling square: the castling \
                           moves only the rook. Is it a move of the king or of the rook, for \
                           the piece touched first (4.3.1)?",
                suite: "Of the king. Article 3.8.2 counts castling \"as a single move of the \
                        king\", and Guidelines II.3 changes how castling is carried out, not \
                        what it is: touching the king alone allows it, touching the rook alone \
                        obliges a rook move, as in standard chess.",
                other: "Of the rook, the only piece that moves (II.3.2.4 calls it castling \
                        \"by making only a move with the rook\"): touching the rook alone \
                        allows it, touching the king alone does not.",
                open: true,
            },
            Reading::Chess960KingReleasedOneStep => ReadingText {
                clause: "4.7, 4.7.2, II.3.2.5.1",
                question: "Chess960: the king let go on its castling square one step away \
                           (f1 to g1 with a castling right on h1), where a plain king move \
                           lands too: has the player made that king move, or begun castling \
                           (4.7.2)?",
                suite: "The king move. It is a legal move released on its square (4.7), and \
                        the Guidelines recommend castling by putting the king on its square \
                        last, after the rook (II.3.2.5.1), so a king put down first is a king \
                        move. A king let go on its castling square two or more squares away \
                        is castling, as in standard chess (4.7.2).",
                other: "Castling begun (4.7.2): only castling on that side is left, if it is \
                        legal; otherwise another king move.",
                open: true,
            },
            Reading::Chess960RookReleasedCompletesCastling => ReadingText {
                clause: "4.7.2, 4.8, II.3.2.4",
                question: "Chess960, a castling that moves only the rook: the king touched, \
                           the rook let go on its castling square. Is the move made (4.7.2 \
                           says castling is made when the rook is let go on the square the \
                           king crossed, and here the king crosses none)?",
                suite: "Yes. The rook is the last piece to reach its square, as in the \
                        castling 4.7.2 describes, so its release completes the move: the \
                        opponent's touch afterwards forfeits a claim (4.8).",
                other: "No: the king must still be put back on its square (II.3.2.5.1 \
                        recommends placing it last), so the move is not yet made and the \
                        opponent's touch does not end a claim.",
                open: true,
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
