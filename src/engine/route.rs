//! Engines made of other engines: a [`Route`] says which engine answers a question (and may
//! wrap the call, say in a guard), and [`Routed`] makes it an [`Engine`](crate::Engine), every
//! question sent through [`Route::route`] (the implementation is written from the question
//! table, so a new question is routed without a line here). The reference routes a game with
//! pieces to the fairy reference; a mutant guards each answer.

use super::{Answer, Capabilities, Capability, Conventions, Engine, Game, Identity};

/// Which engine answers a question, and how the call is made.
pub trait Route {
    /// The engine's name and version.
    fn identity(&self) -> Identity;

    /// The questions the engine answers and the rules it implements.
    fn capabilities(&self) -> Capabilities;

    /// A case begins ([`Engine::begin_case`]). The default does nothing.
    fn begin_case(&mut self) {}

    /// The conventions of the engine's answers ([`Engine::conventions`]); the default, the
    /// suite's own.
    fn conventions(&self) -> Conventions {
        Conventions::SUITE
    }

    /// Answers the question of `capability` about `game` (`None` for a question about a FEN
    /// alone) by calling `ask` on the engine that answers it.
    fn route<T>(
        &mut self,
        capability: Capability,
        game: Option<&Game>,
        ask: impl FnOnce(&mut dyn Engine) -> Answer<T>,
    ) -> Answer<T>;
}

/// A [`Route`] as an [`Engine`](crate::Engine).
#[derive(Default, Clone)]
pub struct Routed<R>(pub(crate) R);

impl<R: std::fmt::Debug> std::fmt::Debug for Routed<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::question::Question;

    /// Every routed engine answers every question it declares (a new question of the table,
    /// routed with no method written, would answer `Unsupported`), asked through the table on
    /// the starting position.
    #[test]
    fn routed_engines_answer_every_question_they_declare() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let game = Game::new(start, &[]);
        // A value for every argument of the table, by its protocol name.
        let fields = json!({
            "move": "g1f3",
            "san": "Nf3",
            "by": "white",
            "depth": 2,
            "fen": start,
            "events": ["touch g1"],
            "side": "white",
        });
        let engines: Vec<Box<dyn Engine>> = vec![
            Box::new(crate::Reference::new()),
            Box::new(crate::Mutant::new(&crate::mutant::MUTANTS[0])),
        ];
        for mut engine in engines {
            let declared = engine.capabilities();
            for &name in Question::NAMES {
                let question = Question::read(name, fields.clone())
                    .expect("a name of the table")
                    .unwrap_or_else(|e| {
                        panic!("`{name}`: give its arguments a value in this test's `fields`: {e}")
                    });
                if !declared.contains(question.capability()) {
                    continue;
                }
                let answer = question.ask_any(&mut *engine, &game).err();
                assert!(
                    !matches!(answer, Some(crate::EngineError::Unsupported(_))),
                    "{}: `{name}` is declared but answered {answer:?}",
                    engine.identity().name
                );
            }
        }
    }
}
