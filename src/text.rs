//! What text from outside (visitors' answers, volunteers' settings) may contain.
//! Control characters (C0 with NUL, DEL, C1) and the Unicode bidirectional
//! overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make a
//! name or a CSV cell read as something else, never reach storage: a one-line
//! value that holds one is refused; free text keeps its newlines and tabs and
//! loses the rest. Kept text is normalised to NFC, so one name is one string.
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
}
