//! The frontend build baked into the executable (frontend/dist), and what the
//! server and the staff commands read from it: its files, the photo slots the
//! build listed, and the marks the prerendered pages carry for the server.
use std::borrow::Cow;
use std::io::Read;

use rust_embed::{EmbeddedFile, RustEmbed};
use serde::{Deserialize, Serialize};

/// Everything `npm run build` wrote to frontend/dist, baked into the executable,
/// except what can be made from the rest: the build writes a brotli and a gzip copy
/// beside every text file (scripts/prerender.mjs), and only the brotli copy is kept.
/// The file itself and its gzip copy are made from it when first needed (every
/// browser takes brotli over HTTPS; a page with settings is rewritten from the file
/// itself anyway). That keeps 1 MB out of the executable and inside its size budget
/// (tests/size.rs).
#[derive(RustEmbed)]
#[folder = "frontend/dist/"]
#[exclude = "*.gz"]
#[exclude = "*.html"]
#[exclude = "*.js"]
#[exclude = "*.css"]
#[exclude = "*.svg"]
#[exclude = "*.json"]
#[exclude = "*.txt"]
#[exclude = "*.xml"]
#[exclude = "*.ics"]
#[exclude = "*.webmanifest"]
struct Files;

/// How one file of the bundle is kept in the executable.
pub enum Stored {
    /// As it is (images and other files the build does not compress).
    Plain(EmbeddedFile),
    /// Only as its brotli copy (`<path>.br`).
    Brotli(EmbeddedFile),
}

/// One file of the bundle by its path (`index.html`, `assets/app-1234abcd.js`).
pub fn get(path: &str) -> Option<Stored> {
    if path.ends_with(".br") {
        return None;
    }
    if let Some(file) = Files::get(path) {
        return Some(Stored::Plain(file));
    }
    Files::get(&format!("{path}.br")).map(Stored::Brotli)
}

/// The codes of the languages other than English the pages are written in (`ur`): each
/// one's pages are under `<code>/` (`ur/about/index.html`), its home page `/<code>/`.
/// From the build's `languages.json`.
pub fn languages() -> &'static [String] {
    static CODES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        #[derive(serde::Deserialize)]
        struct Language {
            code: String,
        }
        read("languages.json")
            .and_then(|json| serde_json::from_slice::<Vec<Language>>(&json).ok())
            .map(|all| all.into_iter().map(|l| l.code).collect())
            .unwrap_or_default()
    });
    &CODES
}

/// The paths of every file of the bundle (a file kept only as brotli by its own name).
pub fn paths() -> impl Iterator<Item = String> {
    Files::iter().map(|path| match path.strip_suffix(".br") {
        Some(original) => original.to_string(),
        None => path.into_owned(),
    })
}

/// The bytes of brotli-compressed data, unpacked. The bundle's files are the build's
/// own, checked by the tests; a broken one reads as empty rather than stopping a request.
pub fn unpack(brotli: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(brotli.len() * 4);
    match brotli::Decompressor::new(brotli, 4096).read_to_end(&mut out) {
        Ok(_) => out,
        Err(_) => Vec::new(),
    }
}

/// The content of one file of the bundle, as the build wrote it.
pub fn read(path: &str) -> Option<Cow<'static, [u8]>> {
    match get(path)? {
        Stored::Plain(file) => Some(file.data),
        Stored::Brotli(file) => Some(Cow::Owned(unpack(&file.data))),
    }
}

/// The element id of the JSON block in every page that holds the settings the page's
/// script reads before it hydrates (the server rewrites its content).
pub const SETTINGS_BLOCK_ID: &str = "site-settings";

/// The element id of the JSON block in every page that holds what the content files
/// show now (the latest sermon, the events not yet ended); the server rewrites it.
pub const CONTENT_BLOCK_ID: &str = "site-content";

/// The attribute that marks an element whose inner HTML the server writes from the
/// content files (src/page_parts/mod.rs); its value names the part. The page keeps it as is.
pub const SERVER_PART_MARKER: &str = "data-server-part";

/// The attribute that marks a drawing a photo can replace; its value is the slot.
pub const PHOTO_MARKER: &str = "data-photo";

/// The attribute of a drawing that says how wide it is drawn at each layout width,
/// as an `<img>`'s `sizes` (its photo's `sizes`).
pub const PHOTO_SIZES_MARKER: &str = "data-sizes";

/// The attribute of a drawing in a page's first screen: its photo loads at once,
/// first (`fetchpriority="high"`), not when scrolled to.
pub const PHOTO_FIRST_MARKER: &str = "data-first";

/// The attribute of every `<form>`: its value names the form (src/forms/mod.rs). A form
/// the browser sends itself (no script) is answered with its page, its thank-you or its
/// problems shown (src/web/plain_forms.rs).
pub const FORM_MARKER: &str = "data-form";

/// The hidden field of every form that names it, for a form the browser sends itself.
pub const FORM_FIELD: &str = "_form";

/// The attribute of a form's hidden thank-you line (the words of its toast).
pub const FORM_THANKS_MARKER: &str = "data-form-thanks";

/// The attribute of a form's hidden line for what went wrong with the whole of it.
pub const FORM_PROBLEM_MARKER: &str = "data-form-problem";

/// The attribute of a field's hidden error line; its value names the field.
pub const ERROR_FOR_MARKER: &str = "data-error-for";

/// The attribute that marks a video spot's "coming soon" line; its value is the
/// setting of the video. The server empties the line once that setting is set.
pub const VIDEO_MARKER: &str = "data-video";

/// The attribute of an element that depends on a setting not set yet (its value
/// names the setting). Once it is set the server renames the attribute to
/// `SET_MARKER`, so a page reads the same with and without its script; the styles
/// show an element either only while its setting is unset or only once it is set.
pub const UNSET_MARKER: &str = "data-unset";

/// What `UNSET_MARKER` becomes once its setting is set.
pub const SET_MARKER: &str = "data-set";

/// The attribute of an element whose text is one of the site's words (a gathering's
/// time or place, a figure: `schedule::words`, `settings::figure_words`); its value
/// names the word. The server writes the current word in, as the page's script does.
pub const WORD_MARKER: &str = "data-word";

/// A figure with its parts, as a text writes it: a Bible reference's chapter and
/// verses ("3:16-17"), a range ("18–24", "7:00–8:30"), a sum ("$12,500"), a share
/// ("35%") or "850+". On a right-to-left page the digits after Arabic letters take
/// the right-to-left order between their parts ("3:16-17" drawn as "17-3:16"), so
/// each figure that has parts is isolated left to right (`<bdi dir="ltr">`) where the
/// server and the page's script write it (`PartWords::in_order`, lib/figures.tsx).
/// A regular expression both Rust's `regex` and JavaScript read alike.
pub const FIGURE_PATTERN: &str =
    "[$€£]?[0-9]+(?:[,.:][0-9]+)*(?: ?[-–] ?[0-9]+(?:[,.:][0-9]+)*)*[%+]?";

/// The attribute of a `<meta>` whose `content` is made from a text with `{word}`
/// names in it (the description naming the study's time); its value is that text.
/// It comes before `content`, which the server fills in again.
pub const TEMPLATE_MARKER: &str = "data-template";

/// The attribute of a `<script type="application/ld+json">` whose JSON names words as
/// `{word}` inside its strings (the church's address); the server fills them in,
/// escaped for JSON, on every page it serves.
pub const JSON_WORDS_MARKER: &str = "data-json-words";

/// The attribute of the `<style>` element of every prerendered page, empty in the
/// bundle; its value names the build's stylesheet (`/assets/index-1234abcd.css`), whose
/// rules the server puts inside it. Stored once, not once per page and language.
pub const STYLESHEET_MARKER: &str = "data-stylesheet";

/// The attribute of an element that shows one gathering (its value is the id): the
/// server leaves it out once the gathering is past its last date.
pub const GATHERING_MARKER: &str = "data-gathering";

/// The attribute of the element at the top of every page that holds the current
/// notices; the server writes them in.
pub const NOTICES_MARKER: &str = "data-notices";

/// The classes of a photo laid over its drawing.
pub const PHOTO_CLASS: &str = "absolute inset-0 z-10 h-full w-full object-cover";

/// One place a photo can replace a drawing, as the frontend build listed it.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PhotoSlot {
    /// The slot's name: the photo's file name without its extension.
    pub slot: String,
    /// What the drawing shows.
    pub alt: String,
    /// Width:height of the frame the photo fills (it is cropped to fit).
    pub ratio: String,
    /// The largest width it is drawn at, in CSS pixels (its photo is made up to three
    /// times as wide, for screens with 3 device pixels per CSS pixel).
    pub largest: u32,
    /// The pages (or pop-ups) that show it.
    pub places: Vec<String>,
}

/// A photo as the pages draw it (the settings block's `photos`): the key of what it
/// was made from and each width made (the addresses follow: `/photos/<slot>.<key>.<width>.webp`
/// and `.jpg`), the frame's size in pixels, and, for a photo on the page itself, a
/// blurred placeholder (the others, met only after a client-side navigation or in a
/// pop-up, show their drawing until they load: fewer bytes in every page).
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ShownPhoto {
    pub key: String,
    /// Every width made, smallest first.
    pub widths: Vec<u32>,
    /// The largest variant's size: the photo's shape, so nothing moves as it loads.
    pub width: u32,
    pub height: u32,
    /// A `data:` address drawn until the photo loads.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub placeholder: Option<String>,
}

impl ShownPhoto {
    pub fn of(made: &crate::photos::Made, with_placeholder: bool) -> ShownPhoto {
        ShownPhoto {
            key: made.key.clone(),
            widths: made.widths.clone(),
            width: made.width,
            height: made.height,
            placeholder: with_placeholder.then(|| made.placeholder.clone()),
        }
    }
}

/// Every photo slot of the site (written by the frontend build as photo-slots.json).
pub fn photo_slots() -> Vec<PhotoSlot> {
    read("photo-slots.json")
        .and_then(|data| serde_json::from_slice(&data).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_files_are_kept_as_brotli_and_read_back_whole() {
        let page = read("index.html").expect("the home page");
        let text = String::from_utf8(page.into_owned()).expect("UTF-8");
        assert!(text.starts_with("<!doctype html>"));
        assert!(text.trim_end().ends_with("</html>"), "unpacked to its end");
        assert!(matches!(get("index.html"), Some(Stored::Brotli(_))));
        assert!(
            get("index.html.br").is_none(),
            "the copy is not a file of its own"
        );
        assert!(Files::get("index.html.gz").is_none());
        assert!(matches!(get("og-image.jpg"), Some(Stored::Plain(_))));
        assert!(!photo_slots().is_empty());
        // Every path listed can be read.
        for path in paths() {
            assert!(read(&path).is_some_and(|d| !d.is_empty()), "{path}");
        }
    }
}
