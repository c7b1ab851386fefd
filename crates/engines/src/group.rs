//! Process groups: every engine runs in a group of its own, so that ending an engine ends
//! whatever it started too (the program a `sh -c` runs, a fork, a grandchild that holds its
//! pipes). The groups alive are kept in a registry, so that a harness that is interrupted can
//! end them all ([`end_all`]) from its signal thread, whatever its other threads are doing.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// How long a group gets between SIGTERM and SIGKILL.
pub(crate) const TERM_GRACE: Duration = Duration::from_millis(100);

/// The process groups of the engines alive (each a group leader's pid).
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Set by [`end_all`]: no engine may start after it.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Records a new engine's group. Returns false, and records nothing, once the harness is
/// stopping: the caller then ends the group itself.
pub(crate) fn register(group: i32) -> bool {
    let Ok(mut live) = LIVE.lock() else {
        return false;
    };
    // Checked under the lock, so an engine started while `end_all` runs is either ended by it
    // or refused here.
    if STOPPING.load(Ordering::SeqCst) {
        return false;
    }
    live.push(group);
    true
}

/// Forgets a group that has been ended.
pub(crate) fn unregister(group: i32) {
    if let Ok(mut live) = LIVE.lock() {
        live.retain(|&g| g != group);
    }
}

/// Whether [`end_all`] was called: engines are being stopped for good.
pub(crate) fn is_stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

/// Ends every engine's process group (SIGTERM, then SIGKILL to what is left after a short
/// grace) and refuses to start any engine after it. For a harness that was interrupted; safe to
/// call from any thread, and more than once.
pub fn end_all() {
    let groups: Vec<i32> = match LIVE.lock() {
        Ok(mut live) => {
            STOPPING.store(true, Ordering::SeqCst);
            std::mem::take(&mut *live)
        }
        Err(_) => {
            STOPPING.store(true, Ordering::SeqCst);
            return;
        }
    };
    for &group in &groups {
        signal(group, libc::SIGTERM);
    }
    let start = Instant::now();
    while start.elapsed() < TERM_GRACE && groups.iter().any(|&g| exists(g)) {
        thread::sleep(Duration::from_millis(5));
    }
    for &group in &groups {
        signal(group, libc::SIGKILL);
    }
    // The engines are gone: the files written for them too.
    crate::scratch::remove();
}

/// Sends `sig` to every process of `group`; false when the group has no process left.
pub(crate) fn signal(group: i32, sig: i32) -> bool {
    if group <= 1 {
        // Never the caller's own group (0) or every process it may signal (-1).
        return false;
    }
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe { libc::kill(-group, sig) == 0 }
}

/// Whether `group` still has a process (a zombie counts until it is reaped).
pub(crate) fn exists(group: i32) -> bool {
    signal(group, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    #[test]
    fn a_group_is_signalled_whole() {
        // A shell that starts a sleeper and waits: two processes in one new group.
        let mut child = Command::new("sh")
            .args(["-c", "sleep 30 & wait"])
            .process_group(0)
            .spawn()
            .expect("sh starts");
        let group = child.id() as i32;
        assert!(exists(group));
        assert!(signal(group, libc::SIGKILL));
        child.wait().expect("sh is reaped");
        // The sleeper was killed with the shell: once it is reaped (by init) the group is
        // empty.
        let start = Instant::now();
        while exists(group) && start.elapsed() < Duration::from_secs(5) {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(!exists(group), "the sleeper outlived its group's SIGKILL");
    }

    #[test]
    fn the_callers_own_group_is_never_signalled() {
        assert!(!signal(0, 0));
        assert!(!signal(1, 0));
        assert!(!signal(-5, 0));
    }
}
