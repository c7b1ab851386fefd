//! `--jobs N`: engines and their instances sharing one pool of worker threads.
//!
//! Each engine has a queue of the catalogue's cases (an index into them). `N` workers each take
//! the first engine whose queue is not empty, make their own instance of it (an engine need not
//! be `Send`, so it is made inside the thread that uses it: a process engine is a process per
//! worker), and check the next case of that queue until it is empty; then they go on to the
//! next engine, dropping the instance. A slow engine at the end of a matrix thus gets every
//! worker, and `run` (one engine) gets `N` instances. Each case goes to one instance, whole (its
//! per-case state stays in it); a crashed or hung instance is restarted by its own supervisor,
//! alone. The verdicts are put back in catalogue order, so a run's report is the same for any
//! `N`.
//!
//! Every worker checks the stop flag ([`crate::interrupt::caught`]) before it takes a case, and
//! drops the verdict of a case the signal cut short: an interrupted run's verdicts are those of
//! the cases done, and the cases not run are every case without a verdict.

use std::num::NonZeroUsize;
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use chess_conformance::{Catalogue, Engine, Identity, Limits, Run, Verdict};

use crate::error::BadInput;
use crate::interrupt::{Stopped, caught};
use crate::progress::Progress;

/// Makes one instance of an engine (called once per worker that takes it).
pub type Make<'a> = dyn Fn() -> Result<Box<dyn Engine>, BadInput> + Sync + 'a;

/// The default number of workers: the number of CPUs (1 when it cannot be told), at most
/// `--jobs`'s bound.
pub fn default_jobs() -> NonZeroUsize {
    let cpus = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    NonZeroUsize::new(cpus.get().min(crate::engine_options::MAX_JOBS)).unwrap_or(cpus)
}

/// One engine's run, in catalogue order, and where it stopped if the harness was interrupted.
pub type Finished<'c> = (Run<'c>, Option<Stopped>);

/// One engine's share of the pool.
struct Queue {
    /// The next case to hand out; at or past the end when the queue is empty (or the engine
    /// failed to start).
    next: AtomicUsize,
    /// The verdict of each case, by its place in the catalogue.
    verdicts: Mutex<Vec<Option<Verdict>>>,
    /// The identity of the first instance made, or why none could be.
    started: Mutex<Option<Result<Identity, BadInput>>>,
}

/// Checks the catalogue against each engine `makers` makes, with `jobs` workers in all (this
/// thread one of them); `premade`, instances of the first engines already made (so that an
/// engine that cannot start is reported before the catalogue loads), are this thread's. For each engine,
/// in order: `None` if no worker reached it (the harness was interrupted first), the error of an
/// instance that could not be made, or its run in catalogue order and, if the harness was
/// interrupted, where it stopped. Each case done moves the engine's bar of `progress`.
pub fn run_engines<'c>(
    makers: &[&Make<'_>],
    premade: Vec<Box<dyn Engine>>,
    catalogue: &'c Catalogue,
    limits: Limits,
    jobs: NonZeroUsize,
    progress: &Progress,
) -> Vec<Option<Result<Finished<'c>, BadInput>>> {
    let cases = catalogue.cases();
    crate::interrupt::checking();
    let queues: Vec<Queue> = makers
        .iter()
        .map(|_| Queue {
            next: AtomicUsize::new(0),
            verdicts: Mutex::new((0..cases.len()).map(|_| None).collect()),
            started: Mutex::new(None),
        })
        .collect();
    for (engine, queue) in premade.iter().zip(&queues) {
        *queue.started.lock().unwrap_or_else(|e| e.into_inner()) = Some(Ok(engine.identity()));
    }
    let premade: Vec<Option<Box<dyn Engine>>> = premade.into_iter().map(Some).collect();
    // No more workers than cases to hand out: an idle instance of a process engine is a process
    // started for nothing.
    let work = cases.len().saturating_mul(makers.len()).max(1);
    let workers = jobs.get().min(work);
    std::thread::scope(|scope| {
        for started in 1..workers {
            let spawned = std::thread::Builder::new()
                .name("worker".into())
                .spawn_scoped(scope, || {
                    worker(makers, Vec::new(), &queues, catalogue, &limits, progress);
                });
            // Out of threads (a process limit, memory): the run goes on with those it has,
            // and says so, rather than panic.
            if let Err(e) = spawned {
                crate::print::err(format_args!(
                    "warning: {} jobs asked, but the system refused another thread ({e}): the \
                     run goes on with {}\n",
                    jobs.get(),
                    crate::text::plural(started, "worker")
                ));
                break;
            }
        }
        worker(makers, premade, &queues, catalogue, &limits, progress);
    });
    progress.finish();
    queues
        .into_iter()
        .map(|queue| {
            let started = queue
                .started
                .into_inner()
                .unwrap_or_else(|e| e.into_inner());
            let engine = match started? {
                Ok(identity) => identity,
                Err(e) => return Some(Err(e)),
            };
            let verdicts = queue
                .verdicts
                .into_inner()
                .unwrap_or_else(|e| e.into_inner());
            let (run, not_run) = Run::from_verdicts(engine, catalogue, verdicts);
            let stopped = caught().map(|signal| Stopped {
                signal,
                run: run.results.len(),
                not_run,
            });
            Some(Ok((run, stopped)))
        })
        .collect()
}

/// One worker: the first engine with cases left, an instance of it, its cases until none is
/// left; then the next engine.
fn worker(
    makers: &[&Make<'_>],
    mut premade: Vec<Option<Box<dyn Engine>>>,
    queues: &[Queue],
    catalogue: &Catalogue,
    limits: &Limits,
    progress: &Progress,
) {
    let cases = catalogue.cases();
    for (engine_index, (make, queue)) in makers.iter().zip(queues).enumerate() {
        // The instance made beforehand of this engine, if any; dropped (its process ended) when
        // this worker leaves that engine.
        let premade = premade.get_mut(engine_index).and_then(Option::take);
        if caught().is_some() {
            return;
        }
        if queue.next.load(Ordering::SeqCst) >= cases.len() {
            continue;
        }
        let made = match premade {
            Some(engine) => Ok(engine),
            None => std::panic::catch_unwind(AssertUnwindSafe(make)).unwrap_or_else(|_| {
                Err(BadInput(
                    "making an instance of the engine panicked".to_owned(),
                ))
            }),
        };
        let mut engine = match made {
            Ok(engine) => engine,
            // An interrupt refuses every start: the engine was not run further, not broken.
            Err(_) if caught().is_some() => return,
            Err(e) => {
                let mut started = queue.started.lock().unwrap_or_else(|e| e.into_inner());
                match &*started {
                    // Another instance runs: this worker goes on to the next engine, and the
                    // cases are checked by fewer instances.
                    Some(Ok(identity)) => crate::print::err(format_args!(
                        "warning: another instance of {identity} could not be started ({}); \
                         going on with fewer\n",
                        e.0
                    )),
                    // An engine that cannot be made fails as a whole: its queue is emptied so
                    // no other worker tries, and the first error is the one reported.
                    Some(Err(_)) => queue.next.store(cases.len(), Ordering::SeqCst),
                    None => {
                        queue.next.store(cases.len(), Ordering::SeqCst);
                        *started = Some(Err(e));
                    }
                }
                continue;
            }
        };
        if let Ok(mut started) = queue.started.lock()
            && started.is_none()
        {
            *started = Some(Ok(engine.identity()));
        }
        chess_conformance::check_cases(
            engine.as_mut(),
            cases,
            limits,
            || {
                let i = queue.next.fetch_add(1, Ordering::SeqCst);
                (i < cases.len()).then_some(i)
            },
            || caught().is_some(),
            |i, verdict| {
                progress.done(engine_index, verdict.outcome);
                if let Ok(mut verdicts) = queue.verdicts.lock() {
                    verdicts[i] = Some(verdict);
                }
            },
        );
    }
}
