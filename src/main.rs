//! Entry point: parses the command line, sets up logging, and runs the subcommand.
mod api;
mod assets;
mod calendar;
mod cli;
mod export;
mod forms;
mod generated;
mod links;
mod maintenance;
mod middleware;
mod pages;
mod photos;
mod plain;
mod ratelimit;
mod schedule;
mod server;
mod settings;
mod site;
mod store;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;

use cli::{Cli, Command};

fn main() -> ExitCode {
    match run(Cli::parse()) {
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
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("THEWELL_LOG").unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let data_dir = cli.data_dir;
    let mut stdout = std::io::stdout().lock();
    match cli.command {
        Command::Serve(args) => {
            drop(stdout);
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            runtime.block_on(server::run(&data_dir, args))?;
        }
        Command::Export(args) => {
            drop(stdout);
            let rows = export::run(&data_dir, &args)?;
            if let Some(path) = &args.output {
                eprintln!("{rows} submissions written to {}", path.display());
            }
        }
        Command::Stats => maintenance::stats(&data_dir, &mut stdout)?,
        Command::Erase(args) => maintenance::erase(&data_dir, &args.email, &mut stdout)?,
        Command::Backup(args) => maintenance::backup(&data_dir, &args.file, &mut stdout)?,
        Command::Site(args) => site::run(&data_dir, args.command, &mut stdout)?,
    }
    Ok(())
}
