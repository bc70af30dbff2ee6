//! Where log lines go: standard error, as `THEWELL_LOG` filters them (info by
//! default). A server writes them into a bounded buffer that its own thread empties
//! every 50 ms, or at once when it holds 64 KB: one write per batch of lines and no
//! wake-up per line, so a slow terminal or journal never holds up a request. When
//! the buffer is full a line is dropped and counted; the count is reported once a
//! minute. The one line per request is written here by hand, in the same text as
//! `tracing`'s formatter gives the others, without its per-field machinery.
use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::DateTime;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Bytes waiting to be written before new lines are dropped: some 30,000 request
/// lines, a fraction of a second of a server at full speed.
const CAPACITY: usize = 4 << 20;
/// A batch this large is written at once rather than at the next tick.
const WRITE_AT: usize = 64 << 10;
/// How long a line waits at most before it is written.
const WRITE_EVERY: Duration = Duration::from_millis(50);
/// The target the request lines are filtered and shown under.
const REQUEST_TARGET: &str = "thewell::web::middleware";

struct Queue {
    waiting: Mutex<Vec<u8>>,
    filled: Condvar,
    dropped: AtomicUsize,
}

static QUEUE: OnceLock<Queue> = OnceLock::new();
/// Whether `THEWELL_LOG` lets request lines through (decided once, at start-up).
static REQUESTS: AtomicBool = AtomicBool::new(false);

/// `THEWELL_LOG`: a level (`warn`), or targets with levels (`thewell=debug,info`).
/// Unset or unreadable, `info` (an unreadable one is said once on standard error).
/// (`Targets` rather than `EnvFilter`: the same syntax without span filters, and
/// without the regular-expression engine, 0.1 MB of the executable.)
fn filter() -> Targets {
    let info = Targets::new().with_default(tracing::Level::INFO);
    match std::env::var("THEWELL_LOG") {
        Ok(text) if !text.trim().is_empty() => text.parse().unwrap_or_else(|error| {
            eprintln!(
                "thewell: THEWELL_LOG={text:?} is not a log filter ({error}); write e.g. info, warn or thewell=debug. Logging at info."
            );
            info
        }),
        _ => info,
    }
}

/// Writes what is still queued when dropped (at the end of `main`'s run).
pub struct Flush;

impl Drop for Flush {
    fn drop(&mut self) {
        if let Some(queue) = QUEUE.get() {
            queue.write_out(&mut std::io::stderr().lock(), &mut Vec::new());
        }
    }
}

/// Sets up logging. With `queued` (the server) lines go through the queue, and the
/// returned guard writes what is left in it when dropped at exit; otherwise (the
/// staff commands) each line is written as it comes.
pub fn init(queued: bool) -> Option<Flush> {
    let format = tracing_subscriber::fmt::layer().with_ansi(std::io::stderr().is_terminal());
    let logged = tracing_subscriber::registry().with(filter());
    if !queued {
        logged.with(format.with_writer(std::io::stderr)).init();
        return None;
    }
    let queue = QUEUE.get_or_init(|| Queue {
        waiting: Mutex::new(Vec::with_capacity(WRITE_AT)),
        filled: Condvar::new(),
        dropped: AtomicUsize::new(0),
    });
    logged.with(format.with_writer(Sink)).init();
    REQUESTS.store(
        tracing::enabled!(target: REQUEST_TARGET, tracing::Level::INFO),
        Ordering::Relaxed,
    );
    let spawned = std::thread::Builder::new()
        .name("thewell-log".into())
        .spawn(move || {
            let mut batch = Vec::with_capacity(WRITE_AT);
            loop {
                queue.wait_for_batch();
                queue.write_out(&mut std::io::stderr().lock(), &mut batch);
            }
        });
    if spawned.is_err() {
        // No thread to empty the queue: lines go straight out instead.
        eprintln!("thewell: cannot start the log thread; logging without a queue");
    }
    Some(Flush)
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Vec<u8>> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, line: &[u8]) {
        let mut waiting = self.lock();
        if waiting.len() + line.len() > CAPACITY {
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let before = waiting.len();
        waiting.extend_from_slice(line);
        if before < WRITE_AT && waiting.len() >= WRITE_AT {
            self.filled.notify_one();
        }
    }

    /// Waits until a batch is full or the next tick. Standard error is not held
    /// meanwhile: a thread that writes to it (the last lines at exit) gets it at once.
    fn wait_for_batch(&self) {
        let waiting = self.lock();
        if waiting.len() < WRITE_AT {
            drop(
                self.filled
                    .wait_timeout(waiting, WRITE_EVERY)
                    .unwrap_or_else(PoisonError::into_inner),
            );
        }
    }

    /// Writes what is queued. The caller holds standard error's lock while the
    /// queue is taken and written, so batches keep their order whoever writes them.
    fn write_out(&self, out: &mut impl Write, batch: &mut Vec<u8>) {
        std::mem::swap(&mut *self.lock(), batch);
        // A terminal or journal that fails loses the batch: nothing else can be done.
        let _ = out.write_all(batch).and_then(|()| out.flush());
        batch.clear();
        // A burst that grew the buffer does not keep its memory.
        batch.shrink_to(WRITE_AT);
    }
}

/// What `tracing`'s formatter writes each event into: one `write` per event.
struct Sink;

impl Write for Sink {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        match QUEUE.get() {
            Some(queue) => queue.push(line),
            None => std::io::stderr().write_all(line)?,
        }
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Sink {
    type Writer = Sink;

    fn make_writer(&'a self) -> Sink {
        Sink
    }
}

thread_local! {
    /// This thread's line being built, and the formatted second it last stamped.
    static LINE: RefCell<(String, u64, String)> = const { RefCell::new((String::new(), u64::MAX, String::new())) };
}

/// The log line of one answered request, as `tracing::info!(target: REQUEST_TARGET,
/// %method, %path, status, micros, "request")` would write it.
pub fn request(method: &str, path: &str, status: u16, micros: u64) {
    let Some(queue) = QUEUE.get() else { return };
    if !REQUESTS.load(Ordering::Relaxed) {
        return;
    }
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    LINE.with_borrow_mut(|(line, second, stamp)| {
        if *second != now.as_secs() {
            *second = now.as_secs();
            stamp.clear();
            if let Some(time) = DateTime::from_timestamp(now.as_secs() as i64, 0) {
                let _ = write!(stamp, "{}", time.format("%Y-%m-%dT%H:%M:%S"));
            }
        }
        line.clear();
        put_request_line(
            line,
            stamp,
            now.subsec_micros(),
            (method, path, status, micros),
        );
        queue.push(line.as_bytes());
    });
}

/// Writes a request's line after `stamp` (the second) and the microseconds within
/// it, piece by piece: `format!`'s machinery was a third of the line's cost.
fn put_request_line(
    line: &mut String,
    stamp: &str,
    subsec_micros: u32,
    (method, path, status, micros): (&str, &str, u16, u64),
) {
    let mut number = itoa::Buffer::new();
    line.push_str(stamp);
    line.push('.');
    let fraction = number.format(subsec_micros);
    for _ in fraction.len()..6 {
        line.push('0');
    }
    line.push_str(fraction);
    line.push_str("Z  INFO ");
    line.push_str(REQUEST_TARGET);
    line.push_str(": request method=");
    line.push_str(method);
    line.push_str(" path=");
    line.push_str(path);
    line.push_str(" status=");
    line.push_str(number.format(status));
    line.push_str(" micros=");
    line.push_str(number.format(micros));
    line.push('\n');
}

/// Log lines dropped so far because the queue was full.
pub fn dropped() -> usize {
    QUEUE
        .get()
        .map_or(0, |queue| queue.dropped.load(Ordering::Relaxed))
}

/// Once a minute, says how many log lines were dropped since the last report (the
/// queue to standard error was full: the terminal or journal could not keep up).
pub fn report_dropped_lines() {
    tokio::spawn(async move {
        let mut reported = 0;
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            let dropped = dropped();
            if dropped > reported {
                tracing::warn!(
                    dropped = dropped - reported,
                    "log lines dropped in the last minute: the log could not keep up"
                );
                reported = dropped;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_line_reads_as_tracing_would_write_it() {
        for (fraction, micros) in [(0, 0), (7, 12), (123_456, 98_765_432), (999_999, 1)] {
            let mut line = String::new();
            put_request_line(
                &mut line,
                "2026-11-22T21:15:26",
                fraction,
                ("GET", "/about", 304, micros),
            );
            assert_eq!(
                line,
                format!(
                    "2026-11-22T21:15:26.{fraction:06}Z  INFO thewell::web::middleware: request method=GET path=/about status=304 micros={micros}\n"
                )
            );
        }
    }

    #[test]
    fn a_full_queue_drops_and_counts_and_a_batch_keeps_order() {
        let queue = Queue {
            waiting: Mutex::new(Vec::new()),
            filled: Condvar::new(),
            dropped: AtomicUsize::new(0),
        };
        let line = vec![b'x'; 1000];
        for _ in 0..(CAPACITY / 1000 + 5) {
            queue.push(&line);
        }
        assert_eq!(queue.dropped.load(Ordering::Relaxed), 5);
        queue.lock().clear();
        queue.push(b"one\n");
        queue.push(b"two\n");
        let mut out = Vec::new();
        queue.write_out(&mut out, &mut Vec::new());
        assert_eq!(out, b"one\ntwo\n");
        assert!(queue.lock().is_empty());
    }
}
