//! HTTP tests of POST /api/<form>: answers and status codes, limits, the honeypot,
//! rate limits and client addresses, and storage failures.
use crate::common;

use common::{FORMS, Server, client, thewell, valid};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

fn count(server: &Server, form: &str) -> u64 {
    let (ok, out, err) = thewell(&server.data_dir(), &["stats"]);
    assert!(ok, "{err}");
    out.lines()
        .find(|l| l.split_whitespace().next() == Some(form))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap()
        .parse()
        .unwrap()
}

async fn error_body(response: reqwest::Response) -> Value {
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
    assert!(
        response.headers().get("content-security-policy").is_some(),
        "security headers on errors too"
    );
    let body: Value = response.json().await.unwrap();
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    assert!(body["fields"].is_object(), "{body}");
    body
}

#[tokio::test]
async fn every_form_accepts_a_valid_submission_with_201_and_an_id() {
    let server = Server::start();
    for form in FORMS {
        let response = server.post(form, &valid(form)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{form}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["id"].as_str().unwrap().len(), 26, "{form}: a ULID");
        assert_eq!(count(&server, form), 1, "{form} stored");
    }
}

#[tokio::test]
async fn validation_errors_name_each_field_with_a_readable_message() {
    let server = Server::start();
    let response = server.post("contact", &json!({"firstName": "  ", "email": "not-an-email", "subject": "x".repeat(201), "message": "hi"})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = error_body(response).await;
    assert_eq!(body["fields"]["firstName"], "First name is required.");
    assert_eq!(body["fields"]["lastName"], "Last name is required.");
    assert_eq!(
        body["fields"]["email"],
        "Please enter a valid email address."
    );
    assert_eq!(
        body["fields"]["subject"],
        "Subject must be at most 200 characters."
    );
    assert!(body["fields"].get("message").is_none());

    let rsvp = server
        .post(
            "church-launch-response",
            &json!({"name": "A", "phone": "12345", "email": "x"}),
        )
        .await;
    let body = error_body(rsvp).await;
    assert_eq!(body["fields"]["name"], "Name must be at least 2 characters");
    assert_eq!(body["fields"]["phone"], "Please enter a valid phone number");
    assert_eq!(
        body["fields"]["email"],
        "Please enter a valid email address"
    );

    let card = server.post("connect-card", &json!({"firstName": "A", "lastName": "B", "phone": "1", "email": "a@b.co", "consent": false, "ageGroup": "30", "nextSteps": ["Fly"]})).await;
    let body = error_body(card).await;
    for field in ["consent", "ageGroup", "nextSteps"] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
    assert_eq!(
        count(&server, "contact") + count(&server, "connect-card"),
        0,
        "nothing invalid is stored"
    );
}

#[tokio::test]
async fn a_page_in_urdu_gets_its_refusals_in_urdu_and_others_in_english() {
    let server = Server::start();
    let send = |language: Option<&'static str>| {
        let mut request = client().post(server.url("/api/contact")).json(
            &json!({"firstName": "عائشہ", "email": "x", "subject": "سوال", "message": "سلام"}),
        );
        if let Some(language) = language {
            request = request.header(header::ACCEPT_LANGUAGE, language);
        }
        request.send()
    };
    // What the Urdu pages' code sends (lib/api.ts), and a browser's own list.
    for language in ["ur", "ur-PK,ur;q=0.9,en;q=0.8"] {
        let response = send(Some(language)).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let body = error_body(response).await;
        assert_eq!(body["error"], "کچھ جوابات پر توجہ درکار ہے۔", "{language}");
        assert_eq!(body["fields"]["lastName"], "خاندانی نام ضروری ہے۔");
        assert_eq!(body["fields"]["email"], "براہِ کرم درست ای میل پتہ لکھیں۔");
    }
    // English, and a language the pages are not in, read English.
    for language in [None, Some("en-US"), Some("fr-FR,fr")] {
        let body = error_body(send(language).await.unwrap()).await;
        assert_eq!(
            body["error"], "Some answers need attention.",
            "{language:?}"
        );
        assert_eq!(body["fields"]["lastName"], "Last name is required.");
    }
    // An option is named in the page's language in a message; what is stored stays English.
    let card = client()
        .post(server.url("/api/connect-card"))
        .header(header::ACCEPT_LANGUAGE, "ur")
        .json(&json!({"firstName": "A", "lastName": "B", "phone": "1", "email": "a@b.co", "consent": true, "ageGroup": "30"}))
        .send()
        .await
        .unwrap();
    let body = error_body(card).await;
    let age = body["fields"]["ageGroup"].as_str().unwrap();
    assert!(
        age.starts_with("عمر کا گروپ") && age.contains("18 سال سے کم"),
        "{age}"
    );
    assert_eq!(
        count(&server, "contact") + count(&server, "connect-card"),
        0
    );
}

#[tokio::test]
async fn unknown_fields_are_ignored_and_not_stored() {
    let server = Server::start();
    let mut body = valid("subscription");
    body["ip"] = json!("1.2.3.4");
    body["userAgent"] = json!("x");
    assert_eq!(
        server.post("subscription", &body).await.status(),
        StatusCode::CREATED
    );
    let (_, out, _) = thewell(
        &server.data_dir(),
        &["export", "subscription", "--format", "jsonl"],
    );
    assert!(
        !out.contains("1.2.3.4") && !out.contains("userAgent"),
        "{out}"
    );
    assert!(out.contains("ana@example.com"));
}

/// Posts a raw body with the given content type.
async fn post_raw(url: &str, content_type: &str, body: &str) -> reqwest::Response {
    client()
        .post(url)
        .header(header::CONTENT_TYPE, content_type)
        .body(body.to_string())
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn malformed_bodies_and_wrong_requests_get_their_status() {
    let server = Server::start();
    let url = server.url("/api/contact");

    let bad_json = post_raw(&url, "application/json", "{\"firstName\":").await;
    assert_eq!(bad_json.status(), StatusCode::BAD_REQUEST);
    error_body(bad_json).await;

    let not_object = post_raw(&url, "application/json", "[1,2]").await;
    assert_eq!(not_object.status(), StatusCode::BAD_REQUEST);

    let form_encoded = post_raw(&url, "application/x-www-form-urlencoded", "a=b").await;
    assert_eq!(form_encoded.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    error_body(form_encoded).await;

    let no_type = client().post(&url).body("{}").send().await.unwrap();
    assert_eq!(no_type.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let with_charset = post_raw(
        &url,
        "application/json; charset=utf-8",
        &valid("contact").to_string(),
    )
    .await;
    assert_eq!(with_charset.status(), StatusCode::CREATED);

    let get = client().get(&url).send().await.unwrap();
    assert_eq!(get.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.headers()[header::ALLOW], "POST");
    error_body(get).await;

    let unknown = client()
        .post(server.url("/api/prayer-requests"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let body = error_body(unknown).await;
    assert!(
        body["error"].as_str().unwrap().contains("connect-card"),
        "lists the forms: {body}"
    );
}

#[tokio::test]
async fn bodies_over_16_kib_are_refused_with_413_even_chunked() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = Server::start();
    let big = json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "subject": "s", "message": "m".repeat(17_000)});
    let response = server.post("contact", &big).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    error_body(response).await;

    // The same body sent chunked, without a Content-Length.
    let addr = server.base.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let payload = big.to_string();
    let mut request = String::from(
        "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
    );
    for chunk in payload.as_bytes().chunks(4096) {
        request.push_str(&format!(
            "{:x}\r\n{}\r\n",
            chunk.len(),
            std::str::from_utf8(chunk).unwrap()
        ));
    }
    request.push_str("0\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer).await;
    assert!(
        answer.starts_with("HTTP/1.1 413"),
        "{}",
        &answer[..answer.len().min(200)]
    );
    assert_eq!(count(&server, "contact"), 0);
}

#[tokio::test]
async fn a_filled_honeypot_gets_201_but_nothing_is_stored() {
    let server = Server::start();
    let mut body = valid("prayer-request");
    body["website"] = json!("http://spam.example");
    let response = server.post("prayer-request", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["id"].as_str().unwrap().len(), 26);
    assert_eq!(count(&server, "prayer-request"), 0);
    body["website"] = json!("");
    assert_eq!(
        server.post("prayer-request", &body).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(count(&server, "prayer-request"), 1);
}

#[tokio::test]
async fn default_limits_let_a_church_wifi_through_but_refuse_a_flood() {
    let server = Server::start();
    // 30 people behind one address each send a Connect Card at once.
    let url = server.url("/api/connect-card");
    let sends: Vec<_> = (0..30)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move {
                client()
                    .post(url)
                    .json(&valid("connect-card"))
                    .send()
                    .await
                    .unwrap()
                    .status()
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for send in sends {
        statuses.push(send.await.unwrap());
    }
    assert!(
        statuses.iter().all(|s| *s == StatusCode::CREATED),
        "{statuses:?}"
    );
    assert_eq!(count(&server, "connect-card"), 30);

    // The same address keeps going: 100 within the minute, most refused.
    let mut refused = 0;
    let mut retry_after = None;
    for _ in 0..70 {
        let response = server.post("contact", &valid("contact")).await;
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            refused += 1;
            retry_after = response
                .headers()
                .get(header::RETRY_AFTER)
                .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            error_body(response).await;
        }
    }
    assert!(refused > 50, "only {refused} of 100 refused");
    assert!(
        retry_after.is_some_and(|s| (1..=60).contains(&s)),
        "{retry_after:?}"
    );
}

#[tokio::test]
async fn x_forwarded_for_counts_only_from_the_trusted_proxy() {
    let post = |server: &Server, forwarded: &'static str| {
        client()
            .post(server.url("/api/subscription"))
            .header("x-forwarded-for", forwarded)
            .json(&valid("subscription"))
            .send()
    };
    // Without a trusted proxy the header is ignored: one socket address, one allowance.
    let plain = Server::start_with(&["--rate-burst", "2", "--rate-per-minute", "1"]);
    assert_eq!(
        post(&plain, "203.0.113.1").await.unwrap().status(),
        StatusCode::CREATED
    );
    assert_eq!(
        post(&plain, "203.0.113.2").await.unwrap().status(),
        StatusCode::CREATED
    );
    assert_eq!(
        post(&plain, "203.0.113.3").await.unwrap().status(),
        StatusCode::TOO_MANY_REQUESTS
    );

    // Behind the trusted proxy each forwarded address has its own allowance.
    let proxied = Server::start_with(&[
        "--rate-burst",
        "2",
        "--rate-per-minute",
        "1",
        "--trusted-proxy",
        "127.0.0.1",
    ]);
    for _ in 0..2 {
        assert_eq!(
            post(&proxied, "198.51.100.7, 203.0.113.1")
                .await
                .unwrap()
                .status(),
            StatusCode::CREATED
        );
    }
    assert_eq!(
        post(&proxied, "203.0.113.1").await.unwrap().status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    // A spoofed first entry does not help: the proxy's own (last) entry is the client.
    assert_eq!(
        post(&proxied, "10.9.9.9, 203.0.113.1")
            .await
            .unwrap()
            .status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        post(&proxied, "203.0.113.2").await.unwrap().status(),
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn a_full_disk_answers_503_keeps_what_was_stored_and_keeps_serving_pages() {
    // Create the database, then run the server with a file-size limit just above it:
    // writes past the limit fail with EFBIG, as on a full disk.
    let first = Server::start();
    let dir = first.kill();
    let size = std::fs::metadata(dir.path().join("data/thewell.redb"))
        .unwrap()
        .len();
    let limit_kib = size / 1024 + 96;
    let server = Server::spawn(
        dir,
        &["--rate-burst", "1000"],
        Some(&format!("trap '' XFSZ; ulimit -f {limit_kib}")),
    );

    let mut stored = Vec::new();
    let mut failed = None;
    for i in 0..400 {
        let body = json!({"name": format!("n{i}"), "prayerRequest": "p".repeat(4900)});
        let response = server.post("prayer-request", &body).await;
        match response.status() {
            StatusCode::CREATED => stored.push(
                response.json::<Value>().await.unwrap()["id"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            ),
            StatusCode::SERVICE_UNAVAILABLE => {
                failed = Some(error_body(response).await);
                break;
            }
            other => panic!("unexpected {other}"),
        }
    }
    let failed = failed.expect("the file-size limit was never reached");
    assert!(
        failed["error"].as_str().unwrap().contains("try again"),
        "{failed}"
    );
    assert!(!stored.is_empty());
    assert_eq!(
        client()
            .get(server.url("/about"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    // The writer reopens the database after a failed commit: a small submission that
    // still fits in the file is stored without a restart.
    assert_eq!(
        server
            .post("subscription", &valid("subscription"))
            .await
            .status(),
        StatusCode::CREATED
    );

    // Restarted without the limit: everything acknowledged is there, and storing works again.
    let dir = server.kill();
    let server = Server::spawn(dir, &[], None);
    let (ok, out, err) = thewell(
        &server.data_dir(),
        &["export", "prayer-request", "--format", "jsonl"],
    );
    assert!(ok, "{err}");
    for id in &stored {
        assert!(out.contains(id.as_str()), "{id} lost");
    }
    assert_eq!(
        server
            .post("subscription", &valid("subscription"))
            .await
            .status(),
        StatusCode::CREATED
    );
}

/// One submission sent with an Idempotency-Key is stored once, however often it
/// comes: again after its answer, again after an answer the client never read, at
/// once from many connections, and again after the server restarts; every repeat
/// is answered with the first id. A key reused for other content is refused (422),
/// a malformed one too (400); the key never shows in the export.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_idempotency_key_stores_a_submission_exactly_once_and_answers_the_same_id() {
    use tokio::io::AsyncWriteExt;
    let server = Server::start();
    let body = valid("prayer-request");
    let send = |key: &'static str, body: Value| {
        let url = server.url("/api/prayer-request");
        async move {
            let response = client()
                .post(url)
                .header("Idempotency-Key", key)
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = response.status();
            (status, response.json::<Value>().await.unwrap())
        }
    };
    let (status, first) = send("phone-7f3a9c", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    let id = first["id"].as_str().unwrap().to_string();

    // Sent again with the answer dropped: the client closes before reading it.
    let addr = server.base.trim_start_matches("http://").to_string();
    let payload = body.to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(format!("POST /api/prayer-request HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nIdempotency-Key: phone-7f3a9c\r\nContent-Length: {}\r\n\r\n{payload}", payload.len()).as_bytes())
        .await
        .unwrap();
    drop(stream);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;

    // And a third time, read: the same id.
    let (status, third) = send("phone-7f3a9c", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(third["id"], id.as_str());
    assert_eq!(count(&server, "prayer-request"), 1);

    // Many at once with a new key: one stored, one id for all.
    let answers = futures_join(
        (0..12)
            .map(|_| send("phone-burst-1", body.clone()))
            .collect(),
    )
    .await;
    let ids: std::collections::HashSet<String> = answers
        .iter()
        .map(|(status, answer)| {
            assert_eq!(*status, StatusCode::CREATED, "{answer}");
            answer["id"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(count(&server, "prayer-request"), 2);

    // The same key with other content is refused, and so is a malformed key.
    let mut other = body.clone();
    other["prayerRequest"] = json!("Something else entirely");
    let (status, answer) = send("phone-7f3a9c", other).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("new key"));
    let (status, answer) = send("two words", body.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("Idempotency-Key")
    );

    // A restart forgets nothing: the key is stored with the submission.
    let dir = server.kill();
    let server = Server::spawn(dir, &[], None);
    let url = server.url("/api/prayer-request");
    let again = client()
        .post(url)
        .header("Idempotency-Key", "phone-7f3a9c")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(again.json::<Value>().await.unwrap()["id"], id.as_str());
    assert_eq!(count(&server, "prayer-request"), 2);
    let (ok, out, err) = thewell(
        &server.data_dir(),
        &["export", "prayer-request", "--format", "jsonl"],
    );
    assert!(ok, "{err}");
    assert!(
        !out.contains("phone-7f3a9c") && !out.contains("idempotencyKey"),
        "{out}"
    );
}

/// 300 pairs of requests, each pair one key with two different submissions, sent at
/// the same moment: in every pair one is stored (201, and in the export with its own
/// words) and the other refused (422); none is answered 201 without being stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_key_with_two_submissions_at_once_stores_one_and_refuses_the_other() {
    let server = Server::start_with(&["--rate-burst", "100000"]);
    let url = server.url("/api/prayer-request");
    let mut sends = Vec::new();
    for pair in 0..300 {
        for side in ["A", "B"] {
            let mut body = valid("prayer-request");
            body["prayerRequest"] = json!(format!("Pair {pair} side {side}"));
            let url = url.clone();
            sends.push(async move {
                let response = client()
                    .post(url)
                    .header("Idempotency-Key", format!("pair-{pair}"))
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                let status = response.status();
                let answer: Value = response.json().await.unwrap();
                (pair, side, status, answer)
            });
        }
    }
    let answers = futures_join(sends).await;
    let (ok, out, err) = thewell(
        &server.data_dir(),
        &["export", "prayer-request", "--format", "jsonl"],
    );
    assert!(ok, "{err}");
    let exported: std::collections::HashMap<String, String> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["prayerRequest"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    for pair in 0..300 {
        let mine: Vec<_> = answers.iter().filter(|a| a.0 == pair).collect();
        let stored: Vec<_> = mine.iter().filter(|a| a.2 == StatusCode::CREATED).collect();
        let refused = mine
            .iter()
            .filter(|a| a.2 == StatusCode::UNPROCESSABLE_ENTITY)
            .count();
        assert_eq!((stored.len(), refused), (1, 1), "pair {pair}: {mine:?}");
        let (_, side, _, answer) = stored[0];
        let id = answer["id"].as_str().unwrap();
        assert_eq!(
            exported.get(id).map(String::as_str),
            Some(format!("Pair {pair} side {side}").as_str()),
            "pair {pair}: the 201 is stored with its own words"
        );
    }
    assert_eq!(exported.len(), 300);
}

/// Runs the futures at once; their outputs in order.
async fn futures_join<T: Send + 'static>(
    futures: Vec<impl std::future::Future<Output = T> + Send + 'static>,
) -> Vec<T> {
    let handles: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}
