//! The database while no server holds it: what a stopped server left in its journal
//! goes in (at the next server's start too, before its writer runs), and the staff
//! commands' erasure and retry of given-up notifications.
use redb::{Database, ReadableTable};

use super::erase::{Selector, erase_in, rewrite};
use super::journal::Journal;
use super::outbox::{self, Audience, notifications_for};
use super::{StoreError, builder, existing_db, table};
use crate::data_dir::DataDir;

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
    let db = builder().create(&path)?;
    let counts = erase_in(&db, selector)?;
    if counts.iter().any(|(_, n)| *n > 0) {
        drop(rewrite(db, &path)?);
    }
    Ok(counts)
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
    let notifications = notifications_for(audience, missing.iter().map(|e| (e.id, e.form.name)));
    outbox::add(&txn, &notifications)?;
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
}
