//! The ministry's gatherings as the volunteer's data (how each repeats, its local
//! start, length, IANA zone, place, first and last dates, and the dates skipped or
//! moved), and the time arithmetic on them: which occurrence is live or next at an
//! instant, with calendar arithmetic on local dates (never "+ 7 days" on a zoned
//! time) and explicit handling of the local times a clock change skips or repeats.
//! The files are read by `crate::content`; the built-in six are in `defaults`, the
//! words pages show in `words`.
use chrono::{
    DateTime, Datelike, Days, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone,
    Utc, Weekday,
};
use chrono_tz::Tz;
use serde::Serialize;

pub mod clock;
pub mod defaults;
pub mod pattern;
pub mod words;
pub mod zones;

/// How a gathering repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Repeat {
    /// Every week on this weekday.
    Weekly(Weekday),
    /// Once a month on the nth weekday (1 to 4), or the last one (-1).
    Monthly { nth: i8, weekday: Weekday },
}

/// The ordinal words a monthly gathering is written with, in order (1st to 4th).
const ORDINALS: [&str; 4] = ["first", "second", "third", "fourth"];

impl Repeat {
    /// Reads "every Wednesday", "first Saturday", "last Sunday" (any case).
    pub fn parse(text: &str) -> Option<Repeat> {
        let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
        let [which, day] = words.as_slice() else {
            return None;
        };
        let weekday: Weekday = day.trim_end_matches('s').parse().ok()?;
        match which.as_str() {
            "every" | "weekly" => Some(Repeat::Weekly(weekday)),
            "last" => Some(Repeat::Monthly { nth: -1, weekday }),
            other => ORDINALS
                .iter()
                .position(|o| *o == other)
                .map(|i| Repeat::Monthly {
                    nth: i as i8 + 1,
                    weekday,
                }),
        }
    }

    pub fn weekday(self) -> Weekday {
        match self {
            Repeat::Weekly(d) | Repeat::Monthly { weekday: d, .. } => d,
        }
    }

    /// Whether it meets on `date`.
    pub fn holds_on(self, date: NaiveDate) -> bool {
        match self {
            Repeat::Weekly(d) => date.weekday() == d,
            Repeat::Monthly { nth, weekday } => {
                if date.weekday() != weekday {
                    return false;
                }
                if nth < 0 {
                    date.checked_add_days(Days::new(7))
                        .is_none_or(|later| later.month() != date.month())
                } else {
                    (date.day() - 1) / 7 + 1 == nth as u32
                }
            }
        }
    }

    /// The ordinal of a monthly gathering as words: "first", "last".
    /// A monthly gathering's week: 1 to 4, or -1 for the last; None weekly.
    pub fn nth(self) -> Option<i8> {
        match self {
            Repeat::Weekly(_) => None,
            Repeat::Monthly { nth, .. } => Some(nth),
        }
    }

    pub fn ordinal(self) -> Option<&'static str> {
        match self {
            Repeat::Weekly(_) => None,
            Repeat::Monthly { nth, .. } if nth < 0 => Some("last"),
            Repeat::Monthly { nth, .. } => ORDINALS.get(nth as usize - 1).copied(),
        }
    }

    /// The RRULE (RFC 5545) of the series.
    pub fn rrule(self) -> String {
        let day = ical_day(self.weekday());
        match self {
            Repeat::Weekly(_) => format!("FREQ=WEEKLY;BYDAY={day}"),
            Repeat::Monthly { nth, .. } => format!("FREQ=MONTHLY;BYDAY={nth}{day}"),
        }
    }

    /// How a file writes it: "every Wednesday", "first Saturday".
    pub fn text(self) -> String {
        let day = weekday_name(self.weekday());
        match self.ordinal() {
            None => format!("every {day}"),
            Some(o) => format!("{o} {day}"),
        }
    }
}

/// The two-letter day names of RRULE's BYDAY.
pub fn ical_day(day: Weekday) -> &'static str {
    ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][day.num_days_from_monday() as usize]
}

/// "Wednesday".
pub fn weekday_name(day: Weekday) -> &'static str {
    [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ][day.num_days_from_monday() as usize]
}

/// Where a gathering meets.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Place {
    /// Online, at the meeting link of the site's settings (`meeting-url`).
    Online,
    /// An address, or words such as "In person (contact the ministry for directions)".
    At(String),
}

impl Place {
    pub fn text(&self) -> &str {
        match self {
            Place::Online => "Online",
            Place::At(text) => text,
        }
    }
}

/// One date left out, and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Skip {
    pub date: NaiveDate,
    pub reason: String,
}

/// One date held at another local day and time (and perhaps another place).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    pub date: NaiveDate,
    pub to: NaiveDateTime,
    pub place: Option<String>,
    pub reason: String,
}

/// How many days ahead a skipped or moved date is announced beside the gathering.
pub const ANNOUNCE_DAYS: i64 = 14;

/// How far (in days) a moved date may go from its own, either way.
pub const MOVE_REACH: u64 = 31;

/// One regular gathering, as its file (or the built-in default) gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gathering {
    /// The file's name without `.md`: the id in `/api/schedule` and `/calendar/<id>.ics`.
    pub id: String,
    pub name: String,
    /// One of `CAMPUSES` (src/campuses.rs).
    pub campus: String,
    pub repeat: Repeat,
    /// Local start time.
    pub start: NaiveTime,
    pub minutes: i64,
    pub zone: Tz,
    pub place: Place,
    /// Announced without a date yet: shown as coming soon, in no calendar.
    pub soon: bool,
    pub first: Option<NaiveDate>,
    pub last: Option<NaiveDate>,
    pub skips: Vec<Skip>,
    pub moves: Vec<Move>,
    /// When its file last changed (none for a built-in default): calendars' SEQUENCE.
    pub changed: Option<DateTime<Utc>>,
}

/// What happens on one of a gathering's regular dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    Held,
    /// Held at another time (`Dated::occurrence` is the new one).
    Moved,
    /// Not held (`Dated::occurrence` is the regular slot it would have had).
    Skipped,
}

impl State {
    pub fn name(&self) -> &'static str {
        match self {
            State::Held => "held",
            State::Moved => "moved",
            State::Skipped => "skipped",
        }
    }
}

/// One regular date of a gathering and what happens on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dated {
    /// The regular date (a moved one's original date).
    pub date: NaiveDate,
    pub occurrence: Occurrence,
    pub state: State,
    /// Why it was skipped or moved (empty when held).
    pub reason: String,
    /// Where it meets when a move names another place.
    pub place: Option<String>,
}

/// A gathering at an instant: the occurrence live or next, and the skipped ones
/// before it.
#[derive(Debug, Clone)]
pub struct Now {
    pub held: Dated,
    pub live: bool,
    pub skipped: Vec<Dated>,
}

/// Where a gathering's weekly series is served as a calendar file, `{id}` its id (the
/// frontend links to it from the same text, src/contract.rs).
pub const CALENDAR_PATH: &str = "/calendar/{id}.ics";

/// A gathering's calendar file address.
pub fn calendar_path(id: &str) -> String {
    CALENDAR_PATH.replace("{id}", id)
}

/// A gathering at an instant: live or not, and its current or next times. This is
/// what `GET /api/schedule` answers for each gathering; the frontend's type is
/// generated from it (src/contract.rs).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GatheringNow {
    pub id: String,
    pub name: String,
    /// Its campus (one of the site's campus ids, e.g. "pakistan").
    pub campus: String,
    /// Its IANA time zone, e.g. America/New_York.
    pub zone: String,
    pub live: bool,
    /// UTC instants (RFC 3339) of the current occurrence when live, else of the next one.
    pub start: String,
    pub end: String,
    /// Local start time with the zone's abbreviation on that date, e.g. '7:00 PM EDT'.
    pub label: String,
    /// "held", or "moved" when this occurrence is held at another time than usual.
    pub state: String,
    /// Why it was moved (empty otherwise).
    pub reason: String,
    /// The same in the site's other languages where its file gives it, by code.
    pub reasons: std::collections::BTreeMap<String, String>,
    /// Where it meets: "Online" or an address.
    pub place: String,
    /// The meeting link of an online gathering, when the site has one.
    pub meeting_url: Option<String>,
    /// Its calendar file.
    pub calendar: String,
    /// The skipped occurrences between now and this one (a cancelled week), with why.
    pub skipped: Vec<LaterOccurrence>,
    /// The occurrences after this one (LATER_SHOWN of them, skipped ones included),
    /// so that a phone that saved this answer can still say when it meets while it
    /// has no signal.
    pub later: Vec<LaterOccurrence>,
}

/// How many occurrences after the current or next one `GET /api/schedule` lists.
pub const LATER_SHOWN: usize = 8;

/// One occurrence other than the current or next one: UTC instants, the local
/// label, and whether it is held, moved or skipped.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LaterOccurrence {
    pub start: String,
    pub end: String,
    /// As `GatheringNow::label`, on that date (a clock change alters the abbreviation).
    pub label: String,
    /// "held", "moved" or "skipped".
    pub state: String,
    /// Why it was skipped or moved (empty otherwise).
    pub reason: String,
    /// The same in the site's other languages where its file gives it, by code.
    pub reasons: std::collections::BTreeMap<String, String>,
}

/// The answer of `GET /api/schedule`: the instant asked about and every gathering then.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ScheduleNow {
    pub at: String,
    pub gatherings: Vec<GatheringNow>,
    /// Each gathering's zone, its offsets from a day before `at` to
    /// `zones::ZONE_DAYS_AHEAD` days after: the pages' clocks read the zone's time from them.
    pub zones: std::collections::BTreeMap<String, Vec<zones::ZoneSpan>>,
}

/// One occurrence: UTC start and the scheduled UTC end. It is live from `start` up to
/// the last second of the end minute (19:00:00 to 20:30:59).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Occurrence {
    pub fn is_live_at(&self, t: DateTime<Utc>) -> bool {
        self.start <= t && t < self.end + Duration::minutes(1)
    }

    /// Over at `t` (its last minute has passed).
    pub fn is_over_at(&self, t: DateTime<Utc>) -> bool {
        t >= self.end + Duration::minutes(1)
    }
}

/// The instant a local wall-clock time names in `zone`, as RFC 5545 reads it (and so
/// calendar apps): the earlier one when a clock change repeats it; when a change
/// skips it, the time read with the offset before the change, i.e. moved forward by
/// the gap (2:30 on a night the clocks go from 2:00 to 3:00 is 3:30).
pub fn resolve_local(zone: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(earlier, _) => earlier.with_timezone(&Utc),
        LocalResult::None => (1..=24 * 60)
            .find_map(|m| {
                zone.from_local_datetime(&(local - Duration::minutes(m)))
                    .latest()
            })
            .map(|before| {
                let offset = chrono::Offset::fix(before.offset()).local_minus_utc();
                (local - Duration::seconds(i64::from(offset))).and_utc()
            })
            .unwrap_or_else(|| local.and_utc()),
    }
}

/// How a local time reads in `zone`: named by one instant, or not (RFC 5545's reading,
/// `resolve_local`, said in words for the volunteer who wrote it).
pub fn clock_change_note(zone: Tz, local: NaiveDateTime) -> Option<String> {
    let at = resolve_local(zone, local).with_timezone(&zone);
    let said = format!(
        "{} ({} UTC)",
        at.format("%-I:%M %p %Z on %A %Y-%m-%d"),
        at.with_timezone(&Utc).format("%H:%M")
    );
    match zone.from_local_datetime(&local) {
        LocalResult::Single(_) => None,
        LocalResult::None => Some(format!(
            "{} does not exist in {}: the clocks go forward that night. It is held at {said}, an hour later by the clock, as calendar apps read it; give another time if that is not what you meant",
            local.format("%Y-%m-%d %H:%M"),
            zone.name()
        )),
        LocalResult::Ambiguous(..) => Some(format!(
            "{} happens twice in {}: the clocks go back that night. It is held at the first, {said}, as calendar apps read it; give another time if that is not what you meant",
            local.format("%Y-%m-%d %H:%M"),
            zone.name()
        )),
    }
}

/// How far ahead the next occurrence is looked for: a monthly gathering with a few
/// skipped months still has one.
const HORIZON_DAYS: u64 = 400;

impl Gathering {
    /// Whether it meets on `date` by its rule and dates (skips and moves aside).
    pub fn meets_on(&self, date: NaiveDate) -> bool {
        !self.soon
            && self.repeat.holds_on(date)
            && self.first.is_none_or(|f| date >= f)
            && self.last.is_none_or(|l| date <= l)
    }

    /// The regular occurrence on a local date (which must be one it meets on).
    pub fn occurrence_on(&self, date: NaiveDate) -> Occurrence {
        self.occurrence_at(date.and_time(self.start))
    }

    fn occurrence_at(&self, local: NaiveDateTime) -> Occurrence {
        let start = resolve_local(self.zone, local);
        Occurrence {
            start,
            end: start + Duration::minutes(self.minutes),
        }
    }

    /// What happens on a regular date.
    pub fn dated(&self, date: NaiveDate) -> Dated {
        if let Some(skip) = self.skips.iter().find(|s| s.date == date) {
            return Dated {
                date,
                occurrence: self.occurrence_on(date),
                state: State::Skipped,
                reason: skip.reason.clone(),
                place: None,
            };
        }
        if let Some(moved) = self.moves.iter().find(|m| m.date == date) {
            return Dated {
                date,
                occurrence: self.occurrence_at(moved.to),
                state: State::Moved,
                reason: moved.reason.clone(),
                place: moved.place.clone(),
            };
        }
        Dated {
            date,
            occurrence: self.occurrence_on(date),
            state: State::Held,
            reason: String::new(),
            place: None,
        }
    }

    /// Every regular date whose occurrence (moved or not) overlaps `from..to`,
    /// soonest first.
    pub fn between(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Dated> {
        let reach = Days::new(MOVE_REACH + 1);
        let first = from.with_timezone(&self.zone).date_naive() - reach;
        let last = to.with_timezone(&self.zone).date_naive() + reach;
        let mut out: Vec<Dated> = first
            .iter_days()
            .take_while(|d| *d <= last)
            .filter(|d| self.meets_on(*d))
            .map(|d| self.dated(d))
            .filter(|d| !d.occurrence.is_over_at(from) && d.occurrence.start < to)
            .collect();
        out.sort_by_key(|d| d.occurrence.start);
        out
    }

    /// The occurrence live at `t`, else the next one to start after it, with the
    /// skipped ones before it; none when it has ended or has no date yet.
    pub fn now(&self, t: DateTime<Utc>) -> Option<Now> {
        let mut skipped = Vec::new();
        for dated in self.between(t, t + Duration::days(HORIZON_DAYS as i64)) {
            if dated.state == State::Skipped {
                skipped.push(dated);
            } else {
                let live = dated.occurrence.is_live_at(t);
                return Some(Now {
                    held: dated,
                    live,
                    skipped,
                });
            }
        }
        None
    }

    /// The occurrence live at `t`, else the next one, and whether it is live.
    #[cfg(test)]
    pub fn current_or_next(&self, t: DateTime<Utc>) -> Option<(Occurrence, bool)> {
        self.now(t).map(|n| (n.held.occurrence, n.live))
    }

    /// The local start time with the zone's abbreviation on that date: '7:00 PM EDT'.
    pub fn label(&self, occurrence: &Occurrence) -> String {
        occurrence
            .start
            .with_timezone(&self.zone)
            .format("%-I:%M %p %Z")
            .to_string()
    }

    /// The next `count` regular dates whose occurrence ends after `from` (skipped
    /// ones included), soonest first.
    pub fn upcoming(&self, from: DateTime<Utc>, count: usize) -> Vec<Dated> {
        let mut window = 70;
        loop {
            let found = self.between(from, from + Duration::days(window));
            if found.len() >= count || window >= HORIZON_DAYS as i64 {
                return found.into_iter().take(count).collect();
            }
            window = HORIZON_DAYS as i64;
        }
    }

    /// The instants after `now` at which what the site says of it changes by itself
    /// (a skip or move is announced or passes, the first date comes, the last ends).
    pub fn changes_after(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let announce = Duration::days(ANNOUNCE_DAYS);
        let exception_dates = self
            .skips
            .iter()
            .map(|s| s.date)
            .chain(self.moves.iter().map(|m| m.date))
            .filter(|d| self.meets_on(*d));
        let mut times: Vec<DateTime<Utc>> = Vec::new();
        for date in exception_dates {
            let dated = self.dated(date);
            let regular = self.occurrence_on(date);
            times.push(regular.start.min(dated.occurrence.start) - announce);
            times.push(regular.end.max(dated.occurrence.end) + Duration::minutes(1));
        }
        let midnight = |d: NaiveDate| resolve_local(self.zone, d.and_time(NaiveTime::MIN));
        times.extend(self.first.map(midnight));
        times.extend(self.last.and_then(|d| d.succ_opt()).map(midnight));
        times.into_iter().filter(|t| *t > now).min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn study() -> Gathering {
        defaults::find("bible-study").unwrap()
    }

    fn europe() -> Gathering {
        defaults::find("europe-bible-study").unwrap()
    }

    #[test]
    fn live_from_19_00_00_to_20_30_59_on_wednesdays_only() {
        // Wednesday 2026-11-18, New York on EST (UTC-5): 19:00 is 00:00Z on the 19th.
        let cases = [
            ("2026-11-18T18:59:59-05:00", false),
            ("2026-11-18T19:00:00-05:00", true),
            ("2026-11-18T20:30:59-05:00", true),
            ("2026-11-18T20:31:00-05:00", false),
            ("2026-11-17T19:30:00-05:00", false), // Tuesday evening
            ("2026-11-19T19:30:00-05:00", false), // Thursday evening
        ];
        for (instant, live) in cases {
            assert_eq!(
                study().current_or_next(at(instant)).unwrap().1,
                live,
                "{instant}"
            );
        }
        let (o, _) = study()
            .current_or_next(at("2026-11-18T20:31:00-05:00"))
            .unwrap();
        assert_eq!(
            o.start,
            at("2026-11-25T19:00:00-05:00"),
            "the next week's study after the end"
        );
        let (o, _) = study()
            .current_or_next(at("2026-11-18T20:30:59-05:00"))
            .unwrap();
        assert_eq!(
            o.start,
            at("2026-11-18T19:00:00-05:00"),
            "the current one while live"
        );
        assert_eq!(o.end, at("2026-11-18T20:30:00-05:00"));
    }

    #[test]
    fn the_weeks_when_new_york_and_berlin_are_five_hours_apart() {
        // 2026: US springs forward March 8, EU March 29; EU falls back October 25, US November 1.
        // 2027: US March 14, EU March 28; EU October 31, US November 7.
        let weeks = [
            ("2026-03-11", "2026-03-11T23:00:00Z", "2026-03-11T18:00:00Z"),
            ("2026-03-18", "2026-03-18T23:00:00Z", "2026-03-18T18:00:00Z"),
            ("2026-03-25", "2026-03-25T23:00:00Z", "2026-03-25T18:00:00Z"),
            ("2026-10-28", "2026-10-28T23:00:00Z", "2026-10-28T18:00:00Z"),
            ("2027-03-17", "2027-03-17T23:00:00Z", "2027-03-17T18:00:00Z"),
            ("2027-03-24", "2027-03-24T23:00:00Z", "2027-03-24T18:00:00Z"),
            ("2027-11-03", "2027-11-03T23:00:00Z", "2027-11-03T18:00:00Z"),
        ];
        for (d, ny, berlin) in weeks {
            let (a, b) = (
                study().occurrence_on(day(d)).start,
                europe().occurrence_on(day(d)).start,
            );
            assert_eq!((a, b), (at(ny), at(berlin)), "{d}");
            assert_eq!(a - b, Duration::hours(5), "{d}: five hours apart");
        }
        let d = day("2026-11-18");
        assert_eq!(
            study().occurrence_on(d).start - europe().occurrence_on(d).start,
            Duration::hours(6)
        );
    }

    #[test]
    fn labels_name_the_zone_of_that_date() {
        let label = |g: &Gathering, d: &str| g.label(&g.occurrence_on(day(d)));
        assert_eq!(label(&study(), "2026-03-04"), "7:00 PM EST");
        assert_eq!(label(&study(), "2026-03-11"), "7:00 PM EDT");
        assert_eq!(label(&europe(), "2026-03-25"), "7:00 PM CET");
        assert_eq!(label(&europe(), "2026-04-01"), "7:00 PM CEST");
        assert_eq!(
            label(
                &defaults::find("bible-study-pakistan").unwrap(),
                "2026-07-01"
            ),
            "7:00 PM PKT"
        );
    }

    #[test]
    fn across_each_clock_change_the_next_study_is_a_calendar_week_later() {
        let pairs = [
            (study(), "2026-03-04", "2026-03-11T23:00:00Z"),
            (study(), "2026-10-28", "2026-11-05T00:00:00Z"),
            (study(), "2027-03-10", "2027-03-17T23:00:00Z"),
            (study(), "2027-11-03", "2027-11-11T00:00:00Z"),
            (europe(), "2026-03-25", "2026-04-01T17:00:00Z"),
            (europe(), "2026-10-21", "2026-10-28T18:00:00Z"),
            (europe(), "2027-03-24", "2027-03-31T17:00:00Z"),
            (europe(), "2027-10-27", "2027-11-03T18:00:00Z"),
        ];
        for (g, d, next) in pairs {
            let after = g.occurrence_on(day(d)).end + Duration::minutes(1);
            assert_eq!(
                g.current_or_next(after).unwrap().0.start,
                at(next),
                "{} after {d}",
                g.id
            );
        }
    }

    #[test]
    fn skipped_and_repeated_local_times_resolve_without_panicking() {
        let ny = chrono_tz::America::New_York;
        let local = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        // RFC 5545: a time the clocks skip is read with the offset before the change
        // (2:30 EST, i.e. 3:30 EDT); one they repeat is the first.
        assert_eq!(
            resolve_local(ny, local("2026-03-08 02:30")),
            at("2026-03-08T07:30:00Z")
        );
        assert!(clock_change_note(ny, local("2026-03-08 02:30")).unwrap().contains(
            "does not exist in America/New_York: the clocks go forward that night. It is held at 3:30 AM EDT on Sunday 2026-03-08 (07:30 UTC)"
        ));
        assert!(clock_change_note(ny, local("2026-11-01 01:30")).unwrap().contains(
            "happens twice in America/New_York: the clocks go back that night. It is held at the first, 1:30 AM EDT on Sunday 2026-11-01 (05:30 UTC)"
        ));
        assert_eq!(clock_change_note(ny, local("2026-03-08 03:30")), None);
        assert_eq!(
            resolve_local(ny, local("2026-11-01 01:30")),
            at("2026-11-01T05:30:00Z")
        );
        let sunday = defaults::find("sunday-service-florida").unwrap();
        for instant in [
            "2026-03-08T07:30:00Z",
            "2026-11-01T05:45:00Z",
            "2026-11-01T06:45:00Z",
            "2027-03-14T07:15:00Z",
            "2027-11-07T06:15:00Z",
        ] {
            let (o, live) = sunday.current_or_next(at(instant)).unwrap();
            assert!(!live);
            assert_eq!(
                o.start.with_timezone(&ny).format("%H:%M").to_string(),
                "12:00",
                "{instant}"
            );
            assert_eq!(
                o.start.with_timezone(&ny).date_naive(),
                at(instant).with_timezone(&ny).date_naive(),
                "{instant}: same Sunday"
            );
        }
    }

    #[test]
    fn upcoming_lists_consecutive_weeks() {
        let list = europe().upcoming(at("2026-03-20T00:00:00Z"), 3);
        assert_eq!(
            list.iter().map(|d| d.occurrence.start).collect::<Vec<_>>(),
            [
                at("2026-03-25T18:00:00Z"),
                at("2026-04-01T17:00:00Z"),
                at("2026-04-08T17:00:00Z")
            ]
        );
    }

    #[test]
    fn repeats_read_as_written_and_monthly_dates_fall_on_the_nth_weekday() {
        assert_eq!(
            Repeat::parse("every Wednesday"),
            Some(Repeat::Weekly(Weekday::Wed))
        );
        assert_eq!(
            Repeat::parse("First saturday"),
            Some(Repeat::Monthly {
                nth: 1,
                weekday: Weekday::Sat
            })
        );
        assert_eq!(
            Repeat::parse("last Sunday"),
            Some(Repeat::Monthly {
                nth: -1,
                weekday: Weekday::Sun
            })
        );
        assert_eq!(Repeat::parse("fifth Monday"), None);
        assert_eq!(Repeat::parse("Wednesday"), None);
        let first_sat = Repeat::Monthly {
            nth: 1,
            weekday: Weekday::Sat,
        };
        assert!(first_sat.holds_on(day("2027-01-02")));
        assert!(!first_sat.holds_on(day("2027-01-09")));
        assert!(first_sat.holds_on(day("2027-02-06")));
        assert_eq!(first_sat.rrule(), "FREQ=MONTHLY;BYDAY=1SA");
        let last_sun = Repeat::Monthly {
            nth: -1,
            weekday: Weekday::Sun,
        };
        assert!(last_sun.holds_on(day("2027-01-31")));
        assert!(!last_sun.holds_on(day("2027-01-24")));
        assert_eq!(last_sun.rrule(), "FREQ=MONTHLY;BYDAY=-1SU");
    }

    #[test]
    fn a_skip_passes_to_the_next_week_and_a_move_keeps_its_place_in_the_order() {
        let mut g = study();
        g.skips.push(Skip {
            date: day("2026-11-25"),
            reason: "Thanksgiving".into(),
        });
        let now = g.now(at("2026-11-25T19:05:00-05:00")).unwrap();
        assert!(!now.live);
        assert_eq!(now.held.occurrence.start, at("2026-12-02T19:00:00-05:00"));
        assert_eq!(now.skipped.len(), 1);
        assert_eq!(now.skipped[0].reason, "Thanksgiving");
        // A New York week when Berlin has not changed its clocks: moved to Thursday 19:30.
        g.moves.push(Move {
            date: day("2027-03-17"),
            to: day("2027-03-18").and_hms_opt(19, 30, 0).unwrap(),
            place: None,
            reason: "Pastor travelling".into(),
        });
        let now = g.now(at("2027-03-17T12:00:00Z")).unwrap();
        assert_eq!(now.held.state, State::Moved);
        assert_eq!(now.held.occurrence.start, at("2027-03-18T23:30:00Z"));
        let dates: Vec<_> = g
            .upcoming(at("2027-03-10T00:00:00Z"), 3)
            .iter()
            .map(|d| d.date)
            .collect();
        assert_eq!(
            dates,
            [day("2027-03-10"), day("2027-03-17"), day("2027-03-24")]
        );
    }

    #[test]
    fn first_and_last_dates_bound_the_series_and_a_soon_one_has_none() {
        let mut g = defaults::find("north-monthly").unwrap();
        assert!(g.soon);
        assert!(g.now(at("2026-11-24T00:00:00Z")).is_none());
        g.soon = false;
        g.first = Some(day("2027-01-02"));
        g.last = Some(day("2027-03-06"));
        let list = g.upcoming(at("2026-11-24T00:00:00Z"), 5);
        assert_eq!(
            list.iter().map(|d| d.date).collect::<Vec<_>>(),
            [day("2027-01-02"), day("2027-02-06"), day("2027-03-06")]
        );
        assert!(
            g.now(at("2027-03-07T00:00:00Z")).is_none(),
            "past its last date"
        );
        assert_eq!(
            g.changes_after(at("2026-11-24T00:00:00Z")),
            Some(at("2027-01-02T00:00:00-05:00")),
            "the first date comes"
        );
    }
}
