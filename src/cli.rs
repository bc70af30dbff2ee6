//! The command line: every subcommand and flag of `thewell`, with its help text.
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The website of The Well, a global church ministry, in one executable.
#[derive(Debug, Parser)]
#[command(name = "thewell", version, about)]
pub struct Cli {
    /// Directory that holds the site's data (the submissions database, site.json, photos/). `serve` creates it
    /// with mode 0700 if missing; the other commands read the one `serve` uses.
    #[arg(
        long,
        global = true,
        env = "THEWELL_DATA_DIR",
        default_value = "./data"
    )]
    pub data_dir: PathBuf,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the website (pages, assets and the form API) until SIGTERM or Ctrl-C.
    Serve(ServeArgs),
    /// Write one form's submissions as CSV or JSON Lines (works while the server runs).
    Export(ExportArgs),
    /// Show, per form, how many submissions there are and when the latest arrived.
    Stats,
    /// Delete every submission made with an email address, from every form.
    Erase(EraseArgs),
    /// Write a consistent copy of the database to a new file (works while the server runs).
    Backup(BackupArgs),
    /// Show or change the site's settings (links, videos, speaker, email) and list its photos.
    /// A running server picks up a change within a second.
    Site(SiteArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on. Use 0.0.0.0:8080 to accept connections from other machines.
    #[arg(long, env = "THEWELL_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Address of the reverse proxy in front of the site. Only requests from it may name the
    /// visitor's address in X-Forwarded-For; without this flag the header is ignored.
    #[arg(long, env = "THEWELL_TRUSTED_PROXY")]
    pub trusted_proxy: Option<IpAddr>,

    /// Form submissions one client address may send at once before it is slowed down.
    /// The default lets 30 people behind one church Wi-Fi each send a form together.
    #[arg(long, env = "THEWELL_RATE_BURST", default_value = "30")]
    pub rate_burst: NonZeroU32,

    /// Further form submissions one client address may send per minute once its burst is used.
    #[arg(long, env = "THEWELL_RATE_PER_MINUTE", default_value = "10")]
    pub rate_per_minute: NonZeroU32,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header row (opens in Excel and LibreOffice Calc).
    Csv,
    /// One JSON object per line.
    Jsonl,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The form: prayer-request, church-launch-response, north-campus-interest, connect-card,
    /// serve-interest, contact or subscription.
    pub form: String,

    /// First day to include (YYYY-MM-DD, a whole day in --tz).
    #[arg(long)]
    pub since: Option<String>,

    /// Last day to include (YYYY-MM-DD, a whole day in --tz).
    #[arg(long)]
    pub until: Option<String>,

    /// Time zone for the days of --since/--until and for the submitted_at column (IANA name).
    #[arg(long, default_value = "America/New_York")]
    pub tz: String,

    /// File to write; standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct EraseArgs {
    /// The email address whose submissions are deleted (case-insensitive).
    #[arg(long)]
    pub email: String,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The new file to write; it must not exist yet. To restore, put it in a data directory
    /// as thewell.redb.
    pub file: PathBuf,
}

#[derive(Debug, Args)]
pub struct SiteArgs {
    #[command(subcommand)]
    pub command: Option<SiteCommand>,
}

#[derive(Debug, Subcommand)]
pub enum SiteCommand {
    /// List every setting with its value, marking the placeholders (the default).
    Show,
    /// Set one setting, e.g. `thewell site set giving-url https://give.example.com/thewell`.
    Set {
        /// The setting's name, as `thewell site show` lists it.
        name: String,
        /// Its new value (links start with https://; videos take a YouTube link or id).
        value: String,
    },
    /// Put one setting back to its placeholder.
    Unset {
        /// The setting's name, as `thewell site show` lists it.
        name: String,
    },
    /// List the places a photo can replace a drawing, the file name each takes, and the
    /// photos found in <data-dir>/photos/.
    Photos,
}
