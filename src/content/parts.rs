//! The parts of pages the server writes from the content files, the same with and
//! without JavaScript (the page keeps the server's HTML): the /media list of sermons
//! and the people of /leadership and /worship-team. Each part is the inner HTML of
//! the element marked `data-server-part="<name>"`; everything from a file is escaped
//! text. The classes are Tailwind's (styles.css scans these files).
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::{Library, Notice, PeoplePage};
use crate::text::escape_html;

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
    pub const ALL: [Part; 5] = [
        Part::SermonList,
        Part::Leadership,
        Part::WorshipTeam,
        Part::Retention,
        Part::BuildingProgress,
    ];

    /// The value of its element's `data-server-part` (also the element's id).
    pub fn name(self) -> &'static str {
        match self {
            Part::SermonList => "sermon-list",
            Part::Leadership => "people-leadership",
            Part::WorshipTeam => "people-worship-team",
            Part::Retention => "retention",
            Part::BuildingProgress => "building-progress",
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
        }
    }

    /// Its inner HTML from `library` at `now`, and how long each form is kept
    /// (form name, period in words; empty when everything is kept).
    pub fn html(
        self,
        library: &Library,
        now: DateTime<Utc>,
        retention: &[(String, String)],
        words: &BTreeMap<String, String>,
    ) -> String {
        match self {
            Part::BuildingProgress => building_progress_html(words),
            Part::SermonList => super::sermon_list::html(&library.preached(now)),
            Part::Leadership => super::people_list::html(library, PeoplePage::Leadership),
            Part::WorshipTeam => super::people_list::html(library, PeoplePage::WorshipTeam),
            Part::Retention => retention_html(retention),
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
            .map(|p| (p.name(), p.html(&library, library.settled(), &[], &words)))
            .collect()
    }
}

/// The amount raised for the building against its goal, with a bar and the day it
/// was counted; nothing until an amount is set.
fn building_progress_html(words: &BTreeMap<String, String>) -> String {
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
            r#"<p class="mt-1 text-sm text-slate-600">Updated {}</p>"#,
            escape_html(day)
        ),
    };
    format!(
        r#"<div class="mt-4 max-w-md"><p class="font-semibold text-slate-900">{raised} raised of the {goal} goal ({percent}%)</p><progress class="mt-2 block h-3 w-full accent-sky-700" max="100" value="{percent}" aria-label="Raised so far: {percent}% of the goal">{percent}%</progress>{day}</div>"#,
        raised = escape_html(raised),
        goal = escape_html(goal),
        percent = escape_html(percent),
    )
}

/// The notices shown on the page of `route` (every page's, and its campus's), each
/// a line of text with its link. The same markup as frontend/src/components/Notices.tsx.
pub fn notices_html(notices: &[Notice], route: Option<&str>) -> String {
    notices
        .iter()
        .filter(|n| n.routes.is_empty() || route.is_some_and(|r| n.routes.iter().any(|x| x == r)))
        .map(|n| {
            let link = if n.link.is_empty() {
                String::new()
            } else {
                format!(
                    r#" <a href="{}" class="font-semibold underline underline-offset-2">More</a>"#,
                    escape_html(&n.link)
                )
            };
            format!(
                r#"<p class="mx-auto max-w-6xl px-4 py-2 font-medium sm:px-6"><span>{}</span>{link}</p>"#,
                escape_html(&n.text)
            )
        })
        .collect()
}

/// The privacy policy's word on how long what visitors send is kept (nothing
/// while every form is kept).
fn retention_html(retention: &[(String, String)]) -> String {
    if retention.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        r#"<section><h2 class="font-serif text-2xl font-semibold">How long we keep what you send</h2><ul class="mt-2 list-disc space-y-1 pl-5 text-lg text-slate-700">"#,
    );
    for (form, period) in retention {
        out.push_str(&format!(
            "<li>{}: erased {} after it is sent.</li>",
            escape_html(&crate::forms::title(form)),
            escape_html(period)
        ));
    }
    out.push_str("</ul></section>");
    out
}
