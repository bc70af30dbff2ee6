//! The volunteer's settings and photos against a real server: `thewell site` writes
//! them, the pages, redirects, photos, schedule and calendars show them, and a change
//! reaches a running server without a restart.
use crate::common;

use std::time::{Duration, Instant};

use common::{Server, client, thewell};
use reqwest::StatusCode;
use reqwest::header;

/// A data directory with settings and one photo, and a server on it once the photo
/// is made.
async fn configured() -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    // Staff commands work on a data directory that exists (serve makes it).
    std::fs::create_dir_all(&data).unwrap();
    for (name, value) in [
        ("site-url", "https://thewell.church/"),
        ("contact-email", "hello@thewell.church"),
        ("giving-url", "https://give.example.com/thewell?church=7"),
        ("church-app-url", "https://app.example.com/join"),
        ("meeting-url", "https://zoom.us/j/1234567890"),
        (
            "sermon-video",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        ),
        ("sermon-speaker", "Pastor Ana & \"Friends\" </script>"),
        ("lives-changed", "1200"),
        ("lives-changed-months", "12"),
    ] {
        let (ok, _, stderr) = thewell(&data, &["site", "set", name, value]);
        assert!(ok, "site set {name}: {stderr}");
    }
    std::fs::create_dir_all(data.join("photos")).unwrap();
    // Copied in by hand, named after its slot (any case).
    common::photos::save_jpeg(
        &common::photos::scene(1200, 900, 3),
        &data.join("photos/Sunday-Worship-In-Plantation.jpg"),
    );
    let server = Server::spawn(dir, &[], None);
    common::photos::wait_for_photo(&server, SLOT, None, Duration::from_secs(60)).await;
    server
}

/// The slot of the photo `configured` puts in.
const SLOT: &str = "sunday-worship-in-plantation";

async fn text(server: &Server, path: &str) -> String {
    let response = client().get(server.url(path)).send().await.expect("get");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.text().await.expect("body")
}

/// The JSON the page's script reads.
fn settings_block(html: &str) -> serde_json::Value {
    let open = r#"<script type="application/json" id="site-settings">"#;
    let json = html
        .split(open)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("a settings block");
    serde_json::from_str(json).expect("valid JSON")
}

#[tokio::test]
async fn a_visitor_saving_data_gets_pages_without_photos_until_asked() {
    let server = configured().await;
    let get = |headers: &[(&str, &str)]| {
        let mut request = client().get(server.url("/"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send()
    };
    let full = get(&[]).await.unwrap();
    let vary = full.headers()[header::VARY].to_str().unwrap().to_string();
    assert!(vary.contains("Save-Data") && vary.contains("ECT"), "{vary}");
    assert_eq!(full.headers()["accept-ch"], "ECT");
    let full_etag = full.headers()[header::ETAG].clone();
    let full = full.text().await.unwrap();
    assert!(full.contains(
        r#"<picture><source type="image/webp" srcset="/photos/sunday-worship-in-plantation."#
    ));
    for asks in [
        [("save-data", "on")],
        [("save-data", "On ")],
        [("ect", "2g")],
        [("ect", "slow-2g")],
    ] {
        let lean = get(&asks).await.unwrap();
        assert_ne!(lean.headers()[header::ETAG], full_etag, "{asks:?}");
        let lean = lean.text().await.unwrap();
        assert!(!lean.contains("<img"), "{asks:?}: no photo in the page");
        assert!(lean.contains("<html data-lean"), "{asks:?}");
        // The page's script still knows the photo, to show it when asked.
        assert!(
            settings_block(&lean)["photos"][SLOT].is_object(),
            "{asks:?}"
        );
    }
    for not in [[("save-data", "off")], [("ect", "3g")], [("ect", "4g")]] {
        let page = get(&not).await.unwrap().text().await.unwrap();
        assert!(page.contains("<picture><source"), "{not:?}");
        // (The page's loader names the mark too, to read it: the element is what counts.)
        assert!(!page.contains("<html data-lean"), "{not:?}");
    }
}

#[tokio::test]
async fn pages_carry_the_settings_and_the_photo() {
    let server = configured().await;
    let contact = text(&server, "/contact").await;
    assert!(contact.contains(r#"href="mailto:hello@thewell.church""#));
    assert!(contact.contains(r#"<link rel="canonical" href="https://thewell.church/contact" />"#));
    assert!(contact.contains(r#"content="https://thewell.church/og-image.jpg""#));
    assert!(
        !contact.contains("thewell.example"),
        "no placeholder address or email is left"
    );
    // The words for a set email show, those for an unset one are hidden, before any script runs.
    assert!(
        contact.contains(r#"data-set="contact-email""#),
        "marked set"
    );
    assert!(
        !contact.contains(r#"data-unset="contact-email""#),
        "no unset mark left"
    );
    let giving = text(&server, "/giving").await;
    assert!(
        giving.contains(r#"data-set="giving-url""#)
            && !giving.contains(r#"data-unset="giving-url""#)
    );
    // What this server has not set keeps its mark.
    assert!(giving.contains(r#"data-unset="one-time-gift-url""#));
    let block = settings_block(&contact);
    assert_eq!(block["sermonVideo"], "dQw4w9WgXcQ");
    assert_eq!(block["sermonSpeaker"], "Pastor Ana & \"Friends\" </script>");

    let home = text(&server, "/").await;
    let photo = common::photos::addresses(SLOT, &settings_block(&home)["photos"][SLOT], "jpg")
        .into_iter()
        .find(|url| url.ends_with(".640.jpg"))
        .expect("the photo is listed for the page's script, a phone's width among its sizes");
    let drawing = home
        .split(r#"data-photo="sunday-worship-in-plantation""#)
        .nth(1)
        .expect("the drawing's element");
    let inside = &drawing[drawing.find('>').unwrap() + 1..];
    assert!(
        inside.starts_with(r#"<picture><source type="image/webp" srcset="/photos/"#)
            && inside[..inside.find("</picture>").unwrap()]
                .contains(&format!(r#"<img src="{photo}" srcset="#)),
        "the photo opens the drawing's element: {}",
        &inside[..300]
    );
    assert!(
        home.contains(r#""url":"https://thewell.church""#),
        "JSON-LD"
    );
    // The figure and its period, each a setting, in every language that shows them.
    let months = r#"<span data-word="figure.lives-changed-months">12</span>"#;
    // On a right-to-left page each word is isolated in its own direction.
    let rtl = r#"<span data-word="figure.lives-changed-months" dir="auto">12</span>"#;
    for (path, period) in [
        ("/", format!("in {months} months")),
        ("/pakistan", format!("in {months} months")),
        ("/es/pakistan", format!("en {months} meses")),
        ("/ur/pakistan-building", format!("{rtl} مہینوں میں")),
    ] {
        let page = if path == "/" {
            home.clone()
        } else {
            text(&server, path).await
        };
        assert!(page.contains(&period), "{path}: {period}");
        assert!(page.contains(">1200</span>"), "{path}: the figure");
        assert!(
            !page.contains("six months") && !page.contains("seis meses"),
            "{path}"
        );
    }

    let sitemap = text(&server, "/sitemap.xml").await;
    assert!(sitemap.contains("<loc>https://thewell.church/about</loc>"));
    assert!(
        text(&server, "/robots.txt")
            .await
            .contains("Sitemap: https://thewell.church/sitemap.xml")
    );
}

#[tokio::test]
async fn rewritten_pages_are_compressed_cached_and_revalidated() {
    let server = configured().await;
    let plain = text(&server, "/contact").await;
    let response = get_br(&server, "/contact", None).await;
    assert_eq!(response.headers()[header::CONTENT_ENCODING], "br");
    let etag = response.headers()[header::ETAG]
        .to_str()
        .unwrap()
        .to_string();
    let body = response.bytes().await.unwrap();
    let mut decoded = Vec::new();
    brotli_decompress(&body, &mut decoded);
    assert_eq!(String::from_utf8(decoded).unwrap(), plain);

    let again = get_br(&server, "/contact", Some(&etag)).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // A server on the defaults gives the same page another ETag.
    let defaults = Server::start();
    let other = get_br(&defaults, "/contact", None).await;
    assert_ne!(other.headers()[header::ETAG].to_str().unwrap(), etag);
    let head = client().head(server.url("/contact")).send().await.unwrap();
    assert_eq!(
        head.headers()[header::CONTENT_LENGTH].to_str().unwrap(),
        plain.len().to_string()
    );
}

/// GET with brotli accepted, and `If-None-Match` when given.
async fn get_br(server: &Server, path: &str, etag: Option<&str>) -> reqwest::Response {
    let mut request = client()
        .get(server.url(path))
        .header(header::ACCEPT_ENCODING, "br");
    if let Some(etag) = etag {
        request = request.header(header::IF_NONE_MATCH, etag);
    }
    request.send().await.unwrap()
}

fn brotli_decompress(input: &[u8], out: &mut Vec<u8>) {
    brotli::BrotliDecompress(&mut &input[..], out).expect("valid brotli");
}

#[tokio::test]
async fn go_links_redirect_to_the_settings() {
    let server = configured().await;
    let go = |path: &'static str| {
        let url = server.url(path);
        async move { client().get(url).send().await.unwrap() }
    };
    let giving = go("/go/giving?fund=the-city").await;
    assert_eq!(giving.status(), StatusCode::FOUND);
    assert_eq!(
        giving.headers()[header::LOCATION],
        "https://give.example.com/thewell?church=7&fund=the-city"
    );
    assert_eq!(giving.headers()[header::CACHE_CONTROL], "no-store");
    assert_eq!(
        go("/go/giving").await.headers()[header::LOCATION],
        "https://give.example.com/thewell?church=7"
    );
    assert_eq!(
        go("/go/church-app").await.headers()[header::LOCATION],
        "https://app.example.com/join"
    );
    // Not set: never the placeholder's domain, but a page saying what is coming, with
    // the contacts that are set (this server's email, the campus address).
    let soon = go("/go/worship-video").await;
    assert_eq!(soon.status(), StatusCode::OK);
    assert!(soon.headers().get(header::LOCATION).is_none());
    let page = soon.text().await.unwrap();
    assert!(page.contains("The video is coming soon"), "{page}");
    assert!(!page.contains("example.org"), "{page}");
    assert!(page.contains(r#"href="/contact""#), "{page}");
    assert!(page.contains("mailto:hello@thewell.church"), "{page}");
    // On a fresh data directory every link answers so, and names no email at all.
    let fresh = Server::start();
    for name in [
        "giving",
        "one-time-gift",
        "church-app",
        "meeting",
        "worship-video",
    ] {
        let answer = client()
            .get(fresh.url(&format!("/go/{name}")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "/go/{name}");
        let page = answer.text().await.unwrap();
        assert!(
            !page.contains("example") && !page.contains("mailto:"),
            "/go/{name}: {page}"
        );
    }
    let bad_fund = go("/go/giving?fund=x%26y%3D1").await;
    assert_eq!(bad_fund.status(), StatusCode::NOT_FOUND);
    assert!(
        bad_fund
            .text()
            .await
            .unwrap()
            .contains("is not a fund name")
    );
    let unknown = go("/go/elsewhere").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert!(unknown.text().await.unwrap().contains("/go/giving"));

    // From an Urdu page: the same redirect, and the page of a link not set in Urdu,
    // right to left, its links to the Urdu pages, nothing in English but what is marked
    // English (the wordmark, the campus address) and the email address.
    assert_eq!(
        go("/ur/go/giving?fund=the-city").await.headers()[header::LOCATION],
        "https://give.example.com/thewell?church=7&fund=the-city"
    );
    let urdu = go("/ur/go/worship-video").await;
    assert_eq!(urdu.status(), StatusCode::OK);
    assert_eq!(urdu.headers()[header::CACHE_CONTROL], "no-store");
    let page = urdu.text().await.unwrap();
    assert!(page.contains(r#"<html lang="ur" dir="rtl">"#), "{page}");
    assert!(page.contains(r#"href="/ur/contact""#), "{page}");
    assert!(page.contains(r#"href="/ur/bible-study""#), "{page}");
    assert!(page.contains("mailto:hello@thewell.church"), "{page}");
    let body = &page[page.find("<body>").unwrap()..];
    let marked =
        regex::Regex::new(r#"<span lang="en"[^>]*>[^<]*</span>|<[^>]*>|\S+@\S+\.\w+"#).unwrap();
    let read = marked.replace_all(body, " ");
    assert!(
        !read.chars().any(|c| c.is_ascii_alphabetic()),
        "English on /ur/go/worship-video: {read}"
    );
    assert!(read.contains("ویڈیو"), "{read}");
    // A link, or a language, the site does not have: not found.
    assert_eq!(go("/ur/go/elsewhere").await.status(), StatusCode::NOT_FOUND);
    // Under no language's folder: the site's 404 page, as for any address it lacks.
    let elsewhere = go("/xx/go/giving").await;
    assert_eq!(elsewhere.status(), StatusCode::NOT_FOUND);
    assert!(elsewhere.text().await.unwrap().contains("<html"));
}

#[tokio::test]
async fn photos_are_served_from_the_data_directory_only() {
    let server = configured().await;
    let home = text(&server, "/").await;
    let photo = common::photos::addresses(SLOT, &settings_block(&home)["photos"][SLOT], "jpg")
        .pop()
        .unwrap();
    let response = client().get(server.url(&photo)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/jpeg");
    assert_eq!(
        response.headers()[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    let whole = response.bytes().await.unwrap();
    assert!(whole.starts_with(b"\xFF\xD8\xFF"));
    let part = client()
        .get(server.url(&photo))
        .header(header::RANGE, "bytes=0-5")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap().as_ref(), &whole[..6]);

    std::fs::write(server.data_dir().join("photos/notes.txt"), "private").unwrap();
    for path in [
        "/photos/notes.txt",
        "/photos/..%2Fsite.json",
        "/photos/%2E%2E%2Fsite.json",
        "/photos/site.json",
        "/photos/missing.jpg",
        // The volunteer's original, under its own name or the slot's: never served.
        "/photos/Sunday-Worship-In-Plantation.jpg",
        "/photos/sunday-worship-in-plantation.jpg",
    ] {
        let response = client().get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let body = response.text().await.unwrap();
        assert!(
            !body.contains("private") && !body.contains("giving"),
            "{path}: {body}"
        );
    }
}

#[tokio::test]
async fn the_schedule_and_calendars_use_the_meeting_link() {
    let server = configured().await;
    let (_, schedule) = server.get_json("/api/schedule").await;
    let study = common::gathering(&schedule, "bible-study");
    assert_eq!(study["meetingUrl"], "https://zoom.us/j/1234567890");
    let ics = text(&server, "/calendar/bible-study.ics").await;
    assert!(ics.contains("URL:https://zoom.us/j/1234567890"), "{ics}");
    assert!(ics.contains("BEGIN:VTIMEZONE"));
    let sunday = text(&server, "/calendar/sunday-service-florida.ics").await;
    assert!(
        !sunday.contains("zoom.us"),
        "an in-person service has no meeting"
    );
}

/// Polls `path` until `check` holds (the server looks at the files once a second).
async fn eventually(server: &Server, path: &str, check: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let body = text(server, path).await;
        if check(&body) || Instant::now() > deadline {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn a_running_server_follows_changes_and_keeps_going_on_a_bad_edit() {
    let server = Server::start();
    let data = server.data_dir();
    assert!(
        text(&server, "/contact")
            .await
            .contains("contact@thewell.example")
    );

    let (ok, stdout, _) = thewell(
        &data,
        &["site", "set", "contact-email", "office@thewell.church"],
    );
    assert!(
        ok && stdout.contains("contact-email = office@thewell.church"),
        "{stdout}"
    );
    let contact = eventually(&server, "/contact", |b| b.contains("office@thewell.church")).await;
    assert!(
        contact.contains("mailto:office@thewell.church"),
        "the server re-read the settings"
    );

    std::fs::create_dir_all(data.join("photos")).unwrap();
    common::photos::quadrants(800, 600)
        .save(data.join("photos/sunrise-over-plantation-florida.png"))
        .unwrap();
    let photo = common::photos::wait_for_photo(
        &server,
        "sunrise-over-plantation-florida",
        None,
        Duration::from_secs(60),
    )
    .await;
    assert!(
        photo["widths"].as_array().is_some_and(|w| !w.is_empty()),
        "a photo added while running is made and listed: {photo}"
    );

    // A broken hand edit: pages keep the last good values, and the log says why.
    std::fs::write(data.join("site.json"), "{ \"contact-email\": ").unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(
        text(&server, "/contact")
            .await
            .contains("mailto:office@thewell.church")
    );
    let log = server.log_with("is not a JSON object of settings");
    assert!(log.contains("is not a JSON object of settings"), "{log}");

    // Removing the settings file goes back to the placeholders.
    std::fs::remove_file(data.join("site.json")).unwrap();
    let back = eventually(&server, "/contact", |b| {
        b.contains("contact@thewell.example")
    })
    .await;
    assert!(back.contains("mailto:contact@thewell.example"));
}

#[test]
fn the_site_command_shows_sets_unsets_and_explains_errors() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();

    let (ok, show, _) = thewell(&data, &["site"]);
    assert!(ok);
    assert!(show.contains("giving-url"), "{show}");
    assert!(show.contains("(placeholder: not set yet)"));

    let (ok, out, _) = thewell(
        &data,
        &[
            "site",
            "set",
            "worship-video",
            "https://youtu.be/dQw4w9WgXcQ",
        ],
    );
    assert!(ok && out.contains("worship-video = dQw4w9WgXcQ"), "{out}");
    // What is still a placeholder comes first; what is set, after.
    let (_, show, _) = thewell(&data, &["site", "show"]);
    let placeholders = show.find("Still placeholders (9)").expect(&show);
    let giving = show.find("giving-url ").unwrap();
    let set = show.find("Set or optional:").unwrap();
    let worship = show.find("worship-video  ").unwrap();
    assert!(
        placeholders < giving && giving < set && set < worship,
        "{show}"
    );
    let stored = std::fs::read_to_string(data.join("site.json")).unwrap();
    assert!(
        stored.contains(r#""worship-video": "dQw4w9WgXcQ""#),
        "{stored}"
    );

    let (ok, _, err) = thewell(
        &data,
        &["site", "set", "giving-url", "http://give.example.com"],
    );
    assert!(
        !ok && err.contains("giving-url cannot be") && err.contains("https://"),
        "{err}"
    );
    let (ok, _, err) = thewell(&data, &["site", "set", "donate-url", "https://x.example"]);
    assert!(
        !ok && err.contains("no setting named 'donate-url'") && err.contains("giving-url"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(data.join("site.json")).unwrap(),
        stored,
        "a refused value changes nothing"
    );

    let (ok, out, _) = thewell(&data, &["site", "unset", "worship-video"]);
    assert!(
        ok && out.contains("back to its placeholder: PLACEHOLDER2"),
        "{out}"
    );

    std::fs::write(data.join("site.json"), "not json").unwrap();
    let (ok, _, err) = thewell(&data, &["site", "set", "sermon-speaker", "Ana"]);
    assert!(
        !ok && err.contains("is not a JSON object of settings"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(data.join("site.json")).unwrap(),
        "not json"
    );
    let (ok, show, _) = thewell(&data, &["site", "show"]);
    assert!(ok && show.contains("Problems"), "{show}");
}

#[test]
fn the_photos_command_lists_every_slot_and_flags_misfits() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("photos")).unwrap();
    std::fs::write(
        data.join("photos/the-latest-sermon.png"),
        [&b"\x89PNG\r\n\x1a\n"[..], &[0u8; 500 * 1024 - 8]].concat(),
    )
    .unwrap();
    std::fs::write(data.join("photos/my-holiday.jpg"), b"\xFF\xD8\xFFx").unwrap();
    std::fs::write(data.join("photos/worship-night.jpg"), b"not a JPEG").unwrap();
    let (ok, out, _) = thewell(&data, &["site", "photos"]);
    assert!(ok, "{out}");
    for slot in [
        "sunday-worship-in-plantation",
        "a-city-skyline-at-dusk-the-video-still",
        "volunteers-serving-meals-in-plantation",
    ] {
        assert!(out.contains(slot), "{slot} is listed:\n{out}");
    }
    assert!(
        out.contains("pop-up: whats-new"),
        "pop-ups are places too:\n{out}"
    );
    assert!(
        out.contains("the-latest-sermon.png (500 KB): waiting to be made"),
        "{out}"
    );
    assert!(out.contains("photos/my-holiday.jpg fills no slot"), "{out}");
    assert!(
        out.contains(
            "photos/worship-night.jpg is not used: it does not start as a .jpg image does"
        ),
        "{out}"
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(common::binary())
        .arg("--data-dir")
        .arg(dir.path())
        .args(["site", "photos"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reading end closes before the command writes, as `| head -0` would.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
