//! Entry point: parses the command line, sets up logging, and runs the subcommand:
//! `serve` on the HTTP face (`web`), every other command on the staff face (`cli`).
//! Both faces stand on the core: `forms`, `schedule`, `store`, `settings`,
//! `data_dir`, `bundle`, and `contract` (the TypeScript the frontend shares).
mod backups;
mod bundle;
mod cli;
mod contract;
mod data_dir;
mod forms;
mod health;
mod schedule;
mod settings;
mod store;
mod text;
mod web;

use std::io::IsTerminal;
use std::process::ExitCode;

use tracing_subscriber::EnvFilter;

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

fn run(cli: Cli) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("THEWELL_LOG").unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let data_dir = DataDir::new(cli.data_dir);
    match cli.command {
        Command::Serve(args) => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            runtime.block_on(web::run(&data_dir, args))?;
        }
        command => cli::run(&data_dir, command)?,
    }
    Ok(())
}
