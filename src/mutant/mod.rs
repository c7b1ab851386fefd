//! Built-in mutants: engines that each break one rule of chess, to measure what the catalogue
//! catches (`chess-conformance mutants`).
//!
//! A mutant is the reference's rules with one of them changed at its source, so that the change
//! shows everywhere it would in a real implementation: a mutant that lets the king castle through
//! an attacked square has that castling in its legal moves, its move count, its perft, its SAN
//! (read and written), its game state (a king it "saves" is not mated) and the FEN after it.
//! This module is that engine ([`Mutant`]): the rules as a set of [`Hooks`], each defaulting to
//! the reference's rule; [`MUTANTS`] is the catalogue of mutants, one line each, with the rule it
//! breaks and the hooks it replaces.
//!
//! The mutant keeps its own positions ([`Pos`]): a shakmaty position, and beside it what a
//! mutant may remember differently (the castling rights it still believes in while king or rook
//! is away; the en passant square of two plies ago).

mod table;

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move,
    MoveList, Position, Rank, Role, Setup, Square,
};

use crate::engine::{Answer, Capabilities, Engine, EngineError, Game, Identity, LastGame};
use crate::limits::Deadline;
use crate::replay;
use crate::touch::{Obligation, TouchEvent};
use crate::vocabulary;
use crate::vocabulary::{
    AttackSource, DrawClaim, FenCheck, GameState, MatingMaterial, MoveResult, Winnability,
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

/// The rules a mutant may replace, each defaulting to the reference's ([`Hooks::REFERENCE`]).
#[derive(Clone, Copy)]
pub struct Hooks {
    /// The FEN's fields before they become a position (its en passant or castling field).
    pub read: fn(&mut Setup),
    /// Whether a FEN is a valid position.
    pub validate: fn(&str) -> FenCheck,
    /// The legal moves, edited (added to or taken from the reference's).
    pub moves: fn(&Pos, &mut Vec<Move>),
    /// The castling rights (rook squares) a move by the side to move takes away.
    pub clears: fn(&Chess, Move) -> Bitboard,
    /// A square whose piece a move also removes, beyond what it captures by the rules.
    pub also_removes: fn(&Chess, Move) -> Option<Square>,
    /// The en passant square the FEN names after a move: given the position and whether an en
    /// passant capture is among its moves.
    pub ep_written: fn(&Pos, bool) -> Option<Square>,
    /// The identity of a position for repetition, from the reference's.
    pub key: fn(Key, &Pos) -> Key,
    /// Whether `Color` can never mate on the board (mating material, per side).
    pub insufficient: fn(&Board, Color) -> bool,
    /// Whether the position is dead beyond material.
    pub dead: fn(&Chess) -> bool,
    /// The game state, from the facts.
    pub state: fn(&Facts) -> GameState,
    /// The draws the player to move may claim, from the facts and the state.
    pub claims: fn(&Facts, GameState) -> Vec<DrawClaim>,
    /// Whether a claim by declaring a move counts the position that move makes (if not, the
    /// claims are those of the position before it).
    pub claim_counts_declared_move: bool,
    /// The moves a SAN is disambiguated against, among those given (same piece, same square).
    pub san_rivals: fn(&Pos, Move, &[Move]) -> Vec<Move>,
    /// A move's SAN as written, from its parts.
    pub san_write: fn(San, Option<Suffix>, Move) -> String,
    /// The move a SAN (with its check or mate sign, if written) names among the legal moves:
    /// the only one it matches.
    pub san_read: fn(SanPlus, &[Move]) -> Option<Move>,
    /// The touch-move ruling.
    pub touch: fn(&Chess, &[TouchEvent]) -> Result<Obligation, String>,
    /// Whether a side can still mate, given the reference's answer, the game state and the
    /// position.
    pub winnable: fn(Winnability, GameState, &Chess, vocabulary::Color) -> Winnability,
}

impl Hooks {
    /// The reference's rules.
    pub const REFERENCE: Hooks = Hooks {
        read: |_| {},
        validate: reference_validate,
        moves: |_, _| {},
        clears: reference_clears,
        also_removes: |_, _| None,
        ep_written: |pos, capturable| {
            capturable
                .then(|| pos.chess.ep_square(EnPassantMode::Always))
                .flatten()
        },
        key: |key, _| key,
        insufficient: |board, color| reference_insufficient(board, color),
        dead: crate::winnable::is_dead,
        state: reference_state,
        claims: reference_claims,
        claim_counts_declared_move: true,
        san_rivals: same_piece_same_square,
        san_write: |san, suffix, _| SanPlus { san, suffix }.to_string(),
        san_read: |san, moves| only_match(san.san, moves),
        touch: reference_touch,
        winnable: |answer, _, _, _| answer,
    };
}

/// The reference's FEN check.
pub fn reference_validate(fen: &str) -> FenCheck {
    match replay::parse_fen(fen) {
        Ok(_) => FenCheck::Accepted,
        Err(e) => FenCheck::Rejected(e.to_string()),
    }
}

/// The rights a move takes away: all of the mover's when its king moves (castling included);
/// a rook square's when a piece leaves it or arrives on it.
pub fn reference_clears(before: &Chess, m: Move) -> Bitboard {
    let mut cleared = Bitboard::EMPTY;
    match m {
        Move::Castle { .. }
        | Move::Normal {
            role: Role::King, ..
        } => cleared |= Bitboard::from_rank(before.turn().backrank()),
        _ => {}
    }
    if let Some(from) = m.from() {
        cleared |= Bitboard::from_square(from);
    }
    cleared | Bitboard::from_square(m.to())
}

/// Whether `color` lacks mating material, as shakmaty judges it.
pub fn reference_insufficient(board: &Board, color: Color) -> bool {
    // shakmaty judges material on a position: any legal one with this board will do (a side
    // to move whose opponent is not in check).
    Color::ALL.into_iter().any(|turn| {
        let mut setup = Setup::empty();
        setup.board = board.clone();
        setup.turn = turn;
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .or_else(shakmaty::PositionError::ignore_too_much_material)
            .is_ok_and(|pos| pos.has_insufficient_material(color))
    })
}

/// The reference's game state: endings in the order of [`vocabulary::StateName`].
pub fn reference_state(f: &Facts) -> GameState {
    if f.no_moves && f.in_check {
        GameState::Checkmate {
            winner: replay::from_shakmaty(!f.turn),
        }
    } else if f.no_moves {
        GameState::Stalemate
    } else if f.insufficient {
        GameState::InsufficientMaterial
    } else if f.dead {
        GameState::DeadPosition
    } else if f.repetitions >= 5 {
        GameState::FivefoldRepetition
    } else if f.halfmoves >= 150 {
        GameState::SeventyFiveMoves
    } else {
        GameState::Ongoing
    }
}

/// The reference's claims: none once the game is over; threefold, then fifty moves.
pub fn reference_claims(f: &Facts, state: GameState) -> Vec<DrawClaim> {
    let mut claims = Vec::new();
    if state != GameState::Ongoing {
        return claims;
    }
    if f.repetitions >= 3 {
        claims.push(DrawClaim::ThreefoldRepetition);
    }
    if f.halfmoves >= 100 {
        claims.push(DrawClaim::FiftyMoves);
    }
    claims
}

/// The legal moves of the same piece kind to the same square (what SAN tells apart).
pub fn same_piece_same_square(_: &Pos, m: Move, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|o| o.role() == m.role() && o.to() == m.to() && o.castling_side().is_none())
        .collect()
}

/// The one legal move a SAN matches; none when it matches none or several.
pub fn only_match(san: San, moves: &[Move]) -> Option<Move> {
    let mut matching = moves.iter().copied().filter(|m| san_matches(san, *m));
    let first = matching.next()?;
    matching.next().is_none().then_some(first)
}

/// Whether a SAN names a move, as shakmaty's reader does (a pawn capture names its file).
pub fn san_matches(san: San, m: Move) -> bool {
    if let San::Normal {
        role: Role::Pawn,
        capture: true,
        file: None,
        ..
    } = san
    {
        return false;
    }
    san.matches(m)
}

/// The reference's touch-move ruling.
pub fn reference_touch(pos: &Chess, events: &[TouchEvent]) -> Result<Obligation, String> {
    crate::touch::rule(pos, events)
        .map(|r| r.obligation())
        .map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
}

/// A game a mutant replayed: each position and its identity.
#[derive(Debug, Clone)]
pub struct Line {
    /// The positions, the start first.
    pub positions: Vec<Pos>,
    /// Their identities for repetition.
    pub keys: Vec<Key>,
}

/// An engine that breaks one rule: the reference's rules with the hooks of a [`Mutation`].
pub struct Mutant {
    mutation: &'static Mutation,
    last: LastGame<Line>,
    reference: crate::Reference,
}

impl std::fmt::Debug for Mutant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mutant({})", self.mutation.name)
    }
}

impl Mutant {
    /// The mutant of a mutation.
    pub fn new(mutation: &'static Mutation) -> Mutant {
        Mutant {
            mutation,
            last: LastGame::default(),
            reference: crate::Reference::new(),
        }
    }

    /// The mutant named `name` (see [`MUTANTS`]).
    pub fn named(name: &str) -> Option<Mutant> {
        by_name(name).map(Mutant::new)
    }

    /// Its mutation.
    pub fn mutation(&self) -> &'static Mutation {
        self.mutation
    }

    fn hooks(&self) -> &'static Hooks {
        &self.mutation.hooks
    }

    fn line(&mut self, game: &Game) -> Answer<&Line> {
        let hooks = self.mutation.hooks;
        self.last.get(game, |g| replay_line(&hooks, g.fen, g.moves))
    }

    /// An answer computed with a guard: a panic of shakmaty on a position no real rules reach
    /// becomes the engine's error, never the harness's.
    fn guarded<T>(&mut self, what: &str, f: impl FnOnce(&mut Mutant) -> Answer<T>) -> Answer<T> {
        match std::panic::catch_unwind(AssertUnwindSafe(|| f(self))) {
            Ok(answer) => answer,
            Err(_) => {
                self.last = LastGame::default();
                Err(EngineError::failed(format!(
                    "mutant {}: {what} reached a position it cannot represent",
                    self.mutation.name
                )))
            }
        }
    }
}

/// Parses a FEN with the mutant's reading of its fields.
pub fn parse(hooks: &Hooks, fen: &str) -> Result<Pos, String> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| e.to_string())?;
    let mut setup = parsed.into_setup();
    (hooks.read)(&mut setup);
    let chess = Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| e.to_string())?;
    Ok(Pos {
        rights: chess.castles().castling_rights(),
        chess,
        prev_ep: None,
        prev2_ep: None,
    })
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
fn play_by_hand(pos: &Chess, m: Move) -> Setup {
    let mut setup = pos.to_setup(EnPassantMode::Always);
    let color = pos.turn();
    let board = &mut setup.board;
    match m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            board.discard_piece_at(king);
            board.discard_piece_at(rook);
            board.set_piece_at(
                Square::from_coords(side.rook_to_file(), rook.rank()),
                color.rook(),
            );
            board.set_piece_at(
                Square::from_coords(side.king_to_file(), king.rank()),
                color.king(),
            );
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

/// Whether shakmaty's own play can make `m` in `pos` (its squares free as it expects).
fn shakmaty_can_play(pos: &Chess, m: Move) -> bool {
    match m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            let free = pos.board().occupied()
                & !Bitboard::from_square(king)
                & !Bitboard::from_square(rook);
            let k = Square::from_coords(side.king_to_file(), king.rank());
            let r = Square::from_coords(side.rook_to_file(), rook.rank());
            !free.contains(k) && !free.contains(r)
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
    if is_dead_end(m) {
        return Err(format!(
            "{} leaves a position with no next move",
            replay::to_uci(m)
        ));
    }
    let mut chess = pos.chess.clone();
    if shakmaty_can_play(&chess, m) {
        chess.play_unchecked(m);
    } else {
        let setup = play_by_hand(&chess, m);
        chess = Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
            .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
            .map_err(|e| format!("{} leaves no position: {e}", replay::to_uci(m)))?;
    }
    if let Some(removed) = (hooks.also_removes)(&pos.chess, m) {
        let mut setup = chess.to_setup(EnPassantMode::Always);
        if setup.board.remove_piece_at(removed).is_some() {
            setup.halfmoves = 0;
            chess = Chess::from_setup(setup, CastlingMode::Standard)
                .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
                .map_err(|e| format!("{} leaves no position: {e}", replay::to_uci(m)))?;
        }
    }
    let rights = pos.rights & !(hooks.clears)(&pos.chess, m);
    let usable = rights & usable_rights(chess.board());
    if usable != chess.castles().castling_rights() {
        let mut setup = chess.to_setup(EnPassantMode::Always);
        setup.castling_rights = usable;
        if let Ok(rebuilt) = Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
        {
            chess = rebuilt;
        }
    }
    Ok(Pos {
        chess,
        rights,
        prev_ep: pos.chess.ep_square(EnPassantMode::Always),
        prev2_ep: pos.prev_ep,
    })
}

/// The corners whose castling right the board allows: the king at home and a rook of its colour
/// on the corner.
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
pub fn replay_line(hooks: &Hooks, fen: &str, history: &[String]) -> Answer<Line> {
    let start = parse(hooks, fen).map_err(EngineError::failed)?;
    let first = moves(hooks, &start);
    let mut line = Line {
        keys: vec![key(hooks, &start, &first)],
        positions: vec![start],
    };
    for (i, uci) in history.iter().enumerate() {
        let pos = line.positions.last().expect("a line has its start");
        let legal = moves(hooks, pos);
        let m = find(&legal, uci).ok_or_else(|| {
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

/// The move `uci` names among `moves`.
fn find(moves: &[Move], uci: &str) -> Option<Move> {
    moves.iter().copied().find(|m| replay::to_uci(*m) == uci)
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

/// The FEN of a position with the mutant's en passant field.
fn fen_of(hooks: &Hooks, pos: &Pos) -> String {
    let capturable = moves(hooks, pos)
        .iter()
        .any(|m| matches!(m, Move::EnPassant { .. }));
    let mut setup = pos.chess.to_setup(EnPassantMode::Always);
    setup.ep_square = (hooks.ep_written)(pos, capturable);
    fen_text(setup)
}

/// A setup's FEN, whatever it holds.
fn fen_text(setup: Setup) -> String {
    match Fen::try_from_setup(setup) {
        Ok(fen) => fen.to_string(),
        Err(lossy) => lossy.ignore().to_string(),
    }
}

/// A move's SAN in `pos` by the mutant's rules.
fn san_of(hooks: &Hooks, line: &Line, m: Move, legal: &[Move]) -> Answer<String> {
    let pos = line.last();
    let rivals: MoveList = (hooks.san_rivals)(pos, m, legal).into_iter().collect();
    let san = San::disambiguate(m, &rivals);
    let suffix = if is_dead_end(m) {
        None
    } else {
        let after = line.pushed(hooks, m).map_err(EngineError::failed)?;
        let facts = after.facts(hooks);
        if facts.in_check && facts.no_moves {
            Some(Suffix::Checkmate)
        } else if facts.in_check {
            Some(Suffix::Check)
        } else {
            None
        }
    };
    Ok((hooks.san_write)(san, suffix, m))
}

/// What a perft walk counts a position by: everything a mutant's moves may depend on, the
/// clocks left out.
type PerftKey = (Setup, Bitboard, Option<Square>, Option<Square>, u32);

/// Leaf nodes at `depth` by the mutant's moves, positions already walked at a depth counted once.
fn perft(hooks: &Hooks, pos: &Pos, depth: u32, known: &mut HashMap<PerftKey, u64>) -> Answer<u64> {
    if depth == 0 {
        return Ok(1);
    }
    let legal = moves(hooks, pos);
    if depth == 1 {
        return Ok(legal.len() as u64);
    }
    Deadline::check()?;
    let mut setup = pos.chess.to_setup(EnPassantMode::Always);
    setup.halfmoves = 0;
    setup.fullmoves = std::num::NonZeroU32::MIN;
    let key = (setup, pos.rights, pos.prev_ep, pos.prev2_ep, depth);
    if let Some(&nodes) = known.get(&key) {
        return Ok(nodes);
    }
    let mut nodes = 0u64;
    for m in legal {
        let child = play(hooks, pos, m).map_err(EngineError::failed)?;
        nodes = nodes.saturating_add(perft(hooks, &child, depth - 1, known)?);
    }
    known.insert(key, nodes);
    Ok(nodes)
}

impl Engine for Mutant {
    fn identity(&self) -> Identity {
        Identity {
            name: format!("mutant {}", self.mutation.name),
            version: "0.30.1".into(),
        }
    }

    /// Everything but the historical pieces: each mutant breaks a rule of the standard pieces,
    /// and its hooks read positions with shakmaty.
    fn capabilities(&self) -> Capabilities {
        Capabilities::all().without(crate::Capability::Pieces)
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.guarded("legal moves", |me| {
            let hooks = *me.hooks();
            let line = me.line(game)?;
            Ok(moves(&hooks, line.last())
                .into_iter()
                .map(replay::to_uci)
                .collect())
        })
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        self.guarded("check", |me| Ok(me.line(game)?.last().chess.is_check()))
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        self.guarded("checkers", |me| {
            Ok(replay::square_names(me.line(game)?.last().chess.checkers()))
        })
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        self.guarded("game state", |me| {
            let hooks = *me.hooks();
            Ok(me.line(game)?.state(&hooks))
        })
    }

    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        self.guarded("claims", |me| {
            let hooks = *me.hooks();
            Ok(me.line(game)?.claims(&hooks))
        })
    }

    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        self.guarded("mating material", |me| {
            let hooks = *me.hooks();
            let board = me.line(game)?.last().chess.board().clone();
            Ok(MatingMaterial {
                white: !(hooks.insufficient)(&board, Color::White),
                black: !(hooks.insufficient)(&board, Color::Black),
            })
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        self.guarded("play", |me| {
            let hooks = *me.hooks();
            let pos = me.line(game)?.last().clone();
            if let Err(e) = replay::check_uci_syntax(uci) {
                return Ok(MoveResult::Refused(e.to_string()));
            }
            let Some(m) = find(&moves(&hooks, &pos), uci) else {
                return Ok(MoveResult::Refused(format!("`{uci}` is not a legal move")));
            };
            if is_dead_end(m) || !shakmaty_can_play(&pos.chess, m) {
                // A position shakmaty does not make: its FEN, written by hand.
                let setup = play_by_hand(&pos.chess, m);
                return Ok(MoveResult::Played(fen_text(setup)));
            }
            let after = play(&hooks, &pos, m).map_err(EngineError::failed)?;
            Ok(MoveResult::Played(fen_of(&hooks, &after)))
        })
    }

    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        self.guarded("SAN", |me| {
            let hooks = *me.hooks();
            let line = me.line(game)?.clone();
            let legal = moves(&hooks, line.last());
            let m = find(&legal, uci)
                .ok_or_else(|| EngineError::failed(format!("`{uci}` is not a legal move")))?;
            san_of(&hooks, &line, m, &legal)
        })
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        self.guarded("reading SAN", |me| {
            let hooks = *me.hooks();
            let line = me.line(game)?;
            let Ok(parsed) = SanPlus::from_ascii(san.as_bytes()) else {
                return Ok(None);
            };
            let legal = moves(&hooks, line.last());
            Ok((hooks.san_read)(parsed, &legal).map(replay::to_uci))
        })
    }

    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        self.reference.attacks(game, source)
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        self.guarded("perft", |me| {
            let hooks = *me.hooks();
            let pos = me.line(game)?.last().clone();
            perft(&hooks, &pos, depth, &mut HashMap::new())
        })
    }

    fn draw_claims_with_move(&mut self, game: &Game, uci: &str) -> Answer<Vec<DrawClaim>> {
        self.guarded("claims with a move", |me| {
            let hooks = *me.hooks();
            let line = me.line(game)?.clone();
            let m = find(&moves(&hooks, line.last()), uci)
                .ok_or_else(|| EngineError::failed(format!("`{uci}` is not a legal move")))?;
            if !hooks.claim_counts_declared_move {
                return Ok(line.claims(&hooks));
            }
            let after = line.pushed(&hooks, m).map_err(EngineError::failed)?;
            Ok(after.claims(&hooks))
        })
    }

    fn validate_fen(&mut self, fen: &str) -> Answer<FenCheck> {
        let hooks = *self.hooks();
        self.guarded("FEN check", |_| Ok((hooks.validate)(fen)))
    }

    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        self.guarded("touch-move", |me| {
            let hooks = *me.hooks();
            let pos = me.line(game)?.last().chess.clone();
            (hooks.touch)(&pos, events).map_err(EngineError::failed)
        })
    }

    fn winnable(&mut self, game: &Game, side: vocabulary::Color) -> Answer<Winnability> {
        let answer = self.reference.winnable(game, side)?;
        self.guarded("winnability", |me| {
            let hooks = *me.hooks();
            let line = me.line(game)?;
            let state = line.state(&hooks);
            Ok((hooks.winnable)(answer, state, &line.last().chess, side))
        })
    }
}
