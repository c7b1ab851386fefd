//! The files of `generated/` on disk: which are stale (`generate --check`), and writing them.
//!
//! The output folder may hold files the generator did not make (a project's own
//! `docker-compose.yaml`, `json/settings.json`): the generator replaces and removes only the
//! files it wrote, listed in the folder's [`MANIFEST`]. A folder without one (a new folder, or
//! one written before the manifest existed) is taken to hold no file of the generator but those
//! it writes now: they are replaced, and nothing is removed.
//!
//! Writing is whole per file and tracked throughout, so that a generation killed at any point
//! (SIGKILL, a full disk) leaves every file either as it was or as it is now, never empty or cut:
//! every changed file is first written to a temporary beside it (`.NAME.generate-PID.tmp`,
//! synced); the manifest then lists the old files and the new; the temporaries are renamed
//! over their names; the files no longer generated are removed; and the manifest is rewritten
//! with the new files alone. The next `generate` removes the temporaries of a process that is
//! gone; `generate --check` names them ([`temporaries`]) without counting them stale: no reader
//! opens a `.NAME.generate-PID.tmp`, and the files it would have replaced are whole.

use std::collections::BTreeSet;
use std::fs::{self, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Component, Path, PathBuf};

use crate::Output;

/// The file in the output folder that lists the files the generator wrote there, one path
/// (relative, `/`-separated) a line, after a comment line.
pub const MANIFEST: &str = ".chess-conformance-manifest";

const MANIFEST_HEADER: &str = "# The files `chess-conformance generate` wrote in this folder, \
the only ones it replaces or removes.\n";

/// The manifest of `output`: its header and every file's path, sorted.
fn manifest_text<'a>(files: impl IntoIterator<Item = &'a String>) -> String {
    let mut text = String::from(MANIFEST_HEADER);
    for name in files {
        text.push_str(name);
        text.push('\n');
    }
    text
}

/// The paths the manifest of `dir` lists, or `None` when there is none. A line that is not a
/// plain relative path inside the folder (`..`, absolute, a hidden part) is ignored: a manifest
/// is a file in the user's folder, and the generator removes what it lists.
fn manifest(dir: &Path) -> io::Result<Option<BTreeSet<String>>> {
    let text = match fs::read_to_string(dir.join(MANIFEST)) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    Ok(Some(
        text.lines()
            .filter(|line| !line.starts_with('#') && plain(line))
            .map(str::to_owned)
            .collect(),
    ))
}

/// Whether `name` is a relative path of plain parts: no `..`, no root, no hidden part.
fn plain(name: &str) -> bool {
    !name.is_empty()
        && name
            .split('/')
            .all(|part| !part.is_empty() && !part.starts_with('.') && !part.contains('\\'))
        && Path::new(name)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// The files of `output` that differ from those under `dir`: missing, different, or listed in
/// its manifest but no longer generated; and the manifest itself, when it is not what
/// [`write()`] leaves.
pub fn stale(output: &Output, dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (name, bytes) in &output.files {
        match fs::read(dir.join(name)) {
            Ok(on_disk) if on_disk == *bytes => {}
            Ok(_) => problems.push(format!("{name}: differs from what `generate` writes")),
            Err(_) => problems.push(format!("{name}: missing")),
        }
    }
    let listed = manifest(dir).ok().flatten().unwrap_or_default();
    for name in &listed {
        if !output.files.contains_key(name) && dir.join(name).exists() {
            problems.push(format!("{name}: no longer generated"));
        }
    }
    match fs::read_to_string(dir.join(MANIFEST)) {
        Ok(text) if text == manifest_text(output.files.keys()) => {}
        Ok(_) => problems.push(format!("{MANIFEST}: differs from what `generate` writes")),
        Err(_) => problems.push(format!("{MANIFEST}: missing")),
    }
    problems.sort();
    problems
}

/// A temporary a generation writes beside a file (`.NAME.generate-PID.tmp`) and renames over
/// it: one still in the folder belongs to a generation running now or to one killed before its
/// end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Temporary {
    /// Its path in the output folder, `/`-separated (`json/.castling.json.generate-12.tmp`).
    pub name: String,
    /// The process that wrote it.
    pub pid: u32,
    /// Whether that process still runs: `Some(false)` gone (a killed generation's leftover,
    /// which the next `generate` removes), `Some(true)` running (a generation writing now),
    /// `None` unknown (the system lists no processes in `/proc`; `generate` then leaves it).
    pub running: Option<bool>,
}

/// The temporaries of generations in `dir` and in the folders of `output` under it, by name:
/// what `generate --check` names apart from the stale files (they are not part of the
/// generation).
pub fn temporaries(output: &Output, dir: &Path) -> Vec<Temporary> {
    let mut found: Vec<Temporary> = temporaries_in(dir, &folders(output))
        .into_iter()
        .map(|(path, pid)| Temporary {
            name: path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/"),
            pid,
            running: running(pid),
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

/// Refuses an output folder that is the folder of hand-written cases, is inside it, or holds
/// it: writing there would replace the cases the output is made from. Both paths are compared
/// resolved (symbolic links followed, `..` removed; an output folder not made yet by its
/// nearest existing parent).
///
/// # Errors
///
/// The reason, naming both folders.
pub fn apart(cases: &Path, out: &Path) -> Result<(), String> {
    let cases_real = fs::canonicalize(cases)
        .map_err(|e| format!("{}: cannot read the case folder: {e}", cases.display()))?;
    let out_real = resolved(out)
        .map_err(|e| format!("{}: cannot resolve the output folder: {e}", out.display()))?;
    let how = if out_real == cases_real {
        "is"
    } else if out_real.starts_with(&cases_real) {
        "is inside"
    } else if cases_real.starts_with(&out_real) {
        "holds"
    } else {
        return Ok(());
    };
    Err(format!(
        "{}: the output folder {how} the folder of hand-written cases {} (both resolved: {} and \
         {}); writing there would replace the cases it is generated from; give another --out",
        out.display(),
        cases.display(),
        out_real.display(),
        cases_real.display()
    ))
}

/// `path` with its symbolic links followed and `..` removed, for a path whose last parts need
/// not exist yet: its nearest existing ancestor resolved, the rest appended.
fn resolved(path: &Path) -> io::Result<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_owned()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut rest = Vec::new();
    let mut existing = absolute.as_path();
    loop {
        match fs::canonicalize(existing) {
            Ok(mut real) => {
                for part in rest.iter().rev() {
                    match part {
                        Component::ParentDir => {
                            real.pop();
                        }
                        Component::CurDir => {}
                        other => real.push(other),
                    }
                }
                return Ok(real);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let Some(parent) = existing.parent() else {
                    return Err(e);
                };
                rest.extend(existing.components().next_back());
                existing = parent;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Writes `output` under `dir`: the files that changed replaced, the files of an earlier
/// generation no longer generated removed, and no other file touched (see the module's
/// documentation). A file already as it should be is not rewritten.
///
/// # Errors
///
/// A file or folder that cannot be written, or a folder of the output that is a symbolic link
/// (the generator writes into its own folders only). The files renamed into place before the
/// error stay (each whole), the manifest lists them, and the temporaries are removed.
pub fn write(output: &Output, dir: &Path) -> io::Result<()> {
    write_until(output, dir, std::process::id(), || true).map(|_| ())
}

/// [`write`] as process `pid`, asking `go` before each step whether to take it: `false` stops
/// there, as a process killed at that point would (no cleanup); whether it finished. The tests
/// stop it at every step.
fn write_until(
    output: &Output,
    dir: &Path,
    pid: u32,
    mut go: impl FnMut() -> bool,
) -> io::Result<bool> {
    fs::create_dir_all(dir)?;
    let folders = folders(output);
    for folder in &folders {
        let path = dir.join(folder);
        if path.is_symlink() {
            return Err(io::Error::other(format!(
                "{}: a symbolic link where the generator writes a folder of its own; remove it \
                 or give another --out",
                path.display()
            )));
        }
        fs::create_dir_all(&path)?;
    }
    remove_dead_temporaries(dir, &folders);
    let old = manifest(dir)?.unwrap_or_default();
    let new: BTreeSet<String> = output.files.keys().cloned().collect();

    // 1. Every changed file to its temporary.
    let mut temporaries: Vec<(PathBuf, PathBuf)> = Vec::new();
    let abandon = |temporaries: &[(PathBuf, PathBuf)]| {
        for (temp, _) in temporaries {
            let _ = fs::remove_file(temp);
        }
    };
    for (name, bytes) in &output.files {
        let path = dir.join(name);
        if fs::read(&path).ok().as_deref() == Some(bytes.as_slice()) {
            continue;
        }
        if !go() {
            return Ok(false);
        }
        match temporary(&path, pid, bytes) {
            Ok(temp) => temporaries.push((temp, path)),
            Err(e) => {
                abandon(&temporaries);
                return Err(e);
            }
        }
    }
    // 2. The manifest lists the old files and the new, so that whatever is on disk from here
    // on is listed.
    let both: BTreeSet<&String> = old.iter().chain(&new).collect();
    if both.len() != old.len() || !dir.join(MANIFEST).is_file() {
        if !go() {
            return Ok(false);
        }
        if let Err(e) = replace(&dir.join(MANIFEST), pid, manifest_text(both).as_bytes()) {
            abandon(&temporaries);
            return Err(e);
        }
    }
    // 3. The new files into place, each whole.
    for (i, (temp, path)) in temporaries.iter().enumerate() {
        if !go() {
            return Ok(false);
        }
        if let Err(e) = fs::rename(temp, path) {
            abandon(&temporaries[i..]);
            return Err(e);
        }
    }
    // 4. The files of the old generation no longer made (its own files only: a listed path
    // under a symbolic link is left alone).
    for name in old.difference(&new) {
        let path = dir.join(name);
        let under_link = Path::new(name)
            .ancestors()
            .skip(1)
            .any(|a| !a.as_os_str().is_empty() && dir.join(a).is_symlink());
        if under_link || !path.symlink_metadata().is_ok_and(|m| !m.is_dir()) {
            continue;
        }
        if !go() {
            return Ok(false);
        }
        fs::remove_file(&path)?;
    }
    // 5. The manifest of the new files alone.
    let text = manifest_text(&new);
    if fs::read_to_string(dir.join(MANIFEST)).ok().as_deref() != Some(text.as_str()) {
        if !go() {
            return Ok(false);
        }
        replace(&dir.join(MANIFEST), pid, text.as_bytes())?;
    }
    Ok(true)
}

/// The temporary of `path` for process `pid`: `.NAME.generate-PID.tmp` beside it.
fn temporary_name(path: &Path, pid: u32) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.generate-{pid}.tmp"))
}

/// `bytes` written to `path`'s temporary (made new: a file already there is an error, so that
/// nothing is written through a link planted at its name) and synced; its path.
fn temporary(path: &Path, pid: u32, bytes: &[u8]) -> io::Result<PathBuf> {
    let temp = temporary_name(path, pid);
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        });
    match written {
        Ok(()) => Ok(temp),
        Err(e) => {
            if e.kind() != io::ErrorKind::AlreadyExists {
                let _ = fs::remove_file(&temp);
            }
            Err(e)
        }
    }
}

/// `path` replaced whole by `bytes`, through its temporary.
fn replace(path: &Path, pid: u32, bytes: &[u8]) -> io::Result<()> {
    let temp = temporary(path, pid, bytes)?;
    fs::rename(&temp, path).inspect_err(|_| {
        let _ = fs::remove_file(&temp);
    })
}

/// The folders of `output` (`json`, `epd`, ...), relative.
fn folders(output: &Output) -> BTreeSet<PathBuf> {
    output
        .files
        .keys()
        .filter_map(|name| Path::new(name).parent().map(Path::to_owned))
        .filter(|p| !p.as_os_str().is_empty())
        .collect()
}

/// Whether process `pid` runs: `None` where the system does not list its processes (`/proc`).
fn running(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.join("self")
        .exists()
        .then(|| proc.join(pid.to_string()).exists())
}

/// The temporaries (`.NAME.generate-PID.tmp`, regular files) in `dir` and its `folders`, with
/// the process each names.
fn temporaries_in(dir: &Path, folders: &BTreeSet<PathBuf>) -> Vec<(PathBuf, u32)> {
    let mut found = Vec::new();
    for folder in std::iter::once(dir.to_owned()).chain(folders.iter().map(|f| dir.join(f))) {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(pid) = name
                .to_str()
                .filter(|n| n.starts_with('.'))
                .and_then(|n| n.strip_suffix(".tmp"))
                .and_then(|n| n.rsplit_once(".generate-"))
                .and_then(|(_, pid)| pid.parse::<u32>().ok())
            else {
                continue;
            };
            if entry.file_type().is_ok_and(|t| t.is_file()) {
                found.push((entry.path(), pid));
            }
        }
    }
    found
}

/// Removes, in `dir` and its `folders`, the temporaries (`.NAME.generate-PID.tmp`) of a
/// process that is gone: what a generation killed before its end left. Only where the system
/// lists its processes (`/proc`).
fn remove_dead_temporaries(dir: &Path, folders: &BTreeSet<PathBuf>) {
    for (path, pid) in temporaries_in(dir, folders) {
        if running(pid) == Some(false) {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PID no process has (above any `pid_max`): a killed generation's.
    const GONE: u32 = u32::MAX;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cc-generate-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn output(files: &[(&str, &str)]) -> Output {
        let mut output = Output::default();
        for (name, text) in files {
            output
                .files
                .insert((*name).into(), text.as_bytes().to_vec());
        }
        output
    }

    /// Every file under `dir`, by relative path, with its contents.
    fn tree(dir: &Path) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_owned()];
        while let Some(folder) = stack.pop() {
            for entry in fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let name = path
                        .strip_prefix(dir)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    out.push((name, fs::read_to_string(&path).unwrap()));
                }
            }
        }
        out.sort();
        out
    }

    /// A user's files, which no generation may touch.
    const USERS: [(&str, &str); 4] = [
        ("docker-compose.yaml", "services: {}\n"),
        ("mkdocs.yaml", "site_name: x\n"),
        ("json/settings.json", "{}\n"),
        ("notes.txt", "mine\n"),
    ];

    fn plant_users(dir: &Path) {
        for (name, text) in USERS {
            let path = dir.join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }

    #[test]
    fn only_the_files_the_generator_wrote_are_replaced_or_removed() {
        let dir = scratch("own");
        plant_users(&dir);
        // A folder without a manifest: the generator's names replaced, nothing removed.
        fs::write(dir.join("a.yaml"), "stale").unwrap();
        let first = output(&[("a.yaml", "a1"), ("b.yaml", "b1"), ("json/a.json", "j1")]);
        write(&first, &dir).unwrap();
        assert!(stale(&first, &dir).is_empty(), "{:?}", stale(&first, &dir));
        // b.yaml and json/a.json are no longer generated: removed, as the manifest lists them.
        let second = output(&[("a.yaml", "a2"), ("c.yaml", "c2")]);
        assert_eq!(
            stale(&second, &dir),
            [
                ".chess-conformance-manifest: differs from what `generate` writes",
                "a.yaml: differs from what `generate` writes",
                "b.yaml: no longer generated",
                "c.yaml: missing",
                "json/a.json: no longer generated",
            ]
        );
        write(&second, &dir).unwrap();
        assert!(stale(&second, &dir).is_empty());
        let mut expected: Vec<(String, String)> = USERS
            .iter()
            .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
            .collect();
        expected.extend([
            (MANIFEST.to_owned(), manifest_text(second.files.keys())),
            ("a.yaml".to_owned(), "a2".to_owned()),
            ("c.yaml".to_owned(), "c2".to_owned()),
        ]);
        expected.sort();
        assert_eq!(tree(&dir), expected);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_manifest_names_nothing_outside_its_folder() {
        let dir = scratch("hostile");
        let outside = dir.join("outside.txt");
        fs::write(&outside, "keep").unwrap();
        let out = dir.join("out");
        fs::create_dir_all(out.join("json")).unwrap();
        fs::write(out.join(".hidden"), "keep").unwrap();
        fs::write(
            out.join(MANIFEST),
            format!(
                "{MANIFEST_HEADER}../outside.txt\n{}\n.hidden\njson/../../outside.txt\n",
                outside.display()
            ),
        )
        .unwrap();
        write(&output(&[("a.yaml", "a")]), &out).unwrap();
        assert_eq!(fs::read_to_string(&outside).unwrap(), "keep");
        assert_eq!(fs::read_to_string(out.join(".hidden")).unwrap(), "keep");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_of_the_output_that_is_a_link_is_refused() {
        let dir = scratch("linked");
        let elsewhere = dir.join("elsewhere");
        fs::create_dir_all(&elsewhere).unwrap();
        let out = dir.join("out");
        fs::create_dir_all(&out).unwrap();
        std::os::unix::fs::symlink(&elsewhere, out.join("json")).unwrap();
        let e = write(&output(&[("json/a.json", "a")]), &out).unwrap_err();
        assert!(e.to_string().contains("a symbolic link"), "{e}");
        assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_generation_killed_at_any_step_leaves_each_file_old_or_new_and_all_listed() {
        let old = output(&[
            ("a.yaml", "a old"),
            ("b.yaml", "b old"),
            ("json/a.json", "j old"),
            ("json/b.json", "jb old"),
        ]);
        let new = output(&[
            ("a.yaml", "a new"),
            ("c.yaml", "c new"),
            ("json/a.json", "j old"),
            ("epd/perft.epd", "e new"),
        ]);
        let mut step = 0;
        loop {
            let dir = scratch("killed");
            plant_users(&dir);
            write(&old, &dir).unwrap();
            let mut taken = 0;
            let finished = write_until(&new, &dir, GONE, || {
                taken += 1;
                taken <= step
            })
            .unwrap();
            let listed = manifest(&dir).unwrap().unwrap();
            for (name, text) in tree(&dir) {
                if USERS.iter().any(|(n, t)| *n == name && *t == text) {
                    continue;
                }
                if name == MANIFEST || name.ends_with(&format!(".generate-{GONE}.tmp")) {
                    continue;
                }
                let was = old.files.get(&name).map(|b| String::from_utf8_lossy(b));
                let is = new.files.get(&name).map(|b| String::from_utf8_lossy(b));
                assert!(
                    was.as_deref() == Some(text.as_str()) || is.as_deref() == Some(text.as_str()),
                    "step {step}: {name} is {text:?}, neither {was:?} nor {is:?}"
                );
                assert!(listed.contains(&name), "step {step}: {name} is not listed");
            }
            // The next generation finishes the work and removes the killed one's temporaries.
            write(&new, &dir).unwrap();
            assert!(stale(&new, &dir).is_empty(), "step {step}");
            let mut expected: Vec<(String, String)> = USERS
                .iter()
                .chain(&[
                    ("a.yaml", "a new"),
                    ("c.yaml", "c new"),
                    ("json/a.json", "j old"),
                    ("epd/perft.epd", "e new"),
                ])
                .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
                .collect();
            expected.push((MANIFEST.to_owned(), manifest_text(new.files.keys())));
            expected.sort();
            assert_eq!(tree(&dir), expected, "step {step}");
            fs::remove_dir_all(&dir).unwrap();
            if finished {
                // Three temporaries, the manifest of both, three renames, two removals, the
                // manifest of the new.
                assert_eq!(step, 10);
                break;
            }
            step += 1;
        }
    }

    #[test]
    fn the_output_folder_must_be_apart_from_the_cases() {
        let dir = scratch("apart");
        let cases = dir.join("cases");
        fs::create_dir_all(cases.join("sub")).unwrap();
        std::os::unix::fs::symlink(&cases, dir.join("link")).unwrap();
        let refused = |out: PathBuf| apart(&cases, &out).expect_err(&out.display().to_string());
        assert!(refused(cases.clone()).contains("the output folder is the folder"));
        assert!(refused(dir.join("link")).contains(" is the folder"));
        assert!(refused(dir.join("link/new/deeper")).contains(" is inside "));
        assert!(refused(dir.join("other/../cases/sub")).contains(" is inside "));
        assert!(refused(dir.clone()).contains(" holds "));
        apart(&cases, &dir.join("generated")).unwrap();
        apart(&cases, &dir.join("generated/../generated2")).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_temporaries_left_in_the_folder_are_named_with_their_process() {
        let dir = scratch("temporaries");
        let out = output(&[("a.yaml", "a"), ("json/a.json", "j")]);
        write(&out, &dir).unwrap();
        assert_eq!(temporaries(&out, &dir), []);
        // A killed generation's, in the folder and in one of its own; a running one's (this
        // test's process); and what is no temporary: another hidden file, a folder of that
        // name, a temporary in a folder the generation does not write.
        let me = std::process::id();
        fs::write(dir.join(format!(".a.yaml.generate-{GONE}.tmp")), "cut").unwrap();
        fs::write(dir.join(format!("json/.a.json.generate-{GONE}.tmp")), "cut").unwrap();
        fs::write(dir.join(format!(".a.yaml.generate-{me}.tmp")), "half").unwrap();
        fs::write(dir.join(".a.yaml.generate-x.tmp"), "mine").unwrap();
        fs::write(dir.join(".hidden.tmp"), "mine").unwrap();
        fs::create_dir_all(dir.join(format!(".b.yaml.generate-{GONE}.tmp"))).unwrap();
        fs::create_dir_all(dir.join("other")).unwrap();
        fs::write(dir.join(format!("other/.c.generate-{GONE}.tmp")), "mine").unwrap();
        let found: Vec<(String, u32, Option<bool>)> = temporaries(&out, &dir)
            .into_iter()
            .map(|t| (t.name, t.pid, t.running))
            .collect();
        // In the order of their names, which this process's id decides (`1871` sorts before
        // `4294967295`, `51871` after).
        let mut expected = vec![
            (format!(".a.yaml.generate-{GONE}.tmp"), GONE, Some(false)),
            (format!(".a.yaml.generate-{me}.tmp"), me, Some(true)),
            (
                format!("json/.a.json.generate-{GONE}.tmp"),
                GONE,
                Some(false),
            ),
        ];
        expected.sort();
        assert_eq!(found, expected);
        // Not part of the generation: the folder is not stale for them.
        assert!(stale(&out, &dir).is_empty(), "{:?}", stale(&out, &dir));
        // The next generation removes the killed one's, and only those.
        write(&out, &dir).unwrap();
        let left: Vec<String> = temporaries(&out, &dir)
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(left, [format!(".a.yaml.generate-{me}.tmp")]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
