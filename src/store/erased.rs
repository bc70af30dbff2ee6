//! What was erased, kept so that no copy brings it back: the ids a staff erasure
//! removed (by email or id), each form's newest retention cut-off, and the
//! fingerprints a restore carried over from the off-site record it took. The copier
//! puts them, keyed, in every record of the copy (src/offsite/record.rs); a restore
//! leaves out whatever they name from any chain it takes, `--at` included.
use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use redb::{ReadTransaction, ReadableTable, TableDefinition, WriteTransaction};
use ulid::Ulid;

use super::StoreError;

/// Ids removed by a staff erasure (by email or by id). An id tells when a
/// submission came, nothing of what it said.
const IDS: TableDefinition<u128, ()> = TableDefinition::new("erased_ids");
/// Per form, the newest retention cut-off (ms since the epoch): everything of that
/// form received before it was removed.
const BEFORE: TableDefinition<&str, i64> = TableDefinition::new("erased_before");
/// Keyed fingerprints of erased ids, as a restore found them in the copy's record
/// (the ids themselves are not in the record).
const CARRIED: TableDefinition<&str, ()> = TableDefinition::new("erased_carried");

/// Everything erased from one database so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Erased {
    pub ids: BTreeSet<Ulid>,
    pub before: BTreeMap<String, DateTime<Utc>>,
    pub carried: BTreeSet<String>,
}

impl Erased {
    /// Adds what `other` names (the later cut-off of a form wins).
    pub fn merge(&mut self, other: &Erased) {
        self.ids.extend(other.ids.iter().copied());
        self.carried.extend(other.carried.iter().cloned());
        for (form, at) in &other.before {
            let cut = self.before.entry(form.clone()).or_insert(*at);
            *cut = (*cut).max(*at);
        }
    }
}

impl super::Filling {
    /// Keeps what `erased` names as erased here too (a restore carries the copy's
    /// erasures over, so the new server's copies keep them).
    pub fn carry(&self, erased: &Erased) -> Result<(), StoreError> {
        let txn = self.0.begin_write()?;
        add(&txn, erased)?;
        txn.commit()?;
        Ok(())
    }
}

/// What `txn`'s database has erased (nothing, before its first erasure).
pub(super) fn read(txn: &ReadTransaction) -> Result<Erased, StoreError> {
    let mut erased = Erased::default();
    each(txn, IDS, |id, ()| {
        erased.ids.insert(Ulid::from(id));
    })?;
    each(txn, BEFORE, |form, ms| {
        if let Some(at) = DateTime::<Utc>::from_timestamp_millis(ms) {
            erased.before.insert(form.to_string(), at);
        }
    })?;
    each(txn, CARRIED, |fingerprint, ()| {
        erased.carried.insert(fingerprint.to_string());
    })?;
    Ok(erased)
}

/// Calls `row` with each key and value of `table` (none when it was never written).
fn each<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &ReadTransaction,
    table: TableDefinition<K, V>,
    mut row: impl FnMut(K::SelfType<'_>, V::SelfType<'_>),
) -> Result<(), StoreError> {
    let t = match txn.open_table(table) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
        Err(error) => return Err(error.into()),
    };
    for entry in t.iter()? {
        let (k, v) = entry?;
        row(k.value(), v.value());
    }
    Ok(())
}

/// Adds `erased` to what `txn`'s database has erased.
pub(super) fn add(txn: &WriteTransaction, erased: &Erased) -> Result<(), StoreError> {
    let mut ids = txn.open_table(IDS)?;
    for id in &erased.ids {
        ids.insert(u128::from(*id), ())?;
    }
    let mut before = txn.open_table(BEFORE)?;
    for (form, at) in &erased.before {
        let kept = before.get(form.as_str())?.map(|v| v.value());
        let ms = at.timestamp_millis().max(kept.unwrap_or(i64::MIN));
        before.insert(form.as_str(), ms)?;
    }
    let mut carried = txn.open_table(CARRIED)?;
    for fingerprint in &erased.carried {
        carried.insert(fingerprint.as_str(), ())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_was_erased_reads_back_merged_and_a_later_cut_off_wins() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let db = redb::Database::create(file.path()).unwrap();
        {
            let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
            assert_eq!(
                read(&txn).unwrap(),
                Erased::default(),
                "nothing before the first"
            );
        }
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        let first = Erased {
            ids: BTreeSet::from([Ulid::from_parts(1, 2)]),
            before: BTreeMap::from([("prayer".to_string(), at("2026-05-01T00:00:00Z"))]),
            carried: BTreeSet::from(["ab".to_string()]),
        };
        let second = Erased {
            ids: BTreeSet::from([Ulid::from_parts(3, 4)]),
            before: BTreeMap::from([("prayer".to_string(), at("2026-04-01T00:00:00Z"))]),
            carried: BTreeSet::new(),
        };
        for e in [&first, &second] {
            let txn = db.begin_write().unwrap();
            add(&txn, e).unwrap();
            txn.commit().unwrap();
        }
        let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
        let mut expected = first.clone();
        expected.merge(&second);
        assert_eq!(read(&txn).unwrap(), expected);
        assert_eq!(expected.ids.len(), 2);
        assert_eq!(expected.before["prayer"], at("2026-05-01T00:00:00Z"));
    }
}
