//! A new kind of disagreement, printed as a case ready to paste into `cases/AREA.yaml`: the
//! shrunk position, the one assertion, the reference's answer as its expectation, and in
//! comments both engines' answers, which side the reference takes, and the sizes before and
//! after shrinking. The text is loaded back through the catalogue's loader before it is
//! printed, so what is printed loads.

use std::fmt::Write as _;

use chess_conformance::case::{Case, Expect};
use chess_conformance::catalogue::Source;
use chess_conformance::{Catalogue, Engine, Game, Outcome, Reference};

use super::shrink::{Shrunk, Size};
use super::target::Target;
use super::{Disagreement, Pair};

/// Who was compared, for the comments.
pub(crate) struct Context {
    /// The side whose answers were the expectations.
    pub a: String,
    /// The side checked.
    pub b: String,
    /// The run's seed.
    pub seed: u64,
}

/// What an assertion asks, for a title.
fn what(target: &Target) -> String {
    match target {
        Target::Moves => "The legal moves".into(),
        Target::Check => "Whether the side to move is in check".into(),
        Target::Checkers => "The pieces giving check".into(),
        Target::State => "How the game stands".into(),
        Target::Claims => "The draws the player to move may claim".into(),
        Target::MatingMaterial => "Whether each side can still mate".into(),
        Target::Perft(d) => format!("The perft count at depth {d}"),
        Target::San(m) => format!("The SAN of {m}"),
        Target::FromSan(s) => format!("The move `{s}` denotes"),
        Target::After(m) => format!("The position after {m}"),
        Target::Valid => "Whether the FEN is a valid position".into(),
    }
}

/// At most `n` characters of `text`, with `...` when cut.
fn short(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_owned()
    } else {
        format!("{}...", text.chars().take(n).collect::<String>())
    }
}

/// The expectation the printed case states: the reference's answer, or `a`'s when the
/// reference gives none.
fn expectation(pair: &mut Pair<'_>, target: &Target, game: &Game) -> Option<(Expect, bool)> {
    let mut reference = Reference::new();
    if let Ok(Some(e)) = super::expect_of(&mut reference, target, game) {
        return Some((e, true));
    }
    super::expect_of(pair.a, target, game)
        .ok()
        .flatten()
        .map(|e| (e, false))
}

/// The case text for a new kind of disagreement, comments first.
pub(crate) fn print(ctx: &Context, shrunk: &Shrunk, pair: &mut Pair<'_>) -> String {
    let d: &Disagreement = &shrunk.disagreement;
    let after = Size::of(d);
    let mut out = String::new();
    let _ = writeln!(out, "\n# --- a new kind of disagreement: {}", d.kind);
    let _ = writeln!(
        out,
        "# shrunk from {} pieces and {} plies of history to {} pieces and {} plies",
        shrunk.before.pieces, shrunk.before.plies, after.pieces, after.plies
    );
    let _ = writeln!(out, "# {}: {}", ctx.a, d.a_answer);
    let _ = writeln!(
        out,
        "# {}: {}",
        ctx.b,
        if d.a_erred {
            "(not asked)"
        } else {
            &d.b_answer
        }
    );
    let game = Game::new(&d.fen, &d.moves);
    let Some((expect, by_reference)) = expectation(pair, &d.target, &game) else {
        let _ = writeln!(
            out,
            "# no case: neither the reference nor {} answers {} at {} {:?}",
            ctx.a,
            d.target.label(),
            d.fen,
            d.moves
        );
        return out;
    };
    let area = d.kind.area;
    let key = format!("{}|{}|{}", d.fen, d.moves.join(" "), d.target.label());
    let case = Case {
        id: format!(
            "{area}/fuzz-{}",
            chess_conformance_generate::ids::short_hash(key.as_bytes())
        ),
        title: format!(
            "{} here (found by fuzzing: {} answered {})",
            what(&d.target),
            ctx.b,
            short(&d.b_answer, 60)
        ),
        rule: d.kind.rule.clone(),
        source: Some(format!(
            "found by fuzzing against {} (chess-conformance fuzz --seed {})",
            ctx.b, ctx.seed
        )),
        tags: vec!["fuzz".into()],
        fen: d.fen.clone(),
        moves: d.moves.clone(),
        expect,
        pieces: Vec::new(),
        variant: None,
    };
    let item = item_yaml(&case);
    match loads(area, &item) {
        Ok(loaded) => {
            let side = |engine: &mut dyn Engine| {
                chess_conformance::check(engine, &loaded).outcome == Outcome::Pass
            };
            let (a_agrees, b_agrees) = (side(pair.a), side(pair.b));
            let judge = if by_reference {
                "the reference"
            } else {
                &ctx.a
            };
            let sides = match (a_agrees, b_agrees) {
                (true, false) => format!("{judge} agrees with {}, not {}", ctx.a, ctx.b),
                (false, true) => format!("{judge} agrees with {}, not {}", ctx.b, ctx.a),
                (true, true) => format!("{judge} agrees with both (they differ only here)"),
                (false, false) => format!("{judge} agrees with neither"),
            };
            let _ = writeln!(out, "# {sides}; the expectation below is {judge}'s answer:");
            let _ = writeln!(
                out,
                "# confirm it against the rules (RULES.md) before adding the case to cases/{area}.yaml"
            );
        }
        Err(why) => {
            let _ = writeln!(out, "# this case does not load: {}", why.replace('\n', " "));
        }
    }
    out.push_str(&item);
    out
}

/// The case as an item of a case file's `cases:` list, indented as `cases/` writes them.
pub(crate) fn item_yaml(case: &Case) -> String {
    let text = serde_yaml_ng::to_string(case).unwrap_or_default();
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let _ = writeln!(out, "{}{line}", if i == 0 { "  - " } else { "    " });
    }
    out
}

/// The printed item loaded as `cases/AREA.yaml` would be.
pub(crate) fn loads(area: &str, item: &str) -> Result<chess_conformance::LoadedCase, String> {
    let source = Source {
        name: format!("{area}.yaml"),
        text: format!("cases:\n{item}"),
    };
    let catalogue = Catalogue::from_sources([source], []).map_err(|e| e.to_string())?;
    catalogue
        .cases()
        .first()
        .cloned()
        .ok_or_else(|| "no case in the text".to_owned())
}
