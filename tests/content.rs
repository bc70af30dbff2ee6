//! `thewell content` against a running server: a new sermon file is served in every
//! page's content block within a second or two, a broken edit keeps the last good
//! version and is logged once, and `content check` exits 1 naming file:line. The
//! feeds (events.ics, sermons.xml) and the pages' JSON-LD follow the same files, read
//! back by independent parsers (icalendar, roxmltree, serde_json).
use crate::common;

use std::time::{Duration, Instant};

use common::{Server, client, thewell};

async fn get(server: &Server, path: &str) -> String {
    client()
        .get(server.url(path))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Polls the home page until its HTML holds `needle`; how long that took.
async fn served_within(server: &Server, needle: &str) -> Duration {
    page_within(server, "/", needle).await
}

/// Polls page `path` until its HTML holds `needle`; how long that took.
async fn page_within(server: &Server, path: &str, needle: &str) -> Duration {
    let started = Instant::now();
    loop {
        let html = get(server, path).await;
        if html.contains(needle) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the page never carried {needle}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_sermon_file_is_served_within_seconds_and_a_broken_edit_keeps_the_last_good_one() {
    let server = Server::start();
    let dir = server.data_dir();
    let (path, _) = common::new_content(
        &dir,
        &["sermon", "--title", "Living Water", "--date", "2026-01-04"],
    );
    assert!(
        path.ends_with("content/sermons/2026-01-04-living-water.md"),
        "{path:?}"
    );
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("Book 1:1-10", "John 4:1-26");
    std::fs::write(&path, &text).unwrap();
    assert!(served_within(&server, "John 4:1-26").await < Duration::from_secs(2));

    // The title's quote left open on line 4 (written whole, as an editor's rename does:
    // a read between truncating and writing would see an empty file).
    let temp = path.with_extension("tmp");
    std::fs::write(&temp, text.replace("\"Living Water\"", "\"Living Water")).unwrap();
    std::fs::rename(&temp, &path).unwrap();
    // A server looks at the files when a visitor comes, at most once a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    get(&server, "/").await;
    let log = server.log_with("content file problem");
    assert!(
        log.contains("content/sermons/2026-01-04-living-water.md:4:"),
        "{log}"
    );
    let html = get(&server, "/").await;
    assert!(html.contains("John 4:1-26"), "the last good version stays");

    let (ok, out, _) = thewell(&dir, &["content", "check"]);
    assert!(!ok);
    assert!(
        out.contains("content/sermons/2026-01-04-living-water.md:4: "),
        "{out}"
    );
    let (_, list, _) = thewell(&dir, &["content", "list"]);
    assert!(list.contains("Invalid (1)"), "{list}");
}

#[test]
fn content_new_writes_a_draft_and_refuses_to_overwrite_a_file_or_replace_a_gathering() {
    let temp = tempfile::tempdir().unwrap();
    let args = [
        "content",
        "new",
        "event",
        "--title",
        "Carols",
        "--date",
        "2030-12-20",
    ];
    let (ok, _, err) = thewell(temp.path(), &args);
    assert!(ok && err.contains("It is a draft"), "{err}");
    let (ok, _, err) = thewell(temp.path(), &args);
    assert!(
        !ok && err.contains("2030-12-20-carols.md already exists, and nothing was changed"),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    let (ok, out, _) = thewell(temp.path(), &["content", "check"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("Drafts, not shown until you delete their line `draft = true`:\n  content/events/2030-12-20-carols.md"),
        "{out}"
    );
    assert!(out.contains("0 content files shown, all good."), "{out}");
    let (_, list, _) = thewell(temp.path(), &["content", "list"]);
    assert!(
        list.contains("content/events/2030-12-20-carols.md"),
        "{list}"
    );

    // A new gathering named as a built-in one would replace it: refused, nothing written.
    for (title, id) in [
        ("Bible Study", "bible-study"),
        ("North Monthly", "north-monthly"),
    ] {
        let (ok, _, err) = thewell(
            temp.path(),
            &["content", "new", "gathering", "--title", title],
        );
        assert!(!ok, "{title}");
        assert!(
            err.contains(&format!("there is already a gathering \"{id}\""))
                && err.contains(&format!("`thewell schedule edit {id}`")),
            "{err}"
        );
        assert!(
            !temp
                .path()
                .join(format!("content/gatherings/{id}.md"))
                .exists()
        );
    }
    // A gathering from a file is taken as well.
    let (ok, _, err) = thewell(
        temp.path(),
        &["content", "new", "gathering", "--title", "Youth Night"],
    );
    assert!(ok, "{err}");
    let (ok, _, err) = thewell(
        temp.path(),
        &["content", "new", "gathering", "--title", "Youth night"],
    );
    assert!(!ok && err.contains("already exists"), "{err}");
}

#[test]
fn a_ready_file_that_keeps_the_templates_sample_words_is_a_warning_at_their_lines() {
    let temp = tempfile::tempdir().unwrap();
    let (path, _) = common::new_content(temp.path(), &["event", "--title", "Carols"]);
    let (ok, out, _) = thewell(temp.path(), &["content", "check"]);
    assert!(ok, "a warning, not a problem: {out}");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = |sample: &str| text.lines().position(|l| l.contains(sample)).unwrap() + 1;
    for sample in ["Where it happens", "What it is and who it is for"] {
        assert!(
            out.contains(&format!(
                "content/events/{}:{}: \"{sample}\" is the new file's sample text",
                path.file_name().unwrap().to_string_lossy(),
                line(sample)
            )),
            "{out}"
        );
    }
    assert!(out.contains("all good (2 warnings above)"), "{out}");
    // Written over, the warnings go.
    std::fs::write(
        &path,
        text.replace("Where it happens", "Plantation")
            .replace("What it is and who it is for", "Carols for all"),
    )
    .unwrap();
    let (ok, out, _) = thewell(temp.path(), &["content", "check"]);
    assert!(ok && out.contains("shown, all good."), "{out}");
    assert!(!out.contains("sample text"), "{out}");
}

#[test]
fn a_gathering_whose_first_date_is_off_its_rule_is_a_warning_at_check() {
    let temp = tempfile::tempdir().unwrap();
    let (ok, out, err) = thewell(temp.path(), &["schedule", "edit", "bible-study"]);
    assert!(ok, "{err}");
    let path = temp.path().join("content/gatherings/bible-study.md");
    assert!(out.contains(&path.display().to_string()), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    // A Thursday, for an "every Wednesday" rule.
    let text = text.replace("# first = 2027-01-02", "first = 2027-01-07");
    std::fs::write(&path, text).unwrap();
    let (ok, out, _) = thewell(temp.path(), &["content", "check"]);
    assert!(ok, "a warning, not a problem: {out}");
    let first_line = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("first = 2027-01-07"))
        .unwrap()
        + 1;
    assert!(
        out.contains(&format!("content/gatherings/bible-study.md:{first_line}: first = 2027-01-07 is a Thursday"))
            && out.contains("first = 2027-01-07 is a Thursday, and it meets every Wednesday: the site's first date for it is Wednesday 2027-01-13. Write first = 2027-01-13 (or first = 2027-01-06)"),
        "{out}"
    );
    assert!(out.contains("all good (1 warning above)"), "{out}");
    // A date moved to a time the clocks skip is named with the time it is held at.
    let (ok, _, err) = thewell(
        temp.path(),
        &[
            "schedule",
            "move",
            "bible-study",
            "2027-03-17",
            "--to",
            "2027-03-14 02:30",
        ],
    );
    assert!(ok, "{err}");
    let (ok, out, _) = thewell(temp.path(), &["content", "check"]);
    assert!(ok, "{out}");
    let line = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("to = 2027-03-14T02:30:00"))
        .unwrap()
        + 1;
    assert!(
        out.contains(&format!("content/gatherings/bible-study.md:{line}: to = 2027-03-14T02:30:00: 2027-03-14 02:30 does not exist in America/New_York: the clocks go forward that night. It is held at 3:30 AM EDT")),
        "{out}"
    );
    assert!(out.contains("all good (2 warnings above)"), "{out}");
    // The command refuses what the file only warns about.
    let (ok, _, err) = thewell(
        temp.path(),
        &["schedule", "edit", "north-monthly", "--first", "2027-01-03"],
    );
    assert!(!ok, "{err}");
    assert!(
        err.contains("--first 2027-01-03 is a Sunday, and north-monthly meets first Saturday: give one of its days, e.g. Sat 2027-01-02, Sat 2027-02-06"),
        "{err}"
    );
}

#[tokio::test]
async fn a_draft_waits_and_a_built_in_gathering_is_edited_not_replaced() {
    let server = Server::start();
    let dir = server.data_dir();
    // A draft is not shown until its line goes.
    let (ok, out, err) = thewell(
        &dir,
        &[
            "content",
            "new",
            "event",
            "--title",
            "Carols by candlelight",
            "--date",
            &in_days(10),
        ],
    );
    assert!(ok, "{err}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!get(&server, "/").await.contains("Carols by candlelight"));
    assert!(
        !get(&server, "/events.ics")
            .await
            .contains("Carols by candlelight")
    );
    common::make_ready(std::path::Path::new(out.trim()));
    assert!(served_within(&server, "Carols by candlelight").await < Duration::from_secs(2));

    // A new gathering named as the Bible study is refused; every page keeps the study.
    let study = |schedule: &serde_json::Value| {
        schedule["gatherings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == "bible-study")
            .map(|g| (g["start"].clone(), g["place"].clone(), g["label"].clone()))
    };
    let before = study(&schedule(&server).await);
    let pages = ["/", "/united-states", "/global-campuses", "/bible-study"];
    let mut html_before = Vec::new();
    for page in pages {
        html_before.push(get(&server, page).await);
    }
    let (ok, _, _) = thewell(
        &dir,
        &["content", "new", "gathering", "--title", "Bible Study"],
    );
    assert!(!ok);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(study(&schedule(&server).await), before);
    for (page, html) in pages.iter().zip(&html_before) {
        assert_eq!(&get(&server, page).await, html, "{page}");
    }

    // The North campus's monthly gathering given its first date and place.
    let first = first_saturday_after(&in_days(7));
    let (ok, out, err) = thewell(
        &dir,
        &[
            "schedule",
            "edit",
            "north-monthly",
            "--first",
            &first,
            "--where",
            "Grace Hall, 12 Main St, Wilmington, DE",
        ],
    );
    assert!(ok, "{err}");
    assert!(
        out.contains(&format!("north-monthly: first Saturday from {first}")),
        "{out}"
    );
    page_within(&server, "/united-states", "Grace Hall, 12 Main St").await;
    let north = schedule(&server).await["gatherings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "north-monthly")
        .cloned()
        .expect("listed");
    assert_eq!(north["place"], "Grace Hall, 12 Main St, Wilmington, DE");
    assert!(
        north["start"].as_str().unwrap().starts_with(&first),
        "{north}"
    );
    let ics = get(&server, "/calendar/north-monthly.ics").await;
    use icalendar::Component;
    let calendar: icalendar::Calendar = ics.parse().expect("an iCalendar file");
    let event = calendar
        .components
        .iter()
        .find_map(|c| c.as_event())
        .expect("an event");
    assert_eq!(
        event.property_value("RRULE"),
        Some("FREQ=MONTHLY;BYDAY=1SA")
    );
    assert!(
        event
            .property_value("DTSTART")
            .unwrap()
            .starts_with(&first.replace('-', "")),
        "{ics}"
    );
    assert!(
        ics.contains("Grace Hall\\, 12 Main St\\, Wilmington\\, DE"),
        "{ics}"
    );
}

/// The day `n` days from today in New York, YYYY-MM-DD.
fn in_days(n: i64) -> String {
    (chrono::Utc::now()
        .with_timezone(&chrono_tz::America::New_York)
        .date_naive()
        + chrono::Duration::days(n))
    .to_string()
}

/// The first first-Saturday of a month on or after `day`.
fn first_saturday_after(day: &str) -> String {
    use chrono::Datelike;
    let day = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap();
    day.iter_days()
        .find(|d| d.weekday() == chrono::Weekday::Sat && d.day() <= 7)
        .unwrap()
        .to_string()
}

async fn schedule(server: &Server) -> serde_json::Value {
    serde_json::from_str(&get(server, "/api/schedule").await).unwrap()
}

#[tokio::test]
async fn a_person_file_puts_a_card_on_their_page_with_their_photo() {
    let server = Server::start();
    let dir = server.data_dir();
    let before = get(&server, "/leadership").await;
    assert_eq!(before.matches(r#"data-testid="no-one-named""#).count(), 1);
    assert!(!before.contains("introduced here soon."));
    let (path, err) = common::new_content(&dir, &["person", "--name", "Maria Lopez"]);
    assert!(err.contains("photos/person-maria-lopez.jpg"), "{err}");
    assert!(path.ends_with("content/people/maria-lopez.md"), "{path:?}");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("role = \"Campus Pastor\"", "role = \"Senior Pastor <i>\"");
    std::fs::write(&path, &text).unwrap();
    assert!(page_within(&server, "/leadership", "Maria Lopez").await < Duration::from_secs(2));
    let html = get(&server, "/leadership").await;
    assert!(html.contains("Senior Pastor &lt;i&gt;"), "escaped");
    // The five leadership sections without anyone named yet wait, said once at the
    // end; nobody "to be announced".
    let soon = "The rest of the team will be introduced here soon.";
    assert_eq!(html.matches(soon).count(), 1);
    assert_eq!(
        html.matches("<h2").count(),
        before.matches("<h2").count() + 1,
        "only Senior Leaders"
    );
    assert!(!html.contains("to be announced"));
    let team = get(&server, "/worship-team").await;
    assert_eq!(team.matches(r#"data-testid="no-one-named""#).count(), 1);

    assert!(
        err.contains("thewell site photo person-maria-lopez <file>"),
        "{err}"
    );
    // Their photo: put in their slot, made square and put in the card, and served.
    let work = tempfile::tempdir().unwrap();
    let photo = work.path().join("IMG_2231.JPG");
    common::photos::save_jpeg(&common::photos::scene(900, 1200, 2), &photo);
    let (ok, out, err) = thewell(
        &dir,
        &[
            "site",
            "photo",
            "person-maria-lopez",
            photo.to_str().unwrap(),
        ],
    );
    assert!(ok, "{out}{err}");
    let made = common::photos::wait_for_photo(
        &server,
        "person-maria-lopez",
        None,
        Duration::from_secs(60),
    )
    .await;
    assert_eq!(made["width"], made["height"], "square: {made}");
    page_within(
        &server,
        "/leadership",
        "srcset=\"/photos/person-maria-lopez.",
    )
    .await;
    let response = client()
        .get(server.url(&common::photos::addresses("person-maria-lopez", &made, "jpg")[0]))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (_, photos, _) = thewell(&dir, &["site", "photos"]);
    assert!(photos.contains("person-maria-lopez"), "{photos}");
    let (_, list, _) = thewell(&dir, &["content", "list"]);
    assert!(
        list.contains("senior-leaders  Maria Lopez (Senior Pastor <i>)"),
        "{list}"
    );
}

fn write(dir: &std::path::Path, relative: &str, text: &str) {
    let path = dir.join("content").join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[tokio::test]
async fn the_feeds_and_json_ld_follow_the_files_and_leave_out_the_past() {
    use icalendar::{Calendar, Component, EventLike};
    let server = Server::start();
    let dir = server.data_dir();
    let event = |title: &str, start: &str, end: &str, zone: &str| {
        format!(
            "+++\ntitle = \"{title}\"\nstart = {start}\nend = {end}\nzone = \"{zone}\"\nplace = \"Hall <b>&</b>\"\n+++\nBring <script>alert(1)</script> a dish.\n"
        )
    };
    write(
        &dir,
        "events/2099-01-10-carols.md",
        &event(
            "Carols",
            "2099-01-10T18:00:00",
            "2099-01-10T20:00:00",
            "Europe/Berlin",
        ),
    );
    write(
        &dir,
        "events/2099-01-03-picnic.md",
        &event(
            "Picnic & prayer",
            "2099-01-03T12:00:00",
            "2099-01-03T15:00:00",
            "America/New_York",
        ),
    );
    write(
        &dir,
        "events/2020-05-01-old.md",
        &event(
            "Long ago",
            "2020-05-01T12:00:00",
            "2020-05-01T13:00:00",
            "America/New_York",
        ),
    );
    let sermon = |title: &str, date: &str| {
        format!("+++\ntitle = \"{title}\"\ndate = {date}\npassage = \"John 4\"\n+++\nAt a well.\n")
    };
    write(
        &dir,
        "sermons/2026-01-04-a.md",
        &sermon("First <i>word</i>", "2026-01-04"),
    );
    write(
        &dir,
        "sermons/2026-02-01-b.md",
        &sermon("Second", "2026-02-01"),
    );
    write(
        &dir,
        "sermons/2099-01-01-c.md",
        &sermon("Not yet", "2099-01-01"),
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;

    let ics = get(&server, "/calendar/events.ics").await;
    let calendar: Calendar = ics
        .parse()
        .unwrap_or_else(|e| panic!("events.ics does not parse: {e}\n{ics}"));
    let events: Vec<_> = calendar.events().collect();
    let titles: Vec<_> = events.iter().map(|e| e.get_summary().unwrap()).collect();
    assert_eq!(
        titles,
        ["Picnic & prayer", "Carols"],
        "upcoming only, soonest first"
    );
    assert_eq!(events[0].get_uid(), Some("2099-01-03-picnic@thewell"));
    let start = |e: &icalendar::Event| match e.get_start() {
        Some(icalendar::DatePerhapsTime::DateTime(t)) => t.try_into_utc().unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        start(events[0]).to_rfc3339(),
        "2099-01-03T17:00:00+00:00",
        "noon in New York"
    );
    assert_eq!(
        start(events[1]).to_rfc3339(),
        "2099-01-10T17:00:00+00:00",
        "18:00 in Berlin"
    );
    assert_eq!(events[0].get_location(), Some("Hall <b>&</b>"));

    let rss = get(&server, "/sermons.xml").await;
    let doc =
        roxmltree::Document::parse(&rss).unwrap_or_else(|e| panic!("not well-formed: {e}\n{rss}"));
    assert_eq!(doc.root_element().attribute("version"), Some("2.0"));
    let items: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("item"))
        .collect();
    let item_titles: Vec<_> = items
        .iter()
        .map(|i| {
            i.children()
                .find(|c| c.has_tag_name("title"))
                .unwrap()
                .text()
                .unwrap()
        })
        .collect();
    assert_eq!(
        item_titles,
        ["Second", "First <i>word</i>"],
        "preached ones only, newest first"
    );

    let html = get(&server, "/about").await;
    let ld = html
        .split(r#"<script type="application/ld+json">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("a JSON-LD block");
    assert!(
        !ld.contains("<script"),
        "nothing in it can end the script early"
    );
    let ld: serde_json::Value = serde_json::from_str(ld).unwrap();
    assert_eq!(ld[0]["@type"], "Event");
    assert_eq!(ld[0]["name"], "Picnic & prayer");
    assert_eq!(ld[0]["startDate"], "2099-01-03T12:00:00-05:00");
    assert_eq!(ld[1]["startDate"], "2099-01-10T18:00:00+01:00");
    assert_eq!(ld.as_array().unwrap().len(), 2);
    assert!(!html.contains("Long ago"));
}

#[tokio::test]
async fn the_parts_the_server_writes_speak_the_language_of_their_page() {
    let server = Server::start_with(&["--keep", "prayer-request=90d"]);
    let dir = server.data_dir();
    // Nobody named yet: the people pages' own words, linking to the Urdu pages.
    let team = get(&server, "/ur/worship-team").await;
    assert!(team.contains("پرستش کی رہنمائی"), "{team}");
    assert!(team.contains(r#"href="/ur/get-involved""#), "{team}");
    assert!(!team.contains("Worship at The Well") && !team.contains(r#"href="/worship""#));
    // A person, a sermon list, the building's progress, how long forms are kept.
    common::new_content(&dir, &["person", "--name", "Maria Lopez"]);
    let (ok, _, err) = thewell(&dir, &["site", "set", "building-raised", "12000"]);
    assert!(ok, "{err}");
    page_within(&server, "/ur/leadership", "Maria Lopez").await;
    let leaders = get(&server, "/ur/leadership").await;
    // The site's words in Urdu, a volunteer's English marked English.
    assert!(
        leaders.contains("سینئر رہنما") && !leaders.contains("Senior Leaders"),
        "{leaders}"
    );
    assert!(
        leaders.contains(r#"lang="en" dir="ltr">Maria Lopez</h3>"#),
        "{leaders}"
    );
    assert!(!leaders.contains("introduced here soon"), "{leaders}");
    // The bio, from the file, in English under a line saying so.
    assert!(leaders.contains(r#"<div lang="en" dir="ltr"><p class="text-sm font-semibold text-slate-600" lang="ur" dir="rtl">انگریزی میں:</p>"#), "{leaders}");
    assert!(leaders.contains(r#"href="/ur/contact""#), "{leaders}");
    let english = get(&server, "/leadership").await;
    assert!(english.contains("Senior Leaders") && english.contains("introduced here soon."));
    assert!(
        !english.contains(r#"lang="en" dir="ltr">Maria"#),
        "no mark on English pages"
    );

    page_within(&server, "/ur/pakistan", "12,000").await;
    let building = get(&server, "/ur/pakistan").await;
    assert!(building.contains("ہدف میں سے"), "{building}");
    assert!(!building.contains("raised of the"), "{building}");
    // The sums as Urdu writes them, "12,000 ڈالر", never "$12,000".
    assert!(
        building.contains("ڈالر") && !building.contains("$12,000") && !building.contains("$35,000"),
        "{building}"
    );
    let media = get(&server, "/ur/media").await;
    assert!(
        media.contains("نومبر"),
        "the sermon's date in Urdu: {media}"
    );
    assert!(
        media.contains("پیغام کے نکات") && !media.contains(">Sermon notes<"),
        "{media}"
    );
    let privacy = get(&server, "/ur/privacy-policy").await;
    assert!(
        privacy.contains("آپ کا بھیجا ہوا ہم کب تک رکھتے ہیں"),
        "{privacy}"
    );
    assert!(
        privacy.contains(r#"<span lang="en" dir="ltr">Prayer Request</span>"#),
        "{privacy}"
    );
    assert!(
        get(&server, "/privacy-policy")
            .await
            .contains("How long we keep what you send")
    );
}

/// A volunteer's file may carry its Urdu: the `[ur]` table and the text below `+++ ur`
/// show on the Urdu pages (unmarked, no "in English" line), the English on the others.
#[tokio::test]
async fn a_content_file_s_own_urdu_shows_on_the_urdu_pages() {
    let server = Server::start();
    let dir = server.data_dir();
    write(
        &dir,
        "sermons/2026-11-15-living-water.md",
        "+++\ntitle = \"Living Water\"\ndate = 2026-11-15\npassage = \"John 4:1-14\"\n[[notes]]\nheading = \"A thirst\"\ntext = \"Everyone is thirsty.\"\n[ur]\ntitle = \"زندہ پانی\"\npassage = \"یوحنا 4:1-14\"\n[[ur.notes]]\nheading = \"ایک پیاس\"\ntext = \"ہر کوئی پیاسا ہے۔\"\n+++\nJesus meets a woman at a well.\n\n+++ ur\nیسوع کنویں پر ایک عورت سے ملتے ہیں۔\n",
    );
    write(
        &dir,
        "events/2099-01-10-picnic.md",
        "+++\ntitle = \"Church picnic\"\nstart = 2099-01-10T12:00:00\nend = 2099-01-10T15:00:00\nplace = \"Central Park\"\n[ur]\ntitle = \"چرچ پکنک\"\n+++\nBring a dish.\n",
    );
    write(
        &dir,
        "people/maria-lopez.md",
        "+++\nname = \"Maria Lopez\"\nrole = \"Campus Pastor\"\ngroup = \"senior-leaders\"\n[ur]\nname = \"ماریا لوپیز\"\nrole = \"کیمپس پاسٹر\"\n+++\nMaria loves people.\n+++ ur\nماریا لوگوں سے محبت کرتی ہیں۔\n",
    );
    write(
        &dir,
        "notices/closed.md",
        "+++\nuntil = 2099-01-01T12:00:00\n+++\nThe office is closed today.\n+++ ur\nدفتر آج بند ہے۔\n",
    );
    page_within(&server, "/ur/media", "زندہ پانی").await;
    let media = get(&server, "/ur/media").await;
    for urdu in [
        "یوحنا 4:1-14",
        "ایک پیاس",
        "ہر کوئی پیاسا ہے۔",
        "یسوع کنویں پر ایک عورت سے ملتے ہیں۔",
    ] {
        assert!(media.contains(urdu), "{urdu} on /ur/media: {media}");
    }
    assert!(
        !media.contains("Living Water") && !media.contains("انگریزی میں"),
        "{media}"
    );
    let english = get(&server, "/media").await;
    assert!(english.contains("Living Water") && english.contains("Jesus meets a woman"));
    assert!(!english.contains("زندہ پانی"), "{english}");

    // The pages' script reads the same: the content block and the events' JSON-LD.
    let home = get(&server, "/ur/").await;
    for urdu in [
        r#""title":"زندہ پانی""#,
        r#""title":"چرچ پکنک""#,
        r#""name":"چرچ پکنک""#,
    ] {
        assert!(home.contains(urdu), "{urdu} on /ur/: {home}");
    }
    assert!(
        home.contains(r#"<span>دفتر آج بند ہے۔</span>"#),
        "the notice, unmarked: {home}"
    );
    let english = get(&server, "/").await;
    assert!(
        english.contains(r#""title":"Church picnic""#)
            && english.contains("The office is closed today.")
    );
    assert!(
        !english.contains("چرچ پکنک") && !english.contains("دفتر"),
        "{english}"
    );

    let leaders = get(&server, "/ur/leadership").await;
    for urdu in [
        "ماریا لوپیز",
        "کیمپس پاسٹر",
        "ماریا لوگوں سے محبت کرتی ہیں۔",
    ] {
        assert!(
            leaders.contains(urdu),
            "{urdu} on /ur/leadership: {leaders}"
        );
    }
    assert!(
        !leaders.contains("Maria") && !leaders.contains("انگریزی میں"),
        "{leaders}"
    );
    assert!(get(&server, "/leadership").await.contains("Maria Lopez"));
    let (ok, list, err) = thewell(&dir, &["content", "list"]);
    assert!(ok, "{err}");
    assert!(
        list.contains("content/sermons/2026-11-15-living-water.md, also in ur)"),
        "{list}"
    );
    assert!(
        list.contains("content/events/2099-01-10-picnic.md, also in ur)"),
        "{list}"
    );
}

#[tokio::test]
async fn a_skipped_weeks_reason_is_said_in_each_language_the_volunteer_gives_it_in() {
    use chrono::{Datelike, Utc, Weekday};
    let server = Server::start();
    let dir = server.data_dir();
    let file = dir.join("content/gatherings/bible-study.md");
    // The coming Wednesday in the study's zone, within the days a skip is announced.
    let today = Utc::now()
        .with_timezone(&chrono_tz::America::New_York)
        .date_naive();
    let wednesday = (1..=7)
        .map(|n| today + chrono::Duration::days(n))
        .find(|d| d.weekday() == Weekday::Wed)
        .unwrap()
        .to_string();
    let skip = |more: &[&str]| {
        let mut args = vec![
            "schedule",
            "skip",
            "bible-study",
            &wednesday,
            "--reason",
            "Pastors' retreat",
        ];
        args.extend_from_slice(more);
        thewell(&dir, &args)
    };

    // A language the site does not have, or no words, is refused; nothing is written.
    let (ok, _, err) = skip(&["--reason-in", "xx", "Retiro"]);
    assert!(
        !ok && err.contains("no language \"xx\"") && err.contains("ur"),
        "{err}"
    );
    let (ok, _, err) = skip(&["--reason-in", "ur", " "]);
    assert!(!ok && err.contains("--reason-in ur"), "{err}");
    assert!(!file.exists(), "a refused command wrote the file");

    let (ok, _, err) = skip(&["--reason-in", "ur", "پادریوں کی ریٹریٹ"]);
    assert!(ok, "{err}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[[ur.skip]]")
    );
    page_within(&server, "/ur/bible-study", "پادریوں کی ریٹریٹ").await;
    let english = get(&server, "/bible-study").await;
    assert!(english.contains("(Pastors&#39; retreat)") || english.contains("(Pastors' retreat)"));
    assert!(!english.contains("پادریوں"));
    // The schedule API gives the pages' script each language's reason.
    let (_, schedule) = server.get_json("/api/schedule").await;
    let study = common::gathering(&schedule, "bible-study");
    let skipped = study["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .chain(study["later"].as_array().unwrap())
        .find(|o| o["state"] == "skipped")
        .expect("the skipped week is listed");
    assert_eq!(skipped["reason"], "Pastors' retreat");
    assert_eq!(skipped["reasons"]["ur"], "پادریوں کی ریٹریٹ");

    // Taken back, the week's reasons in every language go with it (`undo`, or
    // `restore`, its name before: the second finds nothing left to take back).
    let (ok, _, err) = thewell(&dir, &["schedule", "undo", "bible-study", &wednesday]);
    assert!(ok, "{err}");
    let (ok, _, err) = thewell(&dir, &["schedule", "restore", "bible-study", &wednesday]);
    assert!(
        !ok && err.contains("was neither skipped nor moved"),
        "{err}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("skip]]") && !text.contains("[ur"), "{text}");
    let (ok, out, err) = thewell(&dir, &["content", "check"]);
    assert!(ok, "{out}{err}");
}
