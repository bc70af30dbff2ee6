//! One connection's limits: its place among the open connections (the quietest is
//! closed when there are too many), the server's stop (each connection is told, and
//! finishes the request it is answering), and its deadlines:
//! - the first request's head must be whole within the header timeout from the
//!   connection's start (the TLS handshake included), whatever the progress, so a
//!   client that trickles it is closed;
//! - while a request is being answered, reads and writes must make progress within
//!   the idle timeout;
//! - after an answer, the next request's head must be whole within the idle timeout
//!   from the answer's last write; bytes of a trickled head do not extend it.
//!
//! A stream wrapper, so hyper and TLS need not know. The wrapper keeps one timer per
//! connection and moves it only when it fires: progress costs a clock read, not a
//! timer update, and no timer is made per request.
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use atomic_waker::AtomicWaker;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// What a connection may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections open at once; beyond it the quietest one is closed.
    pub max_connections: usize,
    /// From the connection's start to its first request's complete headers.
    pub header_timeout: Duration,
    /// Between requests on a kept-alive connection, and with no progress mid-request.
    pub idle_timeout: Duration,
}

/// One open connection as the registry sees it.
struct Slot {
    /// Milliseconds (since the registry began) of its last read or write.
    last_active: AtomicU64,
    /// Set when a newer connection took its place; its next poll fails.
    evicted: AtomicBool,
    /// Requests whose head was read whole, and requests answered (see `Requests`).
    arrived: AtomicU64,
    answered: AtomicU64,
    /// The connection's task: woken to close it (evicted) or to stop (server stopping).
    waker: AtomicWaker,
}

/// Every open connection, to find the quietest when there are too many, and to tell
/// them all when the server stops.
pub struct Registry {
    slots: Mutex<Slots>,
    next_id: AtomicU64,
    /// `coarse_millis` when the registry began.
    epoch: u64,
    max: usize,
    stopping: AtomicBool,
}

/// The open connections, and how many of them are evicted but not yet closed.
#[derive(Default)]
struct Slots {
    open: HashMap<u64, Arc<Slot>>,
    evicted: usize,
}

/// Milliseconds of the monotonic clock as the kernel last ticked it
/// (CLOCK_MONOTONIC_COARSE: a few milliseconds' resolution, for a fraction of the
/// precise clock's cost).
fn coarse_millis() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the plain struct owned here.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_COARSE, &mut now) };
    now.tv_sec as u64 * 1000 + now.tv_nsec as u64 / 1_000_000
}

impl Registry {
    pub fn new(max: usize) -> Arc<Registry> {
        Arc::new(Registry {
            slots: Mutex::new(Slots::default()),
            next_id: AtomicU64::new(0),
            epoch: coarse_millis(),
            max,
            stopping: AtomicBool::new(false),
        })
    }

    /// Milliseconds since the registry began, from the coarse clock: it is read on
    /// every read and write.
    fn now(&self) -> u64 {
        coarse_millis().saturating_sub(self.epoch)
    }

    /// Registers a new connection, first closing the quietest one when full.
    pub fn admit(self: &Arc<Self>) -> Admitted {
        let slot = Arc::new(Slot {
            last_active: AtomicU64::new(self.now()),
            evicted: AtomicBool::new(false),
            arrived: AtomicU64::new(0),
            answered: AtomicU64::new(0),
            waker: AtomicWaker::new(),
        });
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        // Only a full registry is searched, for the quietest connection to close.
        if slots.open.len() - slots.evicted >= self.max
            && let Some(quietest) = slots
                .open
                .values()
                .filter(|s| !s.evicted.load(Ordering::Relaxed))
                .min_by_key(|s| s.last_active.load(Ordering::Relaxed))
        {
            quietest.evicted.store(true, Ordering::Relaxed);
            quietest.waker.wake();
            slots.evicted += 1;
        }
        slots.open.insert(id, Arc::clone(&slot));
        Admitted {
            registry: Arc::clone(self),
            id,
            slot,
        }
    }

    pub fn open(&self) -> usize {
        self.slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .open
            .len()
    }

    /// The server is stopping: every connection is woken to finish and close.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        for slot in slots.open.values() {
            slot.waker.wake();
        }
    }
}

/// A connection's place in the registry, given back when the connection ends.
pub struct Admitted {
    registry: Arc<Registry>,
    id: u64,
    slot: Arc<Slot>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut slots = self
            .registry
            .slots
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        slots.open.remove(&self.id);
        if self.slot.evicted.load(Ordering::Relaxed) {
            slots.evicted -= 1;
        }
    }
}

/// What the connection's service tells its stream: a request's head was read, a
/// request was answered (which moves the deadlines); and whether the server stops.
#[derive(Clone)]
pub struct Requests {
    slot: Arc<Slot>,
    registry: Arc<Registry>,
}

impl Requests {
    pub fn arrived(&self) {
        self.slot.arrived.fetch_add(1, Ordering::Relaxed);
    }

    /// (Over HTTP/2 each request is answered in a task of its own, perhaps at once.)
    pub fn answered(&self) {
        self.slot.answered.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether the server is stopping. A connection waiting to read or write is woken
    /// when it does (the stream registers its task); one busy otherwise looks again
    /// when it next wakes.
    pub fn stopping(&self) -> bool {
        self.registry.stopping.load(Ordering::SeqCst)
    }
}

/// Writes smaller than this between answers are control frames' replies (an HTTP/2
/// PING acknowledged is 17 bytes, 39 inside a TLS 1.3 record), not an answer's bytes.
const CONTROL_WRITE: usize = 64;

/// Where a connection is, for its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before the first request's head is whole: the header timeout from the start.
    FirstHead,
    /// Answering a request: the idle timeout from the last read or write.
    Answering,
    /// Between answers: the idle timeout from the last write.
    NextHead,
}

/// A connection's stream with its deadlines and its place in the registry.
pub struct Guarded<T> {
    inner: T,
    admitted: Admitted,
    limits: Limits,
    phase: Phase,
    /// When (registry milliseconds) the current deadline started counting.
    since: u64,
    /// Fires at or before the deadline; then moved on if the deadline moved.
    timer: Pin<Box<Sleep>>,
}

impl<T> Guarded<T> {
    pub fn new(inner: T, admitted: Admitted, limits: Limits) -> Self {
        let since = admitted.registry.now();
        Guarded {
            inner,
            admitted,
            limits,
            phase: Phase::FirstHead,
            since,
            timer: Box::pin(tokio::time::sleep(limits.header_timeout)),
        }
    }

    /// What the service tells this stream.
    pub fn requests(&self) -> Requests {
        Requests {
            slot: Arc::clone(&self.admitted.slot),
            registry: Arc::clone(&self.admitted.registry),
        }
    }

    fn limit(&self) -> Duration {
        match self.phase {
            Phase::FirstHead => self.limits.header_timeout,
            Phase::Answering | Phase::NextHead => self.limits.idle_timeout,
        }
    }

    /// Follows what the service told; a new phase's deadline counts from `now`.
    fn follow(&mut self, now: u64) {
        let slot = &self.admitted.slot;
        let arrived = slot.arrived.load(Ordering::Relaxed);
        let phase = if arrived == 0 {
            Phase::FirstHead
        } else if arrived != slot.answered.load(Ordering::Relaxed) {
            Phase::Answering
        } else {
            Phase::NextHead
        };
        if phase != self.phase {
            let was_first = self.phase == Phase::FirstHead;
            self.phase = phase;
            self.since = now;
            // The timer may only fire early, never late: leaving the first head
            // for a shorter idle timeout brings it forward.
            if was_first && self.limits.idle_timeout < self.limits.header_timeout {
                self.timer
                    .as_mut()
                    .reset(tokio::time::Instant::now() + self.limits.idle_timeout);
            }
        }
    }

    /// Bytes moved: the registry's idea of activity, and the deadline where this
    /// kind of progress counts.
    fn progressed(&mut self, wrote: usize) {
        let now = self.admitted.registry.now();
        self.admitted.slot.last_active.store(now, Ordering::Relaxed);
        self.follow(now);
        match self.phase {
            Phase::Answering => self.since = now,
            // The rest of an answer still being written counts; a control frame's
            // reply (an HTTP/2 PING or SETTINGS acknowledged, even inside a TLS
            // record) does not, so a client's PINGs keep no connection past its idle time.
            Phase::NextHead if wrote >= CONTROL_WRITE => self.since = now,
            _ => {}
        }
    }

    /// Fails when this connection was evicted or its deadline passed; else registers the waker.
    fn check(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        let slot = &self.admitted.slot;
        slot.waker.register(cx.waker());
        if slot.evicted.load(Ordering::Relaxed) {
            return Some(io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "closed to make room for a newer connection",
            ));
        }
        while self.timer.as_mut().poll(cx).is_ready() {
            let now = self.admitted.registry.now();
            self.follow(now);
            let deadline = self.since + self.limit().as_millis() as u64;
            if now >= deadline {
                return Some(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "no progress within the connection's timeout",
                ));
            }
            // Progress moved the deadline since the timer was set.
            self.timer
                .as_mut()
                .reset(tokio::time::Instant::now() + Duration::from_millis(deadline - now));
        }
        None
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Guarded<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.progressed(0);
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match this.check(cx) {
                Some(error) => Poll::Ready(Err(error)),
                None => Poll::Pending,
            },
        }
    }
}

impl<T> Guarded<T> {
    /// After a write: progress may move the deadline; no progress checks it.
    fn after_write(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match polled {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.progressed(n);
                }
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.check(cx) {
                Some(error) => Poll::Ready(Err(error)),
                None => Poll::Pending,
            },
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Guarded<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let polled = Pin::new(&mut this.inner).poll_write(cx, data);
        this.after_write(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let polled = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.after_write(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_registry_evicts_the_quietest_connection() {
        let registry = Registry::new(2);
        let first = registry.admit();
        let second = registry.admit();
        first.slot.last_active.store(50, Ordering::Relaxed);
        second.slot.last_active.store(10, Ordering::Relaxed);
        let third = registry.admit();
        assert!(
            second.slot.evicted.load(Ordering::Relaxed),
            "the quietest goes"
        );
        assert!(!first.slot.evicted.load(Ordering::Relaxed));
        assert!(!third.slot.evicted.load(Ordering::Relaxed));
        drop(second);
        assert_eq!(registry.open(), 2);
        // The evicted one has gone: the count is two live again, so a fourth evicts one.
        let fourth = registry.admit();
        let evicted = [&first, &third]
            .iter()
            .filter(|a| a.slot.evicted.load(Ordering::Relaxed))
            .count();
        assert_eq!(evicted, 1);
        assert!(!fourth.slot.evicted.load(Ordering::Relaxed));
    }
}
