//! Notifications against real servers the tests start: Debian's aiosmtpd as the
//! church's mail server (each message written to a maildir) and a small HTTP
//! receiver for webhooks. Every form's notification arrives with its subject,
//! answers and signature; a prayer request's text stays out unless asked for; a
//! visitor cannot add a header. The outbox keeps every acknowledged submission's
//! notification through a SIGKILL while the mail server is down, and through a
//! webhook answering 500 for a while.
use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::https::free_port;
use common::smtp::{PYTHON, Smtpd};
use common::webhook::Receiver;
use common::{FORMS, Server, thewell, valid};
use serde_json::{Value, json};

/// A data directory whose contact form notifies target 1 (office@ by email) and
/// target 2 (`receiver`'s webhook).
fn contact_targets(receiver: &Receiver) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let email = [
        "notify",
        "add",
        "contact",
        "--email",
        "office@thewell.example",
    ];
    assert!(thewell(&data, &email).0);
    let url = receiver.url();
    assert!(thewell(&data, &["notify", "add", "contact", "--webhook", &url]).0);
    (dir, data)
}

fn hmac_hex(secret: &str, body: &str) -> String {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    ring::hmac::sign(&key, body.as_bytes())
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn mail_flags(smtp: &str) -> Vec<String> {
    vec![
        "--smtp-url".into(),
        smtp.into(),
        "--mail-from".into(),
        "The Well website <web@thewell.example>".into(),
        "--notify-retry".into(),
        "1s".into(),
        "--rate-burst".into(),
        "100000".into(),
    ]
}

fn header<'a>(message: &'a str, name: &str) -> Vec<&'a str> {
    let head = message.split("\n\n").next().unwrap_or_default();
    head.lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
        .collect()
}

#[tokio::test]
async fn every_form_is_told_by_mail_and_signed_webhook_and_prayers_stay_private() {
    let temp = tempfile::tempdir().unwrap();
    let smtpd = Smtpd::start(&temp.path().join("maildir"), free_port());
    let receiver = Receiver::start(Duration::ZERO).await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let (ok, _, err) = thewell(
        &data,
        &["notify", "add", "all", "--email", "office@thewell.example"],
    );
    assert!(ok, "{err}");
    let (ok, out, err) = thewell(
        &data,
        &["notify", "add", "all", "--webhook", &receiver.url()],
    );
    assert!(ok, "{err}");
    let secret = out
        .lines()
        .find(|l| l.len() == 64)
        .expect("the secret is printed once")
        .to_string();
    let (ok, _, _) = thewell(
        &data,
        &[
            "notify",
            "add",
            "prayer-request",
            "--email",
            "pastor@thewell.example",
            "--notify-prayer-text",
        ],
    );
    assert!(ok);
    let (ok, _, err) = thewell(
        &data,
        &[
            "notify",
            "add",
            "all",
            "--webhook",
            "http://hooks.example.org/x",
        ],
    );
    assert!(!ok && err.contains("must be https://"), "{err}");

    let flags = mail_flags(&smtpd.url());
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let server = Server::spawn(dir, &flags, None);
    let mut ids = BTreeMap::new();
    for form in FORMS {
        let mut body = valid(form);
        if form == "contact" {
            body["message"] = json!("Line one\r\nBcc: thief@evil.example\r\n\r\nSecond part");
        }
        if form == "prayer-request" {
            body["name"] = json!("Ana María Ruiz");
            body["prayerRequest"] = json!("Healing for my mother's heart");
        }
        let response = server.post(form, &body).await;
        assert_eq!(response.status(), 201, "{form}");
        let id = response.json::<Value>().await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        ids.insert(form, id);
    }
    // A name with a line break is refused at the door: nothing stored, nobody told.
    let mut sneaky = valid("connect-card");
    sneaky["firstName"] = json!("Maria\r\nBcc: x@y.example");
    assert_eq!(server.post("connect-card", &sneaky).await.status(), 400);

    // office: six forms (not the subscription); pastor: the prayer request with its text.
    smtpd.wait_for(7).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let messages = smtpd.messages();
    assert_eq!(messages.len(), 7, "{messages:#?}");
    let mut message_ids = std::collections::HashSet::new();
    for message in &messages {
        assert_eq!(header(message, "Bcc"), Vec::<&str>::new(), "{message}");
        // What mail readers and filters expect of every message.
        let id = header(message, "Message-ID");
        assert!(
            id.len() == 1 && id[0].starts_with('<') && id[0].ends_with("@thewell.example>"),
            "{message}"
        );
        assert!(message_ids.insert(id[0]), "one Message-ID each: {message}");
        assert_eq!(header(message, "MIME-Version"), ["1.0"], "{message}");
        let date = header(message, "Date");
        assert!(
            date.len() == 1 && chrono::DateTime::parse_from_rfc2822(date[0]).is_ok(),
            "{message}"
        );
        assert!(
            !message.contains("thief@evil.example")
                || header(message, "X-RcptTo") == ["office@thewell.example"],
            "{message}"
        );
        assert_eq!(
            header(message, "From"),
            [r#""The Well website" <web@thewell.example>"#]
        );
        assert!(!message.contains("x@y.example"), "{message}");
    }
    let to = |who: &str| {
        messages
            .iter()
            .filter(|m| header(m, "X-RcptTo") == [who])
            .collect::<Vec<_>>()
    };
    let office = to("office@thewell.example");
    assert_eq!(office.len(), 6);
    let subject = |m: &str| header(m, "Subject").join("");
    let subjects: Vec<String> = office.iter().map(|m| subject(m)).collect();
    for expected in [
        "New Connect Card: Ana R.",
        "New Contact: Ana R.",
        "New Prayer Request: Ana",
        "New Serve Interest: Ana R.",
        "New North Campus Interest: Ana R.",
        "New Church Launch Response: Ana",
    ] {
        assert!(
            subjects.iter().any(|s| s == expected),
            "{expected} in {subjects:?}"
        );
    }
    let card = office
        .iter()
        .find(|m| subject(m) == "New Connect Card: Ana R.")
        .unwrap();
    assert!(card.contains("Last name: Ruiz\n"), "{card}");
    assert!(card.contains("Phone: 555-123-4567\n"), "{card}");
    assert!(
        card.contains("thewell export connect-card --since "),
        "{card}"
    );
    let prayer = office
        .iter()
        .find(|m| subject(m) == "New Prayer Request: Ana")
        .unwrap();
    assert!(!prayer.contains("Healing"), "{prayer}");
    assert!(!prayer.contains("Ruiz"), "{prayer}");
    assert!(
        prayer.contains("thewell export prayer-request --since "),
        "{prayer}"
    );
    let pastor = to("pastor@thewell.example");
    assert_eq!(pastor.len(), 1);
    assert!(pastor[0].contains("Healing for my mother"), "{}", pastor[0]);

    let calls = receiver.wait_for(6).await;
    assert_eq!(calls.len(), 6);
    for call in &calls {
        let expected = format!("sha256={}", hmac_hex(&secret, &call.body));
        assert_eq!(call.headers["x-thewell-signature"], expected);
        let body: Value = serde_json::from_str(&call.body).unwrap();
        let form = body["form"].as_str().unwrap();
        assert_eq!(call.headers["idempotency-key"], ids[form]);
        assert_eq!(body["id"], ids[form]);
        assert_ne!(form, "subscription");
        assert!(!call.body.contains("Healing"), "{}", call.body);
    }
    let card: Value = calls
        .iter()
        .map(|c| serde_json::from_str::<Value>(&c.body).unwrap())
        .find(|b| b["form"] == "connect-card")
        .unwrap();
    assert_eq!(card["fields"]["lastName"], "Ruiz");

    // Nothing left waiting; `notify list` and `stats` say so.
    let (_, list, _) = thewell(&server.data_dir(), &["notify", "list"]);
    assert!(list.contains("waiting 0, failing 0, given up 0"), "{list}");
}

/// The bodies of the messages received, decoded by Python's own mail parser (not ours):
/// what a mail program shows.
fn decoded_bodies(smtpd: &Smtpd) -> Vec<String> {
    let script = "import email, email.policy, sys\n\
        for path in sys.argv[1:]:\n\
        \x20   m = email.message_from_binary_file(open(path, 'rb'), policy=email.policy.default)\n\
        \x20   print(m.get_body(('plain',)).get_content(), end='\\x00')\n";
    let paths: Vec<PathBuf> = std::fs::read_dir(smtpd.maildir.join("new"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    let out = Command::new(PYTHON)
        .arg("-c")
        .arg(script)
        .args(&paths)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .split('\0')
        .filter(|b| !b.is_empty())
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn an_urdu_prayer_arrives_as_typed_in_the_mail_and_the_exports() {
    let temp = tempfile::tempdir().unwrap();
    let smtpd = Smtpd::start(&temp.path().join("maildir"), free_port());
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let (ok, _, err) = thewell(
        &data,
        &[
            "notify",
            "add",
            "prayer-request",
            "--email",
            "pastor@thewell.example",
            "--notify-prayer-text",
        ],
    );
    assert!(ok, "{err}");
    let flags = mail_flags(&smtpd.url());
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let server = Server::spawn(dir, &flags, None);
    // Nastaliq with a zero-width non-joiner and a right-to-left mark, as phones type them.
    let name = "عائشہ\u{200C}بی بی";
    let request = "میری والدہ کی صحت کے لیے دعا کریں۔\nشکریہ \u{200F}(متی 7:7)";
    let response = server
        .post(
            "prayer-request",
            &json!({"name": name, "phone": "0300 1234567", "prayerRequest": request}),
        )
        .await;
    assert_eq!(response.status(), 201);

    smtpd.wait_for(1).await;
    let bodies = decoded_bodies(&smtpd);
    assert_eq!(bodies.len(), 1);
    // Each line as typed (the mail indents a long answer's later lines under its label).
    for line in request.lines() {
        assert!(bodies[0].contains(line), "{line} in {}", bodies[0]);
    }
    assert!(bodies[0].contains(name), "{}", bodies[0]);

    let data = server.data_dir();
    let (ok, jsonl, err) = thewell(&data, &["export", "prayer-request", "--format", "jsonl"]);
    assert!(ok, "{err}");
    let record: Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(record["name"], name);
    assert_eq!(record["prayerRequest"], request);
    let (ok, csv, err) = thewell(&data, &["export", "prayer-request"]);
    assert!(ok, "{err}");
    assert!(
        csv.starts_with('\u{FEFF}'),
        "the CSV opens in Excel as UTF-8"
    );
    assert!(csv.contains(&format!("\"{request}\"")), "{csv}");
    assert!(csv.contains(name), "{csv}");
}

#[tokio::test]
async fn notifications_outlive_a_sigkill_while_the_mail_server_is_down_and_a_failing_webhook() {
    let temp = tempfile::tempdir().unwrap();
    let port = free_port();
    let receiver = Receiver::start(Duration::from_secs(4)).await;
    let (dir, _) = contact_targets(&receiver);
    let flags = mail_flags(&format!("smtp://127.0.0.1:{port}"));
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();

    // The mail server is down: every submission is still acknowledged at once.
    let server = Server::spawn(dir, &flags, None);
    let mut acknowledged = Vec::new();
    for i in 0..40 {
        let mut body = valid("contact");
        body["subject"] = json!(format!("Question {i}"));
        let started = Instant::now();
        let response = server.post("contact", &body).await;
        assert_eq!(response.status(), 201);
        assert!(started.elapsed() < Duration::from_secs(2));
        acknowledged.push(
            response.json::<Value>().await.unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let dir = server.kill();

    let smtpd = Smtpd::start(&temp.path().join("maildir"), port);
    let server = Server::spawn(dir, &flags, None);
    let messages = smtpd.wait_for(40).await;
    for id in &acknowledged {
        assert!(
            messages.iter().any(|m| m.contains(id.as_str())),
            "no mail for {id}"
        );
    }
    // The webhook answered 500 for its first seconds; the retries got through.
    let calls = receiver.wait_for(40).await;
    for id in &acknowledged {
        assert!(
            calls.iter().any(|c| &c.headers["idempotency-key"] == id),
            "no webhook for {id}"
        );
    }
    let started = Instant::now();
    loop {
        let (_, stats, _) = thewell(&server.data_dir(), &["stats"]);
        let settled = |who: &str| {
            stats
                .lines()
                .any(|l| l.starts_with(who) && l.split_whitespace().rev().take(3).all(|n| n == "0"))
        };
        if settled("1 email office@thewell.example") && settled("2 webhook") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{stats}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn notify_test_says_what_failed() {
    let receiver = Receiver::start(Duration::from_secs(600)).await;
    let (_dir, data) = contact_targets(&receiver);
    let from = ["--mail-from", "web@thewell.example"];
    let test = |args: &[&str]| {
        let data = data.clone();
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            thewell(&data, &args)
        })
    };
    let closed = format!("smtp://127.0.0.1:{}", free_port());
    let (ok, _, err) = test(&[&["notify", "test", "1", "--smtp-url", &closed], &from[..]].concat())
        .await
        .unwrap();
    assert!(!ok && err.contains("connection:"), "{err}");
    let (ok, _, err) = test(
        &[
            &[
                "notify",
                "test",
                "1",
                "--smtp-url",
                "smtp://mail.no-such-name.invalid",
            ],
            &from[..],
        ]
        .concat(),
    )
    .await
    .unwrap();
    assert!(
        !ok && err.contains("DNS: the name mail.no-such-name.invalid does not resolve"),
        "{err}"
    );
    let (ok, _, err) = test(&["notify", "test", "1"]).await.unwrap();
    assert!(!ok && err.contains("no mail server is set"), "{err}");
    let (ok, _, err) = test(&["notify", "test", "2"]).await.unwrap();
    assert!(!ok && err.contains("HTTP 500"), "{err}");
    let (ok, _, err) = test(&["notify", "test", "9"]).await.unwrap();
    assert!(!ok && err.contains("there is no target 9"), "{err}");

    let temp = tempfile::tempdir().unwrap();
    let smtpd = Smtpd::start(&temp.path().join("maildir"), free_port());
    let (ok, out, err) = test(
        &[
            &["notify", "test", "1", "--smtp-url", &smtpd.url()],
            &from[..],
        ]
        .concat(),
    )
    .await
    .unwrap();
    assert!(ok, "{err}");
    assert!(out.contains("accepted the test message"), "{out}");
    let message = smtpd.wait_for(1).await.remove(0);
    // Marked a test, naming no submission.
    assert!(
        header(&message, "Subject")
            .join("")
            .starts_with("Test: website notifications to email "),
        "{message}"
    );
    assert!(message.contains("This is a test"), "{message}");
    assert!(message.contains("Nothing was submitted"), "{message}");
    for real in ["New Contact", "Submission ", "thewell export"] {
        assert!(!message.contains(real), "{real}: {message}");
    }
    assert_eq!(header(&message, "MIME-Version"), ["1.0"], "{message}");
}

/// A self-signed certificate for localhost and 127.0.0.1 (openssl, as the HTTPS tests use).
fn certificate(dir: &Path) -> (PathBuf, PathBuf) {
    let (cert, key) = (dir.join("mail.pem"), dir.join("mail.key"));
    let status = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
        ])
        .args([
            "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-addext",
            "basicConstraints=critical,CA:FALSE",
            "-keyout",
        ])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stderr(Stdio::null())
        .status()
        .expect("openssl (apt-get install openssl)");
    assert!(status.success());
    (cert, key)
}

#[tokio::test]
async fn mail_goes_over_starttls_and_smtps_and_an_untrusted_certificate_is_named() {
    let temp = tempfile::tempdir().unwrap();
    let (cert, key) = certificate(temp.path());
    let (cert, key) = (cert.to_str().unwrap(), key.to_str().unwrap());
    let starttls = Smtpd::start_with(
        &temp.path().join("starttls"),
        free_port(),
        &["--tlscert", cert, "--tlskey", key],
    );
    let smtps = Smtpd::start_with(
        &temp.path().join("smtps"),
        free_port(),
        &["--smtpscert", cert, "--smtpskey", key],
    );
    let data = temp.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    assert!(
        thewell(
            &data,
            &[
                "notify",
                "add",
                "contact",
                "--email",
                "office@thewell.example"
            ]
        )
        .0
    );
    let test = |url: String, trust: bool| {
        let data = data.clone();
        let cert = cert.to_string();
        tokio::task::spawn_blocking(move || {
            let mut args = vec![
                "notify",
                "test",
                "1",
                "--smtp-url",
                &url,
                "--mail-from",
                "web@thewell.example",
            ];
            if trust {
                args.extend(["--smtp-ca-file", &cert]);
            }
            thewell(&data, &args)
        })
    };
    let (ok, out, err) = test(format!("smtp://localhost:{}", starttls.port), true)
        .await
        .unwrap();
    assert!(ok, "STARTTLS: {err}");
    assert!(out.contains("accepted the test message"), "{out}");
    assert_eq!(starttls.wait_for(1).await.len(), 1);
    let (ok, _, err) = test(format!("smtps://localhost:{}", smtps.port), true)
        .await
        .unwrap();
    assert!(ok, "SMTPS: {err}");
    assert_eq!(smtps.wait_for(1).await.len(), 1);
    // The system does not trust the self-signed certificate: TLS is named.
    let (ok, _, err) = test(format!("smtps://localhost:{}", smtps.port), false)
        .await
        .unwrap();
    assert!(!ok && err.contains("TLS:"), "{err}");
    // A server that wants STARTTLS, spoken to in plain text on this machine: named too.
    let (ok, _, err) = test(format!("smtp://localhost:{}", starttls.port), false)
        .await
        .unwrap();
    assert!(!ok && err.contains("STARTTLS"), "{err}");
}
