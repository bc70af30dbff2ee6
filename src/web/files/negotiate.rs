//! What a request asks of a file: the content codings it accepts (`Accept-Encoding`,
//! `q=0` refused), whether it saves data (`Save-Data`, a 2G `ECT`), and whether the
//! copy it holds is still the one we serve (`If-None-Match`).
use poem::http::{HeaderMap, HeaderValue, header};
use poem::web::headers::{ETag, HeaderMapExt, IfNoneMatch};

/// Whether the visitor asks to save data (`Save-Data: on`) or is on a 2G connection
/// (`ECT: 2g` or `slow-2g`): then a page comes without its photos until asked for.
pub(super) fn saves_data(headers: &HeaderMap) -> bool {
    let value = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.trim().to_ascii_lowercase())
    };
    value("save-data").is_some_and(|v| v == "on")
        || value("ect").is_some_and(|v| v == "2g" || v == "slow-2g")
}

/// The content codings we store that the client accepts (`Accept-Encoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Accepts {
    pub(super) br: bool,
    pub(super) gzip: bool,
}

impl Accepts {
    pub(super) fn of(headers: &HeaderMap) -> Accepts {
        let Some(value) = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
        else {
            return Accepts::default();
        };
        let mut accepts = Accepts::default();
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
            });
            if refused {
                continue;
            }
            if name.eq_ignore_ascii_case("br") || name == "*" {
                accepts.br = true;
            }
            if name.eq_ignore_ascii_case("gzip") || name == "*" {
                accepts.gzip = true;
            }
        }
        accepts
    }

    pub(super) fn allows(self, coding: Option<&str>) -> bool {
        match coding {
            Some("br") => self.br,
            Some("gzip") => self.gzip,
            _ => true,
        }
    }

    /// The best of them: brotli, then gzip.
    pub(super) fn best(self) -> Option<&'static str> {
        if self.br {
            Some("br")
        } else if self.gzip {
            Some("gzip")
        } else {
            None
        }
    }
}

/// True when `If-None-Match` names this ETag (weak or strong) or is `*`. The usual
/// case, a browser sending back the one tag it was given, is a plain comparison.
pub(super) fn not_modified(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(raw) = headers.get(header::IF_NONE_MATCH) else {
        return false;
    };
    if raw.as_bytes() == etag.as_bytes() {
        return true;
    }
    let etag = etag.to_str().unwrap_or_default().parse::<ETag>();
    let (Some(wanted), Ok(etag)) = (headers.typed_get::<IfNoneMatch>(), etag) else {
        return false;
    };
    !wanted.precondition_passes(&etag)
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
        let of = |value: &str| Accepts::of(&headers(header::ACCEPT_ENCODING, value));
        assert_eq!(
            of("gzip, deflate, br"),
            Accepts {
                br: true,
                gzip: true
            }
        );
        assert_eq!(
            of("gzip"),
            Accepts {
                br: false,
                gzip: true
            }
        );
        assert_eq!(
            of("br;q=0, gzip;q=0.5"),
            Accepts {
                br: false,
                gzip: true
            }
        );
        assert_eq!(of("identity"), Accepts::default());
        assert_eq!(Accepts::of(&HeaderMap::new()), Accepts::default());
        assert_eq!(of("gzip, br").best(), Some("br"));
        assert_eq!(of("identity").best(), None);
    }

    #[test]
    fn if_none_match_compares_quoted_tags_weak_or_strong() {
        assert!(not_modified(
            &headers(header::IF_NONE_MATCH, "\"abc\""),
            &HeaderValue::from_static("\"abc\"")
        ));
        assert!(not_modified(
            &headers(header::IF_NONE_MATCH, "\"x\", W/\"abc\""),
            &HeaderValue::from_static("\"abc\"")
        ));
        assert!(not_modified(
            &headers(header::IF_NONE_MATCH, "*"),
            &HeaderValue::from_static("\"abc\"")
        ));
        assert!(!not_modified(
            &headers(header::IF_NONE_MATCH, "abc"),
            &HeaderValue::from_static("\"abc\"")
        ));
        assert!(!not_modified(
            &HeaderMap::new(),
            &HeaderValue::from_static("\"abc\"")
        ));
    }
}
