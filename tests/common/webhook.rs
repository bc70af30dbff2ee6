//! A webhook receiver on 127.0.0.1 for the tests that watch what staff are told.
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One webhook call as received.
#[derive(Debug, Clone)]
pub struct Call {
    pub headers: BTreeMap<String, String>,
    pub body: String,
}

/// A webhook receiver on 127.0.0.1: answers 500 until `fail_until`, then 200.
pub struct Receiver {
    pub port: u16,
    pub calls: Arc<Mutex<Vec<Call>>>,
}

impl Receiver {
    pub async fn start(fail_for: Duration) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let calls = Arc::new(Mutex::new(Vec::new()));
        let fail_until = Instant::now() + fail_for;
        let seen = Arc::clone(&calls);
        tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else {
                    return;
                };
                let seen = Arc::clone(&seen);
                tokio::spawn(async move {
                    let mut data = Vec::new();
                    let mut buf = [0u8; 4096];
                    let (head, length) = loop {
                        let n = socket.read(&mut buf).await.unwrap_or(0);
                        if n == 0 {
                            return;
                        }
                        data.extend_from_slice(&buf[..n]);
                        if let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
                            let head = String::from_utf8_lossy(&data[..end]).to_string();
                            let length = head
                                .lines()
                                .find_map(|l| {
                                    l.to_lowercase()
                                        .strip_prefix("content-length:")
                                        .map(|v| v.trim().parse::<usize>().unwrap())
                                })
                                .unwrap_or(0);
                            data.drain(..end + 4);
                            break (head, length);
                        }
                    };
                    while data.len() < length {
                        let n = socket.read(&mut buf).await.unwrap_or(0);
                        if n == 0 {
                            return;
                        }
                        data.extend_from_slice(&buf[..n]);
                    }
                    let headers = head
                        .lines()
                        .skip(1)
                        .filter_map(|l| l.split_once(':'))
                        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
                        .collect();
                    let failing = Instant::now() < fail_until;
                    if !failing {
                        seen.lock().unwrap().push(Call {
                            headers,
                            body: String::from_utf8_lossy(&data).to_string(),
                        });
                    }
                    let status = if failing {
                        "500 Internal Server Error"
                    } else {
                        "200 OK"
                    };
                    let _ = socket
                        .write_all(format!("HTTP/1.1 {status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").as_bytes())
                        .await;
                });
            }
        });
        Receiver { port, calls }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/hook", self.port)
    }

    pub async fn wait_for(&self, count: usize) -> Vec<Call> {
        at_least(count, "webhook calls", || {
            self.calls.lock().unwrap().clone()
        })
        .await
    }
}

/// Polls `found` until it holds `count` things (30 s at most); returns them.
pub async fn at_least<T>(count: usize, what: &str, found: impl Fn() -> Vec<T>) -> Vec<T> {
    let started = Instant::now();
    loop {
        let now = found();
        if now.len() >= count {
            return now;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{} of {count} {what} arrived",
            now.len()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
