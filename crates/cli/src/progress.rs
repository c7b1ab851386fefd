//! Live progress and colour on a terminal.
//!
//! A run (and each engine of a matrix) gets a bar on stderr with its cases done, the failures
//! and errors so far, the rate and an ETA (indicatif); `generate` gets a spinner with the time
//! so far. Only on a terminal: when stderr is not one (a pipe, a file, a CI log) or `CI` is set,
//! nothing is drawn and nothing is written, so logs and machine-readable output stay as they
//! were; `--no-progress` turns it off on a terminal too. The bars are cleared when the work
//! ends, leaving the report alone on the screen.
//!
//! Colour ([`paint`]) is for the text report on stdout: `--color auto` (the default) colours
//! when stdout is a terminal that supports it, unless `NO_COLOR` is set; `CLICOLOR_FORCE`
//! forces colours; `--color always` and `never` decide alone.

use std::io::IsTerminal as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use chess_conformance::Outcome;
use chess_conformance::report::Paint;
use clap::ValueEnum;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// When the text report is in colour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal that supports colours, unless `NO_COLOR` is set (`CLICOLOR_FORCE` forces
    /// them).
    #[default]
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

/// How the text report is painted, for stdout as it is now.
pub fn paint(when: ColorWhen) -> Paint {
    match when {
        ColorWhen::Always => Paint::Ansi,
        ColorWhen::Never => Paint::Plain,
        ColorWhen::Auto => match anstream::AutoStream::choice(&std::io::stdout()) {
            anstream::ColorChoice::Never => Paint::Plain,
            _ => Paint::Ansi,
        },
    }
}

/// Whether progress is drawn: stderr is a terminal and `CI` is not set.
pub fn wanted(disabled: bool) -> bool {
    !disabled && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// One bar per engine, or nothing.
pub struct Progress {
    bars: Vec<Bar>,
    /// Keeps the bars drawn together (dropped after them).
    _multi: Option<MultiProgress>,
}

struct Bar {
    bar: ProgressBar,
    failed: AtomicUsize,
    errors: AtomicUsize,
}

impl Progress {
    /// Bars for `engines` (their specs, as named on the command line) of `cases` cases each, if
    /// `shown`; otherwise a progress that draws nothing.
    pub fn new(engines: &[&str], cases: usize, shown: bool) -> Progress {
        if !shown {
            return Progress {
                bars: Vec::new(),
                _multi: None,
            };
        }
        let multi = MultiProgress::with_draw_target(ProgressDrawTarget::stderr_with_hz(10));
        let width = engines.iter().map(|e| short(e).len()).max().unwrap_or(0);
        let style = ProgressStyle::with_template(&format!(
            "{{prefix:>{width}}} [{{bar:30.green/white}}] {{pos}}/{{len}} cases{{msg}} \
             ({{rate}}, {{eta}} left)"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} cases/s", state.per_sec());
            },
        )
        .progress_chars("=> ");
        let bars = engines
            .iter()
            .map(|engine| {
                let bar = multi.add(ProgressBar::new(cases as u64));
                bar.set_style(style.clone());
                bar.set_prefix(short(engine));
                Bar {
                    bar,
                    failed: AtomicUsize::new(0),
                    errors: AtomicUsize::new(0),
                }
            })
            .collect();
        Progress {
            bars,
            _multi: Some(multi),
        }
    }

    /// A case of engine `engine` (its index) is done with `outcome`.
    pub fn done(&self, engine: usize, outcome: Outcome) {
        let Some(bar) = self.bars.get(engine) else {
            return;
        };
        let changed = match outcome {
            Outcome::Fail => Some(&bar.failed),
            Outcome::Error => Some(&bar.errors),
            Outcome::Pass | Outcome::Skip => None,
        };
        if let Some(count) = changed {
            count.fetch_add(1, Ordering::Relaxed);
            let (failed, errors) = (
                bar.failed.load(Ordering::Relaxed),
                bar.errors.load(Ordering::Relaxed),
            );
            let mut msg = String::new();
            if failed > 0 {
                msg.push_str(&format!(", {failed} failed"));
            }
            if errors > 0 {
                msg.push_str(&format!(", {}", crate::text::plural(errors, "error")));
            }
            bar.bar.set_message(msg);
        }
        bar.bar.inc(1);
        if Some(bar.bar.position()) == bar.bar.length() {
            // Drawn whole now, not at the next tick: the other engines' bars go on.
            bar.bar.finish();
        }
    }

    /// Clears the bars: the report follows on a clean screen.
    pub fn finish(&self) {
        for bar in &self.bars {
            bar.bar.finish_and_clear();
        }
    }
}

/// A spinner with the time so far, for work that cannot count its steps; `None` when progress
/// is not shown.
pub fn spinner(what: &str, shown: bool) -> Option<ProgressBar> {
    if !shown {
        return None;
    }
    let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
    spinner.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    spinner.set_message(what.to_owned());
    spinner.enable_steady_tick(Duration::from_millis(100));
    Some(spinner)
}

/// An engine's spec short enough for a bar's prefix.
fn short(spec: &str) -> String {
    const MAX: usize = 32;
    if spec.chars().count() <= MAX {
        spec.to_owned()
    } else {
        let head: String = spec.chars().take(MAX - 3).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_progress_counts_nothing_and_never_panics() {
        let progress = Progress::new(&["reference"], 3, false);
        progress.done(0, Outcome::Fail);
        progress.done(7, Outcome::Pass);
        progress.finish();
        assert!(progress.bars.is_empty());
    }

    #[test]
    fn a_shown_progress_counts_failures_and_errors() {
        let progress = Progress::new(
            &["reference", "process:python3 a/very/long/path/to/shim.py"],
            4,
            true,
        );
        for outcome in [Outcome::Pass, Outcome::Fail, Outcome::Error, Outcome::Error] {
            progress.done(1, outcome);
        }
        let bar = &progress.bars[1];
        assert_eq!(bar.bar.position(), 4);
        assert_eq!(bar.failed.load(Ordering::Relaxed), 1);
        assert_eq!(bar.errors.load(Ordering::Relaxed), 2);
        assert_eq!(bar.bar.message(), ", 1 failed, 2 errors");
        assert!(bar.bar.is_finished(), "all 4 cases done");
        assert_eq!(progress.bars[0].bar.position(), 0);
        assert!(bar.bar.prefix().ends_with("...") && bar.bar.prefix().chars().count() == 32);
    }

    #[test]
    fn colour_when_always_and_never_decide_alone() {
        assert_eq!(paint(ColorWhen::Always), Paint::Ansi);
        assert_eq!(paint(ColorWhen::Never), Paint::Plain);
    }
}
