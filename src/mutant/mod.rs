//! Built-in mutants: engines that each break one rule of chess, to measure what the catalogue
//! catches (`chess-conformance mutants`).
//!
//! A mutant is the reference's rules with one of them changed at its source, so that the change
//! shows everywhere it would in a real implementation: a mutant that lets the king castle through
//! an attacked square has that castling in its legal moves, its move count, its perft, its SAN
//! (read and written), its game state (a king it "saves" is not mated) and the FEN after it.
//! This module is that engine ([`Mutant`], in `engine.rs`): the rules as a set of [`Hooks`]
//! (`hooks.rs`), each defaulting to the reference's rule; [`MUTANTS`] is the catalogue of
//! mutants, one line each, with the rule it
//! breaks and the hooks it replaces.
//!
//! The mutant keeps its own positions ([`Pos`]): a shakmaty position, and beside it what a
//! mutant may remember differently (the castling rights it still believes in while king or rook
//! is away; the en passant square of two plies ago).

mod engine;
mod hooks;
mod table;

use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, Position, Rank,
    Role, Setup, Square,
};

use crate::engine::{Answer, EngineError};
use crate::replay;
use crate::vocabulary::{DrawClaim, GameState, Variant};

pub use engine::Mutant;
pub use hooks::{
    Hooks, only_match, reference_claims, reference_clears, reference_insufficient, reference_state,
    reference_touch, reference_validate, same_piece_same_square, san_matches,
};
pub use table::{MUTANTS, Mutation, by_name};

/// A position as a mutant keeps it.
#[derive(Debug, Clone)]
pub struct Pos {
    /// The position on the board, its castling rights those [`Pos::rights`] make usable.
    pub chess: Chess,
    /// The castling rights the mutant still holds, as rook squares, usable or not (a right whose
    /// king or rook is away is kept here, dormant, by a mutant that forgets it was lost).
    pub rights: Bitboard,
    /// The en passant square (written after any double step) of the position before this one.
    pub prev_ep: Option<Square>,
    /// The same, two positions before this one.
    pub prev2_ep: Option<Square>,
    /// The squares the kings stood on at the start of the game where their side held a castling
    /// right: a dormant right is usable again only with its king back there (e1/e8 in standard
    /// chess, anywhere between the rooks in Chess960).
    pub homes: Bitboard,
}

/// What decides the game state, computed once per position with the mutant's hooks.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// The side to move is in check.
    pub in_check: bool,
    /// The side to move has no legal move (by the mutant's moves).
    pub no_moves: bool,
    /// The side to move.
    pub turn: Color,
    /// Neither side has mating material (by the mutant's patterns).
    pub insufficient: bool,
    /// The position is dead beyond material.
    pub dead: bool,
    /// How many times the position has occurred, itself included (by the mutant's identity).
    pub repetitions: usize,
    /// The halfmove clock.
    pub halfmoves: u32,
}

/// What makes two positions the same for repetition (FIDE 9.2.2), as a mutant reads it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    /// The pieces on their squares.
    pub board: Board,
    /// The side to move (`None`: not counted).
    pub turn: Option<Color>,
    /// The usable castling rights.
    pub castling: Bitboard,
    /// The en passant square.
    pub ep: Option<Square>,
    /// The halfmove clock (`None`: not counted, as the rules say).
    pub clock: Option<u32>,
}

/// A game a mutant replayed: each position and its identity.
#[derive(Debug, Clone)]
pub struct Line {
    /// The positions, the start first.
    pub positions: Vec<Pos>,
    /// Their identities for repetition.
    pub keys: Vec<Key>,
}

/// Parses a FEN of `variant` with the mutant's reading of its fields (in Chess960 its castling
/// rights in X-FEN or Shredder-FEN).
pub fn parse(hooks: &Hooks, fen: &str, variant: Variant) -> Result<Pos, String> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| e.to_string())?;
    let mut setup = parsed.into_setup();
    (hooks.read)(fen, &mut setup);
    let chess =
        Chess::from_setup(setup, replay::castling_mode(variant)).map_err(|e| e.to_string())?;
    let rights = chess.castles().castling_rights();
    let homes = Color::ALL
        .into_iter()
        .filter(|c| (rights & c.backrank()).any())
        .filter_map(|c| chess.board().king_of(c))
        .collect();
    Ok(Pos {
        rights,
        chess,
        prev_ep: None,
        prev2_ep: None,
        homes,
    })
}

/// Where a castling puts the king and the rook, by the rules (FIDE 3.8.2, Guidelines II.3.2):
/// the king on the g- or c-file, the rook on the f- or d-file, whatever their start.
pub fn castle_squares(king: Square, rook: Square) -> (Square, Square) {
    let side = CastlingSide::from_queen_side(rook < king);
    (
        Square::from_coords(side.king_to_file(), king.rank()),
        Square::from_coords(side.rook_to_file(), rook.rank()),
    )
}

/// The mutant's legal moves in `pos`.
pub fn moves(hooks: &Hooks, pos: &Pos) -> Vec<Move> {
    let mut list: Vec<Move> = pos.chess.legal_moves().into_iter().collect();
    (hooks.moves)(pos, &mut list);
    list
}

/// Whether a move leaves a position the mutant cannot go on from (a second king, a pawn left on
/// the last rank): it can be answered as a FEN, never played further.
fn is_dead_end(m: Move) -> bool {
    matches!(
        m,
        Move::Normal {
            promotion: Some(Role::King),
            ..
        }
    ) || matches!(
        m,
        Move::Normal { role: Role::Pawn, to, promotion: None, .. }
            if to.rank() == Rank::First || to.rank() == Rank::Eighth
    )
}

/// The setup after `m`, played by hand: for the moves shakmaty's own play cannot make (castling
/// over pieces, a promotion to a king, a pawn left on the last rank).
fn play_by_hand(hooks: &Hooks, pos: &Chess, m: Move) -> Setup {
    let mut setup = pos.to_setup(EnPassantMode::Always);
    let color = pos.turn();
    let board = &mut setup.board;
    match m {
        Move::Castle { king, rook } => {
            let (king_to, rook_to) = (hooks.castle_to)(king, rook);
            board.discard_piece_at(king);
            board.discard_piece_at(rook);
            board.set_piece_at(rook_to, color.rook());
            board.set_piece_at(king_to, color.king());
            setup.castling_rights &= !Bitboard::from_rank(color.backrank());
        }
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            board.discard_piece_at(from);
            board.set_piece_at(to, promotion.unwrap_or(role).of(color));
            setup.castling_rights &= !(Bitboard::from_square(from) | Bitboard::from_square(to));
        }
        Move::EnPassant { from, to } => {
            board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
            board.discard_piece_at(from);
            board.set_piece_at(to, color.pawn());
        }
        Move::Put { .. } => {}
    }
    setup.ep_square = None;
    setup.halfmoves = if m.is_zeroing() {
        0
    } else {
        setup.halfmoves.saturating_add(1)
    };
    if color.is_black() {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !color;
    setup
}

/// Whether shakmaty's own play can make `m` in `pos` (its squares free as it expects, the
/// castling pieces put where the rules put them).
fn shakmaty_can_play(hooks: &Hooks, pos: &Chess, m: Move) -> bool {
    match m {
        Move::Castle { king, rook } => {
            let free = pos.board().occupied()
                & !Bitboard::from_square(king)
                & !Bitboard::from_square(rook);
            let (k, r) = castle_squares(king, rook);
            (hooks.castle_to)(king, rook) == (k, r) && !free.contains(k) && !free.contains(r)
        }
        _ => !is_dead_end(m),
    }
}

/// The position after the mutant plays `m` in `pos`.
///
/// # Errors
///
/// When `m` leaves a position the mutant cannot go on from.
pub fn play(hooks: &Hooks, pos: &Pos, m: Move) -> Result<Pos, String> {
    let uci = replay::to_uci_in(&pos.chess, m);
    if is_dead_end(m) {
        return Err(format!("{uci} leaves a position with no next move"));
    }
    let mode = pos.chess.castles().mode();
    let mut chess = pos.chess.clone();
    if shakmaty_can_play(hooks, &chess, m) {
        chess.play_unchecked(m);
    } else {
        let setup = play_by_hand(hooks, &chess, m);
        chess = Chess::from_setup(setup, mode)
            .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
            .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
            .map_err(|e| format!("{uci} leaves no position: {e}"))?;
    }
    if let Some(removed) = (hooks.also_removes)(&pos.chess, m) {
        let mut setup = chess.to_setup(EnPassantMode::Always);
        if setup.board.remove_piece_at(removed).is_some() {
            setup.halfmoves = 0;
            chess = Chess::from_setup(setup, mode)
                .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
                .map_err(|e| format!("{uci} leaves no position: {e}"))?;
        }
    }
    let kept = pos.rights & !(hooks.clears)(&pos.chess, m);
    let rights = (hooks.rights_after)(&pos.chess, m, chess.board(), kept);
    let usable = rights & usable_at_home(chess.board(), pos.homes);
    if usable != chess.castles().castling_rights() {
        let mut setup = chess.to_setup(EnPassantMode::Always);
        setup.castling_rights = usable;
        if let Ok(rebuilt) =
            Chess::from_setup(setup, mode).or_else(shakmaty::PositionError::ignore_impossible_check)
        {
            chess = rebuilt;
        }
    }
    Ok(Pos {
        chess,
        rights,
        prev_ep: pos.chess.ep_square(EnPassantMode::Always),
        prev2_ep: pos.prev_ep,
        homes: pos.homes,
    })
}

/// The squares whose castling right the board allows, of the kings back on their `homes`: those
/// on their back rank with a rook of their colour.
fn usable_at_home(board: &Board, homes: Bitboard) -> Bitboard {
    let mut usable = Bitboard::EMPTY;
    for color in Color::ALL {
        if board.king_of(color).is_some_and(|k| homes.contains(k)) {
            usable |= board.by_piece(color.rook()) & color.backrank();
        }
    }
    usable
}

/// The corners whose castling right the board allows in standard chess: the king at home and a
/// rook of its colour on the corner.
pub fn usable_rights(board: &Board) -> Bitboard {
    let mut usable = Bitboard::EMPTY;
    for color in Color::ALL {
        let home = Square::from_coords(shakmaty::File::E, color.backrank());
        if board.king_of(color) != Some(home) {
            continue;
        }
        for file in [shakmaty::File::A, shakmaty::File::H] {
            let corner = Square::from_coords(file, color.backrank());
            if board.piece_at(corner) == Some(color.rook()) {
                usable |= Bitboard::from_square(corner);
            }
        }
    }
    usable
}

/// The repetition identity of a position.
fn key(hooks: &Hooks, pos: &Pos, moves: &[Move]) -> Key {
    let ep = moves.iter().find_map(|m| match m {
        Move::EnPassant { to, .. } => Some(*to),
        _ => None,
    });
    let key = Key {
        board: pos.chess.board().clone(),
        turn: Some(pos.chess.turn()),
        castling: pos.chess.castles().castling_rights(),
        ep,
        clock: None,
    };
    (hooks.key)(key, pos)
}

/// Replays a history with the mutant's rules.
///
/// # Errors
///
/// An invalid FEN, or a move the mutant does not take.
pub fn replay_line(hooks: &Hooks, fen: &str, history: &[String], variant: Variant) -> Answer<Line> {
    let start = parse(hooks, fen, variant).map_err(EngineError::failed)?;
    let first = moves(hooks, &start);
    let mut line = Line {
        keys: vec![key(hooks, &start, &first)],
        positions: vec![start],
    };
    for (i, uci) in history.iter().enumerate() {
        let pos = line.positions.last().expect("a line has its start");
        let legal = moves(hooks, pos);
        let m = find(&pos.chess, &legal, uci).ok_or_else(|| {
            EngineError::failed(format!(
                "move {} of the history (`{uci}`) is illegal",
                i + 1
            ))
        })?;
        let next = play(hooks, pos, m).map_err(EngineError::failed)?;
        let next_moves = moves(hooks, &next);
        line.keys.push(key(hooks, &next, &next_moves));
        line.positions.push(next);
    }
    Ok(line)
}

/// The move `uci` names among `moves` of `pos` (castling as the position's castling mode writes
/// it: the king taking its rook in Chess960).
fn find(pos: &Chess, moves: &[Move], uci: &str) -> Option<Move> {
    moves
        .iter()
        .copied()
        .find(|m| replay::to_uci_in(pos, *m) == uci)
}

impl Line {
    fn last(&self) -> &Pos {
        self.positions.last().expect("a line has its start")
    }

    /// The facts of the last position.
    pub fn facts(&self, hooks: &Hooks) -> Facts {
        let pos = self.last();
        let current = self.keys.last().expect("a line has its start's key");
        let board = pos.chess.board();
        Facts {
            in_check: pos.chess.is_check(),
            no_moves: moves(hooks, pos).is_empty(),
            turn: pos.chess.turn(),
            insufficient: (hooks.insufficient)(board, Color::White)
                && (hooks.insufficient)(board, Color::Black),
            dead: (hooks.dead)(&pos.chess),
            repetitions: self.keys.iter().filter(|k| *k == current).count(),
            halfmoves: pos.chess.halfmoves(),
        }
    }

    /// The game state.
    pub fn state(&self, hooks: &Hooks) -> GameState {
        (hooks.state)(&self.facts(hooks))
    }

    /// The claims of the player to move.
    pub fn claims(&self, hooks: &Hooks) -> Vec<DrawClaim> {
        let facts = self.facts(hooks);
        (hooks.claims)(&facts, (hooks.state)(&facts))
    }

    /// The line with one more move.
    fn pushed(&self, hooks: &Hooks, m: Move) -> Result<Line, String> {
        let next = play(hooks, self.last(), m)?;
        let next_moves = moves(hooks, &next);
        let mut line = self.clone();
        line.keys.push(key(hooks, &next, &next_moves));
        line.positions.push(next);
        Ok(line)
    }
}
