//! The staff face: the clap arguments (`args`) and the commands staff and
//! volunteers run on the server, beside a running `serve`: `export`, the care of
//! the stored submissions (`maintenance`: stats, erase, backup) and the site's
//! settings and photos (`settings`: `thewell site`), its sermons, events and people
//! (`content`: `thewell content`), and who is told of each submission (`notify`).
use std::io::{self, Write};
use std::path::PathBuf;

use chrono::NaiveDate;

use crate::backups::RestoreError;
use crate::data_dir::DataDir;
use crate::settings::SettingsError;
use crate::store::StoreError;

mod args;
mod content;
mod export;
mod maintenance;
mod notify;
mod settings;

pub use args::{Cli, Command, ServeArgs};

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
    #[error("{0}")]
    Usage(String),
    #[error("not delivered: {0}")]
    NotDelivered(String),
    #[error(transparent)]
    Request(#[from] crate::requests::RequestError),
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
/// must be asked instead (see `requests`).
fn alone(dir: &DataDir) -> Result<Option<std::fs::File>, CliError> {
    crate::backups::alone(dir).map_err(|source| CliError::Output {
        path: dir.server_lock(),
        source,
    })
}

/// Runs a staff command (every command but `serve`).
pub fn run(data_dir: &DataDir, command: Command) -> Result<(), CliError> {
    let out = &mut io::stdout().lock();
    match command {
        Command::Serve(_) => unreachable!("main runs serve"),
        Command::Export(args) => {
            let rows = export::run(data_dir, &args)?;
            if let Some(path) = &args.output {
                eprintln!("{rows} submissions written to {}", path.display());
            }
        }
        Command::Stats => maintenance::stats(data_dir, out)?,
        Command::Erase(args) => maintenance::erase(data_dir, &args, out)?,
        Command::Backup(args) => maintenance::backup(data_dir, &args.file, out)?,
        Command::Restore(args) => maintenance::restore(data_dir, &args.file, out)?,
        Command::Site(args) => settings::run(data_dir, args.command, out)?,
        Command::Content(args) => content::run(data_dir, args.command, out)?,
        Command::Notify(args) => notify::run(data_dir, args.command, out)?,
    }
    out.flush().map_err(CliError::Stdout)
}
