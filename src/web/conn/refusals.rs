//! hyper's own refusals over HTTP/1: a request head it cannot parse (400), a target
//! too long (414) or headers too large (431) is answered by hyper itself, before any
//! of our code sees a request. This stream wrapper gives those answers the headers
//! every other answer carries (the security headers, HSTS over HTTPS).
//!
//! hyper writes such a refusal on its own, whole, once the previous answer is
//! flushed, in exactly this form, and then closes the connection:
//! `HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: …\r\n\r\n`.
//! Our own answers always carry the security headers, so a write of that form with
//! none of them is hyper's.
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The longest write looked at: hyper's refusal head is about 120 bytes.
const LONGEST_REFUSAL: usize = 256;

/// An HTTP/1 connection's stream, with hyper's refusals given `headers`.
pub struct Refusals<T> {
    inner: T,
    /// Header lines (each ending in CRLF) to add to a refusal.
    headers: &'static [u8],
    /// A rewritten refusal not yet written out, and how much of it was.
    pending: Vec<u8>,
    sent: usize,
}

impl<T> Refusals<T> {
    pub fn new(inner: T, headers: &'static [u8]) -> Self {
        Refusals {
            inner,
            headers,
            pending: Vec::new(),
            sent: 0,
        }
    }
}

/// Whether `head` is one of hyper's refusals: its status line, then only
/// `connection`, `content-length: 0` and `date`, then the blank line.
fn is_refusal(head: &[u8]) -> bool {
    if head.len() > LONGEST_REFUSAL || !head.ends_with(b"\r\n\r\n") {
        return false;
    }
    let Ok(text) = std::str::from_utf8(head) else {
        return false;
    };
    let mut lines = text[..text.len() - 4].split("\r\n");
    let status = lines.next().unwrap_or("");
    let refused = ["400 ", "414 ", "431 "].iter().any(|code| {
        status.starts_with(&format!("HTTP/1.1 {code}"))
            || status.starts_with(&format!("HTTP/1.0 {code}"))
    });
    refused
        && lines.all(|line| {
            let name = line.split(':').next().unwrap_or("").to_ascii_lowercase();
            matches!(name.as_str(), "connection" | "content-length" | "date")
        })
}

/// `head` with `headers` added before its blank line.
fn with_headers(head: &[u8], headers: &[u8]) -> Vec<u8> {
    let end = head.len() - 2;
    let mut out = Vec::with_capacity(head.len() + headers.len());
    out.extend_from_slice(&head[..end]);
    out.extend_from_slice(headers);
    out.extend_from_slice(b"\r\n");
    out
}

impl<T: AsyncWrite + Unpin> Refusals<T> {
    /// Writes out what is pending, if anything, before anything else is written.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }

    /// Takes `data` as a refusal to rewrite, when it is one.
    fn took_refusal(&mut self, data: &[u8]) -> bool {
        if !is_refusal(data) {
            return false;
        }
        self.pending = with_headers(data, self.headers);
        self.sent = 0;
        true
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Refusals<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Refusals<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        ready!(this.drain(cx))?;
        if this.took_refusal(data) {
            // Taken whole; written out by the next write, flush or shutdown (hyper
            // flushes a refusal at once).
            let _ = this.drain(cx)?;
            return Poll::Ready(Ok(data.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, data)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        ready!(this.drain(cx))?;
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        if total <= LONGEST_REFUSAL {
            let joined: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            if this.took_refusal(&joined) {
                let _ = this.drain(cx)?;
                return Poll::Ready(Ok(total));
            }
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HYPER_431: &[u8] = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: Mon, 23 Nov 2026 14:29:36 GMT\r\n\r\n";

    #[test]
    fn hyper_refusals_are_recognised_and_our_answers_are_not() {
        assert!(is_refusal(HYPER_431));
        assert!(is_refusal(
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: x\r\n\r\n"
        ));
        assert!(is_refusal(b"HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n"));
        // Our own answers carry the security headers; a 200 is never hyper's.
        assert!(!is_refusal(b"HTTP/1.1 400 Bad Request\r\nx-content-type-options: nosniff\r\ncontent-length: 0\r\n\r\n"));
        assert!(!is_refusal(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"));
        // Part of a head, or a body, is not one.
        assert!(!is_refusal(&HYPER_431[..40]));
        assert!(!is_refusal(b"<!doctype html>"));
    }

    #[tokio::test]
    async fn a_refusal_gets_the_headers_before_its_blank_line() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (client, server) = tokio::io::duplex(4096);
        let mut wrapped = Refusals::new(server, b"x-frame-options: DENY\r\n");
        wrapped.write_all(HYPER_431).await.unwrap();
        wrapped.write_all(b"after").await.unwrap();
        wrapped.shutdown().await.unwrap();
        drop(wrapped);
        let mut got = Vec::new();
        let mut client = client;
        client.read_to_end(&mut got).await.unwrap();
        let text = String::from_utf8(got).unwrap();
        assert!(
            text.starts_with(
                "HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\n"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("GMT\r\nx-frame-options: DENY\r\n\r\nafter"),
            "{text}"
        );
    }
}
