//! Connections: the accept loop and what each connection may hold. No connection
//! is held for ever: one that sends nothing (or never finishes its headers) is
//! closed after the header timeout, one idle between requests after the idle
//! timeout, and one whose reads and writes make no progress for that long too.
//! At most `max_connections` are open at once; a new one beyond that closes the
//! connection that has been quiet the longest, so a client holding hundreds of
//! idle connections cannot keep a visitor out. An accept that fails (the process
//! is at its open-file limit) backs off and is logged once, not retried in a spin.
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use atomic_waker::AtomicWaker;
use bytes::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use poem::http::uri::Scheme;
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Endpoint, Request, Response};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::watch;
use tokio::time::Sleep;

use super::tls::Current;

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

/// The open-file limit of this process, raised to its hard limit first (a server
/// holds one file per connection; the soft limit is often 1,024).
pub fn raise_open_file_limit() -> u64 {
    // SAFETY: getrlimit/setrlimit read and write a plain struct owned here.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = limit.rlim_max;
            }
        }
        limit.rlim_cur as u64
    }
}

/// Connections to allow for an open-file limit: room is kept for the database,
/// photos, logs and the listener itself.
pub fn connections_for(open_files: u64) -> usize {
    let spare = (open_files / 8).clamp(32, 1024);
    open_files.saturating_sub(spare).clamp(16, 1 << 20) as usize
}

/// One open connection as the registry sees it.
struct Slot {
    /// Milliseconds (since the registry began) of its last read or write.
    last_active: AtomicU64,
    /// Set when a newer connection took its place; its next poll fails.
    evicted: AtomicBool,
    waker: AtomicWaker,
}

/// Every open connection, to find the quietest when there are too many.
struct Registry {
    slots: Mutex<HashMap<u64, Arc<Slot>>>,
    next_id: AtomicU64,
    epoch: Instant,
    max: usize,
}

impl Registry {
    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// Registers a new connection, first closing the quietest one when full.
    fn admit(self: &Arc<Self>) -> Admitted {
        let slot = Arc::new(Slot {
            last_active: AtomicU64::new(self.now()),
            evicted: AtomicBool::new(false),
            waker: AtomicWaker::new(),
        });
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let live = slots
            .values()
            .filter(|s| !s.evicted.load(Ordering::Relaxed))
            .count();
        if live >= self.max
            && let Some(quietest) = slots
                .values()
                .filter(|s| !s.evicted.load(Ordering::Relaxed))
                .min_by_key(|s| s.last_active.load(Ordering::Relaxed))
        {
            quietest.evicted.store(true, Ordering::Relaxed);
            quietest.waker.wake();
        }
        slots.insert(id, Arc::clone(&slot));
        Admitted {
            registry: Arc::clone(self),
            id,
            slot,
        }
    }

    fn open(&self) -> usize {
        self.slots.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// A connection's place in the registry, given back when the connection ends.
struct Admitted {
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
        slots.remove(&self.id);
    }
}

/// A connection's stream with its deadlines and its place in the registry.
struct Guarded<T> {
    inner: T,
    admitted: Admitted,
    limits: Limits,
    /// True from the start and after each write until the next request's first byte.
    waiting: bool,
    /// Whether a request was ever read (the first wait is bounded by the header timeout).
    served: bool,
    deadline: Pin<Box<Sleep>>,
}

impl<T> Guarded<T> {
    fn new(inner: T, admitted: Admitted, limits: Limits) -> Self {
        Guarded {
            inner,
            admitted,
            limits,
            waiting: true,
            served: false,
            deadline: Box::pin(tokio::time::sleep(limits.header_timeout)),
        }
    }

    /// Progress was made: the next deadline counts from now.
    fn progressed(&mut self) {
        let registry = &self.admitted.registry;
        self.admitted
            .slot
            .last_active
            .store(registry.now(), Ordering::Relaxed);
        let wait = if self.waiting && !self.served {
            self.limits.header_timeout
        } else {
            self.limits.idle_timeout
        };
        self.deadline
            .as_mut()
            .reset(tokio::time::Instant::now() + wait);
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
                    this.waiting = false;
                    this.served = true;
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
                    self.waiting = true;
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

/// The body type poem's responses convert into for hyper.
type ResponseBody = http_body_util::combinators::BoxBody<Bytes, io::Error>;

/// One connection served by hyper until it ends or the server stops.
async fn connection<I, E>(
    io: I,
    builder: &auto::Builder<TokioExecutor>,
    endpoint: Arc<E>,
    (local, remote, scheme): (LocalAddr, RemoteAddr, Scheme),
    mut shutdown_rx: watch::Receiver<bool>,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    E: Endpoint<Output = Response> + 'static,
{
    let service = hyper::service::service_fn(move |req| {
        let endpoint = Arc::clone(&endpoint);
        let request = Request::from((req, local.clone(), remote.clone(), scheme.clone()));
        async move {
            let response = endpoint.get_response(request).await;
            Ok::<_, Infallible>(hyper::Response::<ResponseBody>::from(response))
        }
    });
    let connection = builder.serve_connection_with_upgrades(TokioIo::new(io), service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = shutdown_rx.wait_for(|stopping| *stopping) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}

/// Accepts connections until `stop` resolves, then lets requests in flight finish
/// for at most `grace`. With `tls`, each connection is HTTPS with the configuration
/// current when it arrives.
pub async fn serve<A, E>(
    mut acceptor: A,
    endpoint: E,
    limits: Limits,
    tls: Option<Current>,
    stop: impl Future<Output = ()>,
    grace: Duration,
) where
    A: Acceptor + 'static,
    E: Endpoint<Output = Response> + 'static,
{
    let endpoint = Arc::new(endpoint);
    let registry = Arc::new(Registry {
        slots: Mutex::new(HashMap::new()),
        next_id: AtomicU64::new(0),
        epoch: Instant::now(),
        max: limits.max_connections,
    });
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    builder.http2().timer(TokioTimer::new());
    let builder = Arc::new(builder);
    let (shutdown, shutdown_rx) = watch::channel(false);
    let mut backoff = Backoff::default();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => break,
            accepted = acceptor.accept() => accepted,
        };
        let (io, local, remote, scheme) = match accepted {
            Ok(accepted) => {
                backoff.succeeded();
                accepted
            }
            Err(error) => {
                backoff.failed(&error, registry.open()).await;
                continue;
            }
        };
        let guarded = Guarded::new(io, registry.admit(), limits);
        let endpoint = Arc::clone(&endpoint);
        let builder = Arc::clone(&builder);
        let shutdown_rx = shutdown_rx.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let Some(current) = tls else {
                return connection(
                    guarded,
                    &builder,
                    endpoint,
                    (local, remote, scheme),
                    shutdown_rx,
                )
                .await;
            };
            // The handshake runs here, never in the accept loop; a slow one is bounded
            // by the header timeout like a slow request.
            let config = Arc::clone(&current.read().unwrap_or_else(|e| e.into_inner()));
            let handshake = tokio_rustls::TlsAcceptor::from(config).accept(guarded);
            if let Ok(Ok(stream)) = tokio::time::timeout(limits.header_timeout, handshake).await {
                connection(
                    stream,
                    &builder,
                    endpoint,
                    (local, remote, Scheme::HTTPS),
                    shutdown_rx,
                )
                .await;
            }
        });
    }
    drop(acceptor);
    let _ = shutdown.send(true);
    let deadline = Instant::now() + grace;
    while registry.open() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Accept failures: logged when they start and when they end, with a growing pause
/// in between so that a full open-file table does not spin a core.
#[derive(Default)]
struct Backoff {
    failures: u64,
    pause: Duration,
}

impl Backoff {
    async fn failed(&mut self, error: &io::Error, open: usize) {
        if self.failures == 0 {
            tracing::error!(
                %error,
                open_connections = open,
                "cannot accept connections: {}; retrying with a pause until it passes",
                if error.raw_os_error() == Some(libc::EMFILE) || error.raw_os_error() == Some(libc::ENFILE) {
                    "the open-file limit is reached (raise LimitNOFILE, or lower --max-connections)"
                } else {
                    "the system refused"
                }
            );
        }
        self.failures += 1;
        self.pause = (self.pause * 2).clamp(Duration::from_millis(5), Duration::from_secs(1));
        tokio::time::sleep(self.pause).await;
    }

    fn succeeded(&mut self) {
        if self.failures > 0 {
            tracing::info!(
                failed = self.failures,
                "accepting connections again after {} failed accepts",
                self.failures
            );
        }
        self.failures = 0;
        self.pause = Duration::ZERO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_cap_leaves_room_for_files() {
        assert_eq!(connections_for(1024), 896);
        assert_eq!(connections_for(65536), 64512);
        assert_eq!(connections_for(64), 32);
        assert!(connections_for(0) >= 16);
    }

    #[test]
    fn a_full_registry_evicts_the_quietest_connection() {
        let registry = Arc::new(Registry {
            slots: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            epoch: Instant::now(),
            max: 2,
        });
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
    }
}
