//! One engine process under supervision, for every kind of engine in another process
//! (`process:`, `uci:` and `xboard:`): started from an argument vector, killed after a fault that puts it
//! out of step, started again for the next request, and given up after three failed restarts
//! in a row, so that a run always completes. Every fault's message ends with the last lines of
//! the engine's stderr.

use crate::child::{Fault, LineChild};
use chess_conformance::{EngineError, Limits};

/// How many failed restarts in a row make the harness give an engine up.
pub(super) const RESTARTS: u32 = 3;

/// How many lines of an engine's stderr a message quotes.
const STDERR_LINES: usize = 20;

/// Why a conversation with an engine gave no answer.
pub(super) enum Failure {
    /// The engine is still in step with the harness: its answer was no answer (an error, a
    /// refusal, a result of the wrong shape).
    Answer(EngineError),
    /// The engine is out of step, or gone: it must be killed and started again.
    Restart(String),
}

impl From<Fault> for Failure {
    fn from(fault: Fault) -> Failure {
        Failure::Restart(fault.to_string())
    }
}

/// The process of one engine and its history of restarts.
pub(super) struct Supervisor {
    argv: Vec<String>,
    limits: Limits,
    child: Option<LineChild>,
    failed_restarts: u32,
    given_up: Option<String>,
}

impl std::fmt::Debug for Supervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Supervisor")
            .field("argv", &self.argv)
            .field("running", &self.child.is_some())
            .field("failed_restarts", &self.failed_restarts)
            .field("given_up", &self.given_up)
            .finish()
    }
}

impl Supervisor {
    /// The supervisor of `argv` (a program and its arguments), not started yet.
    pub(super) fn new(argv: Vec<String>, limits: Limits) -> Supervisor {
        Supervisor {
            argv,
            limits,
            child: None,
            failed_restarts: 0,
            given_up: None,
        }
    }

    /// The command line, for messages.
    pub(super) fn command(&self) -> String {
        shell_words::join(&self.argv)
    }

    /// The limits the engine runs under.
    pub(super) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Starts a new process (the caller then greets it).
    ///
    /// # Errors
    ///
    /// A message naming the command when the program cannot be started.
    pub(super) fn spawn(&self) -> Result<LineChild, String> {
        LineChild::spawn(&self.argv, self.limits)
            .map_err(|e| format!("engine `{}` cannot be started: {e}", self.command()))
    }

    /// The running process, if there is one (none after a fault, or before the first start).
    pub(super) fn take(&mut self) -> Option<LineChild> {
        self.child.take()
    }

    /// Why the engine was given up, once it has been: every later request fails with it.
    pub(super) fn given_up(&self) -> Option<&str> {
        self.given_up.as_deref()
    }

    /// The outcome of a start (or restart) attempt: the process, or, counting the failure, an
    /// error; after three failures in a row the engine is given up.
    ///
    /// # Errors
    ///
    /// The attempt's failure, or the giving up.
    pub(super) fn started(
        &mut self,
        attempt: Result<LineChild, String>,
    ) -> Result<LineChild, EngineError> {
        match attempt {
            Ok(child) => {
                self.failed_restarts = 0;
                Ok(child)
            }
            Err(why) => {
                self.failed_restarts += 1;
                if self.failed_restarts >= RESTARTS {
                    let gave_up = format!(
                        "the engine could not be restarted {RESTARTS} times in a row and was \
                         given up; the last attempt: {why}"
                    );
                    self.given_up = Some(gave_up.clone());
                    Err(EngineError::Failed(gave_up))
                } else {
                    Err(EngineError::Failed(why))
                }
            }
        }
    }

    /// Keeps a process that is still in step, for the next request.
    pub(super) fn keep(&mut self, child: LineChild) {
        self.child = Some(child);
    }

    /// Kills a process that is out of step; the next request starts a new one. Returns `why`
    /// with that said and the end of the engine's stderr.
    pub(super) fn lost(&mut self, mut child: LineChild, why: &str) -> String {
        kill(&mut child);
        with_stderr(
            format!("{why}; it will be restarted for the next request"),
            &child,
        )
    }
}

/// Kills a process the harness stops.
pub(super) fn kill(child: &mut LineChild) {
    child.kill(Fault::Exited("stopped by the harness".into()));
}

/// Appends the end of the engine's stderr to a message, when there is one.
pub(super) fn with_stderr(why: String, child: &LineChild) -> String {
    let tail = child.stderr_tail();
    if tail.is_empty() {
        return why;
    }
    let lines: Vec<&str> = tail.lines().collect();
    let shown = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    format!("{why}; its stderr ended with:\n{}", shown.join("\n"))
}
