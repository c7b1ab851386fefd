//! Illegal moves refused (FIDE 7.5.1): moves that look like moves but break a rule of Article 3,
//! which an implementation asked to play them must refuse, keeping its position.
//!
//! Each case takes one piece of a random position (from a random game, or a few pieces placed at
//! random) and the moves of that piece that break one rule, found by trying every square: the
//! king stepping into check, a pinned piece leaving its line, a check left unanswered, a move of
//! the wrong shape, a move over a piece, onto one's own piece, the pawn's own rules (straight
//! captures, diagonal moves without a capture, a double step off the starting square), a
//! promotion without a new piece or to a king. Castling is tried on boards built for it: out of
//! check, through or into an attacked square, over a piece, without the right (lost in the FEN,
//! or by a king or rook that moved and came back), and en passant one move too late, without a
//! double step, or through a pin. The case asks for the moves to be refused (`refuses`), not to
//! be legal (`illegal`), and names the legal moves of the same piece (`legal`), so an engine that
//! refuses everything fails too. The title says which rule each move breaks.

use shakmaty::attacks;
use shakmaty::{Bitboard, Board, Chess, Color, File, Piece, Position, Rank, Role, Square};

use super::{Miner, Quotas, RandomGame, case, fen, legal_uci, role_name, side_name};
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay::{self, Replay};

/// How many cases the area mines.
const TOTAL: usize = 1000;

/// Why a move is illegal: its pattern, the article it breaks, the rule in words, and what in
/// the position breaks it.
struct Why {
    pattern: &'static str,
    article: &'static str,
    rule: &'static str,
    detail: Option<String>,
}

fn why(
    pattern: &'static str,
    article: &'static str,
    rule: &'static str,
    detail: Option<String>,
) -> Option<Why> {
    Some(Why {
        pattern,
        article,
        rule,
        detail,
    })
}

fn name_at(board: &Board, sq: Square) -> String {
    board.piece_at(sq).map_or_else(
        || format!("the square {sq}"),
        |p| format!("the {} on {sq}", role_name(p.role)),
    )
}

/// The board after moving the piece on `from` to `to` (capturing what stands there, and the
/// pawn taken en passant when `ep` is given), ignoring every rule.
fn moved(board: &Board, from: Square, to: Square, ep: Option<Square>) -> Board {
    let mut after = board.clone();
    let piece = after.remove_piece_at(from);
    if let Some(taken) = ep {
        after.discard_piece_at(taken);
    }
    if let Some(piece) = piece {
        after.set_piece_at(to, piece);
    }
    after
}

/// The first enemy piece that would attack `us`'s king after the move, if any.
fn exposed(pos: &Chess, from: Square, to: Square, ep: Option<Square>) -> Option<Square> {
    let us = pos.turn();
    let after = moved(pos.board(), from, to, ep);
    let king = after.king_of(us)?;
    after
        .attacks_to(king, !us, after.occupied())
        .into_iter()
        .next()
}

/// Why a move that obeys the pieces' geometry is still illegal: it leaves the king attacked
/// (3.9.2: no piece can be moved that exposes its own king to check or leaves it in check).
fn leaves_king_attacked(pos: &Chess, from: Square, to: Square, ep: Option<Square>) -> Option<Why> {
    let board = pos.board();
    let attacker = exposed(pos, from, to, ep)?;
    let by = name_at(board, attacker);
    let role = board.piece_at(from)?.role;
    if role == Role::King {
        return why(
            "king-into-check",
            "3.9.2",
            "a king may not move into check",
            Some(format!("{to} is attacked by {by}")),
        );
    }
    if pos.is_check() {
        return why(
            "check-not-answered",
            "3.9.2",
            "a move must get the king out of check",
            Some(format!("the king would still be attacked by {by}")),
        );
    }
    if ep.is_some() {
        return why(
            "en-passant-pinned",
            "3.9.2",
            "no move may expose one's own king to check, en passant included",
            Some(format!(
                "both pawns leave their squares, exposing the king to {by}"
            )),
        );
    }
    why(
        "pinned",
        "3.9.2",
        "no piece may move so as to expose its own king to check",
        Some(format!("pinned by {by}")),
    )
}

/// The first piece between two squares, nearest to `from`.
fn first_between(board: &Board, from: Square, to: Square) -> Option<Square> {
    let between = attacks::between(from, to) & board.occupied();
    between.into_iter().min_by_key(|sq| sq.distance(from))
}

/// What a careful reader of Article 3 says of the move `from`-`to` (with the promotion letter
/// `promo`), when it is illegal and breaks exactly one rule the miner can name. `None` when it is
/// legal, or when its illegality is not a single clear reason (castling, handled apart).
fn classify(pos: &Chess, from: Square, to: Square, promo: Option<char>) -> Option<Why> {
    let board = pos.board();
    let us = pos.turn();
    let piece = board.piece_at(from).filter(|p| p.color == us)?;
    let uci = format!("{from}{to}{}", promo.map(String::from).unwrap_or_default());
    if replay::parse_uci(pos, &uci).is_ok() {
        return None;
    }
    let last = to.rank() == (!us).backrank();
    if piece.role != Role::Pawn || !last {
        // Promotion letters belong to pawn moves onto the last rank only: not a rule of play.
        if promo.is_some() {
            return None;
        }
    }
    match piece.role {
        // With a promotion letter, only the promotion itself may be what is wrong.
        Role::Pawn => {
            pawn(pos, from, to, promo).filter(|w| promo.is_none() || w.pattern == "promotion")
        }
        Role::King => {
            if !attacks::king_attacks(from).contains(to) {
                if from.rank() == to.rank() && from.file().distance(to.file()) == 2 {
                    return None; // a castling attempt: the castling patterns cover it
                }
                return why(
                    "geometry",
                    "3.8.1",
                    "a king moves to an adjoining square only (castling apart)",
                    None,
                );
            }
            if board.piece_at(to) == Some(us.rook()) && from.rank() == us.backrank() {
                return None; // the king taking its own rook is castling in some notations
            }
            own_piece(board, us, to).or_else(|| leaves_king_attacked(pos, from, to, None))
        }
        _ => {
            let empty_reach = attacks::attacks(from, piece, Bitboard::EMPTY);
            if !empty_reach.contains(to) {
                let (article, shape) = match piece.role {
                    Role::Knight => (
                        "3.6",
                        "a knight moves to a nearest square not on its rank, file or diagonal",
                    ),
                    Role::Bishop => ("3.2", "a bishop moves along a diagonal"),
                    Role::Rook => ("3.3", "a rook moves along a file or a rank"),
                    _ => ("3.4", "a queen moves along a file, a rank or a diagonal"),
                };
                return why("geometry", article, shape, None);
            }
            if !board.attacks_from(from).contains(to) {
                let over = first_between(board, from, to)?;
                return why(
                    "jump",
                    "3.5",
                    "a bishop, rook or queen may not move over any intervening piece",
                    Some(format!("over {}", name_at(board, over))),
                );
            }
            own_piece(board, us, to).or_else(|| leaves_king_attacked(pos, from, to, None))
        }
    }
}

/// A move onto a square held by a piece of one's own colour (3.1.1).
fn own_piece(board: &Board, us: Color, to: Square) -> Option<Why> {
    let own = board.piece_at(to).filter(|p| p.color == us)?;
    why(
        "own-piece",
        "3.1.1",
        "no piece moves to a square occupied by a piece of its own colour",
        Some(format!(
            "{to} holds {}'s own {}",
            side_name(us),
            role_name(own.role)
        )),
    )
}

/// The pawn's rules (3.7): forward only, straight onto an empty square, diagonally only to
/// capture, two squares only from its starting square and over an empty one, and promotion.
fn pawn(pos: &Chess, from: Square, to: Square, promo: Option<char>) -> Option<Why> {
    let board = pos.board();
    let us = pos.turn();
    let forward: i32 = if us == Color::White { 1 } else { -1 };
    let dr = (to.rank().to_u32() as i32 - from.rank().to_u32() as i32) * forward;
    let df = from.file().distance(to.file());
    let target = board.piece_at(to);
    let last = to.rank() == (!us).backrank();
    let start = from.rank() == us.relative_rank(Rank::Second);
    if dr <= 0 {
        return why(
            "pawn-rules",
            "3.7.1",
            "a pawn moves forward only, never back or sideways",
            None,
        );
    }
    match (df, dr) {
        (0, 1) => {
            if let Some(w) = own_piece(board, us, to) {
                return Some(w);
            }
            if let Some(p) = target {
                return why(
                    "pawn-rules",
                    "3.7.1",
                    "a pawn moves straight ahead only to an unoccupied square; it captures \
                     diagonally",
                    Some(format!("the {} on {to} is in the way", role_name(p.role))),
                );
            }
        }
        (0, 2) => {
            if !start {
                return why(
                    "pawn-rules",
                    "3.7.2",
                    "only a pawn on its starting square may advance two squares",
                    None,
                );
            }
            if let Some(over) = first_between(board, from, to) {
                return why(
                    "jump",
                    "3.7.2",
                    "a pawn advances two squares only when both are unoccupied",
                    Some(format!("over {}", name_at(board, over))),
                );
            }
            if let Some(w) = own_piece(board, us, to) {
                return Some(w);
            }
            if let Some(p) = target {
                return why(
                    "pawn-rules",
                    "3.7.2",
                    "a pawn advances two squares only when both are unoccupied",
                    Some(format!("the {} on {to} is in the way", role_name(p.role))),
                );
            }
        }
        (1, 1) => {
            if let Some(w) = own_piece(board, us, to) {
                return Some(w);
            }
            if target.is_none() {
                let ep = Some(to) == pos.ep_square(shakmaty::EnPassantMode::Always);
                if ep {
                    let taken = Square::from_coords(to.file(), from.rank());
                    return leaves_king_attacked(pos, from, to, Some(taken));
                }
                return why(
                    "pawn-rules",
                    "3.7.3",
                    "a pawn moves diagonally only to capture",
                    Some(format!(
                        "{to} is empty and no en passant capture is possible"
                    )),
                );
            }
        }
        _ => {
            return why(
                "geometry",
                "3.7",
                "a pawn advances one square (two from its starting square) or captures one \
                 square diagonally forward",
                None,
            );
        }
    }
    if last {
        // A pawn move onto the last rank that would be legal with a queen: only the new piece
        // is wrong.
        let with_queen = format!("{from}{to}q");
        if replay::parse_uci(pos, &with_queen).is_err() {
            return None;
        }
        return match promo {
            None => why(
                "promotion",
                "3.7.3.3",
                "a pawn reaching the last rank must be exchanged, as part of the move, for a \
                 queen, rook, bishop or knight",
                Some("no new piece is named".into()),
            ),
            Some('k') => why(
                "promotion",
                "3.7.3.3",
                "a pawn reaching the last rank must be exchanged, as part of the move, for a \
                 queen, rook, bishop or knight",
                Some("a king is not one of them".into()),
            ),
            Some(_) => None,
        };
    }
    leaves_king_attacked(pos, from, to, None)
}

/// The move of a piece, for titles: `knight e2-c3`.
fn describe(board: &Board, from: Square, uci: &str) -> String {
    let role = board.piece_at(from).map_or("piece", |p| role_name(p.role));
    let promo = match uci.as_bytes().get(4) {
        Some(b'k') => "=K",
        Some(b'q') => "=Q",
        _ => "",
    };
    format!("{role} {from}-{}{promo}", &uci[2..4])
}

/// The title of a case refusing `group`, moves of the piece on `from` sharing one pattern.
fn title(pos: &Chess, from: Square, group: &[(Why, String)]) -> String {
    let board = pos.board();
    let details: Vec<Option<&String>> = group.iter().map(|(w, _)| w.detail.as_ref()).collect();
    let moves: Vec<String> = group
        .iter()
        .map(|(_, uci)| describe(board, from, uci))
        .collect();
    let listed = if details.iter().all(|d| *d == details[0]) {
        let mut text = moves.join(", ");
        if let Some(d) = details[0] {
            text.push_str(&format!(" ({d})"));
        }
        text
    } else {
        moves
            .iter()
            .zip(&details)
            .map(|(m, d)| match d {
                Some(d) => format!("{m} ({d})"),
                None => m.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let w = &group[0].0;
    format!(
        "{} may not play {listed}: {} ({}); asked to, an engine must refuse",
        side_name(pos.turn()),
        w.rule,
        w.article
    )
}

/// Candidate illegal moves of the piece on `from`, grouped by pattern: every square and, for a
/// pawn onto the last rank, no promotion piece or a king.
fn illegal_moves_of(pos: &Chess, from: Square) -> Vec<(Why, String)> {
    let mut out = Vec::new();
    let pawn = pos
        .board()
        .piece_at(from)
        .is_some_and(|p| p.role == Role::Pawn);
    for to in Square::ALL {
        if to == from {
            continue;
        }
        let last = to.rank() == (!pos.turn()).backrank();
        let promos: &[Option<char>] = if pawn && last {
            &[None, Some('k')]
        } else {
            &[None]
        };
        for &promo in promos {
            if let Some(w) = classify(pos, from, to, promo) {
                let uci = format!("{from}{to}{}", promo.map(String::from).unwrap_or_default());
                out.push((w, uci));
            }
        }
    }
    out
}

/// The legal moves of the piece on `from`, sorted; if it has none, the first two legal moves.
fn legal_of(pos: &Chess, from: Square) -> Vec<String> {
    let all = legal_uci(pos);
    let of: Vec<String> = all
        .iter()
        .filter(|m| m.starts_with(&from.to_string()))
        .take(4)
        .cloned()
        .collect();
    if of.is_empty() {
        all.into_iter().take(2).collect()
    } else {
        of
    }
}

fn expect(refuses: Vec<String>, legal: Vec<String>) -> Expect {
    Expect {
        illegal: Some(refuses.clone()),
        legal: (!legal.is_empty()).then_some(legal),
        refuses: Some(refuses),
        ..Expect::default()
    }
}

/// Whether the game still goes on in `pos` (nothing to refuse in a finished game).
fn ongoing(fen_text: &str, moves: &[String]) -> bool {
    Replay::strict(fen_text, moves)
        .is_ok_and(|r| r.state() == chess_conformance::GameState::Ongoing)
}

/// Kings and two to six pieces of either colour, placed at random.
fn placed(m: &mut Miner) -> Option<Chess> {
    const ROLES: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let turn = if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    let mut pieces = vec![Color::White.king(), Color::Black.king()];
    for _ in 0..2 + m.below(5) {
        let color = if m.chance(1, 2) { turn } else { !turn };
        pieces.push(Piece {
            color,
            role: *m.pick(&ROLES),
        });
    }
    m.place(&pieces, turn)
}

/// Pieces of random positions, every illegal move of each tried.
fn pieces(m: &mut Miner, q: &mut Quotas) {
    let initial = Chess::default();
    for i in 0..40_000 {
        if [
            "king-into-check",
            "pinned",
            "check-not-answered",
            "geometry",
            "jump",
            "own-piece",
            "pawn-rules",
            "promotion",
        ]
        .iter()
        .all(|p| !q.wants(p))
        {
            break;
        }
        let drawn = if i % 2 == 0 {
            let game: RandomGame = m.game(&initial, 160);
            let at = m.below(game.moves.len() + 1);
            game.positions[at].clone()
        } else {
            let Some(pos) = placed(m) else { continue };
            pos
        };
        // The position as its FEN gives it (an en passant square only where the capture is
        // legal), so the reasons are those of the case's own position.
        let Ok(pos) = replay::parse_fen(&fen(&drawn)) else {
            continue;
        };
        let own: Vec<Square> = pos.board().by_color(pos.turn()).into_iter().collect();
        let from = *m.pick(&own);
        let mut found = illegal_moves_of(&pos, from);
        found.retain(|(w, _)| q.wants(w.pattern));
        if found.is_empty() {
            continue;
        }
        let pattern = found[m.below(found.len())].0.pattern;
        let mut group: Vec<(Why, String)> = found
            .into_iter()
            .filter(|(w, _)| w.pattern == pattern)
            .collect();
        // At most three moves, chosen at random, sharing one pattern.
        while group.len() > 3 {
            let i = m.below(group.len());
            group.remove(i);
        }
        let fen_text = fen(&pos);
        if !ongoing(&fen_text, &[]) {
            continue;
        }
        let title = title(&pos, from, &group);
        let mut refuses: Vec<String> = group.into_iter().map(|(_, uci)| uci).collect();
        refuses.sort();
        let expect = expect(refuses, legal_of(&pos, from));
        q.keep(
            pattern,
            case(title, "7.5.1", pattern, fen_text, Vec::new(), expect),
        );
    }
}

/// Castling refused: out of check, through or into attack, over a piece, without the right.
fn castling(m: &mut Miner, q: &mut Quotas) {
    for _ in 0..60_000 {
        if !q.wants("castling") && !q.wants("castling-right-lost") {
            break;
        }
        let us = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = super::castling::castling_board(m, us) else {
            continue;
        };
        let rights = pos.castles().castling_rights();
        let rank = us.backrank();
        let king = Square::from_coords(File::E, rank);
        let wing = if m.chance(1, 2) { File::H } else { File::A };
        let rook = Square::from_coords(wing, rank);
        if !rights.contains(rook) {
            continue;
        }
        let dest = Square::from_coords(if wing == File::H { File::G } else { File::C }, rank);
        let uci = format!("{king}{dest}");
        let board = pos.board();
        let side = side_name(us);
        let castle = if wing == File::H { "O-O" } else { "O-O-O" };
        let attacked = |sq: Square| {
            board
                .attacks_to(sq, !us, board.occupied())
                .into_iter()
                .next()
        };
        let crossed = Square::from_coords(if wing == File::H { File::F } else { File::D }, rank);
        // The first rule of 3.8.2.2 castling breaks here, if any.
        let reason = attacked(king)
            .map(|by| format!("the king is in check from {}", name_at(board, by)))
            .or_else(|| {
                first_between(board, king, rook).map(|over| {
                    format!(
                        "{} stands between the king and the rook",
                        name_at(board, over)
                    )
                })
            })
            .or_else(|| {
                attacked(crossed).map(|by| {
                    format!(
                        "the king would cross {crossed}, attacked by {}",
                        name_at(board, by)
                    )
                })
            })
            .or_else(|| {
                attacked(dest).map(|by| {
                    format!(
                        "the king would land on {dest}, attacked by {}",
                        name_at(board, by)
                    )
                })
            })
            .map(|reason| ("3.8.2.2", reason));
        let Some((article, reason)) = reason else {
            // Castling is legal here: take the right away, in the FEN or by moving.
            right_lost(m, q, &pos, rook, &uci, castle);
            continue;
        };
        if replay::parse_uci(&pos, &uci).is_ok() || !q.wants("castling") {
            continue;
        }
        let fen_text = fen(&pos);
        if !ongoing(&fen_text, &[]) {
            continue;
        }
        let title = format!("{side}'s {castle} ({uci}) must be refused: {reason} ({article})");
        let expect = expect(vec![uci], legal_of(&pos, king));
        q.keep(
            "castling",
            case(title, "7.5.1", "castling", fen_text, Vec::new(), expect),
        );
    }
}

/// Castling that would be legal but for a right lost: removed from the FEN, or lost by the
/// king or that rook going out and back.
fn right_lost(m: &mut Miner, q: &mut Quotas, pos: &Chess, rook: Square, uci: &str, castle: &str) {
    if !q.wants("castling-right-lost") {
        return;
    }
    let us = pos.turn();
    let side = side_name(us);
    let king = Square::from_coords(File::E, us.backrank());
    if m.chance(1, 2) {
        // The FEN without that right.
        let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
        setup.castling_rights.discard(rook);
        let Ok(without) = setup.position::<Chess>(shakmaty::CastlingMode::Standard) else {
            return;
        };
        let fen_text = fen(&without);
        if replay::parse_uci(&without, uci).is_ok() || !ongoing(&fen_text, &[]) {
            return;
        }
        let title = format!(
            "{side}'s {castle} ({uci}) must be refused: king and rook stand at home, but the FEN \
             gives no castling right with the {rook} rook, so one of them has moved (3.8.2.1)"
        );
        let expect = expect(vec![uci.to_owned()], legal_of(&without, king));
        q.keep(
            "castling-right-lost",
            case(
                title,
                "7.5.1",
                "castling-right-lost",
                fen_text,
                Vec::new(),
                expect,
            ),
        );
        return;
    }
    // The king or the rook goes out and comes back, the opponent moving in between.
    let piece_from = if m.chance(1, 2) { king } else { rook };
    let outs: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.from() == Some(piece_from) && !mv.is_castle() && !mv.is_capture())
        .collect();
    if outs.is_empty() {
        return;
    }
    let out = outs[m.below(outs.len())];
    let mut line = vec![out];
    let mut now = pos.clone();
    now.play_unchecked(out);
    for step in 0..3 {
        let legal = now.legal_moves();
        let mv = if step == 1 {
            // Back home.
            let back = legal
                .iter()
                .find(|mv| mv.from() == Some(out.to()) && mv.to() == piece_from && !mv.is_capture())
                .copied();
            let Some(back) = back else { return };
            back
        } else {
            let quiet: Vec<_> = legal
                .iter()
                .filter(|mv| !mv.is_capture() && mv.to() != king && mv.to() != rook)
                .copied()
                .collect();
            if quiet.is_empty() {
                return;
            }
            quiet[m.below(quiet.len())]
        };
        now.play_unchecked(mv);
        line.push(mv);
    }
    let moves: Vec<String> = line.iter().map(|mv| replay::to_uci(*mv)).collect();
    let fen_text = fen(pos);
    if now.turn() != us || replay::parse_uci(&now, uci).is_ok() || !ongoing(&fen_text, &moves) {
        return;
    }
    // With the right given back, castling would be legal: the lost right is the only reason.
    let mut restored = now.to_setup(shakmaty::EnPassantMode::Legal);
    restored.castling_rights.add(rook);
    let restored: Result<Chess, _> = restored.position(shakmaty::CastlingMode::Standard);
    if !restored.is_ok_and(|p| replay::parse_uci(&p, uci).is_ok()) {
        return;
    }
    let who = if piece_from == king { "king" } else { "rook" };
    let title = format!(
        "{side}'s {castle} ({uci}) must be refused: the {who} went {piece_from}-{} and back \
         ({}), so that castling right is lost for good (3.8.2.1)",
        out.to(),
        moves.join(" ")
    );
    let expect = expect(vec![uci.to_owned()], legal_of(&now, king));
    q.keep(
        "castling-right-lost",
        case(
            title,
            "7.5.1",
            "castling-right-lost",
            fen_text,
            moves,
            expect,
        ),
    );
}

/// En passant refused: one move too late, without a double step just played, or through a pin.
fn en_passant(m: &mut Miner, q: &mut Quotas) {
    for _ in 0..60_000 {
        if ![
            "en-passant-late",
            "en-passant-without-double-step",
            "en-passant-pinned",
        ]
        .iter()
        .any(|p| q.wants(p))
        {
            break;
        }
        let us = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let Some((before, double)) = super::en_passant::before_double_step(m, us) else {
            continue;
        };
        let mut pos = before.clone();
        pos.play_unchecked(double);
        if pos.legal_moves().is_empty() {
            continue;
        }
        let landed = double.to();
        let target = Square::from_coords(landed.file(), us.relative_rank(Rank::Sixth));
        let Some(from) = (pos.board().pawns() & pos.board().by_color(us))
            .into_iter()
            .find(|sq| sq.rank() == landed.rank() && sq.file().distance(landed.file()) == 1)
        else {
            continue;
        };
        let ep_uci = format!("{from}{target}");
        let double_uci = replay::to_uci(double);
        let side = side_name(us);
        let legal_now = replay::parse_uci(&pos, &ep_uci).is_ok();
        if !legal_now {
            // Pseudo-legal right after the double step, and illegal: a pin.
            let Some(w) = classify(&pos, from, target, None) else {
                continue;
            };
            if w.pattern != "en-passant-pinned" || !q.wants(w.pattern) {
                continue;
            }
            let fen_text = fen(&before);
            let moves = vec![double_uci.clone()];
            if !ongoing(&fen_text, &moves) {
                continue;
            }
            let title = format!(
                "After {double_uci}, {side}'s pawn {from}x{target} en passant must be refused: \
                 {} ({})",
                w.detail.unwrap_or_default(),
                w.article
            );
            let expect = expect(vec![ep_uci], legal_of(&pos, from));
            q.keep(
                w.pattern,
                case(title, "7.5.1", w.pattern, fen_text, moves, expect),
            );
            continue;
        }
        if m.chance(1, 2) {
            // The same board without the double step: the FEN has no en passant square.
            if !q.wants("en-passant-without-double-step") {
                continue;
            }
            let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
            setup.ep_square = None;
            let Ok(plain) = setup.position::<Chess>(shakmaty::CastlingMode::Standard) else {
                continue;
            };
            let fen_text = fen(&plain);
            if replay::parse_uci(&plain, &ep_uci).is_ok() || !ongoing(&fen_text, &[]) {
                continue;
            }
            let title = format!(
                "{side}'s pawn {from}x{target} must be refused: the pawn on {landed} did not just \
                 advance two squares (the FEN names no en passant square), so it cannot be taken \
                 en passant (3.7.3.2)"
            );
            let expect = expect(vec![ep_uci], legal_of(&plain, from));
            q.keep(
                "en-passant-without-double-step",
                case(
                    title,
                    "7.5.1",
                    "en-passant-without-double-step",
                    fen_text,
                    Vec::new(),
                    expect,
                ),
            );
            continue;
        }
        // One move too late: another move, the opponent's reply, and then the capture.
        if !q.wants("en-passant-late") {
            continue;
        }
        let mut now = pos.clone();
        let mut line = vec![double];
        for step in 0..2 {
            let choices: Vec<_> = now
                .legal_moves()
                .into_iter()
                .filter(|mv| {
                    !mv.is_en_passant()
                        && mv.from() != Some(from)
                        && mv.from() != Some(landed)
                        && mv.to() != from
                        && mv.to() != landed
                        && mv.to() != target
                        && (step == 0 || !mv.is_capture())
                })
                .collect();
            if choices.is_empty() {
                break;
            }
            let mv = choices[m.below(choices.len())];
            now.play_unchecked(mv);
            line.push(mv);
        }
        if line.len() != 3 {
            continue;
        }
        let moves: Vec<String> = line.iter().map(|mv| replay::to_uci(*mv)).collect();
        let fen_text = fen(&before);
        let still_there = now.board().piece_at(from) == Some(us.pawn())
            && now.board().piece_at(landed) == Some((!us).pawn())
            && now.board().piece_at(target).is_none();
        if !still_there || replay::parse_uci(&now, &ep_uci).is_ok() || !ongoing(&fen_text, &moves) {
            continue;
        }
        let title = format!(
            "After {double_uci}, {side} played {} instead of taking en passant; after {}, \
             {from}x{target} must be refused: en passant is allowed on the very next move only \
             (3.7.3.2)",
            moves[1], moves[2]
        );
        let expect = expect(vec![ep_uci], legal_of(&now, from));
        q.keep(
            "en-passant-late",
            case(title, "7.5.1", "en-passant-late", fen_text, moves, expect),
        );
    }
}

/// Illegal moves to refuse, every rule of Article 3 in turn.
pub fn illegal_move(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::sized(
        TOTAL,
        &[
            ("king-into-check", 110),
            ("pinned", 110),
            ("check-not-answered", 100),
            ("geometry", 90),
            ("jump", 80),
            ("own-piece", 70),
            ("pawn-rules", 100),
            ("promotion", 80),
            ("castling", 110),
            ("castling-right-lost", 70),
            ("en-passant-late", 50),
            ("en-passant-without-double-step", 40),
            ("en-passant-pinned", 40),
        ],
    );
    pieces(m, &mut q);
    castling(m, &mut q);
    en_passant(m, &mut q);
    q.into_cases()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(fen_text: &str, uci: &str) -> Option<&'static str> {
        let pos = replay::parse_fen(fen_text).unwrap();
        let from = replay::parse_square(&uci[0..2]).unwrap();
        let to = replay::parse_square(&uci[2..4]).unwrap();
        classify(&pos, from, to, uci.chars().nth(4)).map(|w| w.pattern)
    }

    #[test]
    fn each_rule_of_article_3_is_named() {
        // Positions of the hand-written illegal-move cases, and what the rules say of each move.
        let pinned = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
        assert_eq!(pattern(pinned, "e2c3"), Some("pinned"));
        assert_eq!(pattern(pinned, "e2e4"), Some("geometry"));
        assert_eq!(pattern(pinned, "e1d1"), None, "legal");
        let rook_a2 = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1";
        assert_eq!(pattern(rook_a2, "e1e2"), Some("king-into-check"));
        assert_eq!(pattern(rook_a2, "e1e3"), Some("geometry"));
        let check = "4k3/8/8/8/8/8/6N1/r3K3 w - - 0 1";
        assert_eq!(pattern(check, "g2f4"), Some("check-not-answered"));
        let promote = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
        assert_eq!(pattern(promote, "e7e8"), Some("promotion"));
        assert_eq!(pattern(promote, "e7e8k"), Some("promotion"));
        assert_eq!(pattern(promote, "e7e8q"), None, "legal");
        let jump = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1";
        assert_eq!(pattern(jump, "c1a3"), Some("jump"));
        assert_eq!(pattern(jump, "c1b2"), Some("own-piece"));
        let straight = "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(pattern(straight, "e4e5"), Some("pawn-rules"));
        assert_eq!(pattern(straight, "e4d5"), Some("pawn-rules"));
        assert_eq!(pattern(straight, "e4e3"), Some("pawn-rules"));
        assert_eq!(
            pattern(straight, "e4e6"),
            Some("pawn-rules"),
            "a late double step"
        );
        // A knight cannot reach b7 from g8 at all: the shape is what is wrong, not the pawn there.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(pattern(start, "g8b7"), Some("geometry"));
        assert_eq!(pattern(start, "g8e7"), Some("own-piece"));
        assert_eq!(pattern(start, "e8g8"), None, "castling is tried apart");
        assert_eq!(pattern(start, "d8d6"), Some("jump"));
    }

    #[test]
    fn a_rank_pin_of_en_passant_is_named() {
        // White king a5, black rook h5: exd6 would leave the fifth rank open.
        let pos = Replay::new("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", &["d7d5".to_owned()])
            .unwrap()
            .position;
        let w = classify(&pos, Square::E5, Square::D6, None).unwrap();
        assert_eq!(w.pattern, "en-passant-pinned");
    }

    #[test]
    fn mined_cases_refuse_moves_the_reference_refuses() {
        let mut m = Miner::seeded("illegal-move test");
        let mut q = Quotas::sized(40, &[("king-into-check", 1), ("pinned", 1), ("jump", 1)]);
        pieces(&mut m, &mut q);
        let cases = q.into_cases();
        assert_eq!(cases.len(), 40);
        for c in &cases {
            let pos = Replay::strict(&c.fen, &c.moves).unwrap().position;
            for uci in c.expect.refuses.as_ref().unwrap() {
                assert!(replay::parse_uci(&pos, uci).is_err(), "{}: {uci}", c.title);
            }
            for uci in c.expect.legal.iter().flatten() {
                assert!(replay::parse_uci(&pos, uci).is_ok(), "{}: {uci}", c.title);
            }
        }
    }
}
