//! Erasing: which submissions a staff member names (`Selector`), their removal with
//! their notifications in one transaction, and the rewrite into a fresh file after
//! which nothing erased is readable in the old file's free pages.
use std::path::Path;

use chrono::{DateTime, Utc};
use redb::{Database, ReadableTable};
use serde_json::{Map, Value};
use ulid::Ulid;

use super::reader::copy_all;
use super::{StoreError, builder, outbox, received_at, table};
use crate::data_dir::create_new_private_file;
use crate::forms::{FORMS, Form};

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
pub(super) fn erase_in(
    db: &Database,
    selector: &Selector,
) -> Result<Vec<(&'static str, usize)>, StoreError> {
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
        outbox::forget(&txn, &doomed)?;
        counts.push((form.name, doomed.len()));
    }
    txn.commit()?;
    Ok(counts)
}

/// Writes every table into a fresh file and puts it in place of `db`'s, so nothing
/// erased stays readable in the old file's free pages; returns the new file's handle.
pub(super) fn rewrite(db: Database, path: &Path) -> Result<Database, StoreError> {
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
