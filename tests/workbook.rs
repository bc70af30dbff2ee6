//! `thewell export --format xlsx` read back by independent readers: openpyxl (from
//! Debian, tests/readers/xlsx_cells.py) and LibreOffice converting each workbook to
//! CSV headless. Every answer is a text cell equal to what the visitor typed (Urdu,
//! emoji, a line break, an en dash), a phone number without a mark before it, text
//! that looks like a formula stays text, and when it arrived is a date.
use crate::common;

use std::path::Path;
use std::process::Command;

use common::{FORMS, Server, thewell, valid};
use serde_json::{Value, json};

/// What a visitor may type, in every text answer of every form.
fn typed(form: &str) -> Value {
    let mut body = valid(form);
    let object = body.as_object_mut().unwrap();
    for (name, value) in object.iter_mut() {
        let Some(text) = value.as_str() else { continue };
        if text.is_empty()
            || name == "email"
            || name == "list"
            || name == "ageGroup"
            || name == "howDidYouHear"
        {
            continue;
        }
        *value = json!(match name.as_str() {
            "phone" => "+1 954 555 0101",
            "firstName" | "name" => "مریم 😀",
            "lastName" => "=HYPERLINK(\"x\")",
            "message" | "prayerRequest" | "questions" | "aboutYou" =>
                "two\nlines, @first and -second",
            _ => "-5 then @home, Wilmington – DE",
        });
    }
    body
}

/// An answer as the workbook should hold it: text as typed, a list joined by "; ",
/// a yes/no as "yes" or "no".
fn as_cell(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
            .join("; "),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn openpyxl(file: &Path) -> Value {
    let script = common::manifest_dir().join("tests/readers/xlsx_cells.py");
    let out = Command::new("/usr/bin/python3")
        .arg(script)
        .arg(file)
        .output()
        .expect("python3 (apt-get install python3-openpyxl)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[tokio::test]
async fn every_forms_workbook_reads_back_as_typed_in_openpyxl_and_libreoffice() {
    let server = Server::start();
    let dir = server.data_dir();
    for form in FORMS {
        let response = server.post(form, &typed(form)).await;
        assert_eq!(response.status(), 201, "{form}");
    }
    let out = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for form in FORMS {
        // The format from the file's ending.
        let file = out.path().join(format!("{form}.xlsx"));
        let (ok, _, err) = thewell(
            &dir,
            &[
                "export",
                form,
                "--tz",
                "America/New_York",
                "--output",
                file.to_str().unwrap(),
            ],
        );
        assert!(ok, "{err}");
        assert!(err.contains("1 submission written"), "{err}");
        files.push(file);
    }
    // Independent reader one: openpyxl.
    for (form, file) in FORMS.iter().zip(&files) {
        let submitted = common::exported(&dir, form);
        let record: Value = serde_json::from_str(submitted.trim()).unwrap();
        let (_, csv, _) = thewell(&dir, &["export", form, "--tz", "America/New_York"]);
        let header: Vec<String> = csv
            .trim_start_matches('\u{feff}')
            .lines()
            .next()
            .unwrap()
            .split(',')
            .map(String::from)
            .collect();
        let read = openpyxl(file);
        let sheets = read["sheets"].as_object().unwrap();
        assert_eq!(sheets.len(), 1, "{form}: one sheet");
        let rows = sheets.values().next().unwrap().as_array().unwrap();
        assert_eq!(rows.len(), 2, "{form}: the header and one submission");
        let row = rows[1].as_array().unwrap();
        assert_eq!(row.len(), header.len(), "{form}");
        for (cells, name) in row.iter().zip(&header) {
            assert_ne!(cells["type"], "f", "{form}.{name}: no formula anywhere");
            match name.as_str() {
                "id" => assert_eq!(cells["value"], record["id"], "{form}"),
                "submitted_at" => {
                    assert_eq!(
                        cells["date"], true,
                        "{form}: when it arrived is a date: {cells}"
                    );
                    let local = record["submittedAt"].as_str().unwrap();
                    // (the CSV's zoned stamp, to the second, as the date reads)
                    let (_, csv_row) = csv.lines().nth(1).unwrap().split_once(',').unwrap();
                    let stamp = &csv_row[..19].replace('T', " ");
                    assert_eq!(cells["value"], stamp.as_str(), "{form} ({local})");
                }
                field => {
                    let expected = as_cell(record.get(field).unwrap_or(&Value::Null));
                    let value = cells["value"].as_str().unwrap_or_default();
                    assert_eq!(value, expected, "{form}.{field}");
                    if !expected.is_empty() {
                        assert_eq!(cells["type"], "s", "{form}.{field}: a text cell");
                    }
                }
            }
        }
        if let Some(phone) = record
            .get("phone")
            .and_then(Value::as_str)
            .filter(|p| !p.is_empty())
        {
            assert_eq!(phone, "+1 954 555 0101", "{form}");
        }
    }
    // Independent reader two: LibreOffice, converting each workbook to CSV (UTF-8).
    let converted = out.path().join("converted");
    let profile = out.path().join("libreoffice-profile");
    let status = Command::new("soffice")
        .arg(format!(
            "-env:UserInstallation=file://{}",
            profile.display()
        ))
        .args([
            "--headless",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false",
            "--outdir",
        ])
        .arg(&converted)
        .args(&files)
        .output()
        .expect("LibreOffice (apt-get install libreoffice-calc-nogui)");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    for form in FORMS {
        let text = std::fs::read_to_string(converted.join(format!("{form}.csv"))).unwrap();
        let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 1, "{form}: {text}");
        let record: Value = serde_json::from_str(common::exported(&dir, form).trim()).unwrap();
        let row = &rows[0];
        assert_eq!(&row[0], record["id"].as_str().unwrap(), "{form}");
        assert!(
            row[1].len() == 19 && row[1].as_bytes()[4] == b'-',
            "{form}: a date: {}",
            &row[1]
        );
        let typed_cells: Vec<&str> = row.iter().skip(2).collect();
        for expected in [
            "+1 954 555 0101",
            "مریم 😀",
            "=HYPERLINK(\"x\")",
            "two\nlines, @first and -second",
            "-5 then @home, Wilmington – DE",
        ] {
            let in_form = record
                .as_object()
                .unwrap()
                .values()
                .any(|v| v.as_str() == Some(expected));
            if in_form {
                assert!(
                    typed_cells.contains(&expected),
                    "{form}: {expected:?} in {typed_cells:?}"
                );
            }
        }
        assert!(
            !text.contains("'+1"),
            "{form}: no mark before a phone number"
        );
        if form == "connect-card" {
            assert!(typed_cells.contains(&"25–34"), "{typed_cells:?}");
        }
    }
}

#[tokio::test]
async fn a_workbook_goes_to_a_file_or_a_pipe_never_to_a_terminal() {
    let server = Server::start();
    let data = server.data_dir();
    let (ok, out, err) = thewell(&data, &["export", "contact", "--format", "xlsx"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("PK"), "a workbook is a zip file");
    let (ok, out, _) = thewell(&data, &["export", "contact"]);
    assert!(
        ok && out.starts_with('\u{feff}'),
        "CSV stays the default: {out}"
    );
    // On a terminal (util-linux's `script` gives the command one), it is refused.
    let command = format!(
        "{} --data-dir {} export contact --format xlsx",
        common::binary(),
        data.display()
    );
    let shown = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script (util-linux)");
    let said = String::from_utf8_lossy(&shown.stdout);
    assert!(!shown.status.success(), "{said}");
    assert!(
        said.contains("give the file to write, e.g. --output"),
        "{said}"
    );
}
