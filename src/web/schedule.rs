//! What the server publishes about the schedule: `GET /api/schedule?at=<instant>`
//! (each gathering live or next, as JSON of `schedule::ScheduleNow`) and
//! `GET /calendar/<id>.ics` (a weekly series, see `ics`), and
//! `GET /calendar/events.ics` (the coming events of the content files).
use std::sync::Arc;

use chrono::{DateTime, SecondsFormat, Utc};
use poem::http::header;
use poem::web::{Data, Path};
use poem::{IntoResponse, Request, Response, handler};
use serde::Deserialize;

use super::error::{WebError, not_found};
use super::files::ics::ics;
use crate::published::Live;
use crate::schedule::{GATHERINGS, GatheringNow, LATER_SHOWN, LaterOccurrence, ScheduleNow, find};
use crate::settings::Key;

#[derive(Debug, Deserialize)]
struct ScheduleQuery {
    at: Option<String>,
}

/// The calendar file of a gathering.
fn calendar_path(id: &str) -> String {
    format!("/calendar/{id}.ics")
}

/// `GET /api/schedule?at=<RFC 3339>`; `at` defaults to now.
#[handler]
pub fn schedule(req: &Request, live: Data<&Arc<Live>>) -> Response {
    let at = match req.params::<ScheduleQuery>().map(|q| q.at) {
        Ok(None) => Utc::now(),
        Ok(Some(raw)) => match DateTime::parse_from_rfc3339(raw.trim()) {
            Ok(t) => t.with_timezone(&Utc),
            Err(_) => return WebError::BadInstant(raw.chars().take(60).collect()).into_response(),
        },
        Err(_) => {
            return WebError::BadInstant(
                req.uri().query().unwrap_or("").chars().take(60).collect(),
            )
            .into_response();
        }
    };
    let snap = live.current();
    let meeting = snap.get(Key::MeetingUrl);
    let stamp = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    let gatherings = GATHERINGS
        .iter()
        .map(|g| {
            let (occurrence, live) = g.current_or_next(at);
            GatheringNow {
                id: g.id.into(),
                name: g.name.into(),
                zone: g.zone.name().into(),
                live,
                start: stamp(occurrence.start),
                end: stamp(occurrence.end),
                label: g.label(&occurrence),
                meeting_url: g.online.then(|| meeting.to_string()),
                calendar: calendar_path(g.id),
                later: g
                    .occurrences_from(occurrence.end, LATER_SHOWN)
                    .iter()
                    .map(|o| LaterOccurrence {
                        start: stamp(o.start),
                        end: stamp(o.end),
                        label: g.label(o),
                    })
                    .collect(),
            }
        })
        .collect();
    let body = ScheduleNow {
        at: stamp(at),
        gatherings,
    };
    Response::builder()
        .content_type("application/json")
        .header(header::CACHE_CONTROL, "no-store")
        .body(serde_json::to_string(&body).expect("plain data serializes"))
}

/// The calendar of the coming events of the content files.
const EVENTS_CALENDAR: &str = "events.ics";

/// `GET /calendar/<id>.ics`, and `/calendar/events.ics`.
#[handler]
pub fn calendar(Path(file): Path<String>, live: Data<&Arc<Live>>) -> Response {
    if file == EVENTS_CALENDAR {
        let snap = live.current();
        let now = Utc::now();
        return Response::builder()
            .content_type("text/calendar; charset=utf-8")
            .header(
                header::CONTENT_DISPOSITION,
                "inline; filename=\"events.ics\"",
            )
            .header(header::CACHE_CONTROL, "public, max-age=300")
            .body(super::files::ics::events_ics(
                &snap.library.upcoming(now),
                now,
            ));
    }
    let gathering = file.strip_suffix(".ics").and_then(find);
    match gathering {
        Some(g) => Response::builder()
            .content_type("text/calendar; charset=utf-8")
            .header(
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{}.ics\"", g.id),
            )
            .header(header::CACHE_CONTROL, "public, max-age=3600")
            .body(ics(
                g,
                g.online
                    .then(|| live.current().get(Key::MeetingUrl).to_string())
                    .as_deref(),
            )),
        None => not_found(format!(
            "No calendar named {file}. Calendars: {}.",
            GATHERINGS
                .iter()
                .map(|g| format!("{}.ics", g.id))
                .chain([EVENTS_CALENDAR.to_string()])
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
