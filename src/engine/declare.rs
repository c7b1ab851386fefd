//! The macro behind the question table of [`crate::engine`]: from one entry per capability it
//! writes the [`Capability`](crate::Capability) enum, the [`Engine`](crate::Engine) trait and
//! its `Box` forwarding, one type per question with the protocol message it is
//! ([`crate::question`]), the serving side's dispatch, and the [`Engine`](crate::Engine)
//! implementation of every protocol client ([`crate::protocol::Remote`]) and of every routed
//! engine (`Routed`: the reference, the mutants).
//!
//! An entry is a capability's name and doc, and, for a question, its type, its protocol `type`
//! and the trait method, written as a Rust signature whose extra arguments say the type they
//! travel as (`uci: &str as String`). Nothing else in the crate lists the questions.

/// Turns a question's field into the argument its [`Engine`](crate::Engine) method takes:
/// `&str` for a `String`, a slice for a `Vec`, the value for a small `Copy` type.
pub(crate) trait Arg {
    /// The argument type.
    type Borrowed<'a>
    where
        Self: 'a;
    /// The argument.
    fn arg(&self) -> Self::Borrowed<'_>;
}

impl Arg for String {
    type Borrowed<'a> = &'a str;
    fn arg(&self) -> &str {
        self
    }
}

impl<T> Arg for Vec<T> {
    type Borrowed<'a>
        = &'a [T]
    where
        T: 'a;
    fn arg(&self) -> &[T] {
        self
    }
}

impl Arg for u32 {
    type Borrowed<'a> = u32;
    fn arg(&self) -> u32 {
        *self
    }
}

impl Arg for crate::vocabulary::Color {
    type Borrowed<'a> = crate::vocabulary::Color;
    fn arg(&self) -> crate::vocabulary::Color {
        *self
    }
}

impl Arg for crate::vocabulary::Variant {
    type Borrowed<'a> = crate::vocabulary::Variant;
    fn arg(&self) -> crate::vocabulary::Variant {
        *self
    }
}

impl Arg for crate::vocabulary::AttackSource {
    type Borrowed<'a> = &'a crate::vocabulary::AttackSource;
    fn arg(&self) -> &crate::vocabulary::AttackSource {
        self
    }
}

/// One helper per generated item, each with an arm for a question about a position
/// (`&mut self, game: &Game, ...`) and one for a question about a FEN alone (`validate_fen`).
macro_rules! question_item {
    // The trait method, with its default body (or "unsupported"); nothing for a rule.
    (@trait_fn [$($doc:literal)*] $cap:ident []) => {};
    (@trait_fn [$($doc:literal)*] $cap:ident [$method:ident
        (&mut $self:ident, $game:ident : &Game $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty [$default:block]]) => {
        $(#[doc = $doc])*
        fn $method(&mut $self, $game: &Game $(, $arg: $aty)*) -> Answer<$answer> $default
    };
    (@trait_fn [$($doc:literal)*] $cap:ident [$method:ident
        (&mut $self:ident, $game:ident : &Game $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty []]) => {
        $(#[doc = $doc])*
        fn $method(&mut $self, $game: &Game $(, $arg: $aty)*) -> Answer<$answer> {
            let _ = ($game $(, $arg)*);
            unsupported(Capability::$cap)
        }
    };
    (@trait_fn [$($doc:literal)*] $cap:ident [$method:ident
        (&mut $self:ident $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty []]) => {
        $(#[doc = $doc])*
        fn $method(&mut $self $(, $arg: $aty)*) -> Answer<$answer> {
            let _ = ($($arg),*);
            unsupported(Capability::$cap)
        }
    };

    // The `Box` forwarding.
    (@box_fn $method:ident
        (&mut $self:ident, $game:ident : &Game $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty) => {
        fn $method(&mut $self, $game: &Game $(, $arg: $aty)*) -> Answer<$answer> {
            (**$self).$method($game $(, $arg)*)
        }
    };
    (@box_fn $method:ident
        (&mut $self:ident $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty) => {
        fn $method(&mut $self $(, $arg: $aty)*) -> Answer<$answer> {
            (**$self).$method($($arg),*)
        }
    };

    // A protocol client's method: the question sent as a request.
    (@remote_fn $q:ident $method:ident
        (&mut $self:ident, $game:ident : &Game $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty) => {
        fn $method(&mut $self, $game: &Game $(, $arg: $aty)*) -> Answer<$answer> {
            let question = $crate::question::Question::$q($crate::question::$q {
                $($arg: $arg.to_owned()),*
            });
            $self.0.ask(&question, Some($game))
        }
    };
    (@remote_fn $q:ident $method:ident
        (&mut $self:ident $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty) => {
        fn $method(&mut $self $(, $arg: $aty)*) -> Answer<$answer> {
            let question = $crate::question::Question::$q($crate::question::$q {
                $($arg: $arg.to_owned()),*
            });
            $self.0.ask(&question, None)
        }
    };

    // A routed engine's method: the question sent through its route.
    (@routed_fn $cap:ident $method:ident
        (&mut $self:ident, $game:ident : &Game $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty) => {
        fn $method(&mut $self, $game: &Game $(, $arg: $aty)*) -> Answer<$answer> {
            $crate::engine::Route::route(&mut $self.0, Capability::$cap, Some($game), |engine| {
                engine.$method($game $(, $arg)*)
            })
        }
    };
    (@routed_fn $cap:ident $method:ident
        (&mut $self:ident $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)
        -> $answer:ty) => {
        fn $method(&mut $self $(, $arg: $aty)*) -> Answer<$answer> {
            $crate::engine::Route::route(&mut $self.0, Capability::$cap, None, |engine| {
                engine.$method($($arg),*)
            })
        }
    };

    // The question's own type: its arguments, as the protocol carries them.
    (@struct [$($doc:literal)*] []) => {};
    (@struct [$($doc:literal)*] [$q:ident $wire:literal $method:ident
        (&mut $self:ident, $game:ident : &Game $(, $($rest:tt)*)?)]) => {
        $crate::engine::declare::question_item!(@struct [$($doc)*] [$q $wire $method (&mut $self $(, $($rest)*)?)]);
    };
    (@struct [$($doc:literal)*] [$q:ident $wire:literal $method:ident
        (&mut $self:ident $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)]) => {
        #[doc = concat!("The `", $wire, "` question: [`Engine::", stringify!($method), "`](crate::Engine::", stringify!($method), ").")]
        ///
        $(#[doc = $doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub struct $q {
            $(
                #[allow(missing_docs)]
                $(#[$fa])*
                pub $arg: $fty,
            )*
        }
    };
}

pub(crate) use question_item;

/// The table's macro: see the module docs and [`crate::engine`].
macro_rules! questions {
    ($(
        $(#[doc = $doc:literal])*
        $cap:ident = $cap_name:literal
        $(: $q:ident $wire:literal fn $method:ident ($($params:tt)*) -> $answer:ty $(= $default:block)?)?
        ;
    )*) => {
        /// A question an engine can answer, or a rule it implements.
        ///
        /// Each question's capability is named after it (`legal-moves` for
        /// [`Engine::legal_moves`]). The others are rules inside the game-state and draw-claim
        /// answers that some libraries leave out: a case that expects such a rule to fire (say
        /// `state: fivefold_repetition`) needs that capability too. The order is the table's:
        /// reports list missing capabilities in it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Capability {
            $(
                $(#[doc = $doc])*
                $(
                    ///
                    #[doc = concat!("Asked by [`Engine::", stringify!($method), "`] (protocol request `", $wire, "`).")]
                )?
                $cap,
            )*
        }

        impl Capability {
            /// Every capability, in the table's order.
            pub const ALL: &[Capability] = &[$(Capability::$cap),*];

            /// The kebab-case name used on the command line, in reports and in the protocol.
            pub fn name(self) -> &'static str {
                match self {
                    $(Capability::$cap => $cap_name,)*
                }
            }

            /// The question this capability answers, by its protocol `type`; `None` for a rule.
            pub fn question(self) -> Option<&'static str> {
                match self {
                    $(Capability::$cap => None $(.or(Some($wire)))?,)*
                }
            }
        }

        /// An implementation of the rules of chess, as the harness sees it.
        ///
        /// Implement [`identity`](Engine::identity), [`capabilities`](Engine::capabilities) and
        /// the questions your library answers; leave the rest to their defaults. Answers are
        /// strings in the suite's vocabulary: moves in UCI with castling as the king's
        /// two-square move (`e1g1`) and promotions in lower case (`e7e8q`), squares as `e4`,
        /// positions as FEN. An answer that is not in that vocabulary is an error verdict, not
        /// a failure.
        ///
        /// A panic inside any method is caught and becomes an error verdict for that
        /// assertion; the engine is then used for further cases, so an adapter that cannot
        /// recover from a panic should reset itself at the start of each call.
        pub trait Engine {
            /// The implementation's name and version.
            fn identity(&self) -> Identity;

            /// The questions this engine answers and the rules it implements.
            fn capabilities(&self) -> Capabilities;

            /// A case begins: the checker calls this before the case's first question. An
            /// engine that names its requests in error messages counts them from here, so that
            /// a report does not depend on which of several instances checked which case
            /// (`run --jobs`). The default does nothing.
            fn begin_case(&mut self) {}

            /// The conventions that hold for all its answers ([`Conventions`]): the default,
            /// the suite's own, keeps everything a FEN says. An engine whose library keeps no
            /// clocks returns [`Conventions::NO_CLOCKS`].
            fn conventions(&self) -> Conventions {
                Conventions::SUITE
            }

            $(
                $crate::engine::declare::question_item!(
                    @trait_fn [$($doc)*] $cap [$($method ($($params)*) -> $answer [$($default)?])?]
                );
            )*
        }

        impl<E: Engine + ?Sized> Engine for Box<E> {
            fn identity(&self) -> Identity {
                (**self).identity()
            }
            fn capabilities(&self) -> Capabilities {
                (**self).capabilities()
            }
            fn begin_case(&mut self) {
                (**self).begin_case()
            }
            fn conventions(&self) -> Conventions {
                (**self).conventions()
            }
            $($(
                $crate::engine::declare::question_item!(@box_fn $method ($($params)*) -> $answer);
            )?)*
        }

        $($(
            impl Ask for question::$q {
                type Answer = $answer;
                const NAME: &'static str = $wire;
                const CAPABILITY: Capability = Capability::$cap;

                fn ask(&self, engine: &mut dyn Engine, game: &Game) -> Answer<$answer> {
                    $crate::engine::declare::question_call!(engine game self $method ($($params)*))
                }
            }
        )?)*

        impl<C: $crate::engine::Client> Engine for $crate::engine::Remote<C> {
            fn identity(&self) -> Identity {
                self.0.identity()
            }
            fn capabilities(&self) -> Capabilities {
                self.0.capabilities()
            }
            fn begin_case(&mut self) {
                self.0.begin_case()
            }
            fn conventions(&self) -> Conventions {
                self.0.conventions()
            }
            $($(
                $crate::engine::declare::question_item!(@remote_fn $q $method ($($params)*) -> $answer);
            )?)*
        }

        impl<R: $crate::engine::Route> Engine for $crate::engine::Routed<R> {
            fn identity(&self) -> Identity {
                self.0.identity()
            }
            fn capabilities(&self) -> Capabilities {
                self.0.capabilities()
            }
            fn begin_case(&mut self) {
                self.0.begin_case()
            }
            fn conventions(&self) -> Conventions {
                self.0.conventions()
            }
            $($(
                $crate::engine::declare::question_item!(@routed_fn $cap $method ($($params)*) -> $answer);
            )?)*
        }

        /// The questions as values: one type per question, holding its arguments, and
        /// [`Question`](question::Question), any one of them. They are the protocol's requests (with the position
        /// they ask about) and what the checker asks engines through.
        pub mod question {
            // Only what the argument types need: the questions' names shadow some vocabulary
            // (`GameState`, `MatingMaterial`), so answers are typed outside this module.
            #[allow(unused_imports)]
            use $crate::vocabulary::*;
            use super::Ask;
            use super::{Answer, Capability, Engine, EngineError, Game};

            $(
                $crate::engine::declare::question_item!(
                    @struct [$($doc)*] [$($q $wire $method ($($params)*))?]
                );
            )*

            $($(
                impl From<$q> for Question {
                    fn from(q: $q) -> Question {
                        Question::$q(q)
                    }
                }
            )?)*

            /// Any question, with its arguments.
            #[derive(Debug, Clone, PartialEq, Eq, Hash)]
            pub enum Question {
                $($(
                    #[doc = concat!("[`Engine::", stringify!($method), "`].")]
                    $q($q),
                )?)*
            }

            impl Question {
                /// Every question's protocol `type`, in the table's order.
                pub const NAMES: &[&str] = &[$($($wire,)?)*];

                /// The protocol `type` of the question.
                pub fn name(&self) -> &'static str {
                    match self {
                        $($(Question::$q(_) => $wire,)?)*
                    }
                }

                /// The capability that answers it.
                pub fn capability(&self) -> Capability {
                    match self {
                        $($(Question::$q(_) => Capability::$cap,)?)*
                    }
                }

                /// Whether the question is about a position (a FEN and moves), rather than a
                /// FEN alone.
                pub fn about_a_position(&self) -> bool {
                    match self {
                        $($(Question::$q(_) => $crate::engine::declare::question_positioned!($($params)*),)?)*
                    }
                }

                /// The question's arguments as the protocol writes them.
                pub(crate) fn arguments(&self) -> serde_json::Result<serde_json::Value> {
                    match self {
                        $($(Question::$q(q) => serde_json::to_value(q),)?)*
                    }
                }

                /// Whether the question of protocol type `name` is about a position (`None`
                /// when no question has that name): what a protocol helper needs to know of a
                /// request before it builds a position.
                pub fn is_about_a_position(name: &str) -> Option<bool> {
                    match name {
                        $($($wire => Some($crate::engine::declare::question_positioned!($($params)*)),)?)*
                        _ => None,
                    }
                }

                /// The question of protocol type `name`, its arguments read from `fields` (other
                /// fields are ignored); `None` when no question has that name. Whoever has the
                /// values of every argument the table uses (a fuzz target) gets every question
                /// through it, none named by hand.
                pub fn read(
                    name: &str,
                    fields: serde_json::Value,
                ) -> Option<serde_json::Result<Question>> {
                    match name {
                        $($($wire => Some(serde_json::from_value::<$q>(fields).map(Question::$q)),)?)*
                        _ => None,
                    }
                }

                /// Asks `engine`, the answer boxed (for callers that hold answers of every
                /// type, such as a cache).
                pub fn ask_any(
                    &self,
                    engine: &mut dyn Engine,
                    game: &Game,
                ) -> Answer<Box<dyn std::any::Any + Send>> {
                    match self {
                        $($(Question::$q(q) => q
                            .ask(engine, game)
                            .map(|a| Box::new(a) as Box<dyn std::any::Any + Send>),)?)*
                    }
                }

                /// Asks `engine` and writes its answer as the protocol does.
                pub fn answer(
                    &self,
                    engine: &mut dyn Engine,
                    game: &Game,
                ) -> Answer<serde_json::Value> {
                    let json = |v: serde_json::Result<serde_json::Value>| v.map_err(EngineError::failed);
                    match self {
                        $($(Question::$q(q) => json(serde_json::to_value(q.ask(engine, game)?)),)?)*
                    }
                }
            }
        }
    };
}

pub(crate) use questions;

/// Whether a question's parameters start with a position.
macro_rules! question_positioned {
    (&mut $self:ident, $game:ident : &Game $(, $($rest:tt)*)?) => {
        true
    };
    (&mut $self:ident $(, $($rest:tt)*)?) => {
        false
    };
}

pub(crate) use question_positioned;

/// The call of a question's method on an engine, its arguments taken from the question.
macro_rules! question_call {
    ($engine:ident $game:ident $q:ident $method:ident
        (&mut $self:ident, $g:ident : &Game $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)) => {
        $engine.$method($game $(, $crate::engine::declare::Arg::arg(&$q.$arg))*)
    };
    ($engine:ident $game:ident $q:ident $method:ident
        (&mut $self:ident $(, $(#[$fa:meta])* $arg:ident : $aty:ty as $fty:ty)*)) => {{
        let _ = $game;
        $engine.$method($($crate::engine::declare::Arg::arg(&$q.$arg)),*)
    }};
}

pub(crate) use question_call;
