//! Who hears about which form: the targets in `<data-dir>/notify.json` (mode 0600:
//! it holds the webhooks' secrets), changed by `thewell notify add/remove` while the
//! server runs, and re-read by the server within a second (`Registry`).
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use serde::{Deserialize, Serialize};

use super::NotifyError;
use crate::data_dir::{DataDir, replace_private_file};

/// The file's name in the data directory.
pub const FILE: &str = "notify.json";
/// What a target's form list holds to mean every form but the subscription.
pub const ALL: &str = "all";
/// The form that notifies only a target that names it: a sign-up is not news.
pub const QUIET_FORM: &str = "subscription";
/// The fields whose text stays on the server unless a target asks for it.
pub const PRIVATE_FIELDS: &[&str] = &["prayerRequest"];

/// How a target is reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Via {
    /// A plain-text email to this address.
    Email { to: String },
    /// A signed JSON POST to this address.
    Webhook {
        url: String,
        /// HMAC-SHA256 key, hex; shown once by `notify add`.
        secret: String,
    },
}

/// One recipient of notifications.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    /// Never reused: a notification waiting for a removed target is dropped, not
    /// sent to a newer one.
    pub id: String,
    /// Form names, or "all".
    pub forms: Vec<String>,
    #[serde(flatten)]
    pub via: Via,
    /// Whether prayer requests' text goes into the message (off by default).
    #[serde(default)]
    pub prayer_text: bool,
    /// Told of nothing until `thewell notify resume` (a restore pauses every target).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
}

impl Target {
    /// Whether a submission of `form` is news for this target.
    pub fn wants(&self, form: &str) -> bool {
        !self.paused
            && self
                .forms
                .iter()
                .any(|f| f == form || (f == ALL && form != QUIET_FORM))
    }

    /// "office@… (email)" or the webhook's address without its path's query.
    pub fn describe(&self) -> String {
        match &self.via {
            Via::Email { to } => format!("email {to}"),
            Via::Webhook { url, .. } => format!("webhook {url}"),
        }
    }
}

/// The whole file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Targets {
    /// The next target's id.
    #[serde(default = "first_id")]
    pub next: u64,
    #[serde(default)]
    pub targets: Vec<Target>,
}

fn first_id() -> u64 {
    1
}

fn path(dir: &DataDir) -> PathBuf {
    dir.root().join(FILE)
}

impl Targets {
    /// The file's targets; none when it does not exist.
    pub fn read(dir: &DataDir) -> Result<Targets, NotifyError> {
        read_file(&path(dir))
    }

    /// Writes the file whole (mode 0600).
    pub fn write(&self, dir: &DataDir) -> Result<(), NotifyError> {
        let file = path(dir);
        let temp = dir.root().join(format!(".{FILE}.tmp"));
        let json = serde_json::to_vec_pretty(self).expect("targets are JSON");
        replace_private_file(&file, &temp, &json).map_err(|source| NotifyError::File {
            path: file.clone(),
            source,
        })
    }

    /// Adds `target` under a new id and returns that id.
    pub fn add(&mut self, forms: Vec<String>, via: Via, prayer_text: bool) -> String {
        let id = self.next.max(1).to_string();
        self.next = self.next.max(1) + 1;
        self.targets.push(Target {
            id: id.clone(),
            forms,
            via,
            prayer_text,
            paused: false,
        });
        id
    }
}

fn read_file(file: &Path) -> Result<Targets, NotifyError> {
    match std::fs::read(file) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| NotifyError::Broken {
            path: file.to_path_buf(),
            why: e.to_string(),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Targets {
            next: 1,
            targets: Vec::new(),
        }),
        Err(source) => Err(NotifyError::File {
            path: file.to_path_buf(),
            source,
        }),
    }
}

/// How often a running server looks at the file.
const RECHECK: Duration = Duration::from_secs(1);

/// The targets as a running server sees them: the file re-read when it changes. A
/// file that does not parse keeps the last good targets and is logged.
pub struct Registry {
    file: PathBuf,
    state: Mutex<State>,
}

struct State {
    targets: Arc<Vec<Target>>,
    mark: Option<(u64, Option<SystemTime>)>,
    checked: Option<Instant>,
}

fn mark(file: &Path) -> Option<(u64, Option<SystemTime>)> {
    std::fs::metadata(file)
        .ok()
        .map(|m| (m.len(), m.modified().ok()))
}

impl Registry {
    pub fn open(dir: &DataDir) -> Registry {
        Registry {
            file: path(dir),
            state: Mutex::new(State {
                targets: Arc::new(Vec::new()),
                mark: None,
                checked: None,
            }),
        }
    }

    /// The current targets; looks at the file at most once a second.
    pub fn current(&self) -> Arc<Vec<Target>> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.checked.is_none_or(|at| at.elapsed() >= RECHECK) {
            state.checked = Some(Instant::now());
            let now = mark(&self.file);
            if now != state.mark {
                state.mark = now;
                match read_file(&self.file) {
                    Ok(read) => {
                        tracing::info!(targets = read.targets.len(), "notification targets read");
                        state.targets = Arc::new(read.targets);
                    }
                    Err(error) => {
                        tracing::error!("{error}; the notification targets read before stay in use")
                    }
                }
            }
        }
        Arc::clone(&state.targets)
    }
}

/// The store asks the targets, as they are now, who wants to hear of each batch.
impl crate::store::Audience for Registry {
    fn who_wants(&self, forms: &[&'static str]) -> Vec<Vec<String>> {
        let targets = self.current();
        forms
            .iter()
            .map(|form| {
                targets
                    .iter()
                    .filter(|t| t.wants(form))
                    .map(|t| t.id.clone())
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_means_every_form_but_the_subscription_and_ids_are_never_reused() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let mut targets = Targets::read(&dir).unwrap();
        let first = targets.add(
            vec![ALL.into()],
            Via::Email {
                to: "office@thewell.example".into(),
            },
            false,
        );
        targets.write(&dir).unwrap();
        let mut targets = Targets::read(&dir).unwrap();
        assert!(targets.targets[0].wants("connect-card"));
        assert!(!targets.targets[0].wants(QUIET_FORM));
        targets.targets.clear();
        let second = targets.add(
            vec![QUIET_FORM.into()],
            Via::Email { to: "a@b.c".into() },
            false,
        );
        assert_ne!(first, second);
        assert!(targets.targets[0].wants(QUIET_FORM));
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.root().join(FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);

        std::fs::write(dir.root().join(FILE), "{not json").unwrap();
        assert!(matches!(
            Targets::read(&dir),
            Err(NotifyError::Broken { .. })
        ));
    }
}
