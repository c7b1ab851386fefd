//! SVG boards, drawn from the piece placement of a FEN (its first field): White at the bottom,
//! file and rank labels in the corner squares, the last move of a history shaded.
//!
//! The placement is read here, not by shakmaty: a case may hold a position that is not legal
//! (a `valid: false` case), and its board is still worth seeing. Each board is one small
//! `<svg>` of its pieces (glyphs from the page's fonts); the squares and labels are drawn once
//! per page ([`defs`]), so that a sheet of forty cases stays small.

use std::fmt::Write as _;

/// The 64 squares of a placement, a8 first, rank by rank; a piece is its FEN letter.
pub type Squares = [Option<char>; 64];

/// Reads the placement field of `fen` (`rnbqkbnr/pppppppp/8/...`): eight ranks of eight
/// squares, each a piece letter or a run of empty squares. Any ASCII letter is a piece: the
/// historical pieces of a case's `pieces` take letters beyond the six.
pub fn placement(fen: &str) -> Result<Squares, String> {
    let field = fen.split_whitespace().next().unwrap_or("");
    let mut squares: Squares = [None; 64];
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("the placement has {} ranks, not 8", ranks.len()));
    }
    for (row, rank) in ranks.iter().enumerate() {
        let mut file = 0usize;
        for c in rank.chars() {
            match c {
                '1'..='8' => file += c as usize - '0' as usize,
                c if c.is_ascii_alphabetic() => {
                    if file < 8 {
                        squares[row * 8 + file] = Some(c);
                    }
                    file += 1;
                }
                _ => return Err(format!("`{c}` is not a piece or a count of squares")),
            }
            if file > 8 {
                return Err(format!("rank {} has more than 8 squares", 8 - row));
            }
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, not 8", 8 - row));
        }
    }
    Ok(squares)
}

/// `White` or `Black`, from the FEN's second field; `None` when it has none or another.
pub fn side_to_move(fen: &str) -> Option<&'static str> {
    match fen.split_whitespace().nth(1) {
        Some("w") => Some("White"),
        Some("b") => Some("Black"),
        _ => None,
    }
}

/// The (column, row) of a square name (`e4`: (4, 4)), row 0 being rank 8.
fn coords(name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let file = chars.next()?;
    let rank = chars.next()?;
    if !('a'..='h').contains(&file) || !('1'..='8').contains(&rank) {
        return None;
    }
    Some((file as usize - 'a' as usize, '8' as usize - rank as usize))
}

/// The name of the square at `index` of [`Squares`].
fn name(index: usize) -> String {
    let file = (b'a' + (index % 8) as u8) as char;
    let rank = (b'8' - (index / 8) as u8) as char;
    format!("{file}{rank}")
}

/// The solid glyph of a piece's kind (`♚` for `K` and `k`): the shape a piece is drawn with,
/// filled white or black. U+FE0E asks for the text form, never an emoji.
fn solid(piece: char) -> &'static str {
    match piece.to_ascii_lowercase() {
        'k' => "\u{265a}\u{fe0e}",
        'q' => "\u{265b}\u{fe0e}",
        'r' => "\u{265c}\u{fe0e}",
        'b' => "\u{265d}\u{fe0e}",
        'n' => "\u{265e}\u{fe0e}",
        _ => "\u{265f}\u{fe0e}",
    }
}

/// The outline glyph (`♔`), drawn over a white piece's white fill for its inner lines.
fn outline(piece: char) -> &'static str {
    match piece.to_ascii_lowercase() {
        'k' => "\u{2654}\u{fe0e}",
        'q' => "\u{2655}\u{fe0e}",
        'r' => "\u{2656}\u{fe0e}",
        'b' => "\u{2657}\u{fe0e}",
        'n' => "\u{2658}\u{fe0e}",
        _ => "\u{2659}\u{fe0e}",
    }
}

/// What a screen reader says of a board (and what a test can read): the side to move and each
/// side's pieces, `White to move. White: Ke1, Pe2. Black: Ke8.`
pub fn describe(squares: &Squares, turn: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(turn) = turn {
        let _ = write!(out, "{turn} to move. ");
    }
    for (side, white) in [("White", true), ("Black", false)] {
        let pieces: Vec<String> = squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                p.filter(|p| p.is_ascii_uppercase() == white)
                    .map(|p| format!("{}{}", p.to_ascii_uppercase(), name(i)))
            })
            .collect();
        let list = if pieces.is_empty() {
            "none".to_owned()
        } else {
            pieces.join(", ")
        };
        let _ = write!(out, "{side}: {list}. ");
    }
    out.truncate(out.trim_end().len());
    out
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// What every board of a page shares, once at the top of its `<body>`: the squares' pattern
/// (`#sq`) and the file and rank labels (`#labels`), so that a board holds its pieces only.
pub fn defs() -> String {
    // Labels: ranks in the a-file's squares, files in the first rank's, each in the colour of
    // the other kind of square. a1 is dark; a square (x, y) is light when x + y is even.
    let mut on_light = String::new();
    let mut on_dark = String::new();
    for y in 0..8 {
        let target = if y % 2 == 0 {
            &mut on_light
        } else {
            &mut on_dark
        };
        let _ = write!(target, "<text x=\".06\" y=\"{y}.29\">{}</text>", 8 - y);
    }
    for x in 0..8usize {
        let target = if (x + 7) % 2 == 0 {
            &mut on_light
        } else {
            &mut on_dark
        };
        let file = (b'a' + x as u8) as char;
        let _ = write!(target, "<text x=\"{x}.76\" y=\"7.95\">{file}</text>");
    }
    format!(
        "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\
         <pattern id=\"sq\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\">\
         <rect width=\"2\" height=\"2\" fill=\"{LIGHT}\"/><path d=\"M1 0h1v1H1zM0 1h1v1H0z\" \
         fill=\"{DARK}\"/></pattern><g id=\"labels\" font-size=\".28\" font-family=\"sans-serif\" \
         font-weight=\"bold\"><g fill=\"{DARK}\">{on_light}</g><g fill=\"{LIGHT}\">{on_dark}</g>\
         </g></defs></svg>"
    )
}

/// The board of `fen` as an `<svg>`, the squares of `last_move` (a UCI move) shaded; its squares
/// and labels are those of [`defs`], which its page holds. `Err` when the placement cannot be
/// read.
pub fn svg(fen: &str, last_move: Option<&str>) -> Result<String, String> {
    let squares = placement(fen)?;
    let mut out = String::with_capacity(1600);
    // `describe` gives square names, piece letters, side names and punctuation only: nothing
    // to escape.
    let _ = write!(
        out,
        "<svg class=\"board\" viewBox=\"0 0 8 8\" role=\"img\" aria-label=\"{}\">\
         <rect width=\"8\" height=\"8\" fill=\"url(#sq)\"/>",
        describe(&squares, side_to_move(fen))
    );
    if let Some(m) = last_move {
        let from = m.get(0..2).and_then(coords);
        let to = m.get(2..4).and_then(coords);
        if let (Some((fx, fy)), Some((tx, ty))) = (from, to) {
            let _ = write!(
                out,
                "<path d=\"M{fx} {fy}h1v1h-1zM{tx} {ty}h1v1h-1z\" fill=\"#9bc700\" \
                 fill-opacity=\".45\"/>"
            );
        }
    }
    out.push_str("<use href=\"#labels\"/>");
    // Pieces: white ones a white solid glyph under a black outline glyph, black ones a black
    // solid glyph (their font set by the stylesheet's `.pieces`).
    let mut white_fill = String::new();
    let mut ink = String::new();
    // A piece beyond the six has no glyph: a disc with its letter, white or black.
    let mut others = String::new();
    for (i, piece) in squares.iter().enumerate() {
        let Some(piece) = *piece else { continue };
        let (x, y) = (i % 8, i / 8);
        let at = format!("x=\"{x}.5\" y=\"{y}.87\"");
        if !"kqrbnp".contains(piece.to_ascii_lowercase()) {
            let (fill, text) = if piece.is_ascii_uppercase() {
                ("#fff", "#111")
            } else {
                ("#111", "#fff")
            };
            let _ = write!(
                others,
                "<circle cx=\"{x}.5\" cy=\"{y}.5\" r=\".38\" fill=\"{fill}\" stroke=\"#111\" \
                 stroke-width=\".05\"/><text x=\"{x}.5\" y=\"{y}.68\" fill=\"{text}\">{}</text>",
                piece.to_ascii_uppercase()
            );
        } else if piece.is_ascii_uppercase() {
            let _ = write!(white_fill, "<text {at}>{}</text>", solid(piece));
            let _ = write!(ink, "<text {at}>{}</text>", outline(piece));
        } else {
            let _ = write!(ink, "<text {at}>{}</text>", solid(piece));
        }
    }
    let _ = write!(
        out,
        "<g class=\"pieces\"><g fill=\"#fff\">{white_fill}</g><g fill=\"#111\">{ink}</g></g>"
    );
    if !others.is_empty() {
        let _ = write!(out, "<g class=\"others\">{others}</g>");
    }
    out.push_str("</svg>");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_historical_piece_is_a_disc_with_its_letter() {
        let fen = "k7/8/1A6/8/8/8/8/7K b - - 0 1";
        let squares = placement(fen).unwrap();
        assert_eq!(squares[17], Some('A'));
        assert_eq!(
            describe(&squares, side_to_move(fen)),
            "Black to move. White: Ab6, Kh1. Black: Ka8."
        );
        let svg = svg(fen, None).unwrap();
        assert!(svg.contains("<circle cx=\"1.5\" cy=\"2.5\""), "{svg}");
        assert!(svg.contains(">A</text>"), "{svg}");
    }

    #[test]
    fn reads_a_placement_a8_first() {
        let squares = placement(START).unwrap();
        assert_eq!(squares[0], Some('r'));
        assert_eq!(squares[4], Some('k'));
        assert_eq!(squares[60], Some('K'));
        assert_eq!(squares[63], Some('R'));
        assert_eq!(squares.iter().flatten().count(), 32);
        let lone = placement("8/8/8/8/4k3/8/8/K7 b - - 0 1").unwrap();
        assert_eq!(lone[36], Some('k'), "e4");
        assert_eq!(lone[56], Some('K'), "a1");
    }

    #[test]
    fn refuses_a_placement_that_is_not_eight_by_eight() {
        for (bad, why) in [
            ("", "ranks, not 8"),
            ("8/8/8/8/8/8/8 w - - 0 1", "7 ranks"),
            ("9/8/8/8/8/8/8/8 w", "`9`"),
            ("8/8/8/8/8/8/8/7", "rank 1 has 7 squares"),
            ("8/8/8/8/8/8/8/K8", "more than 8"),
            ("8/8/8/8/8/8/8/KKKKKKKKK", "more than 8"),
            ("8/8/8/8/8/8/8/<script>", "`<`"),
        ] {
            let e = placement(bad).expect_err(bad);
            assert!(e.contains(why), "{bad}: {e}");
            assert!(svg(bad, None).is_err(), "{bad}");
        }
    }

    #[test]
    fn draws_every_piece_on_its_square() {
        let board = svg("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", None).unwrap();
        assert!(board.starts_with("<svg class=\"board\""), "{board}");
        assert!(board.ends_with("</svg>"));
        assert!(
            board.contains("aria-label=\"White to move. White: Pe2, Ke1. Black: Ke8.\""),
            "{board}"
        );
        // e8 is column 4, row 0; e2 row 6; e1 row 7.
        assert!(board.contains("<text x=\"4.5\" y=\"0.87\">\u{265a}\u{fe0e}</text>"));
        assert!(board.contains("<text x=\"4.5\" y=\"6.87\">\u{2659}\u{fe0e}</text>"));
        assert!(board.contains("<text x=\"4.5\" y=\"7.87\">\u{2654}\u{fe0e}</text>"));
        assert!(board.contains("url(#sq)") && board.contains("href=\"#labels\""));
        let defs = defs();
        assert!(
            defs.contains("id=\"sq\"") && defs.contains("id=\"labels\""),
            "{defs}"
        );
        assert!(
            defs.contains(">a</text>") && defs.contains(">8</text>"),
            "{defs}"
        );
        // Two white pieces: two white fills and two outlines; one black piece.
        assert_eq!(
            board.matches("\u{265a}\u{fe0e}").count(),
            2,
            "a white fill, a black king"
        );
        assert!(!board.contains("fill-opacity"), "no move, no shading");
    }

    #[test]
    fn shades_the_last_move_and_ignores_a_malformed_one() {
        let board = svg(START, Some("e2e4")).unwrap();
        assert!(board.contains("M4 6h1v1h-1zM4 4h1v1h-1z"), "{board}");
        for odd in ["", "e2", "z9e4", "e2e9", "ée"] {
            let board = svg(START, Some(odd)).unwrap();
            assert!(!board.contains("fill-opacity"), "{odd}");
        }
    }

    #[test]
    fn an_empty_side_is_said_and_a_missing_turn_left_out() {
        let squares = placement("8/8/8/8/8/8/8/8").unwrap();
        assert_eq!(describe(&squares, None), "White: none. Black: none.");
        assert_eq!(side_to_move("8/8/8/8/8/8/8/8 x"), None);
        assert_eq!(side_to_move(START), Some("White"));
    }
}
