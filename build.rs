//! Embeds the shipped catalogue (`cases/*.yaml`, its version and record, and the generated cases
//! of `generated/*.yaml`)
//! so the binary and the library carry it wherever they are installed or depended on.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("cases");
    println!("cargo:rerun-if-changed=cases");
    println!("cargo:rerun-if-changed=generated");
    let files = yaml_files(&dir);
    let generated = yaml_files(&Path::new(&root).join("generated"));
    let (retired, cases): (Vec<_>, Vec<_>) = files
        .iter()
        .partition(|p| p.file_name().is_some_and(|n| n == "retired.yaml"));
    let list = |folder: &str, paths: &[&std::path::PathBuf]| {
        let mut out = String::from("&[\n");
        for path in paths {
            let name = format!(
                "{folder}/{}",
                path.file_name().expect("a file").to_string_lossy()
            );
            writeln!(
                out,
                "    ({name:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .expect("writing to a string");
        }
        out.push(']');
        out
    };
    let code = format!(
        "/// The shipped case files: (name, text).\npub const CASE_FILES: &[(&str, &str)] = {};\n\
         /// The shipped lists of retired ids: (name, text).\npub const RETIRED: &[(&str, &str)] = {};\n\
         /// The generated case files (`generated/*.yaml`): (name, text).\n\
         pub const GENERATED_FILES: &[(&str, &str)] = {};\n\
         /// The catalogue's version (`cases/VERSION`), if there is one.\n\
         pub const VERSION: Option<&str> = {};\n\
         /// The record of the catalogue's versions (`cases/catalogue.lock`), if there is one.\n\
         pub const LOCK: Option<&str> = {};\n",
        list("cases", &cases),
        list("cases", &retired),
        list("generated", &generated.iter().collect::<Vec<_>>()),
        optional(&dir.join("VERSION")),
        optional(&dir.join("catalogue.lock")),
    );
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_cases.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}

/// `Some(include_str!(path))` if the file exists, else `None`.
fn optional(path: &Path) -> String {
    if path.is_file() {
        format!("Some(include_str!({:?}))", path.display().to_string())
    } else {
        "None".into()
    }
}

/// The `*.yaml` files directly in `dir`, sorted; none if it does not exist.
fn yaml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
