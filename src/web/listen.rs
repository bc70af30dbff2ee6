//! The accept loop: each accepted connection gets its limits (see `connection`:
//! no connection is held for ever, and a new one beyond `max_connections` closes
//! the one quiet the longest), its TLS handshake in its own task, and hyper. An
//! accept that fails (the process is at its open-file limit) backs off and is
//! logged once, not retried in a spin. The open-file limit is raised at start-up.
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use poem::http::uri::Scheme;
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Endpoint, Request, Response};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::watch;

use super::connection::{FirstRequest, Guarded, Registry};
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
        // rlim_t is u64 here, not on every platform.
        #[allow(clippy::unnecessary_cast)]
        let open = limit.rlim_cur as u64;
        open
    }
}

/// Connections to allow for an open-file limit: room is kept for the database,
/// photos, logs and the listener itself.
pub fn connections_for(open_files: u64) -> usize {
    let spare = (open_files / 8).clamp(32, 1024);
    open_files.saturating_sub(spare).clamp(16, 1 << 20) as usize
}

/// The body type poem's responses convert into for hyper.
type ResponseBody = http_body_util::combinators::BoxBody<Bytes, io::Error>;

/// One connection served by hyper until it ends or the server stops.
async fn connection<I, E>(
    io: I,
    builder: &auto::Builder<TokioExecutor>,
    endpoint: Arc<E>,
    (local, remote, scheme): (LocalAddr, RemoteAddr, Scheme),
    first_request: FirstRequest,
    mut shutdown_rx: watch::Receiver<bool>,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    E: Endpoint<Output = Response> + 'static,
{
    let service = hyper::service::service_fn(move |req| {
        first_request.arrived();
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
    let registry = Registry::new(limits.max_connections);
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        // Each later request's wait and head, on a kept-alive connection; the
        // first request's head has the header timeout (connection.rs).
        .header_read_timeout(limits.idle_timeout)
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
        let first_request = guarded.first_request();
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
                    first_request,
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
                    first_request,
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
}
