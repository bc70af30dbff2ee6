//! `GET /go/<name>`: the outside links a volunteer sets (giving page, one-time gift,
//! church app, meeting, worship video file) as redirects, so every page's links
//! follow the current settings even before its script runs. A link not set yet
//! never leads to its placeholder's domain: it answers a short page saying what is
//! coming, with the ways to reach the ministry that are set.
use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{Request, Response, handler};
use serde::Deserialize;

use crate::published::Live;
use crate::settings::{Key, LINKS};
use crate::text::escape_html;
use crate::web::error::not_found;

#[derive(Debug, Deserialize)]
struct GoQuery {
    fund: Option<String>,
}

/// A fund name as the giving buttons write it: lowercase letters, digits, dashes.
fn plain_fund(fund: &str) -> bool {
    !fund.is_empty()
        && fund.len() <= 40
        && fund
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// `target` with `fund=<fund>` added to its query.
fn with_fund(target: &str, fund: &str) -> String {
    match url::Url::parse(target) {
        Ok(mut url) => {
            url.query_pairs_mut().append_pair("fund", fund);
            url.to_string()
        }
        Err(_) => target.to_string(),
    }
}

#[handler]
pub fn go(Path(name): Path<String>, req: &Request, live: Data<&Arc<Live>>) -> Response {
    let Some(&(_, key)) = LINKS.iter().find(|(n, _)| *n == name) else {
        let names: Vec<_> = LINKS.iter().map(|(n, _)| format!("/go/{n}")).collect();
        return not_found(format!(
            "No link named {name}. The links are: {}.",
            names.join(", ")
        ));
    };
    let snap = live.current();
    if snap.is_placeholder(key) {
        return not_yet(&name, &snap);
    }
    let mut target = snap.get(key).to_string();
    if key == Key::GivingUrl
        && let Some(fund) = req.params::<GoQuery>().ok().and_then(|q| q.fund)
    {
        if !plain_fund(&fund) {
            return not_found(format!(
                "'{}' is not a fund name: funds are named with lowercase letters, digits and dashes.",
                fund.chars().take(40).collect::<String>()
            ));
        }
        target = with_fund(&target, &fund);
    }
    Response::builder()
        .status(StatusCode::FOUND)
        .header(header::LOCATION, target)
        // A changed setting applies at once: nobody keeps the old answer.
        .header(header::CACHE_CONTROL, "no-store")
        .finish()
}

/// What each link's page says while it is not set: its heading and one sentence.
fn coming(name: &str) -> (&'static str, &'static str) {
    match name {
        "giving" | "one-time-gift" => (
            "Online giving opens soon",
            "The Well's online giving page is being set up. Until it opens, you can give in person at a Sunday service, or write to us and we will tell you how.",
        ),
        "church-app" => (
            "The church app opens soon",
            "Groups will be found and joined in our church app, which is being set up. Until then, write to us and we will help you find a group.",
        ),
        "meeting" => (
            "The meeting link is coming",
            "The link to join the online Bible study will be here soon. Until then, write to us and we will send it to you.",
        ),
        _ => (
            "The video is coming soon",
            "This video is not online yet. Until it is, the rest of the site is here for you.",
        ),
    }
}

/// The page a link not yet set answers: what is coming, and the contacts that are set.
fn not_yet(name: &str, snap: &crate::published::Snapshot) -> Response {
    let (heading, text) = coming(name);
    let email = if snap.is_placeholder(Key::ContactEmail) {
        String::new()
    } else {
        let email = escape_html(snap.get(Key::ContactEmail));
        format!(r#"<li>Email: <a href="mailto:{email}">{email}</a></li>"#)
    };
    let body = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>{heading} | The Well</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/apple-touch-icon.png">
<style>body{{margin:0;font:1.0625rem/1.6 system-ui,sans-serif;color:#0f172b;background:#f8fafc}}header,footer{{background:#fff;border-bottom:1px solid #e2e8f0}}footer{{background:#020618;color:#cad5e2;border:0;margin-top:2rem}}header div,footer nav{{max-width:36rem;margin:0 auto;padding:.25rem 1.25rem}}header a{{display:inline-flex;align-items:center;gap:.5rem;font:600 1.25rem Georgia,serif;color:#0f172b;text-decoration:none;padding:.6rem 0}}footer a{{color:#e2e8f0;margin-right:1.25rem}}main{{max-width:36rem;margin:0 auto;padding:2rem 1.25rem}}h1{{font-family:Georgia,serif;font-size:2rem;line-height:1.2;color:#024a70}}ul{{padding-left:1.25rem}}a{{color:#005986;display:inline-block;padding:.55rem 0}}li{{margin:.25rem 0}}</style></head>
<body><header><div><a href="/"><img src="/favicon.svg" alt="" width="32" height="32">The Well</a></div></header>
<main><h1>{heading}</h1><p>{text}</p><h2>Reach The Well</h2><ul>{email}<li><a href="/contact">Contact us</a></li><li>Sunday service in person: {address}</li><li><a href="/bible-study">The Bible study, online every Wednesday</a></li></ul><p><a href="/">Back to the home page</a></p></main>
<footer><nav aria-label="The Well"><a href="/">Home</a><a href="/about">About</a><a href="/new-here">New here</a><a href="/contact">Contact</a><a href="/privacy-policy">Privacy Policy</a></nav></footer></body></html>
"#,
        address = escape_html(
            snap.library
                .gathering("sunday-service-florida")
                .map_or("Plantation, Florida", |g| g.place.text())
        ),
    );
    Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
        .header(header::CACHE_CONTROL, "no-store")
        .body(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_link_has_its_own_words_while_not_set() {
        let video = coming("worship-video");
        for (name, _) in LINKS.iter().filter(|(n, _)| *n != "worship-video") {
            assert_ne!(coming(name), video, "{name} has words of its own");
        }
    }

    #[test]
    fn funds_join_the_query_that_is_there() {
        assert_eq!(
            with_fund("https://give.example.com/well", "the-city"),
            "https://give.example.com/well?fund=the-city"
        );
        assert_eq!(
            with_fund("https://give.example.com/well?church=1", "urdu-bibles"),
            "https://give.example.com/well?church=1&fund=urdu-bibles"
        );
        assert!(plain_fund("pakistan-building"));
        assert!(!plain_fund("x&y=1"));
        assert!(!plain_fund(""));
    }
}
