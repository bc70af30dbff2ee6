//! The prerendered pages as this server shows them: the volunteer's settings and
//! photos put into the embedded HTML (and the site address into the sitemap and
//! robots.txt), compressed once per change and cached until the next one.
use std::collections::BTreeMap;

use crate::bundle::{
    CONTENT_BLOCK_ID, GATHERING_MARKER, JSON_WORDS_MARKER, NOTICES_MARKER, PHOTO_CLASS,
    PHOTO_FIRST_MARKER, PHOTO_MARKER, PHOTO_SIZES_MARKER, SERVER_PART_MARKER, SET_MARKER,
    SETTINGS_BLOCK_ID, TEMPLATE_MARKER, UNSET_MARKER, VIDEO_MARKER, WORD_MARKER,
};
use crate::language::Language;
use crate::page_parts::Part;
use crate::photos::Made;
use crate::published::Snapshot;
use crate::settings::{Key, SETTINGS};
use crate::text::{attribute, escape_html};

/// Puts `json` into the prerendered page's JSON block `id` (settings, content), so
/// escaped that nothing in it can close the script element early.
fn write_block(out: &mut String, id: &str, json: &str) {
    let open = format!(r#"<script type="application/json" id="{id}">"#);
    if let Some(start) = out.find(&open) {
        let body = start + open.len();
        if let Some(len) = out[body..].find("</script>") {
            let json = json.replace('<', "\\u003c").replace('>', "\\u003e");
            out.replace_range(body..body + len, &json);
        }
    }
}

/// Whether a bundle file carries settings and so is rewritten.
pub fn personalized(key: &str) -> bool {
    key.ends_with(".html") || key == "sitemap.xml" || key == "robots.txt"
}

/// The photo element a drawing gets when its slot has a photo: WebP for the browsers
/// that read it, JPEG for the others, each width with its address; drawn `sizes` wide
/// (the drawing's own `PHOTO_SIZES_MARKER`); its shape given, so nothing moves as it
/// loads; a blurred placeholder under it until then. A photo in the first screen
/// (`first`) loads at once and first, the others when scrolled near.
/// The frontend's Art draws the same after hydration. `sizes` is an attribute's text as
/// the page wrote it (already HTML), so it is put back as it was.
pub fn photo_tag(slot: &str, made: &Made, sizes: &str, first: bool) -> String {
    let [(webp, _), (jpeg, _)] = crate::photos::FORMATS;
    let loading = if first {
        r#"fetchpriority="high""#
    } else {
        r#"loading="lazy""#
    };
    format!(
        r#"<picture><source type="image/webp" srcset="{}" sizes="{sizes}"><img src="{}" srcset="{}" sizes="{sizes}" width="{}" height="{}" alt="" {loading} decoding="async" class="{PHOTO_CLASS}" style="{}"></picture>"#,
        escape_html(&made.srcset(slot, webp)),
        escape_html(&made.url(slot, made.plain_width(), jpeg)),
        escape_html(&made.srcset(slot, jpeg)),
        made.width,
        made.height,
        escape_html(&placeholder_style(&made.placeholder)),
    )
}

/// The style that draws a placeholder under a photo until it loads.
pub fn placeholder_style(placeholder: &str) -> String {
    format!(r#"background-image:url("{placeholder}");background-size:cover"#)
}

/// Where the content of each element whose start tag holds `attribute` begins, last
/// first (so a change at one leaves the others' positions as they were).
fn contents_of(text: &str, attribute: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(attribute) {
        let after = from + at + attribute.len();
        // Attribute values are escaped, so the next '>' ends this start tag.
        let Some(close) = text[after..].find('>') else {
            break;
        };
        from = after + close + 1;
        found.push(from);
    }
    found.reverse();
    found
}

/// How long the content of a `<div>` is, given the text right after its start tag:
/// up to its matching `</div>` (the build's markup and the server's parts only).
fn div_content_len(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = 0;
    loop {
        let next = text[at..].find("<div")?;
        let close = text[at..].find("</div>")?;
        if next < close {
            depth += 1;
            at += next + 4;
        } else if depth == 0 {
            return Some(at + close);
        } else {
            depth -= 1;
            at += close + 6;
        }
    }
}

/// `template` with each `{name}` in it replaced by that word (an unknown name is
/// kept as written); frontend/src/lib/words.tsx fills the same way.
pub fn fill(template: &str, words: &BTreeMap<String, String>) -> String {
    fill_by(template, |name| {
        words.get(name).map(String::as_str).map(Into::into)
    })
}

/// `template` with each `{name}` that `word` knows replaced by what it gives.
fn fill_by<'w>(template: &str, word: impl Fn(&str) -> Option<std::borrow::Cow<'w, str>>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}');
        match close.map(|c| &after[..c]).filter(|name| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
        }) {
            Some(name) if let Some(value) = word(name) => {
                out.push_str(&value);
                rest = &after[name.len() + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// HTML attribute text back to its characters (what the build's escaping does, undone).
fn unescape_attribute(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The mark `<Words>` writes right after a word's name when it reads English.
const ENGLISH_MARK: &str = r#" lang="en""#;

/// Every element marked `WORD_MARKER` gets its word as its text (on a page in another
/// language, `lang="en"` after its name when the word is among those it shows in English,
/// `in_english`), and every `<meta>` marked `TEMPLATE_MARKER` its template filled in as
/// its content.
fn write_words(
    text: &str,
    words: &BTreeMap<String, String>,
    in_english: Option<&Vec<String>>,
) -> String {
    let word_mark = format!(r#" {WORD_MARKER}=""#);
    let template_mark = format!(r#" {TEMPLATE_MARKER}=""#);
    let mut out = String::with_capacity(text.len() + 256);
    let mut rest = text;
    loop {
        let next_word = rest.find(&word_mark);
        let next_template = rest.find(&template_mark);
        let (at, mark, is_word) = match (next_word, next_template) {
            (Some(w), Some(t)) if t < w => (t, &template_mark, false),
            (Some(w), _) => (w, &word_mark, true),
            (None, Some(t)) => (t, &template_mark, false),
            (None, None) => break,
        };
        let value_start = at + mark.len();
        let Some(value_len) = rest[value_start..].find('"') else {
            break;
        };
        let value = &rest[value_start..value_start + value_len];
        let after_value = value_start + value_len + 1;
        if is_word {
            // The element holds text only: it runs from the end of the start tag to the next tag.
            let Some(tag_end) = rest[after_value..].find('>').map(|i| after_value + i + 1) else {
                break;
            };
            let Some(text_end) = rest[tag_end..].find('<').map(|i| tag_end + i) else {
                break;
            };
            match words.get(value) {
                Some(word) if let Some(in_english) = in_english => {
                    // The build marked the word it knew; the mark follows the word written now.
                    out.push_str(&rest[..after_value]);
                    let tag_rest = &rest[after_value..tag_end];
                    if in_english.iter().any(|name| name == value) {
                        out.push_str(ENGLISH_MARK);
                    }
                    out.push_str(tag_rest.strip_prefix(ENGLISH_MARK).unwrap_or(tag_rest));
                    out.push_str(&escape_html(word));
                }
                Some(word) => {
                    out.push_str(&rest[..tag_end]);
                    out.push_str(&escape_html(word));
                }
                None => out.push_str(&rest[..text_end]),
            }
            rest = &rest[text_end..];
        } else {
            const CONTENT: &str = r#" content=""#;
            let Some(content_start) = rest[after_value..]
                .starts_with(CONTENT)
                .then_some(after_value + CONTENT.len())
            else {
                out.push_str(&rest[..after_value]);
                rest = &rest[after_value..];
                continue;
            };
            let Some(content_len) = rest[content_start..].find('"') else {
                break;
            };
            out.push_str(&rest[..content_start]);
            out.push_str(&escape_html(&fill(&unescape_attribute(value), words)));
            rest = &rest[content_start + content_len..];
        }
    }
    out.push_str(rest);
    out
}

/// Leaves out every element that shows a gathering the site no longer lists (past
/// its last date): from its start tag to its matching end tag.
fn drop_ended_gatherings(out: &mut String, listed: &[String]) {
    let mark = format!(r#" {GATHERING_MARKER}=""#);
    let mut from = 0;
    while let Some(found) = out[from..].find(&mark) {
        let at = from + found;
        let value_start = at + mark.len();
        let Some(value_len) = out[value_start..].find('"') else {
            return;
        };
        let id = &out[value_start..value_start + value_len];
        if listed.iter().any(|l| l == id) {
            from = value_start + value_len;
            continue;
        }
        let Some(start) = out[..at].rfind('<') else {
            return;
        };
        let tag: String = out[start + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
        let mut depth = 0usize;
        let mut at = start + 1;
        let end = loop {
            let (Some(next_open), Some(next_close)) = (
                out[at..].find(&open).map(|i| at + i),
                out[at..].find(&close).map(|i| at + i),
            ) else {
                return;
            };
            let opens_same = out[next_open + open.len()..].starts_with([' ', '>']);
            if next_open < next_close && opens_same {
                depth += 1;
                at = next_open + open.len();
            } else if next_open < next_close {
                at = next_open + open.len();
            } else if depth == 0 {
                break next_close + close.len();
            } else {
                depth -= 1;
                at = next_close + close.len();
            }
        };
        out.replace_range(start..end, "");
        from = start;
    }
}

/// The page's route from its bundle file ("pakistan/index.html" is /pakistan); none
/// for a file that is not a route's page.
fn route_of(key: &str, language: &Language) -> Option<String> {
    let key = key.trim_end_matches("#lean");
    // A page in another language shows the same route: ur/pakistan/index.html is /pakistan.
    let key = match language.code {
        "" => key,
        code => &key[code.len() + 1..],
    };
    if key == "index.html" {
        Some("/".into())
    } else {
        key.strip_suffix("/index.html").map(|r| format!("/{r}"))
    }
}

/// Each script marked `JSON_WORDS_MARKER` with its `{word}` names filled in, escaped
/// as a JSON string's characters (and `<` so the script cannot be closed early).
fn write_json_words(out: &mut String, words: &BTreeMap<String, String>) {
    let mark = format!(" {JSON_WORDS_MARKER}");
    let mut from = 0;
    while let Some(at) = out[from..].find(&mark).map(|i| from + i) {
        let Some(start) = out[at..].find('>').map(|i| at + i + 1) else {
            return;
        };
        let Some(end) = out[start..].find("</script>").map(|i| start + i) else {
            return;
        };
        let filled = fill_by(&out[start..end], |name| {
            words.get(name).map(|word| {
                let json = serde_json::to_string(word).expect("a string is JSON");
                json[1..json.len() - 1].replace('<', "\\u003c").into()
            })
        });
        from = start + filled.len();
        out.replace_range(start..end, &filled);
    }
}

/// The coming events as schema.org `Event`s for search engines, in a JSON-LD block
/// after the content block (only pages carry one).
fn add_events_json_ld(out: &mut String, events: &[crate::content::Event], site: &str) {
    if events.is_empty() {
        return;
    }
    let open = format!(r#"<script type="application/json" id="{CONTENT_BLOCK_ID}">"#);
    let Some(after) = out.find(&open).and_then(|start| {
        out[start..]
            .find("</script>")
            .map(|end| start + end + "</script>".len())
    }) else {
        return;
    };
    let events: Vec<serde_json::Value> = events
        .iter()
        .map(|e| {
            let mut event = serde_json::json!({
                "@context": "https://schema.org",
                "@type": "Event",
                "name": e.title,
                "startDate": e.starts_at,
                "endDate": e.ends_at,
                "eventStatus": "https://schema.org/EventScheduled",
                "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
                "location": { "@type": "Place", "name": e.place, "address": e.place },
                "description": super::ics::plain_text(&e.text),
                "organizer": { "@type": "Organization", "name": "The Well", "url": site },
            });
            if !e.link.is_empty() {
                event["url"] = e.link.clone().into();
            }
            event
        })
        .collect();
    let json = serde_json::Value::Array(events)
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e");
    out.insert_str(
        after,
        &format!(r#"<script type="application/ld+json">{json}</script>"#),
    );
}

/// The mark on `<html>` of a page made for a visitor saving data: its photos are
/// left out, and the page's script offers each one behind a button (Art).
const LEAN_MARK: &str = " data-lean";

/// The embedded text with the settings of `snap`: the placeholder address and email
/// replaced, the settings and content blocks rewritten, a photo over each drawing that has one
/// (a drawing is an element with `PHOTO_MARKER="<slot>"`, from the frontend's Art), except
/// when `lean` (the visitor saves data): then no photo, and `<html>` carries `LEAN_MARK`.
pub fn personalize(key: &str, text: &str, snap: &Snapshot, lean: bool) -> String {
    // A page in another language (ur/…) shows the gatherings' words in it: its language,
    // found once for the page.
    let page_language = crate::language::of_path(key);
    let language = snap.in_language.get(page_language.code);
    let said = page_language.parts;
    // What its pages show: the content files' items in its language where they give it.
    let (library, shown, content_json) = match language {
        Some(l) => (&l.library, &l.shown, &l.content_json),
        None => (&snap.library, &snap.shown, &snap.content_json),
    };
    let words = &shown.words;
    let mut out = write_words(text, words, language.map(|l| &l.shown.words_in_english));
    write_json_words(&mut out, words);
    drop_ended_gatherings(&mut out, &snap.shown.gatherings);
    let route = route_of(key, page_language);
    if let Some(inner) = contents_of(&out, &format!(" {NOTICES_MARKER}"))
        .first()
        .copied()
        && let Some(len) = div_content_len(&out[inner..])
    {
        let html = crate::page_parts::notices_html(&shown.notices, route.as_deref(), said);
        out.replace_range(inner..inner + len, &html);
    }
    if lean && let Some(at) = out.find("<html") {
        out.insert_str(at + "<html".len(), LEAN_MARK);
    }
    for key in [Key::SiteUrl, Key::ContactEmail] {
        let default = SETTINGS[key as usize].default;
        if snap.get(key) != default {
            out = out.replace(default, &escape_html(snap.get(key)));
        }
    }
    let on_page: Vec<&str> = snap
        .photos
        .keys()
        .map(String::as_str)
        .filter(|slot| out.contains(&format!(r#" {PHOTO_MARKER}="{slot}""#)))
        .collect();
    write_block(&mut out, SETTINGS_BLOCK_ID, &snap.client_json(&on_page));
    write_block(&mut out, CONTENT_BLOCK_ID, content_json);
    add_events_json_ld(&mut out, &shown.events, snap.get(Key::SiteUrl));
    for part in Part::ALL {
        let mark = format!(r#" {SERVER_PART_MARKER}="{}""#, part.name());
        if let Some(inner) = contents_of(&out, &mark).first().copied()
            && let Some(len) = div_content_len(&out[inner..])
        {
            let html = part.html(library, chrono::Utc::now(), &snap.retention, words, said);
            out.replace_range(inner..inner + len, &html);
        }
    }
    // A video that is set is no longer coming: its spot's line is emptied, as the page's script renders it.
    for s in SETTINGS.iter().filter(|s| !snap.is_placeholder(s.key)) {
        for at in contents_of(&out, &format!(r#" {VIDEO_MARKER}="{}""#, s.name)) {
            // The line's words are the page's language's ("Video coming soon"), its only text.
            if let Some(len) = out[at..].find('<') {
                out.replace_range(at..at + len, "");
            }
        }
        // What waited for this setting shows, and what stood in for it goes.
        out = out.replace(
            &format!(r#" {UNSET_MARKER}="{}""#, s.name),
            &format!(r#" {SET_MARKER}="{}""#, s.name),
        );
    }
    // The photo goes first inside the drawing's element (it is stacked above the drawing).
    let mut preloads = String::new();
    for (slot, made) in snap.photos.iter().filter(|_| !lean) {
        for at in contents_of(&out, &format!(r#" {PHOTO_MARKER}="{slot}""#)) {
            let start = out[..at].rfind('<').unwrap_or(0);
            let drawing = &out[start..at];
            let sizes = attribute(drawing, PHOTO_SIZES_MARKER)
                .unwrap_or("100vw")
                .to_string();
            let first = drawing.contains(&format!(" {PHOTO_FIRST_MARKER}"));
            if first {
                preloads.push_str(&photo_preload(slot, made, &sizes));
            }
            out.insert_str(at, &photo_tag(slot, made, &sizes, first));
        }
    }
    // Named in the page's head, a first-screen photo is asked for with the page's first
    // bytes, not once the parser reaches it further down (on a weak network, a third of
    // a second later).
    if let Some(charset) = out.find("<meta charset")
        && let Some(end) = out[charset..].find('>')
    {
        out.insert_str(charset + end + 1, &preloads);
    }
    out
}

/// The head's line that fetches a first-screen photo at once: the same WebP widths and
/// `sizes` as its `<source>`, so the browser picks the same file and draws it from this
/// fetch (a browser without WebP skips it and reads the `<picture>`; `href`, the plain
/// width, is for one that reads no `imagesrcset`).
fn photo_preload(slot: &str, made: &Made, sizes: &str) -> String {
    let [(webp, mime), _] = crate::photos::FORMATS;
    format!(
        r#"<link rel="preload" as="image" type="{mime}" href="{}" imagesrcset="{}" imagesizes="{sizes}" fetchpriority="high">"#,
        escape_html(&made.url(slot, made.plain_width(), webp)),
        escape_html(&made.srcset(slot, webp)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_dir::DataDir;
    use crate::settings;
    use crate::web::files::rendered::render;

    fn snapshot(dir: &DataDir) -> Snapshot {
        Snapshot::read(dir, &Snapshot::defaults())
    }

    const PAGE: &str = concat!(
        r#"<meta charset="utf-8" />"#,
        r#"<link rel="canonical" href="https://thewell.example/contact" />"#,
        r#"<script type="application/json" id="site-settings">{"old":1}</script>"#,
        r#"<a href="mailto:contact@thewell.example">contact@thewell.example</a>"#,
        r#"<div role="img" aria-label="Team" data-photo="team" class="a [&amp;&gt;b]:c"><svg></svg></div>"#,
        r#"<div role="img" data-photo="team" data-sizes="(min-width: 640px) 50vw, 100vw" data-first><svg></svg></div>"#,
        r#"<div data-photo="other"><svg></svg></div>"#,
    );

    #[test]
    fn defaults_change_nothing_but_the_settings_block() {
        let snap = Snapshot::defaults();
        let out = personalize("test.html", PAGE, &snap, false);
        assert!(out.contains("https://thewell.example/contact"));
        assert!(out.contains("mailto:contact@thewell.example"));
        assert!(!out.contains("<img"));
        assert!(
            out.contains(r#""contactEmail":"contact@thewell.example""#),
            "{out}"
        );
    }

    #[test]
    fn a_set_video_is_no_longer_coming_soon() {
        let page = concat!(
            r#"<p role="status" data-video="worship-video" class="mt-1">Video coming soon</p>"#,
            r#"<p data-video="pakistan-video">Video coming soon</p>"#,
        );
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        assert_eq!(
            personalize("test.html", page, &snapshot(&dir), false)
                .matches("Video coming soon")
                .count(),
            2
        );
        settings::set(&dir, "worship-video", "dQw4w9WgXcQ").unwrap();
        let out = personalize("test.html", page, &snapshot(&dir), false);
        assert!(
            out.contains(r#"<p role="status" data-video="worship-video" class="mt-1"></p>"#),
            "{out}"
        );
        assert!(
            out.contains(r#"<p data-video="pakistan-video">Video coming soon</p>"#),
            "{out}"
        );
    }

    #[test]
    fn settings_and_photos_are_put_in() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        settings::set(&dir, "site-url", "https://thewell.church/").unwrap();
        settings::set(&dir, "contact-email", "hello@thewell.church").unwrap();
        // A speaker's name that tries to close the script element stays inside it.
        settings::set(&dir, "sermon-speaker", "Ana </script><b>").unwrap();
        let mut snap = snapshot(&dir);
        // What the maker records once a photo is made (src/photos/).
        snap.photos.insert(
            "team".into(),
            crate::photos::Made {
                key: "0a1b2c".into(),
                width: 960,
                height: 720,
                widths: vec![480, 960],
                placeholder: "data:image/svg+xml,<svg id='x'/>".into(),
            },
        );
        let out = personalize("test.html", PAGE, &snap, false);

        assert!(
            out.contains(r#"href="https://thewell.church/contact""#),
            "{out}"
        );
        assert!(out.contains(r#"<a href="mailto:hello@thewell.church">hello@thewell.church</a>"#));
        assert!(!out.contains("thewell.example"), "{out}");
        assert_eq!(out.matches("</script>").count(), 1, "{out}");
        assert!(
            out.contains(r#"Ana \u003c/script\u003e\u003cb\u003e"#),
            "{out}"
        );
        let settings_json = out
            .split(&format!(
                r#"<script type="application/json" id="{SETTINGS_BLOCK_ID}">"#
            ))
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .unwrap();
        let parsed: serde_json::Value = serde_json::from_str(settings_json).unwrap();
        assert_eq!(parsed["sermonSpeaker"], "Ana </script><b>");
        assert_eq!(parsed["photos"]["team"]["key"], "0a1b2c");
        assert_eq!(
            parsed["photos"]["team"]["widths"],
            serde_json::json!([480, 960])
        );
        assert_eq!(parsed["photos"]["team"]["height"], 720);
        // The placeholder of a photo drawn on the page (only).
        assert!(parsed["photos"]["team"]["placeholder"].is_string());

        // Lazy, drawn the whole width where the drawing says nothing of its size.
        let img = photo_tag("team", &snap.photos["team"], "100vw", false);
        assert!(img.contains(r#"<source type="image/webp" srcset="/photos/team.0a1b2c.480.webp 480w, /photos/team.0a1b2c.960.webp 960w" sizes="100vw">"#), "{img}");
        assert!(
            img.contains(r#" width="960" height="720" alt="" loading="lazy" decoding="async""#),
            "{img}"
        );
        assert!(img.contains(r#"style="background-image:url(&quot;data:image/svg+xml,&lt;svg id=&#39;x&#39;/&gt;&quot;);background-size:cover""#), "{img}");
        assert!(
            out.contains(&format!(
                r#"data-photo="team" class="a [&amp;&gt;b]:c">{img}<svg>"#
            )),
            "{out}"
        );
        // In the first screen, at the size the drawing gives.
        let first = photo_tag(
            "team",
            &snap.photos["team"],
            "(min-width: 640px) 50vw, 100vw",
            true,
        );
        assert!(
            first.contains(r#"fetchpriority="high" decoding="async""#),
            "{first}"
        );
        assert!(!first.contains("lazy"), "{first}");
        assert!(
            out.contains(&format!(r#"data-first>{first}<svg>"#)),
            "{out}"
        );
        // The first-screen photo, and only it, is fetched from the head, right after
        // the charset (which must stay in the page's first bytes), as its <source> reads.
        assert!(
            out.starts_with(r#"<meta charset="utf-8" /><link rel="preload" as="image" type="image/webp" href="/photos/team.0a1b2c.960.webp" imagesrcset="/photos/team.0a1b2c.480.webp 480w, /photos/team.0a1b2c.960.webp 960w" imagesizes="(min-width: 640px) 50vw, 100vw" fetchpriority="high"><link rel="canonical""#),
            "{out}"
        );
        assert_eq!(out.matches(r#"rel="preload""#).count(), 1, "{out}");
        assert!(
            out.contains(r#"data-photo="other"><svg>"#),
            "a slot without a photo keeps its drawing alone"
        );

        // For a visitor saving data: the same page, without a photo, marked on <html>.
        let lean = personalize(
            "test.html",
            &format!("<html lang=\"en\">{PAGE}</html>"),
            &snap,
            true,
        );
        assert!(!lean.contains("<img"), "{lean}");
        assert!(
            !lean.contains("preload"),
            "no photo is fetched from the head: {lean}"
        );
        assert!(lean.starts_with(r#"<html data-lean lang="en">"#), "{lean}");
        assert!(lean.contains("hello@thewell.church"));
        let page = || bytes::Bytes::from_static(PAGE.as_bytes());
        let full = render("lean-test.html", page, "abc", &snap, false);
        let held = render("lean-test.html", page, "abc", &snap, true);
        assert_ne!(
            full.variant(None).1,
            held.variant(None).1,
            "each has its own ETag"
        );
        assert!(!String::from_utf8_lossy(&held.variant(None).0).contains("<img"));
    }

    #[test]
    fn on_a_page_in_another_language_a_word_shown_in_english_is_marked_so() {
        let mut words = BTreeMap::new();
        words.insert("figure.city-goal".to_string(), "$100 million".to_string());
        words.insert(
            "bible-study.where".to_string(),
            "Salón principal".to_string(),
        );
        words.insert(
            "bible-study.when".to_string(),
            "ہر بدھ 7:00 PM ET".to_string(),
        );
        words.insert("figure.bible-price".to_string(), "$10".to_string());
        // As the build wrote them: the first two marked from its own English words.
        let page = concat!(
            r#"<span data-word="figure.city-goal" lang="en" dir="auto">$1</span>"#,
            r#"<span data-word="bible-study.when" lang="en" dir="auto">Wednesdays</span>"#,
            r#"<span data-word="figure.bible-price" dir="auto">$9</span>"#,
            r#"<span data-word="bible-study.where" lang="en" dir="auto">Fellowship Hall</span>"#,
        );
        // Which words are in English is what the page's language says, not their letters:
        // the city's goal is, the Spanish place in Latin letters is not.
        let in_english = vec!["figure.city-goal".to_string()];
        assert_eq!(
            write_words(page, &words, Some(&in_english)),
            concat!(
                r#"<span data-word="figure.city-goal" lang="en" dir="auto">$100 million</span>"#,
                r#"<span data-word="bible-study.when" dir="auto">ہر بدھ 7:00 PM ET</span>"#,
                r#"<span data-word="figure.bible-price" dir="auto">$10</span>"#,
                r#"<span data-word="bible-study.where" dir="auto">Salón principal</span>"#,
            )
        );
    }

    #[test]
    fn words_templates_and_ended_gatherings_follow_the_data() {
        let mut words = BTreeMap::new();
        words.insert(
            "bible-study.when".to_string(),
            "Thursdays 7:30 PM <ET>".to_string(),
        );
        words.insert("figure.building-goal".to_string(), "$40,000".to_string());
        assert_eq!(
            fill("Every {bible-study.when}, {unknown} {x", &words),
            "Every Thursdays 7:30 PM <ET>, {unknown} {x"
        );
        let page = concat!(
            r#"<meta name="description" data-template="Join us {bible-study.when} &amp; give {figure.building-goal}." content="Join us Wednesdays 7:00 PM ET &amp; give $35,000." />"#,
            r#"<p>Live <span data-word="bible-study.when" class="block">Wednesdays 7:00 PM ET</span>.</p>"#,
            r#"<span data-word="nobody.when">kept</span>"#,
        );
        let out = write_words(page, &words, None);
        assert!(
            out.contains(
                r#"content="Join us Thursdays 7:30 PM &lt;ET&gt; &amp; give $40,000." />"#
            ),
            "{out}"
        );
        assert!(
            out.contains(r#"class="block">Thursdays 7:30 PM &lt;ET&gt;</span>.</p>"#),
            "{out}"
        );
        assert!(out.contains(">kept</span>"), "{out}");

        words.insert(
            "place.address".to_string(),
            r#"1 "Main" St </script><b>"#.to_string(),
        );
        let mut page = concat!(
            r#"<script type="application/ld+json" data-json-words>{"address":"{place.address}","#,
            r#""name":"{unknown}"}</script><p>{place.address}</p>"#
        )
        .to_string();
        write_json_words(&mut page, &words);
        assert_eq!(
            page,
            concat!(
                r#"<script type="application/ld+json" data-json-words>{"address":"1 \"Main\" St \u003c/script>\u003cb>","#,
                r#""name":"{unknown}"}</script><p>{place.address}</p>"#
            )
        );
        let json = &page[page.find('>').unwrap() + 1..page.find("</script>").unwrap()];
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(value["address"], r#"1 "Main" St </script><b>"#);

        let mut page = concat!(
            r#"<ul><li data-gathering="north-monthly">North <ul><li>inner</li></ul> soon</li>"#,
            r#"<li data-gathering="bible-study">Study</li></ul>"#
        )
        .to_string();
        drop_ended_gatherings(&mut page, &["bible-study".to_string()]);
        assert_eq!(
            page,
            r#"<ul><li data-gathering="bible-study">Study</li></ul>"#
        );
    }
}
