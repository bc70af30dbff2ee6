//! What the server publishes about the schedule: `GET /api/schedule?at=<instant>`
//! (each gathering live or next, as JSON of `schedule::ScheduleNow`) and
//! `GET /calendar/<id>.ics` (a weekly series, see `ics`), and
//! `GET /calendar/events.ics` (the coming events of the content files).
use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, SecondsFormat, Utc};
use poem::http::header;
use poem::web::{Data, Path};
use poem::{IntoResponse, Request, Response, handler};
use serde::Deserialize;

use super::error::{WebError, not_found};
use super::files::ics::{Join, ics};
use crate::content::Item;
use crate::published::Live;
use crate::published::Snapshot;
use crate::schedule::zones::{ZONE_DAYS_AHEAD, spans};
use crate::schedule::{
    Dated, Gathering, GatheringNow, LATER_SHOWN, LaterOccurrence, Place, ScheduleNow,
};
use crate::settings::Key;

/// The meeting link, when the site has one (the placeholder is no meeting).
fn meeting_url(snap: &Snapshot) -> Option<String> {
    (!snap.is_placeholder(Key::MeetingUrl)).then(|| snap.get(Key::MeetingUrl).to_string())
}

#[derive(Debug, Deserialize)]
struct ScheduleQuery {
    at: Option<String>,
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
    let meeting = meeting_url(&snap);
    let stamp = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    // A date's reason in each other language its file gives one in.
    let reasons = |item: &Item<Gathering>, d: &Dated| -> BTreeMap<String, String> {
        item.in_language
            .iter()
            .map(|(code, g)| (code.clone(), g.dated(d.date).reason))
            .filter(|(_, reason)| !reason.is_empty() && *reason != d.reason)
            .collect()
    };
    let occurrence = |item: &Item<Gathering>, d: &Dated| LaterOccurrence {
        start: stamp(d.occurrence.start),
        end: stamp(d.occurrence.end),
        label: item.value.label(&d.occurrence),
        state: d.state.name().into(),
        reason: d.reason.clone(),
        reasons: reasons(item, d),
    };
    let gatherings = snap
        .library
        .gatherings
        .iter()
        .filter_map(|item| {
            let g = &item.value;
            let now = g.now(at)?;
            let held = &now.held;
            Some(GatheringNow {
                id: g.id.clone(),
                name: g.name.clone(),
                campus: g.campus.clone(),
                zone: g.zone.name().into(),
                live: now.live,
                start: stamp(held.occurrence.start),
                end: stamp(held.occurrence.end),
                label: g.label(&held.occurrence),
                state: held.state.name().into(),
                reason: held.reason.clone(),
                reasons: reasons(item, held),
                place: held
                    .place
                    .clone()
                    .unwrap_or_else(|| g.place.text().to_string()),
                meeting_url: (g.place == Place::Online)
                    .then(|| meeting.clone())
                    .flatten(),
                calendar: crate::schedule::calendar_path(&g.id),
                skipped: now.skipped.iter().map(|d| occurrence(item, d)).collect(),
                later: g
                    .upcoming(
                        held.occurrence.end + chrono::Duration::minutes(1),
                        LATER_SHOWN,
                    )
                    .iter()
                    .map(|d| occurrence(item, d))
                    .collect(),
            })
        })
        .collect();
    // Every zone a gathering meets in, the ended ones' too (a page may still show its
    // clock), each once: several gatherings share one.
    let (from, until) = (
        at - chrono::Duration::days(1),
        at + chrono::Duration::days(ZONE_DAYS_AHEAD),
    );
    let zones = snap
        .library
        .gatherings
        .iter()
        .map(|g| (g.value.zone.name(), g.value.zone))
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_iter()
        .map(|(name, zone)| (name.to_string(), spans(zone, from, until)))
        .collect();
    let body = ScheduleNow {
        at: stamp(at),
        gatherings,
        zones,
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
    let snap = live.current();
    let gathering = file
        .strip_suffix(".ics")
        .and_then(|id| snap.library.gathering(id))
        .filter(|g| !g.soon);
    match gathering {
        Some(g) => {
            let online = g.place == Place::Online;
            let mut g = g.clone();
            if online {
                // Its event carries the meeting link: a new link is a change of it.
                g.changed = g.changed.max(snap.settings_changed);
            }
            Response::builder()
                .content_type("text/calendar; charset=utf-8")
                .header(
                    header::CONTENT_DISPOSITION,
                    format!("inline; filename=\"{}.ics\"", g.id),
                )
                // Short: a skipped week reaches a subscribed calendar within minutes.
                .header(header::CACHE_CONTROL, "public, max-age=300")
                .body(ics(
                    &g,
                    if online {
                        Join::Online(meeting_url(&snap))
                    } else {
                        Join::InPerson
                    },
                    snap.get(Key::SiteUrl),
                ))
        }
        None => not_found(format!(
            "No calendar named {file}. Calendars: {}.",
            snap.library
                .gatherings
                .iter()
                .filter(|g| !g.value.soon)
                .map(|g| format!("{}.ics", g.value.id))
                .chain([EVENTS_CALENDAR.to_string()])
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
