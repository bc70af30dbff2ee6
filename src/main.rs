//! Entry point: parses the command line, sets up logging, and runs the subcommand:
//! `serve` on the HTTP face (`web`), every other command on the staff face (`cli`).
//! Both faces stand on the core: `forms`, `schedule`, `store`, `settings`,
//! `data_dir`, `bundle`, and `contract` (the TypeScript the frontend shares).
mod backups;
mod bundle;
mod campuses;
mod cli;
mod content;
mod contract;
mod data_dir;
mod forms;
mod handoff;
mod idle;
mod language;
mod lock;
mod logging;
mod notify;
mod offsite;
mod outbound;
mod page_parts;
mod photos;
mod published;
mod retention;
mod schedule;
mod settings;
mod store;
mod text;
mod web;

use std::process::ExitCode;

use cli::{Cli, Command};

use data_dir::DataDir;

fn main() -> ExitCode {
    match run(Cli::parse_args()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`thewell site photos | head`) is not an error.
        Err(error) if broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", message(&error));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, each cause only where the message does not already say it.
fn message(error: &anyhow::Error) -> String {
    let mut text = error.to_string();
    for cause in error.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text = format!("{text}: {cause}");
        }
    }
    text
}

fn broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<cli::CliError>()
        .is_some_and(cli::CliError::is_broken_pipe)
}

/// Blocks of 128 KiB and more (the compress-ahead's brotli windows, a large page being
/// written) go back to the system when freed. glibc otherwise raises that threshold as
/// such blocks are freed and keeps them in its per-thread arenas, half-used: a fresh
/// server idled at 51 MB (37 MB anonymous) once its 96 pages were compressed ahead,
/// 36 MB (23 MB) with this (tests/bench/compare.sh prints it).
fn give_back_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a number of the allocator's; no memory is touched.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    // Held until the end of run(): it writes out the log lines still queued.
    let _log = logging::init(matches!(cli.command, Command::Serve(_)));
    let data_dir = DataDir::new(cli.data_dir);
    match cli.command {
        Command::Serve(args) => {
            give_back_large_blocks();
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            runtime.block_on(web::run(&data_dir, args))?;
        }
        command => cli::run(&data_dir, command)?,
    }
    Ok(())
}
