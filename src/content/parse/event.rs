//! An event file: its fields (title, tag, start, end, zone, place, link) and its
//! words in another language (`[ur]`, the text below `+++ ur`).
use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use super::file::{File, abbreviation, stamp, zone_name};
use super::markdown::blocks;
use crate::content::model::{Event, Problem};

/// An event's fields in another language (`[ur]`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct EventWords {
    title: Option<Spanned<String>>,
    tag: Option<Spanned<String>>,
    place: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEvent {
    title: Spanned<String>,
    tag: Option<Spanned<String>>,
    start: Spanned<Datetime>,
    end: Spanned<Datetime>,
    zone: Option<Spanned<String>>,
    place: Spanned<String>,
    link: Option<Spanned<String>>,
}

impl File<'_> {
    pub(super) fn event_in(&self, english: &Event, words: EventWords) -> Result<Event, Problem> {
        let mut event = english.clone();
        self.put_line(&mut event.title, "title", words.title.as_ref(), 150)?;
        self.put_line(&mut event.tag, "tag", words.tag.as_ref(), 40)?;
        self.put_line(&mut event.place, "place", words.place.as_ref(), 150)?;
        self.put_blocks(&mut event.text);
        Ok(event)
    }

    pub(super) fn event(&self, raw: RawEvent) -> Result<Event, Problem> {
        let zone = self.zone(raw.zone.as_ref())?;
        let start = self.local_time("start", &raw.start)?;
        let end = self.local_time("end", &raw.end)?;
        if end <= start {
            return Err(self.problem(raw.end.span().start, "end must be after start".into()));
        }
        let link = match &raw.link {
            Some(l) if !l.get_ref().trim().is_empty() => {
                crate::text::https_link(l.get_ref().trim())
                    .map_err(|why| self.problem(l.span().start, format!("link: {why}")))?
            }
            _ => String::new(),
        };
        Ok(Event {
            title: self.line("title", Some(&raw.title), 150, true)?,
            tag: match &raw.tag {
                Some(_) => self.line("tag", raw.tag.as_ref(), 40, false)?,
                // The pages' own words for it, in each language (What's New).
                None => String::new(),
            },
            zone: zone.name().to_string(),
            starts_at: stamp(zone, start),
            abbreviation: abbreviation(zone, start),
            zone_name: zone_name(zone, start),
            ends_at: stamp(zone, end),
            place: self.line("place", Some(&raw.place), 150, true)?,
            text: blocks(self.body),
            link,
            in_english: Vec::new(),
        })
    }
}
