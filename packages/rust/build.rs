//! Lists `data/json/*.json` (one file per rule area) into `$OUT_DIR/areas.rs`: the areas, sorted
//! by name, each with its file embedded by `include_str!`.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

fn main() {
    let manifest =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let folder = manifest.join("data").join("json");
    println!("cargo:rerun-if-changed={}", folder.display());
    let entries = fs::read_dir(&folder).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (packages/build.sh copies the catalogue there)",
            folder.display()
        )
    });
    let mut areas: Vec<String> = entries
        .map(|entry| {
            entry
                .expect("a readable folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter_map(|name| name.strip_suffix(".json").map(str::to_owned))
        .collect();
    areas.sort();
    assert!(!areas.is_empty(), "{}: no *.json file", folder.display());
    let mut code = String::from("const AREA_FILES: &[(&str, &str)] = &[\n");
    for area in &areas {
        let path = folder.join(format!("{area}.json"));
        writeln!(
            code,
            "    ({area:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("areas.rs");
    fs::write(&out, code).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
