//! The parts of pages the server writes from the content files, the same with and
//! without JavaScript (the page keeps the server's HTML): the /media list of sermons
//! and the people of /leadership and /worship-team. Each part is the inner HTML of
//! the element marked `data-server-part="<name>"`; everything from a file is escaped
//! text. The classes are Tailwind's (styles.css scans these files).
use chrono::{DateTime, Utc};

use super::{Library, PeoplePage};
use crate::text::escape_html;

/// A part of a page the server writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    SermonList,
    Leadership,
    WorshipTeam,
    /// How long the forms are kept (`serve --keep`), on the privacy policy page.
    Retention,
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
    pub const ALL: [Part; 4] = [
        Part::SermonList,
        Part::Leadership,
        Part::WorshipTeam,
        Part::Retention,
    ];

    /// The value of its element's `data-server-part` (also the element's id).
    pub fn name(self) -> &'static str {
        match self {
            Part::SermonList => "sermon-list",
            Part::Leadership => "people-leadership",
            Part::WorshipTeam => "people-worship-team",
            Part::Retention => "retention",
        }
    }

    /// The route whose page holds it.
    #[cfg(test)]
    pub fn path(self) -> &'static str {
        match self {
            Part::SermonList => "/media",
            Part::Leadership => "/leadership",
            Part::WorshipTeam => "/worship-team",
            Part::Retention => "/privacy-policy",
        }
    }

    /// Its inner HTML from `library` at `now`, and how long each form is kept
    /// (form name, period in words; empty when everything is kept).
    pub fn html(
        self,
        library: &Library,
        now: DateTime<Utc>,
        retention: &[(String, String)],
    ) -> String {
        match self {
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
            .map(|p| ServerPart {
                name: p.name(),
                path: p.path(),
            })
            .collect()
    }

    /// Each part's name and its HTML on a site without content files (for prerendering).
    #[cfg(test)]
    pub fn defaults() -> std::collections::BTreeMap<&'static str, String> {
        let library = Library::builtin();
        Part::ALL
            .iter()
            .map(|p| (p.name(), p.html(&library, library.settled(), &[])))
            .collect()
    }
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
