//! A gathering file: when it repeats, where, its first and last dates, the dates it
//! skips or moves, and their reasons in another language (`[[ur.skip]]`, `[[ur.move]]`).
use chrono::Datelike;
use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use super::file::{File, campus_named};
use crate::content::model::Problem;
use crate::schedule::{Gathering, MOVE_REACH, Move, Place, Repeat, Skip};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGathering {
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
pub(super) struct RawSkip {
    date: Spanned<Datetime>,
    reason: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMove {
    date: Spanned<Datetime>,
    to: Spanned<Datetime>,
    #[serde(rename = "where")]
    place: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
}

/// A gathering's words in another language (`[[ur.skip]]`, `[[ur.move]]`): why a
/// date is skipped or moved, said in that language. The site says the rest itself.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct GatheringWords {
    #[serde(default)]
    skip: Vec<ReasonWords>,
    #[serde(default, rename = "move")]
    moves: Vec<ReasonWords>,
}

/// The date a skip or a move is for, and its reason in the table's language.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReasonWords {
    date: Spanned<Datetime>,
    reason: Spanned<String>,
}

/// Why a date on a gathering's rule is none of its dates: before its first or after
/// its last ("" for a date off its rule).
fn first_or_last(g: &Gathering, date: chrono::NaiveDate) -> String {
    match (g.first, g.last) {
        (Some(first), _) if date < first => format!(", from {first} on"),
        (_, Some(last)) if date > last => format!(", up to {last}"),
        _ => String::new(),
    }
}

impl File<'_> {
    /// A gathering with its skips' and moves' reasons in the table's language; a
    /// reason for a date the file neither skips nor moves is a problem.
    pub(super) fn gathering_in(
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

    /// The gathering, and what its file says that the site reads otherwise than its
    /// words may mean, each at its line.
    pub(super) fn gathering(
        &self,
        raw: RawGathering,
    ) -> Result<(Gathering, Vec<Problem>), Problem> {
        let id = self.gathering_id()?;
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
        let (first, last) = self.first_and_last(&raw)?;
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
        self.skips_and_moves(&raw, &mut gathering)?;
        gathering.skips.sort_by_key(|s| s.date);
        gathering.moves.sort_by_key(|m| m.date);
        let warnings = self.warnings(&raw, &gathering);
        Ok((gathering, warnings))
    }

    /// A first date off the gathering's rule (the site starts at the next date on
    /// it), and each move to a time a clock change skips or repeats (held at the
    /// instant calendar apps read).
    fn warnings(&self, raw: &RawGathering, g: &Gathering) -> Vec<Problem> {
        let mut warnings = Vec::new();
        if let (Some(first), Some(said), false) = (g.first, raw.first.as_ref(), g.soon)
            && !g.repeat.holds_on(first)
        {
            let on_rule = |days: &mut dyn Iterator<Item = chrono::NaiveDate>| {
                days.take(400).find(|d| g.repeat.holds_on(*d))
            };
            if let Some(after) = on_rule(&mut first.iter_days()) {
                let before = first
                    .pred_opt()
                    .and_then(|d| on_rule(&mut d.iter_days().rev()))
                    .map(|d| format!(" (or first = {d})"))
                    .unwrap_or_default();
                warnings.push(self.problem(
                    said.span().start,
                    format!(
                        "first = {first} is a {}, and it meets {}: the site's first date for it is {} {after}. Write first = {after}{before} to say which you mean",
                        crate::schedule::weekday_name(first.weekday()),
                        g.repeat.text(),
                        crate::schedule::weekday_name(after.weekday()),
                    ),
                ));
            }
        }
        for m in &raw.moves {
            let Ok(to) = self.local_time("to", &m.to) else {
                continue;
            };
            if let Some(note) = crate::schedule::clock_change_note(g.zone, to) {
                warnings.push(self.problem(
                    m.to.span().start,
                    format!("to = {}: {note}", to.format("%Y-%m-%dT%H:%M:%S")),
                ));
            }
        }
        warnings
    }

    /// A gathering's id: its file's name, which links and calendars carry.
    fn gathering_id(&self) -> Result<String, Problem> {
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
        Ok(id)
    }

    /// Its first and last dates, if given (the last not before the first).
    fn first_and_last(
        &self,
        raw: &RawGathering,
    ) -> Result<(Option<chrono::NaiveDate>, Option<chrono::NaiveDate>), Problem> {
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
        Ok((first, last))
    }

    /// Its skipped and moved dates: each one of its regular dates, none twice, a move
    /// within MOVE_REACH days.
    fn skips_and_moves(
        &self,
        raw: &RawGathering,
        gathering: &mut Gathering,
    ) -> Result<(), Problem> {
        let mut taken: Vec<chrono::NaiveDate> = Vec::new();
        let mut regular = |g: &Gathering, name: &str, value: &Spanned<Datetime>| {
            let date = self.date(name, value)?;
            if g.soon {
                return Err(self.problem(
                    value.span().start,
                    format!(
                        "{} has no dates yet (soon = true), so none can be skipped or moved: give it its first date first (`thewell schedule edit {} --first YYYY-MM-DD --where \"…\"`, or delete soon = true and write first = …)",
                        g.id, g.id
                    ),
                ));
            }
            if !g.meets_on(date) {
                return Err(self.problem(
                    value.span().start,
                    format!(
                        "{} does not meet on {date} (a {}): it meets {}{}",
                        g.id,
                        crate::schedule::weekday_name(date.weekday()),
                        g.repeat.text(),
                        first_or_last(g, date)
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
            let date = regular(gathering, "date", &s.date)?;
            let reason = self.line("reason", Some(&s.reason), 100, false)?;
            gathering.skips.push(Skip { date, reason });
        }
        for m in &raw.moves {
            let date = regular(gathering, "date", &m.date)?;
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
        Ok(())
    }
}
