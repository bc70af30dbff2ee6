//! Where log lines go: standard error, as `THEWELL_LOG` filters them (info by
//! default). A server writes through a queue drained by its own thread, so a slow
//! terminal or journal never holds up a request: when the queue is full a line is
//! dropped and counted, and the count is reported once a minute.
use std::io::IsTerminal;
use std::sync::OnceLock;

use tracing_appender::non_blocking::{ErrorCounter, NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::EnvFilter;

/// Lines waiting to be written before new ones are dropped: a fraction of a second of
/// a server at full speed, at most a few MB.
const QUEUE_LINES: usize = 16 * 1024;

static DROPPED: OnceLock<ErrorCounter> = OnceLock::new();

fn filter() -> EnvFilter {
    EnvFilter::try_from_env("THEWELL_LOG").unwrap_or_else(|_| EnvFilter::new("info"))
}

/// Sets up logging. With `queued` (the server) lines go through the queue, and the
/// returned guard writes what is left in it when dropped at exit; otherwise (the
/// staff commands) each line is written as it comes.
pub fn init(queued: bool) -> Option<WorkerGuard> {
    let ansi = std::io::stderr().is_terminal();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter())
        .with_ansi(ansi);
    if !queued {
        builder.with_writer(std::io::stderr).init();
        return None;
    }
    let (writer, guard) = NonBlockingBuilder::default()
        .lossy(true)
        .buffered_lines_limit(QUEUE_LINES)
        .thread_name("thewell-log")
        // The queue's thread writes what it has taken in one go, flushing whenever the
        // queue is empty: one write per burst of lines, not one per line.
        .finish(std::io::BufWriter::with_capacity(
            64 * 1024,
            std::io::stderr(),
        ));
    let _ = DROPPED.set(writer.error_counter());
    builder.with_writer(writer).init();
    Some(guard)
}

/// Log lines dropped so far because the queue was full.
pub fn dropped() -> usize {
    DROPPED.get().map_or(0, ErrorCounter::dropped_lines)
}
