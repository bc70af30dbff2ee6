//! The one thread that writes: it takes the jobs waiting (up to a batch), makes the
//! batch's submissions durable in the journal with one write and one `fdatasync`,
//! answers them, and moves the journal into the database at each checkpoint.
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::SecondsFormat;
use redb::{Database, ReadableDatabase};
use tokio::sync::{mpsc, oneshot};
use ulid::{Generator, Ulid};

use super::erase::{Selector, erase};
use super::health::Health;
use super::journal::Journal;
use super::offline::retry_given_up;
use super::outbox::{self, Due, Notifications, Notifying, Settled, notifications_for};
use super::{SUBMITTED_AT, StoreError, open_for_writing, received_at, table};
use crate::data_dir::DataDir;
use crate::forms::{FORMS, Form};

pub(super) struct Submission {
    pub(super) form: &'static Form,
    /// The record as a JSON object, without its time (the writer adds it).
    pub(super) json: String,
    pub(super) reply: oneshot::Sender<Result<Ulid, StoreError>>,
}

/// What the writer thread is asked to do: store a submission, look for due
/// notifications, record how their delivery went, erase, or try the given-up
/// notifications again.
pub(super) enum Job {
    Submit(Submission),
    Due {
        now: i64,
        limit: usize,
        reply: oneshot::Sender<Result<(Vec<Due>, Option<i64>), StoreError>>,
    },
    Settle {
        outcomes: Vec<Settled>,
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    Erase {
        selector: Selector,
        reply: oneshot::Sender<Result<Vec<(&'static str, usize)>, StoreError>>,
    },
    /// `thewell notify retry` while the server runs.
    Retry {
        reply: oneshot::Sender<Result<u64, StoreError>>,
    },
}

/// At most this many submissions share one commit. The writer does not wait for
/// more: what arrives while one commit is being made goes into the next. Measured
/// with 64 clients on a 2-core machine, waiting up to 2 ms (or half the last commit's
/// time) for more lowered the rate by some 8 %: the requests it held back were the
/// ones the next commit would have taken anyway, and the wait only added to each
/// visitor's time.
const MAX_BATCH: usize = 512;

/// Submissions wait in the journal at most this long before a checkpoint puts them
/// in the database, where the notification sender finds them.
const CHECKPOINT_AGE: Duration = Duration::from_millis(250);
/// A checkpoint comes sooner when no job has come for this long.
const CHECKPOINT_IDLE: Duration = Duration::from_millis(20);
/// And when this many submissions wait (some 4 MB of journal).
const CHECKPOINT_ROWS: usize = 8192;
/// While storing fails and nothing waits, the writer checks this often whether it
/// works again.
const PROBE_EVERY: Duration = Duration::from_secs(1);
/// What that check writes: as much as a large batch of submissions.
const PROBE_BYTES: usize = 256 << 10;
/// After a failed checkpoint, the next waits this long (unless outcomes or an
/// erasure need one); the submissions are safe in the journal meanwhile.
const CHECKPOINT_RETRY: Duration = Duration::from_secs(1);

/// What the journal holds that the database does not yet.
#[derive(Default)]
struct Waiting {
    rows: Vec<(&'static Form, Ulid, String)>,
    notifications: Notifications,
    /// When the first of them was acknowledged.
    since: Option<Instant>,
    /// Not before this, after a failed checkpoint.
    retry_at: Option<Instant>,
}

/// The writer thread's own state.
pub(super) struct Committer {
    pub(super) data_dir: DataDir,
    pub(super) health: Arc<Health>,
    pub(super) queued: Arc<tokio::sync::Notify>,
    pub(super) notifying: Option<Notifying>,
}

impl Committer {
    /// Takes whatever jobs are waiting (up to MAX_BATCH). Submissions are appended
    /// to the journal (one write, one `fdatasync`) and answered; a checkpoint then
    /// moves what the journal holds into the database in one commit, with the
    /// delivery outcomes: when CHECKPOINT_AGE has passed since the first submission
    /// waiting, when CHECKPOINT_ROWS wait, after CHECKPOINT_IDLE without a new job,
    /// and before outcomes are answered or an erasure is made. After a failed commit
    /// (disk full, say) redb wants a fresh handle, so the next checkpoint reopens
    /// the file; the submissions wait in the journal meanwhile.
    pub(super) fn run(
        &self,
        mut db: Option<Database>,
        mut journal: Journal,
        mut rx: mpsc::Receiver<Job>,
    ) {
        // Only for waiting on the queue with a time limit.
        let clock = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .ok();
        let mut ids = Generator::new();
        let mut jobs = Vec::with_capacity(MAX_BATCH);
        let mut waiting = Waiting::default();
        loop {
            let failing = self.health.problem().is_some();
            match next_jobs(clock.as_ref(), &mut rx, &waiting, failing, &mut jobs) {
                Next::Closed => break,
                Next::Quiet => {
                    let _ = self.checkpoint(&mut db, &mut journal, &mut waiting, &[]);
                    if failing && waiting.since.is_none() {
                        self.probe(&mut db);
                    }
                    continue;
                }
                Next::Jobs => {}
            }
            let batch = Batch::sort(jobs.drain(..), &mut ids);
            self.journal(&mut journal, &mut waiting, batch.submissions);
            let timely = waiting.retry_at.is_none_or(|at| Instant::now() >= at)
                && (waiting.rows.len() >= CHECKPOINT_ROWS
                    || waiting.since.is_some_and(|t| t.elapsed() >= CHECKPOINT_AGE));
            let checkpoint_now = clock.is_none()
                || !batch.outcomes.is_empty()
                || !batch.erasures.is_empty()
                || timely;
            let result = if checkpoint_now {
                self.checkpoint(&mut db, &mut journal, &mut waiting, &batch.outcomes)
            } else {
                Ok(())
            };
            for reply in batch.settled {
                let _ = reply.send(result.as_ref().map(|_| ()).map_err(shared));
            }
            self.answer_looks(&mut db, batch.looks, &result);
            self.answer_retries(&mut db, batch.retries);
            if !batch.erasures.is_empty() {
                self.erase_after(result, &mut db, &mut journal, batch.erasures);
            }
        }
        // The server is stopping: the database gets what the journal holds, and the
        // journal is emptied (a database restored next does not get its last records).
        if self
            .checkpoint(&mut db, &mut journal, &mut waiting, &[])
            .is_ok()
        {
            let _ = journal.forget();
        }
    }

    /// Answers the looks for due notifications from the database (reopened first if
    /// a failed commit left no handle).
    fn answer_looks(
        &self,
        db: &mut Option<Database>,
        looks: Vec<(i64, usize, Reply<(Vec<Due>, Option<i64>)>)>,
        checkpoint: &Result<(), Arc<StoreError>>,
    ) {
        if looks.is_empty() {
            return;
        }
        self.reopen(db);
        for (now, limit, reply) in looks {
            let _ = reply.send(match db {
                Some(handle) => due(handle, now, limit),
                None => Err(checkpoint
                    .as_ref()
                    .err()
                    .map_or(StoreError::WriterStopped, shared)),
            });
        }
    }

    /// Makes the given-up notifications due again, wakes the sender for them, and
    /// answers each staff command that asked.
    fn answer_retries(&self, db: &mut Option<Database>, retries: Vec<Reply<u64>>) {
        if retries.is_empty() {
            return;
        }
        // A failed commit may have left no handle: open it again, or say why not.
        let moved = match db
            .take()
            .map_or_else(|| open_for_writing(&self.data_dir), Ok)
        {
            Ok(handle) => {
                let moved = retry_given_up(&handle);
                *db = Some(handle);
                moved
            }
            Err(error) => Err(error),
        }
        .map_err(Arc::new);
        if moved.as_ref().is_ok_and(|&n| n > 0) {
            self.queued.notify_one();
        }
        for reply in retries {
            let _ = reply.send(moved.as_ref().map(|&n| n).map_err(shared));
        }
    }

    /// After the checkpoint that preceded them: empties the journal (an erased
    /// submission must not come back from it after a crash), then erases.
    fn erase_after(
        &self,
        checkpoint: Result<(), Arc<StoreError>>,
        db: &mut Option<Database>,
        journal: &mut Journal,
        erasures: Vec<(Selector, Reply<Vec<(&'static str, usize)>>)>,
    ) {
        let forgotten = checkpoint.and_then(|()| {
            journal.forget().map_err(|source| {
                Arc::new(StoreError::Io {
                    path: self.data_dir.journal(),
                    source,
                })
            })
        });
        self.reopen(db);
        match (forgotten, db.take()) {
            (Ok(()), Some(handle)) => *db = self.erase(handle, erasures),
            (result, _) => {
                let error = result
                    .err()
                    .unwrap_or_else(|| Arc::new(StoreError::WriterStopped));
                for (_, reply) in erasures {
                    let _ = reply.send(Err(shared(&error)));
                }
            }
        }
    }

    /// While storing fails with nothing waiting: writes and syncs a small file in the
    /// data directory (the room a batch of submissions needs) and reopens the
    /// database, so that /healthz recovers within seconds of the disk having room
    /// again, not at the next visitor's submission.
    fn probe(&self, db: &mut Option<Database>) {
        use std::io::Write;
        let path = self.data_dir.probe();
        let _ = std::fs::remove_file(&path);
        let written = crate::data_dir::create_new_private_file(&path).and_then(|mut file| {
            file.write_all(&vec![0; PROBE_BYTES])?;
            file.sync_all()
        });
        let _ = std::fs::remove_file(&path);
        self.reopen(db);
        match (written, db.is_some()) {
            (Ok(()), true) => self.health.stored(),
            (Err(error), _) => self.health.failed(&error.to_string(), 0),
            (Ok(()), false) => {}
        }
    }

    /// Opens the database again when a failed commit left no handle (it stays None
    /// when that fails too).
    fn reopen(&self, db: &mut Option<Database>) {
        if db.is_none() {
            *db = open_for_writing(&self.data_dir).ok();
        }
    }

    /// Appends the batch's submissions to the journal and answers each: with its id
    /// once it is on disk, or with the error.
    fn journal(
        &self,
        journal: &mut Journal,
        waiting: &mut Waiting,
        prepared: Vec<(Submission, Ulid, String)>,
    ) {
        if prepared.is_empty() {
            return;
        }
        let written = journal.append(
            prepared
                .iter()
                .map(|(job, id, json)| (job.form, *id, json.as_str())),
        );
        match written {
            Ok(()) => {
                let audience = self.notifying.as_ref().map(|n| n.audience.as_ref());
                waiting.notifications.extend(notifications_for(
                    audience,
                    prepared.iter().map(|(job, id, _)| (*id, job.form.name)),
                ));
                waiting.since.get_or_insert_with(Instant::now);
                for (job, id, json) in prepared {
                    let _ = job.reply.send(Ok(id));
                    waiting.rows.push((job.form, id, json));
                }
            }
            Err(source) => {
                self.health.failed(&source.to_string(), prepared.len());
                let error = Arc::new(StoreError::Io {
                    path: self.data_dir.journal(),
                    source,
                });
                for (job, ..) in prepared {
                    let _ = job.reply.send(Err(StoreError::Batch(Arc::clone(&error))));
                }
            }
        }
    }

    /// Commits what waits in the journal, and the delivery outcomes, in one durable
    /// commit; the journal then starts over.
    fn checkpoint(
        &self,
        db: &mut Option<Database>,
        journal: &mut Journal,
        waiting: &mut Waiting,
        outcomes: &[Settled],
    ) -> Result<(), Arc<StoreError>> {
        if waiting.rows.is_empty() && outcomes.is_empty() {
            return Ok(());
        }
        let result = db
            .take()
            .map_or_else(|| open_for_writing(&self.data_dir), Ok)
            .and_then(|handle| {
                let first_wait = self.notifying.as_ref().map_or(60_000, |n| n.first_wait_ms);
                commit(
                    &handle,
                    &waiting.rows,
                    &waiting.notifications,
                    outcomes,
                    first_wait,
                )?;
                Ok(handle)
            });
        match result {
            Ok(handle) => {
                *db = Some(handle);
                journal.restart();
                self.health.stored();
                if waiting
                    .notifications
                    .iter()
                    .any(|(_, _, to)| !to.is_empty())
                {
                    self.queued.notify_one();
                }
                *waiting = Waiting::default();
                Ok(())
            }
            // A failed commit leaves redb wanting a fresh handle: the next one reopens
            // it, after a pause (a full disk is not tried again in a loop).
            Err(error) => {
                self.health.failed(&error.to_string(), 0);
                waiting.retry_at = Some(Instant::now() + CHECKPOINT_RETRY);
                Err(Arc::new(error))
            }
        }
    }

    /// Carries out the erasures asked for, in one rewrite of the file. Returns the
    /// handle to use next (None if the file could not be reopened: the next batch tries).
    fn erase(
        &self,
        handle: Database,
        erasures: Vec<(Selector, Reply<Vec<(&'static str, usize)>>)>,
    ) -> Option<Database> {
        let (selectors, replies): (Vec<Selector>, Vec<_>) = erasures.into_iter().unzip();
        let (handle, result) = erase(handle, &self.data_dir.database(), &selectors);
        match result {
            Ok(counts) => {
                for (counts, reply) in counts.into_iter().zip(replies) {
                    let _ = reply.send(Ok(counts));
                }
            }
            Err(error) => {
                let error = Arc::new(error);
                for reply in replies {
                    let _ = reply.send(Err(shared(&error)));
                }
            }
        }
        handle
    }
}

/// A reply to one job.
type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

/// An error many jobs share (the commit they were in failed), as each one's answer.
fn shared(error: &Arc<StoreError>) -> StoreError {
    StoreError::Batch(Arc::clone(error))
}

/// What waiting for jobs gave.
enum Next {
    /// `jobs` holds the next batch.
    Jobs,
    /// Nothing came in time: the submissions waiting are due a checkpoint.
    Quiet,
    /// Every handle is gone: the server is stopping.
    Closed,
}

/// Fills `jobs` with the first job to come and whatever else waits (up to
/// MAX_BATCH). While submissions wait in the journal, the wait ends in time for
/// their checkpoint; otherwise it lasts until a job comes.
fn next_jobs(
    clock: Option<&tokio::runtime::Runtime>,
    rx: &mut mpsc::Receiver<Job>,
    waiting: &Waiting,
    failing: bool,
    jobs: &mut Vec<Job>,
) -> Next {
    let limit = match (waiting.since, waiting.retry_at) {
        (Some(_), Some(at)) => Some(at.saturating_duration_since(Instant::now())),
        (Some(since), None) => Some(
            CHECKPOINT_AGE
                .saturating_sub(since.elapsed())
                .min(CHECKPOINT_IDLE),
        ),
        // While storing fails, the writer looks again on its own: no visitor need come.
        (None, _) if failing => Some(PROBE_EVERY),
        (None, _) => None,
    };
    let first = match (clock, limit) {
        (Some(clock), Some(limit)) => {
            // The timer is made inside the runtime, which it needs.
            match clock.block_on(async { tokio::time::timeout(limit, rx.recv()).await }) {
                Ok(Some(job)) => job,
                Ok(None) => return Next::Closed,
                Err(_) => return Next::Quiet,
            }
        }
        _ => match rx.blocking_recv() {
            Some(job) => job,
            None => return Next::Closed,
        },
    };
    jobs.push(first);
    while jobs.len() < MAX_BATCH
        && let Ok(job) = rx.try_recv()
    {
        jobs.push(job);
    }
    Next::Jobs
}

/// One batch of jobs, sorted by kind; each submission with its id and its record
/// with the time added.
#[derive(Default)]
struct Batch {
    submissions: Vec<(Submission, Ulid, String)>,
    outcomes: Vec<Settled>,
    settled: Vec<Reply<()>>,
    looks: Vec<(i64, usize, Reply<(Vec<Due>, Option<i64>)>)>,
    erasures: Vec<(Selector, Reply<Vec<(&'static str, usize)>>)>,
    retries: Vec<Reply<u64>>,
}

impl Batch {
    fn sort(jobs: impl Iterator<Item = Job>, ids: &mut Generator) -> Batch {
        let mut batch = Batch::default();
        for job in jobs {
            match job {
                Job::Submit(mut job) => {
                    let id = ids.generate().unwrap_or_else(|_| Ulid::generate());
                    let json = with_time(std::mem::take(&mut job.json), id);
                    batch.submissions.push((job, id, json));
                }
                Job::Settle { outcomes, reply } => {
                    batch.outcomes.extend(outcomes);
                    batch.settled.push(reply);
                }
                Job::Due { now, limit, reply } => batch.looks.push((now, limit, reply)),
                Job::Erase { selector, reply } => batch.erasures.push((selector, reply)),
                Job::Retry { reply } => batch.retries.push(reply),
            }
        }
        batch
    }
}

/// The notifications due at `now`, each with its submission's JSON.
fn due(db: &Database, now: i64, limit: usize) -> Result<(Vec<Due>, Option<i64>), StoreError> {
    let txn = db.begin_read()?;
    let record = |form: &str, id: Ulid| -> Option<String> {
        let form = crate::forms::find(form)?;
        let table = txn.open_table(table(form)).ok()?;
        let value = table.get(u128::from(id)).ok()??;
        Some(value.value().to_string())
    };
    Ok(outbox::due(&txn, now, limit, record)?)
}

/// A record's JSON object with the time its id carries added as its last field.
fn with_time(mut json: String, id: Ulid) -> String {
    let at = received_at(id).to_rfc3339_opts(SecondsFormat::Millis, true);
    json.pop(); // the closing brace
    if json.len() > 1 {
        json.push(',');
    }
    json.push_str(&format!("\"{SUBMITTED_AT}\":\"{at}\"}}"));
    json
}

/// One durable commit of the batch, each form's table opened once, with the
/// notifications its submissions call for and the outcomes of earlier deliveries.
fn commit(
    db: &Database,
    rows: &[(&'static Form, Ulid, String)],
    notifications: &[(Ulid, &str, Vec<String>)],
    outcomes: &[Settled],
    first_wait_ms: i64,
) -> Result<(), StoreError> {
    let txn = db.begin_write()?;
    for form in FORMS {
        let mut mine = rows
            .iter()
            .filter(|(of, ..)| of.name == form.name)
            .peekable();
        if mine.peek().is_none() {
            continue;
        }
        let mut open = txn.open_table(table(form))?;
        for (_, id, json) in mine {
            open.insert(u128::from(*id), json.as_str())?;
        }
    }
    outbox::add(&txn, notifications)?;
    outbox::settle(&txn, outcomes, first_wait_ms)?;
    txn.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, Value};

    #[test]
    fn the_time_is_added_as_the_last_field_of_any_record() {
        let id = Ulid::from_parts(1_700_000_000_123, 7);
        let at = "2023-11-14T22:13:20.123Z";
        for (json, fields) in [("{}", 1), (r#"{"a":"b"}"#, 2)] {
            let with = with_time(json.to_string(), id);
            let record: Map<String, Value> = serde_json::from_str(&with).unwrap();
            assert_eq!(record[SUBMITTED_AT], at, "{with}");
            assert_eq!(record.len(), fields, "{with}");
        }
    }
}
