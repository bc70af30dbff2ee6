//! Erasing: which submissions a staff member names (`Selector`), their removal with
//! their notifications in one transaction, and the rewrite into a fresh file after
//! which nothing erased is readable in the old file's free pages.
use std::collections::BTreeSet;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use chrono::{DateTime, Utc};
use redb::{Database, ReadableDatabase, ReadableTable};
use serde_json::{Map, Value};
use ulid::Ulid;

use super::erased::Erased;
use super::reader::copy_all;
use super::{StoreError, builder, received_at, table};
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

/// How many submissions of each form one selector erased.
pub type Counts = Vec<(&'static str, usize)>;

/// The keys `selector` names in `txn`'s snapshot, per form.
fn named(
    txn: &redb::ReadTransaction,
    selector: &Selector,
) -> Result<Vec<(&'static str, Vec<u128>)>, StoreError> {
    let mut out = Vec::new();
    for form in FORMS {
        let t = match txn.open_table(table(form)) {
            Ok(t) => t,
            Err(redb::TableError::TableDoesNotExist(_)) => {
                out.push((form.name, Vec::new()));
                continue;
            }
            Err(error) => return Err(error.into()),
        };
        let keys: Vec<u128> = match selector {
            // Keys sort by time: only the range before the cut-off is read.
            Selector::Before { form: name, before } if name == form.name => t
                .range(..super::first_id_at(*before))?
                .filter_map(|r| r.ok())
                .map(|(k, _)| k.value())
                .collect(),
            Selector::Before { .. } => Vec::new(),
            _ => t
                .iter()?
                .filter_map(|row| row.ok())
                .filter(|(k, v)| selector.matches(form, k.value(), v.value()))
                .map(|(k, _)| k.value())
                .collect(),
        };
        out.push((form.name, keys));
    }
    Ok(out)
}

/// Erases what each selector names (with their notifications) by writing every
/// table, without them, into a fresh file that then takes the database's place: so
/// nothing erased stays readable in the old file's free pages, and a failure half-way
/// (a full disk) changes nothing. Returns the handle to use next (None when the file
/// could not be reopened) and, per selector, how many it erased per form.
pub(super) fn erase(
    db: Database,
    path: &Path,
    selectors: &[Selector],
) -> (Option<Database>, Result<Vec<Counts>, StoreError>) {
    let found = db.begin_read().map_err(StoreError::from).and_then(|txn| {
        selectors
            .iter()
            .map(|s| named(&txn, s))
            .collect::<Result<Vec<_>, _>>()
    });
    let found = match found {
        Ok(found) => found,
        Err(error) => return (Some(db), Err(error)),
    };
    let doomed: BTreeSet<u128> = found
        .iter()
        .flatten()
        .flat_map(|(_, keys)| keys.iter().copied())
        .collect();
    // Kept as erased: the ids a staff member named (by email or id), and each
    // retention cut-off (a rule, not every id it removed).
    let mut erasing = Erased::default();
    for (selector, per_form) in selectors.iter().zip(&found) {
        match selector {
            Selector::Before { form, before } => {
                erasing.merge(&Erased {
                    before: [(form.clone(), *before)].into(),
                    ..Erased::default()
                });
            }
            _ => erasing.ids.extend(
                per_form
                    .iter()
                    .flat_map(|(_, keys)| keys.iter().map(|k| Ulid::from(*k))),
            ),
        }
    }
    let counts = found
        .into_iter()
        .map(|per_form| {
            per_form
                .into_iter()
                .map(|(f, keys)| (f, keys.len()))
                .collect()
        })
        .collect();
    if doomed.is_empty() {
        return (Some(db), Ok(counts));
    }
    match rewrite(db, path, &doomed, &erasing) {
        Ok(fresh) => (Some(fresh), Ok(counts)),
        Err((db, error)) => (db, Err(error)),
    }
}

/// Whether `error` comes down to a full disk (ENOSPC, or a file-size limit).
fn is_no_space(error: &StoreError) -> bool {
    let io = match error {
        StoreError::Io { source, .. } => source,
        StoreError::Db(redb::Error::Io(source)) => source,
        _ => return false,
    };
    matches!(
        io.raw_os_error(),
        Some(libc::ENOSPC | libc::EFBIG | libc::EDQUOT)
    )
}

/// Where a rewrite is written before it takes the database's place.
fn rewrite_path(path: &Path) -> std::path::PathBuf {
    path.with_extension("redb.rewrite")
}

/// Removes what a rewrite interrupted by a crash left (it holds a copy of the data,
/// and takes room a full disk needs).
pub(super) fn remove_leftover(path: &Path) {
    let leftover = rewrite_path(path);
    if std::fs::remove_file(&leftover).is_ok() {
        tracing::info!(path = %leftover.display(), "removed the copy an interrupted erasure left");
    }
}

/// Writes every table, without the `doomed` submissions and their notifications,
/// into a fresh file and puts it in place of `db`'s; returns the new file's handle.
/// On failure the fresh file is removed and the error comes back with the handle to
/// use (the old file, untouched, unless it was already replaced).
fn rewrite(
    db: Database,
    path: &Path,
    doomed: &BTreeSet<u128>,
    erasing: &Erased,
) -> Result<Database, (Option<Database>, StoreError)> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| StoreError::Io { path, source }
    };
    let fresh = rewrite_path(path);
    let _ = std::fs::remove_file(&fresh);
    let copied = create_new_private_file(&fresh)
        .map_err(io(&fresh))
        .and_then(|_| Ok(builder().create(&fresh)?))
        .and_then(|copy| copy_all(&db, &copy, &[], doomed, erasing));
    if let Err(error) = copied {
        let _ = std::fs::remove_file(&fresh);
        let error = if is_no_space(&error) {
            StoreError::NoRoomToErase(path.to_path_buf())
        } else {
            error
        };
        return Err((Some(db), error));
    }
    // The old file, held open across the rename: once the fresh one is in place it is
    // emptied, so the erased text is gone from it even where another name (a hard
    // link) or another process still reaches it.
    let old = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path);
    drop(db);
    if let Err(source) = std::fs::rename(&fresh, path) {
        let _ = std::fs::remove_file(&fresh);
        return Err((builder().create(path).ok(), io(path)(source)));
    }
    if let Ok(old) = old {
        let _ = old.set_len(0).and_then(|()| old.sync_all());
    }
    if let Some(folder) = path.parent() {
        // The rename is what erases: it must be on disk before the answer says so.
        if let Err(source) = std::fs::File::open(folder).and_then(|f| f.sync_all()) {
            return Err((builder().create(path).ok(), io(folder)(source)));
        }
    }
    builder().create(path).map_err(|e| (None, e.into()))
}
