//! Engines asked through something else: a [`Client`] sends a question and reads the answer
//! (a process speaking the protocol, a recorder, a test double), and [`Remote`] makes it an
//! [`Engine`](crate::Engine), one question per call (the implementation is written from the
//! question table).

use serde::de::DeserializeOwned;

use super::{Answer, Capabilities, Conventions, Game, Identity};
use crate::question::Question;

/// The harness's side of the conversation: sends a question and reads its answer.
///
/// [`Remote`] turns a client into an [`Engine`](crate::Engine), one request per question.
pub trait Client {
    /// The engine's name and version, from the handshake.
    fn identity(&self) -> Identity;

    /// The capabilities the engine declared that this harness knows.
    fn capabilities(&self) -> Capabilities;

    /// A case begins ([`Engine::begin_case`](crate::Engine::begin_case)). The default does
    /// nothing.
    fn begin_case(&mut self) {}

    /// The conventions the engine declared ([`Engine::conventions`](crate::Engine::conventions));
    /// the default, the suite's own.
    fn conventions(&self) -> Conventions {
        Conventions::SUITE
    }

    /// Asks `question` about `game` (`None` for a question about a FEN alone) and reads the
    /// result as a `T`.
    ///
    /// # Errors
    ///
    /// [`EngineError::Unsupported`](super::EngineError::Unsupported) for an `unsupported` answer,
    /// [`EngineError::Failed`](super::EngineError::Failed) for an
    /// `error` answer, a fault of the engine, or a result that is not a `T`.
    fn ask<T: DeserializeOwned>(&mut self, question: &Question, game: Option<&Game>) -> Answer<T>;
}

/// An engine behind a [`Client`]: every [`Engine`](crate::Engine) question is sent as its
/// request.
#[derive(Debug)]
pub struct Remote<C>(pub C);

impl<C> std::ops::Deref for Remote<C> {
    type Target = C;
    fn deref(&self) -> &C {
        &self.0
    }
}

impl<C> std::ops::DerefMut for Remote<C> {
    fn deref_mut(&mut self) -> &mut C {
        &mut self.0
    }
}
