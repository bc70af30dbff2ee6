//! Crash safety: clients keep submitting while the server is killed with SIGKILL;
//! after a restart every submission that was answered 201 is there.
mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{Server, client, thewell};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn no_acknowledged_submission_is_lost_when_the_server_is_killed() {
    let server = Server::start_with(&["--rate-burst", "1000000"]);
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let url = server.url("/api/connect-card");
    let clients: Vec<_> = (0..16)
        .map(|c| {
            let (url, acknowledged) = (url.clone(), acknowledged.clone());
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
        .collect();

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
    let (ok, out, err) = thewell(
        &server.data_dir(),
        &["export", "connect-card", "--format", "jsonl"],
    );
    assert!(ok, "{err}");
    let stored: std::collections::HashSet<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
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
