//! HTTP tests of a form sent by a browser without script: `POST <page>` as
//! application/x-www-form-urlencoded, answered with the page (its problems beside their
//! fields and the answers kept, or a redirect to its thank-you), stored as the API stores.
use crate::common;

use common::{Server, client, thewell};
use reqwest::{StatusCode, header};
use serde_json::Value;

fn exported(server: &Server, form: &str) -> Vec<Value> {
    let (ok, out, err) = thewell(&server.data_dir(), &["export", form, "--format", "jsonl"]);
    assert!(ok, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Sends `pairs` as a browser sends a form (percent-encoded, `+` for spaces).
async fn send(server: &Server, page: &str, pairs: &[(&str, &str)]) -> reqwest::Response {
    send_with(server, page, pairs, None).await
}

/// The same, with an `Idempotency-Key` when `key` is given: as the service worker sends
/// again a form kept while the phone was offline.
async fn send_with(
    server: &Server,
    page: &str,
    pairs: &[(&str, &str)],
    key: Option<&str>,
) -> reqwest::Response {
    let body: String = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    let mut request = client()
        .post(server.url(page))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    request.body(body).send().await.unwrap()
}

/// The contact form's fields as its page sends them: first and last name, email,
/// subject, message and the honeypot.
fn contact<'a>(
    [first, last, email, subject, message, website]: [&'a str; 6],
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("_form", "contact"),
        ("firstName", first),
        ("lastName", last),
        ("email", email),
        ("subject", subject),
        ("message", message),
        ("website", website),
    ]
}

/// The start tag of the element holding `marker` (e.g. `data-error-for="email"`).
fn tag_with<'a>(page: &'a str, marker: &str) -> &'a str {
    let at = page
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in the page"));
    let open = page[..at].rfind('<').unwrap();
    &page[open..at + page[at..].find('>').unwrap() + 1]
}

/// The text of the element holding `marker`, up to its end tag.
fn text_of<'a>(page: &'a str, marker: &str) -> &'a str {
    let tag = tag_with(page, marker);
    let start = page.find(tag).unwrap() + tag.len();
    &page[start..start + page[start..].find("</").unwrap()]
}

fn is_hidden(tag: &str) -> bool {
    tag.split(|c: char| c.is_whitespace() || c == '>')
        .any(|w| w == "hidden" || w == "hidden=\"\"")
}

#[tokio::test]
async fn the_contact_form_sent_without_script_shows_its_problems_then_its_thank_you() {
    let server = Server::start();
    let marker = "Ruiz-plain";
    // Once with a missing last name and a wrong email: the page again, nothing stored.
    let refused = send(
        &server,
        "/contact",
        &contact([
            "Ana \"A\"",
            "",
            "not-an-email",
            "Hello",
            "Line one\nمیں آپ سے ملنا چاہتا ہوں",
            "",
        ]),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.headers()[header::CONTENT_TYPE],
        "text/html; charset=utf-8"
    );
    assert_eq!(refused.headers()[header::CACHE_CONTROL], "no-store");
    assert!(refused.headers().get("content-security-policy").is_some());
    let page = refused.text().await.unwrap();
    let last = tag_with(&page, "data-error-for=\"lastName\"");
    assert!(!is_hidden(last), "{last}");
    assert_eq!(
        text_of(&page, "data-error-for=\"lastName\""),
        "Last name is required."
    );
    assert_eq!(
        text_of(&page, "data-error-for=\"email\""),
        "Please enter a valid email address."
    );
    assert!(
        is_hidden(tag_with(&page, "data-error-for=\"firstName\"")),
        "no problem, no line"
    );
    let problem = tag_with(&page, "data-form-problem");
    assert!(!is_hidden(problem), "{problem}");
    assert!(!text_of(&page, "data-form-problem").is_empty());
    // Every answer kept as typed, escaped, and the fields with a problem point to it.
    // One value each (a browser reads the first of two), the one sent.
    for (field, kept) in [
        ("firstName", r#"value="Ana &quot;A&quot;""#),
        ("email", r#"value="not-an-email""#),
    ] {
        let input = tag_with(&page, &format!("name=\"{field}\""));
        assert_eq!(input.matches(" value").count(), 1, "{input}");
        assert!(input.contains(kept), "{input}");
    }
    assert!(
        page.contains("Line one\nمیں آپ سے ملنا چاہتا ہوں</textarea>"),
        "the message kept"
    );
    let email = tag_with(&page, "name=\"email\"");
    assert!(
        email.contains(r#"aria-invalid="true""#)
            && email.contains(r#"aria-describedby="contact-email-error""#),
        "{email}"
    );
    assert!(exported(&server, "contact").is_empty(), "nothing stored");

    // Then complete: a redirect to the page's thank-you, stored once, as typed.
    let sent = send(
        &server,
        "/contact",
        &contact([
            "Ana",
            marker,
            "ana@example.com",
            "Hello",
            "Line one\nمیں آپ سے ملنا چاہتا ہوں",
            "",
        ]),
    )
    .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    let to = sent.headers()[header::LOCATION]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(to, "/contact?sent=contact#form-contact");
    let rows = exported(&server, "contact");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["lastName"], marker);
    assert_eq!(rows[0]["message"], "Line one\nمیں آپ سے ملنا چاہتا ہوں");

    let thanks = client()
        .get(server.url(to.split('#').next().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(thanks.status(), StatusCode::OK);
    assert_eq!(thanks.headers()[header::CACHE_CONTROL], "no-store");
    let page = thanks.text().await.unwrap();
    assert!(!is_hidden(tag_with(&page, "data-form-thanks")));
    assert!(text_of(&page, "data-form-thanks").contains("Message Sent!"));
    // The page without the query is the page as always: its thank-you hidden.
    let plain = client()
        .get(server.url("/contact"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(is_hidden(tag_with(&plain, "data-form-thanks")));
}

#[tokio::test]
async fn an_urdu_page_answers_in_urdu_and_its_thank_you_is_its_own() {
    let server = Server::start();
    let refused = send(
        &server,
        "/ur/contact",
        &contact(["علی", "", "ali@example.com", "سلام", "دعا", ""]),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    let problem = text_of(&page, "data-error-for=\"lastName\"").to_string();
    assert!(
        !problem.is_empty() && problem != "Last name is required.",
        "{problem}"
    );
    assert!(
        problem
            .chars()
            .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
        "Urdu: {problem}"
    );
    assert!(page.contains(r#"value="علی""#));

    let sent = send(
        &server,
        "/ur/contact",
        &contact(["علی", "خان", "ali@example.com", "سلام", "دعا", ""]),
    )
    .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        sent.headers()[header::LOCATION],
        "/ur/contact?sent=contact#form-contact"
    );
    let page = client()
        .get(server.url("/ur/contact?sent=contact"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let thanks = text_of(&page, "data-form-thanks");
    assert!(
        !thanks.contains("Message Sent!")
            && thanks
                .chars()
                .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
        "{thanks}"
    );
    let rows = exported(&server, "contact");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["lastName"], "خان");
}

#[tokio::test]
async fn a_pages_subscription_sends_its_own_list() {
    let server = Server::start();
    for (page, list) in [("/worship", "music"), ("/media", "media")] {
        let sent = send(
            &server,
            page,
            &[
                ("_form", "subscription"),
                ("list", list),
                ("email", &format!("{list}@example.com")),
            ],
        )
        .await;
        assert_eq!(sent.status(), StatusCode::SEE_OTHER, "{page}");
    }
    let mut lists: Vec<String> = exported(&server, "subscription")
        .iter()
        .map(|r| format!("{} {}", r["list"], r["email"]))
        .collect();
    lists.sort();
    assert_eq!(
        lists,
        [
            "\"media\" \"media@example.com\"",
            "\"music\" \"music@example.com\""
        ]
    );
}

#[tokio::test]
async fn what_a_page_does_not_hold_is_refused_and_a_bot_is_thanked_with_nothing_kept() {
    let server = Server::start();
    // A form the page does not hold, or none: refused as a page always refused a POST.
    for pairs in [
        vec![
            ("_form", "prayer-request"),
            ("name", "Ana"),
            ("prayerRequest", "x"),
        ],
        vec![("name", "Ana")],
    ] {
        let response = send(&server, "/contact", &pairs).await;
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
    // JSON to a page: not a browser's form.
    let json = client()
        .post(server.url("/contact"))
        .json(&serde_json::json!({"_form": "contact"}))
        .send()
        .await
        .unwrap();
    assert_eq!(json.status(), StatusCode::METHOD_NOT_ALLOWED);
    // The field people never see, filled: thanked, nothing kept.
    let bot = send(
        &server,
        "/contact",
        &contact([
            "Bot",
            "Bot",
            "bot@example.com",
            "x",
            "x",
            "http://spam.example",
        ]),
    )
    .await;
    assert_eq!(bot.status(), StatusCode::SEE_OTHER);
    assert!(exported(&server, "contact").is_empty());
    assert!(exported(&server, "prayer-request").is_empty());
}

#[tokio::test]
async fn a_pop_up_forms_page_takes_its_form_and_a_form_sent_again_with_its_key_is_stored_once() {
    let server = Server::start();
    let card = [
        ("_form", "connect-card"),
        ("firstName", "Ana"),
        ("lastName", "Key-plain"),
        ("phone", "954 555 0101"),
        ("email", "ana@example.com"),
        ("ageGroup", "25–34"),
        ("nextSteps", "I want to be baptized"),
        ("nextSteps", "I want to join a Bible study"),
        ("consent", "true"),
        ("website", ""),
    ];
    let key = "6f1c2a4e-3b7d-4e59-9a1b-2c3d4e5f6a7b";
    // The answer to the first is lost on the way back: the worker sends it again.
    for _ in 0..2 {
        let sent = send_with(&server, "/ur/connect-card", &card, Some(key)).await;
        assert_eq!(sent.status(), StatusCode::SEE_OTHER);
        assert_eq!(
            sent.headers()[header::LOCATION],
            "/ur/connect-card?sent=connect-card#form-connect-card"
        );
    }
    let rows = exported(&server, "connect-card");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["ageGroup"], "25–34");
    assert_eq!(
        rows[0]["nextSteps"],
        serde_json::json!(["I want to be baptized", "I want to join a Bible study"])
    );
    assert_eq!(rows[0]["consent"], true);

    // The same key with other answers is another submission under a used key: refused,
    // with the page saying so, nothing more stored.
    let mut other = card.to_vec();
    other[2] = ("lastName", "Someone-else");
    let refused = send_with(&server, "/connect-card", &other, Some(key)).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = refused.text().await.unwrap();
    assert!(
        !is_hidden(tag_with(&page, "data-form-problem")),
        "the problem line is shown"
    );
    assert_eq!(exported(&server, "connect-card").len(), 1);

    // A key that is not one is refused before anything is stored.
    let bad = send_with(&server, "/connect-card", &card, Some("not a key at all")).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(exported(&server, "connect-card").len(), 1);
}
