//! What every response carries, errors included: the security headers, and one
//! log line per request (except the health check, which monitors poll).
use std::time::Instant;

use poem::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

/// Only what the site itself embeds: the privacy-mode video player and the meeting service.
/// Two inline scripts are allowed, by their hashes: the lines at the start of every page
/// that hold a tap until it is alive, and those at its end that fetch its code once it
/// has painted (frontend/scripts/prerender.mjs prints both hashes; a test below checks
/// every page's inline scripts against this policy).
pub const CONTENT_SECURITY_POLICY: &str = concat!(
    "default-src 'self'; ",
    "script-src 'self' 'sha256-1LmjYuJr0278muCU4e8DAxAZ9nRGemYR4a7ObbeQwCc=' 'sha256-eOUWyLWyT5nr8LKLUuMPO89/0ceOPe5wN3anpcdqLSs='; ",
    "style-src 'self' 'unsafe-inline'; ",
    // Fonts, fetches and the rest fall back to default-src (and no directive repeats
    // it: every page pays for this header's bytes within its first round trip).
    "img-src 'self' data:; ",
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

#[cfg(test)]
mod tests {
    use base64::Engine;

    use super::CONTENT_SECURITY_POLICY;

    /// The inline scripts a browser runs in `html` (JSON and JSON-LD blocks are data).
    fn inline_scripts(html: &str) -> Vec<&str> {
        let mut found = Vec::new();
        let mut rest = html;
        while let Some(start) = rest.find("<script") {
            let tag_end = start + rest[start..].find('>').expect("a closed <script> tag");
            let tag = &rest[start..=tag_end];
            let body_end = tag_end + rest[tag_end..].find("</script>").expect("a </script>");
            let data = tag.contains("application/json") || tag.contains("application/ld+json");
            if !tag.contains(" src=") && !data {
                found.push(&rest[tag_end + 1..body_end]);
            }
            rest = &rest[body_end..];
        }
        found
    }

    #[test]
    fn every_inline_script_of_every_page_is_allowed_by_its_hash() {
        let mut pages = 0;
        for path in crate::bundle::paths().filter(|p| p.ends_with(".html")) {
            let bytes = crate::bundle::read(&path).expect("a page of the bundle");
            let html = std::str::from_utf8(&bytes).expect("UTF-8");
            let scripts = inline_scripts(html);
            assert!(!scripts.is_empty(), "{path}: no loader for its code");
            for script in scripts {
                let digest = ring::digest::digest(&ring::digest::SHA256, script.as_bytes());
                let hash = base64::engine::general_purpose::STANDARD.encode(digest.as_ref());
                assert!(
                    CONTENT_SECURITY_POLICY.contains(&format!("'sha256-{hash}'")),
                    "{path}: its inline script is blocked by the Content-Security-Policy: put 'sha256-{hash}' in script-src (src/web/middleware.rs)"
                );
            }
            pages += 1;
        }
        assert!(pages >= 27, "only {pages} pages in the bundle");
    }

    #[test]
    fn a_script_named_by_its_address_or_data_is_not_counted_as_inline() {
        let html = r#"<script type="application/json" id="x">{"a":1}</script><script type="module" src="/a.js"></script><script>go()</script>"#;
        assert_eq!(inline_scripts(html), vec!["go()"]);
    }
}
