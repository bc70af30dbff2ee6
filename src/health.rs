//! Whether storing submissions works, as the writer last found it. A failure is
//! logged once when it starts, then as a count once a minute while it lasts, and
//! once more when storing works again; `/healthz` reports it to monitors.
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

use chrono::{DateTime, SecondsFormat, Utc};

/// How often a lasting failure is logged again, with the count of refused submissions.
const REPORT_EVERY: Duration = Duration::from_secs(60);

#[derive(Debug, Default)]
pub struct Health {
    failing: Mutex<Option<Failure>>,
}

#[derive(Debug)]
struct Failure {
    since: SystemTime,
    reason: String,
    /// Submissions refused since the last report.
    refused: u64,
    /// Refused in all, since the failure began.
    total: u64,
    reported: Instant,
}

impl Health {
    /// A commit of `count` submissions failed with `reason`.
    pub fn failed(&self, reason: &str, count: usize) {
        let mut failing = self.failing.lock().unwrap_or_else(|e| e.into_inner());
        match failing.as_mut() {
            None => {
                tracing::error!(
                    reason,
                    "storing submissions fails: visitors get 503 (nothing is lost; their answers stay in their browser) and /healthz reports it until it works again. Check free disk space and the data directory"
                );
                *failing = Some(Failure {
                    since: SystemTime::now(),
                    reason: reason.to_string(),
                    refused: count as u64,
                    total: count as u64,
                    reported: Instant::now(),
                });
            }
            Some(failure) => {
                failure.refused += count as u64;
                failure.total += count as u64;
                failure.reason = reason.to_string();
                if failure.reported.elapsed() >= REPORT_EVERY {
                    tracing::error!(
                        reason,
                        refused = failure.refused,
                        "storing submissions still fails: {} submissions refused in the last minute",
                        failure.refused
                    );
                    failure.refused = 0;
                    failure.reported = Instant::now();
                }
            }
        }
    }

    /// A commit succeeded.
    pub fn stored(&self) {
        let mut failing = self.failing.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(failure) = failing.take() {
            tracing::info!(
                refused = failure.total,
                "storing submissions works again after {} refused",
                failure.total
            );
        }
    }

    /// `None` when storing works; otherwise what a monitor should read.
    pub fn problem(&self) -> Option<String> {
        let failing = self.failing.lock().unwrap_or_else(|e| e.into_inner());
        failing.as_ref().map(|f| {
            format!(
                "storage failing since {}: {} ({} submissions refused)",
                DateTime::<Utc>::from(f.since).to_rfc3339_opts(SecondsFormat::Secs, true),
                f.reason,
                f.total
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_reported_until_a_commit_succeeds() {
        let health = Health::default();
        assert_eq!(health.problem(), None);
        health.failed("No space left on device", 3);
        health.failed("No space left on device", 2);
        let problem = health.problem().unwrap();
        assert!(
            problem.contains("No space left on device") && problem.contains("5 submissions"),
            "{problem}"
        );
        health.stored();
        assert_eq!(health.problem(), None);
    }
}
