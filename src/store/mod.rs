//! Form submissions on disk: the redb file, its tables and format version, and the
//! errors of everything below. The rest of the store, one file each: `reader` (scans,
//! stats, backup copies), `erase` (selectors and the rewrite that leaves nothing
//! erased in the file), `erased` (what was erased, so no copy brings it back), `offline` (staff work on a database no server holds), the
//! `writer` handle and the `committer` thread behind it, with the `journal` that
//! makes a submission durable, the `outbox` of notifications and the `health` of
//! storing.
mod committer;
mod erase;
mod erased;
mod health;
pub mod journal;
mod offline;
pub mod outbox;
mod reader;
mod writer;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use chrono::{DateTime, Utc};
use redb::{Builder, ConcurrencyMode, Database, ReadableTable, TableDefinition};
use ulid::Ulid;

use crate::data_dir::{DataDir, ensure_private_file};
use crate::forms::{FORMS, Form};

pub use erase::Selector;
pub use erased::Erased;
pub use offline::{erase_offline, retry_notifications, take_in_journal_offline};
pub use outbox::{Audience, Notifying};
pub use reader::Reader;
pub use writer::Writer;

/// Bumped when the layout of tables or values changes in a way older code cannot read.
pub const FORMAT_VERSION: u64 = 1;
/// The time a submission was received, added to what the visitor typed.
pub const SUBMITTED_AT: &str = "submittedAt";
/// The client's `Idempotency-Key`, kept with a submission sent with one (never shown
/// to staff: exports and notifications leave it out).
pub const IDEMPOTENCY_KEY: &str = "idempotencyKey";

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// In `META`: how many erasures (and retention sweeps) have removed submissions from
/// this database, so that a reader (the off-site copier) knows by what happened, not
/// by counting rows, that something it copied is gone.
const ERASURES: &str = "erasures";
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
    /// The commit (or rewrite) this job shared with others failed; the cause is shared too.
    #[error("{0}")]
    Batch(#[source] Arc<StoreError>),
    #[error("the storage writer has stopped")]
    WriterStopped,
    #[error(
        "the disk has no room for the rewritten copy of the database an erasure writes (about as large as {0}): nothing was erased. Free some room (old snapshots in backups/, say) and erase again"
    )]
    NoRoomToErase(PathBuf),
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

/// The smallest id of a submission received at `at` or later: ids sort by time, so
/// every one received before `at` is below it.
pub fn first_id_at(at: DateTime<Utc>) -> u128 {
    u128::from(Ulid::from_parts(at.timestamp_millis().max(0) as u64, 0))
}

/// Opens (creating when missing, mode 0600) the database the server writes to.
pub fn open_for_writing(data_dir: &DataDir) -> Result<Database, StoreError> {
    open_path(data_dir.database())
}

/// Opens (creating when missing, mode 0600) a database file with every table.
fn open_path(path: PathBuf) -> Result<Database, StoreError> {
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
        outbox::create(&txn)?;
    }
    txn.commit()?;
    Ok(db)
}

/// A new database filled in batches: a site brought back from its off-site copy
/// (the caller checks every form is known and every record valid). Rows already
/// there are replaced by the same id's later copy.
pub struct Filling(Database);

impl Filling {
    pub fn create(path: &std::path::Path) -> Result<Filling, StoreError> {
        Ok(Filling(open_path(path.to_path_buf())?))
    }

    /// Adds `rows` (form name, id, record) in one transaction.
    pub fn add(&self, rows: &[(String, Ulid, String)]) -> Result<(), StoreError> {
        let txn = self.0.begin_write()?;
        for form in FORMS {
            let mut table = txn.open_table(table(form))?;
            for (_, id, json) in rows.iter().filter(|(name, _, _)| name == form.name) {
                table.insert(u128::from(*id), json.as_str())?;
            }
        }
        txn.commit()?;
        Ok(())
    }

    /// How many submissions of each form it holds, and the newest of all.
    pub fn counts(
        &self,
    ) -> Result<(std::collections::BTreeMap<String, u64>, Option<Ulid>), StoreError> {
        use redb::{ReadableDatabase, ReadableTableMetadata};
        let txn = self.0.begin_read()?;
        let mut out = std::collections::BTreeMap::new();
        let mut newest = None;
        for form in FORMS {
            let t = txn.open_table(table(form))?;
            let n = t.len()?;
            if n > 0 {
                out.insert(form.name.to_string(), n);
            }
            newest = newest.max(t.last()?.map(|(k, _)| Ulid::from(k.value())));
        }
        Ok((out, newest))
    }
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
