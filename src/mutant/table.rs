//! The catalogue of mutants: one entry each, its name, the rule area whose cases should kill it,
//! the FIDE article and the rule it breaks, and the hooks of [`Hooks`] it replaces. The
//! implementations are beside it, one file per rule area of the table (`table/castling.rs`,
//! `en_passant.rs`, `promotion.rs`, `check.rs`, `state.rs`, `material.rs`, `san.rs`, `fen.rs`,
//! `touch.rs`, `chess960.rs`).
//!
//! Changes that are only conventions are not here (see `docs/MUTANTS.md`): an engine may write
//! them and be right.

mod castling;
mod check;
mod chess960;
mod en_passant;
mod fen;
mod material;
mod promotion;
mod san;
mod state;
mod touch;

use shakmaty::san::{SanPlus, Suffix};
use shakmaty::{Bitboard, Color, EnPassantMode, Move, Position, PositionErrorKinds, Role};

use super::{Hooks, Key, reference_claims, reference_insufficient};
use crate::touch::Obligation;
use crate::vocabulary::{GameState, Reading, Winnability};
use castling::{
    Relax, b_square_attacked, castles, clears_unless_captured, clears_unless_king_moved,
    clears_unless_rook_moved, rook_attacked,
};
use check::{double_check_parried_once, king_retreats_along_check, kings_may_touch, pins_ignored};
use chess960::{
    castles_instead, castling_as_king_move, clears_unless_rook_captured, clears_whole_wing,
    king_in_place, passed_on, read_corners, read_without_letters, rook_in_place, validate_corners,
    validate_without_letters,
};
use en_passant::{ep_by_any_piece, ep_exposing, ep_one_move_late};
use fen::{accept_if_only, clocks_unchecked};
use material::{bare, has_bishop, lone, only_bishops, same_colour, two_knights};
use promotion::{add_promotions, promotion_without_check};
use san::{Which, rivals_with_pinned, swap_disambiguation};
use state::{claims_with, mate};
use touch::{
    accidental_counts, adjust_free, claim_kept, jadoube_ignored, king_and_rook_king_only, misread,
    opponent_piece_free, release_not_a_move, reworded, together_opponent_first,
};

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
        { read: |_, setup| setup.castling_rights = super::usable_rights(&setup.board) };

    // --- Chess960 (Guidelines II): castling from any start, its rights, its SAN ---
    "960-king-and-rook-swap", "chess960", "II.3.2.6",
        "castling swaps the king and its rook (the king lands on the rook's square), instead of putting them on g1 and f1 or c1 and d1",
        { moves: |p, l| castles_instead(p, l, Relax { to: |k, r| (r, k), ..Relax::NONE }),
          castle_to: |k, r| (r, k) };
    "960-king-path-only-vacant", "chess960", "II.3.2.7.4",
        "only the squares the king crosses and lands on must be vacant: a piece on the rook's path or destination does not stop castling",
        { moves: |p, l| add(l, castles(&p.chess, Relax { king_path_only: true, ..Relax::NONE })) };
    "960-standard-squares-vacant", "chess960", "II.3.2.7.5",
        "the squares that must be vacant are those of standard chess (f1-g1 for O-O, b1-d1 for O-O-O), whatever the king's and rook's start",
        { moves: |p, l| castles_instead(p, l, Relax { standard_squares: true, ..Relax::NONE }) };
    "960-destination-judged-before-rook-leaves", "chess960", "II.3.1",
        "the king's destination is judged with the castling rook still on its square: a check the rook's leaving reveals is not seen",
        { moves: |p, l| add(l, castles(&p.chess, Relax { rook_stays: true, ..Relax::NONE })) };
    "960-no-castling-king-in-place", "chess960", "II.3.2.4",
        "no castling when the king already stands on its destination (g1 or c1): the rook-only castling is not a move",
        { moves: |_, l| l.retain(|m| !king_in_place(m)) };
    "960-no-castling-rook-in-place", "chess960", "II.3.2.3",
        "no castling when the rook already stands on its destination (f1 or d1): the king-only castling is not a move",
        { moves: |_, l| l.retain(|m| !rook_in_place(m)) };
    "960-kq-as-corner-rooks", "chess960", "II.2.1",
        "the FEN's K and Q name the rooks on the h- and a-file corners, not the outermost rooks (X-FEN): a right of a rook elsewhere is lost or refused",
        { read: read_corners, validate: validate_corners };
    "960-rook-letters-ignored", "chess960", "II.2.1",
        "the file letters of a castling field (Shredder-FEN, an inner rook in X-FEN) give no right: only K, Q, k and q are read",
        { read: read_without_letters, validate: validate_without_letters };
    "960-rook-move-ends-wing-right", "chess960", "II.3.1",
        "any rook of a wing leaving its back rank square, or taken there, ends that wing's right, even a rook that holds none",
        { clears: clears_whole_wing };
    "960-captured-rook-right-passes-on", "chess960", "II.3.1",
        "a castling rook taken on its square passes its right to the outermost rook left on its wing",
        { clears: clears_unless_rook_captured, rights_after: passed_on };
    "960-san-castling-as-king-move", "chess960", "II.3.2.6",
        "castling is written O-O or O-O-O only when the king moves two squares; otherwise as the king's move to its destination (Kg1)",
        { san_write: castling_as_king_move };

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
        { read: |_, setup| setup.ep_square = None };
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
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::TOO_MANY_KINGS) };
    "fen-missing-king-accepted", "fen", "3.10.3",
        "a FEN without a king of one colour is accepted",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::MISSING_KING) };
    "fen-back-rank-pawn-accepted", "fen", "3.10.3",
        "a FEN with a pawn on the first or last rank is accepted",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::PAWNS_ON_BACKRANK) };
    "fen-opponent-in-check-accepted", "fen", "3.10.3",
        "a FEN whose side not to move is in check is accepted",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::OPPOSITE_CHECK) };
    "fen-impossible-check-accepted", "fen", "3.10.3",
        "a FEN with a check no move can give (a triple check, two knights) is accepted",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::IMPOSSIBLE_CHECK) };
    "fen-too-much-material-accepted", "fen", "3.10.3",
        "a FEN with more pieces than promotions can make is accepted",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::TOO_MUCH_MATERIAL) };
    "fen-castling-rights-unchecked", "fen", "3.10.3",
        "a FEN's castling rights are accepted without king and rook at home",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::INVALID_CASTLING_RIGHTS) };
    "fen-ep-square-unchecked", "fen", "3.10.3",
        "a FEN's en passant square is accepted without a pawn that just double-stepped",
        { validate: |fen, v| accept_if_only(fen, v, PositionErrorKinds::INVALID_EP_SQUARE) };
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

/// Adds the moves of `extra` that `list` lacks.
fn add(list: &mut Vec<Move>, extra: impl IntoIterator<Item = Move>) {
    for m in extra {
        if !list.contains(&m) {
            list.push(m);
        }
    }
}
