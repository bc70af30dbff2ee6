//! `/api/schedule` and `/calendar/<id>.ics` against each other: every calendar file,
//! read by a real iCalendar parser (the icalendar crate, its recurrences expanded by
//! rrule), names the same instants that the schedule API gives week after week,
//! across the clock changes.
use crate::common;

use chrono::{DateTime, Duration, Utc};
use common::{Server, client};
use icalendar::{Calendar, Component, EventLike, Tz};
use reqwest::StatusCode;
use serde_json::Value;

const IDS: [&str; 5] = [
    "bible-study",
    "europe-bible-study",
    "bible-study-pakistan",
    "sunday-service-florida",
    "sunday-service-pakistan",
];

async fn schedule_at(server: &Server, at: DateTime<Utc>) -> Value {
    let (status, body) = server
        .get_json(&format!(
            "/api/schedule?at={}",
            at.to_rfc3339().replace('+', "%2B")
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    body
}

fn start_of(schedule: &Value, id: &str) -> DateTime<Utc> {
    let g = common::gathering(schedule, id);
    DateTime::parse_from_rfc3339(g["start"].as_str().unwrap())
        .unwrap()
        .with_timezone(&Utc)
}

#[tokio::test]
async fn each_calendar_file_repeats_what_the_schedule_api_says() {
    let server = Server::start();
    for id in IDS {
        let response = client()
            .get(server.url(&format!("/calendar/{id}.ics")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{id}");
        assert_eq!(
            response.headers()["content-type"],
            "text/calendar; charset=utf-8"
        );
        let text = response.text().await.unwrap();
        assert!(
            text.lines().all(|l| l.len() <= 76),
            "{id}: lines fold at 75 octets"
        );
        assert!(text.contains("\r\n"), "{id}: CRLF line ends");

        let calendar: Calendar = text
            .parse()
            .unwrap_or_else(|e| panic!("{id} does not parse: {e}"));
        let event = calendar
            .events()
            .next()
            .unwrap_or_else(|| panic!("{id}: no VEVENT"));
        assert_eq!(
            event.get_uid(),
            Some(format!("{id}@thewell").as_str()),
            "a stable UID"
        );
        assert!(
            text.contains("BEGIN:VTIMEZONE"),
            "{id}: its time zone is described"
        );
        let recurrence = event
            .get_recurrence()
            .unwrap_or_else(|e| panic!("{id}: no recurrence: {e:?}"));

        // Two stretches that cross the clock changes of both continents.
        // (Each starts at a Thursday or Monday noon UTC, when nothing is live.)
        for from in ["2026-10-15T12:00:00Z", "2027-03-01T12:00:00Z"] {
            let from = DateTime::parse_from_rfc3339(from)
                .unwrap()
                .with_timezone(&Utc);
            let expanded: Vec<DateTime<Utc>> = recurrence
                .clone()
                .after(from.with_timezone(&Tz::UTC))
                .all(6)
                .dates
                .iter()
                .map(|d| d.with_timezone(&Utc))
                .collect();
            assert_eq!(expanded.len(), 6);
            let mut at = from;
            for occurrence in expanded {
                let api = start_of(&schedule_at(&server, at).await, id);
                assert_eq!(
                    occurrence, api,
                    "{id}: the calendar and the schedule disagree after {at}"
                );
                at = api + Duration::hours(2); // past this one's end: the next is asked for
            }
        }
    }
}

#[tokio::test]
async fn the_schedule_api_answers_now_by_default_and_refuses_a_bad_instant() {
    let server = Server::start();
    let (_, body) = server.get_json("/api/schedule").await;
    let at = DateTime::parse_from_rfc3339(body["at"].as_str().unwrap()).unwrap();
    assert!((Utc::now() - at.with_timezone(&Utc)).num_seconds().abs() < 60);
    assert_eq!(body["gatherings"].as_array().unwrap().len(), IDS.len());
    for g in body["gatherings"].as_array().unwrap() {
        for key in ["id", "zone", "live", "start", "end", "label"] {
            assert!(!g[key].is_null(), "{key} in {g}");
        }
        // The next eight, a week apart, each after the one before (a phone offline reads them).
        let later = g["later"].as_array().unwrap();
        assert_eq!(later.len(), 8, "{g}");
        let mut previous = DateTime::parse_from_rfc3339(g["end"].as_str().unwrap()).unwrap();
        for o in later {
            let start = DateTime::parse_from_rfc3339(o["start"].as_str().unwrap()).unwrap();
            let end = DateTime::parse_from_rfc3339(o["end"].as_str().unwrap()).unwrap();
            assert!(start >= previous && end > start, "{o}");
            let days = (start - previous).num_hours();
            assert!((6 * 24..=7 * 24 + 1).contains(&days), "a week apart: {o}");
            assert!(!o["label"].as_str().unwrap().is_empty());
            previous = end;
        }
    }

    let (status, error) = server.get_json("/api/schedule?at=next-wednesday").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["error"].as_str().unwrap().contains("RFC 3339"),
        "{error}"
    );

    let (_, live) = server
        .get_json("/api/schedule?at=2026-11-18T19:00:00-05:00")
        .await;
    let study = common::gathering(&live, "bible-study");
    assert_eq!(study["live"], true);
    assert_eq!(study["label"], "7:00 PM EST");
    assert_eq!(study["start"], "2026-11-19T00:00:00Z");
    assert_eq!(study["end"], "2026-11-19T01:30:00Z");

    let missing = client()
        .get(server.url("/calendar/choir.ics"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

/// The span of `zone` in force at `t`: (offset minutes, abbreviation).
fn span_at(schedule: &Value, zone: &str, t: DateTime<Utc>) -> (i64, String) {
    let spans = schedule["zones"][zone]
        .as_array()
        .unwrap_or_else(|| panic!("no spans for {zone}"));
    let mut found = None;
    for s in spans {
        let from = DateTime::parse_from_rfc3339(s["from"].as_str().unwrap()).unwrap();
        if from <= t {
            found = Some((
                s["offset"].as_i64().unwrap(),
                s["abbreviation"].as_str().unwrap().to_string(),
            ));
        }
    }
    found.unwrap_or_else(|| panic!("no span of {zone} covers {t}"))
}

#[tokio::test]
async fn the_zones_offsets_read_each_label_across_a_clock_change() {
    let server = Server::start();
    // Eight weeks after February 20 cross the March clock changes (US, then Europe).
    for at in ["2026-02-20T12:00:00Z", "2026-10-10T12:00:00Z"] {
        let at = DateTime::parse_from_rfc3339(at)
            .unwrap()
            .with_timezone(&Utc);
        let schedule = schedule_at(&server, at).await;
        let mut changes = 0;
        for g in schedule["gatherings"].as_array().unwrap() {
            let zone = g["zone"].as_str().unwrap();
            let spans = schedule["zones"][zone].as_array().unwrap();
            // From a day before the instant asked about, a year and more ahead.
            let first = DateTime::parse_from_rfc3339(spans[0]["from"].as_str().unwrap()).unwrap();
            assert_eq!(first.with_timezone(&Utc), at - Duration::days(1));
            let mut previous = None;
            for o in std::iter::once(g).chain(g["later"].as_array().unwrap()) {
                let start = DateTime::parse_from_rfc3339(o["start"].as_str().unwrap())
                    .unwrap()
                    .with_timezone(&Utc);
                let (offset, abbreviation) = span_at(&schedule, zone, start);
                // The label, '7:00 PM EDT', is what the offset makes of the instant.
                let local = (start + Duration::minutes(offset)).naive_utc();
                let expected = format!("{} {abbreviation}", local.format("%-I:%M %p"));
                assert_eq!(o["label"].as_str().unwrap(), expected, "{zone} at {start}");
                if previous.is_some_and(|p| p != offset) {
                    changes += 1;
                }
                previous = Some(offset);
            }
        }
        // Florida, Europe and both US-zone studies change; Pakistan does not.
        assert!(changes >= 3, "{changes} clock changes seen from {at}");
    }
}

/// The occurrences a calendar file holds from `from` to `to`, as Python's icalendar
/// with recurring-ical-events reads them (frontend/e2e/files/ics_occurrences.py).
fn python_occurrences(ics: &str, from: &str, to: &str) -> Vec<String> {
    use std::io::Write;
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/frontend/e2e/files/ics_occurrences.py"
    );
    let mut child = std::process::Command::new("/usr/bin/python3")
        .args([script, from, to])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 (apt-get install python3-icalendar python3-recurring-ical-events)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(ics.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let found: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    found
        .iter()
        .map(|o| o["start"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn moves_into_both_clock_changes_name_one_instant_in_the_api_the_calendar_and_python() {
    let server = Server::start();
    let dir = server.data_dir();
    // 2:30 on 2027-03-14 does not exist in New York; 1:30 on 2027-11-07 happens twice.
    let moves = [
        (
            "2027-03-10",
            "2027-03-14 02:30",
            "does not exist",
            "2027-03-14T07:30:00Z",
            "3:30 AM EDT",
        ),
        (
            "2027-11-03",
            "2027-11-07 01:30",
            "happens twice",
            "2027-11-07T05:30:00Z",
            "1:30 AM EDT",
        ),
    ];
    for (date, to, said, ..) in moves {
        // The day and time quoted as one word, as `notice add --until` takes it.
        let (ok, out, err) =
            common::thewell(&dir, &["schedule", "move", "bible-study", date, "--to", to]);
        assert!(ok, "{err}");
        assert!(out.contains(said), "{out}");
    }
    let (ok, out, err) = common::thewell(
        &dir,
        &[
            "schedule",
            "move",
            "bible-study",
            "2027-03-17",
            "--to",
            "2027-03-18",
            "19:30",
        ],
    );
    assert!(ok && !out.contains("Note:"), "{out}{err}");
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let ics = server.get_text("/calendar/bible-study.ics").await;
    for (_, _, _, instant, label) in moves {
        let instant = DateTime::parse_from_rfc3339(instant)
            .unwrap()
            .with_timezone(&Utc);
        let api = schedule_at(&server, instant - Duration::days(1)).await;
        assert_eq!(start_of(&api, "bible-study"), instant);
        assert_eq!(common::gathering(&api, "bible-study")["label"], label);
        assert_eq!(common::gathering(&api, "bible-study")["state"], "moved");
    }
    // Occurrence by occurrence, across both months, the API and Python agree.
    for (from, to) in [
        ("2027-03-01T00:00:00Z", "2027-03-31T00:00:00Z"),
        ("2027-10-25T00:00:00Z", "2027-11-25T00:00:00Z"),
    ] {
        let python = python_occurrences(&ics, from, to);
        let end = DateTime::parse_from_rfc3339(to)
            .unwrap()
            .with_timezone(&Utc);
        let mut at = DateTime::parse_from_rfc3339(from)
            .unwrap()
            .with_timezone(&Utc);
        let mut api = Vec::new();
        loop {
            let start = start_of(&schedule_at(&server, at).await, "bible-study");
            if start >= end {
                break;
            }
            api.push(start.format("%Y-%m-%dT%H:%M:%SZ").to_string());
            at = start + Duration::hours(2);
        }
        assert_eq!(python, api, "{from} to {to}\n{ics}");
        assert!(api.len() >= 4, "{api:?}");
    }
}

#[tokio::test]
async fn the_calendar_sequence_rises_with_each_edit_and_a_new_meeting_link() {
    let server = Server::start();
    let dir = server.data_dir();
    let sequence = |ics: &str| -> i64 {
        ics.lines()
            .find_map(|l| l.strip_prefix("SEQUENCE:"))
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    let mut seen = vec![sequence(
        &server.get_text("/calendar/bible-study.ics").await,
    )];
    let edits: [&[&str]; 3] = [
        &[
            "schedule",
            "skip",
            "bible-study",
            "2027-01-06",
            "--reason",
            "Epiphany",
        ],
        &[
            "schedule",
            "skip",
            "bible-study",
            "2027-01-13",
            "--reason",
            "Retreat",
        ],
        &[
            "site",
            "set",
            "meeting-url",
            "https://meet.example.org/the-well",
        ],
    ];
    for args in edits {
        // Two edits a second or so apart, well within one minute.
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let (ok, _, err) = common::thewell(&dir, args);
        assert!(ok, "{err}");
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let ics = server.get_text("/calendar/bible-study.ics").await;
        let now = sequence(&ics);
        assert!(
            now > *seen.last().unwrap(),
            "{args:?}: {seen:?} then {now}\n{ics}"
        );
        seen.push(now);
    }
    assert!(
        server
            .get_text("/calendar/bible-study.ics")
            .await
            .contains("URL:https://meet.example.org/the-well")
    );
}
