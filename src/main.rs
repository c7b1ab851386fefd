//! The `chess-conformance` command: a thin layer over the library, one file per subcommand.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
