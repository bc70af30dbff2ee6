//! What every staff command shares: the error it can fail with, the line it writes
//! to standard output (`say!`), and the data directory held alone.
use std::io;
use std::path::PathBuf;

use chrono::NaiveDate;

use crate::backups::RestoreError;
use crate::data_dir::DataDir;
use crate::settings::SettingsError;
use crate::store::StoreError;

/// Everything a staff command can fail with; `main` prints it with its causes.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Standard output closed or failed. A reader that stopped early (`| head`) is
    /// not an error: `main` exits 0 for a broken pipe.
    #[error("cannot write to standard output")]
    Stdout(#[source] io::Error),
    #[error("cannot write {path}")]
    Output {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("--since {since} is after --until {until}: nothing could match")]
    EmptyRange { since: NaiveDate, until: NaiveDate },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Restore(#[from] RestoreError),
    #[error(
        "{0} content file problem(s) above: fix each at the line named, then run `thewell content check` again"
    )]
    ContentProblems(usize),
    #[error(transparent)]
    Notify(#[from] crate::notify::NotifyError),
    #[error(
        "the data directory {0} does not exist: pass the one `thewell serve` uses with --data-dir (or THEWELL_DATA_DIR). `thewell serve` creates it when it first starts, `thewell restore` on a new server"
    )]
    NoDataDir(PathBuf),
    #[error("{0}")]
    Usage(String),
    #[error("not delivered: {0}")]
    NotDelivered(String),
    #[error(transparent)]
    Request(#[from] crate::handoff::HandoffError),
    #[error(transparent)]
    Offsite(#[from] crate::offsite::OffsiteError),
    #[error("{file} was not put in {slot}: {why}. The slot keeps what it had")]
    PhotoRefused {
        file: String,
        slot: String,
        why: crate::photos::PhotoError,
    },
}

/// A runtime for a command that talks to the network (a mail server, the bucket).
pub fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start: {e}")))
}

impl CliError {
    /// True when the reader of standard output went away (`thewell export … | head`).
    pub fn is_broken_pipe(&self) -> bool {
        let io = match self {
            CliError::Stdout(e) | CliError::Output { source: e, .. } => e,
            _ => return false,
        };
        io.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Writes one line to standard output.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err($crate::cli::CliError::Stdout)
    };
}
pub(crate) use say;

/// The data directory held alone (no server runs), or None while a server runs and
/// must be asked instead (see `handoff`).
pub(super) fn alone(dir: &DataDir) -> Result<Option<std::fs::File>, CliError> {
    crate::lock::alone(dir).map_err(|source| CliError::Output {
        path: dir.server_lock(),
        source,
    })
}

/// "1 submission", "3 submissions".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
