//! `generated/REPORT.md`: what the generator made, per area and per generator, the symmetry
//! twins' coverage, and every hand-written case without a twin with the reason.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::symmetry::Symmetry;
use crate::{AREAS, Generation, Twin, TwinRecord};

/// The generator's report: counts, twins, and every hand-written case without a twin with the
/// reason (`generated/REPORT.md`).
pub fn report(g: &Generation) -> String {
    let mut out = String::new();
    out.push_str("# Generated cases\n\n");
    let _ = writeln!(
        out,
        "Written by `chess-conformance generate` from `cases/` and fixed seeds; do not edit. \
         Every case below was loaded by the strict loader and passed against the reference \
         engine when it was generated, but for the twins of the reference's known failures \
         (`baselines/reference-shakmaty.yaml`), which fail as their originals do.\n"
    );
    counts(g, &mut out);
    twins(g, &mut out);
    without_twins(g, &mut out);
    out
}

/// The cases per area and per generator.
fn counts(g: &Generation, out: &mut String) {
    out.push_str(
        "| area | hand-written | flip | mirror | Chess960 twin | divide | mined | generated |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    let mut totals = [0usize; 7];
    for area in AREAS {
        let cases = g.areas.get(area).map_or(&[][..], |v| v.as_slice());
        let count = |name: &str| {
            cases
                .iter()
                .filter(|c| g.generator.get(&c.id).copied() == Some(name))
                .count()
        };
        let row = [
            g.hand_written.get(area).copied().unwrap_or(0),
            count("flip"),
            count("mirror"),
            count(crate::twin960::GENERATOR),
            count("divide"),
            count("mined"),
            cases.len(),
        ];
        for (t, r) in totals.iter_mut().zip(row) {
            *t += r;
        }
        let _ = writeln!(
            out,
            "| {area} | {} | {} | {} | {} | {} | {} | {} |",
            row[0], row[1], row[2], row[3], row[4], row[5], row[6]
        );
    }
    let _ = writeln!(
        out,
        "| **all** | {} | {} | {} | {} | {} | {} | **{}** |\n",
        totals[0], totals[1], totals[2], totals[3], totals[4], totals[5], totals[6]
    );
    if !g.duplicates.is_empty() {
        let list: Vec<String> = g
            .duplicates
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(
            out,
            "Made twice and kept once (the same position, history and expectation as a case \
             already kept): {}.\n",
            list.join(", ")
        );
    }
}

/// How many hand-written cases have a twin, overall and per area.
fn twins(g: &Generation, out: &mut String) {
    out.push_str("## Symmetry twins\n\n");
    for symmetry in Symmetry::ALL {
        let records: Vec<&TwinRecord> = g.twins.iter().filter(|t| t.symmetry == symmetry).collect();
        let generated = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::Generated(_)))
            .count();
        let hand = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::HandWritten(_)))
            .count();
        let dup = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::Duplicate(_)))
            .count();
        let unconfirmed = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::Unconfirmed(_)))
            .count();
        let with = generated + hand + dup;
        let _ = writeln!(
            out,
            "- {}: {with} of {} hand-written cases have a twin ({}): {generated} generated, \
             {hand} already written by hand, {dup} the same as another case's twin; \
             {unconfirmed} more the reference cannot confirm (not written).",
            match symmetry {
                Symmetry::Flip => "Colour flip",
                Symmetry::Mirror => "File mirror",
            },
            records.len(),
            percent(with, records.len())
        );
    }
    let readings = &g.chess960_twins;
    let generated = readings
        .iter()
        .filter(|t| matches!(t.1, Twin::Generated(_)))
        .count();
    let _ = writeln!(
        out,
        "- Chess960 reading of the standard castling cases (the same position as Chess960, \
         castling as the king taking its rook): {generated} of {} generated ({}).",
        readings.len(),
        percent(generated, readings.len())
    );
    out.push_str("\n| area | hand-written | flip twins | mirror twins |\n|---|---:|---:|---:|\n");
    for area in AREAS {
        let share = |symmetry: Symmetry| {
            let records: Vec<&TwinRecord> = g
                .twins
                .iter()
                .filter(|t| t.symmetry == symmetry && t.id.split('/').next() == Some(area))
                .collect();
            let with = records
                .iter()
                .filter(|t| {
                    matches!(
                        t.twin,
                        Twin::Generated(_) | Twin::HandWritten(_) | Twin::Duplicate(_)
                    )
                })
                .count();
            format!("{with} ({})", percent(with, records.len()))
        };
        let _ = writeln!(
            out,
            "| {area} | {} | {} | {} |",
            g.hand_written.get(area).copied().unwrap_or(0),
            share(Symmetry::Flip),
            share(Symmetry::Mirror)
        );
    }
}

/// Every hand-written case without a twin, grouped by why, and the twins the reference cannot
/// confirm.
fn without_twins(g: &Generation, out: &mut String) {
    out.push_str("\n## Hand-written cases without a twin, and why\n\n");
    let mut reasons: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for t in &g.twins {
        if let Twin::Impossible(why) = &t.twin {
            reasons
                .entry((t.symmetry.name(), why.as_str()))
                .or_default()
                .insert(t.id.as_str());
        }
    }
    for (id, twin) in &g.chess960_twins {
        if let Twin::Impossible(why) = twin {
            reasons
                .entry((crate::twin960::GENERATOR, why.as_str()))
                .or_default()
                .insert(id.as_str());
        }
    }
    let mut unconfirmed: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for t in &g.twins {
        if let Twin::Unconfirmed(why) = &t.twin {
            unconfirmed
                .entry((t.symmetry.name(), why.as_str()))
                .or_default()
                .insert(t.id.as_str());
        }
    }
    for ((symmetry, why), ids) in reasons {
        let _ = writeln!(
            out,
            "- **{symmetry}**, {} case{}: {why}.",
            ids.len(),
            if ids.len() == 1 { "" } else { "s" }
        );
        let list: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
        let _ = writeln!(out, "  {}", list.join(", "));
    }
    if !unconfirmed.is_empty() {
        out.push_str(
            "\n## Twins the reference cannot confirm\n\nTrue by the rules (the twin of a true \
             case), but not written: every generated case passes against the reference, and the \
             reference leaves these undetermined. A limit of the reference, not of the rules.\n\n",
        );
        for ((symmetry, why), ids) in unconfirmed {
            let list: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
            let _ = writeln!(out, "- **{symmetry}** of {}: {why}.", list.join(", "));
        }
    }
}

pub(crate) fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    let tenths = (part * 1000 + whole / 2) / whole;
    format!("{}.{} %", tenths / 10, tenths % 10)
}
