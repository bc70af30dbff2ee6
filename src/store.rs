//! Form submissions on disk: the redb file, its format version, the one writer
//! thread that groups concurrent submissions into one durable commit, and the
//! reads, erasures and backups the command line needs while the server runs.
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, UNIX_EPOCH};

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
use crate::journal::{self, Entry, Journal};
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

/// A reader beside the running server: sees every submission acknowledged before
/// it opened, those still only in the journal included (src/journal.rs). The journal
/// is read before the database, so a checkpoint in between loses nothing: what left
/// the journal is in the database by then. It opens a shared (MultiWriter) handle
/// rather than a read-only one, so that a file left by a crash is repaired instead
/// of refused.
pub struct Reader {
    db: Database,
    journal: Vec<Entry>,
}

impl Reader {
    pub fn open(data_dir: &DataDir) -> Result<Reader, StoreError> {
        let path = existing_db(data_dir)?;
        let journal = journal::read(data_dir).map_err(|source| StoreError::Io {
            path: data_dir.journal(),
            source,
        })?;
        Self::checked(path.clone(), builder().create(&path)?, journal)
    }

    /// Opens a database file directly (a backup, say).
    pub fn open_file(path: &Path) -> Result<Reader, StoreError> {
        Self::checked(path.to_path_buf(), builder().create(path)?, Vec::new())
    }

    /// Opens a file that must already be a database (one to restore): nothing is
    /// created or initialised in a file that is not one.
    pub fn open_existing(path: &Path) -> Result<Reader, StoreError> {
        Self::checked(path.to_path_buf(), builder().open(path)?, Vec::new())
    }

    fn checked(path: PathBuf, db: Database, journal: Vec<Entry>) -> Result<Reader, StoreError> {
        let reader = Reader { db, journal };
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
            Ok(table) => Some(table),
            Err(redb::TableError::TableDoesNotExist(_)) => None,
            Err(error) => return Err(StoreError::from(error).into()),
        };
        let mut waiting = self
            .only_in_journal(table.as_ref(), form)?
            .into_iter()
            .filter(|e| (from..until).contains(&u128::from(e.id)))
            .peekable();
        if let Some(table) = &table {
            for row in table.range(from..until).map_err(StoreError::from)? {
                let (key, value) = row.map_err(StoreError::from)?;
                while let Some(entry) = waiting.next_if(|e| u128::from(e.id) < key.value()) {
                    each(entry.id, &entry.json)?;
                }
                each(Ulid::from(key.value()), value.value())?;
            }
        }
        for entry in waiting {
            each(entry.id, &entry.json)?;
        }
        Ok(())
    }

    /// The journal's submissions of `form` that the database does not hold yet, oldest first.
    fn only_in_journal(
        &self,
        table: Option<&redb::ReadOnlyTable<u128, &'static str>>,
        form: &Form,
    ) -> Result<Vec<&Entry>, StoreError> {
        let mut found = Vec::new();
        for entry in self.journal.iter().filter(|e| e.form.name == form.name) {
            let stored = match table {
                Some(table) => table.get(u128::from(entry.id))?.is_some(),
                None => false,
            };
            if !stored {
                found.push(entry);
            }
        }
        found.sort_by_key(|e| e.id);
        Ok(found)
    }

    /// Per form: how many submissions, and the id of the latest.
    pub fn stats(&self) -> Result<Vec<(&'static str, u64, Option<Ulid>)>, StoreError> {
        let txn = self.db.begin_read()?;
        let mut out = Vec::new();
        for form in FORMS {
            let (table, count, last) = match txn.open_table(table(form)) {
                Ok(t) => {
                    let (count, last) = (t.len()?, t.last()?.map(|(k, _)| Ulid::from(k.value())));
                    (Some(t), count, last)
                }
                Err(redb::TableError::TableDoesNotExist(_)) => (None, 0, None),
                Err(error) => return Err(error.into()),
            };
            let waiting = self.only_in_journal(table.as_ref(), form)?;
            let last = last.max(waiting.last().map(|e| e.id));
            out.push((form.name, count + waiting.len() as u64, last));
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
            copy_all(&self.db, &Database::create(target)?, &self.journal)?;
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(target);
        }
        result
    }
}

/// Copies every table of `from` (as one consistent snapshot) into the empty `to`,
/// with the submissions of `journal` it does not hold yet.
fn copy_all(from: &Database, to: &Database, journal: &[Entry]) -> Result<(), StoreError> {
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
            for entry in journal.iter().filter(|e| e.form.name == form.name) {
                if to.get(u128::from(entry.id))?.is_none() {
                    to.insert(u128::from(entry.id), entry.json.as_str())?;
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
    copy_all(&db, &copy, &[])?;
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

/// Puts what a stopped server left in its journal into the database, and empties
/// the journal (before the database is replaced by a restore). No server may run.
pub fn take_in_journal_offline(data_dir: &DataDir) -> Result<(), StoreError> {
    let db = builder().create(&existing_db(data_dir)?)?;
    let targets = crate::notify::targets::Registry::open(data_dir).current();
    take_in_journal(data_dir, &db, Some(&targets))?
        .forget()
        .map_err(|source| StoreError::Io {
            path: data_dir.journal(),
            source,
        })
}

/// Erases what `selector` names from a database no server has open, and rewrites
/// the file so the erased text is gone from it. Returns how many per form.
pub fn erase_offline(
    data_dir: &DataDir,
    selector: &Selector,
) -> Result<Vec<(&'static str, usize)>, StoreError> {
    let path = existing_db(data_dir)?;
    // What a stopped server left in its journal goes into the database first, and the
    // journal is emptied: an erased submission must not come back from it.
    take_in_journal_offline(data_dir)?;
    let db = builder().create(&path)?;
    let counts = erase_in(&db, selector)?;
    if counts.iter().any(|(_, n)| *n > 0) {
        drop(rewrite(db, &path)?);
    }
    Ok(counts)
}

/// Puts the given-up notifications back in the queue; returns how many.
/// `thewell notify retry` with no server running (one that runs is asked instead,
/// see `requests::ask_server_to_retry`).
pub fn retry_notifications(data_dir: &DataDir) -> Result<u64, StoreError> {
    retry_given_up(&builder().create(&existing_db(data_dir)?)?)
}

/// Makes the given-up notifications in `db` due again, in one commit.
fn retry_given_up(db: &Database) -> Result<u64, StoreError> {
    let txn = db.begin_write()?;
    let moved = crate::outbox::retry(&txn)?;
    txn.commit()?;
    Ok(moved)
}

/// For each submission, the notification targets that want to hear of it.
type Notifications = Vec<(Ulid, &'static str, Vec<String>)>;

fn notifications_for<'a>(
    targets: Option<&[crate::notify::targets::Target]>,
    submissions: impl Iterator<Item = (Ulid, &'a Form)>,
) -> Notifications {
    submissions
        .map(|(id, form)| {
            let to = targets
                .unwrap_or_default()
                .iter()
                .filter(|t| t.wants(form.name))
                .map(|t| t.id.clone());
            (id, form.name, to.collect())
        })
        .collect()
}

/// Opens the journal and puts into `db` (in one durable commit, with their
/// notifications) the submissions it holds that `db` does not: those a server
/// acknowledged before it stopped without its last checkpoint.
fn take_in_journal(
    data_dir: &DataDir,
    db: &Database,
    targets: Option<&[crate::notify::targets::Target]>,
) -> Result<Journal, StoreError> {
    let io = |source| StoreError::Io {
        path: data_dir.journal(),
        source,
    };
    let (mut journal, found) = Journal::open(&data_dir.journal()).map_err(io)?;
    if found.is_empty() {
        return Ok(journal);
    }
    let txn = db.begin_write()?;
    let mut missing = Vec::new();
    for entry in &found {
        if txn
            .open_table(table(entry.form))?
            .get(u128::from(entry.id))?
            .is_none()
        {
            missing.push(entry);
        }
    }
    for entry in &missing {
        txn.open_table(table(entry.form))?
            .insert(u128::from(entry.id), entry.json.as_str())?;
    }
    let notifications = notifications_for(targets, missing.iter().map(|e| (e.id, e.form)));
    crate::outbox::add(&txn, &notifications)?;
    txn.commit()?;
    if !missing.is_empty() {
        tracing::info!(
            submissions = missing.len(),
            "submissions acknowledged before the last stop were taken from the journal into the database"
        );
    }
    // They are in the database now: the journal starts over.
    journal.forget().map_err(io)?;
    Ok(journal)
}

struct Submission {
    form: &'static Form,
    /// The record as a JSON object, without its time (the writer adds it).
    json: String,
    reply: oneshot::Sender<Result<Ulid, StoreError>>,
}

/// What the writer thread is asked to do: store a submission, look for due
/// notifications, record how their delivery went, erase, or try the given-up
/// notifications again.
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
    /// `thewell notify retry` while the server runs.
    Retry {
        reply: oneshot::Sender<Result<u64, StoreError>>,
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

/// Submissions wait in the journal at most this long before a checkpoint puts them
/// in the database, where the notification sender finds them.
const CHECKPOINT_AGE: Duration = Duration::from_millis(250);
/// A checkpoint comes sooner when no job has come for this long.
const CHECKPOINT_IDLE: Duration = Duration::from_millis(20);
/// And when this many submissions wait (some 4 MB of journal).
const CHECKPOINT_ROWS: usize = 8192;
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

impl Writer {
    /// Opens the database in `data_dir` and starts the writer thread over it.
    pub fn start(data_dir: &DataDir, notifying: Option<Notifying>) -> Result<Writer, StoreError> {
        let db = open_for_writing(data_dir)?;
        let targets = notifying.as_ref().map(|n| n.targets.current());
        let journal = take_in_journal(data_dir, &db, targets.as_deref().map(Vec::as_slice))?;
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
            .spawn(move || thread.run(Some(db), journal, rx))
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

/// The writer thread's own state.
struct Thread {
    data_dir: DataDir,
    health: Arc<Health>,
    queued: Arc<tokio::sync::Notify>,
    notifying: Option<Notifying>,
}

impl Thread {
    /// Takes whatever jobs are waiting (up to MAX_BATCH). Submissions are appended
    /// to the journal (one write, one `fdatasync`) and answered; a checkpoint then
    /// moves what the journal holds into the database in one commit, with the
    /// delivery outcomes: when CHECKPOINT_AGE has passed since the first submission
    /// waiting, when CHECKPOINT_ROWS wait, after CHECKPOINT_IDLE without a new job,
    /// and before outcomes are answered or an erasure is made. After a failed commit
    /// (disk full, say) redb wants a fresh handle, so the next checkpoint reopens
    /// the file; the submissions wait in the journal meanwhile.
    fn run(&self, mut db: Option<Database>, mut journal: Journal, mut rx: mpsc::Receiver<Job>) {
        // Only for waiting on the queue with a time limit.
        let clock = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .ok();
        let mut ids = Generator::new();
        let mut jobs = Vec::with_capacity(MAX_BATCH);
        let mut waiting = Waiting::default();
        loop {
            let first = match (&clock, waiting.since) {
                (Some(clock), Some(since)) => {
                    let limit = match waiting.retry_at {
                        Some(at) => at.saturating_duration_since(Instant::now()),
                        None => CHECKPOINT_AGE
                            .saturating_sub(since.elapsed())
                            .min(CHECKPOINT_IDLE),
                    };
                    // The timer is made inside the runtime, which it needs.
                    match clock.block_on(async { tokio::time::timeout(limit, rx.recv()).await }) {
                        Ok(Some(job)) => job,
                        Ok(None) => break,
                        Err(_) => {
                            let _ = self.checkpoint(&mut db, &mut journal, &mut waiting, &[]);
                            continue;
                        }
                    }
                }
                _ => match rx.blocking_recv() {
                    Some(job) => job,
                    None => break,
                },
            };
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
            let mut retries = Vec::new();
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
                    Job::Retry { reply } => retries.push(reply),
                }
            }
            self.journal(&mut journal, &mut waiting, prepared);
            let timely = waiting.retry_at.is_none_or(|at| Instant::now() >= at)
                && (waiting.rows.len() >= CHECKPOINT_ROWS
                    || waiting.since.is_some_and(|t| t.elapsed() >= CHECKPOINT_AGE));
            let checkpoint_now =
                clock.is_none() || !outcomes.is_empty() || !erasures.is_empty() || timely;
            let result = if checkpoint_now {
                self.checkpoint(&mut db, &mut journal, &mut waiting, &outcomes)
            } else {
                Ok(())
            };
            let shared = |error: &Arc<StoreError>| StoreError::Batch(Arc::clone(error));
            for reply in settled {
                let _ = reply.send(result.as_ref().map(|_| ()).map_err(shared));
            }
            if !looks.is_empty() {
                self.reopen(&mut db);
            }
            for (now, limit, reply) in looks {
                let _ = reply.send(match &db {
                    Some(handle) => due(handle, now, limit),
                    None => Err(result
                        .as_ref()
                        .err()
                        .map_or(StoreError::WriterStopped, shared)),
                });
            }
            if !retries.is_empty() {
                // A failed commit may have left no handle: open it again, or say why not.
                let moved = match db
                    .take()
                    .map_or_else(|| open_for_writing(&self.data_dir), Ok)
                {
                    Ok(handle) => {
                        let moved = retry_given_up(&handle);
                        db = Some(handle);
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
            if erasures.is_empty() {
                continue;
            }
            // An erased submission must not come back from the journal after a crash.
            let forgotten = result.and_then(|()| {
                journal.forget().map_err(|source| {
                    Arc::new(StoreError::Io {
                        path: self.data_dir.journal(),
                        source,
                    })
                })
            });
            self.reopen(&mut db);
            match (forgotten, db.take()) {
                (Ok(()), Some(handle)) => db = self.erase(handle, erasures),
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
        // The server is stopping: the database gets what the journal holds, and the
        // journal is emptied (a database restored next does not get its last records).
        if self
            .checkpoint(&mut db, &mut journal, &mut waiting, &[])
            .is_ok()
        {
            let _ = journal.forget();
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
                let targets = self.notifying.as_ref().map(|n| n.targets.current());
                waiting.notifications.extend(notifications_for(
                    targets.as_deref().map(Vec::as_slice),
                    prepared.iter().map(|(job, id, _)| (*id, job.form)),
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

    /// What a server killed before its checkpoint leaves: a database without the
    /// submissions, and a journal with them.
    fn crashed_server(dir: &DataDir, records: &[(Ulid, &str)]) {
        drop(open_for_writing(dir).unwrap());
        let (mut journal, _) = Journal::open(&dir.journal()).unwrap();
        let form = find("contact").unwrap();
        journal
            .append(records.iter().map(|(id, json)| (form, *id, *json)))
            .unwrap();
    }

    fn contact_ids(reader: &Reader) -> Vec<Ulid> {
        let mut ids = Vec::new();
        reader
            .scan(find("contact").unwrap(), 0, u128::MAX, |id, _| {
                ids.push(id);
                Ok::<_, StoreError>(())
            })
            .unwrap();
        ids
    }

    #[tokio::test]
    async fn submissions_only_in_the_journal_are_read_and_taken_in_at_the_next_start() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let (a, b) = (Ulid::from_parts(1_000, 1), Ulid::from_parts(2_000, 2));
        crashed_server(
            &dir,
            &[(a, r#"{"email":"a@b.co"}"#), (b, r#"{"email":"c@d.co"}"#)],
        );

        // Readers see them already: export, stats and a backup.
        let reader = Reader::open(&dir).unwrap();
        assert_eq!(contact_ids(&reader), [a, b]);
        let contact = reader
            .stats()
            .unwrap()
            .into_iter()
            .find(|s| s.0 == "contact")
            .unwrap();
        assert_eq!((contact.1, contact.2), (2, Some(b)));
        let copy = temp.path().join("copy.redb");
        reader.backup(&copy).unwrap();
        assert_eq!(contact_ids(&Reader::open_file(&copy).unwrap()), [a, b]);
        drop(reader);

        // The next server puts them in the database and empties the journal.
        let writer = Writer::start(&dir, None).unwrap();
        assert!(journal::read(&dir).unwrap().is_empty());
        let mut record = Map::new();
        record.insert("email".into(), Value::String("e@f.co".into()));
        let c = writer
            .submit(find("contact").unwrap(), record)
            .await
            .unwrap();
        let reader = Reader::open(&dir).unwrap();
        assert_eq!(contact_ids(&reader), [a, b, c], "no doubles, newest last");
        assert_eq!(reader.total().unwrap(), 3);
    }

    #[test]
    fn an_offline_erasure_takes_the_journal_in_first_and_nothing_comes_back() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let (a, b) = (Ulid::from_parts(1_000, 1), Ulid::from_parts(2_000, 2));
        crashed_server(
            &dir,
            &[
                (a, r#"{"email":"gone@b.co"}"#),
                (b, r#"{"email":"stays@d.co"}"#),
            ],
        );
        let counts = erase_offline(&dir, &Selector::Email("gone@b.co".into())).unwrap();
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<usize>(), 1);
        assert!(journal::read(&dir).unwrap().is_empty());
        drop(Writer::start(&dir, None).unwrap());
        assert_eq!(contact_ids(&Reader::open(&dir).unwrap()), [b]);
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
