//! A minimal engine in its own process: the reference engine (shakmaty) served over the
//! chess-conformance protocol on stdin and stdout (docs/PROTOCOL.md).
//!
//! ```sh
//! cargo build --release --example protocol_engine
//! cargo run --release -- run --engine process:target/release/examples/protocol_engine
//! ```
//!
//! Any [`Engine`](chess_conformance::Engine) can be served the same way, which is also the
//! quickest way to give a Rust library a process of its own.

use std::io;

fn main() -> io::Result<()> {
    let mut engine = chess_conformance::Reference::new();
    chess_conformance::protocol::serve(&mut engine, io::stdin().lock(), io::stdout().lock())
}
