//! Form submissions on disk: the redb file, its format version, the one writer
//! thread that groups concurrent submissions into one durable commit, and the
//! reads, erasures and backups the command line needs while the server runs.
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use chrono::{DateTime, SecondsFormat, Utc};
use redb::{
    Builder, ConcurrencyMode, Database, ReadableDatabase, ReadableTable, ReadableTableMetadata,
    TableDefinition,
};
use serde_json::{Map, Value};
use tokio::sync::{mpsc, oneshot};
use ulid::{Generator, Ulid};

use crate::data_dir::{DataDir, create_new_private_file, ensure_private_file};
use crate::forms::{FORMS, Form};
use crate::health::Health;
use crate::outbox::{Due, Settled};

/// Bumped when the layout of tables or values changes in a way older code cannot read.
pub const FORMAT_VERSION: u64 = 1;
/// The time a submission was received, added to what the visitor typed.
pub const SUBMITTED_AT: &str = "submittedAt";

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// One table per form, named after it: ULID (as u128, so keys sort by time) to JSON.
fn table(form: &Form) -> TableDefinition<'static, u128, &'static str> {
    TableDefinition::new(form.name)
}

/// redb's page cache. Its default (1 GiB) lets memory grow with the database. The
/// server only appends: a commit touches the newest leaf of each table and the
/// branches above it, a few pages; the staff commands read through their own cache
/// in their own process. 4 MiB holds every page a commit touches many times over,
/// and keeps the server's memory flat however large the file grows.
const CACHE_BYTES: usize = 4 << 20;

/// Several processes share the file: the server writes, the CLI reads and erases.
fn builder() -> Builder {
    let mut builder = Builder::new();
    builder.set_concurrency_mode(ConcurrencyMode::MultiWriter);
    builder.set_cache_size(CACHE_BYTES);
    builder
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the data directory {0} does not exist: pass the one `thewell serve` uses with --data-dir (or THEWELL_DATA_DIR)"
    )]
    NoDataDir(PathBuf),
    #[error("there is no database at {0} yet: the server creates it when it starts")]
    NoDatabase(PathBuf),
    #[error(
        "{path} was written by a newer thewell (format {found}, this one reads up to {FORMAT_VERSION}): upgrade thewell"
    )]
    TooNew { path: PathBuf, found: u64 },
    #[error("{0} already exists: choose a new file name for the backup")]
    BackupExists(PathBuf),
    #[error("cannot use {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("database error: {0}")]
    Db(#[from] redb::Error),
    /// The commit this submission shared with others failed; the cause is shared too.
    #[error("the batch of submissions was not stored: {0}")]
    Batch(#[source] Arc<StoreError>),
    #[error("the storage writer has stopped")]
    WriterStopped,
}

/// redb's specific errors all convert into `redb::Error`, which keeps the cause.
macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(error: $t) -> Self { StoreError::Db(error.into()) }
        }
    )*};
}
from_redb!(
    redb::DatabaseError,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

/// RFC 3339 UTC time of a ULID's millisecond stamp.
pub fn received_at(id: Ulid) -> DateTime<Utc> {
    DateTime::<Utc>::from(UNIX_EPOCH + Duration::from_millis(id.timestamp_ms()))
}

/// Opens (creating when missing, mode 0600) the database the server writes to.
pub fn open_for_writing(data_dir: &DataDir) -> Result<Database, StoreError> {
    let path = data_dir.database();
    ensure_private_file(&path).map_err(|source| StoreError::Io {
        path: path.clone(),
        source,
    })?;
    let db = builder().create(&path)?;
    let txn = db.begin_write()?;
    {
        let mut meta = txn.open_table(META)?;
        let found = meta.get("format_version")?.map(|v| v.value());
        match found {
            Some(found) if found > FORMAT_VERSION => {
                return Err(StoreError::TooNew { path, found });
            }
            Some(_) => {}
            None => {
                meta.insert("format_version", FORMAT_VERSION)?;
            }
        }
        for form in FORMS {
            txn.open_table(table(form))?;
        }
        crate::outbox::create(&txn)?;
    }
    txn.commit()?;
    Ok(db)
}

fn existing_db(data_dir: &DataDir) -> Result<PathBuf, StoreError> {
    if !data_dir.root().is_dir() {
        return Err(StoreError::NoDataDir(data_dir.root().to_path_buf()));
    }
    let path = data_dir.database();
    if !path.is_file() {
        return Err(StoreError::NoDatabase(path));
    }
    Ok(path)
}

/// A reader beside the running server: sees every commit made before each read.
/// It opens a shared (MultiWriter) handle rather than a read-only one, so that a
/// file left by a crash is repaired instead of refused.
pub struct Reader {
    db: Database,
}

impl Reader {
    pub fn open(data_dir: &DataDir) -> Result<Reader, StoreError> {
        Self::open_file(&existing_db(data_dir)?)
    }

    /// Opens a database file directly (a backup, say).
    pub fn open_file(path: &Path) -> Result<Reader, StoreError> {
        Self::checked(path.to_path_buf(), builder().create(path)?)
    }

    /// Opens a file that must already be a database (one to restore): nothing is
    /// created or initialised in a file that is not one.
    pub fn open_existing(path: &Path) -> Result<Reader, StoreError> {
        Self::checked(path.to_path_buf(), builder().open(path)?)
    }

    fn checked(path: PathBuf, db: Database) -> Result<Reader, StoreError> {
        let reader = Reader { db };
        if let Some(found) = reader.format_version()?
            && found > FORMAT_VERSION
        {
            return Err(StoreError::TooNew { path, found });
        }
        Ok(reader)
    }

    pub fn format_version(&self) -> Result<Option<u64>, StoreError> {
        let txn = self.db.begin_read()?;
        let meta = match txn.open_table(META) {
            Ok(meta) => meta,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        Ok(meta.get("format_version")?.map(|v| v.value()))
    }

    /// Calls `each` with every submission of `form` whose id lies in `[from, until)`,
    /// oldest first; stops at the first error (the callback's own, or the store's).
    pub fn scan<E: From<StoreError>>(
        &self,
        form: &Form,
        from: u128,
        until: u128,
        mut each: impl FnMut(Ulid, &str) -> Result<(), E>,
    ) -> Result<(), E> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        let table = match txn.open_table(table(form)) {
            Ok(table) => table,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
            Err(error) => return Err(StoreError::from(error).into()),
        };
        for row in table.range(from..until).map_err(StoreError::from)? {
            let (key, value) = row.map_err(StoreError::from)?;
            each(Ulid::from(key.value()), value.value())?;
        }
        Ok(())
    }

    /// Per form: how many submissions, and the id of the latest.
    pub fn stats(&self) -> Result<Vec<(&'static str, u64, Option<Ulid>)>, StoreError> {
        let txn = self.db.begin_read()?;
        let mut out = Vec::new();
        for form in FORMS {
            match txn.open_table(table(form)) {
                Ok(t) => out.push((
                    form.name,
                    t.len()?,
                    t.last()?.map(|(k, _)| Ulid::from(k.value())),
                )),
                Err(redb::TableError::TableDoesNotExist(_)) => out.push((form.name, 0, None)),
                Err(error) => return Err(error.into()),
            }
        }
        Ok(out)
    }

    /// Per target: the notifications waiting, failing and given up.
    pub fn notifications(
        &self,
    ) -> Result<std::collections::BTreeMap<String, crate::outbox::Counts>, StoreError> {
        let txn = self.db.begin_read()?;
        Ok(crate::outbox::counts(&txn)?)
    }

    /// How many submissions there are, in all forms.
    pub fn total(&self) -> Result<u64, StoreError> {
        Ok(self.stats()?.iter().map(|(_, n, _)| n).sum())
    }

    /// Writes a consistent snapshot of every table into a new database at `target`.
    pub fn backup(&self, target: &Path) -> Result<(), StoreError> {
        let io = |source| StoreError::Io {
            path: target.to_path_buf(),
            source,
        };
        create_new_private_file(target).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                StoreError::BackupExists(target.to_path_buf())
            } else {
                io(e)
            }
        })?;
        let result = (|| {
            copy_all(&self.db, &Database::create(target)?)?;
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(target);
        }
        result
    }
}

/// Copies every table of `from` (as one consistent snapshot) into the empty `to`.
fn copy_all(from: &Database, to: &Database) -> Result<(), StoreError> {
    let source = from.begin_read()?;
    let txn = to.begin_write()?;
    {
        let mut meta = txn.open_table(META)?;
        meta.insert("format_version", FORMAT_VERSION)?;
        for form in FORMS {
            let mut to = txn.open_table(table(form))?;
            if let Ok(from) = source.open_table(table(form)) {
                for row in from.iter()? {
                    let (key, value) = row?;
                    to.insert(key.value(), value.value())?;
                }
            }
        }
        crate::outbox::copy(&source, &txn)?;
    }
    txn.commit()?;
    Ok(())
}

/// Which submissions to erase.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Selector {
    /// Every submission, of every form, made with this email address (any case).
    Email(String),
    /// The one submission with this id.
    Id(String),
    /// Every submission of `form` received before `before`.
    Before { form: String, before: DateTime<Utc> },
}

impl Selector {
    fn matches(&self, form: &Form, key: u128, json: &str) -> bool {
        match self {
            Selector::Email(address) => {
                let wanted = address.trim().to_lowercase();
                serde_json::from_str::<Map<String, Value>>(json)
                    .ok()
                    .and_then(|record| {
                        record
                            .get("email")
                            .and_then(Value::as_str)
                            .map(|e| e.trim().to_lowercase() == wanted)
                    })
                    .unwrap_or(false)
            }
            Selector::Id(id) => Ulid::from_string(id).is_ok_and(|id| u128::from(id) == key),
            Selector::Before { form: name, before } => {
                form.name == name && received_at(Ulid::from(key)) < *before
            }
        }
    }
}

/// Deletes what `selector` names, with its notifications, in one transaction.
/// Returns how many per form.
fn erase_in(db: &Database, selector: &Selector) -> Result<Vec<(&'static str, usize)>, StoreError> {
    let txn = db.begin_write()?;
    let mut counts = Vec::new();
    for form in FORMS {
        let mut t = txn.open_table(table(form))?;
        let doomed: Vec<u128> = match selector {
            // Keys sort by time: only the range before the cut-off is read.
            Selector::Before { form: name, before } if name == form.name => {
                let until =
                    u128::from(Ulid::from_parts(before.timestamp_millis().max(0) as u64, 0));
                t.range(..until)?
                    .filter_map(|r| r.ok())
                    .map(|(k, _)| k.value())
                    .collect()
            }
            Selector::Before { .. } => Vec::new(),
            _ => t
                .iter()?
                .filter_map(|row| row.ok())
                .filter(|(k, v)| selector.matches(form, k.value(), v.value()))
                .map(|(k, _)| k.value())
                .collect(),
        };
        for key in &doomed {
            t.remove(key)?;
        }
        drop(t);
        crate::outbox::forget(&txn, &doomed)?;
        counts.push((form.name, doomed.len()));
    }
    txn.commit()?;
    Ok(counts)
}

/// Writes every table into a fresh file and puts it in place of `db`'s, so nothing
/// erased stays readable in the old file's free pages; returns the new file's handle.
fn rewrite(db: Database, path: &Path) -> Result<Database, StoreError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| StoreError::Io { path, source }
    };
    let fresh = path.with_extension("redb.rewrite");
    let _ = std::fs::remove_file(&fresh);
    create_new_private_file(&fresh).map_err(io(&fresh))?;
    let copy = builder().create(&fresh)?;
    copy_all(&db, &copy)?;
    drop(copy);
    drop(db);
    std::fs::rename(&fresh, path).map_err(io(path))?;
    if let Some(folder) = path.parent() {
        std::fs::File::open(folder)
            .and_then(|f| f.sync_all())
            .map_err(io(folder))?;
    }
    Ok(builder().create(path)?)
}

/// Erases what `selector` names from a database no server has open, and rewrites
/// the file so the erased text is gone from it. Returns how many per form.
pub fn erase_offline(
    data_dir: &DataDir,
    selector: &Selector,
) -> Result<Vec<(&'static str, usize)>, StoreError> {
    let path = existing_db(data_dir)?;
    let db = builder().create(&path)?;
    let counts = erase_in(&db, selector)?;
    if counts.iter().any(|(_, n)| *n > 0) {
        drop(rewrite(db, &path)?);
    }
    Ok(counts)
}

/// Puts the given-up notifications back in the queue; returns how many.
pub fn retry_notifications(data_dir: &DataDir) -> Result<u64, StoreError> {
    let db = builder().create(&existing_db(data_dir)?)?;
    let txn = db.begin_write()?;
    let moved = crate::outbox::retry(&txn)?;
    txn.commit()?;
    Ok(moved)
}

struct Submission {
    form: &'static Form,
    /// The record as a JSON object, without its time (the writer adds it).
    json: String,
    reply: oneshot::Sender<Result<Ulid, StoreError>>,
}

/// What the writer thread is asked to do: store a submission, look for due
/// notifications, or record how their delivery went.
enum Job {
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
}

/// Who is told of each submission, and how long a failed notification waits first.
pub struct Notifying {
    pub targets: Arc<crate::notify::targets::Registry>,
    pub first_wait_ms: i64,
}

/// The handle the web server submits through. Cloning it is cheap.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
    health: Arc<Health>,
    /// Woken after a commit that queued notifications.
    queued: Arc<tokio::sync::Notify>,
}

/// At most this many submissions share one commit. The writer does not wait for
/// more: what arrives while one commit is being made goes into the next. Measured
/// with 64 clients on a 2-core machine, waiting up to 2 ms (or half the last commit's
/// time) for more lowered the rate by some 8 %: the requests it held back were the
/// ones the next commit would have taken anyway, and the wait only added to each
/// visitor's time.
const MAX_BATCH: usize = 512;

impl Writer {
    /// Opens the database in `data_dir` and starts the writer thread over it.
    pub fn start(data_dir: &DataDir, notifying: Option<Notifying>) -> Result<Writer, StoreError> {
        let db = open_for_writing(data_dir)?;
        if notifying.is_some() {
            let txn = db.begin_write()?;
            let waiting = crate::outbox::due_now(&txn)?;
            txn.commit()?;
            if waiting > 0 {
                tracing::info!(
                    waiting,
                    "notifications waiting for a retry are tried again now"
                );
            }
        }
        let data_dir = data_dir.clone();
        let (jobs, rx) = mpsc::channel(4096);
        let health = Arc::new(Health::default());
        let queued = Arc::new(tokio::sync::Notify::new());
        let thread = Thread {
            data_dir,
            health: Arc::clone(&health),
            queued: Arc::clone(&queued),
            notifying,
        };
        std::thread::Builder::new()
            .name("thewell-writer".into())
            .spawn(move || thread.run(Some(db), rx))
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
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Due { now, limit, reply })
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
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Erase { selector, reply })
            .await
            .map_err(|_| StoreError::WriterStopped)?;
        answer.await.map_err(|_| StoreError::WriterStopped)?
    }

    /// Records how the deliveries went (committed with the next submissions).
    pub async fn settle(&self, outcomes: Vec<Settled>) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Settle { outcomes, reply })
            .await
            .map_err(|_| StoreError::WriterStopped)?;
        answer.await.map_err(|_| StoreError::WriterStopped)?
    }

    /// Whether storing works, as the last commit found it.
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// Stores one validated record; answers with its id once the commit is on disk.
    pub async fn submit(
        &self,
        form: &'static Form,
        record: Map<String, Value>,
    ) -> Result<Ulid, StoreError> {
        let (reply, answer) = oneshot::channel();
        // Written out here, on the request's own thread, rather than by the one writer.
        let json = Value::Object(record).to_string();
        self.jobs
            .send(Job::Submit(Submission { form, json, reply }))
            .await
            .map_err(|_| StoreError::WriterStopped)?;
        answer.await.map_err(|_| StoreError::WriterStopped)?
    }
}

/// The writer thread's own state.
struct Thread {
    data_dir: DataDir,
    health: Arc<Health>,
    queued: Arc<tokio::sync::Notify>,
    notifying: Option<Notifying>,
}

impl Thread {
    /// Takes whatever jobs are waiting (up to MAX_BATCH), commits the submissions
    /// and delivery outcomes among them together, then answers each. After a failed
    /// commit (disk full, say) redb wants a fresh handle, so the next batch reopens
    /// the file: storing resumes once space is freed.
    fn run(&self, mut db: Option<Database>, mut rx: mpsc::Receiver<Job>) {
        let mut ids = Generator::new();
        let mut jobs = Vec::with_capacity(MAX_BATCH);
        while let Some(first) = rx.blocking_recv() {
            jobs.push(first);
            while jobs.len() < MAX_BATCH
                && let Ok(job) = rx.try_recv()
            {
                jobs.push(job);
            }
            let mut prepared = Vec::with_capacity(jobs.len());
            let mut outcomes = Vec::new();
            let mut settled = Vec::new();
            let mut looks = Vec::new();
            let mut erasures = Vec::new();
            for job in jobs.drain(..) {
                match job {
                    Job::Submit(mut job) => {
                        let id = ids.generate().unwrap_or_else(|_| Ulid::generate());
                        let json = with_time(std::mem::take(&mut job.json), id);
                        prepared.push((job, id, json));
                    }
                    Job::Settle { outcomes: o, reply } => {
                        outcomes.extend(o);
                        settled.push(reply);
                    }
                    Job::Due { now, limit, reply } => looks.push((now, limit, reply)),
                    Job::Erase { selector, reply } => erasures.push((selector, reply)),
                }
            }
            let handle = match db
                .take()
                .map_or_else(|| open_for_writing(&self.data_dir), Ok)
            {
                Ok(handle) => handle,
                Err(error) => {
                    self.answer(Err(Arc::new(error)), prepared, settled, looks);
                    continue;
                }
            };
            let targets = self.notifying.as_ref().map(|n| n.targets.current());
            let rows: Vec<(Ulid, &str, Vec<String>)> = prepared
                .iter()
                .map(|(job, id, _)| {
                    let to = targets
                        .iter()
                        .flat_map(|t| t.iter())
                        .filter(|t| t.wants(job.form.name));
                    (*id, job.form.name, to.map(|t| t.id.clone()).collect())
                })
                .collect();
            let notifies = rows.iter().any(|(_, _, to)| !to.is_empty());
            let first_wait = self.notifying.as_ref().map_or(60_000, |n| n.first_wait_ms);
            let result = if prepared.is_empty() && outcomes.is_empty() {
                Ok(())
            } else {
                commit(&handle, &prepared, &rows, &outcomes, first_wait)
            };
            // A failed commit leaves redb wanting a fresh handle: the next batch reopens it.
            match result {
                Ok(()) => {
                    if !prepared.is_empty() {
                        self.health.stored();
                    }
                    if notifies {
                        self.queued.notify_one();
                    }
                    for (now, limit, reply) in looks.drain(..) {
                        let _ = reply.send(due(&handle, now, limit));
                    }
                    self.answer(Ok(()), prepared, settled, looks);
                    db = self.erase(handle, erasures);
                }
                Err(error) => {
                    self.health.failed(&error.to_string(), prepared.len());
                    let error = Arc::new(error);
                    for (_, reply) in erasures {
                        let _ = reply.send(Err(StoreError::Batch(Arc::clone(&error))));
                    }
                    self.answer(Err(error), prepared, settled, looks);
                }
            }
        }
    }

    /// Carries out the erasures asked for, then rewrites the file once if any
    /// erased something. Returns the handle to use next (None if the file could not
    /// be reopened: the next batch tries).
    fn erase(
        &self,
        handle: Database,
        erasures: Vec<(
            Selector,
            oneshot::Sender<Result<Vec<(&'static str, usize)>, StoreError>>,
        )>,
    ) -> Option<Database> {
        if erasures.is_empty() {
            return Some(handle);
        }
        let mut results = Vec::new();
        for (selector, reply) in erasures {
            results.push((erase_in(&handle, &selector), reply));
        }
        let erased = results
            .iter()
            .any(|(r, _)| r.as_ref().is_ok_and(|c| c.iter().any(|(_, n)| *n > 0)));
        let (handle, rewritten) = if erased {
            match rewrite(handle, &self.data_dir.database()) {
                Ok(fresh) => (Some(fresh), Ok(())),
                Err(error) => (None, Err(Arc::new(error))),
            }
        } else {
            (Some(handle), Ok(()))
        };
        for (result, reply) in results {
            let answer = match (&rewritten, result) {
                (Err(error), Ok(_)) => Err(StoreError::Batch(Arc::clone(error))),
                (_, result) => result,
            };
            let _ = reply.send(answer);
        }
        handle
    }

    fn answer(
        &self,
        result: Result<(), Arc<StoreError>>,
        prepared: Vec<(Submission, Ulid, String)>,
        settled: Vec<oneshot::Sender<Result<(), StoreError>>>,
        looks: Vec<(
            i64,
            usize,
            oneshot::Sender<Result<(Vec<Due>, Option<i64>), StoreError>>,
        )>,
    ) {
        let shared = |error: &Arc<StoreError>| StoreError::Batch(Arc::clone(error));
        for (job, id, _) in prepared {
            let _ = job.reply.send(result.as_ref().map(|()| id).map_err(shared));
        }
        for reply in settled {
            let _ = reply.send(result.as_ref().map(|_| ()).map_err(shared));
        }
        for (.., reply) in looks {
            let _ = reply.send(Err(result
                .as_ref()
                .err()
                .map_or(StoreError::WriterStopped, shared)));
        }
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
    Ok(crate::outbox::due(&txn, now, limit, record)?)
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
    prepared: &[(Submission, Ulid, String)],
    notifications: &[(Ulid, &str, Vec<String>)],
    outcomes: &[Settled],
    first_wait_ms: i64,
) -> Result<(), StoreError> {
    let txn = db.begin_write()?;
    for form in FORMS {
        let mut rows = prepared
            .iter()
            .filter(|(job, ..)| job.form.name == form.name)
            .peekable();
        if rows.peek().is_none() {
            continue;
        }
        let mut open = txn.open_table(table(form))?;
        for (_, id, json) in rows {
            open.insert(u128::from(*id), json.as_str())?;
        }
    }
    crate::outbox::add(&txn, notifications)?;
    crate::outbox::settle(&txn, outcomes, first_wait_ms)?;
    txn.commit()?;
    Ok(())
}

/// Test support: stores a record under a chosen id (and so a chosen time).
#[cfg(test)]
pub fn insert_at(db: &Database, form: &Form, id: Ulid, json: &str) {
    let txn = db.begin_write().unwrap();
    txn.open_table(table(form))
        .unwrap()
        .insert(u128::from(id), json)
        .unwrap();
    txn.commit().unwrap();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::find;
    use std::os::unix::fs::PermissionsExt;

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

    #[test]
    fn a_newer_format_is_refused_not_misread() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let db = open_for_writing(&dir).unwrap();
        let txn = db.begin_write().unwrap();
        txn.open_table(META)
            .unwrap()
            .insert("format_version", FORMAT_VERSION + 1)
            .unwrap();
        txn.commit().unwrap();
        drop(db);
        assert!(matches!(
            open_for_writing(&dir),
            Err(StoreError::TooNew { .. })
        ));
        assert!(matches!(Reader::open(&dir), Err(StoreError::TooNew { .. })));
    }

    #[test]
    fn missing_directory_and_database_are_named() {
        let temp = tempfile::tempdir().unwrap();
        assert!(matches!(
            Reader::open(&DataDir::new(temp.path().join("nope"))),
            Err(StoreError::NoDataDir(_))
        ));
        assert!(matches!(
            Reader::open(&DataDir::new(temp.path())),
            Err(StoreError::NoDatabase(_))
        ));
    }
}
