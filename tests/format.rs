//! A database written by format version 1 (tests/fixtures/format-1.redb.gz, made by
//! the first release of the forms) must open in this and every later version: its
//! submissions export unchanged and the server keeps adding to it.
use crate::common;

use common::{Server, thewell};
use serde_json::{Value, json};

fn restore_fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("data")).unwrap();
    let fixture = common::manifest_dir().join("tests/fixtures/format-1.redb.gz");
    let output = std::process::Command::new("gzip")
        .arg("-dc")
        .arg(&fixture)
        .output()
        .expect("gzip");
    assert!(output.status.success());
    std::fs::write(dir.path().join("data/thewell.redb"), output.stdout).unwrap();
    dir
}

#[tokio::test]
async fn a_format_1_database_opens_exports_and_accepts_new_submissions() {
    let dir = restore_fixture();
    let data = dir.path().join("data");
    let (ok, out, err) = thewell(&data, &["export", "prayer-request", "--format", "jsonl"]);
    assert!(ok, "{err}");
    let prayer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(prayer["id"], "01M7Z2PDX89BPT00D3X4S80YWT");
    assert_eq!(prayer["name"], "Format One");
    assert_eq!(prayer["prayerRequest"], "میرے خاندان کے لیے دعا کریں");
    assert_eq!(prayer["submittedAt"], "2026-11-21T12:53:27.592Z");

    let (ok, out, _) = thewell(&data, &["export", "connect-card"]);
    assert!(ok);
    assert!(
        out.contains("01M7Z2PDXRX7VM9K59GMFRJVSJ")
            && out.contains("Muñoz")
            && out.contains("25–34"),
        "{out}"
    );

    let server = Server::spawn(dir, &[], None);
    let response = server.post("contact", &json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "subject": "s", "message": "m"})).await;
    assert_eq!(response.status(), reqwest::StatusCode::CREATED);
    let (_, out, _) = thewell(&server.data_dir(), &["stats"]);
    for form in ["prayer-request", "connect-card", "contact"] {
        assert!(
            out.lines()
                .any(|l| l.split_whitespace().take(2).eq([form, "1"])),
            "{out}"
        );
    }
}
