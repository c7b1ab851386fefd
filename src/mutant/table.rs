//! The catalogue of mutants: one entry each, its name, the rule area whose cases should kill it,
//! the FIDE article and the rule it breaks, and the hooks of [`Hooks`] it replaces. The
//! implementations follow the table, grouped by area.
//!
//! Changes that are only conventions are not here (see `docs/MUTANTS.md`): an engine may write
//! them and be right.

use shakmaty::attacks;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, Move, Position,
    PositionErrorKinds, Rank, Role, Square,
};

use super::{Facts, Hooks, Key, Pos, reference_claims, reference_clears, reference_insufficient};
use crate::touch::{Obligation, TouchEvent};
use crate::vocabulary::Reading;
use crate::vocabulary::{DrawClaim, FenCheck, GameState, Winnability};

/// One mutant: a rule broken, and how.
pub struct Mutation {
    /// Its name: `mutant:NAME` on the command line.
    pub name: &'static str,
    /// The rule area (a case file's name) whose cases should kill it.
    pub area: &'static str,
    /// The article of the FIDE Laws (or of their Appendix C) it breaks.
    pub article: &'static str,
    /// The rule it breaks, in one line.
    pub breaks: &'static str,
    /// The rules it plays by.
    pub hooks: Hooks,
}

/// The mutant named `name`.
pub fn by_name(name: &str) -> Option<&'static Mutation> {
    MUTANTS.iter().find(|m| m.name == name)
}

const R: Hooks = Hooks::REFERENCE;

macro_rules! mutants {
    ($($name:literal, $area:literal, $article:literal, $breaks:literal, { $($hook:ident: $value:expr),* $(,)? };)*) => {
        /// Every built-in mutant, by rule area.
        pub static MUTANTS: &[Mutation] = &[$(Mutation {
            name: $name,
            area: $area,
            article: $article,
            breaks: $breaks,
            hooks: Hooks { $($hook: $value,)* ..R },
        },)*];
    };
}

mutants! {
    // --- Castling: each condition of 3.8.2 on its own, the rights, the misbeliefs ---
    "castle-out-of-check", "castling", "3.8.2.2",
        "castling is allowed while the king is in check",
        { moves: |p, l| add(l, castles(&p.chess, Relax { in_check: true, ..Relax::NONE })) };
    "castle-through-attack", "castling", "3.8.2.2",
        "the king may cross a square attacked by the opponent",
        { moves: |p, l| add(l, castles(&p.chess, Relax { crossed: true, ..Relax::NONE })) };
    "castle-into-check", "castling", "3.8.2.2",
        "the king may castle onto a square attacked by the opponent",
        { moves: |p, l| add(l, castles(&p.chess, Relax { destination: true, ..Relax::NONE })) };
    "castle-over-enemy-piece", "castling", "3.8.2.2",
        "only the player's own pieces between king and rook prevent castling",
        { moves: |p, l| add(l, castles(&p.chess, Relax { enemy_between: true, ..Relax::NONE })) };
    "castle-b-square-free", "castling", "3.8.2.2",
        "the b-square misbelief: a piece on b1/b8, which the king does not cross, does not stop O-O-O",
        { moves: |p, l| add(l, castles(&p.chess, Relax { b_square: true, ..Relax::NONE })) };
    "castle-b-square-attacked", "castling", "3.8.2.2",
        "the b-square misbelief: an attack on b1/b8, which only the rook crosses, stops O-O-O",
        { moves: |p, l| l.retain(|m| !b_square_attacked(&p.chess, *m)) };
    "castle-rook-attacked", "castling", "3.8.2.2",
        "castling is refused when the rook is attacked",
        { moves: |p, l| l.retain(|m| !rook_attacked(&p.chess, *m)) };
    "rights-kept-by-king-return", "castling", "3.8.2.1",
        "a king that moved and came back may still castle",
        { clears: clears_unless_king_moved };
    "rights-kept-by-rook-return", "castling", "3.8.2.1",
        "a rook that moved and came back may still castle",
        { clears: clears_unless_rook_moved };
    "rights-kept-by-captured-rook", "castling", "3.8.2.1",
        "a rook captured on its square leaves the right to another rook that later arrives there",
        { clears: clears_unless_captured };
    "rights-from-the-board", "castling", "3.8.2.1",
        "the FEN's castling field is ignored: king and rook at home may castle",
        { read: |setup| setup.castling_rights = super::usable_rights(&setup.board) };

    // --- En passant ---
    "ep-one-move-late", "en-passant", "3.7.3.2",
        "en passant may still be played one move after the double step",
        { moves: ep_one_move_late };
    "ep-through-horizontal-pin", "en-passant", "3.9.2",
        "en passant ignores the rank both pawns leave (a horizontal pin)",
        { moves: |p, l| add(l, ep_exposing(&p.chess, true)) };
    "ep-through-diagonal-pin", "en-passant", "3.9.2",
        "en passant ignores a diagonal pin of the capturing pawn",
        { moves: |p, l| add(l, ep_exposing(&p.chess, false)) };
    "ep-never-escapes-check", "en-passant", "3.7.3.1",
        "en passant is not considered as an answer to check",
        { moves: |p, l| if p.chess.is_check() { l.retain(|m| !m.is_en_passant()) } };
    "ep-by-any-piece", "en-passant", "3.7.3.1",
        "a piece other than a pawn that moves to the en passant square captures the pawn that passed it",
        { also_removes: ep_by_any_piece };
    "ep-field-ignored", "en-passant", "3.7.3.1",
        "the FEN's en passant field is ignored",
        { read: |setup| setup.ep_square = None };
    "ep-square-not-written", "en-passant", "3.7.3.1",
        "the FEN after a double step never names the en passant square, even when it can be taken",
        { ep_written: |_, _| None };

    // --- Promotion ---
    "promote-to-king", "promotion", "3.7.3.3",
        "a pawn may promote to a king",
        { moves: |_, l| add_promotions(l, Some(Role::King)) };
    "promote-to-nothing", "promotion", "3.7.3.3",
        "a pawn may reach the last rank without promoting",
        { moves: |_, l| add_promotions(l, None) };
    "no-knight-promotion", "promotion", "3.7.3.3",
        "a pawn may not promote to a knight",
        { moves: |_, l| l.retain(|m| m.promotion() != Some(Role::Knight)) };
    "no-bishop-promotion", "promotion", "3.7.3.3",
        "a pawn may not promote to a bishop",
        { moves: |_, l| l.retain(|m| m.promotion() != Some(Role::Bishop)) };
    "no-rook-promotion", "promotion", "3.7.3.3",
        "a pawn may not promote to a rook",
        { moves: |_, l| l.retain(|m| m.promotion() != Some(Role::Rook)) };
    "no-queen-promotion", "promotion", "3.7.3.3",
        "a pawn may not promote to a queen",
        { moves: |_, l| l.retain(|m| m.promotion() != Some(Role::Queen)) };
    "no-capture-promotion", "promotion", "3.7.3.3",
        "a pawn may not promote by capturing",
        { moves: |_, l| l.retain(|m| !(m.is_promotion() && m.is_capture())) };
    "promotion-checks-unseen", "promotion", "3.7.3.5",
        "the check a promoted piece gives is not seen in its SAN",
        { san_write: promotion_without_check };

    // --- Check and pins ---
    "king-retreats-along-check", "check", "3.9.2",
        "the king may step back along the line of the slider checking it",
        { moves: king_retreats_along_check };
    "double-check-parried-once", "check", "3.9.2",
        "in double check, capturing or blocking one checker is enough",
        { moves: double_check_parried_once };
    "pins-ignored", "check", "3.9.2",
        "a pinned piece may leave the line of its pin",
        { moves: pins_ignored };
    "kings-may-touch", "check", "3.8.1",
        "a king may step next to the other king",
        { moves: kings_may_touch };

    // --- Stalemate and checkmate ---
    "stalemate-is-mate", "stalemate", "5.2.1",
        "a player with no legal move who is not in check is mated",
        { state: |f| if f.no_moves { mate(f) } else { super::reference_state(f) } };
    "mate-is-stalemate", "checkmate", "5.1.1",
        "a player in check with no legal move is stalemated",
        { state: |f| if f.no_moves { GameState::Stalemate } else { super::reference_state(f) } };

    // --- Draws and their precedence ---
    "seventy-five-before-mate", "fifty-move", "9.6.2",
        "the 75-move rule ends the game even when the move that reaches it mates or stalemates",
        { state: |f| if f.halfmoves >= 150 { GameState::SeventyFiveMoves } else { super::reference_state(f) } };
    "seventy-five-not-automatic", "fifty-move", "9.6.2",
        "seventy-five moves without pawn move or capture do not end the game",
        { state: |f| match super::reference_state(f) {
            GameState::SeventyFiveMoves => GameState::Ongoing,
            state => state,
        } };
    "fifty-moves-as-plies", "fifty-move", "9.3.2",
        "fifty half-moves, not fifty moves by each player, ground the claim",
        { claims: |f, s| claims_with(f, s, 3, 50) };
    "fifty-moves-one-early", "fifty-move", "9.3.2",
        "the fifty-move claim is allowed one half-move early",
        { claims: |f, s| claims_with(f, s, 3, 99) };
    "claims-after-the-end", "stalemate", "5.2.1",
        "draws may still be claimed after the game has ended",
        { claims: |f, _| reference_claims(f, GameState::Ongoing) };
    "claim-ignores-declared-move", "repetition", "9.2.1.1",
        "a claim by declaring a move is judged on the position before that move",
        { claim_counts_declared_move: false };
    "threefold-at-two", "repetition", "9.2.1",
        "the second occurrence of a position grounds the repetition claim",
        { claims: |f, s| claims_with(f, s, 2, 100) };
    "fivefold-not-automatic", "repetition", "9.6.1",
        "a fivefold repetition does not end the game",
        { state: |f| match super::reference_state(f) {
            GameState::FivefoldRepetition => GameState::Ongoing,
            state => state,
        } };

    // --- The identity of a repeated position (9.2.2) ---
    "repetition-ignores-castling", "repetition", "9.2.2",
        "positions differing only in castling rights count as the same",
        { key: |k, _| Key { castling: Bitboard::EMPTY, ..k } };
    "repetition-counts-any-ep-square", "repetition", "9.2.2",
        "an en passant square counts in the identity even when no capture there is legal",
        { key: |k, p| Key { ep: p.chess.ep_square(EnPassantMode::Always), ..k } };
    "repetition-ignores-side-to-move", "repetition", "9.2.2",
        "positions differing only in the side to move count as the same",
        { key: |k, _| Key { turn: None, ..k } };
    "repetition-counts-clocks", "repetition", "9.2.2",
        "the halfmove clock is part of the identity",
        { key: |k, p| Key { clock: Some(p.chess.halfmoves()), ..k } };

    // --- Mating material (5.2.2), per side ---
    "lone-knight-mates", "insufficient-material", "5.2.2",
        "king and knight against a bare king count as mating material",
        { insufficient: |b, c| !(lone(b, c, Role::Knight) && bare(b, !c)) && reference_insufficient(b, c) };
    "lone-bishop-mates", "insufficient-material", "5.2.2",
        "king and bishop against a bare king count as mating material",
        { insufficient: |b, c| !(lone(b, c, Role::Bishop) && bare(b, !c)) && reference_insufficient(b, c) };
    "same-colour-bishops-mate", "insufficient-material", "5.2.2",
        "bishops of both sides all on squares of one colour count as mating material",
        { insufficient: |b, c| !(only_bishops(b) && same_colour(b.bishops()) && has_bishop(b, !c)) && reference_insufficient(b, c) };
    "opposite-bishops-cannot-mate", "insufficient-material", "5.2.2",
        "a king and bishop against a king and bishop on the other colour is a dead position",
        { insufficient: |b, c| (lone(b, c, Role::Bishop) && lone(b, !c, Role::Bishop)) || reference_insufficient(b, c) };
    "two-knights-cannot-mate", "insufficient-material", "5.2.2",
        "two knights against a bare king is a dead position",
        { insufficient: |b, c| two_knights(b, c) || reference_insufficient(b, c) };
    "mating-material-of-the-board", "insufficient-material", "5.2.2",
        "each side is said to have mating material when either side has it",
        { insufficient: |b, _| reference_insufficient(b, Color::White) && reference_insufficient(b, Color::Black) };
    "no-dead-positions", "dead-position", "5.2.2",
        "a position dead beyond material (locked pawns, forced lines) goes on",
        { dead: |_| false };

    // --- Winnability (6.9, 5.2.2) ---
    "winnable-by-material", "dead-position", "5.2.2",
        "who can still mate is judged by material alone (no position is dead beyond material)",
        { dead: |_| false, winnable: |answer, state, pos, side| if state == GameState::Ongoing {
            if pos.has_insufficient_material(crate::replay::to_shakmaty(side)) {
                Winnability::Unwinnable
            } else {
                Winnability::Winnable
            }
        } else {
            answer
        } };
    "winnable-after-the-end", "flag-fall", "6.9",
        "a game already drawn is judged winnable on its material",
        { winnable: |answer, state, pos, side| match state {
            GameState::Ongoing | GameState::Checkmate { .. } => answer,
            _ if !pos.has_insufficient_material(crate::replay::to_shakmaty(side)) => Winnability::Winnable,
            _ => answer,
        } };

    // --- SAN (Appendix C) ---
    "san-no-check-sign", "san", "C.13",
        "a checking move is written without +",
        { san_write: |san, suffix, _| SanPlus { san, suffix: suffix.filter(|s| *s == Suffix::Checkmate) }.to_string() };
    "san-mate-as-check", "san", "C.13",
        "a mating move is written with + instead of #",
        { san_write: |san, suffix, _| SanPlus { san, suffix: suffix.map(|_| Suffix::Check) }.to_string() };
    "san-rank-for-file", "san", "C.10",
        "a move the file of departure tells apart is told by its rank",
        { san_write: |san, suffix, m| SanPlus { san: swap_disambiguation(san, m, Which::FileToRank), suffix }.to_string() };
    "san-file-for-rank", "san", "C.10",
        "a move the rank of departure tells apart is told by its file",
        { san_write: |san, suffix, m| SanPlus { san: swap_disambiguation(san, m, Which::RankToFile), suffix }.to_string() };
    "san-file-for-both", "san", "C.10",
        "a move that needs file and rank of departure is written with its file only",
        { san_write: |san, suffix, m| SanPlus { san: swap_disambiguation(san, m, Which::BothToFile), suffix }.to_string() };
    "san-pinned-rival", "san", "C.10",
        "a pinned piece that cannot move there still forces a disambiguation",
        { san_rivals: rivals_with_pinned };
    "san-castling-zeros", "san", "C.13",
        "castling is written with zeros, 0-0 and 0-0-0",
        { san_write: |san, suffix, m| {
            let text = SanPlus { san, suffix }.to_string();
            if m.is_castle() { text.replace('O', "0") } else { text }
        } };
    "san-en-passant-without-x", "san", "C.9",
        "an en passant capture is written without the capture sign, as ed6",
        { san_write: |san, suffix, m| if m.is_en_passant() {
            SanPlus { san, suffix }.to_string().replacen('x', "", 1)
        } else {
            SanPlus { san, suffix }.to_string()
        } };
    "san-promotion-without-equals", "san", "C.11",
        "a promotion is written without =, as e8Q",
        { san_write: |san, suffix, _| SanPlus { san, suffix }.to_string().replace('=', "") };
    "san-read-first-of-ambiguous", "san", "C.10",
        "an ambiguous SAN is read as the first move it matches",
        { san_read: |san, moves| moves.iter().copied().find(|m| super::san_matches(san.san, *m)) };
    "san-read-refuses-suffix", "san", "C.13",
        "a SAN written with its check or mate sign (Ra8#) is not read",
        { san_read: |san, moves| if san.suffix.is_some() { None } else { super::only_match(san.san, moves) } };

    // --- FEN validity: each kind of fault accepted ---
    "fen-two-kings-accepted", "fen", "3.10.3",
        "a FEN with two kings of one colour is accepted",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::TOO_MANY_KINGS) };
    "fen-missing-king-accepted", "fen", "3.10.3",
        "a FEN without a king of one colour is accepted",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::MISSING_KING) };
    "fen-back-rank-pawn-accepted", "fen", "3.10.3",
        "a FEN with a pawn on the first or last rank is accepted",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::PAWNS_ON_BACKRANK) };
    "fen-opponent-in-check-accepted", "fen", "3.10.3",
        "a FEN whose side not to move is in check is accepted",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::OPPOSITE_CHECK) };
    "fen-impossible-check-accepted", "fen", "3.10.3",
        "a FEN with a check no move can give (a triple check, two knights) is accepted",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::IMPOSSIBLE_CHECK) };
    "fen-too-much-material-accepted", "fen", "3.10.3",
        "a FEN with more pieces than promotions can make is accepted",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::TOO_MUCH_MATERIAL) };
    "fen-castling-rights-unchecked", "fen", "3.10.3",
        "a FEN's castling rights are accepted without king and rook at home",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::INVALID_CASTLING_RIGHTS) };
    "fen-ep-square-unchecked", "fen", "3.10.3",
        "a FEN's en passant square is accepted without a pawn that just double-stepped",
        { validate: |fen| accept_if_only(fen, PositionErrorKinds::INVALID_EP_SQUARE) };
    "fen-clocks-unchecked", "fen", "3.10.3",
        "a FEN's halfmove clock and move number are not checked",
        { validate: clocks_unchecked };

    // --- Touch-move (Article 4): a misreading of each clause the text decides ---
    "touch-move-ignored", "touch-move", "4.3",
        "a touched piece obliges nothing: any legal move may be made",
        { touch: |pos, events| super::reference_touch(pos, events).map(|_| Obligation::AnyLegalMove) };
    "touch-rook-later-no-castling", "touch-move", "4.4.2",
        "the king, other pieces, then a rook: castling is no longer obliged",
        { touch: |pos, events| misread(pos, events, Reading::RookTouchedLater) };
    "touch-same-piece-counts-again", "touch-move", "4.3",
        "a piece touched again counts at its second touch, not its first",
        { touch: |pos, events| misread(pos, events, Reading::SamePieceTwice) };
    "touch-release-out-of-reach-forgotten", "touch-move", "4.3",
        "a piece let go on a square it cannot reach no longer counts as touched",
        { touch: |pos, events| misread(pos, events, Reading::ReleaseOutOfReach) };
    "touch-promotion-square-decides", "touch-move", "4.4.4",
        "the new piece touching a square finalises the square, not the piece",
        { touch: |pos, events| misread(pos, events, Reading::PromotionPieceNotSquare) };
    "touch-accidental-counts", "touch-move", "4.2.2",
        "a clearly accidental contact obliges as a deliberate touch does",
        { touch: |pos, events| reworded(pos, events, accidental_counts) };
    "touch-adjust-always-free", "touch-move", "4.2.1",
        "a piece adjusted without saying j'adoube first obliges nothing",
        { touch: |pos, events| reworded(pos, events, adjust_free) };
    "touch-opponent-piece-free", "touch-move", "4.3.2",
        "touching an opponent's piece obliges no capture",
        { touch: |pos, events| reworded(pos, events, opponent_piece_free) };
    "touch-king-and-rook-king-only", "touch-move", "4.4.1",
        "the king and a rook touched together oblige a king move, never castling",
        { touch: |pos, events| reworded(pos, events, king_and_rook_king_only) };
    "touch-release-not-a-move", "touch-move", "4.7",
        "a piece let go on a square it can reach is only touched: the move is not yet made",
        { touch: |pos, events| reworded(pos, events, release_not_a_move) };
    "touch-jadoube-ignored", "touch-move", "4.2.1",
        "saying j'adoube first does not free the piece adjusted after it",
        { touch: |pos, events| reworded(pos, events, jadoube_ignored) };
    "touch-together-opponent-first", "touch-move", "4.3.3",
        "an own piece and an opponent's touched at once: the opponent's counts as touched first",
        { touch: |pos, events| reworded(pos, events, together_opponent_first) };
    "touch-claim-kept", "touch-move", "4.8",
        "the opponent keeps the right to claim a breach after touching a piece of their own",
        { touch: |pos, events| reworded(pos, events, claim_kept) };
}

// --- Castling ---

/// The conditions of castling a mutant does not check.
#[derive(Clone, Copy)]
struct Relax {
    in_check: bool,
    crossed: bool,
    destination: bool,
    enemy_between: bool,
    b_square: bool,
}

impl Relax {
    const NONE: Relax = Relax {
        in_check: false,
        crossed: false,
        destination: false,
        enemy_between: false,
        b_square: false,
    };
}

/// Adds the moves of `extra` that `list` lacks.
fn add(list: &mut Vec<Move>, extra: impl IntoIterator<Item = Move>) {
    for m in extra {
        if !list.contains(&m) {
            list.push(m);
        }
    }
}

/// The castlings of the side to move, every condition checked but those relaxed.
fn castles(pos: &Chess, relax: Relax) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let rank = us.backrank();
    let Some(king) = board.king_of(us) else {
        return Vec::new();
    };
    if king != Square::from_coords(File::E, rank) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        let Some(rook) = pos.castles().rook(us, side) else {
            continue;
        };
        let mut blockers = attacks::between(king, rook) & board.occupied();
        if relax.b_square {
            blockers.discard(Square::from_coords(File::B, rank));
        }
        if relax.enemy_between {
            blockers &= board.by_color(us);
        }
        if blockers.any() || (pos.is_check() && !relax.in_check) {
            continue;
        }
        let occupied = board.occupied() ^ Bitboard::from_square(king);
        let attacked = |sq: Square| board.attacks_to(sq, !us, occupied).any();
        let crossed = Square::from_coords(
            if side.is_king_side() {
                File::F
            } else {
                File::D
            },
            rank,
        );
        let destination = Square::from_coords(side.king_to_file(), rank);
        if (attacked(crossed) && !relax.crossed) || (attacked(destination) && !relax.destination) {
            continue;
        }
        out.push(Move::Castle { king, rook });
    }
    out
}

/// Whether `m` is O-O-O with the b-square attacked.
fn b_square_attacked(pos: &Chess, m: Move) -> bool {
    let Move::Castle { king, rook } = m else {
        return false;
    };
    let b = Square::from_coords(File::B, king.rank());
    rook < king
        && pos
            .board()
            .attacks_to(b, !pos.turn(), pos.board().occupied())
            .any()
}

/// Whether `m` castles with an attacked rook.
fn rook_attacked(pos: &Chess, m: Move) -> bool {
    let Move::Castle { rook, .. } = m else {
        return false;
    };
    pos.board()
        .attacks_to(rook, !pos.turn(), pos.board().occupied())
        .any()
}

/// The reference's rights taken away, except by a king's move (castling still takes them).
fn clears_unless_king_moved(before: &Chess, m: Move) -> Bitboard {
    match m {
        Move::Normal {
            role: Role::King,
            from,
            to,
            ..
        } => Bitboard::from_square(from) | Bitboard::from_square(to),
        _ => reference_clears(before, m),
    }
}

/// The reference's rights taken away, except by a rook leaving its corner.
fn clears_unless_rook_moved(before: &Chess, m: Move) -> Bitboard {
    match m {
        // Only a capture on a corner takes that corner's right away.
        Move::Normal {
            role: Role::Rook,
            capture: Some(_),
            to,
            ..
        } => Bitboard::from_square(to),
        Move::Normal {
            role: Role::Rook, ..
        } => Bitboard::EMPTY,
        _ => reference_clears(before, m),
    }
}

/// The reference's rights taken away, except by a capture on the rook's corner.
fn clears_unless_captured(before: &Chess, m: Move) -> Bitboard {
    let cleared = reference_clears(before, m);
    if m.is_capture() {
        cleared & !Bitboard::from_square(m.to())
    } else {
        cleared
    }
}

// --- En passant ---

/// Whether the side to move's king is safe after `m`.
fn safe_after(pos: &Chess, m: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let board = after.board();
    board
        .king_of(us)
        .is_some_and(|k| board.attacks_to(k, !us, board.occupied()).is_empty())
}

/// The en passant captures of a double step played two plies ago, if its pawn still stands
/// there.
fn ep_one_move_late(pos: &Pos, list: &mut Vec<Move>) {
    let Some(target) = pos.prev2_ep else {
        return;
    };
    let chess = &pos.chess;
    let us = chess.turn();
    // The pawn passed `target` going towards the side to move.
    let pawn_rank = if target.rank() == Rank::Sixth {
        Rank::Fifth
    } else {
        Rank::Fourth
    };
    if (us == Color::White) != (target.rank() == Rank::Sixth) {
        return;
    }
    let pawn = Square::from_coords(target.file(), pawn_rank);
    let board = chess.board();
    if board.piece_at(pawn) != Some((!us).pawn()) || board.occupied().contains(target) {
        return;
    }
    let capturers = attacks::pawn_attacks(!us, target) & board.by_piece(us.pawn());
    let late: Vec<Move> = capturers
        .into_iter()
        .map(|from| Move::EnPassant { from, to: target })
        .filter(|m| safe_after(chess, *m))
        .collect();
    add(list, late);
}

/// For a piece other than a pawn moving to the en passant square, the pawn that passed it.
fn ep_by_any_piece(pos: &Chess, m: Move) -> Option<Square> {
    let target = pos.ep_square(EnPassantMode::Always)?;
    match m {
        Move::Normal {
            role,
            to,
            capture: None,
            ..
        } if role != Role::Pawn && to == target => {
            let rank = if target.rank() == Rank::Sixth {
                Rank::Fifth
            } else {
                Rank::Fourth
            };
            Some(Square::from_coords(target.file(), rank))
        }
        _ => None,
    }
}

/// The en passant captures that are illegal only because they expose the king along its rank
/// (`horizontal`) or along a diagonal (otherwise), not in check.
fn ep_exposing(pos: &Chess, horizontal: bool) -> Vec<Move> {
    let Some(target) = pos.ep_square(EnPassantMode::Always) else {
        return Vec::new();
    };
    if pos.is_check() {
        return Vec::new();
    }
    let us = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(us) else {
        return Vec::new();
    };
    let capturers = attacks::pawn_attacks(!us, target) & board.by_piece(us.pawn());
    capturers
        .into_iter()
        .map(|from| Move::EnPassant { from, to: target })
        .filter(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            let b = after.board();
            let attackers = b.attacks_to(king, !us, b.occupied());
            attackers.any()
                && attackers.into_iter().all(|a| {
                    let on_rank = a.rank() == king.rank();
                    let diagonal = a.rank() != king.rank() && a.file() != king.file();
                    if horizontal { on_rank } else { diagonal }
                })
        })
        .collect()
}

// --- Promotion ---

/// Adds, for each promotion to a queen, the same move promoting to `role` (or not promoting).
fn add_promotions(list: &mut Vec<Move>, role: Option<Role>) {
    let extra: Vec<Move> = list
        .iter()
        .filter_map(|m| match *m {
            Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: Some(Role::Queen),
            } => Some(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: role,
            }),
            _ => None,
        })
        .collect();
    add(list, extra);
}

/// A promotion's SAN without its check or mate sign: the writer looks for checks before the
/// new piece is on the board (a check the promotion discovers is lost with it).
fn promotion_without_check(san: San, suffix: Option<Suffix>, m: Move) -> String {
    let suffix = if m.is_promotion() { None } else { suffix };
    SanPlus { san, suffix }.to_string()
}

// --- Check and pins ---

/// Pseudo-legal moves of the side to move's pieces other than king and pawns.
fn piece_moves(pos: &Chess) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let mut out = Vec::new();
    let pieces = board.by_color(us) & !board.kings() & !board.pawns();
    for from in pieces {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        for to in board.attacks_from(from) & !board.by_color(us) & !board.kings() {
            out.push(Move::Normal {
                role: piece.role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }
    out
}

/// King moves the side to move would have if the king did not hide the squares behind it.
fn king_retreats_along_check(pos: &Pos, list: &mut Vec<Move>) {
    let chess = &pos.chess;
    if !chess.is_check() {
        return;
    }
    let us = chess.turn();
    let board = chess.board();
    let Some(king) = board.king_of(us) else {
        return;
    };
    let extra: Vec<Move> = (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .filter(|to| board.attacks_to(*to, !us, board.occupied()).is_empty())
        .map(|to| Move::Normal {
            role: Role::King,
            from: king,
            capture: board.role_at(to),
            to,
            promotion: None,
        })
        .collect();
    add(list, extra);
}

/// In double check, piece moves that leave one checker only.
fn double_check_parried_once(pos: &Pos, list: &mut Vec<Move>) {
    let chess = &pos.chess;
    if chess.checkers().count() != 2 {
        return;
    }
    let us = chess.turn();
    let extra: Vec<Move> = piece_moves(chess)
        .into_iter()
        .filter(|m| {
            let mut after = chess.clone();
            after.play_unchecked(*m);
            let b = after.board();
            b.king_of(us)
                .is_some_and(|k| b.attacks_to(k, !us, b.occupied()).count() == 1)
        })
        .collect();
    add(list, extra);
}

/// Not in check, every piece move (pinned pieces too).
fn pins_ignored(pos: &Pos, list: &mut Vec<Move>) {
    if pos.chess.is_check() {
        return;
    }
    add(list, piece_moves(&pos.chess));
}

/// King moves onto squares only the other king attacks.
fn kings_may_touch(pos: &Pos, list: &mut Vec<Move>) {
    let chess = &pos.chess;
    let us = chess.turn();
    let board = chess.board();
    let (Some(king), Some(theirs)) = (board.king_of(us), board.king_of(!us)) else {
        return;
    };
    let occupied = board.occupied() ^ Bitboard::from_square(king);
    let extra: Vec<Move> = (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .filter(|to| board.attacks_to(*to, !us, occupied) == Bitboard::from_square(theirs))
        .map(|to| Move::Normal {
            role: Role::King,
            from: king,
            capture: board.role_at(to),
            to,
            promotion: None,
        })
        .collect();
    add(list, extra);
}

// --- Game state and claims ---

/// The side not to move has won.
fn mate(f: &Facts) -> GameState {
    GameState::Checkmate {
        winner: crate::replay::from_shakmaty(!f.turn),
    }
}

/// The reference's claims with other thresholds: occurrences for a repetition, half-moves for
/// the fifty-move rule.
fn claims_with(f: &Facts, state: GameState, occurrences: usize, halfmoves: u32) -> Vec<DrawClaim> {
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

// --- Mating material ---

/// `color` has its king and one piece of `role`, nothing else.
fn lone(board: &Board, color: Color, role: Role) -> bool {
    let ours = board.by_color(color) & !board.kings();
    ours.count() == 1 && (ours & board.by_role(role)).any()
}

/// `color` has its king alone.
fn bare(board: &Board, color: Color) -> bool {
    (board.by_color(color) & !board.kings()).is_empty()
}

/// The board has kings and bishops only.
fn only_bishops(board: &Board) -> bool {
    (board.occupied() & !board.kings() & !board.bishops()).is_empty()
}

/// `color` has a bishop.
fn has_bishop(board: &Board, color: Color) -> bool {
    (board.by_color(color) & board.bishops()).any()
}

/// Every square of `squares` is of one colour.
fn same_colour(squares: Bitboard) -> bool {
    (squares & Bitboard::LIGHT_SQUARES).is_empty() || (squares & Bitboard::DARK_SQUARES).is_empty()
}

/// `color` has two knights and its king, the other side a bare king.
fn two_knights(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color) & !board.kings();
    ours.count() == 2 && (ours & board.knights()) == ours && bare(board, !color)
}

// --- SAN ---

/// Which disambiguation a SAN mutant writes wrongly.
#[derive(Clone, Copy)]
enum Which {
    FileToRank,
    RankToFile,
    BothToFile,
}

/// A SAN with its disambiguation replaced.
fn swap_disambiguation(san: San, m: Move, which: Which) -> San {
    let (
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        },
        Some(from),
    ) = (san, m.from())
    else {
        return san;
    };
    if role == Role::Pawn {
        return san;
    }
    let (file, rank) = match (which, file, rank) {
        (Which::FileToRank, Some(_), None) => (None, Some(from.rank())),
        (Which::RankToFile, None, Some(_)) => (Some(from.file()), None),
        (Which::BothToFile, Some(f), Some(_)) => (Some(f), None),
        _ => (file, rank),
    };
    San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    }
}

/// The rivals of a move for SAN, pinned pieces of the same kind that could reach its square
/// counted too.
fn rivals_with_pinned(pos: &Pos, m: Move, legal: &[Move]) -> Vec<Move> {
    let mut rivals = super::same_piece_same_square(pos, m, legal);
    if m.role() != Role::Pawn && m.role() != Role::King && !m.is_castle() {
        let pseudo: Vec<Move> = piece_moves(&pos.chess)
            .into_iter()
            .filter(|o| o.role() == m.role() && o.to() == m.to())
            .collect();
        add(&mut rivals, pseudo);
    }
    rivals
}

// --- FEN ---

/// The reference's check, but a FEN whose only faults are of `kinds` accepted.
fn accept_if_only(fen: &str, kinds: PositionErrorKinds) -> FenCheck {
    let parsed = match shakmaty::fen::Fen::from_ascii(fen.as_bytes()) {
        Ok(parsed) => parsed,
        Err(e) => return FenCheck::Rejected(e.to_string()),
    };
    match parsed.into_position::<Chess>(CastlingMode::Standard) {
        Ok(_) => FenCheck::Accepted,
        Err(e) if (e.kinds() & !kinds).is_empty() => FenCheck::Accepted,
        Err(e) => FenCheck::Rejected(e.to_string()),
    }
}

/// The reference's check on the FEN's first four fields, the clocks replaced by `0 1`.
fn clocks_unchecked(fen: &str) -> FenCheck {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 6 {
        return super::reference_validate(fen);
    }
    super::reference_validate(&format!("{} 0 1", fields[..4].join(" ")))
}

// --- Touch-move ---

/// The arbiter's ruling with one clause read the other way.
fn misread(pos: &Chess, events: &[TouchEvent], reading: Reading) -> Result<Obligation, String> {
    crate::touch::rule_otherwise(pos, events, &[reading])
        .map(|r| r.obligation())
        .map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
}

/// The reference's ruling on the events as a misreading player words them: each event becomes
/// the events `word` makes of it (none, the same, or others), the position telling whose piece
/// stands where.
fn reworded(
    pos: &Chess,
    events: &[TouchEvent],
    word: fn(&Chess, &TouchEvent) -> Vec<TouchEvent>,
) -> Result<Obligation, String> {
    let events: Vec<TouchEvent> = events.iter().flat_map(|e| word(pos, e)).collect();
    super::reference_touch(pos, &events)
}

/// The piece on a square named in an event.
fn piece_on(pos: &Chess, square: &str) -> Option<shakmaty::Piece> {
    square
        .parse::<Square>()
        .ok()
        .and_then(|sq| pos.board().piece_at(sq))
}

/// Whether the piece on `square` is the opponent's (the side not to move).
fn opponents(pos: &Chess, square: &str) -> bool {
    piece_on(pos, square).is_some_and(|p| p.color != pos.turn())
}

/// 4.2.2 misread: an accidental contact is a touch.
fn accidental_counts(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::AccidentalTouch(sq) => vec![TouchEvent::Touch(sq.clone())],
        e => vec![e.clone()],
    }
}

/// 4.2.1 misread: adjusting is free whether announced or not.
fn adjust_free(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::Adjust(_) => vec![],
        e => vec![e.clone()],
    }
}

/// 4.2.1 misread: the declaration is not heard, so an adjustment is a touch.
fn jadoube_ignored(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::SayJadoube => vec![],
        e => vec![e.clone()],
    }
}

/// 4.3.3 misread: of an own piece and an opponent's touched together, the opponent's is taken
/// as touched first (the rule takes the own piece first when the order is unclear).
fn together_opponent_first(pos: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::TouchTogether(a, b) if opponents(pos, a) != opponents(pos, b) => {
            let (own, theirs) = if opponents(pos, a) { (b, a) } else { (a, b) };
            vec![
                TouchEvent::Touch(theirs.clone()),
                TouchEvent::Touch(own.clone()),
            ]
        }
        e => vec![e.clone()],
    }
}

/// 4.3.2 misread: the opponent's pieces may be touched freely.
fn opponent_piece_free(pos: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::Touch(sq) if opponents(pos, sq) => vec![],
        TouchEvent::TouchTogether(a, b) if opponents(pos, a) != opponents(pos, b) => {
            let own = if opponents(pos, a) { b } else { a };
            vec![TouchEvent::Touch(own.clone())]
        }
        e => vec![e.clone()],
    }
}

/// 4.4.1 misread: the king and a rook touched together are the king touched.
fn king_and_rook_king_only(pos: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    let role = |sq: &str| piece_on(pos, sq).map(|p| (p.color == pos.turn(), p.role));
    match e {
        TouchEvent::TouchTogether(a, b) => match (role(a), role(b)) {
            (Some((true, Role::King)), Some((true, Role::Rook))) => {
                vec![TouchEvent::Touch(a.clone())]
            }
            (Some((true, Role::Rook)), Some((true, Role::King))) => {
                vec![TouchEvent::Touch(b.clone())]
            }
            _ => vec![e.clone()],
        },
        e => vec![e.clone()],
    }
}

/// 4.7 misread: letting go of a piece on a square is one more touch of it.
fn release_not_a_move(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::Release { from, .. } => vec![TouchEvent::Touch(from.clone())],
        e => vec![e.clone()],
    }
}

/// 4.8 misread: the opponent's touching a piece of theirs does not end their right to claim.
fn claim_kept(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::OpponentTouches(_) => vec![],
        e => vec![e.clone()],
    }
}
