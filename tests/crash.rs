//! Crash safety: clients keep submitting while the server is killed with SIGKILL;
//! after a restart every submission that was answered 201 is there.
use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{Server, client, exported_ids};
use reqwest::StatusCode;
use serde_json::json;

/// 16 clients submitting Connect Cards to `url` until the server is gone; each id
/// answered 201 goes into `acknowledged`.
fn flood(url: &str, acknowledged: &Arc<Mutex<Vec<String>>>) -> Vec<tokio::task::JoinHandle<()>> {
    (0..16)
        .map(|c| {
            let (url, acknowledged) = (url.to_string(), acknowledged.clone());
            tokio::spawn(async move {
                let http = client();
                for i in 0.. {
                    let body = json!({"firstName": format!("c{c}"), "lastName": format!("n{i}"), "phone": "555-0100", "email": "a@b.co", "consent": true});
                    match http.post(&url).json(&body).send().await {
                        Ok(response) if response.status() == StatusCode::CREATED => {
                            if let Ok(answer) = response.json::<serde_json::Value>().await {
                                acknowledged.lock().unwrap().push(answer["id"].as_str().unwrap().to_string());
                            }
                        }
                        Ok(response) => panic!("unexpected {}", response.status()),
                        Err(_) => break, // the server is gone
                    }
                }
            })
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn no_acknowledged_submission_is_lost_when_the_server_is_killed() {
    let server = Server::start_with(&["--rate-burst", "1000000"]);
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let clients = flood(&server.url("/api/connect-card"), &acknowledged);

    tokio::time::sleep(Duration::from_millis(1500)).await;
    let dir = server.kill();
    for c in clients {
        c.await.unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(
        acknowledged.len() > 100,
        "only {} submissions before the kill",
        acknowledged.len()
    );

    // The database opens cleanly after the crash, and holds every acknowledged id.
    let server = Server::spawn(dir, &[], None);
    let stored = exported_ids(&server.data_dir(), "connect-card");
    let lost: Vec<_> = acknowledged
        .iter()
        .filter(|id| !stored.contains(*id))
        .collect();
    eprintln!(
        "{} submissions acknowledged before SIGKILL, {} stored after the restart",
        acknowledged.len(),
        stored.len()
    );
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged submissions lost: {lost:?}",
        lost.len(),
        acknowledged.len()
    );
    let response = server.post("connect-card", &json!({"firstName": "a", "lastName": "b", "phone": "1", "email": "a@b.co", "consent": true})).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

/// A second `serve` on a data directory a server holds is refused at once, naming the
/// running one, under a flood, round after round of SIGKILL and restart; nothing
/// acknowledged is lost (two servers used to share the directory and its journal).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_second_server_on_the_same_data_directory_is_refused_and_nothing_is_lost() {
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut dir = tempfile::tempdir().unwrap();
    for round in 0..4 {
        let server = Server::spawn(dir, &["--rate-burst", "1000000"], None);
        let clients = flood(&server.url("/api/connect-card"), &acknowledged);
        tokio::time::sleep(Duration::from_millis(300)).await;
        let started = std::time::Instant::now();
        let mut second = common::serve_command(
            &server.data_dir(),
            &["--addr", "127.0.0.1:0"],
            common::Under::Itself,
        )
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
        let status = loop {
            if let Some(status) = second.try_wait().unwrap() {
                break Some(status);
            }
            if started.elapsed() > Duration::from_secs(1) {
                let _ = second.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut said = String::new();
        std::io::Read::read_to_string(&mut second.stderr.take().unwrap(), &mut said).unwrap();
        let status = status
            .unwrap_or_else(|| panic!("round {round}: a second server ran for a second: {said}"));
        assert!(
            !status.success(),
            "round {round}: a second server started: {said}"
        );
        let pid = format!("serve pid {}", server.child.id());
        assert!(
            said.contains(&pid),
            "round {round}: the running one is not named: {said}"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
        dir = server.kill();
        for c in clients {
            c.await.unwrap();
        }
    }
    let server = Server::spawn(dir, &[], None);
    let stored = exported_ids(&server.data_dir(), "connect-card");
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(
        acknowledged.len() > 100,
        "only {} acknowledged",
        acknowledged.len()
    );
    let lost = acknowledged
        .iter()
        .filter(|id| !stored.contains(*id))
        .count();
    eprintln!(
        "{} acknowledged over 4 kills, {} stored",
        acknowledged.len(),
        stored.len()
    );
    assert_eq!(
        lost,
        0,
        "{lost} of {} acknowledged submissions lost",
        acknowledged.len()
    );
}
