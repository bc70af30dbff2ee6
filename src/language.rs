//! The languages the pages are written in, each loaded once from the build: its code,
//! direction and every word the server writes in it (the parts of pages, the forms'
//! words, the gatherings' words). A request's language is found here, once, from its
//! address or the language it asks for. Adding a language is adding its catalogue
//! (frontend/src/content/i18n/<code>.json): the build lists it in `languages.json`
//! and writes its words beside it, and nothing here names one.
use std::sync::LazyLock;

use crate::forms::FormWords;
use crate::page_parts::part_words::PartWords;
use crate::schedule::words::Vocabulary;

/// One language of the pages and all the words the server writes in it.
#[derive(Debug)]
pub struct Language {
    /// Its code, also its addresses' prefix (`ur` → /ur/about); empty for English,
    /// the site's own, whose addresses have none.
    pub code: &'static str,
    /// The words of the server's parts of pages (sermon list, people, figures, notices).
    pub parts: &'static PartWords,
    /// The forms' labels, options and messages.
    pub forms: &'static FormWords,
    /// The gatherings' days, times, zones and notes.
    pub gatherings: &'static Vocabulary,
}

impl Language {
    pub fn is_english(&self) -> bool {
        self.code.is_empty()
    }
}

/// English, the site's own: the words as the code writes them.
pub fn english() -> &'static Language {
    static ENGLISH: LazyLock<Language> = LazyLock::new(|| Language {
        code: "",
        parts: PartWords::english(),
        forms: FormWords::english(),
        gatherings: Vocabulary::english(),
    });
    &ENGLISH
}

/// Every other language the pages are in, in the build's order. A language whose
/// words in the bundle are missing or do not read keeps its pages, with those words
/// in English, and a warning at start-up says which.
pub fn others() -> &'static [Language] {
    static OTHERS: LazyLock<Vec<Language>> = LazyLock::new(|| {
        crate::bundle::languages()
            .iter()
            .map(|code| {
                let code: &'static str = Box::leak(code.clone().into_boxed_str());
                Language {
                    code,
                    parts: read(
                        code,
                        "part-words.json",
                        "the sermon list, the people pages and the building's progress",
                        |json| PartWords::from_json(code, json).map_err(|e| e.to_string()),
                    )
                    .map_or_else(|| kept(PartWords::untranslated(code)), kept),
                    forms: read(code, "form-words.json", "the forms' messages", |json| {
                        FormWords::from_json(json).map_err(|e| e.to_string())
                    })
                    .map_or(FormWords::english(), kept),
                    gatherings: read(
                        code,
                        "gathering-words.json",
                        "the gatherings' days and times",
                        |json| {
                            Vocabulary::from_json(json).ok_or_else(|| "it is not whole".to_string())
                        },
                    )
                    .map_or(Vocabulary::english(), kept),
                }
            })
            .collect()
    });
    &OTHERS
}

/// Words read once and kept for as long as the server runs (the registry never lets go).
fn kept<T>(words: T) -> &'static T {
    Box::leak(Box::new(words))
}

/// The words the build wrote for language `code` as `<code>/<file>`, read by `parse`;
/// `None`, with a warning saying what its pages then show in English (`in_english`),
/// when the file is missing or does not read.
fn read<T>(
    code: &str,
    file: &str,
    in_english: &str,
    parse: impl Fn(&[u8]) -> Result<T, String>,
) -> Option<T> {
    let path = format!("{code}/{file}");
    let why = match crate::bundle::read(&path).map(|json| parse(&json)) {
        Some(Ok(words)) => return Some(words),
        Some(Err(error)) => error,
        None => "it is missing".to_string(),
    };
    tracing::warn!(
        "{path} in the bundle does not read ({why}): {in_english} on /{code}/ pages are in English"
    );
    None
}

/// The other language whose code is `code` exactly (`ur`), if the pages are in it.
pub fn find(code: &str) -> Option<&'static Language> {
    others().iter().find(|l| l.code == code)
}

/// The language a visitor asks for by a tag (`ur`, `ur-PK`, the first of an
/// Accept-Language header): English for one the pages are not in.
pub fn asked(tag: &str) -> &'static Language {
    let primary = tag.split(['-', '_']).next().unwrap_or("").trim();
    others()
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(primary))
        .unwrap_or_else(english)
}

/// The language of an address or a bundle file by its first folder (`/ur/about`,
/// `ur/about/index.html`, `/ur`): English when that is no language's.
pub fn of_path(path: &str) -> &'static Language {
    let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
    find(first).unwrap_or_else(english)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The languages the build writes the pages in: the one list a new catalogue adds to.
    #[test]
    fn the_pages_are_in_english_and_each_catalogues_language() {
        let codes: Vec<&str> = others().iter().map(|l| l.code).collect();
        assert_eq!(codes, ["es", "ur"]);
    }

    #[test]
    fn a_language_is_found_by_its_address_or_the_one_asked_for() {
        for language in others() {
            let code = language.code;
            assert!(std::ptr::eq(of_path(&format!("/{code}/about")), language));
            assert!(std::ptr::eq(
                of_path(&format!("{code}/about/index.html")),
                language
            ));
            assert!(std::ptr::eq(of_path(&format!("/{code}")), language));
            assert!(std::ptr::eq(asked(&format!("{code}-XX")), language));
            assert!(std::ptr::eq(find(code).unwrap(), language));
            assert!(!std::ptr::eq(language, english()) && !language.is_english());
        }
        assert!(of_path("/about").is_english());
        assert!(
            of_path("/urdu/x").is_english() && asked("fr").is_english() && asked("").is_english()
        );
        assert!(find("").is_none());
    }
}
