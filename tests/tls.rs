//! HTTPS with the volunteer's own certificate, checked with an independent client
//! (Debian's openssl): the chain verifies, HTTP/2 is offered by ALPN, every HTTPS
//! answer carries HSTS and the security headers, plain HTTP redirects with path and
//! query kept and without HSTS, and replaced certificate files are served to new
//! connections without a restart. Without certificate flags nothing changes.
use crate::common;

use std::time::{Duration, Instant};

use common::https::{
    HttpsServer, assert_redirects_to_https, make_certificate, s_client, serial, served_serial,
};
use common::{Server, client};
use reqwest::{StatusCode, header};

#[tokio::test]
async fn https_with_an_own_certificate_redirects_plain_http_and_follows_a_new_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (server, cert) = own_certificate(dir.path(), None, &[]);
    let (https, http) = (server.https, server.http);

    let answer = s_client(
        https,
        "localhost",
        &cert,
        &["-quiet"],
        "GET /about HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.300}");
    let head = answer.split("\r\n\r\n").next().unwrap().to_lowercase();
    assert!(
        head.contains("strict-transport-security: max-age=31536000"),
        "{head}"
    );
    assert!(head.contains("content-security-policy:"), "{head}");
    assert!(answer.contains("<h1"), "the page itself");
    // hyper's own refusal of a target too long carries them too.
    let too_long = format!(
        "GET /{} HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "a".repeat(70_000)
    );
    let refused = s_client(https, "localhost", &cert, &["-quiet"], &too_long).to_lowercase();
    assert!(refused.starts_with("http/1.1 414"), "{refused:.300}");
    assert!(
        refused.contains("strict-transport-security: max-age=31536000"),
        "{refused}"
    );
    assert!(
        refused.contains("x-content-type-options: nosniff"),
        "{refused}"
    );
    let alpn = s_client(https, "localhost", &cert, &["-alpn", "h2,http/1.1"], "");
    assert!(alpn.contains("ALPN protocol: h2"), "{alpn:.2000}");
    assert!(alpn.contains("Verify return code: 0 (ok)"), "{alpn:.2000}");

    assert_redirects_to_https(http, "localhost", https, "/give?fund=the-city&x=1").await;

    let before = served_serial(https, "localhost");
    make_certificate(dir.path());
    let renewed = serial(&std::fs::read_to_string(&cert).unwrap());
    assert_ne!(before, renewed);
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut now = before.clone();
    while now != renewed && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(250));
        now = served_serial(https, "localhost");
    }
    assert_eq!(
        now, renewed,
        "new connections get the replaced certificate, no restart"
    );
    drop(server);
}

#[tokio::test]
async fn without_certificate_flags_the_site_is_plain_http_without_hsts() {
    let server = Server::start();
    let home = client().get(server.url("/")).send().await.unwrap();
    assert_eq!(home.status(), StatusCode::OK);
    assert!(server.base.starts_with("http://127.0.0.1:"));
    assert!(
        home.headers()
            .get(header::STRICT_TRANSPORT_SECURITY)
            .is_none()
    );
}

/// A server with its own certificate (made here) on ports of its own choosing, with
/// extra flags, under a shell prefix: the server and the certificate's path.
fn own_certificate(
    dir: &std::path::Path,
    prefix: Option<&str>,
    extra: &[&str],
) -> (HttpsServer, std::path::PathBuf) {
    make_certificate(dir);
    let cert = dir.join("cert.pem");
    let key = dir.join("key.pem");
    let (cert_flag, key_flag) = (cert.display().to_string(), key.display().to_string());
    let mut flags = vec![
        "--https-port",
        "0",
        "--http-port",
        "0",
        "--tls-cert",
        &cert_flag,
        "--tls-key",
        &key_flag,
    ];
    flags.extend_from_slice(extra);
    let server = HttpsServer::start_under(
        prefix,
        &dir.join("data"),
        &flags,
        dir.join("stderr.log"),
        Duration::from_secs(20),
    );
    (server, cert)
}

/// HTTPS holds the floods plain HTTP holds: at an open-file limit of 1,024, 2,000
/// connections trickling bytes at both ports (HTTPS and its redirect) do not keep a
/// visitor out. The two listeners share one connection cap (each used to take the
/// whole cap, so accept() ran out of files and quiet connections were never closed).
#[test]
fn https_holds_a_connection_flood_at_1024_open_files() {
    use std::io::Write;
    use std::net::{SocketAddr, TcpStream};
    common::raise_own_limit();
    let dir = tempfile::tempdir().unwrap();
    let (server, cert) = own_certificate(
        dir.path(),
        Some("ulimit -n 1024"),
        &["--header-timeout", "3"],
    );
    let waited = Instant::now();
    while !server.log().contains("open-file limit 1024")
        && waited.elapsed() < Duration::from_secs(5)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        server.log().contains("open-file limit 1024"),
        "{}",
        server.log()
    );
    let mut flood = Vec::new();
    for i in 0..2000 {
        let port = if i % 2 == 0 {
            server.https
        } else {
            server.http
        };
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        if let Ok(stream) = TcpStream::connect_timeout(&addr, Duration::from_secs(3)) {
            flood.push(stream);
        }
    }
    assert!(
        flood.len() >= 1900,
        "only {} connections opened",
        flood.len()
    );
    let trickle: Vec<TcpStream> = flood.iter().map(|s| s.try_clone().unwrap()).collect();
    let dripping = std::thread::spawn(move || {
        let mut trickle = trickle;
        for _ in 0..5 {
            std::thread::sleep(Duration::from_millis(800));
            for stream in &mut trickle {
                let _ = stream.write_all(b"\x16");
            }
        }
    });
    for _ in 0..5 {
        let started = Instant::now();
        let answer = common::https::https_get(server.https, "localhost", &cert, "/");
        let took = started.elapsed();
        eprintln!("a visitor over HTTPS under the flood: {took:?}");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.200}");
        assert!(
            took < Duration::from_secs(1),
            "the home page over HTTPS took {took:?}"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    dripping.join().unwrap();
    assert!(
        !server.log().contains("Too many open files") && !server.log().contains("os error 24"),
        "accept ran out of files: {}",
        server.log()
    );
}

/// HTTP/2 PINGs are not progress: a connection that only pings after its answer is
/// closed at the idle timeout (it used to be held for as long as the pings came).
/// The client is Debian's python3-h2.
#[test]
fn http2_pings_do_not_keep_a_connection_past_its_idle_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _) = own_certificate(dir.path(), None, &["--idle-timeout", "5"]);
    let script = common::manifest_dir().join("tests/fixtures/h2_pings.py");
    let output = std::process::Command::new("/usr/bin/python3")
        .arg(&script)
        .args([&server.https.to_string(), "15"])
        .output()
        .expect("python3 (apt-get install python3-h2)");
    let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
    assert!(
        output.status.success(),
        "the HTTP/2 client failed (needs Debian's python3-h2): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let closed: f64 = said
        .parse()
        .unwrap_or_else(|_| panic!("the connection stayed open past 15 s of pings: {said}"));
    assert!(
        (4.0..9.0).contains(&closed),
        "closed {closed} s after the answer"
    );
}
