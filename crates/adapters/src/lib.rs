//! Four Rust chess libraries as [chess-conformance](chess_conformance) engines, in process:
//! [`chess`](https://crates.io/crates/chess) ([`ChessCrate`]),
//! [`cozy-chess`](https://crates.io/crates/cozy-chess) ([`CozyChess`]),
//! [`owlchess`](https://crates.io/crates/owlchess) ([`Owlchess`]) and
//! [`pleco`](https://crates.io/crates/pleco) ([`Pleco`]), each pinned to the version
//! its findings name.
//!
//! Each adapter answers with its library's API only, never through another chess library, and
//! declares only what its library offers; what they get wrong is listed, case by case, in
//! `docs/FINDINGS.md`. They are also the examples to follow for an adapter of your own: one
//! file, the library's position kept per case ([`LastGame`](chess_conformance::LastGame)),
//! its types turned into the suite's strings at the edge.

pub mod chess_crate;
pub mod cozy_chess;
pub mod owlchess;
pub mod pleco;

pub use chess_crate::ChessCrate;
pub use cozy_chess::CozyChess;
pub use owlchess::Owlchess;
pub use pleco::Pleco;
