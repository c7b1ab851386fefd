//! The things done at the board, drawn from templates: one per kind of position (a board built
//! for castling, a king boxed in on its first rank, a pawn about to promote, a position of a
//! game), each a short sequence of touches, releases, adjustments and the opponent's touch.

use shakmaty::{Chess, Color, File, Position, Square};

use super::Board;
use crate::mine::Miner;
use chess_conformance::replay;
use chess_conformance::{PromotionPiece, TouchEvent};

fn squares(pos: &Chess, own: bool) -> Vec<Square> {
    let color = if own { pos.turn() } else { !pos.turn() };
    pos.board().by_color(color).into_iter().collect()
}

/// The legal destinations of the piece on `from`.
fn targets(pos: &Chess, from: Square) -> Vec<Square> {
    let mut out: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| replay::parse_square(&replay::to_uci(m)[2..4]).expect("a UCI move has squares"))
        .collect();
    out.dedup();
    out
}

fn touch(sq: Square) -> TouchEvent {
    TouchEvent::Touch(sq.to_string())
}

/// The squares a template picks from: the side to move's pieces and the opponent's.
struct Hands {
    own: Vec<Square>,
    theirs: Vec<Square>,
}

/// Events drawn from one of the templates.
pub(super) fn events(m: &mut Miner, pos: &Chess, kind: &Board) -> Option<Vec<TouchEvent>> {
    let hands = Hands {
        own: squares(pos, true),
        theirs: squares(pos, false),
    };
    match kind {
        Board::Castling => Some(castling_events(m, pos, &hands)),
        Board::Boxed { home } => boxed_events(m, pos, &hands, *home),
        Board::Promotion => promotion_events(m, pos, &hands),
        Board::Game => game_events(m, pos, &hands),
    }
}

/// The king and a rook of a board built for castling, in either order or together, let go as
/// castling, with something else touched before, between or after.
fn castling_events(m: &mut Miner, pos: &Chess, hands: &Hands) -> Vec<TouchEvent> {
    let Hands { own, theirs } = hands;
    let us = pos.turn();
    let pick = |m: &mut Miner, list: &[Square]| *m.pick(list);
    let king = Square::from_coords(File::E, us.backrank());
    let rooks: Vec<Square> = [File::A, File::H]
        .into_iter()
        .map(|f| Square::from_coords(f, us.backrank()))
        .filter(|sq| pos.board().piece_at(*sq) == Some(us.rook()))
        .collect();
    let rook = pick(m, &rooks);
    let mut out = Vec::new();
    match m.below(8) {
        0 => out.extend([touch(king), touch(rook)]),
        1 => out.extend([touch(rook), touch(king)]),
        2 => {
            let (a, b) = if m.chance(1, 2) {
                (king, rook)
            } else {
                (rook, king)
            };
            out.push(TouchEvent::TouchTogether(a.to_string(), b.to_string()));
        }
        3 => {
            if m.chance(1, 2) {
                out.push(touch(king));
            }
            let file = if rook.file() == File::H {
                File::G
            } else {
                File::C
            };
            out.push(TouchEvent::Release {
                from: king.to_string(),
                on: Square::from_coords(file, us.backrank()).to_string(),
            });
        }
        4 => {
            // Something else first (often the opponent's king, which can never be
            // captured: `pass-over-before-king`), then the king and rook.
            let first = match pos.board().king_of(!us) {
                Some(theirs) if m.chance(1, 2) => theirs,
                _ => pick(m, own),
            };
            out.push(touch(first));
            out.extend([touch(king), touch(rook)]);
        }
        5 => {
            // The king, something else, then the rook (`rook-touched-later`).
            out.push(touch(king));
            let list = if m.chance(1, 2) { own } else { theirs };
            out.push(touch(pick(m, list)));
            out.push(touch(rook));
        }
        6 => {
            // The king and the rook, then an opponent's piece (`castling-before-capture`).
            out.extend([touch(king), touch(rook), touch(pick(m, theirs))]);
        }
        _ => castling_under_way(m, us, king, rook, hands, &mut out),
    }
    out
}

/// Another piece touched, the king let go as castling, perhaps the rook let go too, then the
/// opponent's touch (`claim-during-unfinished-move`).
fn castling_under_way(
    m: &mut Miner,
    us: Color,
    king: Square,
    rook: Square,
    hands: &Hands,
    out: &mut Vec<TouchEvent>,
) {
    out.push(touch(*m.pick(&hands.own)));
    let (to, crossed) = if rook.file() == File::H {
        (File::G, File::F)
    } else {
        (File::C, File::D)
    };
    out.push(TouchEvent::Release {
        from: king.to_string(),
        on: Square::from_coords(to, us.backrank()).to_string(),
    });
    if m.chance(1, 3) {
        out.push(TouchEvent::Release {
            from: rook.to_string(),
            on: Square::from_coords(crossed, us.backrank()).to_string(),
        });
    }
    out.push(TouchEvent::OpponentTouches(
        m.pick(&hands.theirs).to_string(),
    ));
}

/// The king and a rook of the first rank, touched one after the other or together, then (at
/// home, castling illegal and the king stuck: any move) other pieces
/// (`touches-after-free-choice`, `castling-king-at-home`).
fn boxed_events(m: &mut Miner, pos: &Chess, hands: &Hands, home: bool) -> Option<Vec<TouchEvent>> {
    let us = pos.turn();
    let king = pos.board().king_of(us)?;
    let rooks: Vec<Square> = (pos.board().rooks() & pos.board().by_color(us))
        .into_iter()
        .filter(|sq| sq.rank() == us.backrank())
        .collect();
    let rook = *m.pick(&rooks);
    let mut out = Vec::new();
    if m.chance(1, 2) {
        out.extend([touch(king), touch(rook)]);
    } else {
        out.push(TouchEvent::TouchTogether(
            king.to_string(),
            rook.to_string(),
        ));
    }
    if home || m.chance(1, 2) {
        for _ in 0..1 + m.below(2) {
            let list = if m.chance(1, 2) {
                &hands.own
            } else {
                &hands.theirs
            };
            out.push(touch(*m.pick(list)));
        }
    }
    Some(out)
}

/// A pawn about to promote: touched, let go on the last rank, the new piece touching the
/// square, in some order, and now and then the opponent's touch before the move is finished.
fn promotion_events(m: &mut Miner, pos: &Chess, hands: &Hands) -> Option<Vec<TouchEvent>> {
    let Hands { own, theirs } = hands;
    let promotions: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.is_promotion())
        .collect();
    if promotions.is_empty() {
        return None;
    }
    let mv = promotions[m.below(promotions.len())];
    let from = mv.from()?;
    let piece = *m.pick(&PromotionPiece::ALL);
    let new = TouchEvent::NewPieceTouches {
        piece,
        square: mv.to().to_string(),
    };
    let release = TouchEvent::Release {
        from: from.to_string(),
        on: mv.to().to_string(),
    };
    let mut out = Vec::new();
    match m.below(5) {
        0 => out.extend([touch(from), new]),
        1 => out.push(release),
        2 => out.extend([release, new]),
        3 => out.extend([new, touch(*m.pick(own))]),
        _ => {
            // Another piece touched, the pawn let go on the last rank, perhaps the new
            // piece, then the opponent's touch (`claim-during-unfinished-move`).
            out.push(touch(*m.pick(own)));
            out.push(release);
            if m.chance(1, 3) {
                out.push(new);
            }
            out.push(TouchEvent::OpponentTouches(m.pick(theirs).to_string()));
        }
    }
    Some(out)
}

/// A position of a game: pieces touched (own, the opponent's, one of each, together, by
/// accident), adjusted after "j'adoube", let go on a square, or a breach.
fn game_events(m: &mut Miner, pos: &Chess, hands: &Hands) -> Option<Vec<TouchEvent>> {
    let Hands { own, theirs } = hands;
    let pick = |m: &mut Miner, list: &[Square]| *m.pick(list);
    let mut out = Vec::new();
    match m.below(12) {
        0 => {
            for _ in 0..1 + m.below(3) {
                out.push(touch(pick(m, own)));
            }
        }
        1 => {
            for _ in 0..1 + m.below(2) {
                out.push(touch(pick(m, theirs)));
            }
        }
        2 => {
            let (a, b) = (pick(m, own), pick(m, theirs));
            match m.below(3) {
                0 => out.extend([touch(a), touch(b)]),
                1 => out.extend([touch(b), touch(a)]),
                _ => out.push(TouchEvent::TouchTogether(b.to_string(), a.to_string())),
            }
        }
        3 => {
            out.push(TouchEvent::AccidentalTouch(pick(m, own).to_string()));
            if m.chance(1, 2) {
                out.push(touch(pick(m, own)));
            }
        }
        4 => {
            if m.chance(2, 3) {
                out.push(TouchEvent::SayJadoube);
            }
            let list = if m.chance(1, 3) { theirs } else { own };
            out.push(TouchEvent::Adjust(pick(m, list).to_string()));
            if m.chance(1, 3) {
                out.push(touch(pick(m, own)));
            }
        }
        9 => {
            // "J'adoube", a touch, an adjustment (`jadoube-until-next-touch`).
            out.push(TouchEvent::SayJadoube);
            out.push(touch(pick(m, own)));
            out.push(TouchEvent::Adjust(pick(m, own).to_string()));
        }
        10 => {
            // A piece touched again (`same-piece-twice`).
            let (a, b) = (pick(m, own), pick(m, own));
            out.extend([touch(a), touch(b), touch(a)]);
        }
        11 => release_out_of_reach(m, pos, own, &mut out),
        5 | 6 => release_on_a_square(m, pos, own, &mut out),
        _ => breach(m, pos, hands, &mut out)?,
    }
    Some(out)
}

/// A piece let go out of its reach, then another touched (`release-out-of-reach`).
fn release_out_of_reach(m: &mut Miner, pos: &Chess, own: &[Square], out: &mut Vec<TouchEvent>) {
    let from = *m.pick(own);
    let reach = targets(pos, from);
    let all: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|s| *s != from && !reach.contains(s))
        .collect();
    out.push(TouchEvent::Release {
        from: from.to_string(),
        on: m.pick(&all).to_string(),
    });
    out.push(touch(*m.pick(own)));
}

/// A piece let go on a square: mostly one it can reach.
fn release_on_a_square(m: &mut Miner, pos: &Chess, own: &[Square], out: &mut Vec<TouchEvent>) {
    if m.chance(1, 3) {
        out.push(touch(*m.pick(own)));
    }
    let from = *m.pick(own);
    let reach = targets(pos, from);
    let on = if !reach.is_empty() && m.chance(3, 4) {
        *m.pick(&reach)
    } else {
        let all: Vec<Square> = Square::ALL.into_iter().filter(|s| *s != from).collect();
        *m.pick(&all)
    };
    out.push(TouchEvent::Release {
        from: from.to_string(),
        on: on.to_string(),
    });
}

/// A breach: one piece touched, another moved, then perhaps the opponent's touch. `None` when
/// no other piece can move.
fn breach(m: &mut Miner, pos: &Chess, hands: &Hands, out: &mut Vec<TouchEvent>) -> Option<()> {
    let first = *m.pick(&hands.own);
    let movers: Vec<Square> = hands
        .own
        .iter()
        .copied()
        .filter(|s| *s != first && !targets(pos, *s).is_empty())
        .collect();
    if movers.is_empty() {
        return None;
    }
    let mover = *m.pick(&movers);
    let on = *m.pick(&targets(pos, mover));
    out.push(touch(first));
    out.push(TouchEvent::Release {
        from: mover.to_string(),
        on: on.to_string(),
    });
    if m.chance(2, 3) {
        out.push(TouchEvent::OpponentTouches(
            m.pick(&hands.theirs).to_string(),
        ));
    }
    Some(())
}
