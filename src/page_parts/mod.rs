//! The parts of pages the server writes from the content files and settings, the
//! same with and without JavaScript (the page keeps the server's HTML): the /media
//! list of sermons, the people of /leadership and /worship-team, how long forms are
//! kept, the building fundraiser's progress, the gatherings a volunteer added on
//! their campus's page, and the notices (written into every page's notices element). Each part is the inner HTML of
//! the element marked `data-server-part="<name>"`; everything from a file is escaped
//! text. The classes are Tailwind's (styles.css scans these files).
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

pub mod html;
pub mod part_words;
pub mod people_list;
mod sermon_list;

use crate::bundle::GATHERING_MARKER;
use crate::content::in_english::shows_in_english;
use crate::content::{Library, Notice, PeoplePage};
use crate::text::escape_html;
use part_words::{PartWords, Said};

/// A part of a page the server writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    SermonList,
    Leadership,
    WorshipTeam,
    /// How long the forms are kept (`serve --keep`), on the privacy policy page.
    Retention,
    /// The building fundraiser's amount raised against its goal, once a volunteer
    /// sets it (`thewell site set building-raised`), in each building section.
    BuildingProgress,
    /// The gatherings a volunteer added (an id none of the built-in ones has) on the
    /// campus page of their campus: the page's own lists show the built-in ones.
    Gatherings(&'static str),
}

/// What the frontend is told of a part (src/contract.rs emits it): its name and the
/// route it is on (a client-side navigation there fetches the page for it).
#[cfg(test)]
#[derive(Debug, serde::Serialize, ts_rs::TS)]
pub struct ServerPart {
    pub name: &'static str,
    pub path: &'static str,
}

impl Part {
    pub const ALL: [Part; 9] = [
        Part::SermonList,
        Part::Leadership,
        Part::WorshipTeam,
        Part::Retention,
        Part::BuildingProgress,
        Part::Gatherings("/united-states"),
        Part::Gatherings("/bible-study"),
        Part::Gatherings("/europe"),
        Part::Gatherings("/pakistan"),
    ];

    /// The value of its element's `data-server-part` (also the element's id).
    pub fn name(self) -> &'static str {
        match self {
            Part::SermonList => "sermon-list",
            Part::Leadership => "people-leadership",
            Part::WorshipTeam => "people-worship-team",
            Part::Retention => "retention",
            Part::BuildingProgress => "building-progress",
            Part::Gatherings(route) => match route {
                "/united-states" => "gatherings-united-states",
                "/bible-study" => "gatherings-bible-study",
                "/europe" => "gatherings-europe",
                _ => "gatherings-pakistan",
            },
        }
    }

    /// The routes whose pages hold it.
    #[cfg(test)]
    pub fn paths(self) -> &'static [&'static str] {
        match self {
            Part::SermonList => &["/media"],
            Part::Leadership => &["/leadership"],
            Part::WorshipTeam => &["/worship-team"],
            Part::Retention => &["/privacy-policy"],
            Part::BuildingProgress => &["/", "/pakistan", "/pakistan-building", "/giving"],
            Part::Gatherings("/united-states") => &["/united-states"],
            Part::Gatherings("/bible-study") => &["/bible-study"],
            Part::Gatherings("/europe") => &["/europe"],
            Part::Gatherings(_) => &["/pakistan"],
        }
    }

    /// Its inner HTML from `library` at `now`, and how long each form is kept
    /// (form name, period in words; empty when everything is kept), with the page's
    /// `words` (the gatherings' and the figures') and what the parts say in its language.
    pub fn html(
        self,
        library: &Library,
        now: DateTime<Utc>,
        retention: &[(String, String)],
        words: &BTreeMap<String, String>,
        said: &PartWords,
    ) -> String {
        match self {
            Part::BuildingProgress => building_progress_html(words, said),
            Part::Gatherings(route) => added_gatherings_html(library, now, route, words),
            Part::SermonList => sermon_list::html(&library.preached(now), said),
            Part::Leadership => people_list::html(library, PeoplePage::Leadership, said, words),
            Part::WorshipTeam => people_list::html(library, PeoplePage::WorshipTeam, said, words),
            Part::Retention => retention_html(retention, said),
        }
    }

    /// Every part, for the frontend.
    #[cfg(test)]
    pub fn declared() -> Vec<ServerPart> {
        Part::ALL
            .iter()
            .flat_map(|p| {
                p.paths().iter().map(|path| ServerPart {
                    name: p.name(),
                    path,
                })
            })
            .collect()
    }

    /// Each part's name and its HTML on a site without content files (for prerendering).
    #[cfg(test)]
    pub fn defaults() -> std::collections::BTreeMap<&'static str, String> {
        let library = Library::builtin();
        let words = library.shown(library.settled()).words;
        Part::ALL
            .iter()
            .map(|p| {
                let html = p.html(
                    &library,
                    library.settled(),
                    &[],
                    &words,
                    PartWords::english(),
                );
                (p.name(), html)
            })
            .collect()
    }
}

/// The amount raised for the building against its goal, with a bar and the day it
/// was counted; nothing until an amount is set.
fn building_progress_html(words: &BTreeMap<String, String>, said: &PartWords) -> String {
    let word = |name: &str| words.get(name).map(String::as_str).unwrap_or_default();
    let (raised, goal, percent) = (
        word("figure.building-raised"),
        word("figure.building-goal"),
        word("figure.building-percent"),
    );
    if raised.is_empty() || percent.is_empty() {
        return String::new();
    }
    let day = match word("figure.building-raised-on") {
        "" => String::new(),
        day => format!(
            r#"<p class="mt-1 text-sm text-slate-600">{}</p>"#,
            said.say(Said::Updated, &[("day", &said.in_order(day))])
        ),
    };
    let percent = escape_html(percent);
    format!(
        r#"<div class="mt-4 max-w-md"><p class="font-semibold text-slate-900">{}</p><progress class="mt-2 block h-3 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sky-800 [&::-moz-progress-bar]:bg-sky-800" max="100" value="{percent}" aria-label="{}">{percent}%</progress>{day}</div>"#,
        said.say(
            Said::Raised,
            &[
                ("raised", &said.in_order(raised)),
                ("goal", &said.in_order(goal)),
                ("percent", &percent)
            ]
        ),
        said.say(Said::RaisedLabel, &[("percent", &percent)]),
    )
}

/// The gatherings of `library` listed at `now` that are not built in and whose
/// campus's first page is `route`: each its name, time, place and note.
fn added_gatherings_html(
    library: &Library,
    now: DateTime<Utc>,
    route: &str,
    words: &BTreeMap<String, String>,
) -> String {
    let word = |id: &str, name: &str| {
        escape_html(
            words
                .get(&format!("{id}.{name}"))
                .map(String::as_str)
                .unwrap_or_default(),
        )
    };
    let items: String = library
        .listed(now)
        .into_iter()
        .filter(|g| crate::schedule::defaults::find(&g.id).is_none())
        .filter(|g| {
            crate::campuses::campus(&g.campus).and_then(|c| c.routes.first()) == Some(&route)
        })
        .map(|g| {
            let note = match word(&g.id, "note") {
                note if note.is_empty() => note,
                note => format!(r#"<p class="mt-1 font-semibold text-amber-800">{note}</p>"#),
            };
            format!(
                r#"<li {GATHERING_MARKER}="{id}" class="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"><h3 class="font-serif text-xl font-semibold text-sky-900">{name}</h3><p class="mt-2 text-lg font-semibold text-slate-900">{when}</p><p class="mt-1 text-slate-700">{place}</p>{note}</li>"#,
                id = escape_html(&g.id),
                name = word(&g.id, "name"),
                when = word(&g.id, "when"),
                place = word(&g.id, "where"),
            )
        })
        .collect();
    if items.is_empty() {
        return String::new();
    }
    format!(r#"<ul class="mt-6 grid gap-6 md:grid-cols-2">{items}</ul>"#)
}

/// The notices shown on the page of `route` (every page's, and its campus's), each
/// a line of text with its link, in the language of `said` (a notice's own text as the
/// volunteer wrote it). The same markup as frontend/src/components/Notices.tsx.
pub fn notices_html(notices: &[Notice], route: Option<&str>, said: &PartWords) -> String {
    notices
        .iter()
        .filter(|n| n.routes.is_empty() || route.is_some_and(|r| n.routes.iter().any(|x| x == r)))
        .map(|n| {
            let link = if n.link.is_empty() {
                String::new()
            } else {
                // A page of the site is linked in the page's language.
                let href = if n.link.starts_with('/') && !n.link.starts_with("//") {
                    said.path(&n.link)
                } else {
                    n.link.clone()
                };
                format!(
                    r#" <a href="{}" class="font-semibold underline underline-offset-2">{}</a>"#,
                    escape_html(&href),
                    said.say(Said::More, &[])
                )
            };
            format!(
                r#"<p class="mx-auto max-w-6xl px-4 py-2 font-medium sm:px-6"><span{}>{}</span>{link}</p>"#,
                said.text_lang(shows_in_english(&n.in_english, "text")),
                escape_html(&n.text)
            )
        })
        .collect()
}

/// The privacy policy's word on how long what visitors send is kept (nothing
/// while every form is kept).
fn retention_html(retention: &[(String, String)], said: &PartWords) -> String {
    if retention.is_empty() {
        return String::new();
    }
    let mut out = format!(
        r#"<section><h2 class="font-serif text-2xl font-semibold">{}</h2><ul class="mt-2 list-disc space-y-1 ps-5 text-lg text-slate-700">"#,
        said.say(Said::KeptHeading, &[])
    );
    // The form's name and the period are the staff's (`serve --keep`), in English.
    for (form, period) in retention {
        out.push_str(&format!(
            "<li>{}</li>",
            said.say(
                Said::Kept,
                &[
                    ("form", &said.english_in(&crate::forms::title(form))),
                    ("period", &said.english_in(period))
                ]
            )
        ));
    }
    out.push_str("</ul></section>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_building_s_figures_read_as_written_in_urdu() {
        let words = BTreeMap::from([
            ("figure.building-raised".to_string(), "$12,500".to_string()),
            ("figure.building-goal".to_string(), "$35,000".to_string()),
            ("figure.building-percent".to_string(), "35".to_string()),
        ]);
        let urdu = building_progress_html(&words, crate::language::find("ur").unwrap().parts);
        assert!(
            urdu.contains(r#"<bdi dir="ltr">$12,500</bdi>"#)
                && urdu.contains(r#"<bdi dir="ltr">$35,000</bdi>"#),
            "{urdu}"
        );
        assert!(urdu.contains("(35 فیصد)"), "{urdu}");
        let english = building_progress_html(&words, PartWords::english());
        assert!(
            english.contains("$12,500 raised of the $35,000 goal (35%)"),
            "{english}"
        );
    }
}
