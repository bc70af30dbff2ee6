//! Debian's aiosmtpd as the church's mail server, on 127.0.0.1: each message it
//! accepts written into a maildir (the notification tests, the staff's guide).
#![allow(dead_code)]
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::webhook::at_least;

/// Debian's Python, where python3-aiosmtpd installs (a pyenv's python3 may come first on PATH).
pub const PYTHON: &str = "/usr/bin/python3";

/// aiosmtpd on 127.0.0.1, writing each message it accepts into a maildir.
pub struct Smtpd {
    child: Child,
    pub port: u16,
    pub maildir: PathBuf,
}

impl Smtpd {
    pub fn start(maildir: &Path, port: u16) -> Smtpd {
        Smtpd::start_with(maildir, port, &[])
    }

    /// With more aiosmtpd flags (a certificate for STARTTLS or SMTPS).
    pub fn start_with(maildir: &Path, port: u16, flags: &[&str]) -> Smtpd {
        let has = Command::new(PYTHON)
            .args(["-c", "import aiosmtpd"])
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            has,
            "the notification tests need Debian's aiosmtpd: apt-get install python3-aiosmtpd (.ci/run does)"
        );
        let child = Command::new(PYTHON)
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(flags)
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start aiosmtpd");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "aiosmtpd did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Smtpd {
            child,
            port,
            maildir: maildir.to_path_buf(),
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, as its raw text with quoted-printable undone.
    pub fn messages(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.maildir.join("new")) else {
            return Vec::new();
        };
        entries
            .flatten()
            .map(|e| {
                std::fs::read_to_string(e.path())
                    .unwrap()
                    .replace("=\n", "")
                    .replace("=3D", "=")
            })
            .collect()
    }

    pub async fn wait_for(&self, count: usize) -> Vec<String> {
        at_least(count, "messages", || self.messages()).await
    }
}

impl Drop for Smtpd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
