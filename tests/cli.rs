//! The staff command line, run while `thewell serve` runs on the same data directory:
//! export (CSV and JSON Lines), stats, erase, backup, and their errors.
use crate::common;

use common::{Server, thewell};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn submit(server: &Server, form: &str, body: Value) -> String {
    let response = server.post(form, &body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{body}");
    response.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

fn contact(first: &str, email: &str, message: &str) -> Value {
    json!({"firstName": first, "lastName": "Ruiz", "email": email, "subject": "Hola", "message": message})
}

/// Parses CSV text (after the byte-order mark) into rows.
fn rows(csv_text: &str) -> Vec<Vec<String>> {
    let body = csv_text
        .strip_prefix('\u{feff}')
        .expect("CSV starts with a UTF-8 byte-order mark");
    csv::Reader::from_reader(body.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

#[tokio::test]
async fn csv_export_has_the_header_the_order_and_safe_unicode_cells() {
    let server = Server::start();
    let first = submit(&server, "serve-interest", json!({"firstName": "=HYPERLINK(\"http://x\")", "lastName": "Muñoz", "email": "a@b.co", "phone": "+1 555 0100", "contactMethod": ["Email", "Text"], "servicePreference": ["Photography", "Mentor"], "availability": [], "aboutYou": "میں دعا کرتا ہوں", "consent": true, "otherSkills": "@home"})).await;
    let second = submit(&server, "serve-interest", json!({"firstName": "José", "lastName": "Ñ", "email": "c@d.co", "phone": "555", "consent": true})).await;

    let (ok, out, err) = thewell(
        &server.data_dir(),
        &["export", "serve-interest", "--tz", "Asia/Karachi"],
    );
    assert!(ok, "{err}");
    let text = out;
    let header_line = text.trim_start_matches('\u{feff}').lines().next().unwrap();
    assert_eq!(
        header_line,
        "id,submitted_at,firstName,lastName,email,phone,contactMethod,location,servicePreference,availability,aboutYou,consent,otherSkills"
    );
    let rows = rows(&text);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0][0], first, "oldest first");
    assert_eq!(rows[1][0], second);
    assert!(
        rows[0][1].ends_with("+05:00"),
        "submitted_at in --tz: {}",
        rows[0][1]
    );
    assert_eq!(rows[0][2], "'=HYPERLINK(\"http://x\")");
    assert_eq!(rows[0][3], "Muñoz");
    assert_eq!(rows[0][5], "'+1 555 0100");
    assert_eq!(rows[0][6], "Email; Text");
    assert_eq!(rows[0][8], "Photography; Mentor");
    assert_eq!(rows[0][10], "میں دعا کرتا ہوں");
    assert_eq!(rows[0][11], "yes");
    assert_eq!(rows[0][12], "'@home");
    assert_eq!(rows[1][2], "José");
}

#[tokio::test]
async fn export_filters_whole_days_in_the_chosen_zone_and_writes_files() {
    let server = Server::start();
    let id = submit(&server, "contact", contact("Ana", "ana@example.com", "hi")).await;
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: their dates for
    // the same instant always differ, so one day in one zone excludes it in the other.
    let day_in = |zone: &str| {
        let (_, out, _) = thewell(&server.data_dir(), &["export", "contact", "--tz", zone]);
        let stamp = rows(&out)[0][1].clone();
        stamp[..10].to_string()
    };
    let kiritimati = day_in("Pacific/Kiritimati");
    let pago = day_in("Pacific/Pago_Pago");
    assert_ne!(kiritimati, pago);
    let found = |zone: &str, since: &str, until: &str| {
        let (ok, out, err) = thewell(
            &server.data_dir(),
            &[
                "export", "contact", "--tz", zone, "--since", since, "--until", until,
            ],
        );
        assert!(ok, "{err}");
        out.contains(&id)
    };
    assert!(found("Pacific/Kiritimati", &kiritimati, &kiritimati));
    assert!(!found("Pacific/Pago_Pago", &kiritimati, &kiritimati));
    assert!(found("Pacific/Pago_Pago", &pago, &pago));
    assert!(!found("Pacific/Kiritimati", &pago, &pago));

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("contact.jsonl");
    let (ok, _, err) = thewell(
        &server.data_dir(),
        &[
            "export",
            "contact",
            "--format",
            "jsonl",
            "--output",
            file.to_str().unwrap(),
        ],
    );
    assert!(ok, "{err}");
    assert!(err.contains("1 submission written"), "{err}");
    let line: Value = serde_json::from_str(std::fs::read_to_string(&file).unwrap().trim()).unwrap();
    assert_eq!(line["id"], id.as_str());
    assert_eq!(line["message"], "hi");
    assert!(line["submittedAt"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn stats_counts_each_form_and_names_the_latest() {
    let server = Server::start();
    for i in 0..3 {
        submit(&server, "contact", contact(&format!("n{i}"), "a@b.co", "m")).await;
    }
    submit(
        &server,
        "subscription",
        json!({"email": "a@b.co", "list": "music"}),
    )
    .await;
    let (ok, out, err) = thewell(&server.data_dir(), &["stats"]);
    assert!(ok, "{err}");
    let line = |form: &str| {
        out.lines()
            .find(|l| l.starts_with(form))
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(line("contact")[1], "3");
    assert_eq!(line("subscription")[1], "1");
    assert_eq!(line("prayer-request")[1], "0");
    assert_eq!(line("prayer-request")[2], "-");
    assert!(line("contact")[2].ends_with('Z'));
    // The last backup follows the table (serve takes one at start-up).
    assert_eq!(
        out.lines().count(),
        10,
        "a header, the seven forms, a blank line and the last backup:\n{out}"
    );
    assert!(
        out.lines().last().unwrap().starts_with("last backup: "),
        "{out}"
    );
}

#[tokio::test]
async fn erase_removes_one_address_from_every_form_and_keeps_the_rest() {
    let server = Server::start();
    submit(&server, "contact", contact("Ana", "Ana@Example.com", "1")).await;
    submit(&server, "contact", contact("Bo", "bo@example.com", "2")).await;
    submit(
        &server,
        "subscription",
        json!({"email": "ana@example.com", "list": "media"}),
    )
    .await;
    submit(
        &server,
        "prayer-request",
        json!({"name": "Ana", "prayerRequest": "p"}),
    )
    .await;

    let (ok, out, err) = thewell(&server.data_dir(), &["erase", "--email", "ana@example.com"]);
    assert!(ok, "{err}");
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().take(2).eq(["contact", "1"])),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().take(2).eq(["subscription", "1"])),
        "{out}"
    );
    assert!(out.contains("total") && out.contains(" 2 erased"), "{out}");

    let (_, contacts, _) = thewell(&server.data_dir(), &["export", "contact"]);
    assert!(!contacts.to_lowercase().contains("ana@example.com"));
    assert!(contacts.contains("bo@example.com"));
    // The server goes on storing after another process wrote to the file.
    submit(&server, "contact", contact("Cy", "cy@example.com", "3")).await;
    let (_, contacts, _) = thewell(&server.data_dir(), &["export", "contact"]);
    assert_eq!(rows(&contacts).len(), 2);
}

#[tokio::test]
async fn backup_is_a_consistent_copy_another_server_can_open() {
    let server = Server::start();
    for i in 0..5 {
        submit(&server, "contact", contact(&format!("n{i}"), "a@b.co", "m")).await;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.redb");
    let (ok, out, err) = thewell(&server.data_dir(), &["backup", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("5 submissions"), "{out}");
    let (ok, _, err) = thewell(&server.data_dir(), &["backup", file.to_str().unwrap()]);
    assert!(!ok && err.contains("already exists"), "{err}");

    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).unwrap();
    std::fs::rename(&file, restored.join("thewell.redb")).unwrap();
    let (ok, out, err) = thewell(&restored, &["export", "contact"]);
    assert!(ok, "{err}");
    assert_eq!(rows(&out).len(), 5);
}

#[tokio::test]
async fn bad_input_gives_a_clear_error_and_a_non_zero_exit() {
    let server = Server::start();
    let data = server.data_dir();
    let missing = data.join("nope");
    let cases: Vec<(Vec<&str>, &std::path::Path, &str)> = vec![
        (vec!["export", "contact"], &missing, "does not exist"),
        (vec!["stats"], &missing, "does not exist"),
        (
            vec!["export", "prayer"],
            &data,
            "prayer-request, church-launch-response",
        ),
        (
            vec!["export", "contact", "--since", "2026-13-01"],
            &data,
            "YYYY-MM-DD",
        ),
        (
            vec!["export", "contact", "--until", "yesterday"],
            &data,
            "YYYY-MM-DD",
        ),
        (
            vec![
                "export",
                "contact",
                "--since",
                "2026-02-01",
                "--until",
                "2026-01-01",
            ],
            &data,
            "after --until",
        ),
        (
            vec!["export", "contact", "--tz", "Mars/Olympus"],
            &data,
            "IANA",
        ),
        (
            vec!["export", "contact", "--output", "/nonexistent-dir/x.csv"],
            &data,
            "cannot write /nonexistent-dir/x.csv",
        ),
    ];
    for (args, dir, expected) in cases {
        let (ok, _, err) = thewell(dir, &args);
        assert!(!ok, "{args:?} should fail");
        assert!(
            err.starts_with("error: ") && err.contains(expected),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// One rule for every staff command: a data directory no server has made is refused
/// with the same clear error, and none is created (restore alone fills a new one).
#[test]
fn every_staff_command_refuses_a_data_directory_no_server_made_and_creates_none() {
    let temp = tempfile::tempdir().unwrap();
    let missing = temp.path().join("never-served");
    let commands: &[&[&str]] = &[
        &["export", "contact"],
        &["stats"],
        &["erase", "--email", "a@b.co"],
        &["backup", "/dev/null"],
        &["site", "show"],
        &["site", "set", "giving-url", "https://give.example.org/"],
        &["site", "photos"],
        &["site", "photo", "hero", "/dev/null"],
        &["content", "new", "sermon"],
        &["content", "check"],
        &["content", "list"],
        &["notify", "add", "all", "--email", "office@example.org"],
        &["notify", "list"],
        &["notify", "retry"],
    ];
    for args in commands {
        let (ok, _, err) = thewell(&missing, args);
        assert!(!ok, "{args:?} should fail");
        assert!(
            err.starts_with("error: the data directory") && err.contains("does not exist"),
            "{args:?}: {err}"
        );
        assert!(!missing.exists(), "{args:?} created the data directory");
    }
    // Nor a ./data beside the command when no --data-dir is given.
    let output = std::process::Command::new(common::binary())
        .args(["site", "show"])
        .current_dir(temp.path())
        .env_remove("THEWELL_DATA_DIR")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(
        !temp.path().join("data").exists(),
        "`thewell site` created ./data"
    );
}

/// The mail password file is refused while other users may read it.
#[test]
fn a_mail_password_file_others_can_read_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let temp = tempfile::tempdir().unwrap();
    let data = temp.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let (ok, _, err) = thewell(
        &data,
        &["notify", "add", "all", "--email", "office@example.org"],
    );
    assert!(ok, "{err}");
    let file = temp.path().join("password");
    std::fs::write(&file, "secret\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let args = [
        "notify",
        "test",
        "1",
        "--smtp-url",
        "smtps://web@127.0.0.1:1",
        "--mail-from",
        "The Well <web@example.org>",
        "--smtp-password-file",
        file.to_str().unwrap(),
    ];
    let (ok, _, err) = thewell(&data, &args);
    assert!(!ok);
    assert!(err.contains("chmod 600") && err.contains("644"), "{err}");
    // At 0600 it is read (and the test then fails only to reach the mail server).
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (_, _, err) = thewell(&data, &args);
    assert!(!err.contains("chmod 600"), "{err}");
}
