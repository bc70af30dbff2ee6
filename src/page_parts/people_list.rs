//! The people of /leadership and /worship-team as the HTML of their pages: each
//! group a section with its heading and a card per person (their photo from the
//! photo slot `person-<file>`, or their initials; name, role, bio). A page with no
//! one named reads as complete: who leads that part of the ministry and how to reach
//! them, with links; a section of the leadership with no one named while others
//! have someone says in one line that its people will be introduced soon.
use super::html::{CONTAINER, SECTION_HEADING, SECTION_PADDING};
use super::part_words::{PartWords, Said};
use crate::bundle::{PHOTO_FIRST_MARKER, PHOTO_MARKER, PHOTO_SIZES_MARKER};
use crate::content::in_english::shows_in_english;
use crate::content::{GROUPS, Group, Library, PeoplePage, Person};
use crate::text::escape_html;

/// The widest a person's card is drawn, in CSS pixels: a third of the page's column
/// (1104 px) less the gaps. Their photo is made for it (`bundle::PhotoSlot::largest`).
pub const CARD_LARGEST: u32 = 357;

/// How wide a card is at each layout width (two to a row on phones, three or four
/// from 768 px), as its photo's `sizes`.
fn card_sizes(grid: &str) -> &'static str {
    if grid.contains("grid-cols-4") {
        "(min-width: 1152px) 264px, (min-width: 768px) calc(25vw - 1.5rem), calc(50vw - 1.5rem)"
    } else {
        "(min-width: 1152px) 357px, (min-width: 768px) calc(33.3vw - 2rem), calc(50vw - 1.5rem)"
    }
}

/// The classes of a link to another page of the site, inside a sentence.
const LINK_CLASS: &str =
    "inline-flex min-h-11 items-center font-medium text-sky-800 underline underline-offset-2";

/// What a page with some of its sections' people named says once, for the others.
fn introduced_soon(words: &PartWords) -> String {
    let link = format!(
        r#"<a href="{}" class="{LINK_CLASS}">{}</a>"#,
        words.path("/contact"),
        words.say(Said::ContactUs, &[])
    );
    format!(
        r#"<p class="text-slate-700" data-testid="introduced-soon">{}</p>"#,
        words.say(Said::IntroducedSoon, &[("link", &link)])
    )
}

/// What a page with no one named yet says instead: a paragraph from what the site
/// already says of the ministry, and where to go next (address, words).
struct NoOneNamed {
    text: Said,
    links: &'static [(&'static str, Said)],
}

fn no_one_named(page: PeoplePage) -> NoOneNamed {
    match page {
        PeoplePage::Leadership => NoOneNamed {
            text: Said::LeadershipIntro,
            links: &[
                ("/contact", Said::ContactUs),
                ("/new-here", Said::PlanYourVisit),
                ("/bible-study", Said::JoinTheBibleStudy),
            ],
        },
        PeoplePage::WorshipTeam => NoOneNamed {
            text: Said::WorshipTeamIntro,
            links: &[
                ("/get-involved", Said::ServeOnTheTeam),
                ("/worship", Said::AboutOurWorship),
                ("/contact", Said::ContactUs),
            ],
        },
    }
}

fn no_one_named_html(
    page: PeoplePage,
    words: &PartWords,
    shown: &std::collections::BTreeMap<String, String>,
) -> String {
    let said = no_one_named(page);
    let mut out = format!(
        r#"<div class="max-w-3xl" data-testid="no-one-named"><p class="text-lg text-slate-700">{}</p><ul class="mt-6 flex flex-wrap gap-3">"#,
        words.say_with(said.text, &[], shown)
    );
    for (to, label) in said.links {
        out.push_str(&format!(
            r#"<li><a href="{}" class="inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50">{}</a></li>"#,
            words.path(to),
            words.say(*label, &[])
        ));
    }
    out.push_str("</ul></div>");
    out
}

/// "ML" for "Maria Lopez": the first letters of the first and the last word.
fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let first = |w: Option<&&str>| w.and_then(|w| w.chars().next()).into_iter();
    first(words.first())
        .chain(if words.len() > 1 {
            first(words.last())
        } else {
            first(None)
        })
        .flat_map(char::to_uppercase)
        .collect()
}

/// One person's card; `first`: in the page's first screen (its photo loads at once).
fn card(
    out: &mut String,
    person: &Person,
    heading: &str,
    sizes: &str,
    first: bool,
    words: &PartWords,
) {
    out.push_str(
        r#"<li class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">"#,
    );
    let first = if first {
        format!(" {PHOTO_FIRST_MARKER}")
    } else {
        String::new()
    };
    out.push_str(&format!(
        r#"<div class="relative flex aspect-square items-center justify-center bg-sky-100" {PHOTO_MARKER}="{}" {PHOTO_SIZES_MARKER}="{sizes}"{first}><span class="font-serif text-5xl font-semibold text-sky-900" aria-hidden="true">{}</span></div>"#,
        escape_html(&person.photo),
        escape_html(&initials(&person.name))
    ));
    out.push_str(&format!(
        r#"<div class="p-4"><{heading} class="font-semibold text-slate-900"{}>{}</{heading}><p class="text-sm text-slate-700"{}>{}</p>"#,
        words.text_lang(shows_in_english(&person.in_english, "name")),
        escape_html(&person.name),
        words.text_lang(shows_in_english(&person.in_english, "role")),
        escape_html(&person.role)
    ));
    super::html::write_blocks(
        out,
        &person.bio,
        "mt-2 text-sm text-slate-600",
        words,
        shows_in_english(&person.in_english, "bio"),
    );
    out.push_str("</div></li>");
}

/// A section of the page; `heading` is HTML made safe.
fn section(out: &mut String, heading: Option<&str>, white: bool, body: &str) {
    out.push_str(if white {
        r#"<section class="bg-white">"#
    } else {
        "<section>"
    });
    out.push_str(&format!(r#"<div class="{CONTAINER} {SECTION_PADDING}">"#));
    if let Some(h) = heading {
        out.push_str(&format!(
            r#"<h2 class="{SECTION_HEADING}">{h}</h2><div class="mt-8">"#
        ));
    }
    out.push_str(body);
    if heading.is_some() {
        out.push_str("</div>");
    }
    out.push_str("</div></section>");
}

/// The cards of `people`; the first `first_screen` of them are in the page's first
/// screen (the first row of two on a phone, right under the page's heading).
fn cards(
    people: &[&Person],
    grid: &str,
    heading: &str,
    first_screen: usize,
    words: &PartWords,
) -> String {
    let mut out = format!(
        r#"<ul class="grid {} gap-4 max-md:center-lone-last {grid}" data-testid="team">"#,
        PHONE_ROW.0
    );
    for (i, person) in people.iter().enumerate() {
        card(
            &mut out,
            person,
            heading,
            card_sizes(grid),
            i < first_screen,
            words,
        );
    }
    out.push_str("</ul>");
    out
}

/// Cards to a row on a phone: the grid's class and how many that is, kept together.
const PHONE_ROW: (&str, usize) = ("grid-cols-2", 2);

/// The inner HTML of `page`'s part, in the language of `words`.
/// `shown`: the page's language's words, for what the page says while no one is named.
pub fn html(
    library: &Library,
    page: PeoplePage,
    words: &PartWords,
    shown: &std::collections::BTreeMap<String, String>,
) -> String {
    let groups: Vec<(&Group, Vec<&Person>)> = GROUPS
        .iter()
        .filter(|g| g.page == page)
        .map(|g| (g, library.people_of(g)))
        .collect();
    let mut out = String::new();
    if groups.iter().all(|(_, people)| people.is_empty()) {
        section(
            &mut out,
            None,
            false,
            &no_one_named_html(page, words, shown),
        );
        return out;
    }
    match page {
        PeoplePage::WorshipTeam => {
            let people: Vec<&Person> = groups.into_iter().flat_map(|(_, p)| p).collect();
            section(
                &mut out,
                None,
                false,
                &cards(&people, "md:grid-cols-3", "h2", PHONE_ROW.1, words),
            );
        }
        PeoplePage::Leadership => {
            // The sections with someone named; the others wait, said once at the end.
            let named: Vec<_> = groups.iter().filter(|(_, p)| !p.is_empty()).collect();
            for (i, (group, people)) in named.iter().enumerate() {
                let first_screen = if i == 0 { PHONE_ROW.1 } else { 0 };
                let body = cards(people, "md:grid-cols-4", "h3", first_screen, words);
                section(&mut out, Some(&words.group(group)), i % 2 == 1, &body);
            }
            if named.len() < groups.len() {
                section(
                    &mut out,
                    None,
                    named.len() % 2 == 1,
                    &introduced_soon(words),
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{Block, Item};

    fn person(name: &str, group: &'static str, order: i64) -> Item<Person> {
        Item {
            source: format!("content/people/{name}.md"),
            value: Person {
                name: name.into(),
                role: "Pastor <b>".into(),
                group: GROUPS.iter().find(|g| g.name == group).unwrap(),
                order,
                bio: vec![Block {
                    list: false,
                    items: vec!["Loves <script>x</script>".into()],
                }],
                photo: format!("person-{}", crate::content::template::slug(name)),
                in_english: Vec::new(),
            },
            in_language: Default::default(),
        }
    }

    #[test]
    fn nobody_named_reads_as_complete_and_people_are_escaped_cards_in_order() {
        let mut library = Library::default();
        // The gatherings' words as the page's language shows them: named, not written.
        let shown: std::collections::BTreeMap<String, String> = [
            ("sunday-service-florida.day", "Saturday"),
            ("sunday-service-florida.every", "every Saturday"),
            ("bible-study.day", "Thursday"),
            ("bible-study.every", "every Thursday"),
            ("bible-study.where", "Main <Hall>"),
            ("europe-bible-study.where", "Online"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into();
        for page in [PeoplePage::Leadership, PeoplePage::WorshipTeam] {
            let out = html(&library, page, PartWords::english(), &shown);
            assert_eq!(out.matches("no-one-named").count(), 1, "{out}");
            assert!(
                out.contains("Thursday") && out.contains("(Main &lt;Hall&gt;)"),
                "{out}"
            );
            assert!(!out.contains("Wednesday") && !out.contains('{'), "{out}");
            assert!(!out.contains("introduced-soon"), "{out}");
            assert!(out.contains(r#"href="/contact""#), "{out}");
            assert!(!out.contains("<h2"));
        }
        library.people.push(person("Zoe Park", "senior-leaders", 2));
        library.people.push(person("Ann Lee", "senior-leaders", 1));
        let out = html(
            &library,
            PeoplePage::Leadership,
            PartWords::english(),
            &shown,
        );
        let ann = out.find("Ann Lee").unwrap();
        assert!(ann < out.find("Zoe Park").unwrap(), "order first: {out}");
        assert!(out.contains(r#"data-photo="person-ann-lee""#));
        assert!(out.contains(">AL</span>"));
        assert!(out.contains("Pastor &lt;b&gt;"));
        assert!(out.contains("Loves &lt;script&gt;"));
        assert!(!out.contains("<script"));
        // The other leadership sections wait, said once; the worship team is still unnamed.
        assert_eq!(out.matches("<h2").count(), 1);
        assert_eq!(out.matches("introduced-soon").count(), 1);
        assert!(out.find("introduced-soon").unwrap() > ann);
        assert!(
            html(
                &library,
                PeoplePage::WorshipTeam,
                PartWords::english(),
                &shown
            )
            .contains("no-one-named")
        );
        // On an Urdu page: the site's words in Urdu, links to the Urdu pages, and the
        // volunteer's English (the files have no Urdu) marked so.
        let urdu = html(
            &library.in_language("ur", chrono::Utc::now()),
            PeoplePage::Leadership,
            crate::language::find("ur").unwrap().parts,
            &shown,
        );
        assert!(urdu.contains(r#"href="/ur/contact""#), "{urdu}");
        assert!(
            !urdu.contains("introduced here soon") && !urdu.contains("Senior Leaders"),
            "{urdu}"
        );
        assert!(
            urdu.contains(
                r#"<h3 class="font-semibold text-slate-900" lang="en" dir="ltr">Ann Lee</h3>"#
            ),
            "{urdu}"
        );
        // The bio under a line saying it is in English, as the frontend's ContentBlocks draws it.
        assert!(urdu.contains(r#"<div lang="en" dir="ltr"><p class="text-sm font-semibold text-slate-600" lang="ur" dir="rtl">انگریزی میں:</p><p class="mt-2 text-sm text-slate-600">Loves &lt;script&gt;x&lt;/script&gt;</p></div>"#), "{urdu}");
        assert_eq!(initials("Maria"), "M");
        assert_eq!(initials("  maría de la Cruz "), "MC");
    }
}
