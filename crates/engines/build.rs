//! Embeds the protocol's JSON Schemas (`docs/protocol/*.schema.json`, at the repository's root;
//! read through the symlink `protocol/` of this crate, so that `cargo package` packs them and the
//! crate builds from its .crate) so that `--validate-protocol` needs no file at run time: every
//! file is embedded, and the schema module's tests check that each question has its two and no
//! file is left over.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("protocol");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".schema.json"))
        .collect();
    files.sort();
    let mut code = String::from(
        "/// The protocol's schema files: (file name, text).\npub const FILES: &[(&str, &str)] = &[\n",
    );
    for path in &files {
        let name = path.file_name().expect("a file").to_string_lossy();
        let full = fs::canonicalize(path).expect("the file exists");
        writeln!(
            code,
            "    ({name:?}, include_str!({:?})),",
            full.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("schemas.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
