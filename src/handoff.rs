//! The hand-off of staff jobs to a running server: `thewell erase` and `thewell notify
//! retry` leave a request file in `<data-dir>/requests/`, the server's writer
//! carries it out (the database has one writer while a server runs) and leaves an
//! answer file beside it, which the command reads and removes.
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::data_dir::{DataDir, create_private_dir, read_regular, replace_private_file};
use crate::store::{Selector, StoreError, Writer};

/// What a staff command asks of the running server: an erasure, or the given-up
/// notifications tried again. (A request file from before the second existed holds
/// only `selector`.)
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Request {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    selector: Option<Selector>,
    #[serde(default)]
    retry_notifications: bool,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    /// Form name → how many erased.
    pub counts: Vec<(String, usize)>,
    /// Notifications made due again.
    #[serde(default)]
    pub retried: u64,
    pub error: Option<String>,
}

impl Answer {
    fn failed(error: &str) -> Answer {
        Answer {
            error: Some(error.to_string()),
            ..Answer::default()
        }
    }
}

const REQUEST: &str = ".request.json";
const ANSWER: &str = ".answer.json";

/// How often a running server looks for requests.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// Carries out the requests staff commands leave, as they come.
pub async fn serve_handoffs(writer: Writer, dir: DataDir) {
    let folder = dir.requests();
    // Requests this server cannot read (left by a command run as another user), said once each.
    let mut unreadable = std::collections::HashSet::new();
    loop {
        tokio::time::sleep(LOOK_EVERY).await;
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        let mut requests: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().ends_with(REQUEST))
            .collect();
        requests.sort();
        for path in requests {
            let bytes = match read_regular(&path) {
                Ok(bytes) => bytes,
                // Something other than a file a staff command wrote (a FIFO, a link):
                // never read through, never waited on; taken away so it is said once.
                Err(error) if error.kind() == std::io::ErrorKind::InvalidInput => {
                    tracing::warn!(path = %path.display(), %error, "ignored a request that is not a plain file, and removed it");
                    let _ = std::fs::remove_file(&path);
                    continue;
                }
                Err(error) => {
                    if error.kind() == std::io::ErrorKind::PermissionDenied
                        && unreadable.insert(path.clone())
                    {
                        tracing::warn!(path = %path.display(), owner = owner_of(&path), %error, "a staff command left a request this server cannot read: it was run as another user than the server's; it is not carried out. Run staff commands as the server's user");
                    }
                    continue;
                }
            };
            let request = serde_json::from_slice::<Request>(&bytes).ok();
            let done = match request {
                None => Ok(Answer::failed("the request could not be read")),
                Some(Request {
                    retry_notifications: true,
                    ..
                }) => writer.retry_notifications().await.map(|retried| Answer {
                    retried,
                    ..Answer::default()
                }),
                Some(Request {
                    selector: Some(selector),
                    ..
                }) => writer.erase(selector).await.map(|counts| Answer {
                    counts: counts
                        .into_iter()
                        .map(|(f, n)| (f.to_string(), n))
                        .collect(),
                    ..Answer::default()
                }),
                Some(_) => Ok(Answer::failed("the request names nothing to do")),
            };
            let answer = match done {
                Ok(answer) => answer,
                // The server is stopping: the request stays for the next one.
                Err(StoreError::WriterStopped) => return,
                Err(error) => Answer::failed(&error.to_string()),
            };
            let stem = path.to_string_lossy().trim_end_matches(REQUEST).to_string();
            let json = serde_json::to_vec(&answer).expect("JSON");
            let _ = replace_private_file(
                Path::new(&format!("{stem}{ANSWER}")),
                Path::new(&format!("{stem}.answer.tmp")),
                &json,
            );
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Why a job asked of the server did not happen.
#[derive(Debug, thiserror::Error)]
pub enum HandoffError {
    #[error("cannot leave the request in {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "the running server did not {what} within {waited} s; the request is still queued in {} and will be done when the server gets to it", path.display()
    )]
    NoAnswer {
        what: &'static str,
        path: PathBuf,
        waited: u64,
    },
    #[error("the server could not {what}: {error}")]
    Failed { what: &'static str, error: String },
    #[error(
        "the running server runs as {server}, and this command as {me}: the server could not read what it leaves, so nothing was asked of it. Run it as the server's user: runuser -u {server} -- thewell …"
    )]
    WrongUser { server: String, me: String },
}

/// The name of the user whose id is `uid` (from /etc/passwd), or "user id N".
pub fn user_name(uid: u32) -> String {
    std::fs::read_to_string("/etc/passwd")
        .ok()
        .and_then(|passwd| {
            passwd.lines().find_map(|line| {
                let mut fields = line.split(':');
                let name = fields.next()?;
                (fields.nth(1)? == uid.to_string()).then(|| name.to_string())
            })
        })
        .unwrap_or_else(|| format!("user id {uid}"))
}

/// Who owns `path`, by name, for the log.
fn owner_of(path: &Path) -> String {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path).map_or_else(|_| "unknown".into(), |m| user_name(m.uid()))
}

/// How long a staff command waits for the server.
const WAIT: Duration = Duration::from_secs(60);

/// `thewell erase` with a server running: hands it `selector` and waits for its
/// answer (form name → how many erased).
pub fn ask_server(dir: &DataDir, selector: Selector) -> Result<Vec<(String, usize)>, HandoffError> {
    let request = Request {
        selector: Some(selector),
        ..Request::default()
    };
    Ok(ask(dir, request, "erase")?.counts)
}

/// `thewell notify retry` with a server running: returns how many notifications
/// are due again.
pub fn ask_server_to_retry(dir: &DataDir) -> Result<u64, HandoffError> {
    let request = Request {
        retry_notifications: true,
        ..Request::default()
    };
    Ok(ask(dir, request, "retry the given-up notifications")?.retried)
}

/// Leaves `request` for the running server and waits for its answer.
fn ask(dir: &DataDir, request: Request, what: &'static str) -> Result<Answer, HandoffError> {
    let folder = dir.requests();
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| HandoffError::Io { path, source }
    };
    // The running server holds its lock file, so the file's owner is the server's user.
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if let Ok(lock) = std::fs::metadata(dir.server_lock())
            && lock.uid() != me
        {
            return Err(HandoffError::WrongUser {
                server: user_name(lock.uid()),
                me: user_name(me),
            });
        }
    }
    create_private_dir(&folder).map_err(io(&folder))?;
    if !std::fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir()) {
        return Err(HandoffError::Io {
            path: folder,
            source: std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "it is not a folder (a link?); remove it and try again",
            ),
        });
    }
    let stem = folder.join(ulid::Ulid::generate().to_string());
    let request_path = PathBuf::from(format!("{}{REQUEST}", stem.display()));
    let answer = PathBuf::from(format!("{}{ANSWER}", stem.display()));
    let json = serde_json::to_vec(&request).expect("JSON");
    replace_private_file(&request_path, &folder.join(".request.tmp"), &json)
        .map_err(io(&request_path))?;
    let started = Instant::now();
    while started.elapsed() < WAIT {
        if let Ok(bytes) = read_regular(&answer) {
            let _ = std::fs::remove_file(&answer);
            let answer: Answer =
                serde_json::from_slice(&bytes).map_err(|e| HandoffError::Failed {
                    what,
                    error: format!("an unreadable answer: {e}"),
                })?;
            return match answer.error {
                Some(error) => Err(HandoffError::Failed { what, error }),
                None => Ok(answer),
            };
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(HandoffError::NoAnswer {
        what,
        path: request_path,
        waited: WAIT.as_secs(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::outbox::{self, Pending, Settled};
    use ulid::Ulid;

    /// One notification given up: a submission from long ago whose delivery failed.
    fn given_up_notification(dir: &DataDir) {
        let db = crate::store::open_for_writing(dir).unwrap();
        let txn = db.begin_write().unwrap();
        let id = Ulid::from_parts(1_000, 1);
        outbox::add(&txn, &[(id, "contact", vec!["t1".to_string()])]).unwrap();
        let failed = Settled::Failed {
            id,
            target: "t1".into(),
            pending: Pending {
                form: "contact".into(),
                attempts: 3,
                next: 0,
                error: String::new(),
            },
            error: "connection refused".into(),
        };
        outbox::settle(&txn, &[failed], 1_000).unwrap();
        txn.commit().unwrap();
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn notify_retry_is_carried_out_by_the_running_server_s_writer() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        given_up_notification(&dir);
        let writer = Writer::start(&dir, None).unwrap();
        tokio::spawn(serve_handoffs(writer.clone(), dir.clone()));
        let ask_twice = {
            let dir = dir.clone();
            move || [ask_server_to_retry(&dir), ask_server_to_retry(&dir)]
        };
        let [first, second] = tokio::task::spawn_blocking(ask_twice).await.unwrap();
        assert_eq!(first.unwrap(), 1, "the given-up one is due again");
        assert_eq!(second.unwrap(), 0, "and nothing is left given up");
        let (due, _) = writer.due(outbox::now_ms(), 10).await.unwrap();
        assert_eq!(due.len(), 1);
    }

    #[test]
    fn a_request_left_by_an_older_erase_still_reads() {
        let request: Request =
            serde_json::from_str(r#"{"selector":{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}}"#).unwrap();
        assert!(request.selector.is_some() && !request.retry_notifications);
    }
}
