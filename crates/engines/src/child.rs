//! A child process spoken to in lines, with limits: the transport under the `process:` and
//! `uci:` engines.
//!
//! The child is started from an argument vector (never through a shell). A reader thread turns
//! its stdout into lines (cut at a size limit) on a bounded channel, so the caller can wait for an
//! answer with a deadline; a second thread drains its stderr and keeps the last few KiB, to show
//! when it crashes. Whatever goes wrong (no answer in time, an exit, a line too long, bytes that
//! are not UTF-8) comes back as a [`Fault`]; after a fault the caller drops the child (which
//! kills it) and starts a new one.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use chess_conformance::Limits;

/// How many lines the reader thread may queue before it waits for the caller: a child that
/// floods its stdout cannot make the harness buffer without bound.
const QUEUED_LINES: usize = 256;

/// How many bytes of a bad line a fault quotes.
const QUOTED_BYTES: usize = 200;

/// How long, at most, a fault waits for the child's exit status and the end of its stderr.
const GRACE: Duration = Duration::from_millis(200);

/// What the stdout reader thread sends.
enum Event {
    Line(String),
    Oversized { head: String, bytes: usize },
    NotUtf8 { head: String },
    End(Option<io::Error>),
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
    stdin: Option<BufWriter<ChildStdin>>,
    lines: Receiver<Event>,
    stderr: Arc<Mutex<Tail>>,
    stderr_done: Receiver<()>,
    limits: Limits,
    /// Set once stdout has ended, so later reads fail at once.
    ended: Option<Fault>,
}

impl LineChild {
    /// Starts `argv[0]` with the rest as its arguments, stdin, stdout and stderr piped.
    ///
    /// # Errors
    ///
    /// The OS error when the program cannot be started (not found, not executable).
    pub fn spawn(argv: &[String], limits: Limits) -> io::Result<LineChild> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "an empty command"))?;
        let mut process = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = process.stdout.take().expect("stdout is piped");
        let stderr = process.stderr.take().expect("stderr is piped");
        let stdin = process.stdin.take().expect("stdin is piped");
        let (send, lines) = mpsc::sync_channel(QUEUED_LINES);
        let max_line = limits.max_line_bytes;
        thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || read_lines(stdout, max_line, &send))?;
        let tail = Arc::new(Mutex::new(Tail::default()));
        let (done, stderr_done) = mpsc::sync_channel(1);
        let keep = Arc::clone(&tail);
        let tail_bytes = limits.stderr_tail_bytes;
        thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || {
                drain(stderr, &keep, tail_bytes);
                let _ = done.send(());
            })?;
        Ok(LineChild {
            process,
            stdin: Some(BufWriter::new(stdin)),
            lines,
            stderr: tail,
            stderr_done,
            limits,
            ended: None,
        })
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
                let fault = match self.process.try_wait() {
                    Ok(Some(status)) => Fault::Exited(describe(status)),
                    _ => Fault::Write(e.to_string()),
                };
                self.ended = Some(fault.clone());
                Err(fault)
            }
        }
    }

    /// The next line of stdout (without its newline), waiting until `deadline` at most.
    ///
    /// # Errors
    ///
    /// A [`Fault`] when no usable line comes in time.
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Fault> {
        if let Some(fault) = &self.ended {
            return Err(fault.clone());
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        let event = match self.lines.recv_timeout(wait) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => return Err(Fault::TimedOut(self.limits.timeout)),
            Err(RecvTimeoutError::Disconnected) => Event::End(None),
        };
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

    /// The exit status after stdout ended: waits a moment for the child to finish, then kills it.
    fn exit_status(&mut self) -> String {
        let start = Instant::now();
        loop {
            match self.process.try_wait() {
                Ok(Some(status)) => return describe(status),
                Ok(None) if start.elapsed() < GRACE => thread::sleep(Duration::from_millis(2)),
                Ok(None) => {
                    let _ = self.process.kill();
                    let _ = self.process.wait();
                    return "it closed its stdout and was killed".into();
                }
                Err(e) => return format!("exit status unknown: {e}"),
            }
        }
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

    /// Kills the child at once and reaps it; later reads fail with `why`.
    pub fn kill(&mut self, why: Fault) {
        self.stdin = None;
        let _ = self.process.kill();
        let _ = self.process.wait();
        self.ended.get_or_insert(why);
    }
}

impl Drop for LineChild {
    /// Closes stdin so a well-behaved child ends by itself, gives it a moment, then kills it.
    fn drop(&mut self) {
        self.stdin = None;
        let start = Instant::now();
        while start.elapsed() < GRACE {
            match self.process.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => thread::sleep(Duration::from_micros(100)),
            }
        }
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
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
    }
    match status.code() {
        Some(code) => format!("exit code {code}"),
        None => status.to_string(),
    }
}

fn head(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(QUOTED_BYTES)];
    let mut text = String::from_utf8_lossy(cut).into_owned();
    if bytes.len() > QUOTED_BYTES {
        text.push_str("...");
    }
    text
}

/// The stdout reader: lines of at most `max_line` bytes; a longer line is reported once and the
/// rest of it skipped, so the child never blocks on a full pipe.
fn read_lines(stdout: impl Read, max_line: usize, send: &SyncSender<Event>) {
    let mut reader = BufReader::with_capacity(64 << 10, stdout);
    let mut line: Vec<u8> = Vec::new();
    let mut skipping: Option<(String, usize)> = None;
    loop {
        let buf = match reader.fill_buf() {
            Ok([]) => break,
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = send.send(Event::End(Some(e)));
                return;
            }
        };
        let newline = buf.iter().position(|&b| b == b'\n');
        let take = newline.map_or(buf.len(), |i| i + 1);
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if let Some((_, seen)) = skipping.as_mut() {
            *seen += chunk.len();
        } else if line.len() + chunk.len() > max_line {
            let bytes = line.len() + chunk.len();
            line.extend_from_slice(&chunk[..chunk.len().min(QUOTED_BYTES)]);
            skipping = Some((head(&line), bytes));
            line.clear();
        } else {
            line.extend_from_slice(chunk);
        }
        reader.consume(take);
        if newline.is_some() {
            let event = match skipping.take() {
                Some((head, bytes)) => Event::Oversized { head, bytes },
                None => line_event(std::mem::take(&mut line)),
            };
            if send.send(event).is_err() {
                return;
            }
        }
    }
    // A last line without a newline still counts.
    let last = match skipping.take() {
        Some((head, bytes)) => Some(Event::Oversized { head, bytes }),
        None if !line.is_empty() => Some(line_event(line)),
        None => None,
    };
    if let Some(event) = last {
        let _ = send.send(event);
    }
    let _ = send.send(Event::End(None));
}

fn line_event(mut line: Vec<u8>) -> Event {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    match String::from_utf8(line) {
        Ok(text) => Event::Line(text),
        Err(e) => Event::NotUtf8 {
            head: head(e.as_bytes()),
        },
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

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let (send, recv) = mpsc::sync_channel(64);
        read_lines(input, max, &send);
        drop(send);
        recv.iter()
            .map(|e| match e {
                Event::Line(l) => format!("line {l}"),
                Event::Oversized { head, bytes } => format!("oversized {bytes} {head}"),
                Event::NotUtf8 { head } => format!("not utf-8 {head}"),
                Event::End(e) => format!("end {}", e.is_some()),
            })
            .collect()
    }

    #[test]
    fn lines_are_cut_at_newlines_and_the_limit() {
        assert_eq!(
            lines(b"ab\r\ncd\n\nlast", 10),
            ["line ab", "line cd", "line ", "line last", "end false"]
        );
        assert_eq!(
            lines(b"0123456789ABC\nok\n", 10),
            ["oversized 13 0123456789ABC", "line ok", "end false"]
        );
        assert_eq!(
            lines(b"\xff\xfe\n", 10),
            ["not utf-8 \u{fffd}\u{fffd}", "end false"]
        );
        // A line exactly at the limit is fine.
        assert_eq!(lines(b"0123456789\n", 10), ["line 0123456789", "end false"]);
    }

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
