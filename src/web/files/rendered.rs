//! The pages as served: each personalized page (src/web/files/personalize.rs)
//! compressed once per change of the site (brotli and gzip, quickly at first and at
//! the best level in the background on a server) and cached with its ETags until the
//! next change.
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, LazyLock, OnceLock, RwLock};

use bytes::Bytes;
use poem::http::HeaderValue;

use super::personalize::personalize;
use crate::published::Snapshot;

/// One rewritten file, kept compressed: brotli (what nearly every browser takes) made
/// with it, gzip when first asked for, and the file itself unpacked from the brotli
/// copy for the rare client that takes neither (a page's text is five times its
/// brotli copy: the 64 rewritten pages of a fresh site held 5 MB as text).
pub struct Rendered {
    br: Bytes,
    gzip: OnceLock<Bytes>,
    /// The ETag of each (brotli, gzip, the file itself), made once: each names the
    /// embedded file and the settings it was rewritten with.
    etags: [HeaderValue; 3],
    /// Compressed at the best ratio (not the quick one a request makes).
    best: bool,
}

impl Rendered {
    /// The bytes in `coding` (the file itself for None) and their ETag.
    pub fn variant(&self, coding: Option<&str>) -> (Bytes, &HeaderValue) {
        match coding {
            Some("br") => (self.br.clone(), &self.etags[0]),
            Some("gzip") => {
                let level = if self.best {
                    flate2::Compression::best()
                } else {
                    flate2::Compression::fast()
                };
                let gzip = self.gzip.get_or_init(|| gzip_at(&self.text(), level));
                (gzip.clone(), &self.etags[1])
            }
            _ => (self.text(), &self.etags[2]),
        }
    }

    /// The file itself.
    pub fn text(&self) -> Bytes {
        Bytes::from(crate::bundle::unpack(&self.br))
    }
}

/// How hard to compress: quickly on a request (brotli 5: about 3 ms for a page, 1.2 KB
/// smaller than brotli 4 on an Urdu page), at the best ratio in the background.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Effort {
    Quick,
    Best,
}

fn brotli_at(text: &[u8], effort: Effort) -> Bytes {
    let quality = match effort {
        Effort::Quick => 5,
        Effort::Best => 11,
    };
    let mut br = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality,
        size_hint: text.len(),
        ..Default::default()
    };
    let mut input = text;
    brotli::BrotliCompress(&mut input, &mut br, &params).expect("compressing to memory");
    Bytes::from(br)
}

/// `text` compressed with brotli at its best.
pub fn brotli(text: &[u8]) -> Bytes {
    brotli_at(text, Effort::Best)
}

/// `text` gzip-compressed at the best level (a bundle file's gzip copy, made when first asked for).
pub fn gzip(text: &[u8]) -> Bytes {
    gzip_at(text, flate2::Compression::best())
}

fn gzip_at(text: &[u8], level: flate2::Compression) -> Bytes {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), level);
    gz.write_all(text).expect("compressing to memory");
    Bytes::from(gz.finish().expect("compressing to memory"))
}

fn rendered(identity: &[u8], etag_base: &str, effort: Effort) -> Rendered {
    let etag = |suffix: &str| etag_value(format!("\"{etag_base}{suffix}\""));
    Rendered {
        br: brotli_at(identity, effort),
        gzip: OnceLock::new(),
        etags: [etag("-br"), etag("-gz"), etag("")],
        best: effort == Effort::Best,
    }
}

/// Rewritten files for the settings of one tag; emptied when the settings change.
type Cache = (u64, HashMap<String, Arc<Rendered>>);
/// Read by every page request at once; written once per file and settings change.
static CACHE: LazyLock<RwLock<Cache>> = LazyLock::new(|| RwLock::new((0, HashMap::new())));

fn store(tag: u64, key: &str, rendered: Arc<Rendered>) {
    let mut cache = CACHE.write().unwrap_or_else(|e| e.into_inner());
    if cache.0 != tag {
        *cache = (tag, HashMap::new());
    }
    cache.1.insert(key.to_string(), rendered);
}

/// `key`'s embedded text rewritten for `snap`, from the cache when it is there. On a
/// server, the first request after a change gets a quick compression, and the best
/// one (brotli 11, about 100 times slower) replaces it from a background thread, so
/// no visitor waits for it; elsewhere (tests) the best one is made at once.
/// With `lean`, the page as made for a visitor saving data (see `personalize`).
pub fn render(
    key: &str,
    embedded: impl FnOnce() -> Bytes,
    embedded_hash: &str,
    snap: &Snapshot,
    lean: bool,
) -> Arc<Rendered> {
    let key = &if lean {
        format!("{key}#lean")
    } else {
        key.to_string()
    };
    {
        let cache = CACHE.read().unwrap_or_else(|e| e.into_inner());
        if cache.0 == snap.tag
            && let Some(hit) = cache.1.get(key)
        {
            return Arc::clone(hit);
        }
    }
    let identity = Bytes::from(personalize(
        key,
        &String::from_utf8_lossy(&embedded()),
        snap,
        lean,
    ));
    let lean_tag = if lean { "-lean" } else { "" };
    let etag_base = format!("{embedded_hash}-{:016x}{lean_tag}", snap.tag);
    let tag = snap.tag;
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        let best = Arc::new(rendered(&identity, &etag_base, Effort::Best));
        store(tag, key, Arc::clone(&best));
        return best;
    };
    let quick = Arc::new(rendered(&identity, &etag_base, Effort::Quick));
    store(tag, key, Arc::clone(&quick));
    let key = key.to_string();
    runtime.spawn_blocking(move || {
        let best = Arc::new(rendered(&identity, &etag_base, Effort::Best));
        let mut cache = CACHE.write().unwrap_or_else(|e| e.into_inner());
        // Only while the settings it was made for are still the current ones.
        if cache.0 == tag {
            cache.1.insert(key, best);
        }
    });
    quick
}

/// Makes `key`'s best compression for `snap` now, unless it is made already: the
/// pages compressed ahead of any request after a start or a change (see
/// `assets::compress_ahead`), so no visitor gets the quick one.
pub fn prepare(key: &str, embedded: impl FnOnce() -> Bytes, embedded_hash: &str, snap: &Snapshot) {
    {
        let cache = CACHE.read().unwrap_or_else(|e| e.into_inner());
        if cache.0 == snap.tag && cache.1.get(key).is_some_and(|hit| hit.best) {
            return;
        }
    }
    let identity = personalize(key, &String::from_utf8_lossy(&embedded()), snap, false);
    let etag_base = format!("{embedded_hash}-{:016x}", snap.tag);
    let best = Arc::new(rendered(identity.as_bytes(), &etag_base, Effort::Best));
    let mut cache = CACHE.write().unwrap_or_else(|e| e.into_inner());
    // Settings that changed meanwhile have their own pages: these would only evict them.
    if cache.0 == snap.tag || cache.1.is_empty() {
        cache.0 = snap.tag;
        cache.1.insert(key.to_string(), best);
    }
}

/// An ETag the server made (quoted hex and dashes) as the header value every
/// answer with it shares.
pub fn etag_value(etag: String) -> HeaderValue {
    HeaderValue::from_maybe_shared(Bytes::from(etag)).expect("an ETag is ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_dir::DataDir;
    use crate::settings;

    const PAGE: &str = concat!(
        r#"<meta charset="utf-8" />"#,
        r#"<a href="mailto:contact@thewell.example">contact@thewell.example</a>"#,
        r#"<div data-photo="team"><svg></svg></div>"#,
    );

    #[test]
    fn rendering_is_cached_per_settings_and_compressed() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        settings::set(&dir, "contact-email", "hello@thewell.church").unwrap();
        let snap = Snapshot::read(&dir, &Snapshot::defaults());
        // Other tests render with other settings, which empties the one-tag cache: a
        // pair of renders with no such test between them gives the same copy.
        let page = || Bytes::from_static(PAGE.as_bytes());
        let first = (0..50)
            .find_map(|_| {
                let first = render("test-page.html", page, "abc", &snap, false);
                let second = render("test-page.html", page, "abc", &snap, false);
                Arc::ptr_eq(&first, &second).then_some(first)
            })
            .expect("a second render comes from the cache");
        let (_, etag) = first.variant(Some("br"));
        assert_eq!(etag, &format!("\"abc-{:016x}-br\"", snap.tag));

        // Kept compressed: the file itself and the gzip copy are made from brotli's.
        let text = first.text();
        let written = String::from_utf8_lossy(&text);
        assert!(
            written.contains("hello@thewell.church"),
            "rewritten: {written}"
        );
        let mut plain = Vec::new();
        brotli::BrotliDecompress(&mut first.br.as_ref(), &mut plain).unwrap();
        assert_eq!(plain, text.as_ref());
        let (gzip, etag) = first.variant(Some("gzip"));
        assert_eq!(etag, &format!("\"abc-{:016x}-gz\"", snap.tag));
        let mut gunzip = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(gzip.as_ref()),
            &mut gunzip,
        )
        .unwrap();
        assert_eq!(gunzip.as_bytes(), text.as_ref());
        let (itself, etag) = first.variant(None);
        assert_eq!(
            (itself, etag),
            (text, &etag_value(format!("\"abc-{:016x}\"", snap.tag)))
        );
    }

    #[tokio::test]
    async fn on_a_server_the_best_compression_comes_from_the_background() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        // The same settings as the test above: one tag, so neither empties the other's cache.
        settings::set(&dir, "contact-email", "hello@thewell.church").unwrap();
        let snap = Snapshot::read(&dir, &Snapshot::defaults());
        let page = Bytes::from(PAGE.repeat(40));
        let quick = render("background.html", || page.clone(), "abc", &snap, false);
        // Another test with other settings may empty the cache meanwhile (the cache holds
        // one tag); a render after that starts again from a quick one, so wait for a
        // smaller one rather than for another pointer.
        let mut best = Arc::clone(&quick);
        for _ in 0..300 {
            best = render("background.html", || page.clone(), "abc", &snap, false);
            if best.br.len() < quick.br.len() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert!(
            best.br.len() < quick.br.len(),
            "the best compression replaced the quick one: {} < {}",
            best.br.len(),
            quick.br.len()
        );
        assert_eq!(best.text(), quick.text());
    }
}
