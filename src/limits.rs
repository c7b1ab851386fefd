//! Bounds on what a run may cost: how long an engine may take, how much it may print, how much
//! work the checker asks of it. One type for the checker and the engines in other processes, so
//! the command line sets each bound in one place.

use std::time::Duration;

/// How much a run may ask of an engine, and how long it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest one request to an engine in another process may take, from sending it to the
    /// last line of its answer; an engine that misses it is killed and restarted.
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
