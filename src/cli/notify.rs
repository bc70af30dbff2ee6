//! `thewell notify`: who is told of each new submission (email or a signed webhook),
//! a test message to one target, and a retry of the given-up notifications. The
//! targets live in `<data-dir>/notify.json`; a running server follows a change
//! within a second.
use std::io::Write;

use super::args::{MailArgs, NotifyCommand};
use super::{CliError, say};
use crate::data_dir::DataDir;
use crate::notify::NotifyError;
use crate::notify::deliver::{self, MailSettings, Mailer, Poster};
use crate::notify::message::Submission;
use crate::notify::sender::Channels;
use crate::notify::targets::{ALL, Targets, Via};
use crate::store::{self, Reader, StoreError};

impl MailArgs {
    /// The mail account these flags name, if any (the password from
    /// THEWELL_SMTP_PASSWORD or --smtp-password-file).
    pub fn settings(&self) -> Result<Option<MailSettings>, NotifyError> {
        let Some(url) = &self.smtp_url else {
            return Ok(None);
        };
        let mail_from = self.mail_from.clone().ok_or_else(|| {
            NotifyError::MailFrom("is missing: --smtp-url needs it (or THEWELL_MAIL_FROM)".into())
        })?;
        let password = match &self.smtp_password_file {
            Some(file) => Some({
                let unreadable = |source| NotifyError::File {
                    path: file.clone(),
                    source,
                };
                let bytes = crate::data_dir::read_owner_only(file)
                    .map_err(unreadable)?
                    .map_err(|mode| NotifyError::PasswordFileOpen {
                        path: file.clone(),
                        mode,
                    })?;
                String::from_utf8(bytes)
                    .map_err(|e| {
                        unreadable(std::io::Error::new(std::io::ErrorKind::InvalidData, e))
                    })?
                    .trim_end_matches(['\r', '\n'])
                    .to_string()
            }),
            None => std::env::var("THEWELL_SMTP_PASSWORD").ok(),
        };
        Ok(Some(MailSettings {
            smtp_url: url.clone(),
            mail_from,
            password,
            ca_file: self.smtp_ca_file.clone(),
        }))
    }
}

pub fn run(
    dir: &DataDir,
    command: Option<NotifyCommand>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command.unwrap_or(NotifyCommand::List) {
        NotifyCommand::List => list(dir, out),
        NotifyCommand::Add {
            form,
            email,
            webhook,
            notify_prayer_text,
        } => add(dir, form, email, webhook, notify_prayer_text, out),
        NotifyCommand::Remove { id } => remove(dir, &id, out),
        NotifyCommand::Resume { id } => resume(dir, &id, out),
        NotifyCommand::Test { id, mail } => test(dir, &id, &mail, out),
        NotifyCommand::Retry => {
            let (moved, when) = match super::output::alone(dir)? {
                // No server runs: here, holding the directory so none starts meanwhile.
                Some(_held) => (store::retry_notifications(dir)?, "when the server starts"),
                // The server's writer does it: the database has one writer while it runs.
                None => (crate::handoff::ask_server_to_retry(dir)?, "now"),
            };
            say!(
                out,
                "{moved} given-up notifications will be tried again {when}."
            )
        }
    }
}

fn add(
    dir: &DataDir,
    form: String,
    email: Option<String>,
    webhook: Option<String>,
    prayer_text: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut targets = Targets::read(dir)?;
    let (via, secret) = match (email, webhook) {
        (Some(to), _) => (Via::Email { to }, None),
        (None, Some(url)) => {
            let url = deliver::webhook_url(&url).map_err(CliError::Usage)?;
            let secret = deliver::new_secret();
            (
                Via::Webhook {
                    url,
                    secret: secret.clone(),
                },
                Some(secret),
            )
        }
        (None, None) => {
            return Err(CliError::Usage(
                "give --email ADDRESS or --webhook URL".into(),
            ));
        }
    };
    let id = targets.add(vec![form.clone()], via, prayer_text);
    targets.write(dir)?;
    let target = targets.targets.last().expect("just added");
    say!(out, "target {id}: {} hears of {form}", target.describe())?;
    if let Some(secret) = secret {
        say!(
            out,
            "Its signing secret (shown this once; the receiver checks X-Thewell-Signature: sha256=HMAC-SHA256(secret, body)):\n{secret}"
        )?;
    }
    if form == crate::notify::targets::ALL {
        say!(
            out,
            "(all leaves out the subscription form: add it by name to hear of sign-ups)"
        )?;
    }
    say!(out, "Check it with `thewell notify test {id}`.")
}

fn remove(dir: &DataDir, id: &str, out: &mut impl Write) -> Result<(), CliError> {
    let mut targets = Targets::read(dir)?;
    let before = targets.targets.len();
    targets.targets.retain(|t| t.id != id);
    if targets.targets.len() == before {
        return Err(CliError::Usage(format!(
            "there is no target {id}: `thewell notify list` shows them"
        )));
    }
    targets.write(dir)?;
    say!(
        out,
        "target {id} removed; its waiting notifications are dropped."
    )
}

fn resume(dir: &DataDir, id: &str, out: &mut impl Write) -> Result<(), CliError> {
    let mut targets = Targets::read(dir)?;
    let mut resumed = Vec::new();
    for t in targets
        .targets
        .iter_mut()
        .filter(|t| id == ALL || t.id == id)
    {
        if t.paused {
            t.paused = false;
            resumed.push(t.id.clone());
        }
    }
    if id != ALL && !targets.targets.iter().any(|t| t.id == id) {
        return Err(CliError::Usage(format!(
            "there is no target {id}: `thewell notify list` shows them"
        )));
    }
    if resumed.is_empty() {
        return say!(
            out,
            "nothing was paused: every target named is already told of new submissions."
        );
    }
    targets.write(dir)?;
    say!(
        out,
        "target{} {} told again of each new submission from now on.",
        if resumed.len() == 1 { "" } else { "s" },
        resumed.join(", ")
    )
}

fn list(dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let targets = Targets::read(dir)?;
    let counts = match Reader::open(dir) {
        Ok(reader) => reader.notifications()?,
        Err(StoreError::NoDatabase(_) | StoreError::NoDataDir(_)) => Default::default(),
        Err(e) => return Err(e.into()),
    };
    if targets.targets.is_empty() {
        say!(
            out,
            "Nobody is told of new submissions yet. Add someone:\n  thewell notify add connect-card --email office@thewell.church\n  thewell notify add all --webhook https://hooks.example.org/thewell"
        )?;
    }
    for t in &targets.targets {
        let c = counts.get(&t.id).cloned().unwrap_or_default();
        say!(
            out,
            "{:>3}  {}  forms: {}{}{}\n     waiting {}, failing {}, given up {}{}",
            t.id,
            t.describe(),
            t.forms.join(", "),
            if t.paused {
                "  PAUSED (restored: `thewell notify resume` once checked)"
            } else {
                ""
            },
            if t.prayer_text {
                "  (with prayer text)"
            } else {
                ""
            },
            c.pending,
            c.failing,
            c.given_up,
            if c.last_error.is_empty() {
                String::new()
            } else {
                format!("\n     last failure: {}", c.last_error)
            }
        )?;
    }
    Ok(())
}

fn test(dir: &DataDir, id: &str, mail: &MailArgs, out: &mut impl Write) -> Result<(), CliError> {
    let targets = Targets::read(dir)?;
    let target = targets.targets.iter().find(|t| t.id == id).ok_or_else(|| {
        CliError::Usage(format!(
            "there is no target {id}: `thewell notify list` shows them"
        ))
    })?;
    let mailer = match (&target.via, mail.settings()?) {
        (Via::Email { .. }, Some(settings)) => Some(Mailer::new(&settings)?),
        _ => None,
    };
    let channels = Channels {
        mailer,
        poster: Poster::default(),
    };
    let record = serde_json::Map::new();
    let submission = Submission {
        form: "contact",
        id: ulid::Ulid::generate(),
        record: &record,
        test: true,
    };
    let runtime = super::output::runtime()?;
    match runtime.block_on(channels.send(target, &submission)) {
        Ok(()) => say!(
            out,
            "sent: {} accepted the test message.",
            target.describe()
        ),
        Err(failure) => Err(CliError::NotDelivered(format!(
            "{}: {failure}",
            target.describe()
        ))),
    }
}
