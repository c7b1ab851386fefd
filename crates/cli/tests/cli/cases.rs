//! The catalogue's own subcommands: `show`, `list`, `export`, `generate --check`.

use super::*;
use chess_conformance_generate::AREAS;

#[test]
fn show_draws_the_board_and_the_expectations() {
    let out = cli(&[
        "show",
        "piece-moves/start-21-wrong",
        "--cases",
        "tests/fixtures/wrong",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.contains("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"), "{stdout}");
    assert!(stdout.contains("FIDE Laws 3.10.1"), "{stdout}");
    assert!(stdout.contains("move_count: 21"), "{stdout}");
    assert!(stdout.contains("needs: legal-moves"), "{stdout}");
}

#[test]
fn show_says_a_chess960_case_s_variant_and_draws_its_castled_position() {
    let fixture = "tests/fixtures/chess960";
    let out = cli(&["show", "chess960/both-castled", "--cases", fixture]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains("FIDE Laws II.3.2.1\nvariant: Chess960 (FIDE Laws, Guidelines II;"),
        "{stdout}"
    );
    // b1h1 and b8a8: the kings on g1 and c8, the rooks beside them (Guidelines II.3.2).
    assert!(stdout.contains("8  · · ♚ ♜ · · · ♜"), "{stdout}");
    assert!(stdout.contains("1  ♖ · · · · ♖ ♔ ·"), "{stdout}");
    assert!(stdout.contains("needs: check, play, chess960"), "{stdout}");
    let out = cli(&[
        "show",
        "piece-moves/start-20",
        "--cases",
        "tests/fixtures/wrong",
    ]);
    assert!(!text(&out.stdout).contains("variant"), "standard: not said");
    let out = cli(&["list", "--cases", fixture]);
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(
        stdout.lines().all(|l| l.ends_with(" (Chess960)")),
        "{stdout}"
    );
}

#[test]
fn list_prints_one_case_per_line() {
    let out = cli(&["list", "--cases", "tests/fixtures/wrong"]);
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.starts_with("piece-moves/start-20"), "{stdout}");
    assert!(!stdout.contains("Chess960"), "{stdout}");
}

#[test]
fn export_writes_json_per_area_and_epd_of_the_perft_cases() {
    let dir = std::env::temp_dir().join(format!("cc-cli-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out_dir = dir.to_str().unwrap();
    let out = cli(&[
        "export",
        "--format",
        "json",
        "--generated",
        "exclude",
        "--out",
        out_dir,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let castling: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("castling.json")).unwrap()).unwrap();
    assert_eq!(castling["cases"][0]["id"], "castling/kingside-legal");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), AREAS.len());
    let out = cli(&[
        "export",
        "--format",
        "epd",
        "--filter",
        "perft/kiwipete",
        "--out",
        out_dir,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let epd = std::fs::read_to_string(dir.join("perft.epd")).unwrap();
    assert!(
        epd.starts_with(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862 ;id \"perft/kiwipete\""
        ),
        "{epd}"
    );
    // The Chess960 positions in a file of their own, and none in the standard one.
    let out = cli(&[
        "export",
        "--format",
        "epd",
        "--filter",
        "chess960/perft-cpw-01",
        "--out",
        out_dir,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(dir.join("perft.epd")).unwrap(), "");
    let epd = std::fs::read_to_string(dir.join("chess960.epd")).unwrap();
    assert!(
        epd.starts_with(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - ;D1 21 ;D2 528"
        ),
        "{epd}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Copies the committed `generated/` (every file, the manifest included) into `dir`.
fn copy_generated(dir: &std::path::Path) {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    copy(&std::path::Path::new(ROOT).join("generated"), dir);
}

/// One whole generation (about 20 s of CPU in the test profile), so one test: `generate --check`
/// on a copy of the committed `generated/` in which one file is wrong and one is missing, among
/// a project's own files, names exactly those two, exits 1 and writes nothing. Naming nothing
/// else is the end-to-end proof that the generation reproduces every other committed file byte
/// for byte (CI's `generate --check` proves it for the folder as committed; the generator's unit
/// tests in crates/generate/src/files.rs cover which files a write replaces or removes, and CI's
/// generated step writes a whole generation into a planted folder).
#[test]
fn generate_check_names_exactly_the_stale_files_and_writes_nothing() {
    let dir = scratch("generate-check");
    copy_generated(&dir);
    let users = [
        ("docker-compose.yaml", "services: {}\n"),
        ("json/settings.json", "{}\n"),
    ];
    for (name, body) in users {
        std::fs::write(dir.join(name), body).unwrap();
    }
    std::fs::write(dir.join("castling.yaml"), "cases: []\n").unwrap();
    std::fs::remove_file(dir.join("san.yaml")).unwrap();
    // A temporary a killed generation left (no process has that id): named, not stale.
    let killed = dir.join(".castling.yaml.generate-4294967295.tmp");
    std::fs::write(&killed, "cases:\n  - id: cut sh").unwrap();
    let out = cli(&["generate", "--check", "--out", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is stale (2 files)"), "{stderr}");
    assert!(stderr.contains("castling.yaml: differs"), "{stderr}");
    assert!(stderr.contains("san.yaml: missing"), "{stderr}");
    assert!(
        stderr.contains("left by a killed generation")
            && stderr.contains(".castling.yaml.generate-"),
        "{stderr}"
    );
    assert!(killed.exists(), "--check removes nothing");
    assert!(
        !stderr.contains("docker-compose") && !stderr.contains("settings"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("castling.yaml")).unwrap(),
        "cases: []\n"
    );
    assert!(!dir.join("san.yaml").exists(), "--check writes nothing");
    for (name, body) in users {
        assert_eq!(
            std::fs::read_to_string(dir.join(name)).unwrap(),
            body,
            "{name}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_refuses_an_output_folder_that_is_holds_or_is_inside_the_cases() {
    // A copy of the hand-written cases, with a link to them.
    let dir = scratch("generate-overlap");
    let cases = dir.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    for entry in std::fs::read_dir(format!("{ROOT}/cases")).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, cases.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::os::unix::fs::symlink(&cases, dir.join("link")).unwrap();
    let before = listing(&dir);
    let cases_arg = cases.to_str().unwrap();
    for (out, how) in [
        (cases.clone(), " is the folder of hand-written cases"),
        (dir.join("link"), " is the folder of hand-written cases"),
        (dir.join("cases/generated"), " is inside the folder"),
        (dir.join("link/new/deeper"), " is inside the folder"),
        (dir.join("elsewhere/../cases"), " is the folder"),
        (dir.clone(), " holds the folder"),
    ] {
        let out_arg = out.to_str().unwrap();
        let run = cli(&["generate", "--cases", cases_arg, "--out", out_arg]);
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{out_arg}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {out_arg}: the output folder")),
            "{stderr}"
        );
        assert!(stderr.contains(how), "{out_arg}: {stderr}");
        assert!(stderr.contains("give another --out"), "{stderr}");
        assert_eq!(listing(&dir), before, "{out_arg}: nothing written");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file under `dir` with its contents, sorted (links not followed).
fn listing(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_symlink() {
                out.push((path, Vec::new()));
            } else if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path, bytes));
            }
        }
    }
    out.sort();
    out
}
