//! The one HTTP client the server speaks to other machines with (webhooks, the
//! bucket of the off-site copies), and the bounds every answer is held to whoever
//! answers: a cap on the body kept in memory, bodies too large for memory streamed
//! to the caller's sink with their own cap, no more than a stall's wait for any
//! byte (not one deadline for a whole download, which a large object on a slow link
//! would never meet), and the other side's words reduced to a short code before
//! they reach a log, a terminal or a notification. Plain `http://` is for this
//! machine only: the callers check their addresses with `plain_http_allowed`.
use std::sync::OnceLock;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// The longest wait for the next byte of an answer (or for its head).
pub const STALL: Duration = Duration::from_secs(60);

/// What went wrong, in words staff can act on (and nothing the other side wrote
/// beyond a short code).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutboundError {
    #[error("DNS: the name {0} does not resolve: check the spelling")]
    Dns(String),
    #[error("connection: {0}")]
    Connection(String),
    #[error("TLS: {0}")]
    Tls(String),
    #[error("timed out: no answer for {0} s")]
    Stalled(u64),
    #[error("the answer was larger than {0} bytes: refused")]
    TooLarge(u64),
    #[error("the answer could not be kept: {0}")]
    Sink(String),
}

/// Is `host` this machine (where plain text may be spoken)?
pub fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Whether `url` may be spoken to: https anywhere, plain http only to this machine.
pub fn plain_http_allowed(scheme: &str, host: &str) -> bool {
    scheme == "https" || (scheme == "http" && is_loopback(host))
}

/// Another machine's words made safe to show: printable ASCII only, runs of
/// anything else as one space, at most 160 characters.
pub fn short_code(text: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in text.chars() {
        if c.is_ascii_graphic() {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            out.push(c);
        } else {
            gap = true;
        }
        if out.len() >= 160 {
            out.truncate(160);
            out.push('…');
            break;
        }
    }
    out
}

type HttpsClient = Client<
    hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>,
    Full<Bytes>,
>;

/// The process's one client (the system's trusted certificates, one pool of
/// connections), made on first use: reading the certificates takes tens of
/// milliseconds that a server speaking to nobody should not spend.
static CLIENT: OnceLock<Result<HttpsClient, String>> = OnceLock::new();

/// A handle on the process's one outbound client.
#[derive(Clone, Default)]
pub struct Outbound;

/// The most of a refusal's body (an answer that is not a success) kept to read its code.
const REFUSAL_MAX: usize = 64 * 1024;

impl Outbound {
    fn client(&self) -> Result<&'static HttpsClient, OutboundError> {
        CLIENT
            .get_or_init(|| {
                let _ = tokio_rustls::rustls::crypto::ring::default_provider().install_default();
                let https = hyper_rustls::HttpsConnectorBuilder::new()
                    .with_native_roots()
                    .map_err(|e| format!("cannot read the system's trusted certificates: {e}"))?
                    .https_or_http()
                    .enable_http1()
                    .build();
                Ok(Client::builder(TokioExecutor::new()).build(https))
            })
            .as_ref()
            .map_err(|e| OutboundError::Tls(e.clone()))
    }

    /// Sends `request`; when the answer is a success, passes each piece of its body
    /// to `sink` as it comes, at most `max` bytes in all; otherwise keeps the first
    /// 64 KiB of it (to read its code) and returns them, after the status and the
    /// answer's headers. No wait is longer than
    /// `stall`, for the answer's head or any piece of it.
    pub async fn stream(
        &self,
        request: hyper::Request<Full<Bytes>>,
        stall: Duration,
        max: u64,
        mut sink: impl FnMut(&[u8]) -> std::io::Result<()>,
    ) -> Result<(hyper::StatusCode, hyper::HeaderMap, Bytes), OutboundError> {
        let client = self.client()?;
        let host = request.uri().host().unwrap_or_default().to_string();
        resolves(&host).await?;
        let failed = |e: &dyn std::error::Error| {
            let text = short_code(&crate::text::with_causes(e));
            if about_tls(&text) {
                OutboundError::Tls(text)
            } else {
                OutboundError::Connection(text)
            }
        };
        let stalled = || OutboundError::Stalled(stall.as_secs());
        let response = tokio::time::timeout(stall, client.request(request))
            .await
            .map_err(|_| stalled())?
            .map_err(|e| failed(&e))?;
        let (parts, mut body) = response.into_parts();
        let success = parts.status.is_success();
        let mut refusal = Vec::new();
        let mut taken = 0u64;
        loop {
            let frame = tokio::time::timeout(stall, body.frame())
                .await
                .map_err(|_| stalled())?;
            let Some(frame) = frame else { break };
            let frame = frame.map_err(|e| failed(&e))?;
            let Ok(data) = frame.into_data() else {
                continue;
            };
            if !success {
                let room = REFUSAL_MAX - refusal.len();
                refusal.extend_from_slice(&data[..data.len().min(room)]);
                if refusal.len() == REFUSAL_MAX {
                    break;
                }
                continue;
            }
            taken += data.len() as u64;
            if taken > max {
                return Err(OutboundError::TooLarge(max));
            }
            sink(&data).map_err(|e| OutboundError::Sink(e.to_string()))?;
        }
        Ok((parts.status, parts.headers, Bytes::from(refusal)))
    }

    /// Sends `request` and keeps its answer's body in memory: a success's at most
    /// `max` bytes, a refusal's first 64 KiB.
    pub async fn exchange(
        &self,
        request: hyper::Request<Full<Bytes>>,
        stall: Duration,
        max: u64,
    ) -> Result<(hyper::StatusCode, Bytes), OutboundError> {
        let mut body = Vec::new();
        let (status, _, refusal) = self
            .stream(request, stall, max, |piece| {
                body.extend_from_slice(piece);
                Ok(())
            })
            .await?;
        Ok((
            status,
            if status.is_success() {
                Bytes::from(body)
            } else {
                refusal
            },
        ))
    }
}

/// Fails with Dns when `host` has no address.
pub async fn resolves(host: &str) -> Result<(), OutboundError> {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.parse::<std::net::IpAddr>().is_ok() {
        return Ok(());
    }
    let found = tokio::net::lookup_host((host, 0))
        .await
        .map(|mut addresses| addresses.next().is_some());
    match found {
        Ok(true) => Ok(()),
        _ => Err(OutboundError::Dns(short_code(host))),
    }
}

/// Whether a failure's words are about TLS (a certificate, the handshake).
pub fn about_tls(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["certificate", "tls", "handshake", "starttls"]
        .iter()
        .any(|w| lower.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_machines_words_are_cut_to_a_short_printable_code() {
        assert_eq!(short_code("NoSuchKey"), "NoSuchKey");
        assert_eq!(short_code("a\u{1b}[31mred\r\nb"), "a [31mred b");
        assert_eq!(short_code(&"x".repeat(500)).chars().count(), 161);
        assert!(plain_http_allowed("https", "s3.example.com"));
        assert!(plain_http_allowed("http", "127.0.0.1"));
        assert!(plain_http_allowed("http", "[::1]"));
        assert!(!plain_http_allowed("http", "s3.example.com"));
        assert!(!plain_http_allowed("http", "10.0.0.1"));
    }

    /// A one-request server on 127.0.0.1 answering 200 with `pieces` of 1,000 bytes,
    /// waiting `gaps[i]` before piece i.
    async fn answering(gaps: Vec<Duration>) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut head = [0u8; 4096];
            let _ = socket.read(&mut head).await;
            let length = gaps.len() * 1000;
            let head = format!("HTTP/1.1 200 OK\r\nContent-Length: {length}\r\n\r\n");
            socket.write_all(head.as_bytes()).await.unwrap();
            for gap in gaps {
                tokio::time::sleep(gap).await;
                if socket.write_all(&[b'x'; 1000]).await.is_err() {
                    return;
                }
            }
        });
        format!("http://{address}/object")
    }

    async fn fetch(url: &str, stall: Duration) -> Result<usize, OutboundError> {
        let request = hyper::Request::get(url)
            .body(Full::new(Bytes::new()))
            .unwrap();
        let mut taken = 0;
        Outbound
            .stream(request, stall, 1 << 20, |piece| {
                taken += piece.len();
                Ok(())
            })
            .await?;
        Ok(taken)
    }

    /// The stall limit bounds each wait, not the whole download: an object that
    /// comes steadily for longer in all than the limit finishes; one that stops
    /// for longer than it mid-way is given up with the limit named. (At full scale,
    /// the 60-second limit and a 70-second download: tests/bench/endurance.sh.)
    #[tokio::test]
    async fn the_stall_limit_is_per_wait_not_per_download() {
        let stall = Duration::from_millis(1000);
        let steady = answering(vec![Duration::from_millis(300); 10]).await;
        let started = std::time::Instant::now();
        assert_eq!(fetch(&steady, stall).await.unwrap(), 10_000);
        assert!(started.elapsed() > 2 * stall, "{:?}", started.elapsed());

        let mut gaps = vec![Duration::from_millis(100); 4];
        gaps.push(Duration::from_millis(1800));
        let stopping = answering(gaps).await;
        assert!(matches!(
            fetch(&stopping, stall).await,
            Err(OutboundError::Stalled(1))
        ));
    }
}
