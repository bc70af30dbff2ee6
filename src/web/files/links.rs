//! `GET /go/<name>`: the outside links a volunteer sets (giving page, one-time gift,
//! church app, meeting, worship video file) as redirects, so every page's links
//! follow the current settings even before its script runs. A link not set yet
//! never leads to its placeholder's domain: it answers a short page saying what is
//! coming, with the ways to reach the ministry that are set, in the language of the
//! page it was followed from (`/ur/go/<name>` on an Urdu page).
use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{Request, Response, handler};
use serde::Deserialize;

use crate::page_parts::part_words::{PartWords, Said};
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
    answer(&name, PartWords::english(), req, &live)
}

/// `GET /<code>/go/<name>` (`/ur/go/giving`), routed for each language the pages are
/// in: the same link, its page while it is not set in that language.
#[handler]
pub fn go_in(Path(name): Path<String>, req: &Request, live: Data<&Arc<Live>>) -> Response {
    let language = crate::language::of_path(req.uri().path());
    answer(&name, language.parts, req, &live)
}

/// The redirect to link `name`, or its page in `words`' language while it is not set.
fn answer(name: &str, words: &PartWords, req: &Request, live: &Live) -> Response {
    let Some(&(_, key)) = LINKS.iter().find(|(n, _)| *n == name) else {
        let names: Vec<_> = LINKS.iter().map(|(n, _)| format!("/go/{n}")).collect();
        return not_found(format!(
            "No link named {name}. The links are: {}.",
            names.join(", ")
        ));
    };
    let snap = live.current();
    if snap.is_placeholder(key) {
        return not_yet(name, words, &snap);
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
fn coming(name: &str) -> (Said, Said) {
    match name {
        "giving" | "one-time-gift" => (Said::GoGivingHeading, Said::GoGiving),
        "church-app" => (Said::GoAppHeading, Said::GoApp),
        "meeting" => (Said::GoMeetingHeading, Said::GoMeeting),
        _ => (Said::GoVideoHeading, Said::GoVideo),
    }
}

/// The page a link not yet set answers in `words`' language: what is coming, and the
/// contacts that are set.
fn not_yet(name: &str, words: &PartWords, snap: &crate::published::Snapshot) -> Response {
    let (heading, text) = coming(name);
    let heading = words.say(heading, &[]);
    let email = if snap.is_placeholder(Key::ContactEmail) {
        String::new()
    } else {
        let email = escape_html(snap.get(Key::ContactEmail));
        let link = format!(r#"<a href="mailto:{email}" dir="ltr">{email}</a>"#);
        format!("<li>{}</li>", words.say(Said::GoEmail, &[("email", &link)]))
    };
    let address = snap
        .library
        .gathering("sunday-service-florida")
        .map_or_else(
            || crate::campuses::campus("south-florida").map_or("", |c| c.city),
            |g| g.place.text(),
        );
    let path = |p: &str| words.path(p);
    let shown = snap.words_in(words.code());
    let body = format!(
        r#"<!doctype html>
<html{lang}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>{title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/apple-touch-icon.png">
<style>body{{margin:0;font:1.0625rem/1.6 system-ui,sans-serif;color:#0f172b;background:#f8fafc}}[dir=rtl] body{{line-height:2.2;font-family:"Noto Nastaliq Urdu","Jameel Noori Nastaleeq","Urdu Typesetting","Noto Naskh Arabic",system-ui,sans-serif}}header,footer{{background:#fff;border-bottom:1px solid #e2e8f0}}footer{{background:#020618;color:#cad5e2;border:0;margin-top:2rem}}header div,footer nav{{max-width:36rem;margin:0 auto;padding:.25rem 1.25rem}}header a{{display:inline-flex;align-items:center;gap:.5rem;font:600 1.25rem/1.6 Georgia,serif;color:#0f172b;text-decoration:none;padding:.6rem 0}}footer a{{color:#e2e8f0;margin-right:1.25rem}}[dir=rtl] footer a{{margin:0 0 0 1.25rem}}main{{max-width:36rem;margin:0 auto;padding:2rem 1.25rem}}h1{{font-family:Georgia,serif;font-size:2rem;line-height:1.2;color:#024a70}}[dir=rtl] h1{{font-family:inherit;line-height:2}}ul{{padding-left:1.25rem}}[dir=rtl] ul{{padding:0 1.25rem 0 0}}a{{color:#005986;display:inline-block;padding:.55rem 0}}li{{margin:.25rem 0}}</style></head>
<body><header><div><a href="{home}"><img src="/favicon.svg" alt="" width="32" height="32"><span lang="en" dir="ltr">The Well</span></a></div></header>
<main><h1>{heading}</h1><p>{text}</p><h2>{reach}</h2><ul>{email}<li><a href="{contact}">{contact_us}</a></li><li>{sunday}</li><li><a href="{study}">{join_study}</a></li></ul><p><a href="{home}">{back}</a></p></main>
<footer><nav><a href="{home}">{nav_home}</a><a href="{about}">{nav_about}</a><a href="{new_here}">{nav_new_here}</a><a href="{contact}">{nav_contact}</a><a href="{privacy}">{nav_privacy}</a></nav></footer></body></html>
"#,
        lang = words.page_lang(),
        title = words.say(Said::GoTitle, &[("heading", &heading)]),
        text = words.say_with(text, &[], shown),
        reach = words.say(Said::GoReach, &[]),
        contact_us = words.say(Said::ContactUs, &[]),
        sunday = words.say_with(
            Said::GoSundayService,
            &[("address", &words.english_in(address))],
            shown
        ),
        join_study = words.say(Said::JoinTheBibleStudy, &[]),
        back = words.say(Said::GoBack, &[]),
        nav_home = words.say(Said::NavHome, &[]),
        nav_about = words.say(Said::NavAbout, &[]),
        nav_new_here = words.say(Said::NavNewHere, &[]),
        nav_contact = words.say(Said::NavContact, &[]),
        nav_privacy = words.say(Said::NavPrivacy, &[]),
        home = path("/"),
        contact = path("/contact"),
        study = path("/bible-study"),
        about = path("/about"),
        new_here = path("/new-here"),
        privacy = path("/privacy-policy"),
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
