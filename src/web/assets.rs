//! The embedded frontend bundle and the handler that serves it: prerendered routes,
//! hashed assets, the 404 page, compressed variants, ETags and cache headers.
use std::sync::Arc;

use bytes::Bytes;
use poem::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use poem::web::Data;
use poem::web::headers::{ETag, HeaderMapExt, IfNoneMatch};
use poem::{Body, IntoResponse, Request, Response, handler};
use rust_embed::EmbeddedFile;

use super::error::WebError;
use super::personalize;
use crate::bundle;
use crate::settings::Live;

/// Cache policy of Vite's content-hashed files: they never change under one name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else is revalidated (cheaply, by ETag) on each use.
const REVALIDATE: &str = "no-cache";

/// What a request path resolves to in the bundle.
enum Target {
    /// A prerendered route (or the 404 page) served as HTML.
    Page { key: String, status: StatusCode },
    /// A file of the bundle, served under its own name.
    File { key: String },
    /// A route asked for with a trailing slash: redirect to its one canonical address.
    Redirect(String),
    /// A file that should exist under /assets/ and does not: a plain 404.
    Missing,
}

fn resolve(path: &str) -> Target {
    let rel = path.trim_start_matches('/');
    if !rel.is_empty() && !rel.ends_with('/') && bundle::get(rel).is_some() {
        return Target::File {
            key: rel.to_string(),
        };
    }
    let route = rel.trim_end_matches('/');
    let page = if route.is_empty() {
        "index.html".to_string()
    } else {
        format!("{route}/index.html")
    };
    if bundle::get(&page).is_some() {
        if rel != route {
            return Target::Redirect(format!("/{route}"));
        }
        return Target::Page {
            key: page,
            status: StatusCode::OK,
        };
    }
    if rel.starts_with("assets/") {
        return Target::Missing;
    }
    Target::Page {
        key: "404.html".to_string(),
        status: StatusCode::NOT_FOUND,
    }
}

/// The content codings the client accepts, best first, among those we store.
fn accepted_encodings(headers: &HeaderMap) -> Vec<&'static str> {
    let Some(value) = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
    else {
        return Vec::new();
    };
    let accepts = |coding: &str| {
        value.split(',').any(|item| {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                let p = p.trim();
                p.strip_prefix("q=")
                    .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
            });
            (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
        })
    };
    ["br", "gzip"].into_iter().filter(|c| accepts(c)).collect()
}

/// The first 16 bytes of the file's SHA-256, in hex.
fn hash_of(file: &EmbeddedFile) -> String {
    file.metadata.sha256_hash()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// True when `If-None-Match` names this ETag (weak or strong) or is `*`.
fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    let (Some(wanted), Ok(etag)) = (headers.typed_get::<IfNoneMatch>(), etag.parse::<ETag>())
    else {
        return false;
    };
    !wanted.precondition_passes(&etag)
}

fn content_type(key: &str) -> String {
    let mime = mime_guess::from_path(key).first_or_octet_stream();
    let textual = mime.type_() == mime_guess::mime::TEXT
        || matches!(mime.subtype().as_str(), "javascript" | "json");
    if textual {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    }
}

/// GET or HEAD on any path that no other endpoint claims.
#[handler]
pub fn serve(req: &Request, live: Data<&Arc<Live>>) -> Response {
    let head = req.method() == Method::HEAD;
    if req.method() != Method::GET && !head {
        return WebError::PageMethod.into_response();
    }
    let (key, status) = match resolve(req.original_uri().path()) {
        Target::Page { key, status } => (key, status),
        Target::File { key } => (key, StatusCode::OK),
        Target::Redirect(to) => {
            // The query goes along (a campaign tag, a fund): only the slash is dropped.
            let to = match req.original_uri().query() {
                Some(query) => format!("{to}?{query}"),
                None => to,
            };
            return Response::builder()
                .status(StatusCode::PERMANENT_REDIRECT)
                .header(header::LOCATION, to)
                .finish();
        }
        Target::Missing => {
            return WebError::NotFound("Not found: no such file in this site's assets.".into())
                .into_response();
        }
    };
    let encodings = accepted_encodings(req.headers());
    // Only pages and the files that name the site's address read the settings.
    let settings = personalize::personalized(&key)
        .then(|| live.current())
        .filter(|snap| !snap.is_default());

    // The chosen variant (brotli, gzip or the file itself) and its ETag.
    let (bytes, encoding, etag) = if let Some(snap) = settings {
        let file = bundle::get(&key).expect("resolve() only returns keys that exist in the bundle");
        let rendered = personalize::render(&key, &file.data, &hash_of(&file), &snap);
        let encoding = encodings.first().copied();
        let (bytes, etag) = rendered.variant(encoding);
        (bytes.clone(), encoding, etag)
    } else {
        let (variant, encoding) = encodings
            .into_iter()
            .find_map(|coding| {
                let ext = if coding == "br" { "br" } else { "gz" };
                bundle::get(&format!("{key}.{ext}")).map(|file| (file, Some(coding)))
            })
            .or_else(|| bundle::get(&key).map(|file| (file, None)))
            .expect("resolve() only returns keys that exist in the bundle");
        let etag = format!("\"{}\"", hash_of(&variant));
        let bytes = match variant.data {
            std::borrow::Cow::Borrowed(data) => Bytes::from_static(data),
            std::borrow::Cow::Owned(data) => Bytes::from(data),
        };
        (bytes, encoding, etag)
    };

    let cache = if key.starts_with("assets/") {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, cache)
        .header(header::VARY, "Accept-Encoding")
        .header(header::ETAG, etag.as_str());

    if status == StatusCode::OK && not_modified(req.headers(), &etag) {
        return builder.status(StatusCode::NOT_MODIFIED).finish();
    }
    builder = builder
        .status(status)
        .header(header::CONTENT_TYPE, content_type(&key));
    if let Some(coding) = encoding {
        builder = builder.header(header::CONTENT_ENCODING, coding);
    }
    if head {
        return builder
            .header(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()))
            .body(Body::empty());
    }
    builder.body(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(name, HeaderValue::from_str(value).unwrap());
        map
    }

    #[test]
    fn encodings_follow_accept_encoding_and_refuse_q0() {
        assert_eq!(
            accepted_encodings(&headers(header::ACCEPT_ENCODING, "gzip, deflate, br")),
            ["br", "gzip"]
        );
        assert_eq!(
            accepted_encodings(&headers(header::ACCEPT_ENCODING, "gzip")),
            ["gzip"]
        );
        assert_eq!(
            accepted_encodings(&headers(header::ACCEPT_ENCODING, "br;q=0, gzip;q=0.5")),
            ["gzip"]
        );
        assert_eq!(
            accepted_encodings(&headers(header::ACCEPT_ENCODING, "identity")),
            Vec::<&str>::new()
        );
        assert_eq!(accepted_encodings(&HeaderMap::new()), Vec::<&str>::new());
    }

    #[test]
    fn if_none_match_compares_quoted_tags_weak_or_strong() {
        assert!(not_modified(
            &headers(header::IF_NONE_MATCH, "\"abc\""),
            "\"abc\""
        ));
        assert!(not_modified(
            &headers(header::IF_NONE_MATCH, "\"x\", W/\"abc\""),
            "\"abc\""
        ));
        assert!(not_modified(
            &headers(header::IF_NONE_MATCH, "*"),
            "\"abc\""
        ));
        assert!(!not_modified(
            &headers(header::IF_NONE_MATCH, "abc"),
            "\"abc\""
        ));
        assert!(!not_modified(&HeaderMap::new(), "\"abc\""));
    }

    #[test]
    fn paths_resolve_to_routes_files_redirects_and_404s() {
        assert!(matches!(
            resolve("/"),
            Target::Page {
                status: StatusCode::OK,
                ..
            }
        ));
        assert!(matches!(
            resolve("/about"),
            Target::Page {
                status: StatusCode::OK,
                ..
            }
        ));
        assert!(matches!(resolve("/about/"), Target::Redirect(to) if to == "/about"));
        assert!(matches!(resolve("/favicon.svg"), Target::File { .. }));
        assert!(matches!(resolve("/assets/nope.js"), Target::Missing));
        assert!(matches!(
            resolve("/no-such-page"),
            Target::Page {
                status: StatusCode::NOT_FOUND,
                ..
            }
        ));
    }

    #[test]
    fn text_types_name_their_charset() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(
            content_type("assets/app.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("assets/app.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("favicon.svg"), "image/svg+xml");
    }
}
