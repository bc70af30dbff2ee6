//! A notice file: until when, in which zone, for which campus, its link, its one
//! paragraph of words, and those words in another language (below `+++ ur`).
use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use super::file::{File, campus_named, stamp};
use super::markdown::blocks;
use crate::campuses::campus;
use crate::content::model::{Notice, Problem};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNotice {
    until: Spanned<Datetime>,
    zone: Option<Spanned<String>>,
    campus: Option<Spanned<String>>,
    link: Option<Spanned<String>>,
}

/// The most a notice may say: one or two lines at the top of a page.
pub(super) const MAX_NOTICE_CHARS: usize = 300;

/// A notice has no fields to translate: its words are the text below `+++ ur`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct NoticeWords {}

impl File<'_> {
    pub(super) fn notice_in(&self, english: &Notice, _: NoticeWords) -> Result<Notice, Problem> {
        let mut notice = english.clone();
        if !self.body.trim().is_empty() {
            notice.text = self.notice_text()?;
        }
        Ok(notice)
    }

    /// A notice's words: the text below the fields, one paragraph.
    pub(super) fn notice_text(&self) -> Result<String, Problem> {
        let text = blocks(self.body)
            .iter()
            .flat_map(|b| b.items.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ");
        if text.is_empty() {
            return Err(Problem::new(
                self.source.to_string(),
                self.body_line,
                "the notice's words go below the +++ line: write them there".into(),
            ));
        }
        if text.chars().count() > MAX_NOTICE_CHARS {
            return Err(Problem::new(
                self.source.to_string(),
                self.body_line,
                format!(
                    "a notice may say at most {MAX_NOTICE_CHARS} characters: shorten it, and link to more"
                ),
            ));
        }
        Ok(text)
    }

    pub(super) fn notice(&self, raw: RawNotice) -> Result<Notice, Problem> {
        let zone = self.zone(raw.zone.as_ref())?;
        let until = self.local_time("until", &raw.until)?;
        let text = self.notice_text()?;
        let (campus, routes) = match &raw.campus {
            Some(c) if !c.get_ref().trim().is_empty() => {
                let id = campus_named(c.get_ref()).map_err(|m| self.problem(c.span().start, m))?;
                let routes = campus(&id)
                    .map(|c| c.routes.iter().map(|r| r.to_string()).collect())
                    .unwrap_or_default();
                (id, routes)
            }
            _ => (String::new(), Vec::new()),
        };
        let link = match &raw.link {
            Some(l) if !l.get_ref().trim().is_empty() => {
                crate::text::https_link(l.get_ref().trim())
                    .map_err(|why| self.problem(l.span().start, format!("link: {why}")))?
            }
            _ => String::new(),
        };
        Ok(Notice {
            text,
            until: stamp(zone, until),
            link,
            campus,
            routes,
            in_english: Vec::new(),
        })
    }
}
