//! Backups of the submissions: consistent snapshots in `<data-dir>/backups/`,
//! named by the UTC time each was taken and kept to a count, taken by a running
//! server on its timer (`schedule`); the newest one for `thewell stats`; restoring one in place of the database; and the lock by which
//! a running server tells `restore` that the database is in use.
use std::fs::File;
use std::io;
use std::os::unix::io::AsRawFd;
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

/// Held (exclusive) by a running server for its whole life: a second server on the
/// same data directory is refused, and `restore` and the offline staff commands know
/// to leave the database to it. The file says who holds it (`serve pid 1234 since …`).
pub struct ServerLock {
    _file: File,
}

fn lock_file(dir: &DataDir) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(dir.server_lock())
}

/// Says in the lock file who holds it now.
fn sign(file: &File, who: &str) {
    use std::io::Write;
    let line = format!(
        "{who} pid {} since {}\n",
        std::process::id(),
        Utc::now().format("%Y-%m-%dT%H:%M:%SZ")
    );
    let _ = file.set_len(0);
    let _ = (&*file).write_all(line.as_bytes());
}

/// What the lock file says of its holder, and whether that is a server still running.
fn holder(file: &File) -> (String, bool) {
    use std::os::unix::fs::FileExt;
    let mut bytes = [0u8; 256];
    let read = file.read_at(&mut bytes, 0).unwrap_or(0);
    let text = String::from_utf8_lossy(&bytes[..read]).trim().to_string();
    let pid = text
        .strip_prefix("serve pid ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|pid| pid.parse::<libc::pid_t>().ok());
    // SAFETY: kill with signal 0 only asks whether the process exists (EPERM: it
    // does, under another user).
    let alive = pid.is_some_and(|pid| {
        (unsafe { libc::kill(pid, 0) }) == 0
            || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    });
    (text, alive)
}

/// How long a starting server waits for a staff command that holds the data
/// directory alone to finish (a second server is refused at once).
const SERVER_WAITS_FOR_STAFF: Duration = Duration::from_millis(800);
/// How long a staff command waits for another that holds the directory alone (an
/// erasure rewrites the whole database).
const STAFF_WAITS_FOR_STAFF: Duration = Duration::from_secs(600);

/// Takes the lock alone, waiting up to `patience` while a staff command holds it;
/// while a server holds it, says so at once. Err(holder) names who holds it.
fn take_alone(file: &File, patience: Duration) -> Result<(), String> {
    let started = std::time::Instant::now();
    loop {
        if flock(file, libc::LOCK_EX | libc::LOCK_NB).is_ok() {
            return Ok(());
        }
        let (text, server) = holder(file);
        if server || started.elapsed() >= patience {
            return Err(text);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Why a server could not have its data directory to itself.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("cannot open {path}, which marks the data directory as in use: {source}")]
    Open {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error(
        "another thewell holds the data directory {dir} ({holder}): one server per data directory. Stop that one first (systemctl stop thewell), or give this one another --data-dir; if it is a staff command, start again when it has finished"
    )]
    Held { dir: PathBuf, holder: String },
}

fn flock(file: &File, operation: libc::c_int) -> io::Result<()> {
    // SAFETY: flock on a descriptor this File owns.
    if unsafe { libc::flock(file.as_raw_fd(), operation) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

impl ServerLock {
    /// Marks the data directory as this server's for its whole life, or says who has it.
    pub fn acquire(dir: &DataDir) -> Result<ServerLock, LockError> {
        let file = lock_file(dir).map_err(|source| LockError::Open {
            path: dir.server_lock(),
            source,
        })?;
        take_alone(&file, SERVER_WAITS_FOR_STAFF).map_err(|holder| LockError::Held {
            dir: dir.root().to_path_buf(),
            holder: if holder.is_empty() {
                "a process that did not say what it is".into()
            } else {
                holder
            },
        })?;
        sign(&file, "serve");
        Ok(ServerLock { _file: file })
    }
}

/// The data directory's lock held alone (no server runs), for a change a server
/// must not see half of; None while a server runs. Another staff command holding it
/// is waited for (briefly): only a server is asked instead.
pub fn alone(dir: &DataDir) -> io::Result<Option<File>> {
    let lock = lock_file(dir)?;
    match take_alone(&lock, STAFF_WAITS_FOR_STAFF) {
        Ok(()) => {
            sign(&lock, "staff command");
            Ok(Some(lock))
        }
        Err(_) => Ok(None),
    }
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
    let lock = lock_file(dir).map_err(io(&dir.server_lock()))?;
    if flock(&lock, libc::LOCK_EX | libc::LOCK_NB).is_err() {
        return Err(RestoreError::ServerRunning(dir.root().to_path_buf()));
    }
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
    crate::offsite::copier::State::backup_restored(dir, erasures);
    Ok(replaced)
}

/// Whether a server holds the data directory now.
#[cfg(test)]
fn server_running(dir: &DataDir) -> bool {
    lock_file(dir).is_ok_and(|file| flock(&file, libc::LOCK_EX | libc::LOCK_NB).is_err())
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
                let failing = crate::offsite::copier::State::read(&job)
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
