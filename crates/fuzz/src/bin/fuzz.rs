//! The fuzz driver, on stable Rust: runs a target on its seeds, then on seeded mutations of
//! them, each input under `catch_unwind`, a hang watchdog and a memory cap; counts the inputs,
//! their rate, the peak memory and the slowest input; writes an input that panics, hangs, runs
//! out of memory or is slow to a file.
//!
//! ```text
//! fuzz list
//! fuzz run TARGET|all [--inputs N] [--seconds S] [--seed N] [--hang-secs S] [--slow-ms MS]
//!                     [--mem-mb MB] [--out DIR]
//! fuzz replay TARGET FILE...
//! fuzz record [--cases N] -- COMMAND ARGS...   (prints engine-answers seeds of a protocol engine)
//! ```
//!
//! Exit codes: 0 nothing found, 1 a panic, 2 a usage error, 3 a hang, 4 the memory cap, 5 an
//! abort (a stack overflow, or an allocation refused by the address-space cap).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufRead, BufReader, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chess_conformance_fuzz::mutate::{self, Kind, Rng};
use chess_conformance_fuzz::{TARGETS, Target, seeds};

// --- The memory cap: an allocator that counts live bytes ---

/// Live heap bytes, their peak, and the cap (0: none yet).
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static CAP: AtomicUsize = AtomicUsize::new(0);

/// The input being run (pointer and length) and the file it is written to if the cap is hit,
/// as a NUL-terminated path: read by the allocator and the watchdog without allocating.
static INPUT: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static INPUT_LEN: AtomicUsize = AtomicUsize::new(0);
static OOM_PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

struct Counting;

// SAFETY: every call is forwarded to the system allocator unchanged; the bookkeeping is atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's pointer and layout, forwarded.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            grow(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: the caller's pointer, layout and size, forwarded.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Counts `bytes` more; over the cap, writes the input and exits 4, without allocating.
fn grow(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
    let cap = CAP.load(Ordering::Relaxed);
    if cap != 0 && live > cap {
        let message = b"\nfuzz: the memory cap was reached; the input is written to the oom file\n";
        // SAFETY: plain system calls on a static message, a NUL-terminated path set once and
        // never freed, and the input being run, which lives until the run returns.
        unsafe {
            libc::write(2, message.as_ptr().cast(), message.len());
            write_raw(OOM_PATH.load(Ordering::Relaxed));
            libc::_exit(4);
        }
    }
}

/// Writes the input being run to `path` (a NUL-terminated string) with system calls only.
///
/// # Safety
///
/// `path` is null or a NUL-terminated string; [`INPUT`] is null or points to [`INPUT_LEN`]
/// readable bytes.
unsafe fn write_raw(path: *const libc::c_char) {
    let data = INPUT.load(Ordering::Relaxed);
    if path.is_null() || data.is_null() {
        return;
    }
    // SAFETY: as the function's contract says.
    unsafe {
        let fd = libc::open(path, libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC, 0o644);
        if fd >= 0 {
            libc::write(fd, data.cast(), INPUT_LEN.load(Ordering::Relaxed));
            libc::close(fd);
        }
    }
}

/// Peak resident memory of this process, in KiB (getrusage).
fn peak_rss_kib() -> i64 {
    // SAFETY: getrusage fills the struct it is given.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage.ru_maxrss
    }
}

/// Caps the address space (a backstop behind the counting allocator: memory the allocator does
/// not see, such as thread stacks).
fn limit_address_space(bytes: u64) {
    let limit = libc::rlimit {
        rlim_cur: bytes,
        rlim_max: bytes,
    };
    // SAFETY: setrlimit reads the struct it is given.
    unsafe {
        libc::setrlimit(libc::RLIMIT_AS, &limit);
    }
}

// --- An abort (a stack overflow, an allocation the address-space cap refused) ---

static ABORT_PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

extern "C" fn on_abort(_: libc::c_int) {
    let message = b"\nfuzz: the process aborted; the input is written to the abort file\n";
    // SAFETY: async-signal-safe system calls only, on a static message, a path set once and
    // never freed, and the input being run.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
        write_raw(ABORT_PATH.load(Ordering::Relaxed));
        libc::_exit(5);
    }
}

/// Writes the input being run to `path` when the process aborts, and exits 5.
fn catch_abort(path: &Path) {
    let path = std::ffi::CString::new(path.to_string_lossy().as_bytes()).expect("no NUL");
    ABORT_PATH.store(path.into_raw(), Ordering::Relaxed);
    let handler = on_abort as extern "C" fn(libc::c_int);
    // SAFETY: the handler only makes async-signal-safe calls.
    unsafe {
        libc::signal(libc::SIGABRT, handler as libc::sighandler_t);
    }
}

// --- The watchdog: an input running longer than the hang limit ends the process ---

/// When the input being run started, in microseconds since [`epoch`]; 0 when none is.
static STARTED: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_micros() -> u64 {
    epoch().elapsed().as_micros() as u64 + 1
}

/// The hang limit and the file a hanging input is written to, for the current target.
static HANG: Mutex<Option<(Duration, PathBuf)>> = Mutex::new(None);

/// Sets the hang limit and file, and starts the watchdog thread (once).
fn watchdog(limit: Duration, hang_file: PathBuf) {
    if let Ok(mut hang) = HANG.lock() {
        *hang = Some((limit, hang_file));
    }
    static STARTED_ONCE: std::sync::Once = std::sync::Once::new();
    STARTED_ONCE.call_once(|| {
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(50));
                let started = STARTED.load(Ordering::Relaxed);
                let Some((limit, file)) = HANG.lock().ok().and_then(|h| h.clone()) else {
                    continue;
                };
                if started != 0 && now_micros().saturating_sub(started) > limit.as_micros() as u64 {
                    eprintln!(
                        "\nfuzz: an input ran longer than {}s (a hang); it is written to {}",
                        limit.as_secs_f64(),
                        file.display()
                    );
                    let path =
                        std::ffi::CString::new(file.to_string_lossy().as_bytes()).expect("no NUL");
                    // SAFETY: a NUL-terminated path; the input lives while STARTED is set.
                    unsafe {
                        write_raw(path.as_ptr());
                        libc::_exit(3);
                    }
                }
            }
        });
    });
}

// --- Running ---

/// The options of `run`.
struct Options {
    inputs: Option<u64>,
    seconds: Option<f64>,
    seed: u64,
    hang: Duration,
    slow: Duration,
    mem_mb: usize,
    out: PathBuf,
}

/// What a run found, beyond its counts.
enum Found {
    Nothing,
    Panic,
}

/// The figures of a run.
struct Figures {
    inputs: u64,
    seeds: u64,
    raw: u64,
    structured: u64,
    elapsed: Duration,
    slowest: Duration,
    slow: u64,
}

/// The last panic's message and place, kept by the panic hook.
static PANIC: Mutex<String> = Mutex::new(String::new());

fn short_hash(data: &[u8]) -> String {
    // FNV-1a, for file names only.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Runs one input under the watchdog and `catch_unwind`: its time, or the panic's message.
fn run_one(target: &Target, input: &[u8]) -> Result<Duration, String> {
    INPUT_LEN.store(input.len(), Ordering::Relaxed);
    INPUT.store(input.as_ptr().cast_mut(), Ordering::Relaxed);
    let start = Instant::now();
    STARTED.store(now_micros(), Ordering::Relaxed);
    let result = panic::catch_unwind(AssertUnwindSafe(|| (target.run)(input)));
    STARTED.store(0, Ordering::Relaxed);
    let took = start.elapsed();
    INPUT.store(std::ptr::null_mut(), Ordering::Relaxed);
    match result {
        Ok(()) => Ok(took),
        Err(_) => Err(PANIC.lock().map(|m| m.clone()).unwrap_or_default()),
    }
}

fn write_input(path: &Path, input: &[u8]) {
    if let Err(e) = std::fs::write(path, input) {
        eprintln!("fuzz: cannot write {}: {e}", path.display());
    }
}

/// Sets up the guards of every input of `target`: the memory cap (and the address-space cap 4 GiB
/// above it), the hang watchdog and the abort handler, each writing the input being run to `out`.
fn guard(target: &Target, out: &Path, hang: Duration, mem_mb: usize) {
    let name = |what: &str| out.join(format!("{}-{what}", target.name));
    let oom = std::ffi::CString::new(name("oom.bin").to_string_lossy().as_bytes()).expect("no NUL");
    OOM_PATH.store(oom.into_raw(), Ordering::Relaxed);
    CAP.store(mem_mb << 20, Ordering::Relaxed);
    limit_address_space(((mem_mb as u64) << 20) + (4 << 30));
    watchdog(hang, name("hang.bin"));
    catch_abort(&name("abort.bin"));
}

/// Runs `target` on its seeds, then on mutants of them, until the inputs or the seconds of
/// `options` are spent or an input panics.
fn run(target: &Target, options: &Options) -> (Figures, Found) {
    let corpus = load_corpus(target);
    guard(target, &options.out, options.hang, options.mem_mb);

    let mut rng = Rng::new(options.seed);
    let mut figures = Figures {
        inputs: 0,
        seeds: 0,
        raw: 0,
        structured: 0,
        elapsed: Duration::ZERO,
        slowest: Duration::ZERO,
        slow: 0,
    };
    let mut slowest: Vec<u8> = Vec::new();
    // Recent mutants, mutated again now and then: mutations stack.
    let mut recent: Vec<Vec<u8>> = Vec::new();
    let start = Instant::now();
    let mut next_report = Duration::from_secs(30);
    let mut index = 0usize;
    while !spent(options, &figures, start) && !corpus.is_empty() {
        let (input, kind) = next_input(&mut rng, target, &corpus, &recent, index);
        index += 1;
        let took = match run_one(target, &input) {
            Ok(took) => took,
            Err(message) => {
                keep_crash(target, options, figures.inputs, &input, &message);
                figures.elapsed = start.elapsed();
                return (figures, Found::Panic);
            }
        };
        figures.count(kind, took, &input, &mut slowest);
        if took > options.slow {
            figures.slow += 1;
            if figures.slow <= 10 {
                keep_slow(target, options, figures.inputs, &input, took);
            }
        }
        if kind != Kind::Seed {
            remember(&mut rng, &mut recent, input);
        }
        if start.elapsed() >= next_report {
            next_report += Duration::from_secs(30);
            eprintln!(
                "fuzz: {}: {} inputs, {:.0}/s, peak RSS {} MiB",
                target.name,
                figures.inputs,
                figures.inputs as f64 / start.elapsed().as_secs_f64(),
                peak_rss_kib() / 1024
            );
        }
    }
    figures.elapsed = start.elapsed();
    write_input(&out_file(target, options, "slowest.bin"), &slowest);
    (figures, Found::Nothing)
}

/// The target's seeds, and how long they took to load.
fn load_corpus(target: &Target) -> Vec<Vec<u8>> {
    let load = Instant::now();
    let corpus = (target.seeds)();
    eprintln!(
        "fuzz: {}: {} seeds, loaded in {:.1}s",
        target.name,
        corpus.len(),
        load.elapsed().as_secs_f64()
    );
    corpus
}

/// The file `TARGET-WHAT` in the output folder.
fn out_file(target: &Target, options: &Options, what: &str) -> PathBuf {
    options.out.join(format!("{}-{what}", target.name))
}

/// Whether the run has spent its inputs or its seconds.
fn spent(options: &Options, figures: &Figures, start: Instant) -> bool {
    let done_inputs = options.inputs.is_some_and(|n| figures.inputs >= n);
    let done_time = options
        .seconds
        .is_some_and(|s| start.elapsed().as_secs_f64() >= s);
    done_inputs || done_time
}

/// The next input: each seed once, in order, then a mutant of a seed or of a recent mutant.
fn next_input(
    rng: &mut Rng,
    target: &Target,
    corpus: &[Vec<u8>],
    recent: &[Vec<u8>],
    index: usize,
) -> (Vec<u8>, Kind) {
    if index < corpus.len() {
        (corpus[index].clone(), Kind::Seed)
    } else {
        let base = if !recent.is_empty() && rng.one_in(4) {
            rng.pick(recent).clone()
        } else {
            rng.pick(corpus).clone()
        };
        mutate::mutate(rng, &base, corpus, target.shape, target.max_len)
    }
}

/// Writes the input that panicked, and says so.
fn keep_crash(target: &Target, options: &Options, number: u64, input: &[u8], message: &str) {
    let path = out_file(target, options, &format!("crash-{}.bin", short_hash(input)));
    write_input(&path, input);
    eprintln!(
        "fuzz: {}: input {} panicked: {message}\nfuzz: the input is written to {}",
        target.name,
        number,
        path.display()
    );
}

/// Writes an input slower than `--slow`, and says so.
fn keep_slow(target: &Target, options: &Options, number: u64, input: &[u8], took: Duration) {
    let path = out_file(target, options, &format!("slow-{}.bin", short_hash(input)));
    write_input(&path, input);
    eprintln!(
        "fuzz: {}: input {} took {:.0} ms (over {} ms); written to {}",
        target.name,
        number,
        took.as_secs_f64() * 1e3,
        options.slow.as_millis(),
        path.display()
    );
}

/// Keeps a mutant among the recent ones (64 at most, a random one replaced when full).
fn remember(rng: &mut Rng, recent: &mut Vec<Vec<u8>>, input: Vec<u8>) {
    if recent.len() < 64 {
        recent.push(input);
    } else {
        let i = rng.below(recent.len());
        recent[i] = input;
    }
}

impl Figures {
    /// Counts an input run, by kind, and keeps it in `slowest` when it is the slowest yet.
    fn count(&mut self, kind: Kind, took: Duration, input: &[u8], slowest: &mut Vec<u8>) {
        self.inputs += 1;
        match kind {
            Kind::Seed => self.seeds += 1,
            Kind::Raw => self.raw += 1,
            Kind::Structured => self.structured += 1,
        }
        if took > self.slowest {
            self.slowest = took;
            slowest.clear();
            slowest.extend_from_slice(input);
        }
    }
}

fn report(target: &Target, f: &Figures, options: &Options) {
    let rate = f.inputs as f64 / f.elapsed.as_secs_f64().max(1e-9);
    println!(
        "{}: {} inputs ({} seeds, {} raw, {} structured) in {:.1}s, {:.0} inputs/s, peak RSS {} MiB, \
         peak heap {} MiB, slowest input {:.1} ms ({}), {} over {} ms; seed {}",
        target.name,
        f.inputs,
        f.seeds,
        f.raw,
        f.structured,
        f.elapsed.as_secs_f64(),
        rate,
        peak_rss_kib() / 1024,
        PEAK.load(Ordering::Relaxed) >> 20,
        f.slowest.as_secs_f64() * 1e3,
        options
            .out
            .join(format!("{}-slowest.bin", target.name))
            .display(),
        f.slow,
        options.slow.as_millis(),
        options.seed,
    );
}

// --- The command line ---

fn usage() -> ExitCode {
    eprintln!(
        "usage: fuzz list\n       fuzz run TARGET|all [--inputs N] [--seconds S] [--seed N] \
         [--hang-secs S] [--slow-ms MS] [--mem-mb MB] [--out DIR]\n       fuzz replay TARGET \
         FILE...\n       fuzz record [--cases N] -- COMMAND ARGS..."
    );
    ExitCode::from(2)
}

fn parse<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let value = value.ok_or(format!("{flag} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{flag}: `{value}` is not a valid value"))
}

fn run_options(args: &mut impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        inputs: None,
        seconds: None,
        seed: 1,
        hang: Duration::from_secs(10),
        slow: Duration::from_secs(1),
        mem_mb: 2048,
        out: PathBuf::from("target/fuzz"),
    };
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--inputs" => options.inputs = Some(parse(&flag, args.next())?),
            "--seconds" => options.seconds = Some(parse(&flag, args.next())?),
            "--seed" => options.seed = parse(&flag, args.next())?,
            "--hang-secs" => options.hang = Duration::from_secs_f64(parse(&flag, args.next())?),
            "--slow-ms" => options.slow = Duration::from_millis(parse(&flag, args.next())?),
            "--mem-mb" => options.mem_mb = parse(&flag, args.next())?,
            "--out" => options.out = PathBuf::from(args.next().ok_or("--out needs a value")?),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    if options.inputs.is_none() && options.seconds.is_none() {
        options.inputs = Some(10_000);
    }
    Ok(options)
}

fn find(name: &str) -> Result<Vec<&'static Target>, String> {
    if name == "all" {
        return Ok(TARGETS.iter().collect());
    }
    chess_conformance_fuzz::target(name)
        .map(|t| vec![t])
        .ok_or_else(|| format!("no target `{name}` (`fuzz list` lists them)"))
}

fn main() -> ExitCode {
    // A panic inside an input is kept for the report; one outside (the driver's own) is shown.
    panic::set_hook(Box::new(|info| {
        if STARTED.load(Ordering::Relaxed) == 0 {
            eprintln!("fuzz: {info}");
        } else if let Ok(mut message) = PANIC.lock() {
            *message = info.to_string();
        }
    }));
    let mut args = std::env::args().skip(1);
    let command = args.next().unwrap_or_default();
    let result = match command.as_str() {
        "list" => {
            for t in TARGETS {
                println!("{}", t.name);
            }
            Ok(ExitCode::SUCCESS)
        }
        "run" => (|| {
            let targets = find(&args.next().ok_or("run needs a target")?)?;
            let options = run_options(&mut args)?;
            std::fs::create_dir_all(&options.out)
                .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
            for target in targets {
                let (figures, found) = run(target, &options);
                report(target, &figures, &options);
                if let Found::Panic = found {
                    return Ok(ExitCode::from(1));
                }
            }
            Ok(ExitCode::SUCCESS)
        })(),
        "replay" => (|| {
            let target = find(&args.next().ok_or("replay needs a target")?)?[0];
            // The same watchdog and memory cap as `run`, at their defaults.
            let out = PathBuf::from("target/fuzz");
            std::fs::create_dir_all(&out)
                .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
            guard(target, &out, Duration::from_secs(10), 2048);
            let mut code = ExitCode::SUCCESS;
            for file in args {
                let input = std::fs::read(&file).map_err(|e| format!("{file}: {e}"))?;
                // Run twice: the first run includes the target's one-time setup (loading the
                // shipped catalogue).
                match run_one(target, &input).and_then(|_| run_one(target, &input)) {
                    Ok(took) => println!("{file}: ok in {:.1} ms", took.as_secs_f64() * 1e3),
                    Err(message) => {
                        println!("{file}: panicked: {message}");
                        code = ExitCode::from(1);
                    }
                }
            }
            Ok(code)
        })(),
        "record" => record(&mut args),
        _ => return usage(),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("fuzz: {message}");
            usage()
        }
    }
}

/// `record`: checks the first N hand-written cases against a protocol engine, one process for
/// all, and prints each case's conversation as an `engine-answers` seed, separated by
/// [`seeds::SEPARATOR`] lines (for `corpus/python-chess.txt`).
fn record(args: &mut impl Iterator<Item = String>) -> Result<ExitCode, String> {
    let mut limit = usize::MAX;
    let mut command = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cases" => limit = parse("--cases", args.next())?,
            "--" => command.extend(args.by_ref()),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    let (program, rest) = command
        .split_first()
        .ok_or("record needs a command after --")?;
    let mut child = Command::new(program)
        .args(rest)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{program}`: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut serve = |line: &str| {
        let mut answer = String::new();
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_ok()
        {
            let _ = stdout.read_line(&mut answer);
        }
        answer
    };
    let catalogue = chess_conformance::Catalogue::builtin().map_err(|e| e.to_string())?;
    let mut out = std::io::stdout().lock();
    let mut written = 0;
    for case in catalogue
        .cases()
        .iter()
        .filter(|c| c.file.starts_with("cases/"))
    {
        if written == limit {
            break;
        }
        if case.case.expect.perft.is_some() {
            continue;
        }
        let (hello, _, answers) = seeds::record(case, &mut serve).map_err(|e| e.to_string())?;
        let seed = seeds::answers_seed(&case.case.id, &hello, &answers);
        writeln!(out, "{seed}\n{}", seeds::SEPARATOR).map_err(|e| e.to_string())?;
        written += 1;
    }
    // Closing its stdin ends the engine.
    drop(stdin);
    let _ = child.wait();
    Ok(ExitCode::SUCCESS)
}
