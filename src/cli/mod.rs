//! The staff face: the clap arguments (`args`) and the commands staff and
//! volunteers run on the server, beside a running `serve`: `export`, the care of
//! the stored submissions (`maintenance`: stats, erase, backup) and the site's
//! settings and photos (`site`: `thewell site`), its sermons, events and people
//! (`content`: `thewell content`), the gatherings and
//! notices (`schedule`, `notice`), who is told of each submission (`notify`), and
//! the off-site copies (`offsite`: keygen, status, verify, restore --from).
use std::io::{self, Write};

use crate::data_dir::DataDir;

mod args;
mod content;
mod export;
mod export_xlsx;
mod maintenance;
mod notice;
mod notify;
mod offsite;
mod output;
mod schedule;
mod site;

pub use args::{Cli, Command, ServeArgs};
pub use output::CliError;
pub(crate) use output::say;

/// Runs a staff command (every command but `serve`).
pub fn run(data_dir: &DataDir, command: Command) -> Result<(), CliError> {
    // One rule for every staff command: it works on the data directory a server made,
    // and never makes one (a mistyped --data-dir would otherwise take settings, targets
    // or content where no server reads them). Restore alone fills a new one.
    let makes_none = matches!(command, Command::Restore(_))
        || matches!(&command, Command::Offsite(args) if matches!(args.command, args::OffsiteCommand::Keygen { .. }));
    if !makes_none && !data_dir.root().is_dir() {
        return Err(CliError::NoDataDir(data_dir.root().to_path_buf()));
    }
    let out = &mut io::stdout().lock();
    match command {
        Command::Serve(_) => unreachable!("main runs serve"),
        Command::Export(args) => {
            let rows = export::run(data_dir, &args)?;
            if let Some(path) = &args.output {
                eprintln!(
                    "{} written to {}",
                    output::count(rows as usize, "submission", "submissions"),
                    path.display()
                );
            }
        }
        Command::Stats => maintenance::stats(data_dir, out)?,
        Command::Erase(args) => maintenance::erase(data_dir, &args, out)?,
        Command::Backup(args) => maintenance::backup(data_dir, &args.file, out)?,
        Command::Restore(args) => match &args.file {
            Some(file) => maintenance::restore(data_dir, file, out)?,
            None => offsite::restore_from(data_dir, &args, out)?,
        },
        Command::Site(args) => site::run(data_dir, args.command, out)?,
        Command::Content(args) => content::run(data_dir, args.command, out)?,
        Command::Schedule(args) => schedule::run(data_dir, args.command, out)?,
        Command::Notice(args) => notice::run(data_dir, args.command, out)?,
        Command::Notify(args) => notify::run(data_dir, args.command, out)?,
        Command::Offsite(args) => offsite::run(data_dir, args.command, out)?,
    }
    out.flush().map_err(CliError::Stdout)
}
