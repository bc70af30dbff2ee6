//! The list of sermons preached so far, newest first, as the HTML the /media page
//! shows (with and without its script: the page keeps the server's HTML). Each
//! sermon gives its date, title, passage and speaker, its description, and its
//! notes in a <details> that opens without JavaScript; its `data-book` is what the
//! page's filter offers. Everything from a file is
//! escaped text. The classes are Tailwind's (styles.css scans this file).
use chrono::NaiveDate;

use super::part_words::{PartWords, Said};
use crate::content::in_english::shows_in_english;
use crate::content::{Item, Sermon};
use crate::text::escape_html;

/// The book of a passage ('1 John' of '1 John 3:1-3', 'Psalm' of 'Psalm 23'): what
/// comes before its last word that starts with a digit; the whole when none does.
fn book_of(passage: &str) -> &str {
    let passage = passage.trim();
    match passage.rfind(' ') {
        Some(at) if passage[at + 1..].starts_with(|c: char| c.is_ascii_digit()) => {
            passage[..at].trim_end()
        }
        _ => passage,
    }
}

/// The inner HTML of the list's element, in the language of `words`.
pub fn html(preached: &[&Item<Sermon>], words: &PartWords) -> String {
    if preached.is_empty() {
        return format!(
            r#"<p class="text-slate-700">{}</p>"#,
            words.say(Said::NoSermonsYet, &[])
        );
    }
    let mut out = String::from(r#"<ol class="grid gap-6" data-testid="sermon-list">"#);
    for item in preached {
        let s = &item.value;
        let day = NaiveDate::parse_from_str(&s.date, "%Y-%m-%d")
            .map(|d| words.date(d))
            .unwrap_or_else(|_| escape_html(&s.date));
        let by = [s.passage.as_str(), s.speaker.as_str()]
            .into_iter()
            .filter(|t| !t.is_empty())
            .map(|t| words.in_order(t))
            .collect::<Vec<_>>()
            .join(" · ");
        let english = |field| shows_in_english(&s.in_english, field);
        let by_lang = words.text_lang(english("passage"));
        // The page's filter offers the books of the Bible the sermons preach from.
        // (the book in English on a page in another language is marked so: `data-book-lang`)
        let book_lang = if by_lang.is_empty() {
            ""
        } else {
            r#" data-book-lang="en""#
        };
        out.push_str(&format!(
            r#"<li class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-book="{}"{book_lang}>"#,
            escape_html(book_of(&s.passage))
        ));
        out.push_str(&format!(
            r#"<p class="text-xs font-semibold uppercase tracking-wider text-amber-800"><time datetime="{}">{day}</time></p>"#,
            escape_html(&s.date)
        ));
        out.push_str(&format!(
            r#"<h3 class="mt-1 font-serif text-xl font-semibold text-slate-900"{}>{}</h3>"#,
            words.text_lang(english("title")),
            escape_html(&s.title)
        ));
        if !by.is_empty() {
            out.push_str(&format!(
                r#"<p class="mt-1 text-sm font-medium text-slate-800"{by_lang}>{by}</p>"#
            ));
        }
        super::html::write_blocks(
            &mut out,
            &s.description,
            "mt-2 text-slate-700",
            words,
            english("description"),
        );
        if !s.notes.is_empty() || !s.reflection.is_empty() {
            out.push_str(&format!(r#"<details class="mt-3"><summary class="inline-flex min-h-11 cursor-pointer items-center font-semibold text-sky-800 underline underline-offset-2">{}</summary><ol class="mt-2 grid gap-3">"#, words.say(Said::SermonNotes, &[])));
            for note in &s.notes {
                out.push_str(&format!(
                    r#"<li{}><p class="font-semibold text-sky-900">{}</p><p class="mt-1 text-slate-700">{}</p>"#,
                    words.text_lang(english("notes")),
                    escape_html(&note.heading),
                    escape_html(&note.text)
                ));
                if !note.scripture.is_empty() {
                    out.push_str(&format!(
                        r#"<p class="mt-1 text-sm italic text-slate-600 [&:lang(ur)]:not-italic"{}>{}</p>"#,
                        words.text_lang(english("notes")),
                        words.in_order(&note.scripture)
                    ));
                }
                out.push_str("</li>");
            }
            out.push_str("</ol>");
            if !s.reflection.is_empty() {
                out.push_str(&format!(
                    r#"<p class="mt-3 rounded-lg bg-amber-50 p-3 text-slate-800"{}>{}</p>"#,
                    words.text_lang(english("reflection")),
                    escape_html(&s.reflection)
                ));
            }
            out.push_str("</details>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ol>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Library;

    #[test]
    fn a_passage_names_its_book() {
        assert_eq!(book_of("Matthew 25:1-13"), "Matthew");
        assert_eq!(book_of("1 John 3:1-3"), "1 John");
        assert_eq!(book_of("Song of Songs 2:4"), "Song of Songs");
        assert_eq!(book_of("Psalm 23"), "Psalm");
        assert_eq!(book_of("Jonah"), "Jonah");
        assert_eq!(book_of(""), "");
    }

    #[test]
    fn file_text_is_escaped_and_the_notes_open_without_script() {
        let mut library = Library::builtin();
        library.sermons[0].value.title = "Grace <script>alert(1)</script>".into();
        let out = html(&library.preached(library.settled()), PartWords::english());
        assert!(
            out.contains("Grace &lt;script&gt;alert(1)&lt;/script&gt;"),
            "{out}"
        );
        assert!(!out.contains("<script"));
        assert!(
            out.contains(r#"<time datetime="2026-11-15">November 15, 2026</time>"#),
            "{out}"
        );
        assert!(out.contains("<details"));
        assert!(out.contains(r#"data-book="Matthew""#), "{out}");
        assert_eq!(
            html(&[], PartWords::english()),
            r#"<p class="text-slate-700">The first sermons will be listed here soon.</p>"#
        );
    }
}
