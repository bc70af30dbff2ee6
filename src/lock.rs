//! The data directory's lock (`<data-dir>/serve.lock`): held by a running server
//! for its whole life, so a second server on the same directory is refused and
//! `restore` and the offline staff commands know to leave the database to it; taken
//! alone by a staff command that rewrites the database. The file says who holds it
//! (`serve pid 1234 since …`).
use std::fs::File;
use std::io;
use std::os::unix::io::AsRawFd;
use std::path::PathBuf;
use std::time::Duration;

use chrono::Utc;

use crate::data_dir::DataDir;

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

/// The lock taken alone at once, without waiting, for a change no other process may
/// see (a backup put back); None while anyone holds it.
pub fn alone_now(dir: &DataDir) -> io::Result<Option<File>> {
    let lock = lock_file(dir)?;
    Ok(flock(&lock, libc::LOCK_EX | libc::LOCK_NB)
        .is_ok()
        .then_some(lock))
}

/// Whether a server holds the data directory now.
#[cfg(test)]
pub fn server_running(dir: &DataDir) -> bool {
    lock_file(dir).is_ok_and(|file| flock(&file, libc::LOCK_EX | libc::LOCK_NB).is_err())
}
