//! iCalendar files (RFC 5545) of the regular gatherings (one weekly series in the
//! gathering's own zone, with that zone's rules written out as a VTIMEZONE), and of
//! the coming events of the content files (each at its instants, in UTC).
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetName, Tz};

use crate::content::{Block, Event, Item};
use crate::schedule::{Gathering, ical_day};

/// The first week of every published series (a fixed date keeps the file stable).
const SERIES_FROM: (i32, u32, u32) = (2026, 1, 1);

/// Text values escape backslash, semicolon, comma and newline (RFC 5545 §3.3.11).
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
}

/// Lines end in CRLF and fold at 75 octets (RFC 5545 §3.1), never inside a character.
fn fold(line: &str, out: &mut String) {
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
}

fn offset_text(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let s = seconds.abs();
    format!("{sign}{:02}{:02}", s / 3600, (s % 3600) / 60)
}

/// The zone's rules for one year as VTIMEZONE sub-components: its offset changes
/// found by scanning the year, each written with a yearly RRULE (nth or last weekday).
fn vtimezone(zone: Tz, year: i32) -> Vec<String> {
    let offset_at = |t: DateTime<Utc>| zone.offset_from_utc_datetime(&t.naive_utc());
    let mut lines = vec![
        "BEGIN:VTIMEZONE".to_string(),
        format!("TZID:{}", zone.name()),
    ];
    let start = Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0).unwrap();
    let mut changes = Vec::new();
    let mut t = start;
    while t.year() == year {
        let next = t + Duration::hours(1);
        if offset_at(t).fix() != offset_at(next).fix() {
            // Narrow the change to the minute.
            let mut m = t;
            while offset_at(m).fix() == offset_at(t).fix() {
                m += Duration::minutes(1);
            }
            changes.push(m);
        }
        t = next;
    }
    if changes.is_empty() {
        let offset = offset_at(start);
        let seconds = offset.fix().local_minus_utc();
        lines.extend([
            "BEGIN:STANDARD".into(),
            "DTSTART:19700101T000000".into(),
            format!("TZOFFSETFROM:{}", offset_text(seconds)),
            format!("TZOFFSETTO:{}", offset_text(seconds)),
            format!("TZNAME:{}", offset.abbreviation().unwrap_or("")),
            "END:STANDARD".into(),
        ]);
    }
    for change in changes {
        let before = offset_at(change - Duration::minutes(1));
        let after = offset_at(change);
        let (from, to) = (
            before.fix().local_minus_utc(),
            after.fix().local_minus_utc(),
        );
        let kind = if to > from { "DAYLIGHT" } else { "STANDARD" };
        // DTSTART is the local time of the change in the offset before it.
        let local = (change + Duration::seconds(from as i64)).naive_utc();
        let date = local.date();
        let days_in_month = NaiveDate::from_ymd_opt(
            date.year() + (date.month() / 12) as i32,
            date.month() % 12 + 1,
            1,
        )
        .unwrap()
        .pred_opt()
        .unwrap()
        .day();
        let nth = if date.day() + 7 > days_in_month {
            "-1".to_string()
        } else {
            ((date.day() - 1) / 7 + 1).to_string()
        };
        let weekday = ical_day(date.weekday());
        lines.extend([
            format!("BEGIN:{kind}"),
            format!("DTSTART:{}", local.format("%Y%m%dT%H%M%S")),
            format!(
                "RRULE:FREQ=YEARLY;BYMONTH={};BYDAY={nth}{weekday}",
                date.month()
            ),
            format!("TZOFFSETFROM:{}", offset_text(from)),
            format!("TZOFFSETTO:{}", offset_text(to)),
            format!("TZNAME:{}", after.abbreviation().unwrap_or("")),
            format!("END:{kind}"),
        ]);
    }
    lines.push("END:VTIMEZONE".into());
    lines
}

/// The VTIMEZONE lines of a zone: computed once per zone, since they scan a year of
/// its offsets.
fn cached_vtimezone(zone: Tz) -> Arc<Vec<String>> {
    static ZONES: LazyLock<Mutex<HashMap<Tz, Arc<Vec<String>>>>> =
        LazyLock::new(|| Mutex::new(HashMap::new()));
    let mut zones = ZONES.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(
        zones
            .entry(zone)
            .or_insert_with(|| Arc::new(vtimezone(zone, SERIES_FROM.0 - 1))),
    )
}

/// The opening lines of a published calendar named `name`.
fn calendar_head(name: &str) -> Vec<String> {
    vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".into(),
        "PRODID:-//The Well//thewell//EN".into(),
        "CALSCALE:GREGORIAN".into(),
        "METHOD:PUBLISH".into(),
        format!("X-WR-CALNAME:{}", escape(name)),
    ]
}

/// The file's text: each line folded and ended with CRLF.
fn folded(lines: Vec<String>) -> String {
    let mut out = String::new();
    for line in lines {
        fold(&line, &mut out);
    }
    out
}

fn utc_stamp(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// Long text as one value: paragraphs apart, list items on their own lines.
pub fn plain_text(blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(|b| {
            if b.list {
                b.items
                    .iter()
                    .map(|i| format!("- {i}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            } else {
                b.items.join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The coming events as one calendar (`/calendar/events.ics`): a VEVENT each, its
/// UID the file's name, so a calendar that subscribed updates rather than doubles it.
pub fn events_ics(events: &[&Item<Event>], now: DateTime<Utc>) -> String {
    let mut lines = calendar_head("The Well: events");
    for item in events {
        let e = &item.value;
        let name = item.source.rsplit('/').next().unwrap_or(&item.source);
        lines.extend([
            "BEGIN:VEVENT".into(),
            format!("UID:{}@thewell", escape(name.trim_end_matches(".md"))),
            format!("DTSTAMP:{}", utc_stamp(now)),
            format!("DTSTART:{}", utc_stamp(e.starts())),
            format!("DTEND:{}", utc_stamp(e.ends())),
            format!("SUMMARY:{}", escape(&e.title)),
            format!("LOCATION:{}", escape(&e.place)),
            format!("DESCRIPTION:{}", escape(&plain_text(&e.text))),
        ]);
        if !e.link.is_empty() {
            lines.push(format!("URL:{}", e.link));
        }
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    folded(lines)
}

/// A local time as a calendar writes it in a zone: `;TZID=<zone>:20261125T190000`.
fn zoned(zone: Tz, local: NaiveDateTime) -> String {
    format!(";TZID={}:{}", zone.name(), local.format("%Y%m%dT%H%M%S"))
}

/// A local time that names one instant as `zoned` writes it; one that does not exist
/// (a spring-forward gap) or happens twice (a fall-back hour) as the instant the site
/// takes (`schedule::resolve_local`, RFC 5545's reading) in UTC: calendar readers
/// differ on such local times, and agree on a UTC one.
fn instant(zone: Tz, local: NaiveDateTime) -> String {
    match zone.from_local_datetime(&local) {
        chrono::LocalResult::Single(_) => zoned(zone, local),
        _ => format!(
            ":{}",
            utc_stamp(crate::schedule::resolve_local(zone, local))
        ),
    }
}

/// How an online gathering is joined: its meeting link, or none set yet.
pub enum Join {
    InPerson,
    Online(Option<String>),
}

/// Where `g` is joined, for its calendar events: the LOCATION, the URL (an online
/// one's meeting link, when the site has one) and the DESCRIPTION.
fn where_to_join(
    g: &Gathering,
    join: Join,
    site: &str,
) -> (String, Option<String>, Option<String>) {
    match join {
        Join::InPerson => (g.place.text().to_string(), None, None),
        Join::Online(Some(url)) => (
            url.clone(),
            Some(url.clone()),
            Some(format!("Join online: {url}")),
        ),
        Join::Online(None) => {
            let page = crate::campuses::campus(&g.campus)
                .and_then(|c| c.routes.last())
                .copied()
                .unwrap_or("/bible-study");
            (
                "Online".to_string(),
                None,
                Some(format!(
                    "Online. The meeting link will be on {}{page} when the study is live.",
                    site.trim_end_matches('/')
                )),
            )
        }
    }
}

/// The gathering as an iCalendar file: one series in its own zone (weekly, or monthly
/// on the nth weekday), its skipped dates as EXDATE, each moved date as an override
/// (RECURRENCE-ID), and SEQUENCE raised whenever its file changes, so calendars
/// that subscribed update. An online one carries its meeting link when the site has
/// one, else says where the link will be.
pub fn ics(g: &Gathering, join: Join, site: &str) -> String {
    let (y, m, d) = SERIES_FROM;
    let series_from = NaiveDate::from_ymd_opt(y, m, d).expect("a valid date");
    let from = g.first.map_or(series_from, |f| f.max(series_from));
    let first = from
        .iter_days()
        .take(400)
        .find(|day| g.meets_on(*day))
        .unwrap_or(from);
    let stamp = g.changed.map_or_else(
        || format!("{y:04}{m:02}{d:02}T000000Z"),
        |t| t.format("%Y%m%dT%H%M%SZ").to_string(),
    );
    // Seconds since the series began: grows with every change of the file (two
    // edits a minute apart, or a second), and of the meeting link it carries.
    let sequence = g.changed.map_or(0, |t| {
        (t - Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap())
            .num_seconds()
            .max(0)
    });
    let mut rrule = format!("RRULE:{}", g.repeat.rrule());
    if let Some(last) = g.last {
        let end = g.occurrence_on(last).start.format("%Y%m%dT%H%M%SZ");
        rrule.push_str(&format!(";UNTIL={end}"));
    }
    let (location, link, description) = where_to_join(g, join, site);
    let mut lines = calendar_head(&g.name);
    // The rules as of the year before the series, so they cover its first weeks.
    lines.extend(cached_vtimezone(g.zone).iter().cloned());
    let summary = format!("SUMMARY:{}", escape(&g.name));
    let duration = format!("DURATION:PT{}H{}M", g.minutes / 60, g.minutes % 60);
    let mut series = vec![
        "BEGIN:VEVENT".into(),
        format!("UID:{}@thewell", g.id),
        format!("DTSTAMP:{stamp}"),
        format!("SEQUENCE:{sequence}"),
        format!("DTSTART{}", zoned(g.zone, first.and_time(g.start))),
        duration.clone(),
        rrule,
    ];
    for skip in g.skips.iter().filter(|s| g.meets_on(s.date)) {
        series.push(format!(
            "EXDATE{}",
            zoned(g.zone, skip.date.and_time(g.start))
        ));
    }
    series.extend([summary.clone(), format!("LOCATION:{}", escape(&location))]);
    if let Some(url) = &link {
        series.push(format!("URL:{url}"));
    }
    if let Some(text) = &description {
        series.push(format!("DESCRIPTION:{}", escape(text)));
    }
    series.push("END:VEVENT".into());
    lines.extend(series);
    for moved in g.moves.iter().filter(|m| g.meets_on(m.date)) {
        let place = moved.place.as_deref().unwrap_or(&location);
        lines.extend([
            "BEGIN:VEVENT".into(),
            format!("UID:{}@thewell", g.id),
            format!("DTSTAMP:{stamp}"),
            format!("SEQUENCE:{sequence}"),
            format!(
                "RECURRENCE-ID{}",
                zoned(g.zone, moved.date.and_time(g.start))
            ),
            format!("DTSTART{}", instant(g.zone, moved.to)),
            duration.clone(),
            summary.clone(),
            format!("LOCATION:{}", escape(place)),
        ]);
        if let Some(url) = &link {
            lines.push(format!("URL:{url}"));
        }
        if !moved.reason.is_empty() {
            lines.push(format!(
                "DESCRIPTION:{}",
                escape(&format!("Moved: {}", moved.reason))
            ));
        }
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    folded(lines)
}
