//! A real `thewell serve` on a random port with a temporary data directory.
#![allow(dead_code)]
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Server {
    pub base: String,
    pub child: Child,
    pub dir: tempfile::TempDir,
}

impl Server {
    pub fn start() -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        Self::start_in(dir)
    }

    pub fn start_in(dir: tempfile::TempDir) -> Server {
        let stderr = std::fs::File::create(dir.path().join("stderr.log")).expect("log file");
        let mut child = Command::new(env!("CARGO_BIN_EXE_thewell"))
            .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
            .arg(dir.path().join("data"))
            .env("THEWELL_LOG", "info")
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

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("stderr.log")).unwrap_or_default()
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
