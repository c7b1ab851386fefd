//! SIGINT, SIGTERM, SIGHUP and SIGQUIT: a run that stops cleanly.
//!
//! A thread of its own catches the four alike ([`watch`]). On the first it ends every engine's process
//! group (`chess_conformance_engines::end_all`, which also refuses to start another), so a
//! request in flight ends at once and no engine outlives the harness; the run stops between
//! cases (every worker of [`crate::pool`] looks before it takes one), and the command prints the
//! verdicts so far (said so only once cases are being checked, [`checking`]: not during a load,
//! nor in `report`), marked as interrupted with what was not run, writes no baseline, and exits 128 + the signal's number (130, 143). A
//! second signal, or a run still going [`STOP_WITHIN`] later (an in-process engine deep in a
//! computation), exits at once without a report.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

/// How long the run gets to stop after the first signal before the harness exits without a
/// report.
pub const STOP_WITHIN: Duration = Duration::from_secs(10);

/// The first signal caught, or 0.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Whether engines are checking cases (set by [`checking`]): an interrupt then has verdicts
/// to print; before it (a load) or without it (`report`), none.
static CHECKING: AtomicBool = AtomicBool::new(false);

/// Marks that cases are being checked from now on, whose verdicts so far an interrupt prints.
pub fn checking() {
    CHECKING.store(true, Ordering::SeqCst);
}

/// Catches SIGINT, SIGTERM, SIGHUP and SIGQUIT from now on (once per process; later calls do nothing). When
/// they cannot be caught, says so and leaves them as they were.
pub fn watch() {
    static WATCHING: Once = Once::new();
    WATCHING.call_once(|| {
        // SIGHUP (the terminal closed, an ssh session dropped) and SIGQUIT (Ctrl-\) as
        // SIGTERM: their default would end the harness and leave its engines running.
        let signals = match Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT]) {
            Ok(signals) => signals,
            Err(e) => {
                crate::print::err(format_args!("warning: SIGINT, SIGTERM, SIGHUP and SIGQUIT cannot be caught ({e}): an interrupt ends the run without a report\n"));
                return;
            }
        };
        let started = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || on_signals(signals));
        if let Err(e) = started {
            crate::print::err(format_args!("warning: no thread for signals ({e}): an interrupt ends the run without a report\n"));
        }
    });
}

fn on_signals(mut signals: Signals) {
    let mut forever = signals.forever();
    let Some(first) = forever.next() else {
        return;
    };
    CAUGHT.store(first, Ordering::SeqCst);
    let then = if CHECKING.load(Ordering::SeqCst) {
        "; the verdicts so far follow"
    } else {
        ""
    };
    crate::print::err(format_args!(
        "\n{}: stopping{then} (another signal exits at once)\n",
        name(first)
    ));
    chess_conformance_engines::end_all();
    let _ = std::thread::Builder::new()
        .name("stop-within".into())
        .spawn(move || {
            std::thread::sleep(STOP_WITHIN);
            crate::print::err(format_args!(
                "{}: the run did not stop within {}s; exiting without a report\n",
                name(first),
                STOP_WITHIN.as_secs()
            ));
            chess_conformance_engines::end_all();
            std::process::exit(128 + first);
        });
    if let Some(second) = forever.next() {
        crate::print::err(format_args!(
            "{}: exiting at once, without a report\n",
            name(second)
        ));
        chess_conformance_engines::end_all();
        std::process::exit(128 + second);
    }
}

/// The signal that interrupted the harness, if one did.
pub fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// The exit code of a harness that `signal` stopped: 128 + its number, as a shell reports a
/// process it killed (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131 for SIGQUIT).
pub fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// A signal's name.
pub fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        SIGQUIT => "SIGQUIT",
        _ => "a signal",
    }
}

/// Where an interrupted run stopped.
#[derive(Debug, Clone)]
pub struct Stopped {
    /// The signal.
    pub signal: i32,
    /// How many cases were run (their verdicts are the run's).
    pub run: usize,
    /// The ids of the cases not run, in catalogue order (the one the signal cut short first).
    pub not_run: Vec<String>,
}

impl Stopped {
    /// The exit code: see [`exit_code`].
    pub fn exit_code(&self) -> u8 {
        exit_code(self.signal)
    }

    /// What a person reads: the signal, how many cases ran, and the first of those not run.
    pub fn describe(&self) -> String {
        const SHOWN: usize = 10;
        let total = self.run + self.not_run.len();
        let mut out = if self.run == 0 {
            format!(
                "INTERRUPTED by {} before any of the {total} cases was done; none was run",
                name(self.signal)
            )
        } else {
            format!(
                "INTERRUPTED by {}: {} of {total} cases were run, and the verdicts here are \
                 theirs; {} not run",
                name(self.signal),
                self.run,
                self.not_run.len()
            )
        };
        if self.run == 0 {
            out.push('\n');
            return out;
        }
        if !self.not_run.is_empty() {
            out.push_str(": ");
            out.push_str(&self.not_run[..self.not_run.len().min(SHOWN)].join(", "));
            if self.not_run.len() > SHOWN {
                out.push_str(&format!(" and {} more", self.not_run.len() - SHOWN));
            }
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_says_what_was_not_run() {
        let stopped = Stopped {
            signal: SIGTERM,
            run: 2,
            not_run: (0..12).map(|i| format!("area/case-{i}")).collect(),
        };
        assert_eq!(stopped.exit_code(), 143);
        let text = stopped.describe();
        assert!(text.starts_with("INTERRUPTED by SIGTERM: 2 of 14 cases were run"));
        assert!(text.contains("12 not run: area/case-0, area/case-1,"));
        assert!(text.contains("area/case-9 and 2 more"));
        assert!(!text.contains("area/case-10"));
        let none = Stopped {
            signal: SIGINT,
            run: 0,
            not_run: vec!["a/b".into()],
        };
        assert_eq!(
            none.describe(),
            "INTERRUPTED by SIGINT before any of the 1 cases was done; none was run\n"
        );
    }
}
