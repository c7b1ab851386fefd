//! The error that ends a command with a message and exit code 2: bad input or usage (a case
//! file, a flag, an engine spec, a file that cannot be read or written). The other exit codes
//! are a command's verdict: 0 every case passed (or was skipped), 1 a case failed or erred,
//! 130 or 143 interrupted (`interrupt.rs`).

/// A failure that ends the command with exit code 2, and the message printed for it.
pub(crate) struct BadInput(pub(crate) String);

impl BadInput {
    /// The exit code of a command that ends in bad input or usage.
    pub(crate) const EXIT_CODE: u8 = 2;
}
