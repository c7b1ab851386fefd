//! Bounds on what a run may cost: how long an engine may take, how much it may print, how much
//! work the checker asks of it. One type for the checker and the engines in other processes, so
//! the command line sets each bound in one place.
//!
//! # The timeout of an engine in this process
//!
//! An engine in another process that misses the timeout is killed. An engine in this process
//! cannot be killed, and a thread cannot be stopped from outside, so in-process work is bounded
//! by cooperation: while the checker asks a question (through [`crate::assertion::Asker`]) the
//! thread carries that question's [`Deadline`], and an engine that can work long (a perft, a
//! search) calls [`Deadline::check`] as it goes; past the deadline it gets an error, returns it,
//! and the case errs with the question named (`perft 9: no answer within the timeout of 2s`).
//! The run goes on with the next case.
//!
//! The deadline is kept per thread, beside the call, rather than passed as an argument: every
//! question of the table in `src/engine.rs` keeps its one signature (the protocol carries the
//! same arguments), the engines that answer at once need not know of it, and the default perft
//! of the table checks it too. Outside an asked question (an engine called directly) there is no
//! deadline and [`Deadline::check`] always passes.

use std::cell::Cell;
use std::fmt;
use std::time::{Duration, Instant};

/// How much a run may ask of an engine, and how long it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest one request to an engine may take. An engine in another process that misses
    /// it is killed and restarted (from sending the request to the last line of its answer); an
    /// engine in this process is told through [`Deadline::check`], and stops.
    pub timeout: Duration,
    /// The largest perft count asked for: a depth whose expected count is larger is not asked.
    /// `None` asks every depth.
    pub perft_nodes: Option<u64>,
    /// The longest line an engine in another process may print on stdout, in bytes (newline
    /// excluded).
    pub max_line_bytes: usize,
    /// How many bytes of an engine's stderr are kept, to quote when it fails.
    pub stderr_tail_bytes: usize,
}

impl Limits {
    /// The defaults: a 10-second timeout, every perft depth, lines up to 1 MiB, the last 8 KiB of
    /// stderr.
    pub const DEFAULT: Limits = Limits {
        timeout: Duration::from_secs(10),
        perft_nodes: None,
        max_line_bytes: 1 << 20,
        stderr_tail_bytes: 8 << 10,
    };

    /// The longest timeout the command line accepts: a day. Longer is no bound at all, and a
    /// deadline that far is where `Instant` arithmetic overflows on some platforms.
    pub const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

    /// The longest line limit the command line accepts: 1 GiB, memory the harness may hold for
    /// one line of an engine.
    pub const MAX_LINE_BYTES: usize = 1 << 30;

    /// Whether a perft count of `expected` nodes is asked.
    pub fn asks_perft(&self, expected: u64) -> bool {
        self.perft_nodes.is_none_or(|limit| expected <= limit)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

thread_local! {
    /// The deadline of the question this thread is answering, and its timeout (for the message).
    static DEADLINE: Cell<Option<(Instant, Duration)>> = const { Cell::new(None) };
}

/// The deadline of the question an engine in this process is answering (see the module docs).
#[derive(Debug)]
pub struct Deadline;

impl Deadline {
    /// An error once the question's time is up; call it often in long work and return its error
    /// at once. It reads the clock (a few tens of nanoseconds): once per inner node of a perft
    /// walk costs about 1% of the walk, whose nodes above the last ply each play some 30 moves.
    ///
    /// # Errors
    ///
    /// [`TimedOut`] (`no answer within the timeout of T`), past the deadline; `?` turns it into
    /// the engine's failure ([`EngineError::Failed`](crate::EngineError::Failed)).
    pub fn check() -> Result<(), TimedOut> {
        let Some((at, timeout)) = DEADLINE.with(Cell::get) else {
            return Ok(());
        };
        if Instant::now() < at {
            return Ok(());
        }
        Err(TimedOut { timeout })
    }

    /// Runs `call` with a deadline `timeout` from now (an earlier deadline already set stays).
    pub(crate) fn within<T>(timeout: Duration, call: impl FnOnce() -> T) -> T {
        let outer = DEADLINE.with(Cell::get);
        let ours = Instant::now().checked_add(timeout).map(|at| (at, timeout));
        let kept = match (outer, ours) {
            (Some(outer), Some(ours)) if outer.0 <= ours.0 => Some(outer),
            (outer, None) => outer,
            (_, ours) => ours,
        };
        DEADLINE.with(|d| d.set(kept));
        // Restored even when `call` panics (the asker catches it and goes on with this thread).
        struct Restore(Option<(Instant, Duration)>);
        impl Drop for Restore {
            fn drop(&mut self) {
                DEADLINE.with(|d| d.set(self.0));
            }
        }
        let _restore = Restore(outer);
        call()
    }
}

/// The question's time is up: what [`Deadline::check`] returns past the deadline. An engine
/// returns it at once, as its failure (`?` converts it into an [`EngineError`](crate::EngineError)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedOut {
    /// The question's timeout.
    pub timeout: Duration,
}

impl fmt::Display for TimedOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no answer within the timeout of {:?} (an engine in this process stops at --timeout)",
            self.timeout
        )
    }
}

impl std::error::Error for TimedOut {}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin_until_stopped() -> (Result<(), TimedOut>, Duration) {
        let start = Instant::now();
        loop {
            if let Err(e) = Deadline::check() {
                return (Err(e), start.elapsed());
            }
            if start.elapsed() > Duration::from_secs(5) {
                return (Ok(()), start.elapsed());
            }
        }
    }

    #[test]
    fn the_deadline_stops_work_inside_a_call_and_not_outside() {
        assert_eq!(Deadline::check(), Ok(()));
        let (stopped, took) = Deadline::within(Duration::from_millis(50), spin_until_stopped);
        let message = stopped.expect_err("stopped at the deadline").to_string();
        assert!(message.contains("within the timeout of 50ms"), "{message}");
        assert!(took < Duration::from_secs(1), "{took:?}");
        // Gone after the call, and after a call that panicked.
        assert_eq!(Deadline::check(), Ok(()));
        let _ = std::panic::catch_unwind(|| {
            Deadline::within(Duration::ZERO, || panic!("in the engine"));
        });
        assert_eq!(Deadline::check(), Ok(()));
    }

    #[test]
    fn a_nested_call_keeps_the_earlier_deadline() {
        let inner = Deadline::within(Duration::from_millis(20), || {
            Deadline::within(Duration::from_secs(60), spin_until_stopped)
        });
        assert!(
            inner.0.is_err() && inner.1 < Duration::from_secs(1),
            "{inner:?}"
        );
    }
}
