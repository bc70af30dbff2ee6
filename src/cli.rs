//! The command line: every subcommand and flag of `thewell`, with its help text.
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// The website of The Well, a global church ministry, in one executable.
#[derive(Debug, Parser)]
#[command(name = "thewell", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the website (pages, assets and the form API) until SIGTERM or Ctrl-C.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on. Use 0.0.0.0:8080 to accept connections from other machines.
    #[arg(long, env = "THEWELL_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Directory that holds the site's data (form submissions). Created with mode 0700 if missing.
    #[arg(long, env = "THEWELL_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
}
