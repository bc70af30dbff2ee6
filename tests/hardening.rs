//! What a careful server does on the open internet, against the real binary:
//! private files stay private, photos are served only as themselves, a broken
//! settings file or a full disk is reported truthfully, a reader that stops early
//! is a normal exit, and the small things (no-store on API answers, the query kept
//! by the trailing-slash redirect, an X-Forwarded-For entry with a port).
use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use common::{Server, client, thewell};
use reqwest::{StatusCode, header};
use serde_json::json;

fn mode(path: &std::path::Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

fn contact(i: usize) -> serde_json::Value {
    json!({"firstName": "Ana", "lastName": format!("Ruiz {i}"), "email": "ana@example.com",
           "subject": "Hello", "message": "x".repeat(3000)})
}

#[tokio::test]
async fn files_with_personal_data_are_private() {
    let server = Server::start();
    let data = server.data_dir();
    assert_eq!(
        server.post("contact", &contact(1)).await.status(),
        StatusCode::CREATED
    );
    let (ok, _, err) = thewell(
        &data,
        &["site", "set", "contact-email", "hello@thewell.church"],
    );
    assert!(ok, "{err}");
    let out = server.dir.path().join("cards.csv");
    // An export over a file that others could read leaves it readable by its owner only.
    std::fs::write(&out, "old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (ok, _, err) = thewell(
        &data,
        &["export", "contact", "--output", out.to_str().unwrap()],
    );
    assert!(ok, "{err}");
    assert_eq!(mode(&out), 0o600, "export --output");
    assert_eq!(mode(&data.join("site.json")), 0o600, "site.json");
    assert_eq!(
        mode(&data.join("site.json.last-good")),
        0o600,
        "site.json.last-good"
    );
    assert_eq!(mode(&data.join("photos")), 0o700, "photos/");
    assert_eq!(mode(&data.join("thewell.redb")), 0o600, "the database");
    assert_eq!(mode(&data.join("thewell.journal")), 0o600, "the journal");
    assert_eq!(mode(&data), 0o700, "the data directory");
}

#[tokio::test]
async fn photos_are_never_a_link_to_another_file_nor_outside_a_slot() {
    let server = Server::start();
    let photos = server.data_dir().join("photos");
    let db = server.data_dir().join("thewell.redb");
    // A hard link to the database, a symbolic link to it, and a file that fills no slot.
    std::fs::hard_link(&db, photos.join("sunday-worship-in-plantation.jpg")).unwrap();
    std::os::unix::fs::symlink(&db, photos.join("sunrise-over-plantation-florida.jpg")).unwrap();
    std::fs::write(photos.join("not-a-slot.jpg"), b"a photo of nothing").unwrap();
    common::photos::save_jpeg(
        &common::photos::scene(640, 480, 5),
        &photos.join("serving-our-city-together.jpg"),
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    for file in [
        "sunday-worship-in-plantation.jpg",
        "sunrise-over-plantation-florida.jpg",
        "not-a-slot.jpg",
        // A real photo is served only as the sizes made of it, never as itself.
        "serving-our-city-together.jpg",
    ] {
        let response = client()
            .get(server.url(&format!("/photos/{file}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{file}");
        let body = response.bytes().await.unwrap();
        assert!(body.len() < 200, "{file}: {} bytes served", body.len());
    }
    let made = common::photos::wait_for_photo(
        &server,
        "serving-our-city-together",
        None,
        Duration::from_secs(60),
    )
    .await;
    let real = client()
        .get(server.url(&common::photos::addresses("serving-our-city-together", &made, "jpg")[0]))
        .send()
        .await
        .unwrap();
    assert_eq!(real.status(), StatusCode::OK);
    assert!(real.bytes().await.unwrap().starts_with(b"\xFF\xD8\xFF"));
    // Nothing was made of the links or of the file that fills no slot.
    let published = common::photos::published(&server).await;
    assert_eq!(
        published.keys().collect::<Vec<_>>(),
        ["serving-our-city-together"]
    );
    let (_, out, _) = thewell(&server.data_dir(), &["site", "photos"]);
    assert!(out.contains("hard link"), "{out}");
}

#[tokio::test]
async fn a_broken_settings_file_starts_from_the_last_good_one_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // Staff commands work on a data directory that exists (serve makes it).
    std::fs::create_dir_all(&data).unwrap();
    let (ok, _, err) = thewell(
        &data,
        &["site", "set", "contact-email", "hello@thewell.church"],
    );
    assert!(ok, "{err}");
    std::fs::write(data.join("site.json"), "{ \"contact-email\": \"oops").unwrap();
    let server = Server::spawn(dir, &[], None);
    let contact = client().get(server.url("/contact")).send().await.unwrap();
    let page = contact.text().await.unwrap();
    assert!(
        page.contains("hello@thewell.church"),
        "the last good email is served"
    );
    assert!(
        !page.contains("contact@thewell.example"),
        "not the placeholder"
    );
    let log = server.log_with("SETTINGS FILE BROKEN");
    assert!(log.contains("SETTINGS FILE BROKEN"), "{log}");
    let (_, out, _) = thewell(&server.data_dir(), &["site", "show"]);
    assert!(out.starts_with("BROKEN: "), "{out}");
    assert!(out.contains("hello@thewell.church"), "{out}");
}

#[tokio::test]
async fn a_full_disk_is_reported_by_healthz_and_logged_once() {
    // The database may not grow past 3 MiB: writes beyond fail as on a full disk
    // (SIGXFSZ ignored, so the write returns an error instead of killing the server).
    let server = Server::spawn(
        tempfile::tempdir().unwrap(),
        &["--rate-burst", "100000", "--rate-per-minute", "100000"],
        Some("trap '' XFSZ; ulimit -f 3072"),
    );
    let health = client().get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    let mut refused = 0;
    for i in 0..3000 {
        let status = server.post("contact", &contact(i)).await.status();
        assert!(
            status == StatusCode::CREATED || status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}"
        );
        if status == StatusCode::SERVICE_UNAVAILABLE {
            refused += 1;
            if refused >= 50 {
                break;
            }
        }
    }
    assert!(refused >= 50, "the 3 MiB limit was never reached");
    let health = client().get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
    let reason = health.text().await.unwrap();
    assert!(reason.starts_with("storage failing since "), "{reason}");
    let log = server.log_with("storing submissions fails");
    assert_eq!(
        log.matches("storing submissions fails").count(),
        1,
        "logged once: {log}"
    );
    // Pages still serve.
    let home = client().get(server.url("/")).send().await.unwrap();
    assert_eq!(home.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_reader_that_stops_early_is_a_normal_exit_in_every_format() {
    let server = Server::start_with(&["--rate-burst", "1000"]);
    for i in 0..300 {
        assert_eq!(
            server.post("contact", &contact(i)).await.status(),
            StatusCode::CREATED
        );
    }
    for format in ["csv", "jsonl"] {
        let script = format!(
            "set -o pipefail; \"$0\" --data-dir \"$1\" export contact --format {format} | head -c 100 >/dev/null"
        );
        let output = std::process::Command::new("bash")
            .arg("-c")
            .arg(script)
            .arg(common::binary())
            .arg(server.data_dir())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            output.stderr.is_empty(),
            "{format}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

#[tokio::test]
async fn api_answers_are_not_cached_and_redirects_keep_the_query() {
    let server = Server::start();
    let created = server
        .post(
            "subscription",
            &json!({"email": "a@example.com", "list": "music"}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    assert_eq!(created.headers()[header::CACHE_CONTROL], "no-store");
    let refused = server.post("subscription", &json!({"email": "nope"})).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(refused.headers()[header::CACHE_CONTROL], "no-store");
    let unknown = server.post("nope", &json!({})).await;
    assert_eq!(unknown.headers()[header::CACHE_CONTROL], "no-store");

    let redirect = client()
        .get(server.url("/about/?utm_source=bulletin&x=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        redirect.headers()[header::LOCATION],
        "/about?utm_source=bulletin&x=1"
    );
}

#[tokio::test]
async fn a_forwarded_entry_with_a_port_is_the_client_not_an_earlier_claim() {
    let server = Server::start_with(&[
        "--trusted-proxy",
        "127.0.0.1",
        "--rate-burst",
        "2",
        "--rate-per-minute",
        "1",
    ]);
    // The sender writes a new address first each time; the proxy appends the real one with a port.
    let mut statuses = Vec::new();
    for n in 0..4 {
        let response = client()
            .post(server.url("/api/subscription"))
            .header("x-forwarded-for", format!("10.1.0.{n}, 203.0.113.7:5555"))
            .json(&json!({"email": "a@example.com", "list": "music"}))
            .send()
            .await
            .unwrap();
        statuses.push(response.status());
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
}

/// `export --output` never writes through a symbolic link (a root-run export could
/// otherwise overwrite any file the link points at), nor into a FIFO or a device.
#[tokio::test]
async fn export_output_is_never_written_through_a_link() {
    let server = Server::start();
    let data = server.data_dir();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    let link = outside.path().join("export.csv");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let (ok, _, err) = thewell(
        &data,
        &["export", "contact", "--output", link.to_str().unwrap()],
    );
    assert!(!ok, "an export through a link succeeded");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let (ok, _, err) = thewell(&data, &["export", "contact", "--output", "/dev/null"]);
    assert!(!ok && err.contains("not a regular file"), "{err}");
    // A plain file is written (and rewritten) as before.
    let plain = outside.path().join("plain.csv");
    for _ in 0..2 {
        let (ok, _, err) = thewell(
            &data,
            &["export", "contact", "--output", plain.to_str().unwrap()],
        );
        assert!(ok, "{err}");
    }
    assert_eq!(mode(&plain), 0o600);
}

/// A hard link to the database planted in photos/ is refused while it is a second
/// name; once an erasure has replaced the database, the old file it still names is
/// emptied, so it never serves what was erased (it used to: one name left, 200).
#[tokio::test]
async fn a_hard_link_to_the_database_never_serves_it_after_an_erasure() {
    let server = Server::start();
    let data = server.data_dir();
    let secret = "Erase-Me-Quartz-5512";
    let mut body = common::valid("contact");
    body["email"] = json!("gone@example.org");
    body["message"] = json!(secret);
    assert_eq!(
        server.post("contact", &body).await.status(),
        StatusCode::CREATED
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let photo = data.join("photos/sunday-worship-in-plantation.jpg");
    std::fs::hard_link(data.join("thewell.redb"), &photo).unwrap();
    let (ok, out, err) = thewell(&data, &["erase", "--email", "gone@example.org"]);
    assert!(ok && out.contains("1 erased"), "{out}{err}");
    let held = std::fs::read(&photo).unwrap();
    assert!(
        !held.windows(secret.len()).any(|w| w == secret.as_bytes()),
        "the old database file still holds the erased text ({} bytes)",
        held.len()
    );
    assert_photo_refused(&server, secret).await;
}

/// Once the server has re-read the photos folder, its first slot's photo answers 404
/// and never shows `secret`.
async fn assert_photo_refused(server: &Server, secret: &str) {
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let response = client()
        .get(server.url("/photos/sunday-worship-in-plantation.jpg"))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let served = response.bytes().await.unwrap();
    assert!(
        !served.windows(secret.len()).any(|w| w == secret.as_bytes()),
        "{status}: {secret} was served"
    );
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// On a dual-stack socket (`--addr [::]:P`) an IPv4 proxy is seen as
/// `::ffff:127.0.0.1`; it is still the trusted proxy, so each visitor behind it has
/// an allowance of their own (they used to share the proxy's one).
#[tokio::test]
async fn a_trusted_ipv4_proxy_is_recognised_on_a_dual_stack_socket() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let flags = ["--addr", "[::]:0", "--trusted-proxy", "127.0.0.1"];
    let limits = ["--rate-burst", "2", "--rate-per-minute", "1"];
    let mut child = common::serve_command(
        &dir.path().join("data"),
        &[&flags[..], &limits].concat(),
        common::Under::Itself,
    )
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::null())
    .spawn()
    .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line.trim().rsplit(':').next().unwrap().to_string();
    let url = format!("http://127.0.0.1:{port}/api/contact");
    let mut statuses = Vec::new();
    for visitor in 1..=5 {
        for _ in 0..2 {
            let response = client()
                .post(&url)
                .header("x-forwarded-for", format!("198.51.100.{visitor}"))
                .json(&contact(visitor))
                .send()
                .await
                .unwrap();
            statuses.push(response.status());
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        statuses.iter().all(|s| *s == StatusCode::CREATED),
        "visitors behind the proxy shared one allowance: {statuses:?}"
    );
}

/// /healthz recovers by itself within seconds of the disk having room again: the
/// writer checks on its own while storing fails, no visitor's submission needed.
#[tokio::test]
async fn healthz_recovers_by_itself_when_the_disk_has_room_again() {
    let disk = common::SmallDisk::new("10m");
    let server = disk.server();
    // Room taken by something else on the disk, given back later.
    let (block, free) = common::statvfs(disk.0.path());
    let ballast = disk.ballast((block * free).saturating_sub(2 << 20) as usize);
    let mut refused = false;
    for i in 0..2000 {
        if server.post("contact", &contact(i)).await.status() == StatusCode::SERVICE_UNAVAILABLE {
            refused = true;
            break;
        }
    }
    assert!(refused, "the disk never filled");
    let health = client().get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
    std::fs::remove_file(&ballast).unwrap();
    let started = std::time::Instant::now();
    loop {
        let health = client().get(server.url("/healthz")).send().await.unwrap();
        if health.status() == StatusCode::OK {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "/healthz still failing 15 s after the disk had room: {}",
            health.text().await.unwrap()
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    eprintln!(
        "/healthz recovered {:?} after the room came back",
        started.elapsed()
    );
    assert!(server.log_with("works again").contains("works again"));
}

/// hyper answers a head it cannot parse (400), a target too long (414) and headers
/// too large (431) on its own, before any route runs: those answers carry the
/// security headers too.
#[test]
fn refusals_of_a_bad_head_carry_the_security_headers() {
    use std::io::{Read, Write};
    let server = Server::start();
    let addr = server.base.trim_start_matches("http://").to_string();
    let long_target = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    let huge_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "a".repeat(1_000_000)
    );
    let cases: [(&str, &[u8]); 4] = [
        ("414", long_target.as_bytes()),
        ("431", huge_header.as_bytes()),
        ("400", b"GET / HTTX/1.1\r\nHost: x\r\n\r\n"),
        // After a good answer on the same connection.
        (
            "400",
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nNOT HTTP\r\n\r\n",
        ),
    ];
    for (code, request) in cases {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).to_lowercase();
        let refusal = &answer[answer.rfind("http/1.1 ").expect("an answer")..];
        assert!(
            refusal.starts_with(&format!("http/1.1 {code} ")),
            "{answer:.400}"
        );
        for name in [
            "content-security-policy: default-src 'self'",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: ",
            "permissions-policy: ",
            "cross-origin-opener-policy: same-origin",
        ] {
            assert!(refusal.contains(name), "{code} lacks {name}: {refusal}");
        }
        assert!(refusal.ends_with("\r\n\r\n"), "{refusal}");
        assert!(
            !refusal.contains("strict-transport-security"),
            "not on plain HTTP"
        );
    }
}

/// A backup hard-linked into photos/ has two names and is refused; once the backup
/// is deleted (as the README advises for old ones) the link is its only name, but
/// it is still no photo: it does not start as a JPEG does, so it is never served.
#[tokio::test]
async fn a_photo_linked_to_a_backup_later_deleted_is_never_served() {
    let server = Server::start();
    let data = server.data_dir();
    let secret = "Backup-Held-Garnet-7731";
    let mut body = common::valid("contact");
    body["message"] = json!(secret);
    assert_eq!(
        server.post("contact", &body).await.status(),
        StatusCode::CREATED
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let backup = data.join("backups/by-hand.redb");
    std::fs::create_dir_all(data.join("backups")).unwrap();
    let (ok, out, err) = thewell(&data, &["backup", backup.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    let photo = data.join("photos/sunday-worship-in-plantation.jpg");
    std::fs::hard_link(&backup, &photo).unwrap();
    std::fs::remove_file(&backup).unwrap();
    assert_photo_refused(&server, secret).await;
    let (_, out, _) = thewell(&data, &["site", "photos"]);
    assert!(out.contains("does not start as a .jpg image does"), "{out}");
}

/// `backups/` or `content/` as a symbolic link (or a folder of another user) would
/// make the server write into the link's target: it refuses to start, naming it.
#[test]
fn a_data_folder_that_is_a_link_stops_the_server_at_start() {
    for folder in ["backups", "content"] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, data.join(folder)).unwrap();
        let mut child =
            common::serve_command(&data, &["--addr", "127.0.0.1:0"], common::Under::Itself)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(10) {
                child.kill().unwrap();
                panic!("the server started with {folder}/ a link");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(!status.success());
        assert!(
            stderr.contains(&format!("{folder} must be a real folder"))
                && stderr.contains("it is a link to"),
            "{stderr}"
        );
        assert_eq!(
            std::fs::read_dir(&elsewhere).unwrap().count(),
            0,
            "nothing written into the link's target"
        );
    }
}

/// `thewell erase` run as root beside a server run as its own user: the server could
/// not read the request root would leave, so the command fails at once, naming the
/// user to run it as, and leaves nothing queued. (Needs root, as CI runs: the server
/// runs as `nobody` through setpriv.)
#[test]
fn a_staff_command_run_as_another_user_than_the_server_says_so_at_once() {
    use std::io::BufRead;
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: geteuid has no preconditions.
    assert_eq!(
        unsafe { libc::geteuid() },
        0,
        "this test needs root (CI runs as root): it runs the server as nobody"
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    // A copy of the binary nobody may run, and a data directory nobody owns.
    let binary = dir.path().join("thewell");
    std::fs::copy(common::binary(), &binary).unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::os::unix::fs::chown(&data, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).unwrap();
    let nobody = [
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
    ];
    let mut server = common::serve_command(
        &data,
        &["--addr", "127.0.0.1:0"],
        common::Under::Wrapper(&nobody, &binary),
    )
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::null())
    .spawn()
    .expect("setpriv (util-linux) runs the server as nobody");
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("listening"), "{line}");

    let started = std::time::Instant::now();
    let (ok, out, err) = thewell(&data, &["erase", "--email", "gone@example.org"]);
    let took = started.elapsed();
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(!ok, "{out}");
    assert!(took < Duration::from_secs(2), "it took {took:?}");
    assert!(
        err.contains("runs as nobody") && err.contains("runuser -u nobody"),
        "{err}"
    );
    let queued = std::fs::read_dir(data.join("requests")).map_or(0, |d| d.count());
    assert_eq!(queued, 0, "nothing is left queued");
}
