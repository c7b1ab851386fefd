//! The assertions a case can make, one kind per file: each `expect` key of the case format.
//!
//! A kind owns everything about its key ([`Assertion`]): what the loader checks of it
//! ([`Assertion::validate`]: vocabulary, legal moves where it names one), the checks it makes of
//! an engine, computed once at load ([`Assertion::plan`]: each probe with its label, the
//! capabilities it needs, what it expects, the question it asks and how it judges the answer),
//! how it reads under a colour flip or a file mirror ([`Assertion::transform`], for the
//! generator's twins) and its canonical form ([`Assertion::normalize`], for content ids). The
//! table of kinds is [`crate::case::Expect`]: one line per key, naming its file.
//!
//! The checker ([`crate::check()`]) is then a loop over a case's probes; nothing outside this
//! folder knows what any key means.

use std::fmt;

use crate::replay::Replay;
use crate::symmetry::Symmetry;

mod ask;
mod compare;
pub(crate) mod expect;
mod probe;
mod validate;

pub(crate) mod after;
pub(crate) mod attacks;
pub(crate) mod check;
pub(crate) mod checkers;
pub(crate) mod claims;
pub(crate) mod claims_with_move;
pub(crate) mod from_san;
pub(crate) mod illegal;
pub(crate) mod legal;
pub(crate) mod mating_material;
pub(crate) mod move_count;
pub(crate) mod moves;
pub(crate) mod perft;
pub(crate) mod refuses;
pub(crate) mod san;
pub(crate) mod state;
pub(crate) mod touch_move;
pub(crate) mod valid;
pub(crate) mod winnable;
pub(crate) mod winner;

pub(crate) use ask::{Asker, Stop};
pub(crate) use expect::Expect;
pub(crate) use expect::unique_keys;
pub(crate) use probe::{Judged, Plan};
pub(crate) use validate::{Problem, Step, Validation};

/// One kind of assertion: an `expect` key, its value type and what it means.
pub trait Assertion {
    /// The value a case writes under the key.
    type Value: Clone + fmt::Debug + PartialEq;

    /// The key in `expect`.
    const KEY: &'static str;

    /// Checks at load what the value says, beyond its shape: moves and squares in the
    /// vocabulary, moves legal where the assertion plays one, values that assert something.
    /// The position is there when the case's history replays (it does not for `valid: false`).
    fn validate(value: &Self::Value, at: &mut Validation<'_>);

    /// The checks the value makes of an engine, in order.
    fn plan(value: &Self::Value, facts: &Facts<'_>, plan: &mut Plan);

    /// Why a case with this assertion has no twin under `symmetry`, when the rule it tests is
    /// not symmetric that way; `None` (the default) when it is.
    fn obstacle(value: &Self::Value, symmetry: Symmetry, facts: &Facts<'_>) -> Option<String> {
        let _ = (value, symmetry, facts);
        None
    }

    /// The value in the twin of the case under a symmetry.
    ///
    /// # Errors
    ///
    /// Why the value cannot be transformed (a bug in the transformation or in the case).
    fn transform(value: &Self::Value, twin: &Twin) -> Result<Self::Value, String>;

    /// The value with every set-like list sorted, so that two cases that say the same thing in
    /// another order have the same content id.
    fn normalize(value: &Self::Value) -> Self::Value {
        value.clone()
    }
}

/// Something done to every assertion of a case, kind by kind ([`crate::case::Expect::visit`]).
pub trait Visitor {
    /// Called once per assertion present, in the format's order.
    fn visit<A: Assertion>(&mut self, value: &A::Value);
}

/// A new value for every assertion of a case, kind by kind ([`crate::case::Expect::try_map`]).
pub trait Mapper {
    /// The new value of one assertion.
    ///
    /// # Errors
    ///
    /// Why there is none; the whole mapping stops.
    fn map<A: Assertion>(&mut self, value: &A::Value) -> Result<A::Value, String>;
}

/// What a kind may know of its case when it plans: the position, the other assertions, and the
/// game the case sets up (replayed once by the loader).
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// The case's FEN.
    pub fen: &'a str,
    /// Its history.
    pub moves: &'a [String],
    /// Its assertions.
    pub expect: &'a Expect,
    /// The game after the history; `None` when the position is not to be set up (`valid:
    /// false`) or holds pieces beyond the standard six.
    pub game: Option<&'a Replay>,
    /// The pieces beyond the standard six the case declares (empty for most).
    pub pieces: &'a [crate::vocabulary::PieceDefinition],
    /// The game the case is played in.
    pub variant: crate::vocabulary::Variant,
}

/// How a case is transformed into its twin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Twin {
    /// The symmetry.
    pub symmetry: Symmetry,
    /// The move number of the position after one move from the twin's position (for the FENs
    /// of `after`): it goes up after Black's move, and the colour flip changes who moves.
    pub fullmoves_after: u32,
}

/// A list of moves or squares under a symmetry.
pub(crate) fn map_all(list: &[String], f: impl Fn(&str) -> String) -> Vec<String> {
    list.iter().map(|s| f(s)).collect()
}

/// A list, sorted.
pub(crate) fn sorted_list<T: Clone + Ord>(list: &[T]) -> Vec<T> {
    let mut list = list.to_vec();
    list.sort();
    list
}

/// Whether two strings are equal, in a constant (the table checks each kind's key against its
/// field when it compiles).
pub(crate) const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The table of assertion kinds: writes [`crate::case::Expect`] (one optional field per key,
/// serialized as the format says), its list of keys, and the visits of its assertions in the
/// format's order. Each entry names the file that owns the key.
macro_rules! assertions {
    ($(
        $(#[doc = $doc:literal])*
        $(#[serde($($serde:tt)*)])*
        $key:ident: $ty:ty => $kind:ty,
    )*) => {
        /// The assertions of a case. Every field is optional; a case needs at least one.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(deny_unknown_fields)]
        pub struct Expect {
            $(
                $(#[doc = $doc])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                $(#[serde($($serde)*)])*
                pub $key: Option<$ty>,
            )*
        }

        // Each kind's key is its field's name.
        const _: () = {
            $(assert!($crate::assertion::same_str(
                <$kind as $crate::assertion::Assertion>::KEY,
                stringify!($key)
            ));)*
        };

        impl Expect {
            /// Every key an `expect` may have, in the format's order.
            pub const KEYS: &[&str] = &[$(stringify!($key)),*];

            /// The names of the assertions present, in the format's order.
            pub fn present(&self) -> Vec<&'static str> {
                let mut names = Vec::new();
                $(
                    if self.$key.is_some() {
                        names.push(stringify!($key));
                    }
                )*
                names
            }

            /// Calls `visitor` with each assertion present, in the format's order.
            pub fn visit(&self, visitor: &mut impl $crate::assertion::Visitor) {
                $(
                    if let Some(value) = &self.$key {
                        visitor.visit::<$kind>(value);
                    }
                )*
            }

            /// The expectation with each assertion present replaced by what `mapper` makes of
            /// it.
            ///
            /// # Errors
            ///
            /// The first assertion `mapper` cannot map.
            pub fn try_map(
                &self,
                mapper: &mut impl $crate::assertion::Mapper,
            ) -> Result<Expect, String> {
                Ok(Expect {
                    $(
                        $key: match &self.$key {
                            Some(value) => Some(mapper.map::<$kind>(value)?),
                            None => None,
                        },
                    )*
                })
            }
        }
    };
}

pub(crate) use assertions;
