//! Printing: what the commands write to stdout and stderr, where a closed pipe ends the output
//! quietly instead of panicking as `print!` does (`list | head -1`).
//!
//! Once stdout is closed nothing more is written to it, and the command goes on to its end (a
//! run still writes its baseline and exits with its verdict's code). Any other write error on
//! stdout (a full disk) is an error of the command. Messages to stderr are best effort: a closed
//! stderr loses them, and nothing else.

use std::fmt;
use std::io::{self, Write as _};
use std::sync::atomic::{AtomicBool, Ordering};

use chess_conformance::report::shown;

use crate::error::BadInput;

/// Whether stdout was found closed: the reader went away, nothing more is printed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to stdout; nothing once the reader has closed it.
///
/// # Errors
///
/// A write error other than a closed pipe, as a message naming standard output.
pub(crate) fn out(text: impl fmt::Display) -> Result<(), BadInput> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut stdout = io::stdout().lock();
    match write!(stdout, "{text}").and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(BadInput(format!("cannot write to standard output: {e}"))),
    }
}

/// Writes `text` to stderr, best effort, escaped as every report escapes what an engine or a
/// case file wrote ([`shown`]): a message quoting an engine (its handshake, its name, what it
/// declares) cannot recolour, retitle or clear the reader's terminal. Nothing written to
/// stderr is meant to carry a control character but its newlines.
pub(crate) fn err(text: impl fmt::Display) {
    let text = text.to_string();
    let mut stderr = io::stderr().lock();
    let _ = write!(stderr, "{}", shown(&text)).and_then(|()| stderr.flush());
}
