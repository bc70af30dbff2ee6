//! Benchmark of the form pipeline against the release binary on loopback:
//! durable submissions per second with 1 and with 64 concurrent clients, then the
//! time `thewell export` takes for 100,000 submissions. Prints figures; asserts nothing.
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_thewell");

fn body(i: usize) -> String {
    format!(
        r#"{{"firstName":"Bench{i}","lastName":"Tester","email":"bench{i}@example.com","subject":"Benchmark","message":"A message of ordinary length, about as long as a visitor would write when asking a question."}}"#
    )
}

/// Sends `total` submissions from `clients` concurrent clients; returns submissions per second.
async fn run(url: &str, clients: usize, total: usize) -> f64 {
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|c| {
            let url = url.to_string();
            // The first `total % clients` clients send one more, so exactly `total` are sent.
            let mine = total / clients + usize::from(c < total % clients);
            let per_client = total / clients + 1;
            tokio::spawn(async move {
                let http = reqwest::Client::new();
                for i in 0..mine {
                    let response = http
                        .post(&url)
                        .header("content-type", "application/json")
                        .body(body(c * per_client + i))
                        .send()
                        .await
                        .expect("request");
                    assert_eq!(
                        response.status(),
                        201,
                        "benchmark submissions must be stored"
                    );
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    total as f64 / started.elapsed().as_secs_f64()
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` and `cargo test --benches` probe harness-less benches
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut server = Command::new(BINARY)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--rate-burst",
            "4000000000",
            "--data-dir",
        ])
        .arg(&data)
        .env("THEWELL_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start thewell");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let base = line
        .trim()
        .trim_start_matches("thewell listening on ")
        .to_string();
    let url = format!("{base}/api/contact");

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    println!("durable submissions (each answered 201 after its commit is on disk):");
    let one = runtime.block_on(run(&url, 1, 2_000));
    println!("  1 client:    {one:>8.0} submissions/s");
    let many = runtime.block_on(run(&url, 64, 32_000));
    println!("  64 clients:  {many:>8.0} submissions/s  (target ≥ 5,000)");

    let stored = 2_000 + 32_000;
    runtime.block_on(run(&url, 64, 100_000 - stored));
    std::thread::sleep(Duration::from_millis(100));

    for format in ["csv", "jsonl"] {
        let out = dir.path().join(format!("export.{format}"));
        let started = Instant::now();
        let status = Command::new(BINARY)
            .arg("--data-dir")
            .arg(&data)
            .args(["export", "contact", "--format", format, "--output"])
            .arg(&out)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        let elapsed = started.elapsed().as_secs_f64();
        let rows =
            std::fs::read_to_string(&out).unwrap().lines().count() - usize::from(format == "csv");
        assert!(status.success());
        println!(
            "export {format:<5} {rows} rows in {elapsed:.2} s ({:.0} rows/s; target: 100,000 in under 2 s), while the server runs",
            rows as f64 / elapsed
        );
    }
    let _ = server.kill();
}
