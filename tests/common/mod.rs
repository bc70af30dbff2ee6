//! A real `thewell serve` on a random port with a temporary data directory.
#![allow(dead_code)]
pub mod https;
pub mod photos;
pub mod smtp;
pub mod webhook;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

pub struct Server {
    pub base: String,
    pub child: Child,
    pub dir: tempfile::TempDir,
}

impl Server {
    pub fn start() -> Server {
        Self::spawn(tempfile::tempdir().expect("temp dir"), &[], None)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("stderr.log")).unwrap_or_default()
    }

    /// The log once it holds `needle` (the server writes its log through a queue,
    /// a moment after the event), or as it is after five seconds.
    pub fn log_with(&self, needle: &str) -> String {
        let until = std::time::Instant::now() + Duration::from_secs(5);
        loop {
            let log = self.stderr();
            if log.contains(needle) || std::time::Instant::now() >= until {
                return log;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends SIGTERM and waits (at most `limit`) for the exit status.
    pub fn terminate(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let pid = self.child.id().to_string();
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill");
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client that asks for no compression unless a test says so.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The release or debug binary under test.
pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_thewell")
}

/// How `serve_command` runs the binary.
pub enum Under<'a> {
    /// As it is.
    Itself,
    /// After a shell line (limits: `ulimit -n 1024`).
    Shell(&'a str),
    /// As the last argument of another command (`setpriv …`), this copy of it.
    Wrapper(&'a [&'a str], &'a Path),
}

/// `thewell serve --data-dir <data> <flags>`, logging at info: the one way every test
/// starts a server (Server, HttpsServer, and the tests of a start that must fail, of a
/// dual-stack address, of a server run as another user).
pub fn serve_command(data: &Path, flags: &[&str], under: Under) -> Command {
    let mut command = match under {
        Under::Itself => Command::new(binary()),
        Under::Shell(prefix) => {
            let mut c = Command::new("bash");
            c.arg("-c")
                .arg(format!("{prefix}; exec \"$0\" \"$@\""))
                .arg(binary());
            c
        }
        Under::Wrapper(wrapper, program) => {
            let (first, rest) = wrapper.split_first().expect("a wrapper command");
            let mut c = Command::new(first);
            c.args(rest).arg(program);
            c
        }
    };
    command
        .arg("serve")
        .arg("--data-dir")
        .arg(data)
        .args(flags)
        .env("THEWELL_LOG", "info");
    command
}

/// Runs a `thewell` command on `data_dir`; returns (exit success, stdout, stderr).
pub fn thewell(data_dir: &Path, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(binary())
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .output()
        .expect("run thewell");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `thewell content new <args>`, the file made ready at once (its line `draft = true`
/// deleted, as the volunteer does when done): its path, and what it said on stderr.
pub fn new_content(data_dir: &Path, args: &[&str]) -> (std::path::PathBuf, String) {
    let (ok, out, err) = thewell(data_dir, &[&["content", "new"], args].concat());
    assert!(ok, "{err}");
    let path = std::path::PathBuf::from(out.trim());
    make_ready(&path);
    (path, err)
}

/// Deletes a new content file's line `draft = true` (its second), as the volunteer
/// does when the file is ready.
pub fn make_ready(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("draft = true")),
        "a new file is a draft from its second line: {text}"
    );
    let ready: String = text
        .split_inclusive('\n')
        .filter(|line| !line.starts_with("draft = true"))
        .collect();
    std::fs::write(path, ready).unwrap();
}

/// Every submission of `form` as the export shows it, one JSON object a line.
pub fn exported(data_dir: &Path, form: &str) -> String {
    let (ok, out, err) = thewell(data_dir, &["export", form, "--format", "jsonl"]);
    assert!(ok, "{err}");
    out
}

/// The ids of every submission of `form` the export shows.
pub fn exported_ids(data_dir: &Path, form: &str) -> std::collections::HashSet<String> {
    exported(data_dir, form)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

impl Server {
    /// Starts with extra `serve` flags.
    pub fn start_with(flags: &[&str]) -> Server {
        Self::spawn(tempfile::tempdir().expect("temp dir"), flags, None)
    }

    /// Starts `serve` under a shell prefix (e.g. limits) with extra flags.
    pub fn spawn(dir: tempfile::TempDir, flags: &[&str], shell_prefix: Option<&str>) -> Server {
        let stderr = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.path().join("stderr.log"))
            .expect("log file");
        let data = dir.path().join("data");
        let flags: Vec<&str> = ["--addr", "127.0.0.1:0"]
            .iter()
            .chain(flags)
            .copied()
            .collect();
        let under = shell_prefix.map_or(Under::Itself, Under::Shell);
        let mut child = serve_command(&data, &flags, under)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("spawn thewell");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the listening line");
        let base = line
            .trim()
            .strip_prefix("thewell listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_string();
        Server { base, child, dir }
    }

    /// Stops the server hard (SIGKILL) and keeps its data directory.
    pub fn kill(mut self) -> tempfile::TempDir {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let dir = tempfile::tempdir().expect("temp dir");
        let old = std::mem::replace(&mut self.dir, dir);
        std::mem::forget(self);
        old
    }

    /// GET `path`; the status and the JSON body.
    pub async fn get_json(&self, path: &str) -> (reqwest::StatusCode, serde_json::Value) {
        let response = client().get(self.url(path)).send().await.expect("get");
        let status = response.status();
        (status, response.json().await.expect("a JSON body"))
    }

    /// GET `path`'s text (asserting 200).
    pub async fn get_text(&self, path: &str) -> String {
        let response = client().get(self.url(path)).send().await.expect("get");
        assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
        response.text().await.expect("a text body")
    }

    pub async fn post(&self, form: &str, body: &serde_json::Value) -> reqwest::Response {
        client()
            .post(self.url(&format!("/api/{form}")))
            .json(body)
            .send()
            .await
            .expect("post")
    }
}

/// The gathering `id` in an answer of `/api/schedule`.
pub fn gathering<'a>(schedule: &'a Value, id: &str) -> &'a Value {
    schedule["gatherings"]
        .as_array()
        .expect("the schedule's gatherings")
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no gathering {id} in the schedule"))
}

/// A complete, valid submission of each form.
pub fn valid(form: &str) -> Value {
    match form {
        "prayer-request" => json!({"name": "Ana", "phone": "", "prayerRequest": "For my mother"}),
        "church-launch-response" => {
            json!({"name": "Ana", "phone": "555-123-4567", "email": "ana@example.com"})
        }
        "north-campus-interest" => {
            json!({"firstName": "Ana", "lastName": "Ruiz", "email": "ana@example.com", "phone": "", "location": "Wilmington, DE", "interests": ["Joining the launch team"], "hearAbout": "", "questions": "", "consent": true})
        }
        "connect-card" => {
            json!({"firstName": "Ana", "lastName": "Ruiz", "phone": "555-123-4567", "email": "ana@example.com", "location": "", "serviceInfo": ["This is my first time"], "ageGroup": "25–34", "howDidYouHear": "friend-family", "nextSteps": [], "prayerRequest": "", "consent": true})
        }
        "serve-interest" => {
            json!({"firstName": "Ana", "lastName": "Ruiz", "email": "ana@example.com", "phone": "555", "contactMethod": ["Email"], "location": "", "servicePreference": ["Photography"], "availability": ["Sundays"], "aboutYou": "", "consent": true, "otherSkills": ""})
        }
        "contact" => {
            json!({"firstName": "Ana", "lastName": "Ruiz", "email": "ana@example.com", "subject": "Hello", "message": "A question"})
        }
        "subscription" => json!({"email": "ana@example.com", "list": "media"}),
        _ => unreachable!(),
    }
}

/// Every form's name.
pub const FORMS: [&str; 7] = [
    "prayer-request",
    "church-launch-response",
    "north-campus-interest",
    "connect-card",
    "serve-interest",
    "contact",
    "subscription",
];

/// A small file system of its own (tmpfs), unmounted when dropped.
pub struct SmallDisk(pub tempfile::TempDir);

impl SmallDisk {
    pub fn new(size: &str) -> SmallDisk {
        let dir = tempfile::tempdir().unwrap();
        let status = std::process::Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=0700"),
                "tmpfs",
            ])
            .arg(dir.path())
            .status()
            .expect("run mount");
        assert!(
            status.success(),
            "this test mounts a small tmpfs to fill: run it as root (CI does)"
        );
        SmallDisk(dir)
    }

    /// A server whose data directory is on this disk, with no rate limit (the
    /// tests fill the disk with submissions).
    pub fn server(&self) -> Server {
        let home = tempfile::Builder::new().tempdir_in(self.0.path()).unwrap();
        Server::spawn(
            home,
            &["--rate-burst", "100000", "--rate-per-minute", "100000"],
            None,
        )
    }

    /// Room taken on this disk by something else, `bytes` of it: its path, to give
    /// the room back by removing it.
    pub fn ballast(&self, bytes: usize) -> PathBuf {
        let path = self.0.path().join("ballast");
        std::fs::write(&path, vec![0u8; bytes]).unwrap();
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.0.path())
            .status();
    }
}

/// (block size, blocks free) of the file system holding `path`.
pub fn statvfs(path: &Path) -> (u64, u64) {
    let output = std::process::Command::new("stat")
        .args(["-f", "-c", "%S %a"])
        .arg(path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let mut words = text.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    (words.next().unwrap(), words.next().unwrap())
}

/// This test process's own open-file limit, raised (to 16,384 at most) so that it
/// can hold thousands of sockets.
pub fn raise_own_limit() {
    // SAFETY: reads and writes a plain struct owned here.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        limit.rlim_cur = limit.rlim_max.min(16_384);
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0);
        assert!(
            limit.rlim_cur >= 4096,
            "the test needs 4096 open files: {}",
            limit.rlim_cur
        );
    }
}

/// The libfaketime (its build for programs with threads) Debian's `faketime`
/// installs: preloaded, it moves the clock.
pub fn faketime_library() -> String {
    ["x86_64-linux-gnu", "aarch64-linux-gnu"]
        .iter()
        .map(|arch| format!("/usr/lib/{arch}/faketime/libfaketimeMT.so.1"))
        .find(|path| Path::new(path).exists())
        .expect("Debian's faketime (apt-get install faketime)")
}
