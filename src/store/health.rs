//! Whether storing submissions works, as the writer last found it. A failure is
//! logged once when it starts, then as a count once a minute while it lasts, and
//! once more when storing works again; `/healthz` reports it to monitors.
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

use chrono::{DateTime, SecondsFormat, Utc};

/// How often a lasting failure is logged again, with the count of refused submissions.
const REPORT_EVERY: Duration = Duration::from_secs(60);
/// Storing counts as working again only after this long without a failure: a nearly
/// full disk lets small commits through between failures, and that is still failing.
/// The writer checks every second while failing, so a few seconds of success is enough.
const STABLE_AFTER: Duration = Duration::from_secs(5);

#[derive(Debug)]
pub struct Health {
    failing: Mutex<Option<Failure>>,
    stable_after: Duration,
}

impl Default for Health {
    fn default() -> Self {
        Health {
            failing: Mutex::new(None),
            stable_after: STABLE_AFTER,
        }
    }
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
    last_failure: Instant,
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
                    last_failure: Instant::now(),
                });
            }
            Some(failure) => {
                failure.last_failure = Instant::now();
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

    /// A commit succeeded: storing works again once no failure came for a while.
    pub fn stored(&self) {
        let mut failing = self.failing.lock().unwrap_or_else(|e| e.into_inner());
        let stable = failing
            .as_ref()
            .is_some_and(|f| f.last_failure.elapsed() >= self.stable_after);
        if stable && let Some(failure) = failing.take() {
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
    fn a_failure_is_reported_until_commits_succeed_for_a_while() {
        let health = Health::default();
        health.failed("No space left on device", 1);
        health.stored();
        assert!(
            health.problem().is_some(),
            "one success between failures is still failing"
        );
        let health = Health {
            failing: Mutex::new(None),
            stable_after: Duration::ZERO,
        };
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
