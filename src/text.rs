//! What text from outside (visitors' answers, volunteers' settings) may contain.
//! Control characters (C0 with NUL, DEL, C1) and the Unicode bidirectional
//! overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make a
//! name or a CSV cell read as something else, never reach storage: a one-line
//! value that holds one is refused; free text keeps its newlines and tabs and
//! loses the rest. Kept text is normalised to NFC, so one name is one string.
//! Also the checks the settings and the content files share: an https link a
//! visitor may follow, and a YouTube video's id.
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

/// The bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A character no stored text may hold (newlines and tabs are judged by the caller).
pub fn is_forbidden(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// A one-line value: `None` when it holds a forbidden character or a line break,
/// else the value in NFC.
pub fn one_line(value: &str) -> Option<String> {
    (!value.chars().any(is_forbidden)).then(|| to_nfc(value.to_string()))
}

/// `text` in NFC. Most text already is (all ASCII, most accented letters as typed),
/// and the quick check says so without building it again.
fn to_nfc(text: String) -> String {
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => text,
        _ => text.nfc().collect(),
    }
}

/// Free text: CRLF and CR become LF; newlines and tabs stay; every other forbidden
/// character is dropped; the result is in NFC.
pub fn free_text(value: &str) -> String {
    let kept = value
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .filter(|&c| c == '\n' || c == '\t' || !is_forbidden(c))
        .collect();
    to_nfc(kept)
}

/// Text for HTML: the five characters with a meaning escaped (attribute values too).
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// HTML's text as it reads: the escapes `escape_html` (and a page's build) writes undone.
pub fn unescape_html(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// An attribute's value in a piece of a start tag, as written (`name="value"`).
pub fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let marker = format!(" {name}=\"");
    let start = tag.find(&marker)? + marker.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// An error and its causes, as one line ("client error (Connect): invalid peer
/// certificate: …"), for messages staff read.
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let more = inner.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = inner.source();
    }
    text
}

/// Characters that show nothing: zero-width space, non-joiner and joiner, word
/// joiner, the byte-order mark, and the direction marks (LRM, RLM, ALM).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}' | '\u{2060}' | '\u{FEFF}' | '\u{061C}'
    )
}

/// What a spreadsheet may skip before a cell's first character: every character
/// Unicode calls a format character (Cf: soft hyphen, Mongolian vowel separator,
/// tags, interlinear annotation marks, direction marks) or a space separator (Zs),
/// and every default-ignorable code point (variation selectors, Hangul fillers, …),
/// from the Unicode tables of ICU4X's icu_properties, not a hand list.
pub fn is_skippable(c: char) -> bool {
    use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::Format | GeneralCategory::SpaceSeparator
    ) || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// `text` without whitespace or invisible characters at either end (a name pasted
/// with a byte-order mark before it is the name).
pub fn trim_edges(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || is_invisible(c))
}

/// A link a visitor may follow: https, to a host, with no user name or password in it.
pub fn https_link(value: &str) -> Result<String, String> {
    let url = url::Url::parse(value)
        .map_err(|e| format!("{e}. Write the whole link, starting with https://"))?;
    if url.scheme() != "https" || url.host_str().is_none() {
        return Err("links must start with https://".into());
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(
            "a link with a user name or password in it would publish them; leave them out".into(),
        );
    }
    if url.as_str().len() > 2000 {
        return Err("it is longer than 2,000 characters".into());
    }
    Ok(url.to_string())
}

/// The video id in a YouTube link (watch, youtu.be, embed, live, shorts), or the id itself.
pub fn youtube_id(value: &str) -> Option<String> {
    let is_id = |id: &str| {
        id.len() == 11
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if is_id(value) {
        return Some(value.to_string());
    }
    let url = url::Url::parse(value).ok()?;
    let host = url
        .host_str()?
        .trim_start_matches("www.")
        .trim_start_matches("m.");
    let id = match host {
        "youtu.be" => url.path().trim_start_matches('/').to_string(),
        "youtube.com" | "youtube-nocookie.com" | "music.youtube.com" => {
            let mut segments = url.path_segments()?;
            match segments.next()? {
                "watch" => url
                    .query_pairs()
                    .find(|(k, _)| k == "v")
                    .map(|(_, v)| v.into_owned())?,
                "embed" | "live" | "shorts" | "v" => segments.next()?.to_string(),
                _ => return None,
            }
        }
        _ => return None,
    };
    is_id(&id).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_values_refuse_controls_and_direction_overrides() {
        for bad in [
            "Ana\u{0}",
            "Ana\nBcc: x",
            "a\u{7f}",
            "a\u{85}b",
            "evil\u{202E}moc.elpmaxe@a",
            "\u{2066}x\u{2069}",
            "tab\there",
        ] {
            assert_eq!(one_line(bad), None, "{bad:?}");
        }
        assert_eq!(one_line("Zoë").as_deref(), Some("Zoë"));
        // "e" + combining diaeresis becomes the one precomposed character.
        assert_eq!(one_line("Zoe\u{308}").as_deref(), Some("Zoë"));
        assert_eq!(
            one_line("دعا کی درخواست").as_deref(),
            Some("دعا کی درخواست")
        );
    }

    #[test]
    fn free_text_keeps_lines_and_tabs_and_drops_the_rest() {
        assert_eq!(
            free_text("Line 1\r\nLine 2\rLine 3\n\tindented\u{0}\u{1b}[31m\u{202E}x\u{9f}"),
            "Line 1\nLine 2\nLine 3\n\tindented[31mx"
        );
        assert_eq!(free_text("Cafe\u{301}"), "Café");
    }

    #[test]
    fn invisible_characters_are_trimmed_at_the_edges_only() {
        assert_eq!(trim_edges("\u{FEFF}\u{200B} Ana\u{2060}\u{200F} "), "Ana");
        assert_eq!(trim_edges("A\u{200D}B"), "A\u{200D}B");
        assert_eq!(trim_edges("\u{200C}\u{061C}"), "");
    }
}
