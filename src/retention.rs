//! Keeping submissions no longer than they should be. `serve --keep
//! prayer-request=90d` erases that form's older submissions every
//! `--retention-every`; `thewell erase` (by email, by id, or a form before a day)
//! hands a running server a request file in `<data-dir>/requests/`, which its
//! writer carries out. Every erasure ends with the database rewritten into a fresh
//! file, so nothing erased stays readable in free pages.
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chrono::Utc;
use serde::{Deserialize, Serialize};

use crate::data_dir::{DataDir, create_private_dir, replace_private_file};
use crate::forms::{Form, find, names};
use crate::store::{Selector, StoreError, Writer};

/// How long one form's submissions are kept.
#[derive(Debug, Clone)]
pub struct Keep {
    pub form: &'static Form,
    pub period: Duration,
}

/// `prayer-request=90d`.
pub fn parse_keep(value: &str) -> Result<Keep, String> {
    let (form, period) = value
        .split_once('=')
        .ok_or_else(|| format!("{value}: write FORM=DURATION, e.g. prayer-request=90d"))?;
    let form = find(form.trim())
        .ok_or_else(|| format!("no form named {form}: one of {}", names().join(", ")))?;
    let period = humantime::parse_duration(period.trim())
        .map_err(|e| format!("{period}: {e}: write a duration such as 90d, 26weeks or 1y"))?;
    if period < Duration::from_secs(1) {
        return Err("keep them at least a second".into());
    }
    Ok(Keep { form, period })
}

/// "90 days" for the privacy page and the logs.
pub fn describe(period: Duration) -> String {
    let days = period.as_secs() / 86_400;
    match days {
        0 => humantime::format_duration(period).to_string(),
        1 => "1 day".into(),
        d => format!("{d} days"),
    }
}

/// Erases each form's submissions older than its period, now and every `every`.
pub async fn sweep(writer: Writer, keeps: Vec<Keep>, every: Duration) {
    if keeps.is_empty() {
        return;
    }
    loop {
        for keep in &keeps {
            let Ok(period) = chrono::Duration::from_std(keep.period) else {
                continue;
            };
            let before = Utc::now() - period;
            let selector = Selector::Before {
                form: keep.form.name.to_string(),
                before,
            };
            match writer.erase(selector).await {
                Ok(counts) => {
                    let erased: usize = counts.iter().map(|(_, n)| n).sum();
                    if erased > 0 {
                        tracing::info!(form = keep.form.name, erased, kept = %describe(keep.period), "older submissions erased");
                    }
                }
                Err(StoreError::WriterStopped) => return,
                Err(error) => tracing::error!(
                    form = keep.form.name,
                    "cannot erase older submissions: {error}"
                ),
            }
        }
        tokio::time::sleep(every).await;
    }
}

/// An erasure asked of the running server, and its answer.
#[derive(Debug, Serialize, Deserialize)]
struct Request {
    selector: Selector,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    /// Form name → how many erased.
    pub counts: Vec<(String, usize)>,
    pub error: Option<String>,
}

const REQUEST: &str = ".request.json";
const ANSWER: &str = ".answer.json";

/// How often a running server looks for requests.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// Carries out the requests staff commands leave, as they come.
pub async fn serve_requests(writer: Writer, dir: DataDir) {
    let folder = dir.requests();
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
            let answer = match std::fs::read(&path)
                .ok()
                .and_then(|bytes| serde_json::from_slice::<Request>(&bytes).ok())
            {
                None => Answer {
                    counts: Vec::new(),
                    error: Some("the request could not be read".into()),
                },
                Some(request) => match writer.erase(request.selector).await {
                    Ok(counts) => Answer {
                        counts: counts
                            .into_iter()
                            .map(|(f, n)| (f.to_string(), n))
                            .collect(),
                        error: None,
                    },
                    Err(StoreError::WriterStopped) => return,
                    Err(error) => Answer {
                        counts: Vec::new(),
                        error: Some(error.to_string()),
                    },
                },
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

/// Why an erasure asked of the server did not happen.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    #[error("cannot leave the request in {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "the running server did not carry out the erasure within {waited} s; it is still queued in {} and will be done when the server gets to it", path.display()
    )]
    NoAnswer { path: PathBuf, waited: u64 },
    #[error("the server could not erase: {0}")]
    Failed(String),
}

/// How long `thewell erase` waits for the server.
const WAIT: Duration = Duration::from_secs(60);

/// Hands `selector` to the running server and waits for its answer.
pub fn ask_server(dir: &DataDir, selector: Selector) -> Result<Vec<(String, usize)>, RequestError> {
    let folder = dir.requests();
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| RequestError::Io { path, source }
    };
    if !folder.is_dir() {
        create_private_dir(&folder).map_err(io(&folder))?;
    }
    let stem = folder.join(ulid::Ulid::generate().to_string());
    let request = PathBuf::from(format!("{}{REQUEST}", stem.display()));
    let answer = PathBuf::from(format!("{}{ANSWER}", stem.display()));
    let json = serde_json::to_vec(&Request { selector }).expect("JSON");
    replace_private_file(&request, &folder.join(".request.tmp"), &json).map_err(io(&request))?;
    let started = Instant::now();
    while started.elapsed() < WAIT {
        if let Ok(bytes) = std::fs::read(&answer) {
            let _ = std::fs::remove_file(&answer);
            let answer: Answer = serde_json::from_slice(&bytes)
                .map_err(|e| RequestError::Failed(format!("an unreadable answer: {e}")))?;
            return match answer.error {
                Some(error) => Err(RequestError::Failed(error)),
                None => Ok(answer.counts),
            };
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(RequestError::NoAnswer {
        path: request,
        waited: WAIT.as_secs(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_takes_a_form_and_a_duration() {
        let keep = parse_keep("prayer-request=90d").unwrap();
        assert_eq!(keep.form.name, "prayer-request");
        assert_eq!(describe(keep.period), "90 days");
        assert!(
            parse_keep("prayers=90d")
                .unwrap_err()
                .contains("no form named prayers")
        );
        assert!(
            parse_keep("prayer-request")
                .unwrap_err()
                .contains("FORM=DURATION")
        );
        assert!(parse_keep("contact=0s").is_err());
    }
}
