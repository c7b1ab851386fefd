//! How engines are made and run: the `--engine` spec made an engine, the options of engines
//! in other processes (`--timeout`, `--max-line-bytes`, `--validate-protocol`,
//! `--perft-limit`) and their parsers, and `--jobs`.

use std::time::Duration;

use chess_conformance::{Engine, Limits};
use chess_conformance_engines::Options;
use clap::Args;

use crate::error::BadInput;

/// The engine a `--engine` spec names; engines in other processes run with `options`.
pub(crate) fn engine(spec: &str, external: &ExternalArgs) -> Result<Box<dyn Engine>, BadInput> {
    crate::registry::from_spec_with(spec, &external.options()).map_err(BadInput)
}

/// How engines in other processes (`process:`, `uci:`, `xboard:`) are run.
#[derive(Debug, Args)]
pub(crate) struct ExternalArgs {
    /// The longest one question may take (e.g. `10s`, `500ms`, `2m`; at most `24h`): the case
    /// errs, naming the question, and the run goes on. An engine in another process is killed
    /// and restarted for the next case; an engine in this process (the reference, a mutant, and
    /// with `--features adapters` chess, cozy-chess, owlchess and pleco) stops its perft walk at
    /// the deadline.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    timeout: Duration,
    /// The longest line an engine in another process may print, in bytes (at most 1 GiB); a
    /// longer one is an error.
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = Limits::DEFAULT.max_line_bytes,
        value_parser = parse_line_bytes
    )]
    max_line_bytes: usize,
    /// Check every protocol message, both ways, against its JSON Schema (docs/protocol/);
    /// a violation is an error verdict naming the message (`process:` engines).
    #[arg(long)]
    validate_protocol: bool,
    /// Ask no perft count above this many nodes (for slow engines): deeper depths are left out,
    /// and a case with nothing left to ask is skipped with the limit as its reason.
    #[arg(long, value_name = "NODES")]
    perft_limit: Option<u64>,
}

impl ExternalArgs {
    /// The limits these options set, the rest as [`Limits::DEFAULT`].
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            timeout: self.timeout,
            perft_nodes: self.perft_limit,
            max_line_bytes: self.max_line_bytes,
            ..Limits::DEFAULT
        }
    }

    /// The options of an engine in another process.
    pub(crate) fn options(&self) -> Options {
        Options {
            limits: self.limits(),
            validate_protocol: self.validate_protocol,
        }
    }
}

/// `10s`, `1.5s`, `250ms`, `2m`, `1h`, or a number of seconds; more than zero and at most
/// [`Limits::MAX_TIMEOUT`].
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = text.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (text, 1.0)
    };
    let max = Limits::MAX_TIMEOUT.as_secs_f64();
    match number.trim().parse::<f64>().map(|n| n * scale) {
        // Checked before the conversion: `Duration::from_secs_f64` panics on a value it cannot
        // hold, and a deadline far away overflows `Instant`.
        Ok(secs) if secs > 0.0 && secs <= max => Duration::try_from_secs_f64(secs)
            .map_err(|e| format!("`{text}` is not a duration: {e}")),
        Ok(secs) if secs > max => Err(format!(
            "`{text}` is longer than the longest timeout, {}h",
            Limits::MAX_TIMEOUT.as_secs() / 3600
        )),
        _ => Err(format!(
            "`{text}` is not a positive duration (e.g. 10s, 500ms, 2m)"
        )),
    }
}

/// The most jobs `--jobs` takes. Each job is a thread and, for an engine in another process,
/// a process of its own with three pipes: 256 Stockfish instances are already about 5 GB, and
/// four times the CPUs of the largest common CI runners (64); past the CPUs a job only waits,
/// so more would exhaust the machine's processes, descriptors or memory, never go faster.
pub(crate) const MAX_JOBS: usize = 256;

/// A number of jobs (`--jobs`): from 1 to [`MAX_JOBS`].
pub(crate) fn parse_jobs(text: &str) -> Result<std::num::NonZeroUsize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n > MAX_JOBS => Err(format!(
            "`{text}` jobs: at most {MAX_JOBS} (each is a thread and an engine instance)"
        )),
        Ok(n) => std::num::NonZeroUsize::new(n)
            .ok_or_else(|| format!("`{text}` jobs: at least 1 is needed")),
        Err(_) => Err(format!("`{text}` is not a number of jobs (e.g. 1, 2, 4)")),
    }
}

/// A line limit in bytes: at least 1, at most [`Limits::MAX_LINE_BYTES`].
fn parse_line_bytes(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=Limits::MAX_LINE_BYTES).contains(&n) => Ok(n),
        Ok(_) | Err(_) => Err(format!(
            "`{text}` is not a line limit: a number of bytes from 1 to {} (1 GiB)",
            Limits::MAX_LINE_BYTES
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("soon").is_err());
        assert_eq!(parse_duration("24h"), Ok(Limits::MAX_TIMEOUT));
        assert_eq!(parse_duration("86400s"), Ok(Limits::MAX_TIMEOUT));
        for too_long in ["86401s", "1e19s", "1e20s", "1e308", "inf", "NaN", "25h"] {
            let e = parse_duration(too_long).expect_err(too_long);
            assert!(e.contains(too_long), "{e}");
        }
        assert!(
            parse_duration("1e20s")
                .unwrap_err()
                .contains("longest timeout, 24h")
        );
    }

    #[test]
    fn line_limits() {
        assert_eq!(parse_line_bytes("1"), Ok(1));
        assert_eq!(parse_line_bytes("1073741824"), Ok(Limits::MAX_LINE_BYTES));
        for bad in ["0", "1073741825", "-1", "18446744073709551616", "lots"] {
            assert!(parse_line_bytes(bad).is_err(), "{bad}");
        }
    }
}
