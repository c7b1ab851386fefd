//! Square names: a file `a`-`h` and a rank `1`-`8`.

/// Checks a square name such as `e4`.
///
/// # Errors
///
/// A message saying what a square name is, when `name` is not one.
pub(crate) fn check_square(name: &str) -> Result<(), String> {
    match name.as_bytes() {
        [b'a'..=b'h', b'1'..=b'8'] => Ok(()),
        _ => Err(format!(
            "`{name}` is not a square (expected a file a-h and a rank 1-8)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names() {
        assert!(check_square("a1").is_ok() && check_square("h8").is_ok());
        for bad in ["i1", "a9", "a0", "A1", "e44", "", "e"] {
            assert!(check_square(bad).is_err(), "{bad}");
        }
    }
}
