//! Asking an engine, as probes do: every call guarded (a panic becomes an error that says where
//! it happened) and given the run's timeout as its [`Deadline`] (an engine in this process
//! stops at it: see `src/limits.rs`), every answer of a case remembered (several assertions ask
//! the same question of one position, and the engine answers it once).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use crate::engine::{Ask, Conventions, Engine, EngineError, Game};
use crate::limits::{Deadline, Limits};
use crate::question::Question;

/// Why a probe has no verdict of its own: the engine said it does not answer, or it could not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The engine answered `unsupported`: skipped, with this reason.
    Skip(String),
    /// The engine failed, panicked or answered outside the vocabulary: an error, with this
    /// message.
    Error(String),
}

impl From<EngineError> for Stop {
    fn from(e: EngineError) -> Stop {
        match e {
            EngineError::Unsupported(why) => Stop::Skip(why),
            EngineError::Failed(why) => Stop::Error(why),
        }
    }
}

/// One case's questions to one engine.
pub struct Asker<'e> {
    engine: &'e mut dyn Engine,
    game: Game<'e>,
    limits: &'e Limits,
    conventions: Conventions,
    answers: HashMap<Question, Result<Box<dyn Any + Send>, Stop>>,
}

impl<'e> Asker<'e> {
    /// An asker of `engine` about `game`, within `limits`.
    pub fn new(engine: &'e mut dyn Engine, game: Game<'e>, limits: &'e Limits) -> Asker<'e> {
        let conventions = engine.conventions();
        Asker {
            engine,
            game,
            limits,
            conventions,
            answers: HashMap::new(),
        }
    }

    /// The conventions the engine declared (read once per case): what its answers are compared
    /// on.
    pub fn conventions(&self) -> Conventions {
        self.conventions
    }

    /// The limits of the run.
    pub fn limits(&self) -> &Limits {
        self.limits
    }

    /// Asks `question` (once per case: a question asked again gets the first answer); errors
    /// are prefixed with `label`, the question as reports name it (`legal moves`, `SAN of
    /// e1g1`).
    ///
    /// # Errors
    ///
    /// The engine's refusal or failure, or its panic.
    pub fn ask<Q: Ask>(&mut self, label: &str, question: Q) -> Result<Q::Answer, Stop> {
        let key: Question = question.clone().into();
        if let Some(answer) = self.answers.get(&key) {
            return match answer {
                Ok(any) => Ok(any
                    .downcast_ref::<Q::Answer>()
                    .expect("a question's answers have one type")
                    .clone()),
                Err(stop) => Err(stop.clone()),
            };
        }
        let answer = self.ask_again(label, question);
        let kept = match &answer {
            Ok(a) => Ok(Box::new(a.clone()) as Box<dyn Any + Send>),
            Err(stop) => Err(stop.clone()),
        };
        self.answers.insert(key, kept);
        answer
    }

    /// Asks `question` now, whatever was answered before (as after a move the engine was asked
    /// to refuse, to see that its position did not change).
    ///
    /// # Errors
    ///
    /// The engine's refusal or failure, or its panic.
    pub fn ask_again<Q: Ask>(&mut self, label: &str, question: Q) -> Result<Q::Answer, Stop> {
        let (engine, game) = (&mut *self.engine, &self.game);
        let timeout = self.limits.timeout;
        guarded(label, || {
            Deadline::within(timeout, || question.ask(engine, game))
        })
    }
}

thread_local! {
    /// Whether this thread is inside an engine call, where a panic is caught and reported in
    /// the verdict rather than printed.
    static IN_ENGINE_CALL: Cell<bool> = const { Cell::new(false) };
    /// Where the last caught panic happened, recorded by the hook.
    static PANIC_PLACE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs, once, a panic hook that stays silent for panics inside engine calls (they become
/// error verdicts that carry the message and place) and defers to the previous hook otherwise.
fn quiet_engine_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_ENGINE_CALL.with(Cell::get) {
                let place = info
                    .location()
                    .map(|l| format!("{}:{}", short_path(l.file()), l.line()));
                PANIC_PLACE.with(|p| *p.borrow_mut() = place);
            } else {
                previous(info);
            }
        }));
    });
}

/// A source path without the machine-specific part: a dependency's file is named from its
/// crate (`owlchess-0.4.1/src/moves/san.rs`), the standard library's without the compiler's
/// commit (`library/core/src/num/mod.rs`), so reports read the same on every machine.
fn short_path(file: &str) -> &str {
    if let Some(at) = file.find("/registry/src/") {
        let rest = &file[at + "/registry/src/".len()..];
        return rest.split_once('/').map_or(rest, |(_index, path)| path);
    }
    if let Some(rest) = file.strip_prefix("/rustc/") {
        return rest.split_once('/').map_or(rest, |(_commit, path)| path);
    }
    file
}

/// Calls the engine, turning a panic into an error.
fn guarded<T>(question: &str, call: impl FnOnce() -> crate::Answer<T>) -> Result<T, Stop> {
    quiet_engine_panics();
    let was_inside = IN_ENGINE_CALL.with(|f| f.replace(true));
    let result = catch_unwind(AssertUnwindSafe(call));
    IN_ENGINE_CALL.with(|f| f.set(was_inside));
    match result {
        Ok(answer) => answer.map_err(|e| match Stop::from(e) {
            Stop::Error(why) => Stop::Error(format!("{question}: {why}")),
            skip => skip,
        }),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".into());
            let place = PANIC_PLACE
                .with(|p| p.borrow_mut().take())
                .map(|p| format!(" (at {p})"))
                .unwrap_or_default();
            Err(Stop::Error(format!(
                "{question}: the engine panicked: {message}{place}"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_places_name_the_crate_not_the_machine() {
        assert_eq!(
            short_path(
                "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/owlchess-0.4.1/src/moves/san.rs"
            ),
            "owlchess-0.4.1/src/moves/san.rs"
        );
        assert_eq!(short_path("src/engines/x.rs"), "src/engines/x.rs");
        assert_eq!(
            short_path("/rustc/59807616e1234abcd/library/core/src/slice/mod.rs"),
            "library/core/src/slice/mod.rs"
        );
    }
}
