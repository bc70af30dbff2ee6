//! Erasing for good: `thewell erase --id`, `--email` and `--form --before` against a
//! running server and a stopped one, and `serve --keep` sweeping older submissions.
//! Each time the erased text is gone from the database file itself and from the
//! journal (read raw, as `grep -a` would), not only from the exports.
use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{Server, thewell, valid};
use serde_json::{Value, json};

/// Whether the text is in the database file or the journal beside it (where a
/// submission is made durable before it reaches the database).
fn file_has(data: &Path, needle: &str) -> bool {
    ["thewell.redb", "thewell.journal"].iter().any(|file| {
        let bytes = std::fs::read(data.join(file)).unwrap_or_default();
        bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
    })
}

async fn submit(server: &Server, form: &str, body: Value) -> String {
    let response = server.post(form, &body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

fn prayer(text: &str) -> Value {
    let mut body = valid("prayer-request");
    body["prayerRequest"] = json!(text);
    body
}

#[tokio::test]
async fn erase_by_id_and_by_email_leaves_nothing_in_the_file_while_the_server_runs() {
    let server = Server::start_with(&["--rate-burst", "1000"]);
    let data = server.data_dir();
    let page = common::client()
        .get(server.url("/privacy-policy"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        !page.contains("How long we keep"),
        "every form is kept: the page says nothing of it"
    );
    let secret = "Pray for Lucinda-Quartz-7781";
    let id = submit(&server, "prayer-request", prayer(secret)).await;
    let kept = submit(
        &server,
        "prayer-request",
        prayer("Thanks for Orchard-Kept-4410"),
    )
    .await;
    let mut card = valid("connect-card");
    card["email"] = json!("Zed.Unique@Example.com");
    card["location"] = json!("Marrowfield-Lane-9923");
    submit(&server, "connect-card", card).await;
    assert!(file_has(&data, secret), "stored as written first");

    let (ok, out, err) = thewell(&data, &["erase", "--id", &id]);
    assert!(ok, "{err}");
    assert!(
        out.contains("prayer-request                1 erased"),
        "{out}"
    );
    assert!(
        !file_has(&data, secret),
        "the erased text is gone from the file"
    );
    assert!(file_has(&data, "Orchard-Kept-4410"));
    let (_, export, _) = thewell(&data, &["export", "prayer-request", "--format", "jsonl"]);
    assert!(export.contains(&kept) && !export.contains(&id), "{export}");

    let (ok, out, err) = thewell(&data, &["erase", "--email", "zed.unique@example.com"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("connect-card                  1 erased"),
        "{out}"
    );
    assert!(!file_has(&data, "Marrowfield-Lane-9923"));

    // The server goes on storing after the file under it was rewritten.
    let after = submit(&server, "prayer-request", prayer("After-Rewrite-5521")).await;
    let (_, export, _) = thewell(&data, &["export", "prayer-request", "--format", "jsonl"]);
    assert!(export.contains(&after), "{export}");
    let (ok, _, err) = thewell(&data, &["erase", "--id", "not-an-id"]);
    assert!(!ok && err.contains("is not a submission id"), "{err}");
}

#[tokio::test]
async fn keep_sweeps_older_submissions_out_of_the_file() {
    let server = Server::start_with(&["--keep", "prayer-request=2s", "--retention-every", "1s"]);
    let data = server.data_dir();
    let id = submit(&server, "prayer-request", prayer("Swept-Away-Nimbus-3307")).await;
    submit(&server, "contact", valid("contact")).await;
    assert!(file_has(&data, "Swept-Away-Nimbus-3307"));
    let started = Instant::now();
    while file_has(&data, "Swept-Away-Nimbus-3307") {
        assert!(started.elapsed() < Duration::from_secs(10), "never swept");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (_, export, _) = thewell(&data, &["export", "prayer-request", "--format", "jsonl"]);
    assert!(!export.contains(&id), "{export}");
    let (_, stats, _) = thewell(&data, &["stats"]);
    assert!(
        stats
            .lines()
            .any(|l| l.starts_with("contact") && l.contains(" 1 ")),
        "{stats}"
    );
}

#[tokio::test]
async fn a_stopped_server_s_file_is_erased_and_rewritten_by_the_command_itself() {
    let server = Server::start_with(&[]);
    submit(&server, "contact", {
        let mut c = valid("contact");
        c["message"] = json!("Old-Letter-Quill-6620");
        c
    })
    .await;
    let dir = server.kill();
    let data = dir.path().join("data");
    assert!(file_has(&data, "Old-Letter-Quill-6620"));
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let (ok, out, err) = thewell(
        &data,
        &["erase", "--form", "contact", "--before", &tomorrow],
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("contact                       1 erased"),
        "{out}"
    );
    assert!(!file_has(&data, "Old-Letter-Quill-6620"));
    let (ok, _, err) = thewell(&data, &["erase", "--form", "contact"]);
    assert!(!ok && err.contains("--before"), "{err}");
}

/// Staff commands handed to a running server at the same moment never write into
/// each other's request: 10 pairs of erasures at once all exit 0 and every person
/// named is gone. A link planted where a command once wrote its request is never
/// written through, and a FIFO among the requests never holds up the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_erasures_each_do_what_they_say_and_nothing_is_written_through_a_link() {
    let server = Server::start_with(&["--rate-burst", "1000"]);
    let data = server.data_dir();
    let mut people = Vec::new();
    for i in 0..20 {
        let email = format!("person{i}@example.org");
        let mut body = valid("contact");
        body["email"] = json!(email);
        submit(&server, "contact", body).await;
        people.push(email);
    }
    // A planted link where commands used to write their request, to a file outside.
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    std::fs::set_permissions(&victim, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
    let requests = data.join("requests");
    std::fs::create_dir_all(&requests).unwrap();
    std::os::unix::fs::symlink(&victim, requests.join(".request.tmp")).unwrap();
    // A FIFO named like a request.
    let fifo = requests.join("0000-fifo.request.json");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );

    let handles: Vec<_> = people
        .chunks(2)
        .map(|pair| {
            let (data, pair) = (data.clone(), pair.to_vec());
            std::thread::spawn(move || {
                let pair: Vec<_> = pair
                    .iter()
                    .map(|email| {
                        let (data, email) = (data.clone(), email.clone());
                        std::thread::spawn(move || {
                            (email.clone(), thewell(&data, &["erase", "--email", &email]))
                        })
                    })
                    .collect();
                pair.into_iter()
                    .map(|h| h.join().unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for handle in handles {
        for (email, (ok, out, err)) in handle.join().unwrap() {
            assert!(ok, "erase {email}: {err}");
            assert!(out.contains("1 erased"), "erase {email} printed: {out}");
        }
    }
    let (ok, out, _) = thewell(&data, &["export", "contact", "--format", "jsonl"]);
    assert!(ok);
    for email in &people {
        assert!(!out.contains(email.as_str()), "{email} is still stored");
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let mode = std::fs::metadata(&victim).unwrap().permissions();
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&mode) & 0o777,
        0o644
    );
    assert!(!fifo.exists(), "the FIFO was taken away");
    assert!(
        server
            .log_with("not a plain file")
            .contains("not a plain file")
    );
}

/// An erasure on a disk without room for the rewritten copy changes nothing and says
/// so; it leaves no half-written copy behind, so the room is there for submissions.
#[tokio::test]
async fn an_erasure_on_a_full_disk_changes_nothing_says_why_and_leaves_no_copy() {
    let disk = common::SmallDisk::new("12m");
    let server = disk.server();
    let data = server.data_dir();
    let mut body = valid("contact");
    body["email"] = json!("keep-or-erase@example.org");
    body["message"] = json!("m".repeat(4000));
    submit(&server, "contact", body.clone()).await;
    // Room kept aside for the staff command's own request file: the database may
    // take the last byte as it grows (it grows in steps), and the point here is the
    // rewrite that does not fit, not a request that cannot be written.
    let ballast = disk.ballast(512 * 1024);
    // Fill the database until the disk cannot hold a second copy of it.
    let free = |path: &Path| {
        let stat = common::statvfs(path);
        stat.0 * stat.1
    };
    let mut i = 0;
    while free(&data) > 1 << 20 {
        body["email"] = json!(format!("filler{i}@example.org"));
        if server.post("contact", &body).await.status() != 201 {
            break;
        }
        i += 1;
        assert!(i < 20_000, "the disk never filled");
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    std::fs::remove_file(&ballast).unwrap();
    let (ok, out, err) = thewell(&data, &["erase", "--email", "keep-or-erase@example.org"]);
    assert!(!ok, "the erasure claimed success: {out}");
    assert!(
        err.contains("no room") && err.contains("nothing was erased"),
        "{err}"
    );
    assert!(
        !data.join("thewell.redb.rewrite").exists(),
        "a half-written copy was left"
    );
    let (_, out, _) = thewell(&data, &["export", "contact", "--format", "jsonl"]);
    assert!(
        out.contains("keep-or-erase@example.org"),
        "the submission went without the erasure saying so"
    );
    // The room the copy took is free again: a submission is stored.
    let mut small = valid("contact");
    small["message"] = json!("after");
    assert_eq!(server.post("contact", &small).await.status(), 201);
}

#[tokio::test]
async fn a_start_with_the_clock_100_days_ahead_erases_nothing_and_says_how_to_go_on() {
    let server = Server::start_with(&["--rate-burst", "1000"]);
    for i in 0..30 {
        submit(&server, "prayer-request", prayer(&format!("Held-Back-{i}"))).await;
    }
    let dir = server.kill();
    // The same data directory, started by a server whose clock is 100 days ahead,
    // keeping prayer requests 90 days: every one of them looks due. (The wall clock
    // only: a monotonic clock 100 days ahead leaves the runtime's timers waiting.)
    let ahead = Server::spawn(
        dir,
        &["--keep", "prayer-request=90d", "--retention-every", "1s"],
        Some(&format!(
            "export LD_PRELOAD={} FAKETIME=+100d FAKETIME_DONT_FAKE_MONOTONIC=1",
            common::faketime_library()
        )),
    );
    let data = ahead.data_dir();
    let log = ahead.log_with("older submissions not erased");
    assert!(
        log.contains("30 of them") && log.contains("It waits, in case the clock is wrong"),
        "{log}"
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    let count = || {
        let (ok, out, err) = thewell(&data, &["export", "prayer-request", "--format", "jsonl"]);
        assert!(ok, "{err}");
        out.lines().count()
    };
    assert_eq!(count(), 30, "three sweeps later nothing is erased");
    assert!(file_has(&data, "Held-Back-7"));
    // Were the clock right, the staff would run the command the log gives; the
    // sweeps then go on as before.
    let command = log
        .split('`')
        .find(|part| part.starts_with("thewell erase --form prayer-request --before "))
        .unwrap_or_else(|| panic!("no erase command in {log}"));
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let (ok, out, err) = thewell(&data, &args);
    assert!(ok, "{out}{err}");
    assert_eq!(count(), 0, "{out}");
}
