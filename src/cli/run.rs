//! `chess-conformance run`: the catalogue against an engine.

use std::process::ExitCode;
use std::time::Duration;

use chess_conformance::Run;
use chess_conformance::engines::Options;
use chess_conformance::report::{self, Detail};
use clap::{Args, ValueEnum};

use super::{BadInput, Selection};

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    selection: Selection,
    /// The engine to certify.
    #[arg(long, default_value = "reference", value_name = "ENGINE")]
    engine: String,
    /// The report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List the cases that passed too.
    #[arg(long, short)]
    verbose: bool,
    #[command(flatten)]
    external: ExternalArgs,
}

/// How engines in other processes (`process:`, `uci:`) are run.
#[derive(Debug, Args)]
struct ExternalArgs {
    /// The longest one request may take (e.g. `10s`, `500ms`); an engine that takes longer is
    /// killed, the case errs, and the engine is restarted for the next one.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    timeout: Duration,
    /// The longest line an engine may print; a longer one is an error.
    #[arg(long, value_name = "BYTES", default_value_t = Options::default().max_line_bytes)]
    max_line_bytes: usize,
    /// Check every protocol message, both ways, against its JSON Schema (docs/protocol/);
    /// a violation is an error verdict naming the message (`process:` engines).
    #[arg(long)]
    validate_protocol: bool,
}

impl ExternalArgs {
    fn options(&self) -> Options {
        Options {
            timeout: self.timeout,
            max_line_bytes: self.max_line_bytes,
            validate_protocol: self.validate_protocol,
            ..Options::default()
        }
    }
}

/// `10s`, `1.5s`, `250ms`, `2m`, or a number of seconds.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        (text, 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(n) if n > 0.0 && (n * scale).is_finite() => Ok(Duration::from_secs_f64(n * scale)),
        _ => Err(format!(
            "`{text}` is not a positive duration (e.g. 10s, 500ms, 2m)"
        )),
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    /// Grouped by rule area, every failure with its board, expected and actual answers.
    Text,
    /// Every verdict with its expected and actual answers, and the engine's identity.
    Json,
}

pub fn run(args: &RunArgs) -> Result<ExitCode, BadInput> {
    let catalogue = args.selection.load()?;
    let mut engine = super::engine(&args.engine, &args.external.options())?;
    let run = Run::new(&mut engine, &catalogue);
    let detail = if args.verbose {
        Detail::Verbose
    } else {
        Detail::Normal
    };
    match args.format {
        Format::Text => print!("{}", report::text(&run, detail)),
        Format::Json => print!("{}", report::json(&run)),
    }
    Ok(if run.tally().is_success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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
    }
}
