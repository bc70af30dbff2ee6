//! HTTPS with the volunteer's own certificate, checked with an independent client
//! (Debian's openssl): the chain verifies, HTTP/2 is offered by ALPN, every HTTPS
//! answer carries HSTS and the security headers, plain HTTP redirects with path and
//! query kept and without HSTS, and replaced certificate files are served to new
//! connections without a restart. Without certificate flags nothing changes.
mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Server, client};
use reqwest::{StatusCode, header};

/// A self-signed certificate for `localhost`, written as cert.pem and key.pem in `dir`.
fn make_certificate(dir: &Path) {
    let status = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost",
            "-days",
            "2",
        ])
        .arg("-keyout")
        .arg(dir.join("key.new"))
        .arg("-out")
        .arg(dir.join("cert.new"))
        .stderr(Stdio::null())
        .status()
        .expect("openssl is missing: apt-get install openssl");
    assert!(status.success());
    // Both files replaced at once, as a renewal script would.
    std::fs::rename(dir.join("key.new"), dir.join("key.pem")).unwrap();
    std::fs::rename(dir.join("cert.new"), dir.join("cert.pem")).unwrap();
}

/// `openssl s_client` to the server on `port`, asking for `localhost`.
fn connect(port: u16) -> Command {
    let mut command = Command::new("openssl");
    command.args([
        "s_client",
        "-connect",
        &format!("127.0.0.1:{port}"),
        "-servername",
        "localhost",
    ]);
    command
}

/// openssl s_client against the server: what it printed, given `request` on stdin.
fn s_client(port: u16, ca: &Path, extra: &[&str], request: &str) -> String {
    let mut child = connect(port)
        .arg("-CAfile")
        .arg(ca)
        .arg("-verify_return_error")
        // With a request, wait for the whole answer; without one, close at once.
        .args(if request.is_empty() {
            &[][..]
        } else {
            &["-ign_eof"][..]
        })
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("openssl");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn serial(pem: &str) -> String {
    let mut child = Command::new("openssl")
        .args(["x509", "-noout", "-serial"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pem.as_bytes())
        .unwrap();
    String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout)
        .trim()
        .to_string()
}

/// The server's certificate as a new connection sees it (not verified: while the
/// files change, the one served may not be the one on disk yet).
fn served_certificate(port: u16) -> String {
    let output = connect(port)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("openssl");
    let out = String::from_utf8_lossy(&output.stdout);
    let begin = out
        .find("-----BEGIN CERTIFICATE-----")
        .expect("a certificate");
    let end = out.find("-----END CERTIFICATE-----").unwrap() + "-----END CERTIFICATE-----".len();
    serial(&out[begin..end])
}

#[tokio::test]
async fn https_with_an_own_certificate_redirects_plain_http_and_follows_a_new_certificate() {
    let dir = tempfile::tempdir().unwrap();
    make_certificate(dir.path());
    let cert = dir.path().join("cert.pem");
    let key = dir.path().join("key.pem");
    let data = dir.path().join("data");
    let mut child = Command::new(common::binary())
        .args([
            "serve",
            "--https-port",
            "0",
            "--http-port",
            "0",
            "--data-dir",
        ])
        .arg(&data)
        .arg("--tls-cert")
        .arg(&cert)
        .arg("--tls-key")
        .arg(&key)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let https: u16 = lines
        .next()
        .unwrap()
        .unwrap()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let http_line = lines.next().unwrap().unwrap();
    let http: u16 = http_line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{http_line}"));

    let answer = s_client(
        https,
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
    let alpn = s_client(https, &cert, &["-alpn", "h2,http/1.1"], "");
    assert!(alpn.contains("ALPN protocol: h2"), "{alpn:.2000}");
    assert!(alpn.contains("Verify return code: 0 (ok)"), "{alpn:.2000}");

    let redirect = client()
        .get(format!("http://127.0.0.1:{http}/give?fund=the-city&x=1"))
        .header(header::HOST, "localhost")
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        redirect.headers()[header::LOCATION],
        format!("https://localhost:{https}/give?fund=the-city&x=1")
    );
    assert!(
        redirect
            .headers()
            .get(header::STRICT_TRANSPORT_SECURITY)
            .is_none()
    );

    let before = served_certificate(https);
    make_certificate(dir.path());
    let renewed = serial(&std::fs::read_to_string(&cert).unwrap());
    assert_ne!(before, renewed);
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut now = before.clone();
    while now != renewed && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(250));
        now = served_certificate(https);
    }
    assert_eq!(
        now, renewed,
        "new connections get the replaced certificate, no restart"
    );
    let _ = child.kill();
    let _ = child.wait();
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
