//! Backups that run themselves: snapshots taken by a serving server during a flood
//! of submissions hold every one acknowledged before them; `backup -` pipes one off
//! the machine; `restore` refuses while a server runs and brings a backup back, to
//! a server that serves it and an export that lists it.
use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use chrono::{DateTime, NaiveDateTime, Utc};
use common::{Server, thewell};
use reqwest::StatusCode;
use serde_json::json;

fn snapshots(data: &Path) -> Vec<(DateTime<Utc>, PathBuf)> {
    let mut found: Vec<_> = std::fs::read_dir(data.join("backups"))
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    let taken =
                        NaiveDateTime::parse_from_str(&name, "thewell-%Y%m%dT%H%M%S%.3fZ.redb")
                            .ok()?;
                    Some((taken.and_utc(), e.path()))
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// The ids in a database file, read by `thewell export` on a copy of it.
fn ids_in(file: &Path) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(file, dir.path().join("thewell.redb")).unwrap();
    let (ok, out, err) = thewell(dir.path(), &["export", "subscription", "--format", "jsonl"]);
    assert!(ok, "{err}");
    out.lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn snapshots_taken_during_a_flood_hold_what_was_acknowledged_before_them() {
    let mut server = Server::start_with(&[
        "--backup-every",
        "1s",
        "--backup-keep",
        "3",
        "--rate-burst",
        "100000",
    ]);
    let mut acknowledged: BTreeMap<String, SystemTime> = BTreeMap::new();
    let started = SystemTime::now();
    while started.elapsed().unwrap() < Duration::from_millis(4500) {
        let answers = futures_join(&server).await;
        for id in answers {
            acknowledged.insert(id, SystemTime::now());
        }
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // Stopped, so that no snapshot is taken or pruned while they are read.
    assert!(
        server
            .terminate(Duration::from_secs(10))
            .is_some_and(|s| s.success())
    );
    let taken = snapshots(&server.data_dir());
    assert!(taken.len() == 3, "--backup-keep 3 keeps three: {taken:?}");
    for (when, path) in &taken {
        let mode = std::os::unix::fs::PermissionsExt::mode(
            &std::fs::metadata(path).unwrap().permissions(),
        ) & 0o777;
        assert_eq!(mode, 0o600, "{}", path.display());
        let held = ids_in(path);
        let before: Vec<&String> = acknowledged
            .iter()
            .filter(|(_, at)| DateTime::<Utc>::from(**at) < *when)
            .map(|(id, _)| id)
            .collect();
        let missing: Vec<_> = before.iter().filter(|id| !held.contains(id)).collect();
        assert!(
            missing.is_empty(),
            "{}: {} acknowledged before it are missing",
            path.display(),
            missing.len()
        );
    }
    assert!(acknowledged.len() > 200, "a flood: {}", acknowledged.len());
    let (ok, out, _) = thewell(&server.data_dir(), &["stats"]);
    assert!(ok && out.contains("last backup: 20"), "{out}");
}

/// Sixteen submissions at once; the ids acknowledged.
async fn futures_join(server: &Server) -> Vec<String> {
    let url = server.url("/api/subscription");
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let (client, url) = (common::client(), url.clone());
            tokio::spawn(async move {
                let body = json!({"email": format!("flood{i}@example.com"), "list": "music"});
                let response = client.post(url).json(&body).send().await.ok()?;
                if response.status() != StatusCode::CREATED {
                    return None;
                }
                let body: serde_json::Value = response.json().await.ok()?;
                body["id"].as_str().map(str::to_string)
            })
        })
        .collect();
    let mut ids = Vec::new();
    for task in tasks {
        ids.extend(task.await.unwrap());
    }
    ids
}

#[tokio::test]
async fn backup_to_standard_output_and_restore_bring_the_submissions_back() {
    let mut server = Server::start();
    for i in 0..5 {
        let body = json!({"email": format!("kept{i}@example.com"), "list": "media"});
        assert_eq!(
            server.post("subscription", &body).await.status(),
            StatusCode::CREATED
        );
    }
    let piped = server.dir.path().join("piped.redb");
    let status = std::process::Command::new("bash")
        .arg("-c")
        .arg("set -o pipefail; \"$0\" --data-dir \"$1\" backup - > \"$2\"")
        .arg(common::binary())
        .arg(server.data_dir())
        .arg(&piped)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(ids_in(&piped).len(), 5);

    // While the server runs, restore is refused and nothing changes.
    let (ok, _, err) = thewell(&server.data_dir(), &["restore", piped.to_str().unwrap()]);
    assert!(
        !ok && err.contains("a thewell server is running") && err.contains("stop it first"),
        "{err}"
    );
    let junk = server.dir.path().join("junk.redb");
    std::fs::write(&junk, "not a database").unwrap();
    let (ok, _, err) = thewell(&server.data_dir(), &["restore", junk.to_str().unwrap()]);
    assert!(!ok && err.contains("is not a thewell database"), "{err}");

    // Stopped, with more submissions since: restore brings back the five.
    let body = json!({"email": "later@example.com", "list": "media"});
    assert_eq!(
        server.post("subscription", &body).await.status(),
        StatusCode::CREATED
    );
    assert!(
        server
            .terminate(Duration::from_secs(10))
            .is_some_and(|s| s.success())
    );
    let (ok, out, err) = thewell(&server.data_dir(), &["restore", piped.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        out.contains("(5 submissions)") && out.contains("kept as"),
        "{out}"
    );
    let kept: Vec<_> = std::fs::read_dir(server.data_dir())
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("thewell.redb.before-restore-")
        })
        .collect();
    assert_eq!(kept.len(), 1, "the replaced database is kept beside it");

    let data = server.data_dir();
    let dir = server.kill();
    let again = Server::spawn(dir, &[], None);
    assert_eq!(again.data_dir(), data);
    let body = json!({"email": "after@example.com", "list": "music"});
    assert_eq!(
        again.post("subscription", &body).await.status(),
        StatusCode::CREATED
    );
    let (ok, out, err) = thewell(&again.data_dir(), &["export", "subscription"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("kept4@example.com") && out.contains("after@example.com"),
        "{out}"
    );
    assert!(!out.contains("later@example.com"), "{out}");
}
