//! Reading S3's XML answers: the text of each element by its tag (listings, errors,
//! a bucket's settings are flat and plain), its entities decoded.
/// The text inside each `<tag>…</tag>` of an XML answer (S3's listings are flat and
/// plain: no attributes on these elements, no CDATA).
pub fn elements<'a>(xml: &'a str, tag: &str) -> impl Iterator<Item = &'a str> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let mut rest = xml;
    std::iter::from_fn(move || {
        let start = rest.find(&open)? + open.len();
        let end = start + rest[start..].find(&close)?;
        let inside = &rest[start..end];
        rest = &rest[end + close.len()..];
        Some(inside)
    })
}

/// XML's five escapes and numeric references undone.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let Some(end) = rest[at..].find(';') else {
            break;
        };
        let entity = &rest[at + 1..at + end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => out.push(c),
            None => out.push_str(&rest[at..=at + end]),
        }
        rest = &rest[at + end + 1..];
    }
    out.push_str(rest);
    out
}
