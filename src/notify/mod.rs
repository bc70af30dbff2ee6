//! Telling staff about each submission: the targets (`targets`: who hears about
//! which form), what a notification says (`message`), how it is sent (`deliver`:
//! mail or a signed webhook), and the background sender (`sender`) that works
//! through the outbox the writer fills in the submission's own commit
//! (src/store/outbox.rs).
use std::path::PathBuf;

pub mod deliver;
pub mod message;
pub mod sender;
pub mod targets;

#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    #[error("cannot use {path}: {source}")]
    File {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not valid ({why}): fix it by hand or remove it and add the targets again")]
    Broken { path: PathBuf, why: String },
    #[error(
        "{path} holds the mail account's password but other users may read it (mode {mode:o}): chmod 600 it"
    )]
    PasswordFileOpen { path: PathBuf, mode: u32 },
    #[error("--smtp-url {0}")]
    SmtpUrl(String),
    #[error("--mail-from {0}: write an address, e.g. \"The Well <web@thewell.church>\"")]
    MailFrom(String),
}
