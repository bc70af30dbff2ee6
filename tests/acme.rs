//! `serve --domain` against a real ACME server: Debian's pebble, with its companion
//! pebble-challtestsrv as the DNS that points every name at 127.0.0.1. Pebble checks
//! each name over HTTP-01 on the server's plain-HTTP port, as Let's Encrypt does on
//! port 80. Checked with openssl trusting pebble's root: issuance, HTTPS with HSTS
//! and the security headers, redirects that keep path and query while challenges are
//! answered, the account and certificate reused after a restart (no new order), a
//! 30-second certificate renewed by the running server (a new serial for new
//! connections, an open connection kept), and a failed check told in one log line.
use crate::common;

use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::https::{
    HttpsServer, assert_redirects_to_https, free_port, https_get, make_certificate, served_serial,
};
use reqwest::{StatusCode, header};

const DOMAIN: &str = "thewell.test";
const WWW: &str = "www.thewell.test";

/// pebble and its DNS, on free ports, for one test.
struct Pebble {
    dir: tempfile::TempDir,
    children: Vec<Child>,
    directory: String,
    /// The CA pebble's own HTTPS listener uses (our self-signed certificate).
    listener_ca: PathBuf,
    /// The root pebble signs certificates under (new at each start).
    root: PathBuf,
}

/// Whether something listens on `port` within 20 s.
fn port_opens(port: u16) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

impl Pebble {
    /// Starts pebble validating HTTP-01 on `http_port`, issuing certificates valid
    /// for `validity` seconds (pebble's default, five years, when None). The free
    /// ports it is given are only free when asked for: another test starting beside
    /// this one can take one first, so a pebble that does not come up is stopped and
    /// started again on other ports (three tries).
    fn start(http_port: u16, validity: Option<u64>) -> Pebble {
        let mut failures = Vec::new();
        for _ in 0..3 {
            match Self::try_start(http_port, validity) {
                Ok(pebble) => return pebble,
                Err(failure) => failures.push(failure),
            }
        }
        panic!("pebble did not start: {failures:?}");
    }

    fn try_start(http_port: u16, validity: Option<u64>) -> Result<Pebble, String> {
        let dir = tempfile::tempdir().unwrap();
        make_certificate(dir.path());
        let (dns, dns_admin, acme, admin, tls) = (
            free_port(),
            free_port(),
            free_port(),
            free_port(),
            free_port(),
        );
        let mut children = Vec::new();
        let log = |name: &str| std::fs::File::create(dir.path().join(name)).unwrap();
        children.push(
            Command::new("pebble-challtestsrv")
                .args(["-dns01", &format!("127.0.0.1:{dns}")])
                .args(["-http01", "", "-https01", "", "-tlsalpn01", ""])
                .args(["-management", &format!("127.0.0.1:{dns_admin}")])
                .args(["-defaultIPv4", "127.0.0.1", "-defaultIPv6", ""])
                .stdout(log("dns.log"))
                .stderr(Stdio::null())
                .spawn()
                .expect("pebble-challtestsrv is missing: apt-get install pebble"),
        );
        let mut config = serde_json::json!({"pebble": {
            "listenAddress": format!("127.0.0.1:{acme}"),
            "managementListenAddress": format!("127.0.0.1:{admin}"),
            "certificate": dir.path().join("cert.pem"),
            "privateKey": dir.path().join("key.pem"),
            "httpPort": http_port,
            "tlsPort": tls,
            "ocspResponderURL": "",
            "externalAccountBindingRequired": false,
        }});
        if let Some(seconds) = validity {
            config["pebble"]["certificateValidityPeriod"] = seconds.into();
        }
        std::fs::write(dir.path().join("pebble.json"), config.to_string()).unwrap();
        children.push(
            Command::new("pebble")
                .arg("-config")
                .arg(dir.path().join("pebble.json"))
                .args(["-dnsserver", &format!("127.0.0.1:{dns}")])
                .env("PEBBLE_VA_NOSLEEP", "1")
                .env("PEBBLE_WFE_NONCEREJECT", "0")
                .stdout(log("pebble.log"))
                .stderr(Stdio::null())
                .spawn()
                .expect("pebble is missing: apt-get install pebble"),
        );
        for (port, what) in [
            (dns_admin, "pebble-challtestsrv"),
            (acme, "pebble"),
            (admin, "pebble's management interface"),
        ] {
            if !port_opens(port) {
                for child in &mut children {
                    let _ = child.kill();
                    let _ = child.wait();
                }
                let log =
                    std::fs::read_to_string(dir.path().join("pebble.log")).unwrap_or_default();
                return Err(format!("{what} did not start on {port}: {log}"));
            }
        }
        let listener_ca = dir.path().join("cert.pem");
        let root = dir.path().join("root.pem");
        let fetched = Command::new("curl")
            .args(["-sSf", "--cacert"])
            .arg(&listener_ca)
            .arg(format!("https://localhost:{admin}/roots/0"))
            .arg("-o")
            .arg(&root)
            .status()
            .expect("curl is missing: apt-get install curl");
        assert!(fetched.success(), "pebble's root");
        Ok(Pebble {
            directory: format!("https://localhost:{acme}/dir"),
            listener_ca,
            root,
            children,
            dir,
        })
    }

    /// How many certificates pebble has issued.
    fn issued(&self) -> usize {
        std::fs::read_to_string(self.dir.path().join("pebble.log"))
            .unwrap_or_default()
            .matches("Issued certificate serial")
            .count()
    }

    /// The flags that point `serve` at this pebble, its ports given, before its domains.
    fn flags(&self, http_port: u16, https_port: u16) -> Vec<String> {
        let ca = self.listener_ca.display().to_string();
        let (https, http) = (https_port.to_string(), http_port.to_string());
        [
            "--acme-directory",
            &self.directory,
            "--acme-ca-root",
            &ca,
            "--https-port",
            &https,
            "--http-port",
            &http,
            "--addr",
            "127.0.0.1:0",
        ]
        .map(String::from)
        .to_vec()
    }

    /// `serve --domain thewell.test --domain www.thewell.test` against this pebble.
    fn serve(&self, data: &Path, http_port: u16, https_port: u16, extra: &[&str]) -> HttpsServer {
        let own = self.flags(http_port, https_port);
        let mut flags = vec!["--domain", DOMAIN, "--domain", WWW];
        flags.extend(["--acme-email", "office@thewell.test"]);
        flags.extend(own.iter().map(String::as_str));
        flags.extend_from_slice(extra);
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let log = data.with_extension(format!("{}.log", RUNS.fetch_add(1, Ordering::Relaxed)));
        HttpsServer::start(data, &flags, log, Duration::from_secs(60))
    }
}

impl Drop for Pebble {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[tokio::test]
async fn a_certificate_through_http01_serves_https_and_is_reused_after_a_restart() {
    let (http, https) = (free_port(), free_port());
    let pebble = Pebble::start(http, None);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let server = pebble.serve(&data, http, https, &[]);
    assert_eq!((server.http, server.https), (http, https));
    assert_eq!(pebble.issued(), 1);
    let log = server.log();
    // Going live names the settings still at their placeholder, but not the
    // address, which --domain gives.
    let named = log
        .lines()
        .find(|l| l.contains("visitors see placeholders for these settings"))
        .expect("the placeholders are named at start-up");
    assert!(
        named.contains("giving-url") && named.contains("contact-email"),
        "{named}"
    );
    assert!(!named.contains("site-url"), "{named}");
    assert!(
        log.contains("GET")
            && log.contains("/.well-known/acme-challenge/")
            && log.contains("status=200"),
        "pebble fetched the challenge answers over plain HTTP: {log}"
    );

    // Both names, verified against pebble's root, with HSTS and the security headers.
    for name in [DOMAIN, WWW] {
        let answer = https_get(https, name, &pebble.root, "/about");
        assert!(answer.starts_with("HTTP/1.1 200"), "{name}: {answer:.300}");
        let head = answer.split("\r\n\r\n").next().unwrap().to_lowercase();
        assert!(
            head.contains("strict-transport-security: max-age=31536000"),
            "{head}"
        );
        assert!(head.contains("content-security-policy:"), "{head}");
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    }
    // The site's address defaults to the first domain.
    let sitemap = https_get(https, DOMAIN, &pebble.root, "/sitemap.xml");
    assert!(
        sitemap.contains(&format!("<loc>https://{DOMAIN}:{https}/")),
        "{sitemap:.600}"
    );

    // Plain HTTP: everything redirects, path and query kept, without HSTS; the
    // challenge path is still answered (a token no order published is not found).
    let client = common::client();
    let plain = |path: &str| {
        client
            .get(format!("http://127.0.0.1:{http}{path}"))
            .header(header::HOST, format!("{WWW}:{http}"))
            .send()
    };
    assert_redirects_to_https(
        http,
        &format!("{WWW}:{http}"),
        https,
        "/give?fund=the-city&x=1",
    )
    .await;
    let unknown = plain("/.well-known/acme-challenge/no-such-token")
        .await
        .unwrap();
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);

    // Kept privately.
    assert_eq!(mode(&data.join("acme")), 0o700);
    assert_eq!(mode(&data.join("acme/account.json")), 0o600);
    assert_eq!(mode(&data.join("acme/certificate.pem")), 0o600);
    let first = served_serial(https, DOMAIN);
    assert!(!first.is_empty());
    server.stop();

    // A restart: the kept account and certificate, no new order.
    let again = pebble.serve(&data, http, https, &[]);
    assert_eq!(served_serial(https, DOMAIN), first);
    assert_eq!(pebble.issued(), 1, "a restart must not order again");
    assert!(
        !again.log().contains("ordering a certificate"),
        "{}",
        again.log()
    );
    let answer = https_get(https, DOMAIN, &pebble.root, "/");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.300}");
}

#[tokio::test]
async fn a_short_lived_certificate_is_renewed_by_the_running_server() {
    let (http, https) = (free_port(), free_port());
    let pebble = Pebble::start(http, Some(30));
    let dir = tempfile::tempdir().unwrap();
    let mut server = pebble.serve(
        &dir.path().join("data"),
        http,
        https,
        &["--idle-timeout", "300"],
    );
    let first = served_serial(https, DOMAIN);
    assert!(!first.is_empty());

    // A connection opened before the renewal, kept alive across it.
    let mut open = Command::new("openssl")
        .args([
            "s_client",
            "-quiet",
            "-connect",
            &format!("127.0.0.1:{https}"),
        ])
        .args(["-servername", DOMAIN, "-verify_return_error", "-CAfile"])
        .arg(&pebble.root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(dir.path().join("s_client.log")).unwrap())
        .spawn()
        .unwrap();
    let mut from_server = open.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        let _ = from_server.read_to_string(&mut all);
        all
    });
    let mut to_server = open.stdin.take().unwrap();
    to_server
        .write_all(format!("GET / HTTP/1.1\r\nHost: {DOMAIN}\r\n\r\n").as_bytes())
        .unwrap();

    // Renewal when a third of 30 s is left: 20 s after issuance.
    let deadline = Instant::now() + Duration::from_secs(150);
    let mut now = first.clone();
    while (now == first || now.is_empty()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_secs(2));
        now = served_serial(https, DOMAIN);
    }
    assert_ne!(
        now,
        first,
        "no new certificate in time; log:\n{}",
        server.log()
    );
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the same process serves it: no restart"
    );
    assert!(pebble.issued() >= 2);
    assert!(
        server.log().contains("certificate renewed"),
        "{}",
        server.log()
    );
    // New connections verify the new certificate against pebble's root.
    let answer = https_get(https, WWW, &pebble.root, "/");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.300}");

    // The connection from before the swap still answers.
    to_server
        .write_all(
            format!("GET /about HTTP/1.1\r\nHost: {DOMAIN}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .unwrap_or_else(|e| {
            panic!(
                "{e}: {}",
                std::fs::read_to_string(dir.path().join("s_client.log")).unwrap()
            )
        });
    drop(to_server);
    let both = reader.join().unwrap();
    let _ = open.wait();
    assert_eq!(
        both.matches("HTTP/1.1 200 OK").count(),
        2,
        "both requests answered on the connection opened before the renewal"
    );
    let _ = server.child.kill();
}

#[test]
fn a_failed_check_is_one_log_line_that_says_what_to_check() {
    // Pebble checks a port nobody answers on, as when port 80 is blocked.
    let (http, https, blocked) = (free_port(), free_port(), free_port());
    let pebble = Pebble::start(blocked, None);
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("serve.log");
    let own = pebble.flags(http, https);
    let flags: Vec<&str> = ["--domain", DOMAIN]
        .into_iter()
        .chain(own.iter().map(String::as_str))
        .collect();
    let mut child = common::serve_command(&dir.path().join("data"), &flags, common::Under::Itself)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let failure = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if let Some(line) = text.lines().find(|l| l.contains("no certificate for")) {
            break line.to_string();
        }
        assert!(Instant::now() < deadline, "no failure logged: {text}");
        std::thread::sleep(Duration::from_millis(200));
    };
    let _ = child.kill();
    let _ = child.wait();
    assert!(failure.contains("ERROR"), "{failure}");
    assert!(
        failure.contains(&format!("could not check {DOMAIN}")),
        "{failure}"
    );
    assert!(
        failure.contains("DNS") && failure.contains("port 80"),
        "{failure}"
    );
    assert!(failure.contains("Trying again in 2m"), "{failure}");
}
