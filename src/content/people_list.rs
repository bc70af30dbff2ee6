//! The people of /leadership and /worship-team as the HTML of their pages: each
//! group a section with its heading and a card per person (their photo from the
//! photo slot `person-<file>`, or their initials; name, role, bio). A page with no
//! one named reads as complete: who leads that part of the ministry and how to reach
//! them, with links; a section of the leadership with no one named while others
//! have someone says in one line that its people will be introduced soon.
use super::html::{CONTAINER, SECTION_HEADING, SECTION_PADDING};
use super::{GROUPS, Group, Library, PeoplePage, Person};
use crate::bundle::PHOTO_MARKER;
use crate::text::escape_html;

/// What a page or section with no one named says.
fn introduced_soon() -> &'static str {
    r#"<p class="text-slate-700" data-testid="introduced-soon">Introduced here soon. <a href="/contact" class="inline-flex min-h-11 items-center font-medium text-sky-800 underline underline-offset-2">Contact us</a> in the meantime.</p>"#
}

/// What a page with no one named yet says instead: a paragraph from what the site
/// already says of the ministry, and where to go next (address, words).
struct NoOneNamed {
    text: &'static str,
    links: &'static [(&'static str, &'static str)],
}

fn no_one_named(page: PeoplePage) -> NoOneNamed {
    match page {
        PeoplePage::Leadership => NoOneNamed {
            text: "The Well is led by pastors and servant leaders on every campus: South Florida and the North Campus in the United States, Europe online, and Pakistan. Together they carry one mission, bringing Jesus to the marketplace. You can meet them on a Sunday in Plantation or at the Wednesday Bible study online, and any of them will answer a message sent through our contact page.",
            links: &[
                ("/contact", "Contact us"),
                ("/new-here", "Plan your visit"),
                ("/bible-study", "Join the Bible study"),
            ],
        },
        PeoplePage::WorshipTeam => NoOneNamed {
            text: "Worship at The Well is led by musicians, singers and creatives from our campuses, on Sunday mornings in Plantation and at the Bible study online on Wednesdays. If you sing, play an instrument or create, there is a place for you on the team.",
            links: &[
                ("/get-involved", "Serve on the team"),
                ("/worship", "About our worship"),
                ("/contact", "Contact us"),
            ],
        },
    }
}

fn no_one_named_html(page: PeoplePage) -> String {
    let words = no_one_named(page);
    let mut out = format!(
        r#"<div class="max-w-3xl" data-testid="no-one-named"><p class="text-lg text-slate-700">{}</p><ul class="mt-6 flex flex-wrap gap-3">"#,
        escape_html(words.text)
    );
    for (to, label) in words.links {
        out.push_str(&format!(
            r#"<li><a href="{to}" class="inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50">{}</a></li>"#,
            escape_html(label)
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

fn card(out: &mut String, person: &Person, heading: &str) {
    out.push_str(
        r#"<li class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">"#,
    );
    out.push_str(&format!(
        r#"<div class="relative flex aspect-square items-center justify-center bg-sky-100" {PHOTO_MARKER}="{}"><span class="font-serif text-5xl font-semibold text-sky-900" aria-hidden="true">{}</span></div>"#,
        escape_html(&person.photo),
        escape_html(&initials(&person.name))
    ));
    out.push_str(&format!(
        r#"<div class="p-4"><{heading} class="font-semibold text-slate-900">{}</{heading}><p class="text-sm text-slate-700">{}</p>"#,
        escape_html(&person.name),
        escape_html(&person.role)
    ));
    super::html::write_blocks(out, &person.bio, "mt-2 text-sm text-slate-600");
    out.push_str("</div></li>");
}

fn section(out: &mut String, heading: Option<&str>, white: bool, body: &str) {
    out.push_str(if white {
        r#"<section class="bg-white">"#
    } else {
        "<section>"
    });
    out.push_str(&format!(r#"<div class="{CONTAINER} {SECTION_PADDING}">"#));
    if let Some(h) = heading {
        out.push_str(&format!(
            r#"<h2 class="{SECTION_HEADING}">{}</h2><div class="mt-8">"#,
            escape_html(h)
        ));
    }
    out.push_str(body);
    if heading.is_some() {
        out.push_str("</div>");
    }
    out.push_str("</div></section>");
}

fn cards(people: &[&Person], grid: &str, heading: &str) -> String {
    if people.is_empty() {
        return introduced_soon().to_string();
    }
    let mut out = format!(
        r#"<ul class="grid grid-cols-2 gap-4 max-md:center-lone-last {grid}" data-testid="team">"#
    );
    for person in people {
        card(&mut out, person, heading);
    }
    out.push_str("</ul>");
    out
}

/// The inner HTML of `page`'s part.
pub fn html(library: &Library, page: PeoplePage) -> String {
    let groups: Vec<(&Group, Vec<&Person>)> = GROUPS
        .iter()
        .filter(|g| g.page == page)
        .map(|g| (g, library.people_of(g)))
        .collect();
    let mut out = String::new();
    if groups.iter().all(|(_, people)| people.is_empty()) {
        section(&mut out, None, false, &no_one_named_html(page));
        return out;
    }
    match page {
        PeoplePage::WorshipTeam => {
            let people: Vec<&Person> = groups.into_iter().flat_map(|(_, p)| p).collect();
            section(
                &mut out,
                None,
                false,
                &cards(&people, "md:grid-cols-3", "h2"),
            );
        }
        PeoplePage::Leadership => {
            for (i, (group, people)) in groups.iter().enumerate() {
                let body = cards(people, "md:grid-cols-4", "h3");
                section(&mut out, Some(group.heading), i % 2 == 1, &body);
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
            },
        }
    }

    #[test]
    fn nobody_named_reads_as_complete_and_people_are_escaped_cards_in_order() {
        let mut library = Library::default();
        for page in [PeoplePage::Leadership, PeoplePage::WorshipTeam] {
            let out = html(&library, page);
            assert_eq!(out.matches("no-one-named").count(), 1, "{out}");
            assert!(!out.contains("introduced-soon"), "{out}");
            assert!(out.contains(r#"href="/contact""#), "{out}");
            assert!(!out.contains("<h2"));
        }
        library.people.push(person("Zoe Park", "senior-leaders", 2));
        library.people.push(person("Ann Lee", "senior-leaders", 1));
        let out = html(&library, PeoplePage::Leadership);
        let ann = out.find("Ann Lee").unwrap();
        assert!(ann < out.find("Zoe Park").unwrap(), "order first: {out}");
        assert!(out.contains(r#"data-photo="person-ann-lee""#));
        assert!(out.contains(">AL</span>"));
        assert!(out.contains("Pastor &lt;b&gt;"));
        assert!(out.contains("Loves &lt;script&gt;"));
        assert!(!out.contains("<script"));
        // The other leadership sections say their one line; the worship team is still unnamed.
        assert_eq!(out.matches("<h2").count(), 6);
        assert_eq!(out.matches("introduced-soon").count(), 5);
        assert!(html(&library, PeoplePage::WorshipTeam).contains("no-one-named"));
        assert_eq!(initials("Maria"), "M");
        assert_eq!(initials("  maría de la Cruz "), "MC");
    }
}
