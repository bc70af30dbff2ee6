//! The accept loop: each accepted connection gets its limits (see `connection`:
//! no connection is held for ever, and a new one beyond `max_connections` closes
//! the one quiet the longest), its TLS handshake in its own task, and hyper:
//! HTTP/1.1, or HTTP/2 where TLS's ALPN agreed on it. Each request is answered
//! from its head alone when it can be (`Direct`: the site's own files), else by the
//! endpoint. An accept that fails (the process is at its open-file limit) backs off
//! and is logged once, not retried in a spin. The open-file limit is raised at
//! start-up. A stop tells every connection through the registry.
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulConnection;
use poem::http::uri::Scheme;
use poem::http::{HeaderMap, Method, Uri};
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Endpoint, Request, Response};
use tokio::io::{AsyncRead, AsyncWrite};

use super::connection::{Guarded, Limits, Registry, Requests};
use super::refusals::Refusals;
use super::tls::Current;
use crate::web::middleware::security_header_lines;

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

/// What one open connection may cost in memory at most (its buffers, TLS state and
/// task), measured at about 30 KB.
const BYTES_PER_CONNECTION: u64 = 32 << 10;

/// Connections to allow for `memory` bytes of the machine: a quarter of it, so that a
/// flood of connections cannot take the memory the rest of the server needs (1 GB:
/// 8,192 connections).
pub fn connections_for_memory(memory: u64) -> usize {
    (memory / 4 / BYTES_PER_CONNECTION).clamp(16, 1 << 20) as usize
}

/// The machine's memory, from /proc/meminfo (None where it cannot be read).
pub fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Connections to allow for an open-file limit: room is kept for the database,
/// photos, logs and the listener itself.
pub fn connections_for(open_files: u64) -> usize {
    let spare = (open_files / 8).clamp(32, 1024);
    open_files.saturating_sub(spare).clamp(16, 1 << 20) as usize
}

/// Requests answered from their head alone, before any routing: on the site's own
/// files (most requests) this skips making a full request and the router's work.
pub trait Direct: Send + Sync + 'static {
    /// The whole answer (headers and log line included), or None to route the request.
    fn answer(
        &self,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
        https: bool,
    ) -> Option<Response>;
}

/// Nothing answered directly: every request is routed.
pub struct Routed;

impl Direct for Routed {
    fn answer(&self, _: &Method, _: &Uri, _: &HeaderMap, _: bool) -> Option<Response> {
        None
    }
}

/// The body type poem's responses convert into for hyper.
type ResponseBody = http_body_util::combinators::BoxBody<Bytes, io::Error>;

/// One connection served by hyper until it ends, or until the server stops: then
/// the request being answered is finished and the connection closed.
async fn connection<I, E, D>(
    io: I,
    (builders, protocol): (&Builders, Protocol),
    (direct, endpoint): (Arc<D>, Arc<E>),
    (local, remote, scheme): (LocalAddr, RemoteAddr, Scheme),
    requests: Requests,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    E: Endpoint<Output = Response> + 'static,
    D: Direct,
{
    let told = requests.clone();
    let https = scheme == Scheme::HTTPS;
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
        told.arrived();
        let work = match direct.answer(req.method(), req.uri(), req.headers(), https) {
            Some(response) => Ok(response),
            None => Err((
                Arc::clone(&endpoint),
                Request::from((req, local.clone(), remote.clone(), scheme.clone())),
            )),
        };
        let told = told.clone();
        async move {
            let response = match work {
                Ok(response) => response,
                Err((endpoint, request)) => endpoint.get_response(request).await,
            };
            told.answered();
            Ok::<_, Infallible>(hyper::Response::<ResponseBody>::from(response))
        }
    });
    match protocol {
        Protocol::Http1 => {
            let io = TokioIo::new(Refusals::new(io, security_header_lines(https)));
            drive(builders.http1.serve_connection(io, service), &requests).await
        }
        Protocol::Http2 => {
            let io = TokioIo::new(io);
            drive(builders.http2.serve_connection(io, service), &requests).await
        }
    }
}

/// Runs a connection until it ends, or until the server stops: then the request
/// being answered is finished and the connection closed. Polled as one future rather
/// than a `select!` with a stop signal: nothing beyond one flag is looked at when
/// the connection wakes.
async fn drive(connection: impl GracefulConnection, requests: &Requests) {
    tokio::pin!(connection);
    let stopping = std::future::poll_fn(|cx| match connection.as_mut().poll(cx) {
        Poll::Ready(_) => Poll::Ready(false),
        Poll::Pending if requests.stopping() => Poll::Ready(true),
        Poll::Pending => Poll::Pending,
    })
    .await;
    if stopping {
        connection.as_mut().graceful_shutdown();
        let _ = connection.await;
    }
}

/// The protocol a connection speaks: HTTP/1.1 on plain HTTP (browsers speak HTTP/2
/// only over TLS), and over TLS whatever ALPN agreed.
#[derive(Debug, Clone, Copy)]
enum Protocol {
    Http1,
    Http2,
}

/// How hyper serves each protocol.
struct Builders {
    http1: http1::Builder,
    http2: http2::Builder<TokioExecutor>,
}

impl Builders {
    fn new() -> Builders {
        let mut http1 = http1::Builder::new();
        http1
            .timer(TokioTimer::new())
            // The heads' deadlines are kept by the connection's stream
            // (connection.rs), with no timer made per request.
            .header_read_timeout(None)
            .keep_alive(true);
        let mut http2 = http2::Builder::new(TokioExecutor::new());
        http2.timer(TokioTimer::new());
        Builders { http1, http2 }
    }
}

/// Accepts connections until `stop` resolves, then lets requests in flight finish
/// for at most `grace`. With `tls`, each connection is HTTPS with the configuration
/// current when it arrives.
pub async fn serve<A, E, D>(
    mut acceptor: A,
    (direct, endpoint): (D, E),
    (limits, registry): (Limits, Arc<Registry>),
    tls: Option<Current>,
    stop: impl Future<Output = ()>,
    grace: Duration,
) where
    A: Acceptor + 'static,
    E: Endpoint<Output = Response> + 'static,
    D: Direct,
{
    let direct = Arc::new(direct);
    let endpoint = Arc::new(endpoint);
    let builders = Arc::new(Builders::new());
    let mut backoff = Backoff::default();
    tokio::pin!(stop);
    loop {
        // A connection closed to make room closes on its own task: under a flood, let
        // those close before taking more files (at most 50 ms), or accept() would run
        // out of them.
        for _ in 0..50 {
            if registry.open() <= limits.max_connections {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
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
        let requests = guarded.requests();
        let service = (Arc::clone(&direct), Arc::clone(&endpoint));
        let builders = Arc::clone(&builders);
        let tls = tls.clone();
        tokio::spawn(async move {
            let Some(current) = tls else {
                return connection(
                    guarded,
                    (&builders, Protocol::Http1),
                    service,
                    (local, remote, scheme),
                    requests,
                )
                .await;
            };
            // The handshake runs here, never in the accept loop; a slow one is bounded
            // by the header timeout like a slow request.
            let config = Arc::clone(&current.read().unwrap_or_else(|e| e.into_inner()));
            let handshake = tokio_rustls::TlsAcceptor::from(config).accept(guarded);
            if let Ok(Ok(stream)) = tokio::time::timeout(limits.header_timeout, handshake).await {
                let protocol = match stream.get_ref().1.alpn_protocol() {
                    Some(b"h2") => Protocol::Http2,
                    _ => Protocol::Http1,
                };
                connection(
                    stream,
                    (&builders, protocol),
                    service,
                    (local, remote, Scheme::HTTPS),
                    requests,
                )
                .await;
            }
        });
    }
    drop(acceptor);
    registry.stop();
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
    fn the_connection_cap_leaves_memory_for_the_rest() {
        assert_eq!(connections_for_memory(1 << 30), 8192);
        assert_eq!(connections_for_memory(512 << 20), 4096);
        assert!(connections_for_memory(0) >= 16);
    }
}
