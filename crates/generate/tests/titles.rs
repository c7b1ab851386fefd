//! A generated title says what the case is: each FEN the fen miner corrupted is read again, here,
//! from the FEN's own fields, and must have the fault its title names (and its tag, the kind of
//! corruption that made it); a title that claims something of a castling field (`KQkqK` "writes
//! the right `K` twice", `1` "names no castling right") is checked letter by letter, in the
//! hand-written cases too. A wrong title fails with the ids and what is wrong with each.

use chess_conformance::{Catalogue, Origin};
use chess_conformance_generate::mine::fen::CORRUPTIONS;
use shakmaty::{Board, Color, Piece, Role, Square};

/// The fields of a FEN, and its board as eight-wide rows where it has them (rank 8 first, `.`
/// empty; a row as long as it is written).
struct Fields<'a> {
    rows: Vec<Vec<char>>,
    side: &'a str,
    castling: &'a str,
    en_passant: &'a str,
    board: &'a str,
}

fn fields(fen: &str) -> Fields<'_> {
    let parts: Vec<&str> = fen.split(' ').collect();
    let field = |i: usize| parts.get(i).copied().unwrap_or("");
    let rows = field(0)
        .split('/')
        .map(|row| {
            row.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    Fields {
        rows,
        side: field(1),
        castling: field(2),
        en_passant: field(3),
        board: field(0),
    }
}

impl Fields<'_> {
    fn count(&self, piece: char) -> usize {
        self.rows.iter().flatten().filter(|c| **c == piece).count()
    }

    /// The piece on a square named like `e4`, if the board has that row and column.
    fn at(&self, square: &str) -> Option<char> {
        let mut chars = square.chars();
        let file = chars.next()? as usize - 'a' as usize;
        let rank = chars.next()?.to_digit(10)? as usize;
        self.rows.get(8 - rank)?.get(file).copied()
    }
}

/// A letter that names a castling right in some FEN: `KQkq`, or a file letter (Shredder-FEN).
fn names_a_right(c: char) -> bool {
    "KQkq".contains(c) || ('a'..='h').contains(&c.to_ascii_lowercase()) && c.is_ascii_alphabetic()
}

/// Whether the fault of corruption `kind` is in `fen`, judged from the FEN alone; `None` for a
/// kind this test does not know (a new corruption: it fails, asking for its judge).
fn has_fault(kind: &str, fen: &str) -> Option<bool> {
    let f = fields(fen);
    Some(match kind {
        "pawn-on-back-rank" => [0, 7].iter().any(|&r| {
            f.rows
                .get(r)
                .is_some_and(|row| row.iter().any(|c| *c == 'P' || *c == 'p'))
        }),
        "extra-king" => f.count('K') >= 2 || f.count('k') >= 2,
        "missing-king" => f.count('K') == 0 || f.count('k') == 0,
        "opponent-in-check" => opponent_in_check(&f),
        "castling-without-rook" => f.castling.chars().any(|right| {
            let (square, rook) = match right {
                'K' => ("h1", 'R'),
                'Q' => ("a1", 'R'),
                'k' => ("h8", 'r'),
                'q' => ("a8", 'r'),
                _ => return false,
            };
            f.at(square) != Some(rook)
        }),
        "bad-en-passant" => {
            // A double step just made: the pawn beyond the square, the square and the one it
            // came from empty.
            let mut chars = f.en_passant.chars();
            let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
                return Some(f.en_passant != "-");
            };
            let (pawn, from, to) = match (f.side, rank) {
                ("w", '6') => ('p', '7', '5'),
                ("b", '3') => ('P', '2', '4'),
                _ => return Some(true),
            };
            let square = |rank: char| format!("{file}{rank}");
            !(f.at(&square(to)) == Some(pawn)
                && f.at(&square(rank)) == Some('.')
                && f.at(&square(from)) == Some('.'))
        }
        "rank-too-long" => f.rows.iter().any(|row| row.len() > 8),
        "too-few-ranks" => f.rows.len() == 7,
        "bad-piece-letter" => f
            .board
            .chars()
            .any(|c| !"pnbrqkPNBRQK12345678/".contains(c)),
        "bad-side" => f.side != "w" && f.side != "b",
        "bad-castling-field" => {
            let standard = f.castling == "-"
                || !f.castling.is_empty() && {
                    // K, Q, k, q at most once each, in that order.
                    let mut rest = f.castling;
                    for right in ["K", "Q", "k", "q"] {
                        rest = rest.strip_prefix(right).unwrap_or(rest);
                    }
                    rest.is_empty()
                };
            !standard
        }
        "too-many-pawns" => f.count('P') >= 9 || f.count('p') >= 9,
        _ => return None,
    })
}

/// The side not to move is in check: its king attacked by the side to move.
fn opponent_in_check(f: &Fields<'_>) -> bool {
    let Ok(board) = f.board.parse::<Board>() else {
        return false;
    };
    let (mover, other) = match f.side {
        "w" => (Color::White, Color::Black),
        "b" => (Color::Black, Color::White),
        _ => return false,
    };
    let kings = board.by_piece(Piece {
        color: other,
        role: Role::King,
    });
    kings
        .into_iter()
        .any(|king: Square| board.attacks_to(king, mover, board.occupied()).any())
}

/// What a title claims of its castling field, checked against the FEN: `None` when it claims
/// nothing of it, the error otherwise.
fn castling_claim(title: &str, fen: &str) -> Option<Result<(), String>> {
    let (_, rest) = title.split_once("castling field `")?;
    let (field, claim) = rest.split_once('`')?;
    let f = fields(fen);
    if f.castling != field {
        return Some(Err(format!(
            "the title's castling field is `{field}`, the FEN's `{}`",
            f.castling
        )));
    }
    let quoted = |text: &str| -> Option<char> {
        let (_, after) = text.split_once('`')?;
        after.chars().next()
    };
    let result = if claim.contains("names no castling right") {
        let c = quoted(claim)?;
        if !field.contains(c) {
            Err(format!("`{c}` is not in `{field}`"))
        } else if names_a_right(c) {
            Err(format!("`{c}` names a castling right"))
        } else {
            Ok(())
        }
    } else if claim.contains("a letter that is no castling right") {
        match field.chars().find(|c| !names_a_right(*c)) {
            Some(_) => Ok(()),
            None => Err(format!("every letter of `{field}` names a castling right")),
        }
    } else if claim.contains("twice") {
        let c = quoted(claim)?;
        if !names_a_right(c) {
            Err(format!("`{c}` is no castling right"))
        } else if field.matches(c).count() < 2 {
            Err(format!("`{c}` is not twice in `{field}`"))
        } else {
            Ok(())
        }
    } else if claim.contains("Shredder-FEN file letter") {
        let files: Vec<char> = field
            .chars()
            .filter(|c| ('a'..='h').contains(&c.to_ascii_lowercase()))
            .collect();
        // No king and rook where the right needs them in standard chess (the case's game): the
        // king on e1 (e8) and a rook of its colour in the corner the letter names, a or h.
        let served = files.iter().any(|&c| {
            let (rank, king, rook) = if c.is_ascii_uppercase() {
                ('1', 'K', 'R')
            } else {
                ('8', 'k', 'r')
            };
            let file = c.to_ascii_lowercase();
            (file == 'a' || file == 'h')
                && f.at(&format!("{file}{rank}")) == Some(rook)
                && f.at(&format!("e{rank}")) == Some(king)
        });
        if files.is_empty() {
            Err(format!("`{field}` has no file letter"))
        } else if served {
            Err("a king and rook stand where the right needs them".to_owned())
        } else {
            Ok(())
        }
    } else if claim.contains("is accepted") {
        // A valid field, said as the FEN has it (checked above).
        Ok(())
    } else {
        Err(format!("a claim this test does not know: `{claim}`"))
    };
    Some(result)
}

/// What a title claims of its en passant square (`the en passant square `e3` says the pawn on
/// e4 has just advanced two squares, but ...`), checked against the FEN: the pawn there and the
/// squares it crossed empty, and, when the title says so, the side to move in check with that
/// pawn back on its square (so the advance did not give it). `None` when it claims nothing.
fn en_passant_claim(title: &str, fen: &str) -> Option<Result<(), String>> {
    let (_, rest) = title.split_once("the en passant square `")?;
    let (square, claim) = rest.split_once('`')?;
    let f = fields(fen);
    if f.en_passant != square {
        return Some(Err(format!(
            "the title's en passant square is `{square}`, the FEN's `{}`",
            f.en_passant
        )));
    }
    let file = square.chars().next()?;
    let (pawn, crossed, from, to) = match (f.side, square.chars().nth(1)?) {
        ("w", '6') => ('p', '6', '7', '5'),
        ("b", '3') => ('P', '3', '2', '4'),
        _ => {
            return Some(Err(format!(
                "`{square}` is not where a double step lands behind"
            )));
        }
    };
    let sq = |rank: char| format!("{file}{rank}");
    if !claim.contains(&format!(
        "the pawn on {} has just advanced two squares",
        sq(to)
    )) {
        return Some(Err(format!("a claim this test does not know: `{claim}`")));
    }
    if f.at(&sq(to)) != Some(pawn)
        || f.at(&sq(crossed)) != Some('.')
        || f.at(&sq(from)) != Some('.')
    {
        return Some(Err(format!("no double step to {} in the FEN", sq(to))));
    }
    if claim.contains("is in check, which that advance cannot have given") {
        // The pawn put back: the check is still there, so the advance did not give it.
        let mut rows = f.rows.clone();
        let (to_row, from_row) = (
            8 - to.to_digit(10)? as usize,
            8 - from.to_digit(10)? as usize,
        );
        let col = file as usize - 'a' as usize;
        rows[to_row][col] = '.';
        rows[from_row][col] = pawn;
        let before: String = rows
            .iter()
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        let placement = (1..=8).rev().fold(before, |text, n| {
            text.replace(&".".repeat(n), &n.to_string())
        });
        let now = format!("{} {} - - 0 1", f.board, other(f.side));
        let then = format!("{placement} {} - - 0 1", other(f.side));
        // The side to move is in check: its opponent's view of it, as `opponent-in-check`.
        let in_check = |fen: &str| opponent_in_check(&fields(fen));
        if !in_check(&now) {
            return Some(Err("the side to move is not in check".to_owned()));
        }
        if !in_check(&then) {
            return Some(Err("the advance gave the check".to_owned()));
        }
    }
    Some(Ok(()))
}

/// The other side's letter.
fn other(side: &str) -> &'static str {
    if side == "w" { "b" } else { "w" }
}

fn catalogue() -> Catalogue {
    Catalogue::builtin().expect("the catalogue loads")
}

#[test]
fn every_corrupted_fen_has_the_fault_its_title_and_tag_name() {
    let mut wrong = Vec::new();
    let mut judged = std::collections::BTreeMap::<&str, usize>::new();
    let catalogue = catalogue();
    for c in catalogue
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::Generated && c.case.area() == "fen")
    {
        let (case, id) = (&c.case, &c.case.id);
        let Some(&(kind, description)) = CORRUPTIONS
            .iter()
            .find(|(kind, _)| case.tags.iter().any(|t| t == kind))
        else {
            continue;
        };
        // The title says which corruption: its description, or (the castling field) its claim.
        let says = match kind {
            "bad-castling-field" => castling_claim(&case.title, &case.fen).is_some(),
            "bad-en-passant" => {
                case.title.contains(description)
                    || en_passant_claim(&case.title, &case.fen).is_some()
            }
            _ => case.title.contains(description),
        };
        if !says {
            wrong.push(format!("{id}: tagged {kind}, titled `{}`", case.title));
        }
        if case.expect.valid != Some(false) {
            wrong.push(format!("{id}: a {kind} FEN not expected invalid"));
        }
        // A square where a double step lands behind says another fault, which its title names.
        if let Some(claim) = en_passant_claim(&case.title, &case.fen) {
            match claim {
                Ok(()) => *judged.entry(kind).or_default() += 1,
                Err(why) => wrong.push(format!("{id}: {why}")),
            }
            continue;
        }
        match has_fault(kind, &case.fen) {
            None => wrong.push(format!("{id}: no judge here for the corruption `{kind}`")),
            Some(false) => wrong.push(format!("{id}: `{}` has no {kind}", case.fen)),
            Some(true) => *judged.entry(kind).or_default() += 1,
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Every corruption is in the catalogue, and judged.
    for (kind, _) in CORRUPTIONS {
        assert!(
            judged.get(kind).copied().unwrap_or(0) >= 10,
            "{kind}: {judged:?}"
        );
    }
}

#[test]
fn every_title_that_describes_a_castling_field_agrees_with_it() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for c in catalogue().cases() {
        match castling_claim(&c.case.title, &c.case.fen) {
            None => {}
            Some(Ok(())) => checked += 1,
            Some(Err(why)) => wrong.push(format!("{}: {why} (`{}`)", c.case.id, c.case.title)),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The 90 mined ones and the hand-written one at least.
    assert!(checked >= 91, "{checked}");
}

/// The judges themselves, on FENs whose faults are known here: a title checker that passes
/// everything would pass the catalogue too.
#[test]
fn the_judges_tell_a_right_title_from_a_wrong_one() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let with = |castling: &str| format!("{start} w {castling} - 0 1");
    let claim = |title: &str, castling: &str| castling_claim(title, &with(castling));
    // The case: `KQkqK` is a repeated right, not a letter that is no right.
    assert!(
        claim(
            "the castling field `KQkqK` writes the right `K` twice",
            "KQkqK"
        ) == Some(Ok(()))
    );
    assert!(matches!(
        claim(
            "the castling field `KQkqK` has `K`, which names no castling right",
            "KQkqK"
        ),
        Some(Err(_))
    ));
    assert!(matches!(
        claim(
            "the castling field `KQkqK` contains a letter that is no castling right",
            "KQkqK"
        ),
        Some(Err(_))
    ));
    assert!(
        claim(
            "the castling field `KX` has `X`, which names no castling right",
            "KX"
        ) == Some(Ok(()))
    );
    assert!(matches!(
        claim("the castling field `KX` writes the right `X` twice", "KX"),
        Some(Err(_))
    ));
    assert!(matches!(
        claim("the castling field `KQ` writes the right `K` twice", "KQkq"),
        Some(Err(_))
    ));
    // A file letter whose king and rook stand there serves its right.
    assert!(matches!(
        claim(
            "the castling field `A` uses a Shredder-FEN file letter",
            "A"
        ),
        Some(Err(_))
    ));
    assert!(
        claim(
            "the castling field `C` uses a Shredder-FEN file letter",
            "C"
        ) == Some(Ok(()))
    );
    assert_eq!(
        castling_claim("A position is accepted", &with("KQkq")),
        None
    );

    let start_fen = with("KQkq");
    for (kind, _) in CORRUPTIONS {
        assert_eq!(
            has_fault(kind, &start_fen),
            Some(false),
            "{kind} in the start"
        );
    }
    for (kind, fen) in [
        (
            "pawn-on-back-rank",
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "extra-king",
            "rnbqkbnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "missing-king",
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        ("opponent-in-check", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1"),
        (
            "castling-without-rook",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1",
        ),
        (
            "bad-en-passant",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e6 0 1",
        ),
        (
            "rank-too-long",
            "rnbqkbnr/pppppppp/81/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "too-few-ranks",
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "bad-piece-letter",
            "rnbqkbnr/pppppppp/8/3X4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "bad-side",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        ),
        (
            "bad-castling-field",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1",
        ),
        (
            "too-many-pawns",
            "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ] {
        assert_eq!(has_fault(kind, fen), Some(true), "{kind}: {fen}");
    }
    // A real double step is no bad en passant square.
    let double = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2";
    assert_eq!(has_fault("bad-en-passant", double), Some(false));
    assert_eq!(has_fault("no-such-corruption", double), None);

    // A square behind a real double step, the side to move in check from a queen the step did
    // not uncover: not "no double step", but a check the step cannot have given.
    let checked = "r1bk2nr/pp2b1pp/2p5/3Qp3/1n2P1P1/2P2P2/P2P1KBP/RNB3NR b - e3 0 16";
    assert_eq!(has_fault("bad-en-passant", checked), Some(false));
    let said = "the en passant square `e3` says the pawn on e4 has just advanced two squares, \
                but Black is in check, which that advance cannot have given";
    assert_eq!(en_passant_claim(said, checked), Some(Ok(())));
    assert!(matches!(
        en_passant_claim(&said.replace("e4", "d4"), checked),
        Some(Err(_))
    ));
    // Not in check: the claim of a check fails.
    let calm = "r1bk2nr/pp2b1pp/2p5/4p3/1n2P1P1/2P2P2/P2P1KBP/RNB3NR b - e3 0 16";
    assert!(matches!(en_passant_claim(said, calm), Some(Err(_))));
    // A check the advance gave (discovered: the bishop on d1 sees h5 once e2 is empty).
    let discovered = "8/8/8/7k/4P3/8/8/K2B4 b - e3 0 1";
    assert_eq!(
        en_passant_claim(said, discovered),
        Some(Err("the advance gave the check".to_owned()))
    );
    assert!(matches!(
        en_passant_claim(said, "8/8/8/8/4P3/8/8/K2B3k b - e3 0 1"),
        Some(Err(_))
    ));
}
