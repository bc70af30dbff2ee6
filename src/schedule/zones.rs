//! Each zone's offsets from UTC over a window, for the pages' clocks: with them a
//! page reads a gathering's or a campus's time with plain arithmetic, and never loads
//! the browser's date-formatting data (one long task on a slow phone).
use chrono::{DateTime, Datelike, Duration, Offset, SecondsFormat, TimeZone, Utc};
use chrono_tz::{OffsetName, Tz};
use serde::Serialize;

/// How far past the instant asked about the spans reach: a phone that saved the
/// answer reads its later occurrences and clocks from it while it has no signal.
pub const ZONE_DAYS_AHEAD: i64 = 400;

/// One stretch of a zone's time at one offset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ZoneSpan {
    /// From this UTC instant (RFC 3339) until the next span's `from`.
    pub from: String,
    /// The zone's offset from UTC in minutes, east positive (EST: -300, PKT: 300).
    pub offset: i32,
    /// Its abbreviation then: "EST", "CEST", "PKT".
    pub abbreviation: String,
    /// Its name's key among the pages' zone names ("eastern"), or its IANA name
    /// (`zone_name`).
    pub name: String,
}

/// The zone's offset (minutes) and abbreviation at `t`.
pub fn reading(zone: Tz, t: DateTime<Utc>) -> (i32, String) {
    let offset = zone.offset_from_utc_datetime(&t.naive_utc());
    let minutes = offset.fix().local_minus_utc() / 60;
    let abbreviation = offset
        .abbreviation()
        .map(str::to_string)
        .unwrap_or_else(|| format!("UTC{:+}", minutes / 60));
    (minutes, abbreviation)
}

/// The zone's spans from `from` to `until`: the first starts at `from`, each next one
/// at the second its zone's clock changes.
pub fn spans(zone: Tz, from: DateTime<Utc>, until: DateTime<Utc>) -> Vec<ZoneSpan> {
    let span = |t: DateTime<Utc>, (offset, abbreviation): (i32, String)| ZoneSpan {
        from: t.to_rfc3339_opts(SecondsFormat::Secs, true),
        offset,
        abbreviation,
        name: zone_name(zone, t),
    };
    let mut out = vec![span(from, reading(zone, from))];
    let mut at = from;
    // Clocks change at most a few times a year, never twice in a day.
    while at < until {
        let next = at + Duration::days(1);
        if reading(zone, next) != reading(zone, at) {
            // The first second of the new reading, between `at` and `next`.
            let (mut before, mut after) = (at, next);
            while after - before > Duration::seconds(1) {
                let middle = before + (after - before) / 2;
                if reading(zone, middle) == reading(zone, at) {
                    before = middle;
                } else {
                    after = middle;
                }
            }
            out.push(span(after, reading(zone, after)));
        }
        at = next;
    }
    out
}

/// The keys of the zones people know, each named in every language's words.
pub const ZONE_KEYS: [&str; 7] = [
    "eastern",
    "central",
    "mountain",
    "pacific",
    "uk",
    "pakistan",
    "centralEuropean",
];

/// The zone's name among a vocabulary's `zones` (one of `ZONE_KEYS`: "eastern"), for
/// the zones people know.
pub fn zone_key(zone: Tz, at: DateTime<Utc>) -> Option<&'static str> {
    match zone.name() {
        "America/New_York" | "America/Detroit" | "America/Toronto" => Some("eastern"),
        "America/Chicago" => Some("central"),
        "America/Denver" => Some("mountain"),
        "America/Los_Angeles" => Some("pacific"),
        "Europe/London" | "Europe/Dublin" => Some("uk"),
        "Asia/Karachi" => Some("pakistan"),
        name if name.starts_with("Europe/") && zone_offset_hours(zone, at) == 1 => {
            Some("centralEuropean")
        }
        _ => None,
    }
}

/// What the pages' script names the zone by: its key among the vocabulary's `zones`,
/// else its IANA name (lib/wallclock.ts then says it with `otherZone`; src/schedule/words.rs names
/// it by the key too).
pub fn zone_name(zone: Tz, at: DateTime<Utc>) -> String {
    zone_key(zone, at).unwrap_or(zone.name()).to_string()
}

/// The zone's standard offset in whole hours (its offset in January).
fn zone_offset_hours(zone: Tz, at: DateTime<Utc>) -> i32 {
    use chrono::{Offset, TimeZone};
    let january = Utc
        .with_ymd_and_hms(at.year(), 1, 15, 12, 0, 0)
        .single()
        .unwrap_or(at);
    zone.offset_from_utc_datetime(&january.naive_utc())
        .fix()
        .local_minus_utc()
        / 3600
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn brief(spans: &[ZoneSpan]) -> Vec<(String, i32, String)> {
        spans
            .iter()
            .map(|s| (s.from.clone(), s.offset, s.abbreviation.clone()))
            .collect()
    }

    #[test]
    fn a_zone_changes_at_the_second_its_clocks_do() {
        let ny: Tz = "America/New_York".parse().unwrap();
        let found = spans(ny, utc("2026-03-01T00:00:00Z"), utc("2026-12-01T00:00:00Z"));
        assert_eq!(
            brief(&found),
            [
                ("2026-03-01T00:00:00Z".into(), -300, "EST".into()),
                // 2:00 AM EST on March 8 and 2:00 AM EDT on November 1.
                ("2026-03-08T07:00:00Z".into(), -240, "EDT".into()),
                ("2026-11-01T06:00:00Z".into(), -300, "EST".into()),
            ]
        );
        let berlin: Tz = "Europe/Berlin".parse().unwrap();
        let found = spans(
            berlin,
            utc("2026-03-01T00:00:00Z"),
            utc("2026-04-01T00:00:00Z"),
        );
        assert_eq!(
            found[1],
            ZoneSpan {
                from: "2026-03-29T01:00:00Z".into(),
                offset: 120,
                abbreviation: "CEST".into(),
                name: "centralEuropean".into(),
            }
        );
    }

    #[test]
    fn a_zone_without_clock_changes_is_one_span() {
        let karachi: Tz = "Asia/Karachi".parse().unwrap();
        let found = spans(
            karachi,
            utc("2026-01-01T00:00:00Z"),
            utc("2027-02-01T00:00:00Z"),
        );
        assert_eq!(
            brief(&found),
            [("2026-01-01T00:00:00Z".into(), 300, "PKT".into())]
        );
    }
}
