//! The handle the web server stores through: it opens the database, takes in what
//! a stopped server left in the journal, starts the committer thread, and hands it
//! each job (a submission, a look for due notifications, an erasure) with a reply.
use std::sync::Arc;

use serde_json::{Map, Value};
use tokio::sync::{mpsc, oneshot};
use ulid::Ulid;

use super::committer::{Committer, Job, Submission};
use super::erase::{Selector, remove_leftover};
use super::health::Health;
use super::offline::take_in_journal;
use super::outbox::{self, Due, Notifying, Settled};
use super::{StoreError, open_for_writing};
use crate::data_dir::DataDir;
use crate::forms::Form;

/// The handle the web server submits through. Cloning it is cheap.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
    health: Arc<Health>,
    /// Woken after a commit that queued notifications.
    queued: Arc<tokio::sync::Notify>,
}

impl Writer {
    /// Opens the database in `data_dir` and starts the writer thread over it.
    pub fn start(data_dir: &DataDir, notifying: Option<Notifying>) -> Result<Writer, StoreError> {
        remove_leftover(&data_dir.database());
        let db = open_for_writing(data_dir)?;
        let audience = notifying.as_ref().map(|n| n.audience.as_ref());
        let journal = take_in_journal(data_dir, &db, audience)?;
        if notifying.is_some() {
            let txn = db.begin_write()?;
            let waiting = outbox::due_now(&txn)?;
            txn.commit()?;
            if waiting > 0 {
                tracing::info!(
                    waiting,
                    "notifications waiting for a retry are tried again now"
                );
            }
        }
        let (jobs, rx) = mpsc::channel(4096);
        let health = Arc::new(Health::default());
        let queued = Arc::new(tokio::sync::Notify::new());
        let committer = Committer {
            data_dir: data_dir.clone(),
            health: Arc::clone(&health),
            queued: Arc::clone(&queued),
            notifying,
        };
        std::thread::Builder::new()
            .name("thewell-writer".into())
            .spawn(move || committer.run(Some(db), journal, rx))
            .map_err(|source| StoreError::Io {
                path: "the writer thread".into(),
                source,
            })?;
        Ok(Writer {
            jobs,
            health,
            queued,
        })
    }

    /// Resolves when a commit has queued notifications (or at once if one did since the last call).
    pub async fn queued(&self) {
        self.queued.notified().await;
    }

    /// Up to `limit` notifications due at `now` (Unix ms), and when the next falls due.
    pub async fn due(&self, now: i64, limit: usize) -> Result<(Vec<Due>, Option<i64>), StoreError> {
        self.ask(|reply| Job::Due { now, limit, reply }).await
    }

    /// Hands the writer thread a job and waits for its answer.
    async fn ask<T>(
        &self,
        job: impl FnOnce(oneshot::Sender<Result<T, StoreError>>) -> Job,
    ) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(job(reply))
            .await
            .map_err(|_| StoreError::WriterStopped)?;
        answer.await.map_err(|_| StoreError::WriterStopped)?
    }

    /// Erases what `selector` names and rewrites the file without it (submissions
    /// wait meanwhile). Returns how many per form.
    pub async fn erase(
        &self,
        selector: Selector,
    ) -> Result<Vec<(&'static str, usize)>, StoreError> {
        self.ask(|reply| Job::Erase { selector, reply }).await
    }

    /// Makes the given-up notifications due again; returns how many. The sender is
    /// woken for them.
    pub async fn retry_notifications(&self) -> Result<u64, StoreError> {
        self.ask(|reply| Job::Retry { reply }).await
    }

    /// Records how the deliveries went (committed at once, with the submissions
    /// waiting in the journal).
    pub async fn settle(&self, outcomes: Vec<Settled>) -> Result<(), StoreError> {
        self.ask(|reply| Job::Settle { outcomes, reply }).await
    }

    /// Whether storing works, as the last commit found it.
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// Stores one validated record; answers with its id once it is on disk (in the journal).
    pub async fn submit(
        &self,
        form: &'static Form,
        record: Map<String, Value>,
    ) -> Result<Ulid, StoreError> {
        // Written out here, on the request's own thread, rather than by the one writer.
        let json = Value::Object(record).to_string();
        self.ask(|reply| Job::Submit(Submission { form, json, reply }))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::find;
    use crate::store::{FORMAT_VERSION, Reader, SUBMITTED_AT};
    use std::os::unix::fs::PermissionsExt;

    #[tokio::test]
    async fn submissions_are_readable_in_order_with_their_time() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let writer = Writer::start(&dir, None).unwrap();
        let mode = std::fs::metadata(dir.database())
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600);
        let form = find("contact").unwrap();
        let mut ids = Vec::new();
        for i in 0..3 {
            let mut record = Map::new();
            record.insert("subject".into(), Value::String(format!("s{i}")));
            ids.push(writer.submit(form, record).await.unwrap());
        }
        let reader = Reader::open(&dir).unwrap();
        let mut seen = Vec::new();
        reader
            .scan(form, 0, u128::MAX, |id, json| -> Result<(), StoreError> {
                let record: Map<String, Value> = serde_json::from_str(json).unwrap();
                assert!(record[SUBMITTED_AT].as_str().unwrap().ends_with('Z'));
                seen.push((id, record["subject"].as_str().unwrap().to_string()));
                Ok(())
            })
            .unwrap();
        assert_eq!(seen.iter().map(|(id, _)| *id).collect::<Vec<_>>(), ids);
        assert_eq!(seen[2].1, "s2");
        assert_eq!(reader.format_version().unwrap(), Some(FORMAT_VERSION));
    }
}
