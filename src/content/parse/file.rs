//! One content file split into its parts: the `+++` block of TOML fields (each other
//! language's table apart), the long text below, each other language's text below its
//! line `+++ <code>`; and the field readers every kind shares, each problem naming
//! the file, the line, the field and what to write instead.
use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, SecondsFormat};
use chrono_tz::Tz;
use toml::Spanned;
use toml::value::Datetime;

use super::markdown::blocks;
use crate::campuses::{CAMPUSES, campus};
use crate::content::model::{Block, HOME_ZONE, Problem};
use crate::text::{free_text, one_line};

/// A TOML date as a calendar day (None for one that does not exist, e.g. 2026-02-30).
fn day(d: toml::value::Date) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(d.year.into(), d.month.into(), d.day.into())
}

/// A local time in `zone` as an instant with its offset (ISO 8601).
pub(super) fn stamp(zone: Tz, local: NaiveDateTime) -> String {
    crate::schedule::resolve_local(zone, local)
        .with_timezone(&zone)
        .to_rfc3339_opts(SecondsFormat::Secs, false)
}

/// The zone's abbreviation at a local time: "EST", "CEST", "PKT".
pub(super) fn abbreviation(zone: Tz, local: NaiveDateTime) -> String {
    crate::schedule::zones::reading(zone, crate::schedule::resolve_local(zone, local)).1
}

/// What the pages name the zone by at a local time (`schedule::zones::zone_name`).
pub(super) fn zone_name(zone: Tz, local: NaiveDateTime) -> String {
    crate::schedule::zones::zone_name(zone, crate::schedule::resolve_local(zone, local))
}

/// The campus a file names, by id; a problem listing them otherwise.
pub(super) fn campus_named(text: &str) -> Result<String, String> {
    let wanted = crate::content::template::slug(text);
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

pub(super) struct File<'a> {
    pub(super) source: &'a str,
    /// The fields, each other language's table (`[ur]`) blanked out (lines kept, so
    /// a problem's line is the file's).
    pub(super) fields: String,
    /// The line the fields start on.
    pub(super) fields_line: usize,
    /// Whether the file says `draft = true`: written, not yet to be shown (the line
    /// is taken out of `fields`).
    pub(super) draft: bool,
    /// The long text in English: below the fields, up to a line `+++ <language>`.
    pub(super) body: &'a str,
    /// The line `body` starts on.
    pub(super) body_line: usize,
    /// The file's words in another language: its table of fields (`[ur]`, the other
    /// lines blanked) and the text below its line `+++ ur`, read as a file of their own.
    pub(super) languages: Vec<(String, File<'a>)>,
}

pub(super) const FENCE: &str = "+++";
pub(super) const SEE_TEMPLATE: &str = "`thewell content new` writes a filled-in example";

/// The language a table header of the fields belongs to (`[ur]`, `[[ur.notes]]`:
/// "ur"), when it is one of the site's other languages.
pub(super) fn header_language(line: &str) -> Option<&'static str> {
    let name = line.trim().strip_prefix('[')?.trim_start_matches('[');
    let first = name.split(['.', ']']).next()?.trim().trim_matches('"');
    crate::bundle::languages()
        .iter()
        .find(|code| code.as_str() == first)
        .map(String::as_str)
}

/// The site's other languages, for a problem's message: "ur".
pub(super) fn other_languages() -> String {
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
pub(super) fn split_fields(fields: &str) -> (String, Vec<(&'static str, String)>) {
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

/// Whether the fields say `draft = true` (a line before any table), taking that line
/// out (left blank, so problems keep their lines): the site leaves a draft out until
/// the volunteer deletes the line.
fn take_draft(source: &str, fields: &mut String) -> Result<bool, Problem> {
    let mut at = 0;
    for (index, line) in fields.split_inclusive('\n').enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            break;
        }
        let value = trimmed
            .strip_prefix("draft")
            .map(str::trim_start)
            .and_then(|rest| rest.strip_prefix('='));
        if let Some(value) = value {
            let value = value.split('#').next().unwrap_or_default().trim();
            let draft = match value {
                "true" => true,
                "false" => false,
                _ => {
                    return Err(Problem::new(
                        source.to_string(),
                        2 + index,
                        "draft is true or false, without quotes: delete the line draft = true when the file is ready to be shown".into(),
                    ));
                }
            };
            let end = at + line.len();
            let blank = if line.ends_with('\n') { "\n" } else { "" };
            fields.replace_range(at..end, blank);
            return Ok(draft);
        }
        at += line.len();
    }
    Ok(false)
}

impl<'a> File<'a> {
    pub(super) fn split(source: &'a str, text: &'a str) -> Result<File<'a>, Problem> {
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
                let (mut english, tables) = split_fields(fields);
                let draft = take_draft(source, &mut english)?;
                let mut file = File {
                    source,
                    fields: english,
                    fields_line: 2,
                    draft,
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
    pub(super) fn split_body(
        &mut self,
        tables: Vec<(&'static str, String)>,
    ) -> Result<(), Problem> {
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
                draft: false,
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
    pub(super) fn only_english(&self, what: &str) -> Result<(), Problem> {
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
    pub(super) fn each_language<W, T>(
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

    pub(super) fn line_at(&self, offset: usize) -> usize {
        self.fields_line
            + self.fields[..offset.min(self.fields.len())]
                .matches('\n')
                .count()
    }

    pub(super) fn problem(&self, offset: usize, message: String) -> Problem {
        Problem::new(self.source.to_string(), self.line_at(offset), message)
    }

    pub(super) fn fields<T: serde::de::DeserializeOwned>(&self) -> Result<T, Problem> {
        toml::from_str(&self.fields).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            // A phone or a word processor turns "…" into “…”: say so, not "not quoted".
            let line = self.fields[..at.min(self.fields.len())]
                .rsplit('\n')
                .next()
                .unwrap_or_default()
                .to_string()
                + self.fields[at.min(self.fields.len())..]
                    .split('\n')
                    .next()
                    .unwrap_or_default();
            if line.contains(['\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}', '\u{00AB}', '\u{00BB}'])
                && line.contains('=')
                && !line.split_once('=').is_some_and(|(_, v)| v.trim_start().starts_with('"'))
            {
                return self.problem(
                    at,
                    "its text is between curly quotes (“ ”), which a phone or a word processor puts in: write straight quotes \" instead, e.g. title = \"Living Water\"".into(),
                );
            }
            // A day or time written as people say it ("7pm", "12/5"): say how to write one.
            let value = line.split_once('=').map_or("", |(_, v)| v.trim());
            if e.message().contains("string values must be quoted")
                && value.starts_with(|c: char| c.is_ascii_digit())
            {
                return self.problem(
                    at,
                    format!("{value} is not a day or a time as the site reads them: write a day as 2026-12-05, a time of day as 19:00 (24-hour clock), a day and time as 2026-12-05T19:00:00, each without quotes"),
                );
            }
            let message = e.message().trim().replace('\n', " ").replace(
                "expected a TOML datetime",
                "expected a day, a time of day or both without quotes, e.g. 2026-12-05, 19:00 or 2026-12-05T19:00:00",
            );
            self.problem(at, format!("{message} ({SEE_TEMPLATE})"))
        })
    }

    /// A one-line text field of at most `max` characters (empty allowed unless `required`).
    pub(super) fn line(
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
    pub(super) fn prose(
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

    pub(super) fn date(&self, name: &str, value: &Spanned<Datetime>) -> Result<NaiveDate, Problem> {
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

    pub(super) fn local_time(
        &self,
        name: &str,
        value: &Spanned<Datetime>,
    ) -> Result<NaiveDateTime, Problem> {
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
    pub(super) fn zone(&self, value: Option<&Spanned<String>>) -> Result<Tz, Problem> {
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

    /// Puts a one-line field of another language into `into`, when the file gives it.
    pub(super) fn put_line(
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
    pub(super) fn put_blocks(&self, into: &mut Vec<Block>) {
        let blocks = blocks(self.body);
        if !blocks.is_empty() {
            *into = blocks;
        }
    }

    /// A local time of day, e.g. `start = 19:00`.
    pub(super) fn time_of_day(
        &self,
        name: &str,
        value: &Spanned<Datetime>,
    ) -> Result<NaiveTime, Problem> {
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
}
