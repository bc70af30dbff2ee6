//! Backups of the submissions: consistent snapshots in `<data-dir>/backups/`,
//! named by the UTC time each was taken and kept to a count, taken by a running
//! server on its timer (`schedule`); the newest one for `thewell stats`; restoring one
//! in place of the database, refused while a server holds it (src/lock.rs).
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, Utc};

use crate::data_dir::{DataDir, create_new_private_file, create_private_dir};
use crate::store::{Reader, StoreError};

/// How a snapshot's file is named: `thewell-20261122T031500.123Z.redb`.
const NAME_FORMAT: &str = "thewell-%Y%m%dT%H%M%S%.3fZ.redb";

/// Takes a snapshot of the database into the backups folder; returns its path.
pub fn take(dir: &DataDir) -> Result<PathBuf, StoreError> {
    let folder = dir.backups();
    create_private_dir(&folder).map_err(|source| StoreError::Io {
        path: folder.clone(),
        source,
    })?;
    // The name is the time before the snapshot's read begins: everything
    // acknowledged before that time is in it.
    let path = folder.join(Utc::now().format(NAME_FORMAT).to_string());
    Reader::open(dir)?.backup(&path)?;
    Ok(path)
}

/// The snapshots in the backups folder, oldest first, with the time each was taken.
pub fn list(dir: &DataDir) -> Vec<(DateTime<Utc>, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir.backups()) else {
        return Vec::new();
    };
    let mut found: Vec<_> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let taken = NaiveDateTime::parse_from_str(&name, NAME_FORMAT).ok()?;
            Some((taken.and_utc(), entry.path()))
        })
        .collect();
    found.sort();
    found
}

/// Removes the oldest snapshots beyond `keep`; returns the ones removed.
pub fn prune(dir: &DataDir, keep: usize) -> io::Result<Vec<PathBuf>> {
    let all = list(dir);
    let excess = all.len().saturating_sub(keep);
    let mut removed = Vec::new();
    for (_, path) in all.into_iter().take(excess) {
        std::fs::remove_file(&path)?;
        removed.push(path);
    }
    Ok(removed)
}

/// Why a restore did not happen.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error(
        "a thewell server is running on {0}: stop it first (systemctl stop thewell, or Ctrl-C), then restore, then start it again"
    )]
    ServerRunning(PathBuf),
    #[error("{path} is not a thewell database: {source}. Nothing was changed")]
    NotADatabase {
        path: PathBuf,
        #[source]
        source: StoreError,
    },
    #[error(
        "the submissions a stopped server left in its journal could not be put into {0} before it is replaced: {1}. Nothing was changed"
    )]
    Journal(PathBuf, #[source] StoreError),
    #[error("cannot restore into {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// Puts the database in `file` in place of the data directory's, keeping the one it
/// replaces beside it; returns where that one went (None when there was none).
pub fn restore(dir: &DataDir, file: &Path) -> Result<Option<PathBuf>, RestoreError> {
    let not_a_database = |source| RestoreError::NotADatabase {
        path: file.to_path_buf(),
        source,
    };
    let erasures = Reader::open_existing(file)
        .and_then(|reader| reader.stats().and_then(|_| reader.erasures()))
        .map_err(not_a_database)?;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| RestoreError::Io { path, source }
    };
    create_private_dir(dir.root()).map_err(io(dir.root()))?;
    let Some(_lock) = crate::lock::alone_now(dir).map_err(io(&dir.server_lock()))? else {
        return Err(RestoreError::ServerRunning(dir.root().to_path_buf()));
    };
    // What a crashed server left in its journal goes into the database being
    // replaced (kept beside it), not into the one restored.
    if dir.database().exists() {
        crate::store::take_in_journal_offline(dir, &crate::notify::targets::Registry::open(dir))
            .map_err(|error| RestoreError::Journal(dir.database(), error))?;
    }
    let incoming = dir.database().with_extension("redb.restoring");
    let _ = std::fs::remove_file(&incoming);
    let mut target = create_new_private_file(&incoming).map_err(io(&incoming))?;
    let mut source = File::open(file).map_err(io(file))?;
    io::copy(&mut source, &mut target)
        .and_then(|_| target.sync_all())
        .map_err(io(&incoming))?;
    let database = dir.database();
    let replaced = database.exists().then(|| {
        let stamp = Utc::now().format("%Y%m%dT%H%M%SZ");
        database.with_extension(format!("redb.before-restore-{stamp}"))
    });
    if let Some(replaced) = &replaced {
        std::fs::rename(&database, replaced).map_err(io(&database))?;
    }
    std::fs::rename(&incoming, &database).map_err(io(&database))?;
    // The off-site copier is told: fewer submissions now than it copied is no erasure.
    crate::offsite::state::State::backup_restored(dir, erasures);
    Ok(replaced)
}

/// Snapshots the database every `every` into the backups folder, keeping `keep`. The
/// first comes when the newest backup is `every` old (at once if there is none), so
/// a server restarted often still takes them.
pub fn schedule(dir: DataDir, every: Duration, keep: usize) {
    tokio::spawn(async move {
        loop {
            let newest = list(&dir).last().map(|(taken, _)| *taken);
            let due = newest.map_or(Duration::ZERO, |taken| {
                let age = (chrono::Utc::now() - taken)
                    .to_std()
                    .unwrap_or(Duration::ZERO);
                every.saturating_sub(age)
            });
            tokio::time::sleep(due).await;
            let job = dir.clone();
            let taken = tokio::task::spawn_blocking(move || {
                let path = take(&job)?;
                // While off-site copies fail, the local ones are all there is: none is removed.
                let failing = crate::offsite::state::State::read(&job)
                    .is_some_and(|state| state.failing_since.is_some());
                let removed = if failing {
                    Vec::new()
                } else {
                    prune(&job, keep).unwrap_or_default()
                };
                Ok::<_, StoreError>((path, removed.len()))
            })
            .await;
            match taken {
                Ok(Ok((path, removed))) => {
                    tracing::info!(path = %path.display(), removed, "backup taken")
                }
                Ok(Err(error)) => {
                    tracing::error!(%error, "backup failed; trying again in a minute");
                    tokio::time::sleep(Duration::from_secs(60)).await;
                }
                Err(error) => tracing::error!(%error, "backup task failed"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lock::{ServerLock, server_running};

    #[test]
    fn snapshots_are_named_by_time_listed_in_order_and_pruned() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        drop(crate::store::open_for_writing(&dir).unwrap());
        let mut taken = Vec::new();
        for _ in 0..4 {
            taken.push(take(&dir).unwrap());
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let listed: Vec<PathBuf> = list(&dir).into_iter().map(|(_, p)| p).collect();
        assert_eq!(listed, taken);
        assert_eq!(prune(&dir, 2).unwrap(), taken[..2].to_vec());
        assert_eq!(list(&dir).len(), 2);
    }

    #[test]
    fn restore_is_refused_while_a_server_holds_the_directory() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        drop(crate::store::open_for_writing(&dir).unwrap());
        let snapshot = take(&dir).unwrap();
        let lock = ServerLock::acquire(&dir).unwrap();
        assert!(server_running(&dir));
        assert!(matches!(
            restore(&dir, &snapshot),
            Err(RestoreError::ServerRunning(_))
        ));
        drop(lock);
        assert!(!server_running(&dir));
        let replaced = restore(&dir, &snapshot)
            .unwrap()
            .expect("the old file is kept");
        assert!(replaced.exists() && dir.database().exists());
        let junk = temp.path().join("junk.redb");
        std::fs::write(&junk, b"not a database").unwrap();
        assert!(matches!(
            restore(&dir, &junk),
            Err(RestoreError::NotADatabase { .. })
        ));
    }
}
