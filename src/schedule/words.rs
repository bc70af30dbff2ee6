//! The words the pages say about each gathering ("Wednesdays 7:00 PM ET", "every
//! Wednesday", "every Wednesday at 7:00 PM Eastern time", its place, the week it is skipped), made here
//! once: the server writes them into every page and the pages' script reads the same
//! words, so a page reads alike with and without JavaScript. A page names one as
//! `{<id>.<word>}` (frontend/src/lib/words.tsx).
use chrono::{DateTime, Duration, NaiveTime, Utc};
use chrono_tz::{OffsetName, Tz};

use super::{ANNOUNCE_DAYS, Gathering, Place, State, weekday_name};

/// The names people read for a zone: short ("ET") and long ("Eastern time").
pub fn zone_names(zone: Tz, at: DateTime<Utc>) -> (String, String) {
    let known = |short: &str, long: &str| (short.to_string(), long.to_string());
    match zone.name() {
        "America/New_York" | "America/Detroit" | "America/Toronto" => known("ET", "Eastern time"),
        "America/Chicago" => known("CT", "Central time"),
        "America/Denver" => known("MT", "Mountain time"),
        "America/Los_Angeles" => known("PT", "Pacific time"),
        "Europe/London" | "Europe/Dublin" => known("UK time", "UK time"),
        "Asia/Karachi" => known("PKT", "Pakistan time"),
        name if name.starts_with("Europe/") && zone_offset_hours(zone, at) == 1 => {
            known("Central European time", "Central European time")
        }
        name => {
            let abbreviation = at
                .with_timezone(&zone)
                .offset()
                .abbreviation()
                .unwrap_or(name)
                .to_string();
            (abbreviation.clone(), format!("{name} time"))
        }
    }
}

/// The zone's standard offset in whole hours (its offset in January).
fn zone_offset_hours(zone: Tz, at: DateTime<Utc>) -> i32 {
    use chrono::{Datelike, Offset, TimeZone};
    let january = Utc
        .with_ymd_and_hms(at.year(), 1, 15, 12, 0, 0)
        .single()
        .unwrap_or(at);
    zone.offset_from_utc_datetime(&january.naive_utc())
        .fix()
        .local_minus_utc()
        / 3600
}

/// "7:00 PM".
pub fn clock(t: NaiveTime) -> String {
    t.format("%-I:%M %p").to_string()
}

/// "7:00–8:30 PM", or "11:00 AM–12:30 PM" across noon.
fn clock_range(start: NaiveTime, end: NaiveTime) -> String {
    if start.format("%p").to_string() == end.format("%p").to_string() {
        format!("{}–{}", start.format("%-I:%M"), clock(end))
    } else {
        format!("{}–{}", clock(start), clock(end))
    }
}

/// "Wednesday, November 25".
pub fn long_date(date: chrono::NaiveDate) -> String {
    date.format("%A, %B %-d").to_string()
}

/// The words of `g` at `now`: its name, times, days, zone, place ("where"), the
/// address to go to ("address": empty while it is online or coming soon) and a note
/// of a week skipped or moved, or of its first date ahead.
pub fn of(g: &Gathering, now: DateTime<Utc>) -> Vec<(&'static str, String)> {
    let (short, long) = zone_names(g.zone, now);
    let weekday = weekday_name(g.repeat.weekday());
    let (day, days) = match g.repeat.ordinal() {
        None => (weekday.to_string(), format!("{weekday}s")),
        Some(o) => {
            let o = capitalized(o);
            (format!("{o} {weekday}"), format!("{o} {weekday}s"))
        }
    };
    let end = g.start + Duration::minutes(g.minutes);
    let time = format!("{} {short}", clock(g.start));
    let (when, hours, every, every_at) = if g.soon {
        (
            "Coming soon".into(),
            "Coming soon".into(),
            "soon".into(),
            "soon".into(),
        )
    } else {
        let every = match g.repeat.ordinal() {
            None => format!("every {weekday}"),
            Some(o) => format!("the {o} {weekday} of every month"),
        };
        let every_at = format!("{every} at {} {long}", clock(g.start));
        (
            match g.repeat.ordinal() {
                None => format!("{days} {time}"),
                Some(_) => format!("{day} of the month, {time}"),
            },
            format!("{days} · {} {long}", clock_range(g.start, end)),
            every,
            every_at,
        )
    };
    vec![
        ("name", g.name.clone()),
        ("when", when),
        ("hours", hours),
        ("every", every),
        ("every-at", every_at),
        ("day", day),
        ("days", days),
        ("time", time),
        ("zone", long),
        ("where", g.place.text().to_string()),
        (
            "address",
            match &g.place {
                Place::At(address) if !g.soon => address.clone(),
                _ => String::new(),
            },
        ),
        ("note", note(g, now)),
    ]
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What is different soon: the first date ahead, else the next skipped or moved
/// date within `ANNOUNCE_DAYS`, else nothing.
fn note(g: &Gathering, now: DateTime<Utc>) -> String {
    if g.soon {
        return String::new();
    }
    let today = now.with_timezone(&g.zone).date_naive();
    if let Some(first) = g.first
        && first > today
    {
        let first_held = g.upcoming(now, 1);
        let date = first_held.first().map_or(first, |d| d.date);
        return format!("Starting {}", long_date(date));
    }
    let soon = g.between(now, now + Duration::days(ANNOUNCE_DAYS));
    let Some(changed) = soon.iter().find(|d| d.state != State::Held) else {
        return String::new();
    };
    let why = if changed.reason.is_empty() {
        String::new()
    } else {
        format!(" ({})", changed.reason)
    };
    match changed.state {
        State::Skipped => format!("Not held on {}{why}", long_date(changed.date)),
        _ => {
            let local = changed.occurrence.start.with_timezone(&g.zone);
            let place = changed
                .place
                .as_ref()
                .map(|p| format!(", at {p}"))
                .unwrap_or_default();
            format!(
                "{} moved to {} at {}{place}{why}",
                long_date(changed.date),
                long_date(local.date_naive()),
                g.label(&changed.occurrence)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Move, Skip, defaults};
    use super::*;
    use chrono::NaiveDate;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn word(g: &Gathering, now: &str, name: &str) -> String {
        of(g, at(now))
            .into_iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1
    }

    #[test]
    fn the_built_in_words_are_the_sites_launch_words() {
        let g = defaults::find("bible-study").unwrap();
        let now = "2026-11-20T12:00:00Z";
        assert_eq!(word(&g, now, "when"), "Wednesdays 7:00 PM ET");
        assert_eq!(
            word(&g, now, "hours"),
            "Wednesdays · 7:00–8:30 PM Eastern time"
        );
        assert_eq!(word(&g, now, "every"), "every Wednesday");
        assert_eq!(
            word(&g, now, "every-at"),
            "every Wednesday at 7:00 PM Eastern time"
        );
        assert_eq!(word(&g, now, "note"), "");
        let europe = defaults::find("europe-bible-study").unwrap();
        assert_eq!(
            word(&europe, now, "when"),
            "Wednesdays 7:00 PM Central European time"
        );
        let sunday = defaults::find("sunday-service-florida").unwrap();
        assert_eq!(
            word(&sunday, now, "hours"),
            "Sundays · 12:00–1:30 PM Eastern time"
        );
        let north = defaults::find("north-monthly").unwrap();
        assert_eq!(word(&north, now, "when"), "Coming soon");
    }

    #[test]
    fn a_skip_a_move_and_a_first_date_are_announced() {
        let mut g = defaults::find("bible-study").unwrap();
        g.skips.push(Skip {
            date: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
            reason: "Thanksgiving".into(),
        });
        assert_eq!(word(&g, "2026-11-05T12:00:00Z", "note"), "");
        assert_eq!(
            word(&g, "2026-11-20T12:00:00Z", "note"),
            "Not held on Wednesday, November 25 (Thanksgiving)"
        );
        assert_eq!(word(&g, "2026-11-26T12:00:00Z", "note"), "");
        g.moves.push(Move {
            date: NaiveDate::from_ymd_opt(2027, 3, 17).unwrap(),
            to: NaiveDate::from_ymd_opt(2027, 3, 18)
                .unwrap()
                .and_hms_opt(19, 30, 0)
                .unwrap(),
            place: None,
            reason: String::new(),
        });
        assert_eq!(
            word(&g, "2027-03-10T12:00:00Z", "note"),
            "Wednesday, March 17 moved to Thursday, March 18 at 7:30 PM EDT"
        );
        let mut north = defaults::find("north-monthly").unwrap();
        // Coming soon: no address to go to yet, though it says where.
        assert_eq!(word(&north, "2026-11-24T12:00:00Z", "address"), "");
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "where"),
            "Delaware and Pennsylvania"
        );
        north.soon = false;
        north.place = Place::At("1 Main St, Wilmington, DE".into());
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "address"),
            "1 Main St, Wilmington, DE"
        );
        north.first = NaiveDate::from_ymd_opt(2027, 1, 2);
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "note"),
            "Starting Saturday, January 2"
        );
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "when"),
            "First Saturday of the month, 10:00 AM ET"
        );
        assert_eq!(word(&north, "2027-01-03T12:00:00Z", "note"), "");
    }
}
