//! The embedded frontend bundle and the handler that serves it: prerendered routes,
//! hashed assets, the 404 page, compressed variants, ETags and cache headers.
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use bytes::Bytes;
use poem::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use poem::web::Data;
use poem::{Body, IntoResponse, Request, Response, handler};
use rust_embed::EmbeddedFile;

use super::negotiate::{Accepts, not_modified, saves_data};
use super::personalize;
use super::rendered::{self, etag_value};
use crate::bundle::{self, STYLESHEET_MARKER, Stored};
use crate::published::{Live, Snapshot};
use crate::web::error::WebError;
use crate::web::forms::Api;
use crate::web::plain_forms;

/// Cache policy of Vite's content-hashed files: they never change under one name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else is revalidated (cheaply, by ETag) on each use.
const REVALIDATE: &str = "no-cache";
/// A page differs with the coding and with whether the visitor saves data.
const PAGE_VARY: &str = "Accept-Encoding, Save-Data, ECT";
/// Asks Chromium to say how fast the connection is (the `ECT` client hint) from the
/// next request on, so that a page for a 2G phone comes without its photos.
const ACCEPT_CH: header::HeaderName = header::HeaderName::from_static("accept-ch");
const ECT: &str = "ECT";

/// What a request path resolves to in the bundle.
enum Target {
    /// A prerendered route (or the 404 page) served as HTML.
    Page { key: String, status: StatusCode },
    /// A file of the bundle, served under its own name.
    File { key: String, status: StatusCode },
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
            status: StatusCode::OK,
        };
    }
    let route = rel.trim_end_matches('/');
    // A language's home page is its folder's: /ur/ (the one address; /ur redirects to it).
    if crate::language::find(route).is_some() {
        if rel.len() == route.len() + 1 {
            return Target::Page {
                key: format!("{route}/index.html"),
                status: StatusCode::OK,
            };
        }
        return Target::Redirect(format!("/{route}/"));
    }
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
    // An address under a language's folder gets that language's 404 page.
    let language = crate::language::of_path(rel);
    Target::Page {
        key: match language.code {
            "" => "404.html".to_string(),
            code => format!("{code}/404.html"),
        },
        status: StatusCode::NOT_FOUND,
    }
}

/// The first 16 bytes of the file's SHA-256, in hex.
fn hash_of(file: &EmbeddedFile) -> String {
    file.metadata.sha256_hash()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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

/// One form of a bundle file, fixed for the life of the executable.
struct Variant {
    coding: Option<&'static str>,
    /// Made once: a header value shares its bytes with each response.
    etag: HeaderValue,
    /// The bytes: inside the executable (no copy per request), or made from the
    /// brotli copy when first asked for (the file itself, its gzip copy).
    bytes: OnceLock<Bytes>,
}

impl Variant {
    fn ready(coding: Option<&'static str>, etag: String, bytes: Bytes) -> Variant {
        Variant {
            coding,
            etag: etag_value(etag),
            bytes: OnceLock::from(bytes),
        }
    }

    fn later(coding: Option<&'static str>, etag: String) -> Variant {
        Variant {
            coding,
            etag: etag_value(etag),
            bytes: OnceLock::new(),
        }
    }
}

/// Everything about serving one bundle file that does not depend on the request,
/// worked out once at start-up rather than on every request.
struct Entry {
    key: String,
    /// Names the file's content (the start of the SHA-256 of what is embedded).
    hash: String,
    content_type: HeaderValue,
    cache: HeaderValue,
    /// Rewritten with the settings (pages, sitemap, robots.txt) unless those are the defaults.
    personalized: bool,
    /// Under another language's folder (`ur/…`): always rewritten, since the build wrote
    /// its gatherings' words in English.
    in_other_language: bool,
    /// An HTML page (a route, the 404 page, the offline page).
    page: bool,
    /// The bytes inside the executable, and how the file itself is made from them.
    embedded: Bytes,
    kept: Kept,
    /// Brotli, gzip and the file itself, those stored, best first; the file itself is last.
    variants: Vec<Variant>,
}

/// How the executable keeps a file, and so how the file itself is made from it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kept {
    /// As it is (a photo, a font): nothing to make.
    Plain,
    /// Brotli-compressed: unpacked the first time a client that takes no brotli asks,
    /// and kept.
    Brotli,
    /// A page, brotli-compressed, whose stylesheet goes in as it is served: made each
    /// time it is needed and never kept (96 pages with their stylesheet would hold
    /// 7.4 MB for the rare client that takes neither brotli nor gzip; the pages'
    /// rewrites and compressed copies are made from it once per change of the site).
    Page,
}

fn static_bytes(file: &EmbeddedFile) -> Bytes {
    match &file.data {
        std::borrow::Cow::Borrowed(data) => Bytes::from_static(data),
        std::borrow::Cow::Owned(data) => Bytes::from(data.clone()),
    }
}

/// A prerendered page as it is served: its `<style STYLESHEET_MARKER="/assets/…css">`
/// filled with the build's stylesheet, which the bundle keeps once rather than in every
/// page of every language (the page carries the whole stylesheet: nothing else holds its
/// first paint). None for a file without one. The rules are the build's own and hold no
/// `</style` (prerender.mjs checks).
fn with_stylesheet(page: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(page).ok()?;
    let open = format!(r#"<style {STYLESHEET_MARKER}=""#);
    let start = text.find(&open)?;
    let name_at = start + open.len();
    let name_len = text[name_at..].find('"')?;
    let body = name_at + text[name_at..].find('>')? + 1;
    let file = text[name_at..name_at + name_len].trim_start_matches('/');
    let css = bundle::read(file)?;
    let mut out = Vec::with_capacity(page.len() + css.len());
    out.extend_from_slice(&page[..start]);
    out.extend_from_slice(b"<style>");
    out.extend_from_slice(&css);
    out.extend_from_slice(&page[body..]);
    Some(out)
}

impl Entry {
    fn new(key: &str) -> Option<Entry> {
        let stored = bundle::get(key)?;
        let (file, kept) = match stored {
            Stored::Plain(file) => (file, Kept::Plain),
            Stored::Brotli(file)
                if key.ends_with(".html")
                    && with_stylesheet(&bundle::unpack(&file.data)).is_some() =>
            {
                (file, Kept::Page)
            }
            Stored::Brotli(file) => (file, Kept::Brotli),
        };
        let hash = hash_of(&file);
        let embedded = static_bytes(&file);
        // Each form gets its own ETag (RFC 9110 8.8.3), all named after the brotli copy.
        let variants = match kept {
            Kept::Plain => vec![Variant::ready(
                None,
                format!("\"{hash}\""),
                embedded.clone(),
            )],
            Kept::Brotli => vec![
                Variant::ready(Some("br"), format!("\"{hash}\""), embedded.clone()),
                Variant::later(Some("gzip"), format!("\"{hash}-gz\"")),
                Variant::later(None, format!("\"{hash}-id\"")),
            ],
            // The compressed forms of a page with its stylesheet when first asked for
            // (once: a few ms for the first visitor of each page, and only while the
            // settings are the defaults; a site with its settings serves pages rewritten
            // for them).
            Kept::Page => vec![
                Variant::later(Some("br"), format!("\"{hash}\"")),
                Variant::later(Some("gzip"), format!("\"{hash}-gz\"")),
                Variant::later(None, format!("\"{hash}-id\"")),
            ],
        };
        Some(Entry {
            key: key.to_string(),
            hash,
            content_type: HeaderValue::from_str(&content_type(key)).ok()?,
            cache: HeaderValue::from_static(if key.starts_with("assets/") {
                IMMUTABLE
            } else {
                REVALIDATE
            }),
            personalized: personalize::personalized(key),
            in_other_language: !crate::language::of_path(key).is_english(),
            page: key.ends_with(".html"),
            embedded,
            kept,
            variants,
        })
    }

    /// The file itself, as the build wrote it (a page with its stylesheet).
    fn identity(&self) -> Bytes {
        match self.kept {
            Kept::Plain => self.embedded.clone(),
            Kept::Brotli => self
                .variants
                .last()
                .expect("the file itself is always a variant")
                .bytes
                .get_or_init(|| Bytes::from(bundle::unpack(&self.embedded)))
                .clone(),
            Kept::Page => with_stylesheet(&bundle::unpack(&self.embedded))
                .map(Bytes::from)
                .unwrap_or_default(),
        }
    }

    /// The bytes of one of the variants, made now if it is made from the others.
    fn bytes(&self, variant: &Variant) -> Bytes {
        if let Some(bytes) = variant.bytes.get() {
            return bytes.clone();
        }
        match variant.coding {
            Some("br") => variant
                .bytes
                .get_or_init(|| rendered::brotli(&self.identity()))
                .clone(),
            Some(_) => variant
                .bytes
                .get_or_init(|| rendered::gzip(&self.identity()))
                .clone(),
            None => self.identity(),
        }
    }
}

/// The bundle's files by request path (`/`, `/about`, `/assets/app-1234abcd.js`),
/// and by their own path for the pages `resolve` finds (the 404 page).
struct Catalog {
    by_path: HashMap<String, Arc<Entry>>,
    by_key: HashMap<String, Arc<Entry>>,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let mut by_path = HashMap::new();
    let mut by_key = HashMap::new();
    for key in bundle::paths() {
        let Some(entry) = Entry::new(&key).map(Arc::new) else {
            continue;
        };
        by_path.insert(format!("/{key}"), Arc::clone(&entry));
        if key == "index.html" {
            by_path.insert("/".to_string(), Arc::clone(&entry));
        } else if let Some(route) = key.strip_suffix("/index.html") {
            // A language's home page is at its folder's address (/ur/); /ur redirects there.
            let slash = if crate::language::find(route).is_some() {
                "/"
            } else {
                ""
            };
            by_path.insert(format!("/{route}{slash}"), Arc::clone(&entry));
        }
        by_key.insert(key, entry);
    }
    Catalog { by_path, by_key }
});

/// Works out every file's headers and variants now, before the first request.
pub fn prepare() {
    LazyLock::force(&CATALOG);
}

/// The settings (their tag) whose pages were last compressed ahead.
static COMPRESSED_FOR: Mutex<Option<u64>> = Mutex::new(None);

/// Compresses every page at the best ratio for `snap` ahead of any request, in one
/// thread that runs only when the machine is otherwise idle, so that no visitor waits
/// for it (brotli 11 takes a quarter of a second a page) or gets the quick compression
/// a request makes: at start-up, and once the first request sees changed settings or
/// content. Stops when they change again meanwhile. Logs a line when done.
pub fn compress_ahead(live: &Arc<Live>, snap: &Arc<Snapshot>) {
    {
        let mut done = COMPRESSED_FOR.lock().unwrap_or_else(|e| e.into_inner());
        if *done == Some(snap.tag) {
            return;
        }
        *done = Some(snap.tag);
    }
    let (live, snap) = (Arc::clone(live), Arc::clone(snap));
    let work = move || {
        crate::idle::run_when_idle();
        let started = std::time::Instant::now();
        // Each language's home page first: most visits start there.
        let home = |key: &str| {
            key == "index.html"
                || crate::language::others()
                    .iter()
                    .any(|l| key.strip_prefix(l.code) == Some("/index.html"))
        };
        let mut pages: Vec<&Arc<Entry>> = CATALOG.by_key.values().filter(|e| e.page).collect();
        pages.sort_by_key(|e| (!home(&e.key), &e.key));
        for entry in &pages {
            if live.current().tag != snap.tag {
                return;
            }
            match entry.rewritten_for(Arc::clone(&snap)) {
                Some(snap) => {
                    rendered::prepare(&entry.key, || entry.identity(), &entry.hash, &snap)
                }
                None => drop(entry.bytes(&entry.variants[0])),
            }
        }
        tracing::info!(
            pages = pages.len(),
            seconds = started.elapsed().as_secs_f32(),
            "every page compressed ahead for the current settings"
        );
    };
    if let Err(error) = std::thread::Builder::new()
        .name("compress-ahead".into())
        .spawn(work)
    {
        tracing::warn!("pages are compressed on request instead: no thread for it ({error})");
    }
}

/// Any path that no other endpoint claims: GET or HEAD of a page or file; POST of a
/// page's form sent by the browser itself, and its thank-you page (`plain_forms`).
#[handler]
pub async fn serve(
    req: &Request,
    body: Body,
    live: Data<&Arc<Live>>,
    api: Data<&Arc<Api>>,
) -> Response {
    if req.method() == Method::POST {
        let page = page_text(req.uri().path(), &live);
        return plain_forms::post(req, body, &api, page).await;
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return WebError::PageMethod.into_response();
    }
    let path = req.original_uri().path();
    let thanks = req.original_uri().query().and_then(plain_forms::sent_form);
    if let Some(page) = thanks
        .and_then(|form| Some((form, page_text(path, &live)?)))
        .and_then(|(form, page)| plain_forms::sent_page(&page, form))
    {
        return page;
    }
    let (entry, status) = match CATALOG.by_path.get(path) {
        Some(entry) => (entry, StatusCode::OK),
        None => match resolve(path) {
            Target::Page { key, status } | Target::File { key, status } => {
                match CATALOG.by_key.get(&key) {
                    Some(entry) => (entry, status),
                    None => {
                        return WebError::NotFound("Not found: no such file in this site.".into())
                            .into_response();
                    }
                }
            }
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
        },
    };
    respond(req.method(), req.headers(), entry, status, &live)
}

/// The answer with the best variant of `entry` the client accepts: rewritten with
/// the settings when they are not the defaults and the file names one.
fn respond(
    method: &Method,
    headers: &HeaderMap,
    entry: &Entry,
    status: StatusCode,
    live: &Arc<Live>,
) -> Response {
    let accepts = Accepts::of(headers);
    let settings = entry
        .personalized
        .then(|| live.current())
        .and_then(|snap| entry.rewritten_for(snap));

    // The chosen variant (brotli, gzip or the file itself) and its ETag.
    if let Some(snap) = settings {
        compress_ahead(live, &snap);
        let lean = entry.page && !snap.photos.is_empty() && saves_data(headers);
        let rendered = rendered::render(&entry.key, || entry.identity(), &entry.hash, &snap, lean);
        let encoding = accepts.best();
        let (bytes, etag) = rendered.variant(encoding);
        let variant = (bytes, encoding, etag.clone());
        answer(method, headers, entry, status, variant)
    } else {
        answer(method, headers, entry, status, entry.variant(accepts))
    }
}

impl Entry {
    /// `snap` when this file is served rewritten for it. Only pages and the files that
    /// name the site's address read the settings; a page in another language always
    /// does (the build wrote its gatherings' words in English).
    fn rewritten_for(&self, snap: Arc<Snapshot>) -> Option<Arc<Snapshot>> {
        Some(snap)
            .filter(|snap| self.personalized && (!snap.is_default() || self.in_other_language))
    }

    /// The best stored variant the client accepts: its bytes, coding and ETag.
    fn variant(&self, accepts: Accepts) -> (Bytes, Option<&'static str>, HeaderValue) {
        let variant = self
            .variants
            .iter()
            .find(|v| accepts.allows(v.coding))
            .expect("the file itself is always a variant");
        (self.bytes(variant), variant.coding, variant.etag.clone())
    }
}

/// The answer with one variant of a file: its headers, a 304 when the client has it.
fn answer(
    method: &Method,
    headers: &HeaderMap,
    entry: &Entry,
    status: StatusCode,
    (bytes, encoding, etag): (Bytes, Option<&'static str>, HeaderValue),
) -> Response {
    let not_modified = status == StatusCode::OK && not_modified(headers, &etag);
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, entry.cache.clone())
        .header(header::ETAG, etag);
    builder = if entry.page {
        builder
            .header(header::VARY, HeaderValue::from_static(PAGE_VARY))
            .header(ACCEPT_CH, HeaderValue::from_static(ECT))
    } else {
        builder.header(header::VARY, HeaderValue::from_static("Accept-Encoding"))
    };
    if not_modified {
        return builder.status(StatusCode::NOT_MODIFIED).finish();
    }
    builder = builder
        .status(status)
        .header(header::CONTENT_TYPE, entry.content_type.clone());
    if let Some(coding) = encoding {
        builder = builder.header(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    if method == Method::HEAD {
        return builder
            .header(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()))
            .body(Body::empty());
    }
    builder.body(bytes)
}

/// The page at `path` as it is served now (the settings, content and photos written
/// in), as text; None when `path` is not a page of the site.
pub fn page_text(path: &str, live: &Arc<Live>) -> Option<String> {
    let entry = CATALOG.by_path.get(path).filter(|entry| entry.page)?;
    let bytes = match entry.rewritten_for(live.current()) {
        Some(snap) => {
            let rendered =
                rendered::render(&entry.key, || entry.identity(), &entry.hash, &snap, false);
            rendered.text()
        }
        None => entry.identity(),
    };
    String::from_utf8(bytes.to_vec()).ok()
}

/// The common case answered before the router: GET or HEAD of a file of the site
/// under its own address (a page, a script, a 304). None for everything else (a
/// trailing slash, a 404, the API), which goes through the router.
pub fn answer_directly(
    method: &Method,
    path: &str,
    headers: &HeaderMap,
    live: &Arc<Live>,
) -> Option<Response> {
    if method != Method::GET && method != Method::HEAD {
        return None;
    }
    let entry = CATALOG.by_path.get(path)?;
    Some(respond(method, headers, entry, StatusCode::OK, live))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_knows_each_route_and_its_variants_best_first() {
        for path in ["/", "/about", "/404.html"] {
            let entry = CATALOG
                .by_path
                .get(path)
                .unwrap_or_else(|| panic!("{path}"));
            let codings: Vec<_> = entry.variants.iter().map(|v| v.coding).collect();
            assert_eq!(
                codings.last(),
                Some(&None),
                "{path}: the file itself comes last"
            );
            assert_eq!(entry.content_type, "text/html; charset=utf-8");
            assert_eq!(entry.cache, REVALIDATE);
            assert!(entry.personalized);
        }
        let asset = CATALOG
            .by_path
            .iter()
            .find(|(path, _)| path.starts_with("/assets/") && path.ends_with(".js"))
            .map(|(_, entry)| entry)
            .expect("a script");
        assert_eq!(asset.cache, IMMUTABLE);
        assert_eq!(asset.variants[0].coding, Some("br"));
        let identity = asset.bytes(asset.variants.last().unwrap());
        assert!(asset.bytes(&asset.variants[0]).len() < identity.len());
        // The gzip copy, made from the brotli one on first use, holds the same file.
        let gzip = asset
            .variants
            .iter()
            .find(|v| v.coding == Some("gzip"))
            .expect("a gzip copy");
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(
            &mut flate2::read::GzDecoder::new(&asset.bytes(gzip)[..]),
            &mut unzipped,
        )
        .unwrap();
        assert_eq!(unzipped, identity);
        let mut etags: Vec<_> = asset.variants.iter().map(|v| v.etag.as_bytes()).collect();
        etags.dedup();
        assert_eq!(etags.len(), 3, "each form has its own ETag: {etags:?}");
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
    fn each_language_has_its_home_its_routes_and_its_404_page() {
        for code in bundle::languages() {
            assert!(matches!(
                resolve(&format!("/{code}/")),
                Target::Page { key, status: StatusCode::OK } if key == format!("{code}/index.html")
            ));
            let home = format!("/{code}/");
            assert!(matches!(resolve(&format!("/{code}")), Target::Redirect(to) if to == home));
            assert!(matches!(resolve(&format!("/{code}//")), Target::Redirect(to) if to == home));
            assert!(matches!(
                resolve(&format!("/{code}/pakistan")),
                Target::Page { key, status: StatusCode::OK } if key == format!("{code}/pakistan/index.html")
            ));
            assert!(matches!(
                resolve(&format!("/{code}/pakistan/")),
                Target::Redirect(to) if to == format!("/{code}/pakistan")
            ));
            assert!(matches!(
                resolve(&format!("/{code}/no-such-page")),
                Target::Page { key, status: StatusCode::NOT_FOUND } if key == format!("{code}/404.html")
            ));
            assert!(matches!(
                resolve(&format!("/{code}x")),
                Target::Page { key, status: StatusCode::NOT_FOUND } if key == "404.html"
            ));
        }
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
