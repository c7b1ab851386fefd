//! A child process spoken to in lines, with limits: the transport under the `process:` and
//! `uci:` engines.
//!
//! The child is started from an argument vector (never through a shell), as the leader of a
//! process group of its own ([`crate::group`]): whatever it starts joins that group, and ending
//! the child ends the group (SIGTERM, then SIGKILL after a short grace), on a timeout, a restart,
//! a drop or an interrupt, so nothing it started outlives it. Its stdout is read by the caller
//! itself, with poll(2) and a deadline, and cut into lines (at a size limit) as it comes; the
//! wait also watches the child's own exit (a process it started may hold its stdout open after
//! it exited). No thread stands between the pipe and the caller, and when answers have been
//! quick the wait spins a few microseconds before it sleeps: a round trip costs what the
//! machine's pipes cost (`cargo bench --bench protocol` compares the two). A thread drains its
//! stderr and keeps the last few KiB, to show when it crashes. Whatever goes wrong (no answer in time, an exit, a line too long,
//! bytes that are not UTF-8) comes back as a [`Fault`]; after a fault the caller drops the
//! child (which ends its group) and starts a new one.
//!
//! The leader is reaped only when its group is ended: until then its pid (the group's id)
//! cannot be given to another process, so a signal to the group never reaches a stranger.

mod lines;

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufWriter, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::group;
use chess_conformance::Limits;
use lines::{Event, Lines};

/// How many bytes one read of stdout takes at most: lines are cut from them before the next
/// read, so a child that floods its stdout cannot make the harness buffer without bound (it
/// blocks on a full pipe instead).
const READ_BYTES: usize = 64 << 10;

/// How long, at most, a fault waits for the child's exit status and the end of its stderr.
const GRACE: Duration = Duration::from_millis(200);

/// How often a wait for a line also looks whether the child has exited.
const POLL: Duration = Duration::from_millis(10);

/// The longest a wait for a line spins (asking the pipe without sleeping) before it sleeps in
/// poll(2): see [`LineChild::receive`].
const SPIN_MAX: Duration = Duration::from_micros(50);

/// How long, once the child has exited with its stdout still held open, its last lines get to
/// come through.
const LAST_LINES: Duration = Duration::from_millis(20);

/// The instant `timeout` from now, or the latest instant the clock can tell when that is out
/// of its range (a timeout of 1e19 seconds): a deadline never overflows.
pub(crate) fn deadline_after(timeout: Duration) -> Instant {
    let now = Instant::now();
    let mut wait = timeout;
    loop {
        if let Some(deadline) = now.checked_add(wait) {
            return deadline;
        }
        wait /= 2;
    }
}

/// Why a child gave no usable line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No complete line before the deadline.
    TimedOut(Duration),
    /// The child closed its stdout (it exited or crashed); the exit status, as far as known.
    Exited(String),
    /// A line longer than the limit; its first bytes and its length so far.
    Oversized {
        /// The first bytes of the line, lossily decoded.
        head: String,
        /// The line's length.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// A line that is not UTF-8; its first bytes, lossily decoded.
    NotUtf8(String),
    /// Writing to the child failed.
    Write(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::TimedOut(t) => {
                write!(f, "no answer within {}; it was killed", show_duration(*t))
            }
            Fault::Exited(status) => write!(f, "the engine exited ({status})"),
            Fault::Oversized { head, bytes, limit } => write!(
                f,
                "the engine printed a line of {bytes} bytes, over the limit of {limit} \
                 (--max-line-bytes); it began `{head}`"
            ),
            Fault::NotUtf8(head) => {
                write!(f, "the engine printed a line that is not UTF-8: `{head}`")
            }
            Fault::Write(e) => write!(f, "the request could not be sent: {e}"),
        }
    }
}

/// A duration as a person writes it: `10s`, `1.5s`, `250ms`.
pub fn show_duration(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else if d < Duration::from_secs(1) {
        format!("{}ms", d.as_millis())
    } else {
        format!("{}s", d.as_secs_f64())
    }
}

/// The last bytes a child wrote to stderr.
#[derive(Debug, Default)]
struct Tail {
    bytes: VecDeque<u8>,
    dropped: bool,
}

/// A running child process spoken to in lines.
pub struct LineChild {
    process: Child,
    /// The child's process group: its own pid.
    group: i32,
    /// Whether the group has been ended (and the child reaped).
    group_ended: bool,
    stdin: Option<BufWriter<ChildStdin>>,
    stdout: ChildStdout,
    /// Where reads of stdout land, kept from one read to the next.
    buf: Box<[u8]>,
    /// How long answers have been taking lately (a moving average of the waits for a line),
    /// which sets how long the next wait spins before it sleeps.
    recent: Duration,
    lines: Lines,
    stderr: Arc<Mutex<Tail>>,
    stderr_done: Receiver<()>,
    limits: Limits,
    /// Set once stdout has ended, so later reads fail at once.
    ended: Option<Fault>,
}

impl LineChild {
    /// Starts `argv[0]` with the rest as its arguments, stdin, stdout and stderr piped, in a
    /// process group of its own.
    ///
    /// # Errors
    ///
    /// The OS error when the program cannot be started (not found, not executable), or an error
    /// saying so when the harness is stopping ([`crate::group::end_all`]).
    pub fn spawn(argv: &[String], limits: Limits) -> io::Result<LineChild> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "an empty command"))?;
        if group::is_stopping() {
            return Err(stopping());
        }
        let mut process = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let group = i32::try_from(process.id()).unwrap_or(0);
        if !group::register(group) {
            // The harness began stopping while this child started.
            group::signal(group, libc::SIGKILL);
            let _ = process.wait();
            return Err(stopping());
        }
        // From here on the child is a LineChild, whose drop ends its group, even if a thread
        // below cannot be started.
        let (done, stderr_done) = mpsc::sync_channel(1);
        let stdout = process.stdout.take();
        let stderr = process.stderr.take();
        let stdin = process.stdin.take();
        let tail = Arc::new(Mutex::new(Tail::default()));
        let (Some(stdout), Some(stderr)) = (stdout, stderr) else {
            group::unregister(group);
            group::signal(group, libc::SIGKILL);
            let _ = process.wait();
            return Err(io::Error::other("the child's pipes were not set up"));
        };
        let child = LineChild {
            process,
            group,
            group_ended: false,
            stdin: stdin.map(BufWriter::new),
            stdout,
            buf: vec![0u8; READ_BYTES].into_boxed_slice(),
            recent: Duration::ZERO,
            lines: Lines::new(limits.max_line_bytes),
            stderr: Arc::clone(&tail),
            stderr_done,
            limits,
            ended: None,
        };
        let tail_bytes = limits.stderr_tail_bytes;
        thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || {
                drain(stderr, &tail, tail_bytes);
                let _ = done.send(());
            })?;
        Ok(child)
    }

    /// Sends `text` (one or more lines, each ending in a newline) and flushes it.
    ///
    /// # Errors
    ///
    /// [`Fault::Write`] when the pipe is closed, or [`Fault::Exited`] when the child has exited.
    pub fn send(&mut self, text: &str) -> Result<(), Fault> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::Write("stdin is closed".into()));
        };
        match stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
        {
            Ok(()) => Ok(()),
            Err(e) => {
                // A broken pipe usually means the child is gone: say so, with its status.
                let fault = match self.exited() {
                    Some(status) => Fault::Exited(describe(status)),
                    None => Fault::Write(e.to_string()),
                };
                self.ended = Some(fault.clone());
                Err(fault)
            }
        }
    }

    /// The next line of stdout (without its newline), waiting until `deadline` at most.
    ///
    /// While it waits it watches the child itself: a child that exits while a process it
    /// started still holds its stdout open is reported as exited at once, not after the
    /// deadline.
    ///
    /// # Errors
    ///
    /// A [`Fault`] when no usable line comes in time.
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Fault> {
        if let Some(fault) = &self.ended {
            return Err(fault.clone());
        }
        let began = Instant::now();
        let event = self.spin();
        let received = match event {
            Some(event) => self.read(event),
            None => self.wait(deadline),
        };
        // A moving average of the waits, an eighth of the way to the last one.
        self.recent = (self.recent * 7 + began.elapsed()) / 8;
        received
    }

    /// A line the child wrote that is already waiting, before anything asked for it (or the
    /// fault in its place): `None` when nothing is waiting. One poll(2) that does not wait.
    pub fn unasked(&mut self) -> Option<Result<String, Fault>> {
        if let Some(fault) = &self.ended {
            return Some(Err(fault.clone()));
        }
        let event = self.next_event(Duration::ZERO)?;
        Some(self.read(event))
    }

    /// Asks the pipe without sleeping, for as long as answers have been taking lately (twice
    /// the recent wait, at most [`SPIN_MAX`]; not at all for an engine slower than that). A
    /// process that sleeps for a few microseconds pays for waking up: on this project's
    /// machines (virtual ones, whose idle CPUs halt) more than the round trip itself. An engine
    /// that answers in microseconds is thus read without a sleep; a slow one costs no spinning.
    fn spin(&mut self) -> Option<Event> {
        if let Some(event) = self.lines.pop() {
            return Some(event);
        }
        if self.recent >= SPIN_MAX {
            return None;
        }
        let budget = (self.recent * 2 + Duration::from_micros(5)).min(SPIN_MAX);
        let start = Instant::now();
        while start.elapsed() < budget {
            if let Some(event) = self.next_event(Duration::ZERO) {
                return Some(event);
            }
            std::hint::spin_loop();
        }
        None
    }

    /// Waits for the next line until `deadline`, sleeping in poll(2), watching the child's exit.
    fn wait(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            if let Some(event) = self.next_event(wait.min(POLL)) {
                return self.read(event);
            }
            if wait <= POLL {
                return Err(Fault::TimedOut(self.limits.timeout));
            }
            if let Some(status) = self.exited() {
                // What it wrote before it exited may still be on its way.
                let last = Instant::now() + LAST_LINES;
                while let Some(wait) = last.checked_duration_since(Instant::now()) {
                    if let Some(event) = self.next_event(wait) {
                        return self.read(event);
                    }
                }
                let fault = Fault::Exited(format!(
                    "{}; a process it started still held its stdout open",
                    describe(status)
                ));
                self.ended = Some(fault.clone());
                return Err(fault);
            }
        }
    }

    /// The next event of stdout, waiting `wait` at most for bytes to come: `None` when none
    /// came (or only part of a line).
    fn next_event(&mut self, wait: Duration) -> Option<Event> {
        if let Some(event) = self.lines.pop() {
            return Some(event);
        }
        if !wait_readable(&self.stdout, wait) {
            return None;
        }
        loop {
            match self.stdout.read(&mut self.buf) {
                Ok(0) => {
                    self.lines.finish();
                    break;
                }
                Ok(n) => {
                    self.lines.push(&self.buf[..n]);
                    break;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.lines.fail(e);
                    break;
                }
            }
        }
        self.lines.pop()
    }

    /// What stdout gave, as a line or a fault.
    fn read(&mut self, event: Event) -> Result<String, Fault> {
        match event {
            Event::Line(line) => Ok(line),
            Event::Oversized { head, bytes } => Err(Fault::Oversized {
                head,
                bytes,
                limit: self.limits.max_line_bytes,
            }),
            Event::NotUtf8 { head } => Err(Fault::NotUtf8(head)),
            Event::End(error) => {
                let status = self.exit_status();
                let fault = Fault::Exited(match error {
                    Some(e) => format!("{status}; reading its output failed: {e}"),
                    None => status,
                });
                self.ended = Some(fault.clone());
                Err(fault)
            }
        }
    }

    /// The exit status after stdout ended: waits a moment for the child to finish, then ends
    /// its group.
    fn exit_status(&mut self) -> String {
        let start = Instant::now();
        loop {
            match self.exited() {
                Some(status) => return describe(status),
                None if start.elapsed() < GRACE => thread::sleep(Duration::from_millis(2)),
                None => {
                    self.end_group();
                    return "it closed its stdout and was killed".into();
                }
            }
        }
    }

    /// The child's exit status once it has exited, without reaping it (so its pid, the
    /// group's id, stays its own until the group is ended).
    fn exited(&mut self) -> Option<ExitStatus> {
        if self.group_ended {
            return self.process.try_wait().ok().flatten();
        }
        // SAFETY: waitid(2) writes only into `info`, a siginfo_t we own; WNOWAIT leaves the
        // child to be reaped later by `Child::wait`.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let pid = libc::id_t::try_from(self.group).unwrap_or(0);
        let found = unsafe {
            libc::waitid(
                libc::P_PID,
                pid,
                &raw mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: the fields of a siginfo_t that waitid filled for a child's exit.
        let (waited, status) = unsafe { (info.si_pid(), info.si_status()) };
        if found != 0 || waited == 0 {
            return None;
        }
        // As wait(2) would have encoded it.
        let raw = match info.si_code {
            libc::CLD_EXITED => (status & 0xff) << 8,
            libc::CLD_DUMPED => (status & 0x7f) | 0x80,
            _ => status & 0x7f,
        };
        Some(ExitStatus::from_raw(raw))
    }

    /// Ends the child's process group: SIGTERM to all of it, a short grace for the group to
    /// empty (the child reaped on the way), SIGKILL to what is left; the child reaped.
    fn end_group(&mut self) {
        if self.group_ended {
            return;
        }
        self.stdin = None;
        group::signal(self.group, libc::SIGTERM);
        let start = Instant::now();
        loop {
            let reaped = !matches!(self.process.try_wait(), Ok(None));
            if reaped && !group::exists(self.group) {
                break;
            }
            if start.elapsed() >= group::TERM_GRACE {
                group::signal(self.group, libc::SIGKILL);
                let _ = self.process.wait();
                break;
            }
            thread::sleep(Duration::from_millis(1));
        }
        group::unregister(self.group);
        self.group_ended = true;
    }

    /// The last lines the child wrote to stderr (up to the configured number of bytes). After
    /// the child has ended (or been killed), the stderr thread gets a moment to read what it
    /// wrote last.
    pub fn stderr_tail(&self) -> String {
        if self.ended.is_some() {
            let _ = self.stderr_done.recv_timeout(GRACE);
        }
        let tail = self.stderr.lock().map(|t| {
            let bytes: Vec<u8> = t.bytes.iter().copied().collect();
            (String::from_utf8_lossy(&bytes).into_owned(), t.dropped)
        });
        match tail {
            Ok((text, dropped)) => {
                let text = text.trim_end();
                if dropped {
                    // Start at a line boundary rather than in the middle of a line.
                    match text.split_once('\n') {
                        Some((_, rest)) => format!("[...]\n{rest}"),
                        None => format!("[...]{text}"),
                    }
                } else {
                    text.to_owned()
                }
            }
            Err(_) => String::new(),
        }
    }

    /// Ends the child and its process group at once; later reads fail with `why`.
    pub fn kill(&mut self, why: Fault) {
        self.end_group();
        self.ended.get_or_insert(why);
    }
}

/// Why no engine starts once the harness is stopping.
fn stopping() -> io::Error {
    io::Error::other("the harness is stopping (interrupted)")
}

impl Drop for LineChild {
    /// Closes stdin so a well-behaved child ends by itself, gives it a moment, then ends its
    /// process group (what it started, and the child itself if it is still running).
    fn drop(&mut self) {
        self.stdin = None;
        let start = Instant::now();
        while !self.group_ended && start.elapsed() < GRACE && self.exited().is_none() {
            thread::sleep(Duration::from_micros(100));
        }
        self.end_group();
    }
}

fn describe(status: ExitStatus) -> String {
    if let Some(signal) = status.signal() {
        let name = match signal {
            6 => " (SIGABRT)",
            9 => " (SIGKILL)",
            11 => " (SIGSEGV)",
            15 => " (SIGTERM)",
            _ => "",
        };
        return format!("killed by signal {signal}{name}");
    }
    match status.code() {
        Some(code) => format!("exit code {code}"),
        None => status.to_string(),
    }
}

/// Whether `stdout` has something to read (bytes, or its end) within `wait`.
fn wait_readable(stdout: &ChildStdout, wait: Duration) -> bool {
    let mut fd = libc::pollfd {
        fd: stdout.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // Rounded up, so a wait of a few microseconds is not a busy loop of zero-length polls.
    let millis = wait.as_micros().div_ceil(1000);
    let millis = libc::c_int::try_from(millis).unwrap_or(libc::c_int::MAX);
    loop {
        // SAFETY: poll(2) reads and writes only the one pollfd we own and pass with its length.
        let ready = unsafe { libc::poll(&raw mut fd, 1, millis) };
        if ready >= 0 {
            // POLLHUP and POLLERR also mean a read will not block: it returns the end or the error.
            return ready > 0;
        }
        if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            // poll itself failed: let the read say why.
            return true;
        }
    }
}

/// The stderr drain: keeps the last `keep` bytes.
fn drain(mut stderr: impl Read, tail: &Mutex<Tail>, keep: usize) {
    let mut buf = [0u8; 4096];
    loop {
        match stderr.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                let Ok(mut tail) = tail.lock() else { return };
                tail.bytes.extend(&buf[..n]);
                while tail.bytes.len() > keep {
                    tail.bytes.pop_front();
                    tail.dropped = true;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_keeps_its_last_bytes() {
        let tail = Mutex::new(Tail::default());
        drain(&b"first line\nsecond line\nthird\n"[..], &tail, 12);
        let t = tail.lock().unwrap();
        assert!(t.dropped);
        assert_eq!(
            t.bytes.iter().copied().collect::<Vec<_>>(),
            b" line\nthird\n"
        );
    }

    #[test]
    fn durations_read_as_written() {
        assert_eq!(show_duration(Duration::from_secs(10)), "10s");
        assert_eq!(show_duration(Duration::from_millis(250)), "250ms");
        assert_eq!(show_duration(Duration::from_millis(1500)), "1.5s");
    }
}
