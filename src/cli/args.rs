//! The command line: every subcommand and flag of `thewell`, with its help text.
//! Values are checked by clap as they are parsed: form names against the forms'
//! declarations, dates as YYYY-MM-DD, zones against the IANA database.
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;

use chrono::NaiveDate;
use chrono_tz::Tz;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::forms::{self, Form};
use crate::settings::{self, Setting};

impl Cli {
    /// Parses the process's arguments; `--help` ends with the forms and settings as the code declares them.
    pub fn parse_args() -> Cli {
        let command = Cli::command().after_help(format!(
            "Forms (for `export`): {}\nSettings (for `site set`): {}",
            forms::names().join(", "),
            settings::names().join(", ")
        ));
        let matches = command.get_matches();
        Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
    }
}

/// A form by name; clap lists the forms' names (from their declarations) when one is wrong.
fn form_parser() -> impl TypedValueParser<Value = &'static Form> {
    PossibleValuesParser::new(forms::names())
        .map(|name| forms::find(&name).expect("clap only passes declared form names"))
}

/// A setting by name: `--help` lists the names, and a wrong one is refused with the
/// settings' own message (which names them all).
#[derive(Clone)]
struct SettingParser;

impl TypedValueParser for SettingParser {
    type Value = &'static Setting;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_string_lossy();
        settings::find(&name).map_err(|error| {
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{error}\n"))
                .with_cmd(cmd)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            settings::names()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

fn parse_every(value: &str) -> Result<std::time::Duration, String> {
    let every = humantime::parse_duration(value.trim())
        .map_err(|e| format!("{e}: write a duration such as 24h, 6h or 30m"))?;
    if every < std::time::Duration::from_secs(1) {
        return Err("at least 1s".into());
    }
    Ok(every)
}

/// A domain name as DNS writes it: letters, digits and hyphens in dot-separated labels.
fn parse_domain(value: &str) -> Result<String, String> {
    let name = value.trim().trim_end_matches('.').to_ascii_lowercase();
    if name.contains("://") || name.contains('/') || name.contains(':') {
        return Err(format!(
            "give the name alone, without https:// or a path or port, e.g. thewell.church (not '{value}')"
        ));
    }
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let labels: Vec<&str> = name.split('.').collect();
    if name.len() > 253 || labels.len() < 2 || !labels.iter().all(|l| label_ok(l)) {
        return Err(format!(
            "'{value}' is not a domain name: write it as in DNS, e.g. thewell.church or www.thewell.church"
        ));
    }
    if labels.iter().all(|l| l.chars().all(|c| c.is_ascii_digit())) {
        return Err(format!(
            "'{value}' is an IP address: certificates need the site's domain name"
        ));
    }
    Ok(name)
}

/// One plain email address.
fn parse_email(value: &str) -> Result<String, String> {
    let value = value.trim();
    if crate::forms::is_plain_email(value) {
        Ok(value.to_string())
    } else {
        Err(format!(
            "'{value}' is not one plain email address, e.g. office@thewell.church"
        ))
    }
}

/// An https:// (or, for a local test CA, http://) URL.
fn parse_directory(value: &str) -> Result<String, String> {
    match url::Url::parse(value.trim()) {
        Ok(url) if matches!(url.scheme(), "https" | "http") && url.host_str().is_some() => {
            Ok(url.to_string())
        }
        _ => Err(format!(
            "'{value}' is not an ACME directory URL, e.g. https://acme-v02.api.letsencrypt.org/directory"
        )),
    }
}

fn parse_date(value: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d")
        .map_err(|_| "not a date: write it as YYYY-MM-DD, e.g. 2026-03-08".to_string())
}

fn parse_zone(value: &str) -> Result<Tz, String> {
    value.trim().parse().map_err(|_| {
        "not an IANA time zone name: write e.g. America/New_York, Europe/Berlin or Asia/Karachi"
            .to_string()
    })
}

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
    /// Write one form's submissions as a workbook, CSV or JSON Lines (works while the server runs).
    Export(ExportArgs),
    /// Show, per form, how many submissions there are and when the latest arrived, and
    /// when the last backup was taken.
    Stats,
    /// Delete submissions for good: those made with an email address, one by its id,
    /// or a form's before a day. The database is rewritten so the erased text is gone
    /// from the file (a running server does it; submissions wait a moment).
    Erase(EraseArgs),
    /// Write a consistent copy of the database to a new file or standard output (works
    /// while the server runs; `serve` also takes one every --backup-every).
    Backup(BackupArgs),
    /// Put a backup in place of the database (the server must be stopped first).
    Restore(RestoreArgs),
    /// Show or change the site's settings (links, videos, speaker, email) and list its photos.
    /// A running server picks up a change within a second.
    Site(SiteArgs),
    /// Write, check and list the sermons and events in <data-dir>/content/ (one text
    /// file each). A running server shows a change within a second.
    Content(ContentArgs),
    /// The regular gatherings: list their next dates, skip a date, move one, or take
    /// either back (each gathering is a file in <data-dir>/content/gatherings/). A
    /// running server, its pages and calendar files follow within a second.
    Schedule(ScheduleArgs),
    /// Short notices at the top of the pages ("No service today: the building has no
    /// power"), each until its end. A running server shows a change within a second.
    Notice(NoticeArgs),
    /// Who is told of each new submission (email or webhook), tests and retries. A
    /// running server follows a change within a second.
    Notify(NotifyArgs),
    /// Off-site copies: make the key that decrypts them, see how they go, check one.
    Offsite(OffsiteCommandArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on [default: 127.0.0.1:8080]. Use 0.0.0.0:8080 to
    /// accept connections from other machines. When serving HTTPS (--domain or
    /// --tls-cert) only its address is used, with --https-port and --http-port; the
    /// default there is every address of the machine.
    #[arg(long, env = "THEWELL_ADDR")]
    pub addr: Option<SocketAddr>,

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

    /// Connections open at once, on every listener together (HTTPS and its redirect
    /// share it); beyond it the connection quiet the longest is closed. The default
    /// is the smaller of the open-file limit (raised to its maximum at start-up) less
    /// room for the server's own files, and a quarter of the machine's memory at
    /// 32 KB a connection (a 1 GB VPS: 8,192).
    #[arg(long, env = "THEWELL_MAX_CONNECTIONS")]
    pub max_connections: Option<NonZeroU32>,

    /// Seconds a new connection has to send its request's headers (slow or silent
    /// clients are closed after it).
    #[arg(
        long,
        env = "THEWELL_HEADER_TIMEOUT",
        default_value = "10",
        value_name = "SECONDS"
    )]
    pub header_timeout: NonZeroU32,

    /// Seconds a kept-alive connection may stay idle between requests (the next
    /// request's headers included, however slowly they trickle), and a request may go
    /// without any progress, before it is closed.
    #[arg(
        long,
        env = "THEWELL_IDLE_TIMEOUT",
        default_value = "60",
        value_name = "SECONDS"
    )]
    pub idle_timeout: NonZeroU32,

    /// How often to snapshot the database into <data-dir>/backups/ while serving
    /// (e.g. 24h, 6h, 30m).
    #[arg(long, env = "THEWELL_BACKUP_EVERY", default_value = "24h", value_parser = parse_every)]
    pub backup_every: std::time::Duration,

    /// How many of those snapshots to keep; older ones are removed.
    #[arg(long, env = "THEWELL_BACKUP_KEEP", default_value = "14")]
    pub backup_keep: NonZeroU32,

    /// The site's domain name, e.g. thewell.church: serve HTTPS on --https-port with a
    /// certificate from Let's Encrypt (or --acme-directory), obtained and renewed on its
    /// own and kept in <data-dir>/acme/. The name's DNS must point at this machine and
    /// port 80 (--http-port) must reach it. Repeat for more names (www.thewell.church);
    /// THEWELL_DOMAIN takes them separated by commas. The first is the site's address.
    #[arg(
        long = "domain",
        env = "THEWELL_DOMAIN",
        value_delimiter = ',',
        value_parser = parse_domain,
        conflicts_with = "tls_cert",
        value_name = "NAME"
    )]
    pub domains: Vec<String>,

    /// An email address for the certificate authority to write to about the
    /// certificates (e.g. if renewal keeps failing). Optional, but worth giving.
    #[arg(long, env = "THEWELL_ACME_EMAIL", value_parser = parse_email, value_name = "EMAIL")]
    pub acme_email: Option<String>,

    /// Where certificates come from (an ACME directory URL). Let's Encrypt's staging
    /// directory, https://acme-staging-v02.api.letsencrypt.org/directory, is for trying
    /// things out: its certificates are not trusted by browsers.
    #[arg(
        long,
        env = "THEWELL_ACME_DIRECTORY",
        default_value = "https://acme-v02.api.letsencrypt.org/directory",
        value_parser = parse_directory,
        value_name = "URL"
    )]
    pub acme_directory: String,

    /// A CA certificate (PEM) to trust when talking to the ACME directory, in place of
    /// the system's: for a private or test CA (e.g. pebble). Not needed for Let's Encrypt.
    #[arg(long, env = "THEWELL_ACME_CA_ROOT", value_name = "FILE")]
    pub acme_ca_root: Option<PathBuf>,

    /// A certificate you already have (PEM chain) to serve HTTPS with, with --tls-key.
    /// The site then answers HTTPS on --https-port and redirects --http-port to it.
    /// Re-read when the file changes: a renewed certificate needs no restart.
    #[arg(
        long,
        env = "THEWELL_TLS_CERT",
        requires = "tls_key",
        value_name = "FILE"
    )]
    pub tls_cert: Option<PathBuf>,

    /// The private key (PEM) of --tls-cert.
    #[arg(
        long,
        env = "THEWELL_TLS_KEY",
        requires = "tls_cert",
        value_name = "FILE"
    )]
    pub tls_key: Option<PathBuf>,

    /// The port for HTTPS when serving with --domain or a certificate.
    #[arg(long, env = "THEWELL_HTTPS_PORT", default_value = "443")]
    pub https_port: u16,

    /// The port for plain HTTP when serving HTTPS: it answers the certificate
    /// authority's checks (with --domain) and redirects every other request to
    /// HTTPS, path and query kept.
    #[arg(long, env = "THEWELL_HTTP_PORT", default_value = "80")]
    pub http_port: u16,

    #[command(flatten)]
    pub mail: MailArgs,

    /// Keep a form's submissions only this long, e.g. prayer-request=90d (repeat for
    /// more forms; default: keep). Older ones are erased every --retention-every, and
    /// the privacy policy page says how long each form is kept.
    #[arg(long = "keep", env = "THEWELL_KEEP", value_delimiter = ',', value_parser = crate::retention::parse_keep, value_name = "FORM=DURATION")]
    pub keep: Vec<crate::retention::Keep>,

    /// How often the --keep periods are applied.
    #[arg(long, env = "THEWELL_RETENTION_EVERY", default_value = "1h", value_parser = parse_every)]
    pub retention_every: std::time::Duration,

    #[command(flatten)]
    pub offsite: OffsiteArgs,

    /// How long a notification that could not be delivered waits before its first
    /// retry; each later wait doubles, up to 6 hours, and one still failing 3 days
    /// after its submission is given up (`thewell notify retry` puts it back).
    #[arg(long, env = "THEWELL_NOTIFY_RETRY", default_value = "1m", value_parser = parse_every)]
    pub notify_retry: std::time::Duration,
}

/// Off-site copies (`serve`): where, encrypted to whom, how often, how long kept.
#[derive(Debug, Clone, Args)]
pub struct OffsiteArgs {
    /// Copy every submission, the settings, content and photos, encrypted, to this
    /// S3-compatible bucket (AWS S3, Backblaze B2, Cloudflare R2, MinIO...):
    /// s3://BUCKET or s3://BUCKET/PREFIX. Needs --offsite-recipient and the bucket's
    /// key (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or --offsite-credentials).
    #[arg(
        long,
        env = "THEWELL_OFFSITE",
        value_name = "s3://BUCKET[/PREFIX]",
        requires_all = ["offsite_recipient", "offsite_tag_key"]
    )]
    pub offsite: Option<String>,

    /// The age recipient (age1…, from `thewell offsite keygen`) every copy is
    /// encrypted to before it leaves the machine. The server never holds the
    /// identity that decrypts them: staff keep it off the server.
    #[arg(
        long,
        env = "THEWELL_OFFSITE_RECIPIENT",
        value_name = "age1…",
        requires = "offsite"
    )]
    pub offsite_recipient: Option<String>,

    /// The tag key file (`<identity>.tag-key`, from `thewell offsite keygen`), readable
    /// by its owner only: every object is named with a tag made with it, and a
    /// restore takes only objects whose tag holds, so a copy planted with the
    /// bucket's key alone is refused.
    #[arg(
        long,
        env = "THEWELL_OFFSITE_TAG_KEY",
        value_name = "FILE",
        requires = "offsite"
    )]
    pub offsite_tag_key: Option<PathBuf>,

    /// The most time between a submission's acknowledgement and its encrypted copy
    /// in the bucket, while the bucket is reachable.
    #[arg(long, env = "THEWELL_OFFSITE_EVERY", default_value = "1m", value_parser = parse_every)]
    pub offsite_every: std::time::Duration,

    /// How long copies stay in the bucket: every copy for the first period, one a
    /// day for the second, one a month for the third (the server deletes the rest).
    /// An erasure replaces every older copy of the submissions at once.
    #[arg(long, env = "THEWELL_OFFSITE_KEEP", default_value = "2d,30d,12m", value_parser = crate::offsite::layout::parse_keep, value_name = "ALL,DAILY,MONTHLY")]
    pub offsite_keep: crate::offsite::layout::CopiesKept,

    /// How long copies fail before the notification targets are told (an hour;
    /// shorter only in tests).
    #[arg(long, env = "THEWELL_OFFSITE_TELL_AFTER", default_value = "1h", value_parser = parse_every, hide = true)]
    pub offsite_tell_after: std::time::Duration,

    #[command(flatten)]
    pub bucket: BucketArgs,
}

/// How to reach the bucket (`serve --offsite`, `restore --from`, `offsite verify`).
#[derive(Debug, Clone, Args)]
pub struct BucketArgs {
    /// The bucket's S3 endpoint, e.g. https://s3.us-west-004.backblazeb2.com or
    /// https://ACCOUNT.r2.cloudflarestorage.com; AWS S3 when absent.
    #[arg(long, env = "THEWELL_OFFSITE_ENDPOINT", value_name = "URL")]
    pub offsite_endpoint: Option<String>,

    /// The bucket's region (R2 takes "auto").
    #[arg(long, env = "THEWELL_OFFSITE_REGION", default_value = "us-east-1")]
    pub offsite_region: String,

    /// Whether the bucket's name goes in the path or the host name [default:
    /// virtual-host on AWS, path with --offsite-endpoint].
    #[arg(long, env = "THEWELL_OFFSITE_ADDRESSING", value_enum)]
    pub offsite_addressing: Option<crate::offsite::bucket::Addressing>,

    /// A file with the bucket's key, as the AWS tools write it (aws_access_key_id = …
    /// and aws_secret_access_key = … lines), readable by its owner only (chmod 600).
    /// Without it, the AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY environment
    /// variables. Never on the command line.
    #[arg(long, env = "THEWELL_OFFSITE_CREDENTIALS", value_name = "FILE")]
    pub offsite_credentials: Option<PathBuf>,
}

impl BucketArgs {
    pub fn bucket(
        &self,
        url: &str,
    ) -> Result<crate::offsite::Bucket, crate::offsite::OffsiteError> {
        crate::offsite::Bucket::new(&crate::offsite::bucket::Settings {
            url,
            endpoint: self.offsite_endpoint.as_deref(),
            region: &self.offsite_region,
            addressing: self.offsite_addressing,
            credentials: self.offsite_credentials.as_deref(),
        })
    }
}

#[derive(Debug, Args)]
pub struct OffsiteCommandArgs {
    #[command(subcommand)]
    pub command: OffsiteCommand,
}

#[derive(Debug, Subcommand)]
pub enum OffsiteCommand {
    /// Make the recovery file: a new identity (the key that decrypts the off-site
    /// copies) with the tag key that tells genuine copies from planted ones, the
    /// site's id and the bucket's address; print its recipient (age1…) to give
    /// `serve --offsite-recipient`. The server's copy of the tag key and site id goes
    /// to FILE.tag-key, for `serve --offsite-tag-key`.
    Keygen {
        /// Where to write the recovery file (mode 0600; an existing file is never
        /// replaced).
        #[arg(long, value_name = "FILE")]
        output: PathBuf,
        /// The bucket the copies will go to, as `serve --offsite` will be given it:
        /// written into the recovery file, so that a restore needs only the file and
        /// the bucket's key.
        #[arg(long, value_name = "s3://BUCKET[/PREFIX]")]
        offsite: Option<String>,
        /// The bucket's S3 endpoint, as `serve --offsite-endpoint` (AWS S3 when absent).
        #[arg(long, value_name = "URL", requires = "offsite")]
        offsite_endpoint: Option<String>,
        /// The bucket's region, as `serve --offsite-region` (us-east-1 when absent).
        #[arg(long, value_name = "REGION", requires = "offsite")]
        offsite_region: Option<String>,
    },
    /// When the last copy reached the bucket, what waits, and the last failure.
    Status,
    /// Download the newest copy, decrypt it with the identity, and compare its
    /// submissions per form with the database's.
    Verify {
        /// The bucket, as given to `serve --offsite` (as `restore --from` names it;
        /// `--offsite` works too).
        #[arg(
            long = "from",
            alias = "offsite",
            env = "THEWELL_OFFSITE",
            value_name = "s3://BUCKET[/PREFIX]"
        )]
        offsite: String,
        /// The identity file from `thewell offsite keygen`.
        #[arg(long, value_name = "FILE")]
        identity: PathBuf,
        /// The most bytes one object may download or unpack to.
        #[arg(long, env = "THEWELL_MAX_RESTORE_BYTES", default_value = "512MiB", value_parser = parse_bytes, value_name = "SIZE")]
        max_restore_bytes: u64,
        #[command(flatten)]
        bucket: BucketArgs,
    },
}

/// A time to restore to: RFC 3339 (2026-11-20T18:00:00Z) or a day (its end, UTC).
fn parse_at(value: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    let value = value.trim();
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(value) {
        return Ok(at.with_timezone(&chrono::Utc));
    }
    NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map(|day| day.and_hms_opt(23, 59, 59).expect("a valid time").and_utc())
        .map_err(|_| {
            format!("{value}: write a time as 2026-11-20T18:00:00Z, or a day as 2026-11-20")
        })
}

/// The church's mail account, for email notifications (`serve`, `notify test`).
#[derive(Debug, Clone, Args)]
pub struct MailArgs {
    /// The mail server to send notifications through: smtps://user@host:465 (TLS from
    /// the start) or smtp://user@host:587 (STARTTLS, required); plain smtp://localhost
    /// only for this machine's own mail server. The password is never part of it: set
    /// THEWELL_SMTP_PASSWORD or --smtp-password-file.
    #[arg(long, env = "THEWELL_SMTP_URL", value_name = "URL")]
    pub smtp_url: Option<String>,

    /// A file holding the mail account's password (one line; mode 0600), instead of
    /// THEWELL_SMTP_PASSWORD.
    #[arg(long, env = "THEWELL_SMTP_PASSWORD_FILE", value_name = "FILE")]
    pub smtp_password_file: Option<PathBuf>,

    /// The sender of notifications, e.g. "The Well website <web@thewell.church>"
    /// (the mail account must be allowed to send as it).
    #[arg(long, env = "THEWELL_MAIL_FROM", value_name = "ADDRESS")]
    pub mail_from: Option<String>,

    /// A certificate authority (PEM) to trust for the mail server besides the
    /// system's, for a server with a private certificate.
    #[arg(long, env = "THEWELL_SMTP_CA_FILE", value_name = "FILE")]
    pub smtp_ca_file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct NotifyArgs {
    #[command(subcommand)]
    pub command: Option<NotifyCommand>,
}

#[derive(Debug, Subcommand)]
pub enum NotifyCommand {
    /// List who is told of which form, and how their notifications stand (the default).
    List,
    /// Tell someone of each new submission of a form (or of every form: `all`, which
    /// leaves out the subscription form unless named). Prints the new target's number;
    /// a webhook's signing secret is printed once, here.
    Add {
        /// A form's name (`thewell export --help` lists them) or `all`.
        #[arg(value_parser = notify_form)]
        form: String,
        /// Send an email to this address.
        #[arg(long, value_parser = parse_email, conflicts_with = "webhook", required_unless_present = "webhook")]
        email: Option<String>,
        /// POST a signed JSON message to this https address.
        #[arg(long)]
        webhook: Option<String>,
        /// Put a prayer request's text in the message (by default it says only that one
        /// arrived, from whom, and how to read it on the server).
        #[arg(long)]
        notify_prayer_text: bool,
    },
    /// Stop notifying a target (its waiting notifications are dropped).
    Remove {
        /// The target's number, as `thewell notify list` shows it.
        id: String,
    },
    /// Send one test message to a target now and say exactly what failed, if anything.
    Test {
        /// The target's number, as `thewell notify list` shows it.
        id: String,
        #[command(flatten)]
        mail: MailArgs,
    },
    /// Try the given-up notifications again (after fixing what made them fail).
    Retry,
    /// Start telling a paused target again (a restore from the off-site copies
    /// pauses every target until staff have checked the list).
    Resume {
        /// The target's number, as `thewell notify list` shows it, or `all`.
        id: String,
    },
}

/// 512MiB, 2GiB, 100MB, or a number of bytes.
fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number
        .parse()
        .map_err(|_| format!("{text}: write a size, e.g. 512MiB or 2GiB"))?;
    let scale: u64 = match unit.trim() {
        "" | "B" => 1,
        "KB" => 1_000,
        "KiB" => 1 << 10,
        "MB" => 1_000_000,
        "MiB" => 1 << 20,
        "GB" => 1_000_000_000,
        "GiB" => 1 << 30,
        _ => return Err(format!("{text}: write a size, e.g. 512MiB or 2GiB")),
    };
    number
        .checked_mul(scale)
        .ok_or_else(|| format!("{text}: too large"))
}

/// `all` or a form's name.
fn notify_form(value: &str) -> Result<String, String> {
    if value == crate::notify::targets::ALL || crate::forms::find(value).is_some() {
        Ok(value.to_string())
    } else {
        Err(format!(
            "no form named {value}: write all or one of {}",
            crate::forms::names().join(", ")
        ))
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header row, for other tools (mail merges, imports);
    /// a cell that would run as a formula gets an apostrophe before it.
    Csv,
    /// One JSON object per line.
    Jsonl,
    /// An Excel workbook, for people: opens right at a click in Excel and LibreOffice
    /// (every answer a text cell as typed, when it arrived a date).
    Xlsx,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The form whose submissions to write.
    #[arg(value_parser = form_parser())]
    pub form: &'static Form,

    /// First day to include (YYYY-MM-DD, a whole day in --tz).
    #[arg(long, value_parser = parse_date)]
    pub since: Option<NaiveDate>,

    /// Last day to include (YYYY-MM-DD, a whole day in --tz).
    #[arg(long, value_parser = parse_date)]
    pub until: Option<NaiveDate>,

    /// Time zone for the days of --since/--until and for the submitted_at column (IANA name).
    #[arg(long, default_value = "America/New_York", value_parser = parse_zone)]
    pub tz: Tz,

    /// File to write; standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,

    /// Output format [default: from --output's ending (.xlsx, .jsonl), else csv].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
}

impl ExportArgs {
    /// The format asked for, or the one --output's name ends in, else CSV.
    pub fn format(&self) -> Format {
        let ending = self
            .output
            .as_ref()
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        self.format.unwrap_or(match ending.as_deref() {
            Some("xlsx") => Format::Xlsx,
            Some("jsonl") => Format::Jsonl,
            _ => Format::Csv,
        })
    }
}

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("what").required(true).args(["email", "id", "form"]))]
pub struct EraseArgs {
    /// Every submission, of every form, made with this email address (any case).
    #[arg(long)]
    pub email: Option<String>,

    /// The one submission with this id (as `thewell export` shows it), e.g. a prayer
    /// request, which has no email address.
    #[arg(long)]
    pub id: Option<String>,

    /// Every submission of this form received before --before.
    #[arg(long, value_parser = form_parser(), requires = "before")]
    pub form: Option<&'static Form>,

    /// The first day to keep (YYYY-MM-DD, midnight UTC), with --form.
    #[arg(long, value_parser = parse_date, requires = "form")]
    pub before: Option<NaiveDate>,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The new file to write (it must not exist yet), or - for standard output, to pipe
    /// it off the machine (e.g. `thewell backup - | ssh backup@host 'cat > thewell.redb'`).
    pub file: PathBuf,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A backup (from `thewell backup` or <data-dir>/backups/) to put in place of the
    /// database. The server must be stopped; the replaced database is kept beside it.
    #[arg(required_unless_present_any = ["from", "identity"], conflicts_with_all = ["from", "identity"])]
    pub file: Option<PathBuf>,

    /// Bring the whole site back from its off-site copies instead (submissions,
    /// settings, notification targets, content, photos), onto a data directory that
    /// holds no database yet: s3://BUCKET[/PREFIX], as given to `serve --offsite`.
    /// Without it, the bucket (with its endpoint and region) the recovery file names.
    #[arg(long, value_name = "s3://BUCKET[/PREFIX]", requires = "identity")]
    pub from: Option<String>,

    /// The recovery file (from `thewell offsite keygen`) that decrypts the copies.
    #[arg(long, value_name = "FILE")]
    pub identity: Option<PathBuf>,

    /// The site as it was at this time (2026-11-20T18:00:00Z, or a day: its end,
    /// UTC) instead of the newest copy.
    #[arg(long, value_parser = parse_at, requires = "identity", value_name = "TIME")]
    pub at: Option<chrono::DateTime<chrono::Utc>>,

    /// The most bytes one object of the copy may download or unpack to (a photo is
    /// held to the size its copy's list gives it instead; copies made before
    /// 2026-11-27 hold the photos in one archive, the largest object): a larger one
    /// is refused, not filled into memory or the disk.
    #[arg(long, env = "THEWELL_MAX_RESTORE_BYTES", default_value = "512MiB", value_parser = parse_bytes, value_name = "SIZE")]
    pub max_restore_bytes: u64,

    /// Restore even when files the copy names are missing from the bucket (or none
    /// of their objects is genuine): they are listed and left out. Without it such a
    /// restore stops and names them.
    #[arg(long)]
    pub accept_missing: bool,

    /// Where the new server's tag key file goes (what `serve --offsite-tag-key` reads,
    /// e.g. /etc/thewell-tag-key): the restore from the off-site copies writes it from
    /// the recovery file (owner only) when it is missing, and checks that one already
    /// there holds the same key.
    #[arg(long, env = "THEWELL_OFFSITE_TAG_KEY", value_name = "FILE")]
    pub offsite_tag_key: Option<PathBuf>,

    #[command(flatten)]
    pub bucket: BucketArgs,
}

#[derive(Debug, Args)]
pub struct SiteArgs {
    #[command(subcommand)]
    pub command: Option<SiteCommand>,
}

#[derive(Debug, Args)]
pub struct ContentArgs {
    #[command(subcommand)]
    pub command: Option<ContentCommand>,
}

#[derive(Debug, Subcommand)]
pub enum ContentCommand {
    /// What the site shows now, what is coming, what has ended and what is invalid (the default).
    List,
    /// Check every content file; each problem is named file:line with what to write.
    /// Exits 1 when there is one.
    Check,
    /// Write a filled-in file for a new sermon, event or person and print its path, to
    /// edit with any text editor (e.g. nano).
    New {
        /// What to write: a sermon, an event, or a person of the leadership or worship team.
        #[arg(value_enum)]
        kind: crate::content::Kind,
        /// Its day, YYYY-MM-DD [default: a sermon the coming Sunday (today on a Sunday),
        /// an event a week from today; a person has none].
        #[arg(long, value_parser = parse_date)]
        date: Option<NaiveDate>,
        /// Its title, or a person's name (also names the file) [default: "New sermon",
        /// "New event", "First Last"].
        #[arg(long, alias = "name")]
        title: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct ScheduleArgs {
    #[command(subcommand)]
    pub command: Option<ScheduleCommand>,
}

#[derive(Debug, Subcommand)]
pub enum ScheduleCommand {
    /// The next dates of each gathering, in its own zone and the server's, marking
    /// the skipped and moved ones (the default).
    List {
        /// How many dates of each gathering to show.
        #[arg(long, default_value_t = 6)]
        count: usize,
    },
    /// Do not hold a gathering on one of its dates, e.g.
    /// `thewell schedule skip bible-study 2026-11-25 --reason Thanksgiving`.
    Skip {
        /// The gathering's id, as `thewell schedule` lists it.
        gathering: String,
        /// The date it would have met, YYYY-MM-DD.
        #[arg(value_parser = parse_date)]
        date: NaiveDate,
        /// Why, in a few words: the pages say it ("No Bible study tonight (Thanksgiving)").
        #[arg(long)]
        reason: String,
        /// Why, in another of the site's languages, for its pages there, e.g.
        /// `--reason-in ur "…"`; once for each language [default: the English reason,
        /// as written].
        #[arg(long, num_args = 2, value_names = ["LANG", "WORDS"], action = clap::ArgAction::Append)]
        reason_in: Vec<String>,
    },
    /// Hold one date of a gathering at another day, time or place, e.g.
    /// `thewell schedule move bible-study 2027-03-17 --to 2027-03-18 19:30`.
    Move {
        /// The gathering's id, as `thewell schedule` lists it.
        gathering: String,
        /// The date it would have met, YYYY-MM-DD.
        #[arg(value_parser = parse_date)]
        date: NaiveDate,
        /// The new local day and start time, in the gathering's own zone: YYYY-MM-DD
        /// HH:MM (24-hour) or h:mm AM/PM.
        #[arg(long, num_args = 1..=3, value_names = ["DATE", "TIME"], required = true)]
        to: Vec<String>,
        /// Where it meets that day, when not at its usual place.
        #[arg(long = "where")]
        place: Option<String>,
        /// Why, in a few words (shown beside the new time).
        #[arg(long, default_value = "")]
        reason: String,
        /// Why, in another of the site's languages, for its pages there, e.g.
        /// `--reason-in ur "…"`; once for each language [default: the English reason,
        /// as written].
        #[arg(long, num_args = 2, value_names = ["LANG", "WORDS"], action = clap::ArgAction::Append)]
        reason_in: Vec<String>,
    },
    /// Write a gathering out as its file to edit (a built-in one's file is made in
    /// content/gatherings/), and give it a first or last date or a place, e.g.
    /// `thewell schedule edit north-monthly --first 2027-01-02 --where "Grace Hall,
    /// 12 Main St, Wilmington, DE"`. A coming-soon gathering given a first date is
    /// announced with its dates from then on.
    Edit {
        /// The gathering's id, as `thewell schedule` lists it.
        gathering: String,
        /// Its first date, YYYY-MM-DD: one of the days its rule names (e.g. a first
        /// Saturday).
        #[arg(long, value_parser = parse_date)]
        first: Option<NaiveDate>,
        /// Its last date, YYYY-MM-DD (it is not listed after it).
        #[arg(long, value_parser = parse_date)]
        last: Option<NaiveDate>,
        /// Where it meets: an address, or "online" (at the meeting link).
        #[arg(long = "where")]
        place: Option<String>,
    },
    /// Take back a skip or a move: the gathering meets on that date as usual again.
    /// (`restore`, its name before, still works.)
    #[command(alias = "restore")]
    Undo {
        /// The gathering's id, as `thewell schedule` lists it.
        gathering: String,
        /// The date that was skipped or moved, YYYY-MM-DD.
        #[arg(value_parser = parse_date)]
        date: NaiveDate,
    },
}

#[derive(Debug, Args)]
pub struct NoticeArgs {
    #[command(subcommand)]
    pub command: Option<NoticeCommand>,
}

#[derive(Debug, Subcommand)]
pub enum NoticeCommand {
    /// The notices, current and expired, with their ids (the default).
    List,
    /// Put up a notice, e.g. `thewell notice add "No service today: the building has
    /// no power" --until "2026-11-29 18:00"`. Its words are shown as plain text.
    Add {
        /// What it says: one or two sentences (at most 300 characters).
        text: String,
        /// What it says in another of the site's languages, for its pages there, e.g.
        /// `--in ur "…"`; once for each language [default: the English, marked as
        /// English there].
        #[arg(long = "in", num_args = 2, value_names = ["LANG", "WORDS"], action = clap::ArgAction::Append)]
        in_languages: Vec<String>,
        /// When it leaves the pages: local day and time, YYYY-MM-DD HH:MM (24-hour) or
        /// h:mm AM/PM, in --zone.
        #[arg(long, num_args = 1..=3, value_names = ["DATE", "TIME"], required = true)]
        until: Vec<String>,
        /// Show it only on one campus's pages: south-florida, north, online, europe or
        /// pakistan [default: every page].
        #[arg(long)]
        campus: Option<String>,
        /// An https link for more (shown as "More" after the words).
        #[arg(long)]
        link: Option<String>,
        /// The zone of --until (an IANA name).
        #[arg(long, value_parser = parse_zone, default_value = "America/New_York")]
        zone: Tz,
    },
    /// Take a notice down now (its id as `thewell notice list` shows it).
    Remove {
        /// The notice's id.
        id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum SiteCommand {
    /// List every setting with its value, marking the placeholders (the default).
    Show,
    /// Set one setting, e.g. `thewell site set giving-url https://give.example.com/thewell`.
    Set {
        /// The setting's name, as `thewell site show` lists it.
        #[arg(value_parser = SettingParser)]
        setting: &'static Setting,
        /// Its new value (links start with https://; videos take a YouTube link or id).
        value: String,
    },
    /// Put one setting back to its placeholder.
    Unset {
        /// The setting's name, as `thewell site show` lists it.
        #[arg(value_parser = SettingParser)]
        setting: &'static Setting,
    },
    /// List the places a photo can replace a drawing, the photo each has and whether
    /// it is ready (made for every screen), waiting, or refused and why.
    Photos {
        /// Make every waiting photo now, one at a time, before listing (a running server
        /// makes them by itself; this is for a data directory no server runs on).
        #[arg(long)]
        make: bool,
    },
    /// Put a photo from a phone or camera in a slot, e.g.
    /// `thewell site photo sunday-worship-in-plantation /tmp/IMG_4032.JPG`. Any JPEG, PNG or WebP, whatever
    /// its name: a running server turns it upright, crops it to the slot's frame,
    /// makes it in the sizes phones and computers need and strips where it was taken.
    /// The slot keeps the photo it had if this one is refused.
    Photo {
        /// The slot, as `thewell site photos` lists it.
        slot: String,
        /// The photo's file.
        file: PathBuf,
        /// The point to keep in view when the photo is cropped to its frame: across and
        /// down from the top left, e.g. 50%,30% (a face high in the picture). Without it,
        /// the centre.
        #[arg(long, value_parser = parse_focus)]
        focus: Option<crate::photos::Focus>,
    },
}

fn parse_focus(text: &str) -> Result<crate::photos::Focus, String> {
    text.parse()
}
