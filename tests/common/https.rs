//! HTTPS test helpers: `thewell serve` in one of its HTTPS modes, certificates made
//! with Debian's openssl, and `openssl s_client` as the independent HTTPS client.
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A `thewell serve` with --domain or --tls-cert, and the two ports it listens on.
pub struct HttpsServer {
    pub child: Child,
    pub https: u16,
    pub http: u16,
    log: PathBuf,
}

fn port_of(line: &str) -> u16 {
    line.trim()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"))
}

impl HttpsServer {
    /// Starts `serve --data-dir <data> <flags>` and waits at most `limit` for both
    /// ports to be announced (with --domain, the HTTPS one comes with the certificate).
    pub fn start(data: &Path, flags: &[&str], log: PathBuf, limit: Duration) -> HttpsServer {
        Self::start_under(None, data, flags, log, limit)
    }

    /// The same, under a shell prefix (e.g. `ulimit -n 1024`).
    pub fn start_under(
        prefix: Option<&str>,
        data: &Path,
        flags: &[&str],
        log: PathBuf,
        limit: Duration,
    ) -> HttpsServer {
        let stderr = std::fs::File::create(&log).expect("log file");
        let under = prefix.map_or(super::Under::Itself, super::Under::Shell);
        let mut child = super::serve_command(data, flags, under)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("spawn thewell");
        let stdout = child.stdout.take().expect("stdout");
        let (lines, announced) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    return;
                }
            }
        });
        let deadline = Instant::now() + limit;
        let (mut https, mut http) = (None, None);
        while https.is_none() || http.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match announced.recv_timeout(left) {
                Ok(line) if line.starts_with("thewell listening on https://") => {
                    https = Some(port_of(&line))
                }
                Ok(line) if line.starts_with("thewell redirecting http://") => {
                    http = Some(port_of(line.trim_end_matches(" to https")))
                }
                Ok(_) => {}
                Err(_) => {
                    let _ = child.kill();
                    panic!(
                        "thewell did not announce both ports in {limit:?}; its log:\n{}",
                        std::fs::read_to_string(&log).unwrap_or_default()
                    );
                }
            }
        }
        HttpsServer {
            child,
            https: https.unwrap(),
            http: http.unwrap(),
            log,
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGTERM, then waits for the exit.
    pub fn stop(mut self) {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let _ = self.child.wait();
    }
}

impl Drop for HttpsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nobody listens on now (for servers that must be told their port first).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A self-signed certificate for `localhost` and 127.0.0.1 (not a CA, so that rustls
/// also accepts it as a server's), written as cert.pem and key.pem in `dir`. Both
/// files are replaced at once, as a renewal script would.
pub fn make_certificate(dir: &Path) {
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
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-addext",
            "basicConstraints=critical,CA:FALSE",
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
    std::fs::rename(dir.join("key.new"), dir.join("key.pem")).unwrap();
    std::fs::rename(dir.join("cert.new"), dir.join("cert.pem")).unwrap();
}

/// `openssl s_client` to 127.0.0.1:`port`, asking for `name`.
fn connect(port: u16, name: &str) -> Command {
    let mut command = Command::new("openssl");
    command.args([
        "s_client",
        "-connect",
        &format!("127.0.0.1:{port}"),
        "-servername",
        name,
    ]);
    command
}

/// openssl s_client against the server, verifying the chain against `ca` and the
/// name: what it printed, given `request` on stdin.
pub fn s_client(port: u16, name: &str, ca: &Path, extra: &[&str], request: &str) -> String {
    let mut child = connect(port, name)
        .arg("-CAfile")
        .arg(ca)
        .args(["-verify_return_error", "-verify_hostname", name])
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

/// `GET path` over HTTPS (verified against `ca`): the whole answer, head and body.
pub fn https_get(port: u16, name: &str, ca: &Path, path: &str) -> String {
    s_client(
        port,
        name,
        ca,
        &["-quiet"],
        &format!("GET {path} HTTP/1.1\r\nHost: {name}\r\nConnection: close\r\n\r\n"),
    )
}

/// The serial number of the first certificate in `pem`.
pub fn serial(pem: &str) -> String {
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

/// The serial of the certificate a new connection gets (not verified: while a
/// certificate changes, the one served may not be the one on disk yet).
pub fn served_serial(port: u16, name: &str) -> String {
    let output = connect(port, name)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("openssl");
    let out = String::from_utf8_lossy(&output.stdout);
    let Some(begin) = out.find("-----BEGIN CERTIFICATE-----") else {
        return String::new();
    };
    let end = out.find("-----END CERTIFICATE-----").unwrap() + "-----END CERTIFICATE-----".len();
    serial(&out[begin..end])
}

/// Plain HTTP on `http` asked for `host` and `path`: a 308 to the same path and
/// query over HTTPS on `https`, and no HSTS (it is only ever sent over HTTPS).
pub async fn assert_redirects_to_https(http: u16, host: &str, https: u16, path: &str) {
    use reqwest::{StatusCode, header};
    let redirect = super::client()
        .get(format!("http://127.0.0.1:{http}{path}"))
        .header(header::HOST, host)
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), StatusCode::PERMANENT_REDIRECT);
    let name = host.split(':').next().unwrap();
    assert_eq!(
        redirect.headers()[header::LOCATION],
        format!("https://{name}:{https}{path}")
    );
    assert!(
        redirect
            .headers()
            .get(header::STRICT_TRANSPORT_SECURITY)
            .is_none()
    );
}
