//! The database while no server holds it: what a stopped server left in its journal
//! goes in (at the next server's start too, before its writer runs), and the staff
//! commands' erasure and retry of given-up notifications.
use std::io::Write;
use std::path::PathBuf;

use redb::{Database, ReadableTable};

use super::erase::{Selector, erase, remove_leftover};
use super::journal::Journal;
use super::outbox::{self, Audience, notifications_for};
use super::{StoreError, builder, existing_db, table};
use crate::data_dir::{DataDir, create_new_private_file};

/// Puts what a stopped server left in its journal into the database, and empties
/// the journal (before the database is replaced by a restore). No server may run.
/// `audience` says who is to hear of them.
pub fn take_in_journal_offline(
    data_dir: &DataDir,
    audience: &dyn Audience,
) -> Result<(), StoreError> {
    let db = builder().create(&existing_db(data_dir)?)?;
    take_in_journal(data_dir, &db, Some(audience))?
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
    audience: &dyn Audience,
) -> Result<Vec<(&'static str, usize)>, StoreError> {
    let path = existing_db(data_dir)?;
    // What a stopped server left in its journal goes into the database first, and the
    // journal is emptied: an erased submission must not come back from it.
    take_in_journal_offline(data_dir, audience)?;
    remove_leftover(&path);
    let db = builder().create(&path)?;
    let (_, counts) = erase(db, &path, std::slice::from_ref(selector));
    Ok(counts?.pop().unwrap_or_default())
}

/// Puts the given-up notifications back in the queue; returns how many.
/// `thewell notify retry` with no server running (one that runs is asked instead,
/// see `handoff::ask_server_to_retry`).
pub fn retry_notifications(data_dir: &DataDir) -> Result<u64, StoreError> {
    retry_given_up(&builder().create(&existing_db(data_dir)?)?)
}

/// Makes the given-up notifications in `db` due again, in one commit.
pub(super) fn retry_given_up(db: &Database) -> Result<u64, StoreError> {
    let txn = db.begin_write()?;
    let moved = outbox::retry(&txn)?;
    txn.commit()?;
    Ok(moved)
}

/// Copies the journal, found damaged, to a file of its own (mode 0600) before it
/// starts over; returns where it is.
fn keep_damaged(data_dir: &DataDir) -> Result<PathBuf, StoreError> {
    let bytes = std::fs::read(data_dir.journal()).map_err(|source| StoreError::Io {
        path: data_dir.journal(),
        source,
    })?;
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ").to_string();
    let copy = data_dir.journal_damaged(&stamp);
    let io = |source| StoreError::Io {
        path: copy.clone(),
        source,
    };
    let mut file = create_new_private_file(&copy).map_err(io)?;
    file.write_all(&bytes)
        .and_then(|()| file.sync_all())
        .map_err(io)?;
    Ok(copy)
}

/// Opens the journal and puts into `db` (in one durable commit, with their
/// notifications) the submissions it holds that `db` does not: those a server
/// acknowledged before it stopped without its last checkpoint.
pub(super) fn take_in_journal(
    data_dir: &DataDir,
    db: &Database,
    audience: Option<&dyn Audience>,
) -> Result<Journal, StoreError> {
    let io = |source| StoreError::Io {
        path: data_dir.journal(),
        source,
    };
    let (mut journal, found) = Journal::open(&data_dir.journal()).map_err(io)?;
    let kept = if found.damaged.is_empty() {
        None
    } else {
        Some((keep_damaged(data_dir)?, found.lost(), found.ranges()))
    };
    let found = found.entries;
    if found.is_empty() && kept.is_none() {
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
    let notifications = notifications_for(audience, missing.iter().map(|e| (e.id, e.form.name)));
    outbox::add(&txn, &notifications)?;
    txn.commit()?;
    match &kept {
        Some((copy, lost, bytes)) => tracing::warn!(
            taken = missing.len(),
            lost,
            bytes = %bytes,
            copy = %copy.display(),
            "the journal held damaged records: the intact ones were taken into the database; about `lost` acknowledged submissions (as far as the damaged bytes tell) are not recoverable from it; the whole journal is kept at the copy for inspection"
        ),
        None if !missing.is_empty() => tracing::info!(
            submissions = missing.len(),
            "submissions acknowledged before the last stop were taken from the journal into the database"
        ),
        None => {}
    }
    // They are in the database now: the journal starts over.
    journal.forget().map_err(io)?;
    Ok(journal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::find;
    use crate::store::journal;
    use crate::store::{Reader, Writer, open_for_writing};
    use serde_json::{Map, Value};
    use ulid::Ulid;

    /// Nobody to tell.
    struct Nobody;
    impl Audience for Nobody {
        fn who_wants(&self, forms: &[&'static str]) -> Vec<Vec<String>> {
            vec![Vec::new(); forms.len()]
        }
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
        let counts = erase_offline(&dir, &Selector::Email("gone@b.co".into()), &Nobody).unwrap();
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<usize>(), 1);
        assert!(journal::read(&dir).unwrap().is_empty());
        drop(Writer::start(&dir, None).unwrap());
        assert_eq!(contact_ids(&Reader::open(&dir).unwrap()), [b]);
    }

    #[test]
    fn a_damaged_journal_record_costs_only_itself_and_the_journal_is_kept() {
        use std::os::unix::fs::{FileExt, PermissionsExt};
        for (what, offset_in_record) in [("a flipped byte", 40), ("a bad length", 5)] {
            let temp = tempfile::tempdir().unwrap();
            let dir = DataDir::new(temp.path());
            let json: Vec<String> = (0..1200)
                .map(|i| format!(r#"{{"subject":"s{i:04}"}}"#))
                .collect();
            let records: Vec<(Ulid, &str)> = json
                .iter()
                .enumerate()
                .map(|(i, j)| (Ulid::from_parts(1_000 + i as u64, 0), j.as_str()))
                .collect();
            crashed_server(&dir, &records);
            let bytes = std::fs::read(dir.journal()).unwrap();
            let record = bytes.len() / 1200;
            let at = (600 * record + offset_in_record) as u64;
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(dir.journal())
                .unwrap();
            file.write_all_at(&[bytes[at as usize] ^ 0x55], at).unwrap();
            drop(file);

            // The start, with its log caught: one WARN line with the figures and the copy.
            let log = std::sync::Arc::new(std::sync::Mutex::new(Vec::<u8>::new()));
            let subscriber = tracing_subscriber::fmt()
                .with_ansi(false)
                .with_writer({
                    let log = std::sync::Arc::clone(&log);
                    move || Caught(std::sync::Arc::clone(&log))
                })
                .finish();
            tracing::subscriber::with_default(subscriber, || {
                drop(Writer::start(&dir, None).unwrap());
            });
            let log = String::from_utf8(log.lock().unwrap().clone()).unwrap();
            let warnings: Vec<&str> = log.lines().filter(|l| l.contains(" WARN ")).collect();
            assert_eq!(warnings.len(), 1, "{what}: {log}");
            assert!(
                warnings[0].contains("taken=1199")
                    && warnings[0].contains("lost=1 ")
                    && warnings[0].contains("thewell.journal.damaged-"),
                "{what}: {}",
                warnings[0]
            );
            let stored = contact_ids(&Reader::open(&dir).unwrap());
            let want: Vec<Ulid> = records
                .iter()
                .map(|(id, _)| *id)
                .filter(|id| *id != records[600].0)
                .collect();
            assert_eq!(
                stored, want,
                "{what}: every intact record is in the database"
            );
            let kept: Vec<_> = std::fs::read_dir(temp.path())
                .unwrap()
                .flatten()
                .filter(|e| {
                    e.file_name()
                        .to_string_lossy()
                        .starts_with("thewell.journal.damaged-")
                })
                .collect();
            assert_eq!(kept.len(), 1, "{what}: the damaged journal is kept");
            assert_eq!(std::fs::read(kept[0].path()).unwrap().len(), bytes.len());
            let mode = kept[0].metadata().unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
            assert!(
                journal::read(&dir).unwrap().is_empty(),
                "{what}: the journal starts over"
            );
        }
    }

    /// A log writer into memory, for the start's log line.
    struct Caught(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Caught {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
}
