//! What every response carries, errors included: the security headers, and one
//! log line per request (except the health check, which monitors poll).
use std::time::Instant;

use poem::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

/// Only what the site itself embeds: the privacy-mode video player and the meeting service.
pub const CONTENT_SECURITY_POLICY: &str = concat!(
    "default-src 'self'; ",
    "script-src 'self'; ",
    "style-src 'self' 'unsafe-inline'; ",
    "img-src 'self' data:; ",
    "font-src 'self'; ",
    "connect-src 'self'; ",
    // The direct video file lives on a media host the volunteer chooses; media cannot run script.
    "media-src 'self' https:; ",
    "frame-src https://www.youtube-nocookie.com https://zoom.us https://*.zoom.us; ",
    "object-src 'none'; ",
    "base-uri 'self'; ",
    "form-action 'self'; ",
    "frame-ancestors 'none'"
);

/// Nothing is granted to the page itself; the meeting frame may use camera and microphone.
pub const PERMISSIONS_POLICY: &str = concat!(
    "camera=(\"https://zoom.us\" \"https://app.zoom.us\"), ",
    "microphone=(\"https://zoom.us\" \"https://app.zoom.us\"), ",
    "fullscreen=(self \"https://www.youtube-nocookie.com\" \"https://app.zoom.us\"), ",
    "geolocation=(), payment=(), usb=()"
);

/// HSTS, over HTTPS only.
const HSTS: &str = "max-age=31536000";

/// The security headers, made once (names and values checked at compile time).
const SECURITY_HEADERS: [(HeaderName, HeaderValue); 6] = [
    (
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    ),
    (
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ),
    (
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    ),
    (
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(PERMISSIONS_POLICY),
    ),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    ),
];

/// The security headers as header lines (each ending in CRLF), for an answer written
/// without poem (hyper's own refusals): with HSTS when `https`.
pub fn security_header_lines(https: bool) -> &'static [u8] {
    static LINES: std::sync::LazyLock<[Vec<u8>; 2]> = std::sync::LazyLock::new(|| {
        let mut plain = Vec::new();
        for (name, value) in SECURITY_HEADERS {
            plain.extend_from_slice(name.as_str().as_bytes());
            plain.extend_from_slice(b": ");
            plain.extend_from_slice(value.as_bytes());
            plain.extend_from_slice(b"\r\n");
        }
        let mut https = plain.clone();
        https.extend_from_slice(b"strict-transport-security: ");
        https.extend_from_slice(HSTS.as_bytes());
        https.extend_from_slice(b"\r\n");
        [plain, https]
    });
    &LINES[usize::from(https)]
}

pub fn set_security_headers(headers: &mut HeaderMap) {
    headers.reserve(SECURITY_HEADERS.len() + 1);
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, value);
    }
}

/// What one request was, for its log line, taken before the request is handed on.
pub struct Seen {
    started: Instant,
    https: bool,
    method: Method,
    path: String,
}

impl Seen {
    pub fn of(req: &Request) -> Seen {
        Seen {
            started: Instant::now(),
            https: req.scheme() == &poem::http::uri::Scheme::HTTPS,
            method: req.method().clone(),
            path: req.uri().path().to_string(),
        }
    }
}

/// Wraps the whole application. An inner error is turned into its response first,
/// so error answers get the headers too.
pub async fn around<E: Endpoint>(inner: E, req: Request) -> Result<Response> {
    let seen = Seen::of(&req);
    let response = match inner.call(req).await {
        Ok(response) => response.into_response(),
        Err(error) => error.into_response(),
    };
    Ok(finish(response, seen))
}

/// The security headers and the log line, on any answer.
pub fn finish(response: Response, seen: Seen) -> Response {
    finish_request(response, seen.started, seen.https, &seen.method, &seen.path)
}

/// `finish` for a request still at hand (nothing of it copied for the log line).
pub fn finish_request(
    mut response: Response,
    started: Instant,
    https: bool,
    method: &Method,
    path: &str,
) -> Response {
    set_security_headers(response.headers_mut());
    if https {
        // Only over HTTPS: a browser ignores it on plain HTTP, and it must not pin a
        // site that serves no certificate.
        response.headers_mut().insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    if path != "/healthz" {
        crate::logging::request(
            method.as_str(),
            path,
            response.status().as_u16(),
            started.elapsed().as_micros() as u64,
        );
    }
    response
}
