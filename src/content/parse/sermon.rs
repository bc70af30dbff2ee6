//! A sermon file: its fields (title, day, speaker, passage, video, notes) and its words
//! in another language (`[ur]` and `[[ur.notes]]`, the description below `+++ ur`).
use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use super::file::File;
use super::markdown::blocks;
use crate::content::model::{Note, Problem, Sermon};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSermon {
    title: Spanned<String>,
    date: Spanned<Datetime>,
    speaker: Option<Spanned<String>>,
    passage: Option<Spanned<String>>,
    video: Option<Spanned<String>>,
    reflection: Option<Spanned<String>>,
    #[serde(default)]
    notes: Vec<RawNote>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNote {
    heading: Spanned<String>,
    text: Option<Spanned<String>>,
    scripture: Option<Spanned<String>>,
}

/// A sermon's fields in another language (`[ur]`), each optional: what is not
/// given shows in English. Its notes, when given, stand for all of them.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct SermonWords {
    title: Option<Spanned<String>>,
    speaker: Option<Spanned<String>>,
    passage: Option<Spanned<String>>,
    reflection: Option<Spanned<String>>,
    #[serde(default)]
    notes: Vec<RawNote>,
}

impl File<'_> {
    pub(super) fn sermon(&self, raw: RawSermon) -> Result<Sermon, Problem> {
        let video = match &raw.video {
            Some(v) if !v.get_ref().trim().is_empty() => crate::text::youtube_id(v.get_ref().trim())
                .ok_or_else(|| {
                    self.problem(
                        v.span().start,
                        "video must be a YouTube link (https://www.youtube.com/watch?v=…, https://youtu.be/…) or the video's 11-character id, or \"\" until it is uploaded".into(),
                    )
                })?,
            _ => String::new(),
        };
        let notes = self.notes(&raw.notes)?;
        Ok(Sermon {
            title: self.line("title", Some(&raw.title), 150, true)?,
            date: self.date("date", &raw.date)?.format("%Y-%m-%d").to_string(),
            speaker: self.line("speaker", raw.speaker.as_ref(), 100, false)?,
            passage: self.line("passage", raw.passage.as_ref(), 100, false)?,
            video,
            description: blocks(self.body),
            notes,
            reflection: self.prose("reflection", raw.reflection.as_ref(), 2000)?,
            in_english: Vec::new(),
        })
    }

    pub(super) fn notes(&self, raw: &[RawNote]) -> Result<Vec<Note>, Problem> {
        raw.iter()
            .map(|n| {
                Ok(Note {
                    heading: self.line("heading", Some(&n.heading), 150, true)?,
                    text: self.prose("text", n.text.as_ref(), 2000)?,
                    scripture: self.line("scripture", n.scripture.as_ref(), 100, false)?,
                })
            })
            .collect()
    }

    pub(super) fn sermon_in(
        &self,
        english: &Sermon,
        words: SermonWords,
    ) -> Result<Sermon, Problem> {
        let mut sermon = english.clone();
        self.put_line(&mut sermon.title, "title", words.title.as_ref(), 150)?;
        self.put_line(&mut sermon.speaker, "speaker", words.speaker.as_ref(), 100)?;
        self.put_line(&mut sermon.passage, "passage", words.passage.as_ref(), 100)?;
        if words.reflection.is_some() {
            sermon.reflection = self.prose("reflection", words.reflection.as_ref(), 2000)?;
        }
        if !words.notes.is_empty() {
            sermon.notes = self.notes(&words.notes)?;
        }
        self.put_blocks(&mut sermon.description);
        Ok(sermon)
    }
}
