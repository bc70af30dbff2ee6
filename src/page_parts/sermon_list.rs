//! The list of sermons preached so far, newest first, as the HTML the /media page
//! shows (with and without its script: the page keeps the server's HTML). Each
//! sermon gives its date, title, passage and speaker, its description, and its
//! notes in a <details> that opens without JavaScript; its `data-book` is what the
//! page's filter offers. Everything from a file is
//! escaped text. The classes are Tailwind's (styles.css scans this file).
use chrono::NaiveDate;

use super::part_words::{PartWords, Said};
use crate::content::in_english::shows_in_english;
use crate::content::{Item, SERMONS_IN_FULL, Sermon};
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

/// The inner HTML of the list's element, in the language of `words`: the newest
/// SERMONS_IN_FULL sermons in full (so that years of Sundays stay a page a phone can
/// load: ten years are about 40 KB more, compressed), then every earlier one as a line (date, title,
/// passage and speaker), each an item of the list the page's search goes through.
pub fn html(preached: &[&Item<Sermon>], words: &PartWords) -> String {
    if preached.is_empty() {
        return format!(
            r#"<p class="text-slate-700">{}</p>"#,
            words.say(Said::NoSermonsYet, &[])
        );
    }
    let (newest, earlier) = preached.split_at(preached.len().min(SERMONS_IN_FULL));
    let mut out = String::from(r#"<ol class="grid gap-6" data-testid="sermon-list">"#);
    for item in newest {
        in_full(&mut out, &item.value, words);
    }
    if !earlier.is_empty() {
        out.push_str(&format!(
            r#"<li class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="earlier-sermons"><h3 class="font-serif text-xl font-semibold text-slate-900">{}</h3><ol class="{EARLIER}">"#,
            words.say(Said::EarlierSermons, &[])
        ));
        for item in earlier {
            as_line(&mut out, &item.value, words);
        }
        out.push_str("</ol></li>");
    }
    out.push_str("</ol>");
    out
}

/// A sermon's day, as the page's language writes it.
fn day(s: &Sermon, words: &PartWords) -> String {
    NaiveDate::parse_from_str(&s.date, "%Y-%m-%d")
        .map(|d| words.date(d))
        .unwrap_or_else(|_| escape_html(&s.date))
}

/// Its passage and speaker, "Matthew 25:1-13 · Pastor Maria Lopez".
fn passage_and_speaker(s: &Sermon, words: &PartWords) -> String {
    [s.passage.as_str(), s.speaker.as_str()]
        .into_iter()
        .filter(|t| !t.is_empty())
        .map(|t| words.in_order(t))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A list item's book, for the page's filter: ` data-book="Matthew"` (marked English
/// on a page in another language: `data-book-lang`).
fn book(s: &Sermon) -> String {
    let lang = if shows_in_english(&s.in_english, "passage") {
        r#" data-book-lang="en""#
    } else {
        ""
    };
    format!(r#" data-book="{}"{lang}"#, escape_html(book_of(&s.passage)))
}

/// The classes of the earlier sermons' list, styling its lines' parts from above:
/// thousands of lines stay short.
const EARLIER: &str = "mt-2 divide-y divide-slate-100 [&>li]:py-2 [&_time]:block [&_time]:text-xs [&_time]:font-semibold [&_time]:uppercase [&_time]:tracking-wider [&_time]:text-amber-800 [&_b]:font-semibold [&_b]:text-slate-900 [&_small]:text-sm [&_small]:text-slate-700";

/// An earlier sermon as one line of the list (styled by EARLIER).
fn as_line(out: &mut String, s: &Sermon, words: &PartWords) {
    let english = |field| shows_in_english(&s.in_english, field);
    let by = passage_and_speaker(s, words);
    // A line wholly in English on a page in another language is one English run, so
    // that a title wrapped over two lines reads on into its passage; a line partly
    // translated marks each part, the dot outside both (on a right-to-left page it
    // stays between the title and the passage).
    let whole = english("title") && (by.is_empty() || english("passage"));
    let run = if whole { words.text_lang(true) } else { "" };
    let mark = |field| {
        if whole {
            ""
        } else {
            words.text_lang(english(field))
        }
    };
    out.push_str(&format!(
        r#"<li{}><time datetime="{}">{}</time>"#,
        book(s),
        escape_html(&s.date),
        day(s, words),
    ));
    if !run.is_empty() {
        out.push_str(&format!("<span{run}>"));
    }
    out.push_str(&format!(
        "<b{}>{}</b>",
        mark("title"),
        escape_html(&s.title)
    ));
    if !by.is_empty() {
        out.push_str(&format!(
            r#"<small> · </small><small{}>{by}</small>"#,
            mark("passage")
        ));
    }
    if !run.is_empty() {
        out.push_str("</span>");
    }
    out.push_str("</li>");
}

/// One of the newest sermons in full: its description, and its notes in a
/// <details> that opens without script.
fn in_full(out: &mut String, s: &Sermon, words: &PartWords) {
    let english = |field| shows_in_english(&s.in_english, field);
    let by = passage_and_speaker(s, words);
    let by_lang = words.text_lang(english("passage"));
    let day = day(s, words);
    out.push_str(&format!(
        r#"<li class="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"{}>"#,
        book(s)
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
        out,
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

    #[test]
    fn the_newest_are_in_full_and_every_earlier_one_is_a_line() {
        let example = Library::builtin().sermons[0].clone();
        let mut sermons = Vec::new();
        let first = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        for week in 0..SERMONS_IN_FULL + 5 {
            let mut s = example.clone();
            s.value.date = (first - chrono::Days::new(7 * week as u64)).to_string();
            s.value.title = format!("Week <{week}>");
            s.source = format!("content/sermons/{week}.md");
            sermons.push(s);
        }
        let listed: Vec<&Item<Sermon>> = sermons.iter().collect();
        let out = html(&listed, PartWords::english());
        assert_eq!(out.matches("<details").count(), SERMONS_IN_FULL);
        assert_eq!(out.matches("data-book=").count(), SERMONS_IN_FULL + 5);
        let (full, lines) = out.split_once(r#"data-testid="earlier-sermons""#).unwrap();
        assert!(full.contains("Week &lt;0&gt;") && full.contains("Week &lt;19&gt;"));
        assert!(!full.contains("Week &lt;20&gt;"));
        assert!(
            lines.contains(r#"<li data-book="Matthew"><time datetime="2026-07-12">July 12, 2026</time><b>Week &lt;20&gt;</b><small> · </small><small>Matthew 25:1-13</small></li>"#),
            "{lines}"
        );
        assert!(lines.contains("Week &lt;24&gt;") && !lines.contains("<details"));
    }

    #[test]
    fn an_english_line_on_a_page_in_another_language_is_one_english_run() {
        let urdu = crate::language::find("ur").expect("the build writes the pages in Urdu");
        let mut sermon = Library::builtin().sermons[0].value.clone();
        sermon.speaker = String::new();
        let line = |s: &Sermon| {
            let mut out = String::new();
            as_line(&mut out, s, urdu.parts);
            out
        };
        // All in English: one run, its parts unmarked inside it.
        sermon.in_english = vec!["title".into(), "passage".into()];
        let english = line(&sermon);
        assert!(
            english.contains(r#"<span lang="en" dir="ltr"><b>"#)
                && english.contains(r#"</b><small> · </small><small>Matthew <bdi dir="ltr">25:1-13</bdi></small></span></li>"#),
            "{english}"
        );
        // The title translated, the passage not: each part in its own direction.
        sermon.title = "پیغام".into();
        sermon.in_english = vec!["passage".into()];
        let mixed = line(&sermon);
        assert!(
            mixed.contains(r#"<b>پیغام</b><small> · </small><small lang="en" dir="ltr">"#)
                && !mixed.contains("<span"),
            "{mixed}"
        );
    }
}
