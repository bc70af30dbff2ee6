//! The ministry's regular gatherings as data (weekday, local start, duration, IANA
//! zone), and the time arithmetic on them: which occurrence is live or next at an
//! instant, with calendar arithmetic on local dates (never "+ 7 days" on a zoned
//! time) and explicit handling of the local times a clock change skips or repeats.
use chrono::{
    DateTime, Datelike, Days, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone,
    Utc, Weekday,
};
use chrono_tz::Tz;
use serde::Serialize;

/// One regular gathering.
#[derive(Debug)]
pub struct Gathering {
    /// The id in `/api/schedule` and `/calendar/<id>.ics`.
    pub id: &'static str,
    pub name: &'static str,
    pub weekday: Weekday,
    /// Local start time (hour, minute).
    pub start: (u32, u32),
    pub minutes: i64,
    pub zone: Tz,
    pub location: &'static str,
    /// Whether it meets online, at the meeting link of the site's settings (`meeting-url`).
    pub online: bool,
}

pub static GATHERINGS: &[Gathering] = &[
    Gathering {
        id: "bible-study",
        name: "The Well Global Bible Study",
        weekday: Weekday::Wed,
        start: (19, 0),
        minutes: 90,
        zone: chrono_tz::America::New_York,
        location: "Online",
        online: true,
    },
    Gathering {
        id: "europe-bible-study",
        name: "The Well Europe Bible Study",
        weekday: Weekday::Wed,
        start: (19, 0),
        minutes: 90,
        zone: chrono_tz::Europe::Berlin,
        location: "Online",
        online: true,
    },
    Gathering {
        id: "bible-study-pakistan",
        name: "The Well Pakistan Bible Study",
        weekday: Weekday::Wed,
        start: (19, 0),
        minutes: 90,
        zone: chrono_tz::Asia::Karachi,
        location: "In person, Pakistan (contact the ministry for directions)",
        online: false,
    },
    Gathering {
        id: "sunday-service-florida",
        name: "The Well Sunday Service",
        weekday: Weekday::Sun,
        start: (12, 0),
        minutes: 90,
        zone: chrono_tz::America::New_York,
        location: "1520 NW 65th Ave, Plantation, FL",
        online: false,
    },
    Gathering {
        id: "sunday-service-pakistan",
        name: "The Well Pakistan Sunday Service",
        weekday: Weekday::Sun,
        start: (10, 0),
        minutes: 90,
        zone: chrono_tz::Asia::Karachi,
        location: "In person, Pakistan (contact the ministry for directions)",
        online: false,
    },
];

pub fn find(id: &str) -> Option<&'static Gathering> {
    GATHERINGS.iter().find(|g| g.id == id)
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
    /// Its IANA time zone, e.g. America/New_York.
    pub zone: String,
    pub live: bool,
    /// UTC instants (RFC 3339) of the current occurrence when live, else of the next one.
    pub start: String,
    pub end: String,
    /// Local start time with the zone's abbreviation on that date, e.g. '7:00 PM EDT'.
    pub label: String,
    /// The meeting link of an online gathering.
    pub meeting_url: Option<String>,
    /// Its calendar file.
    pub calendar: String,
    /// The occurrences after this one (LATER_SHOWN of them), so that a phone that
    /// saved this answer can still say when it meets while it has no signal.
    pub later: Vec<LaterOccurrence>,
}

/// How many occurrences after the current or next one `GET /api/schedule` lists.
pub const LATER_SHOWN: usize = 8;

/// One occurrence after the current or next one: UTC instants and the local label.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LaterOccurrence {
    pub start: String,
    pub end: String,
    /// As `GatheringNow::label`, on that date (a clock change alters the abbreviation).
    pub label: String,
}

/// The answer of `GET /api/schedule`: the instant asked about and every gathering then.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ScheduleNow {
    pub at: String,
    pub gatherings: Vec<GatheringNow>,
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
}

/// The instant a local wall-clock time names in `zone`: the earlier one when a clock
/// change repeats it, the first valid minute after the gap when a change skips it.
pub fn resolve_local(zone: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(earlier, _) => earlier.with_timezone(&Utc),
        LocalResult::None => (1..=24 * 60)
            .find_map(|m| {
                zone.from_local_datetime(&(local + Duration::minutes(m)))
                    .earliest()
            })
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_else(|| local.and_utc()),
    }
}

impl Gathering {
    fn local_start(&self) -> NaiveTime {
        NaiveTime::from_hms_opt(self.start.0, self.start.1, 0).expect("valid start time")
    }

    /// The occurrence held on a local date (which must be the gathering's weekday).
    pub fn occurrence_on(&self, date: NaiveDate) -> Occurrence {
        let start = resolve_local(self.zone, date.and_time(self.local_start()));
        Occurrence {
            start,
            end: start + Duration::minutes(self.minutes),
        }
    }

    /// The occurrence live at `t`, else the next one to start after `t`.
    pub fn current_or_next(&self, t: DateTime<Utc>) -> (Occurrence, bool) {
        let today = t.with_timezone(&self.zone).date_naive();
        // Yesterday (a late gathering still running) through a week ahead, by calendar days.
        let occurrence = (0..=8u64)
            .filter_map(|i| {
                today
                    .checked_sub_days(Days::new(1))
                    .and_then(|d| d.checked_add_days(Days::new(i)))
            })
            .filter(|d| d.weekday() == self.weekday)
            .map(|d| self.occurrence_on(d))
            .find(|o| o.is_live_at(t) || o.start > t)
            .expect("a weekly gathering occurs within eight days");
        (occurrence, occurrence.is_live_at(t))
    }

    /// The local start time with the zone's abbreviation on that date: '7:00 PM EDT'.
    pub fn label(&self, occurrence: &Occurrence) -> String {
        occurrence
            .start
            .with_timezone(&self.zone)
            .format("%-I:%M %p %Z")
            .to_string()
    }

    /// The next `count` occurrences starting at or after `from`.
    pub fn occurrences_from(&self, from: DateTime<Utc>, count: usize) -> Vec<Occurrence> {
        let mut date = from.with_timezone(&self.zone).date_naive();
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            if date.weekday() == self.weekday {
                let o = self.occurrence_on(date);
                if o.start >= from {
                    out.push(o);
                }
            }
            date = date.succ_opt().expect("date in range");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn study() -> &'static Gathering {
        find("bible-study").unwrap()
    }

    fn europe() -> &'static Gathering {
        find("europe-bible-study").unwrap()
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
            assert_eq!(study().current_or_next(at(instant)).1, live, "{instant}");
        }
        let (o, _) = study().current_or_next(at("2026-11-18T20:31:00-05:00"));
        assert_eq!(
            o.start,
            at("2026-11-25T19:00:00-05:00"),
            "the next week's study after the end"
        );
        let (o, _) = study().current_or_next(at("2026-11-18T20:30:59-05:00"));
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
        for (day, ny, berlin) in weeks {
            let date = NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap();
            let (a, b) = (
                study().occurrence_on(date).start,
                europe().occurrence_on(date).start,
            );
            assert_eq!((a, b), (at(ny), at(berlin)), "{day}");
            assert_eq!(a - b, Duration::hours(5), "{day}: five hours apart");
        }
        // And six hours apart outside those weeks.
        let date = NaiveDate::from_ymd_opt(2026, 11, 18).unwrap();
        assert_eq!(
            study().occurrence_on(date).start - europe().occurrence_on(date).start,
            Duration::hours(6)
        );
    }

    #[test]
    fn labels_name_the_zone_of_that_date() {
        let label = |g: &Gathering, day: &str| {
            g.label(&g.occurrence_on(NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap()))
        };
        assert_eq!(label(study(), "2026-03-04"), "7:00 PM EST");
        assert_eq!(label(study(), "2026-03-11"), "7:00 PM EDT");
        assert_eq!(label(europe(), "2026-03-25"), "7:00 PM CET");
        assert_eq!(label(europe(), "2026-04-01"), "7:00 PM CEST");
        assert_eq!(
            label(find("bible-study-pakistan").unwrap(), "2026-07-01"),
            "7:00 PM PKT"
        );
    }

    #[test]
    fn across_each_clock_change_the_next_study_is_a_calendar_week_later() {
        // Each pair: a study just before a change and the next one after it.
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
        for (g, day, next) in pairs {
            let date = NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap();
            let after = g.occurrence_on(date).end + Duration::minutes(1);
            assert_eq!(
                g.current_or_next(after).0.start,
                at(next),
                "{} after {day}",
                g.id
            );
        }
    }

    #[test]
    fn skipped_and_repeated_local_times_resolve_without_panicking() {
        let ny = chrono_tz::America::New_York;
        let local = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        // 02:30 does not exist on 2026-03-08: the first valid minute after the gap is 03:00 EDT.
        assert_eq!(
            resolve_local(ny, local("2026-03-08 02:30")),
            at("2026-03-08T07:00:00Z")
        );
        // 01:30 happens twice on 2026-11-01: the earlier (EDT) one is taken.
        assert_eq!(
            resolve_local(ny, local("2026-11-01 01:30")),
            at("2026-11-01T05:30:00Z")
        );
        // Instants inside those Sunday-morning hours: the Sunday service that day is still next.
        let sunday = find("sunday-service-florida").unwrap();
        for instant in [
            "2026-03-08T07:30:00Z",
            "2026-11-01T05:45:00Z",
            "2026-11-01T06:45:00Z",
            "2027-03-14T07:15:00Z",
            "2027-11-07T06:15:00Z",
        ] {
            let (o, live) = sunday.current_or_next(at(instant));
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
    fn occurrences_from_lists_consecutive_weeks() {
        let list = europe().occurrences_from(at("2026-03-20T00:00:00Z"), 3);
        assert_eq!(
            list.iter().map(|o| o.start).collect::<Vec<_>>(),
            [
                at("2026-03-25T18:00:00Z"),
                at("2026-04-01T17:00:00Z"),
                at("2026-04-08T17:00:00Z")
            ]
        );
    }
}
