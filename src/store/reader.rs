//! Reading the submissions beside a running server: scans by time, counts per
//! form, and a consistent copy into a new file (a backup).
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use redb::{Database, ReadableDatabase, ReadableTable, ReadableTableMetadata};
use ulid::Ulid;

use super::erased::{self, Erased};
use super::journal::{self, Entry};
use super::{ERASURES, FORMAT_VERSION, META, StoreError, builder, existing_db, outbox, table};
use crate::data_dir::{DataDir, create_new_private_file};
use crate::forms::{FORMS, Form};

/// A reader beside the running server: sees every submission acknowledged before
/// it opened, those still only in the journal included (src/store/journal.rs). The journal
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
        self.scan_in(&txn, form, from..until, &mut each)
    }

    /// Every submission of every form, as one consistent snapshot (one read
    /// transaction): a submission that becomes visible while the forms are read is
    /// either in it whole or left for the next snapshot, whichever form it is in.
    /// `each` gets the form, the id and the record. Returns how many erasures the
    /// snapshot's database has seen.
    pub fn scan_all<E: From<StoreError>>(
        &self,
        mut each: impl FnMut(&'static Form, Ulid, &str) -> Result<(), E>,
    ) -> Result<u64, E> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        for form in FORMS {
            self.scan_in(&txn, form, 0..u128::MAX, &mut |id, json| {
                each(form, id, json)
            })?;
        }
        Ok(erasures_in(&txn)?)
    }

    fn scan_in<E: From<StoreError>>(
        &self,
        txn: &redb::ReadTransaction,
        form: &Form,
        range: std::ops::Range<u128>,
        each: &mut dyn FnMut(Ulid, &str) -> Result<(), E>,
    ) -> Result<(), E> {
        let table = match txn.open_table(table(form)) {
            Ok(table) => Some(table),
            Err(redb::TableError::TableDoesNotExist(_)) => None,
            Err(error) => return Err(StoreError::from(error).into()),
        };
        let mut waiting = self
            .only_in_journal(table.as_ref(), form)?
            .into_iter()
            .filter(|e| range.contains(&u128::from(e.id)))
            .peekable();
        if let Some(table) = &table {
            for row in table.range(range.clone()).map_err(StoreError::from)? {
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

    /// What the database has erased, for the off-site record.
    pub fn erased(&self) -> Result<Erased, StoreError> {
        let txn = self.db.begin_read()?;
        erased::read(&txn)
    }

    /// How many erasures (and retention sweeps) the database has seen.
    pub fn erasures(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read()?;
        erasures_in(&txn)
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
    ) -> Result<std::collections::BTreeMap<String, outbox::Counts>, StoreError> {
        let txn = self.db.begin_read()?;
        Ok(outbox::counts(&txn)?)
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
            copy_all(
                &self.db,
                &Database::create(target)?,
                &self.journal,
                &BTreeSet::new(),
                &Erased::default(),
            )?;
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(target);
        }
        result
    }
}

/// Copies every table of `from` (as one consistent snapshot) into the empty `to`,
/// with the submissions of `journal` it does not hold yet, and without the
/// submissions (and their notifications) whose keys are in `without`; what `from`
/// erased before, and `erasing`, are kept as erased in `to` (src/store/erased.rs).
pub(super) fn copy_all(
    from: &Database,
    to: &Database,
    journal: &[Entry],
    without: &BTreeSet<u128>,
    erasing: &Erased,
) -> Result<(), StoreError> {
    let source = from.begin_read()?;
    let txn = to.begin_write()?;
    {
        let mut meta = txn.open_table(META)?;
        meta.insert("format_version", FORMAT_VERSION)?;
        // A copy that leaves submissions out is an erasure: counted, so that readers
        // know something they saw is gone.
        let erasures = erasures_in(&source)? + u64::from(!without.is_empty());
        meta.insert(ERASURES, erasures)?;
        let mut erased = erased::read(&source)?;
        erased.merge(erasing);
        erased::add(&txn, &erased)?;
        for form in FORMS {
            let mut to = txn.open_table(table(form))?;
            if let Ok(from) = source.open_table(table(form)) {
                for row in from.iter()? {
                    let (key, value) = row?;
                    if !without.contains(&key.value()) {
                        to.insert(key.value(), value.value())?;
                    }
                }
            }
            for entry in journal.iter().filter(|e| e.form.name == form.name) {
                if to.get(u128::from(entry.id))?.is_none() {
                    to.insert(u128::from(entry.id), entry.json.as_str())?;
                }
            }
        }
        outbox::copy(&source, &txn)?;
        if !without.is_empty() {
            outbox::forget(&txn, &without.iter().copied().collect::<Vec<_>>())?;
        }
    }
    txn.commit()?;
    Ok(())
}

/// How many erasures the database of `txn` has seen (0 before the first).
fn erasures_in(txn: &redb::ReadTransaction) -> Result<u64, StoreError> {
    match txn.open_table(META) {
        Ok(meta) => Ok(meta.get(ERASURES)?.map_or(0, |v| v.value())),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(0),
        Err(error) => Err(error.into()),
    }
}
