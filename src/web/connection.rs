//! One connection's limits: its place among the open connections (the quietest is
//! closed when there are too many) and its deadlines: the header timeout for the
//! whole of the first request's head (a client that trickles it is closed), then the
//! idle timeout whenever reads and writes make no progress. A stream wrapper, so
//! hyper and TLS need not know; hyper's own header timeout, set to the idle timeout,
//! bounds each later request's wait and head.
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;

use atomic_waker::AtomicWaker;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

use super::listen::Limits;

/// One open connection as the registry sees it.
struct Slot {
    /// Milliseconds (since the registry began) of its last read or write.
    last_active: AtomicU64,
    /// Set when a newer connection took its place; its next poll fails.
    evicted: AtomicBool,
    /// Set when the first request's head was read whole (see `FirstRequest`).
    requested: AtomicBool,
    waker: AtomicWaker,
}

/// Every open connection, to find the quietest when there are too many.
pub struct Registry {
    slots: Mutex<Slots>,
    next_id: AtomicU64,
    epoch: Instant,
    max: usize,
}

/// The open connections, and how many of them are evicted but not yet closed.
#[derive(Default)]
struct Slots {
    open: HashMap<u64, Arc<Slot>>,
    evicted: usize,
}

impl Registry {
    pub fn new(max: usize) -> Arc<Registry> {
        Arc::new(Registry {
            slots: Mutex::new(Slots::default()),
            next_id: AtomicU64::new(0),
            epoch: Instant::now(),
            max,
        })
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// Registers a new connection, first closing the quietest one when full.
    pub fn admit(self: &Arc<Self>) -> Admitted {
        let slot = Arc::new(Slot {
            last_active: AtomicU64::new(self.now()),
            evicted: AtomicBool::new(false),
            requested: AtomicBool::new(false),
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

/// Told by the service when a request's head has been read, which ends the
/// connection's header timeout.
#[derive(Clone)]
pub struct FirstRequest(Arc<Slot>);

impl FirstRequest {
    pub fn arrived(&self) {
        self.0.requested.store(true, Ordering::Relaxed);
    }
}

/// A connection's stream with its deadlines and its place in the registry.
pub struct Guarded<T> {
    inner: T,
    admitted: Admitted,
    limits: Limits,
    /// Until the first request's head is read: the deadline is the header timeout
    /// from the start, whatever the progress.
    heading: bool,
    deadline: Pin<Box<Sleep>>,
}

impl<T> Guarded<T> {
    pub fn new(inner: T, admitted: Admitted, limits: Limits) -> Self {
        Guarded {
            inner,
            admitted,
            limits,
            heading: true,
            deadline: Box::pin(tokio::time::sleep(limits.header_timeout)),
        }
    }

    /// What the service tells when the first request has arrived.
    pub fn first_request(&self) -> FirstRequest {
        FirstRequest(Arc::clone(&self.admitted.slot))
    }

    /// Whether the header timeout is over because the first request arrived.
    fn headed(&mut self) -> bool {
        if self.heading && self.admitted.slot.requested.load(Ordering::Relaxed) {
            self.heading = false;
        }
        !self.heading
    }

    /// Progress was made: once the first request arrived, the next deadline counts from now.
    fn progressed(&mut self) {
        let registry = &self.admitted.registry;
        self.admitted
            .slot
            .last_active
            .store(registry.now(), Ordering::Relaxed);
        if self.headed() {
            self.deadline
                .as_mut()
                .reset(tokio::time::Instant::now() + self.limits.idle_timeout);
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
        if self.deadline.as_mut().poll(cx).is_ready() {
            // The header timeout passed while the first request was being answered.
            if self.heading && self.headed() {
                self.progressed();
                return self.check(cx);
            }
            return Some(io::Error::new(
                io::ErrorKind::TimedOut,
                "no progress within the connection's timeout",
            ));
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
                    this.progressed();
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
    /// After a write: progress resets the deadline; no progress checks it.
    fn after_write(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match polled {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.progressed();
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
