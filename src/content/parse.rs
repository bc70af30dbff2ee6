//! One content file read and checked: the `+++` block of TOML fields, then the long
//! text in Markdown, kept as plain paragraphs and lists (raw HTML stays text, link
//! targets are dropped: what a visitor sees is inert). Every problem names the
//! file, the line, the field and what to write instead.
use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, SecondsFormat};
use chrono_tz::Tz;
use pulldown_cmark::{Event as Md, Parser, Tag, TagEnd};
use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use super::model::{
    Block, Event, GROUPS, Group, HOME_ZONE, Kind, Launch, Note, Notice, Person, Problem, Sermon,
};
use crate::schedule::{CAMPUSES, Gathering, MOVE_REACH, Move, Place, Repeat, Skip, campus};
use crate::text::{free_text, one_line};

/// One file's item, with its versions in the site's other languages (by code).
pub enum Parsed {
    Sermon(Sermon, BTreeMap<String, Sermon>),
    Event(Event, BTreeMap<String, Event>),
    Person(Person, BTreeMap<String, Person>),
    Gathering(Gathering, BTreeMap<String, Gathering>),
    Notice(Notice, BTreeMap<String, Notice>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGathering {
    name: Spanned<String>,
    campus: Spanned<String>,
    repeats: Spanned<String>,
    start: Spanned<Datetime>,
    minutes: Spanned<i64>,
    zone: Spanned<String>,
    #[serde(rename = "where")]
    place: Spanned<String>,
    soon: Option<Spanned<bool>>,
    first: Option<Spanned<Datetime>>,
    last: Option<Spanned<Datetime>>,
    #[serde(default)]
    skip: Vec<RawSkip>,
    #[serde(default, rename = "move")]
    moves: Vec<RawMove>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSkip {
    date: Spanned<Datetime>,
    reason: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    date: Spanned<Datetime>,
    to: Spanned<Datetime>,
    #[serde(rename = "where")]
    place: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNotice {
    until: Spanned<Datetime>,
    zone: Option<Spanned<String>>,
    campus: Option<Spanned<String>>,
    link: Option<Spanned<String>>,
}

/// The most a notice may say: one or two lines at the top of a page.
const MAX_NOTICE_CHARS: usize = 300;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSermon {
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
struct RawNote {
    heading: Spanned<String>,
    text: Option<Spanned<String>>,
    scripture: Option<Spanned<String>>,
}

/// A sermon's fields in another language (`[ur]`), each optional: what is not
/// given shows in English. Its notes, when given, stand for all of them.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SermonWords {
    title: Option<Spanned<String>>,
    speaker: Option<Spanned<String>>,
    passage: Option<Spanned<String>>,
    reflection: Option<Spanned<String>>,
    #[serde(default)]
    notes: Vec<RawNote>,
}

/// An event's fields in another language (`[ur]`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct EventWords {
    title: Option<Spanned<String>>,
    tag: Option<Spanned<String>>,
    place: Option<Spanned<String>>,
}

/// A person's fields in another language (`[ur]`): their name as written in it, their role.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PersonWords {
    name: Option<Spanned<String>>,
    role: Option<Spanned<String>>,
}

/// A gathering's words in another language (`[[ur.skip]]`, `[[ur.move]]`): why a
/// date is skipped or moved, said in that language. The site says the rest itself.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GatheringWords {
    #[serde(default)]
    skip: Vec<ReasonWords>,
    #[serde(default, rename = "move")]
    moves: Vec<ReasonWords>,
}

/// The date a skip or a move is for, and its reason in the table's language.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReasonWords {
    date: Spanned<Datetime>,
    reason: Spanned<String>,
}

/// A notice has no fields to translate: its words are the text below `+++ ur`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NoticeWords {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    title: Spanned<String>,
    tag: Option<Spanned<String>>,
    start: Spanned<Datetime>,
    end: Spanned<Datetime>,
    zone: Option<Spanned<String>>,
    place: Spanned<String>,
    link: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPerson {
    name: Spanned<String>,
    role: Spanned<String>,
    group: Spanned<String>,
    order: Option<Spanned<i64>>,
}

/// The most a person's bio may say: a few sentences on a card.
const MAX_BIO_CHARS: usize = 600;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLaunch {
    start: Spanned<Datetime>,
    zone: Option<Spanned<String>>,
    place: Spanned<String>,
}

/// Reads the launch file's text (`content/launch.md`).
pub fn parse_launch(source: &str, text: &str) -> Result<Launch, Problem> {
    let file = File::split(source, text)?;
    file.only_english("the launch")?;
    let raw: RawLaunch = file.fields()?;
    let zone = file.zone(raw.zone.as_ref())?;
    let start = file.local_time("start", &raw.start)?;
    let day_after = start
        .date()
        .succ_opt()
        .unwrap_or(start.date())
        .and_hms_opt(0, 0, 0)
        .unwrap_or(start);
    Ok(Launch {
        zone: zone.name().to_string(),
        starts_at: stamp(zone, start),
        abbreviation: abbreviation(zone, start),
        zone_name: zone_name(zone, start),
        over_at: stamp(zone, day_after),
        place: file.line("place", Some(&raw.place), 150, true)?,
        intro: blocks(file.body),
        in_english: Vec::new(),
    })
}

/// A TOML date as a calendar day (None for one that does not exist, e.g. 2026-02-30).
fn day(d: toml::value::Date) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(d.year.into(), d.month.into(), d.day.into())
}

/// A local time in `zone` as an instant with its offset (ISO 8601).
fn stamp(zone: Tz, local: NaiveDateTime) -> String {
    crate::schedule::resolve_local(zone, local)
        .with_timezone(&zone)
        .to_rfc3339_opts(SecondsFormat::Secs, false)
}

/// The zone's abbreviation at a local time: "EST", "CEST", "PKT".
fn abbreviation(zone: Tz, local: NaiveDateTime) -> String {
    crate::schedule::zones::reading(zone, crate::schedule::resolve_local(zone, local)).1
}

/// What the pages name the zone by at a local time (`schedule::zones::zone_name`).
fn zone_name(zone: Tz, local: NaiveDateTime) -> String {
    crate::schedule::zones::zone_name(zone, crate::schedule::resolve_local(zone, local))
}

/// Reads one file's text. `source` names it in problems.
pub fn parse(kind: Kind, source: &str, text: &str) -> Result<Parsed, Problem> {
    let file = File::split(source, text)?;
    match kind {
        Kind::Sermon => {
            let sermon = file.sermon(file.fields()?)?;
            let languages = file.each_language(&sermon, File::sermon_in)?;
            Ok(Parsed::Sermon(sermon, languages))
        }
        Kind::Event => {
            let event = file.event(file.fields()?)?;
            let languages = file.each_language(&event, File::event_in)?;
            Ok(Parsed::Event(event, languages))
        }
        Kind::Person => {
            let person = file.person(file.fields()?)?;
            let languages = file.each_language(&person, File::person_in)?;
            Ok(Parsed::Person(person, languages))
        }
        Kind::Gathering => {
            let gathering = file.gathering(file.fields()?)?;
            let languages = file.each_language(&gathering, File::gathering_in)?;
            Ok(Parsed::Gathering(gathering, languages))
        }
        Kind::Notice => {
            let notice = file.notice(file.fields()?)?;
            let languages = file.each_language(&notice, File::notice_in)?;
            Ok(Parsed::Notice(notice, languages))
        }
    }
}

/// A gathering file's text as `content check` reads it (the staff commands check
/// what they are about to write with it).
pub fn gathering(source: &str, text: &str) -> Result<Gathering, Problem> {
    match parse(Kind::Gathering, source, text)? {
        Parsed::Gathering(gathering, _) => Ok(gathering),
        _ => unreachable!("a gathering's file reads as a gathering"),
    }
}

/// A notice file's text as `content check` reads it (its words in the other
/// languages checked too).
pub fn notice(source: &str, text: &str) -> Result<Notice, Problem> {
    let file = File::split(source, text)?;
    let notice = file.notice(file.fields()?)?;
    file.each_language(&notice, File::notice_in)?;
    Ok(notice)
}

/// The campus a file names, by id; a problem listing them otherwise.
fn campus_named(text: &str) -> Result<String, String> {
    let wanted = super::template::slug(text);
    campus(&wanted).map(|c| c.id.to_string()).ok_or_else(|| {
        format!(
            "campus \"{}\" is not one of the site's: write one of {}",
            text.chars().take(60).collect::<String>(),
            CAMPUSES
                .iter()
                .map(|c| format!("\"{}\"", c.id))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// The group a person file names, by its name or its heading (any case).
fn group_named(text: &str) -> Option<&'static Group> {
    let wanted = super::template::slug(text);
    GROUPS
        .iter()
        .find(|g| g.name == wanted || super::template::slug(g.heading) == wanted)
}

struct File<'a> {
    source: &'a str,
    /// The fields, each other language's table (`[ur]`) blanked out (lines kept, so
    /// a problem's line is the file's).
    fields: String,
    /// The line the fields start on.
    fields_line: usize,
    /// The long text in English: below the fields, up to a line `+++ <language>`.
    body: &'a str,
    /// The line `body` starts on.
    body_line: usize,
    /// The file's words in another language: its table of fields (`[ur]`, the other
    /// lines blanked) and the text below its line `+++ ur`, read as a file of their own.
    languages: Vec<(String, File<'a>)>,
}

const FENCE: &str = "+++";
const SEE_TEMPLATE: &str = "`thewell content new` writes a filled-in example";

/// The language a table header of the fields belongs to (`[ur]`, `[[ur.notes]]`:
/// "ur"), when it is one of the site's other languages.
fn header_language(line: &str) -> Option<&'static str> {
    let name = line.trim().strip_prefix('[')?.trim_start_matches('[');
    let first = name.split(['.', ']']).next()?.trim().trim_matches('"');
    crate::bundle::languages()
        .iter()
        .find(|code| code.as_str() == first)
        .map(String::as_str)
}

/// The site's other languages, for a problem's message: "ur".
fn other_languages() -> String {
    let codes = crate::bundle::languages();
    if codes.is_empty() {
        return "none".into();
    }
    codes
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `fields` split into the English (other languages' lines blank) and each other
/// language's table (all other lines blank), every line where it was.
fn split_fields(fields: &str) -> (String, Vec<(&'static str, String)>) {
    let mut english = String::with_capacity(fields.len());
    let mut languages: Vec<(&'static str, String)> = Vec::new();
    let mut current: Option<&'static str> = None;
    for line in fields.split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            current = header_language(line);
        }
        let newline = if line.ends_with('\n') { "\n" } else { "" };
        for (code, text) in languages.iter_mut() {
            text.push_str(if current == Some(*code) {
                line
            } else {
                newline
            });
        }
        match current {
            Some(code) if !languages.iter().any(|(c, _)| *c == code) => {
                // A language's first line: the lines before it are blank in its text.
                let blank = "\n".repeat(english.matches('\n').count());
                languages.push((code, format!("{blank}{line}")));
                english.push_str(newline);
            }
            Some(_) => english.push_str(newline),
            None => english.push_str(line),
        }
    }
    (english, languages)
}

impl<'a> File<'a> {
    fn split(source: &'a str, text: &'a str) -> Result<File<'a>, Problem> {
        let text = text.trim_start_matches('\u{feff}');
        let problem = |line, message: String| Problem::new(source.to_string(), line, message);
        let mut lines = text.split_inclusive('\n');
        if lines.next().map(str::trim) != Some(FENCE) {
            return Err(problem(
                1,
                format!(
                    "the first line must be {FENCE}, opening the block of fields ({SEE_TEMPLATE})"
                ),
            ));
        }
        let start = text.find('\n').map_or(text.len(), |i| i + 1);
        let mut at = start;
        for line in lines {
            if line.trim() == FENCE {
                let fields = &text[start..at];
                let body_line = 2 + fields.matches('\n').count() + 1;
                let (english, tables) = split_fields(fields);
                let mut file = File {
                    source,
                    fields: english,
                    fields_line: 2,
                    body: &text[at + line.len()..],
                    body_line,
                    languages: Vec::new(),
                };
                file.split_body(tables)?;
                return Ok(file);
            }
            at += line.len();
        }
        Err(problem(
            1,
            format!(
                "the block of fields opened on line 1 is never closed: add a line {FENCE} after the last field"
            ),
        ))
    }

    /// Cuts the long text at each line `+++ <language>`, and makes each language's
    /// file of its table of fields and its text.
    fn split_body(&mut self, tables: Vec<(&'static str, String)>) -> Result<(), Problem> {
        // Each line `+++ <language>`: its language, where it starts and ends, its line.
        let mut fences: Vec<(&'static str, usize, usize, usize)> = Vec::new();
        let (mut at, mut line_no) = (0, self.body_line);
        for line in self.body.split_inclusive('\n') {
            // (a language's code: two or three small letters; any other line is text)
            let fence = line
                .trim()
                .strip_prefix(FENCE)
                .map(str::trim)
                .filter(|code| {
                    (2..=3).contains(&code.len()) && code.chars().all(|c| c.is_ascii_lowercase())
                });
            if let Some(code) = fence {
                let problem = |message| Problem::new(self.source.to_string(), line_no, message);
                let known = crate::bundle::languages()
                    .iter()
                    .find(|c| c.as_str() == code);
                let Some(known) = known else {
                    return Err(problem(format!(
                        "a line \"{FENCE} {code}\" starts the text in another language, and this site's other languages are {}: write one of them",
                        other_languages()
                    )));
                };
                if fences.iter().any(|f| f.0 == known.as_str()) {
                    return Err(problem(format!(
                        "the text in \"{code}\" starts twice: keep one line \"{FENCE} {code}\""
                    )));
                }
                fences.push((known.as_str(), at, at + line.len(), line_no + 1));
            }
            at += line.len();
            line_no += 1;
        }
        let mut codes: Vec<&'static str> = tables.iter().map(|(c, _)| *c).collect();
        for (code, ..) in &fences {
            if !codes.contains(code) {
                codes.push(code);
            }
        }
        for code in codes {
            let fields = tables
                .iter()
                .find(|(c, _)| *c == code)
                .map(|(_, text)| text.clone())
                .unwrap_or_default();
            let (body, body_line) = match fences.iter().position(|f| f.0 == code) {
                Some(i) => {
                    let end = fences.get(i + 1).map_or(self.body.len(), |next| next.1);
                    (&self.body[fences[i].2..end], fences[i].3)
                }
                None => ("", self.body_line),
            };
            let file = File {
                source: self.source,
                fields,
                fields_line: self.fields_line,
                body,
                body_line,
                languages: Vec::new(),
            };
            self.languages.push((code.to_string(), file));
        }
        if let Some(first) = fences.first() {
            self.body = &self.body[..first.1];
        }
        Ok(())
    }

    /// Refuses words in another language in a file whose item the site does not show
    /// in other languages (a gathering, whose words the site says itself; the launch).
    fn only_english(&self, what: &str) -> Result<(), Problem> {
        let Some((code, file)) = self.languages.first() else {
            return Ok(());
        };
        let line = match file.fields.lines().position(|l| !l.trim().is_empty()) {
            Some(i) => file.fields_line + i,
            None => file.body_line - 1,
        };
        Err(Problem::new(
            self.source.to_string(),
            line,
            format!(
                "{what} has no words of its own in \"{code}\" (the site says it in each language itself): remove the [{code}] table and the text below \"{FENCE} {code}\""
            ),
        ))
    }

    /// Each other language's version of `english`, made by `translate` from the
    /// language's table of fields (`W`, its fields all optional) and its text.
    fn each_language<W, T>(
        &self,
        english: &T,
        translate: impl Fn(&File<'a>, &T, W) -> Result<T, Problem>,
    ) -> Result<BTreeMap<String, T>, Problem>
    where
        W: serde::de::DeserializeOwned + Default,
    {
        self.languages
            .iter()
            .map(|(code, file)| {
                let mut tables: BTreeMap<String, W> = file.fields()?;
                let words = tables.remove(code).unwrap_or_default();
                Ok((code.clone(), translate(file, english, words)?))
            })
            .collect()
    }

    fn line_at(&self, offset: usize) -> usize {
        self.fields_line
            + self.fields[..offset.min(self.fields.len())]
                .matches('\n')
                .count()
    }

    fn problem(&self, offset: usize, message: String) -> Problem {
        Problem::new(self.source.to_string(), self.line_at(offset), message)
    }

    fn fields<T: serde::de::DeserializeOwned>(&self) -> Result<T, Problem> {
        toml::from_str(&self.fields).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            let message = e.message().trim().replace('\n', " ").replace(
                "expected a TOML datetime",
                "expected a day (and time) without quotes, e.g. 2026-12-05 or 2026-12-05T10:00:00",
            );
            self.problem(at, format!("{message} ({SEE_TEMPLATE})"))
        })
    }

    /// A one-line text field of at most `max` characters (empty allowed unless `required`).
    fn line(
        &self,
        name: &str,
        value: Option<&Spanned<String>>,
        max: usize,
        required: bool,
    ) -> Result<String, Problem> {
        let Some(value) = value else {
            return Ok(String::new());
        };
        let text = value.get_ref().trim();
        let at = value.span().start;
        if required && text.is_empty() {
            return Err(self.problem(at, format!("{name} is empty: write it between the quotes")));
        }
        if text.chars().count() > max {
            return Err(self.problem(
                at,
                format!("{name} is longer than {max} characters: shorten it"),
            ));
        }
        one_line(text).ok_or_else(|| {
            self.problem(
                at,
                format!("{name} must be one line, without control characters"),
            )
        })
    }

    /// A longer text field: newlines become spaces, at most `max` characters.
    fn prose(
        &self,
        name: &str,
        value: Option<&Spanned<String>>,
        max: usize,
    ) -> Result<String, Problem> {
        let Some(value) = value else {
            return Ok(String::new());
        };
        let text = free_text(value.get_ref())
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if text.chars().count() > max {
            return Err(self.problem(
                value.span().start,
                format!("{name} is longer than {max} characters: shorten it"),
            ));
        }
        Ok(text)
    }

    fn date(&self, name: &str, value: &Spanned<Datetime>) -> Result<NaiveDate, Problem> {
        let v = value.get_ref();
        let wrong = || {
            self.problem(
                value.span().start,
                format!("{name} must be a day without quotes, e.g. {name} = 2026-11-29"),
            )
        };
        match (v.date, v.time, v.offset) {
            (Some(d), None, None) => day(d).ok_or_else(wrong),
            _ => Err(wrong()),
        }
    }

    fn local_time(&self, name: &str, value: &Spanned<Datetime>) -> Result<NaiveDateTime, Problem> {
        let v = value.get_ref();
        let wrong = || {
            self.problem(
                value.span().start,
                format!("{name} must be a local day and time without quotes or offset, e.g. {name} = 2026-12-05T10:00:00 (the zone goes in zone = \"…\")"),
            )
        };
        match (v.date, v.time, v.offset) {
            (Some(d), Some(t), None) => {
                let time = NaiveTime::from_hms_opt(t.hour.into(), t.minute.into(), t.second.into());
                day(d)
                    .zip(time)
                    .map(|(d, t)| d.and_time(t))
                    .ok_or_else(wrong)
            }
            _ => Err(wrong()),
        }
    }

    /// The zone field, the church's home zone when absent.
    fn zone(&self, value: Option<&Spanned<String>>) -> Result<Tz, Problem> {
        match value {
            Some(z) => z.get_ref().trim().parse().map_err(|_| {
                self.problem(
                    z.span().start,
                    format!("zone \"{}\" is not a time zone: write an IANA name such as America/New_York, Europe/Berlin or Asia/Karachi", z.get_ref().chars().take(60).collect::<String>()),
                )
            }),
            None => Ok(HOME_ZONE),
        }
    }

    fn sermon(&self, raw: RawSermon) -> Result<Sermon, Problem> {
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

    fn notes(&self, raw: &[RawNote]) -> Result<Vec<Note>, Problem> {
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

    /// Puts a one-line field of another language into `into`, when the file gives it.
    fn put_line(
        &self,
        into: &mut String,
        name: &str,
        value: Option<&Spanned<String>>,
        max: usize,
    ) -> Result<(), Problem> {
        if value.is_some() {
            *into = self.line(name, value, max, true)?;
        }
        Ok(())
    }

    /// The long text in another language, when there is some (else the English stays).
    fn put_blocks(&self, into: &mut Vec<Block>) {
        let blocks = blocks(self.body);
        if !blocks.is_empty() {
            *into = blocks;
        }
    }

    fn sermon_in(&self, english: &Sermon, words: SermonWords) -> Result<Sermon, Problem> {
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

    fn event_in(&self, english: &Event, words: EventWords) -> Result<Event, Problem> {
        let mut event = english.clone();
        self.put_line(&mut event.title, "title", words.title.as_ref(), 150)?;
        self.put_line(&mut event.tag, "tag", words.tag.as_ref(), 40)?;
        self.put_line(&mut event.place, "place", words.place.as_ref(), 150)?;
        self.put_blocks(&mut event.text);
        Ok(event)
    }

    fn person_in(&self, english: &Person, words: PersonWords) -> Result<Person, Problem> {
        let mut person = english.clone();
        self.put_line(&mut person.name, "name", words.name.as_ref(), 80)?;
        self.put_line(&mut person.role, "role", words.role.as_ref(), 80)?;
        let bio = self.bio()?;
        if !bio.is_empty() {
            person.bio = bio;
        }
        Ok(person)
    }

    /// A gathering with its skips' and moves' reasons in the table's language; a
    /// reason for a date the file neither skips nor moves is a problem.
    fn gathering_in(
        &self,
        english: &Gathering,
        words: GatheringWords,
    ) -> Result<Gathering, Problem> {
        let mut gathering = english.clone();
        for (said, what) in [(&words.skip, "skip"), (&words.moves, "move")] {
            for w in said {
                let date = self.date("date", &w.date)?;
                let reason = self.line("reason", Some(&w.reason), 100, true)?;
                let found = if what == "skip" {
                    gathering
                        .skips
                        .iter_mut()
                        .find(|s| s.date == date)
                        .map(|s| &mut s.reason)
                } else {
                    gathering
                        .moves
                        .iter_mut()
                        .find(|m| m.date == date)
                        .map(|m| &mut m.reason)
                };
                let Some(found) = found else {
                    return Err(self.problem(
                        w.date.span().start,
                        format!("this gives the reason for {date} in another language, but the file does not {what} {date}: add a [[{what}]] table for it above, or remove this one"),
                    ));
                };
                *found = reason;
            }
        }
        Ok(gathering)
    }

    fn notice_in(&self, english: &Notice, _: NoticeWords) -> Result<Notice, Problem> {
        let mut notice = english.clone();
        if !self.body.trim().is_empty() {
            notice.text = self.notice_text()?;
        }
        Ok(notice)
    }

    fn event(&self, raw: RawEvent) -> Result<Event, Problem> {
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

    /// A local time of day, e.g. `start = 19:00`.
    fn time_of_day(&self, name: &str, value: &Spanned<Datetime>) -> Result<NaiveTime, Problem> {
        let v = value.get_ref();
        let wrong = || {
            self.problem(
                value.span().start,
                format!("{name} must be a time of day without quotes, from 00:00 to 23:59, e.g. {name} = 19:00"),
            )
        };
        match (v.date, v.time, v.offset) {
            (None, Some(t), None) => {
                NaiveTime::from_hms_opt(t.hour.into(), t.minute.into(), t.second.into())
                    .ok_or_else(wrong)
            }
            _ => Err(wrong()),
        }
    }

    fn gathering(&self, raw: RawGathering) -> Result<Gathering, Problem> {
        let id = self
            .source
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".md")
            .to_string();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(Problem::new(
                self.source.to_string(),
                1,
                "a gathering's file name is its id in links and calendars: lowercase letters, digits and dashes, e.g. north-monthly.md".into(),
            ));
        }
        let repeat = Repeat::parse(raw.repeats.get_ref()).ok_or_else(|| {
            self.problem(
                raw.repeats.span().start,
                format!(
                    "repeats \"{}\" is not a rule the site knows: write \"every Wednesday\" (weekly) or \"first Saturday\" (monthly: first, second, third, fourth or last)",
                    raw.repeats.get_ref().chars().take(60).collect::<String>()
                ),
            )
        })?;
        let minutes = *raw.minutes.get_ref();
        if !(1..=24 * 60).contains(&minutes) {
            return Err(self.problem(
                raw.minutes.span().start,
                "minutes is how long it lasts: a number from 1 to 1440, e.g. minutes = 90".into(),
            ));
        }
        let zone = self.zone(Some(&raw.zone))?;
        let campus = campus_named(raw.campus.get_ref())
            .map_err(|m| self.problem(raw.campus.span().start, m))?;
        let place_text = self.line("where", Some(&raw.place), 150, true)?;
        let place = if place_text.eq_ignore_ascii_case("online") {
            Place::Online
        } else {
            Place::At(place_text)
        };
        let first = raw
            .first
            .as_ref()
            .map(|d| self.date("first", d))
            .transpose()?;
        let last = raw
            .last
            .as_ref()
            .map(|d| self.date("last", d))
            .transpose()?;
        if let (Some(f), Some(l), Some(raw_last)) = (first, last, raw.last.as_ref())
            && l < f
        {
            return Err(self.problem(
                raw_last.span().start,
                "last must not be before first".into(),
            ));
        }
        let mut gathering = Gathering {
            id,
            name: self.line("name", Some(&raw.name), 100, true)?,
            campus,
            repeat,
            start: self.time_of_day("start", &raw.start)?,
            minutes,
            zone,
            place,
            soon: raw.soon.as_ref().is_some_and(|s| *s.get_ref()),
            first,
            last,
            skips: Vec::new(),
            moves: Vec::new(),
            changed: None,
        };
        let mut taken: Vec<chrono::NaiveDate> = Vec::new();
        let mut regular = |g: &Gathering, name: &str, value: &Spanned<Datetime>| {
            let date = self.date(name, value)?;
            if !g.meets_on(date) {
                return Err(self.problem(
                    value.span().start,
                    format!(
                        "{} does not meet on {date} (a {}): it meets {}{}",
                        g.id,
                        crate::schedule::weekday_name(date.weekday()),
                        g.repeat.text(),
                        if g.soon {
                            ", and has no date yet (soon = true)"
                        } else {
                            ""
                        }
                    ),
                ));
            }
            if taken.contains(&date) {
                return Err(self.problem(
                    value.span().start,
                    format!("{date} is skipped or moved twice: keep one of them"),
                ));
            }
            taken.push(date);
            Ok(date)
        };
        for s in &raw.skip {
            let date = regular(&gathering, "date", &s.date)?;
            let reason = self.line("reason", Some(&s.reason), 100, false)?;
            gathering.skips.push(Skip { date, reason });
        }
        for m in &raw.moves {
            let date = regular(&gathering, "date", &m.date)?;
            let to = self.local_time("to", &m.to)?;
            if (to.date() - date).num_days().unsigned_abs() > MOVE_REACH {
                return Err(self.problem(
                    m.to.span().start,
                    format!("a date may move at most {MOVE_REACH} days: for a longer change, skip it and add an event"),
                ));
            }
            let place = match &m.place {
                Some(_) => Some(self.line("where", m.place.as_ref(), 150, true)?),
                None => None,
            };
            let reason = self.line("reason", m.reason.as_ref(), 100, false)?;
            gathering.moves.push(Move {
                date,
                to,
                place,
                reason,
            });
        }
        gathering.skips.sort_by_key(|s| s.date);
        gathering.moves.sort_by_key(|m| m.date);
        Ok(gathering)
    }

    /// A notice's words: the text below the fields, one paragraph.
    fn notice_text(&self) -> Result<String, Problem> {
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

    fn notice(&self, raw: RawNotice) -> Result<Notice, Problem> {
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

    /// A person's bio: the text below the fields, at most MAX_BIO_CHARS.
    fn bio(&self) -> Result<Vec<Block>, Problem> {
        let bio = blocks(self.body);
        let said: usize = bio
            .iter()
            .flat_map(|b| &b.items)
            .map(|t| t.chars().count())
            .sum();
        if said > MAX_BIO_CHARS {
            return Err(Problem::new(
                self.source.to_string(),
                self.body_line,
                format!(
                    "the bio below the +++ line is {said} characters; a card holds at most {MAX_BIO_CHARS}: shorten it"
                ),
            ));
        }
        Ok(bio)
    }

    fn person(&self, raw: RawPerson) -> Result<Person, Problem> {
        let group = group_named(raw.group.get_ref()).ok_or_else(|| {
            self.problem(
                raw.group.span().start,
                format!(
                    "group \"{}\" is not a section of the site: write one of {}",
                    raw.group.get_ref().chars().take(60).collect::<String>(),
                    GROUPS
                        .iter()
                        .map(|g| format!("\"{}\"", g.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        let bio = self.bio()?;
        let stem = self
            .source
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".md");
        Ok(Person {
            name: self.line("name", Some(&raw.name), 80, true)?,
            role: self.line("role", Some(&raw.role), 80, true)?,
            group,
            order: raw.order.map_or(100, |o| *o.get_ref()),
            bio,
            photo: format!("person-{}", super::template::slug(stem)),
            in_english: Vec::new(),
        })
    }
}

/// Markdown as paragraphs and lists of plain text. HTML is kept as the text it
/// is; a link keeps its words, not its target; headings become paragraphs.
pub fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut items: Option<Vec<String>> = None;
    let mut lists = 0;
    for event in Parser::new(markdown) {
        match event {
            Md::Text(t) | Md::Code(t) | Md::Html(t) | Md::InlineHtml(t) => text.push_str(&t),
            Md::SoftBreak | Md::HardBreak => text.push(' '),
            Md::Start(Tag::List(_)) => {
                lists += 1;
                if lists == 1 {
                    flush(&mut text, &mut out);
                    items = Some(Vec::new());
                }
            }
            Md::End(TagEnd::List(_)) => {
                lists -= 1;
                if lists == 0
                    && let Some(items) = items.take()
                    && !items.is_empty()
                {
                    out.push(Block { list: true, items });
                }
            }
            Md::End(TagEnd::Item) | Md::Start(Tag::Item) => {
                if let Some(items) = items.as_mut() {
                    let item = clean(&std::mem::take(&mut text));
                    if !item.is_empty() {
                        items.push(item);
                    }
                }
            }
            Md::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::BlockQuote(_)
                | TagEnd::CodeBlock
                | TagEnd::HtmlBlock,
            ) => {
                if items.is_none() {
                    flush(&mut text, &mut out);
                } else {
                    text.push(' ');
                }
            }
            _ => {}
        }
    }
    flush(&mut text, &mut out);
    out
}

fn clean(text: &str) -> String {
    free_text(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn flush(text: &mut String, out: &mut Vec<Block>) {
    let paragraph = clean(&std::mem::take(text));
    if !paragraph.is_empty() {
        out.push(Block {
            list: false,
            items: vec![paragraph],
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(fields: &str) -> Result<Event, Problem> {
        match parse(
            Kind::Event,
            "content/events/x.md",
            &format!("+++\n{fields}+++\nText.\n"),
        )? {
            Parsed::Event(e, _) => Ok(e),
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_gatherings_skip_and_move_may_give_their_reason_in_another_language() {
        let study = crate::schedule::defaults::all()
            .into_iter()
            .find(|g| g.id == "bible-study")
            .unwrap();
        let file = super::super::template::gathering_file(&study);
        let end = file.rfind("+++").unwrap();
        let with = |fields: &str| {
            parse(
                Kind::Gathering,
                "content/gatherings/bible-study.md",
                &format!("{}{fields}{}", &file[..end], &file[end..]),
            )
        };
        let both = "[[skip]]\ndate = 2026-12-02\nreason = \"Pastors' retreat\"\n\
                    [[move]]\ndate = 2026-12-09\nto = 2026-12-10T19:00:00\nreason = \"Christmas party\"\n\
                    [[ur.skip]]\ndate = 2026-12-02\nreason = \"پادریوں کی ریٹریٹ\"\n";
        let Ok(Parsed::Gathering(english, languages)) = with(both) else {
            panic!("reads")
        };
        assert_eq!(english.skips[0].reason, "Pastors' retreat");
        let urdu = &languages["ur"];
        assert_eq!(urdu.skips[0].reason, "پادریوں کی ریٹریٹ");
        // What the Urdu does not give stays as written.
        assert_eq!(urdu.moves[0].reason, "Christmas party");
        assert_eq!(
            (urdu.skips.len(), urdu.moves.len(), &urdu.id),
            (1, 1, &english.id)
        );

        // A reason for a date the file does not skip is named with its line.
        let stray = format!("{both}[[ur.move]]\ndate = 2026-12-16\nreason = \"کرسمس\"\n");
        let problem = with(&stray).err().expect("refused").to_string();
        assert!(
            problem.contains("does not move 2026-12-16") && problem.contains(".md:"),
            "{problem}"
        );
        let empty = "[[skip]]\ndate = 2026-12-02\nreason = \"x\"\n[[ur.skip]]\ndate = 2026-12-02\nreason = \"\"\n";
        let problem = with(empty).err().expect("refused").to_string();
        assert!(problem.contains("reason is empty"), "{problem}");
    }

    #[test]
    fn a_person_names_a_group_by_name_or_heading_and_keeps_a_short_bio() {
        let person = |fields: &str, bio: &str| match parse(
            Kind::Person,
            "content/people/maria-lopez.md",
            &format!("+++\n{fields}+++\n{bio}"),
        ) {
            Ok(Parsed::Person(p, _)) => Ok(p),
            Ok(_) => unreachable!(),
            Err(problem) => Err(problem.to_string()),
        };
        let base = "name = \"Maria Lopez\"\nrole = \"Campus Pastor\"\n";
        let p = person(
            &format!("{base}group = \"North Campus (DE, PA, NJ)\"\n"),
            "Loves <b>people</b>.\n",
        )
        .unwrap();
        assert_eq!((p.group.name, p.order), ("north", 100));
        assert_eq!(p.photo, "person-maria-lopez");
        assert_eq!(p.bio[0].items, ["Loves <b>people</b>."]);
        let p = person(&format!("{base}group = \"worship-team\"\norder = 3\n"), "").unwrap();
        assert_eq!((p.group.name, p.order), ("worship-team", 3));
        let wrong = person(&format!("{base}group = \"Elders\"\n"), "").unwrap_err();
        assert!(
            wrong.starts_with("content/people/maria-lopez.md:4: group \"Elders\""),
            "{wrong}"
        );
        assert!(wrong.contains("\"senior-leaders\""), "{wrong}");
        let long =
            person(&format!("{base}group = \"global\"\n"), &"word ".repeat(200)).unwrap_err();
        assert!(
            long.starts_with("content/people/maria-lopez.md:6: the bio"),
            "{long}"
        );
    }

    #[test]
    fn a_file_may_carry_its_words_in_urdu_in_a_table_and_below_a_line() {
        let text = concat!(
            "+++\n",
            "title = \"Living Water\"\n",
            "date = 2026-11-15\n",
            "passage = \"John 4:1-14\"\n",
            "[[notes]]\n",
            "heading = \"One\"\n",
            "[ur]\n",
            "title = \"زندہ پانی\"\n",
            "passage = \"یوحنا 4:1-14\"\n",
            "[[ur.notes]]\n",
            "heading = \"ایک\"\n",
            "+++\n",
            "English text.\n",
            "\n",
            "+++ ur\n",
            "اردو متن۔\n",
        );
        let Ok(Parsed::Sermon(english, languages)) = parse(Kind::Sermon, "s.md", text) else {
            panic!("the sermon parses")
        };
        assert_eq!(english.title, "Living Water");
        assert_eq!(english.notes[0].heading, "One");
        assert_eq!(english.description[0].items, ["English text."]);
        let urdu = &languages["ur"];
        assert_eq!(
            (urdu.title.as_str(), urdu.passage.as_str()),
            ("زندہ پانی", "یوحنا 4:1-14")
        );
        assert_eq!(urdu.notes[0].heading, "ایک");
        assert_eq!(urdu.description[0].items, ["اردو متن۔"]);
        assert_eq!(urdu.date, english.date);

        // Only the text below `+++ ur`: the fields stay English; "+++" alone is text.
        let person = "+++\nname = \"Ana\"\nrole = \"Pastor\"\ngroup = \"global\"\n+++\nLoves\n+++\npeople.\n+++ ur\nاردو۔\n";
        let Ok(Parsed::Person(english, languages)) = parse(Kind::Person, "p.md", person) else {
            panic!("the person parses")
        };
        assert_eq!(english.bio[0].items, ["Loves +++ people."]);
        assert_eq!(languages["ur"].name, "Ana");
        assert_eq!(languages["ur"].bio[0].items, ["اردو۔"]);
        // A notice's words in Urdu; a file in English only has no other language.
        let notice = "+++\nuntil = 2026-12-01T12:00:00\n+++\nClosed today.\n+++ ur\nآج بند ہے۔\n";
        let Ok(Parsed::Notice(english, languages)) = parse(Kind::Notice, "n.md", notice) else {
            panic!("the notice parses")
        };
        assert_eq!(
            (english.text.as_str(), languages["ur"].text.as_str()),
            ("Closed today.", "آج بند ہے۔")
        );
        let Ok(Parsed::Event(_, languages)) =
            parse(Kind::Event, "e.md", &format!("+++\n{GOOD}+++\nText.\n"))
        else {
            panic!("the event parses")
        };
        assert!(languages.is_empty());

        // Each problem names the file's own line.
        let problem = |text: &str| match parse(Kind::Event, "content/events/x.md", text) {
            Err(problem) => problem.to_string(),
            Ok(_) => panic!("{text} parses"),
        };
        let typo = problem(&format!("+++\n{GOOD}[ur]\ntitel = \"پکنک\"\n+++\n"));
        assert!(
            typo.starts_with("content/events/x.md:7: unknown field `titel`"),
            "{typo}"
        );
        let empty = problem(&format!("+++\n{GOOD}[ur]\nplace = \" \"\n+++\n"));
        assert!(
            empty.starts_with("content/events/x.md:7: place is empty"),
            "{empty}"
        );
        let unknown = problem(&format!("+++\n{GOOD}+++\nText.\n+++ fr\nTexte.\n"));
        assert!(
            unknown.starts_with("content/events/x.md:8: a line \"+++ fr\"")
                && unknown.contains("\"ur\""),
            "{unknown}"
        );
        let launch = parse_launch(
            "content/launch.md",
            "+++\nstart = 2027-01-10T12:00:00\nplace = \"Hall\"\n\n[ur]\nplace = \"ہال\"\n+++\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            launch.starts_with("content/launch.md:5: the launch has no words of its own in \"ur\""),
            "{launch}"
        );
        let twice = problem(&format!("+++\n{GOOD}+++\n+++ ur\nا\n+++ ur\nب\n"));
        assert!(
            twice.starts_with("content/events/x.md:9: the text in \"ur\" starts twice"),
            "{twice}"
        );
    }

    const GOOD: &str = "title = \"Picnic\"\nstart = 2026-03-08T01:30:00\nend = 2026-03-08T03:30:00\nplace = \"Park\"\n";

    #[test]
    fn an_event_is_in_its_zone_with_offsets_and_a_gap_moves_forward() {
        let e = event(GOOD).unwrap();
        assert_eq!(e.zone, "America/New_York");
        assert_eq!(e.starts_at, "2026-03-08T01:30:00-05:00");
        // 02:00-03:00 does not exist that night; 03:30 is after the change.
        assert_eq!(e.ends_at, "2026-03-08T03:30:00-04:00");
        let berlin = event(&format!("{GOOD}zone = \"Europe/Berlin\"\n")).unwrap();
        assert_eq!(berlin.starts_at, "2026-03-08T01:30:00+01:00");
        assert_eq!(
            e.tag, "",
            "no tag: each page says its own word for an event"
        );
    }

    #[test]
    fn each_problem_names_its_line_and_what_to_write() {
        let cases = [
            (format!("{GOOD}zone = \"Mars/Base\"\n"), 6, "IANA"),
            (
                GOOD.replace("end = 2026-03-08T03:30:00", "end = 2026-03-08T01:00:00"),
                4,
                "after start",
            ),
            (
                GOOD.replace("start = 2026-03-08T01:30:00", "start = \"soon\""),
                3,
                "without quotes",
            ),
            (
                GOOD.replace("start = 2026-03-08T01:30:00", "start = 2026-03-08"),
                3,
                "local day and time",
            ),
            (
                format!("{GOOD}link = \"http://example.org\"\n"),
                6,
                "https://",
            ),
            (format!("{GOOD}colour = \"red\"\n"), 6, "unknown field"),
            (GOOD.replace("title = \"Picnic\"\n", ""), 2, "title"),
            (GOOD.replace("\"Park\"", "\"Park"), 5, ""),
        ];
        for (fields, line, words) in cases {
            let problem = event(&fields).unwrap_err();
            assert_eq!(problem.line, line, "{problem}");
            assert!(problem.message.contains(words), "{problem}");
            assert!(
                problem
                    .to_string()
                    .starts_with(&format!("content/events/x.md:{line}: "))
            );
        }
        let unclosed = parse(Kind::Event, "e.md", "+++\ntitle = \"x\"\n")
            .err()
            .unwrap();
        assert!(unclosed.message.contains("never closed"), "{unclosed}");
        let no_fence = parse(Kind::Event, "e.md", "title = \"x\"\n").err().unwrap();
        assert_eq!(no_fence.line, 1);
    }

    #[test]
    fn markdown_becomes_inert_paragraphs_and_lists() {
        let text = "First <script>alert(1)</script> line\nstill first.\n\n- one [link](javascript:alert(1))\n- two\n\n## Heading\n\n<b>bold</b>\n";
        let got = blocks(text);
        let para = |s: &str| Block {
            list: false,
            items: vec![s.into()],
        };
        assert_eq!(
            got,
            vec![
                para("First <script>alert(1)</script> line still first."),
                Block {
                    list: true,
                    items: vec!["one link".into(), "two".into()]
                },
                para("Heading"),
                para("<b>bold</b>"),
            ]
        );
    }

    #[test]
    fn a_sermon_takes_a_youtube_link_and_refuses_a_time_for_its_day() {
        let text = "+++\ntitle = \"T\"\ndate = 2026-11-29\nvideo = \"https://youtu.be/dQw4w9WgXcQ\"\n[[notes]]\nheading = \"One\"\ntext = \"\"\"\nA\nB\"\"\"\n+++\nBody.\n";
        let Ok(Parsed::Sermon(s, _)) = parse(Kind::Sermon, "s.md", text) else {
            panic!()
        };
        assert_eq!(s.video, "dQw4w9WgXcQ");
        assert_eq!(s.notes[0].text, "A B");
        assert_eq!(
            s.description,
            vec![Block {
                list: false,
                items: vec!["Body.".into()]
            }]
        );
        let timed = text.replace("date = 2026-11-29", "date = 2026-11-29T10:00:00");
        let problem = parse(Kind::Sermon, "s.md", &timed).err().unwrap();
        assert_eq!(problem.line, 3);
    }
}
