//! Sending one notification: an email through the church's mail account (lettre,
//! SMTPS or SMTP with STARTTLS required; plain SMTP only to this machine's own mail
//! server), or a signed JSON POST to a webhook. A failure says what failed: the
//! name (DNS), the connection, TLS, the login, the recipient, or the HTTP status.
use std::path::PathBuf;
use std::time::Duration;

use http_body_util::Full;
use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use ring::hmac;

use super::NotifyError;

/// How long one delivery may take before it counts as failed (and is retried).
pub const TIMEOUT: Duration = Duration::from_secs(30);
/// The header that carries a webhook body's signature.
pub const SIGNATURE_HEADER: &str = "x-thewell-signature";
/// The header that carries the submission id, the same on every retry.
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";

/// What a delivery failed on, in words staff can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    #[error("DNS: the name {0} does not resolve: check the spelling")]
    Dns(String),
    #[error("connection: {0}")]
    Connection(String),
    #[error("TLS: {0}")]
    Tls(String),
    #[error("authentication: the mail server refused the user name or password: {0}")]
    Authentication(String),
    #[error("recipient refused: {0}")]
    Recipient(String),
    #[error("the mail server answered: {0}")]
    Mail(String),
    #[error("the webhook answered HTTP {0}: a 2xx status means received")]
    Status(u16),
    #[error(
        "no mail server is set: give --smtp-url and --mail-from (on the server: THEWELL_SMTP_URL and THEWELL_MAIL_FROM in /etc/thewell.env; docs/operations.md, \"The mail account\")"
    )]
    NoMailer,
    #[error("timed out after {0} s")]
    Timeout(u64),
}

use crate::outbound::is_loopback;

/// The church's mail account, from `serve`'s (or `notify test`'s) flags.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    host: String,
}

/// Where the mail account's settings come from.
pub struct MailSettings {
    pub smtp_url: String,
    pub mail_from: String,
    pub password: Option<String>,
    /// A PEM file of a private certificate authority the mail server's certificate comes from.
    pub ca_file: Option<PathBuf>,
}

impl Mailer {
    pub fn new(settings: &MailSettings) -> Result<Mailer, NotifyError> {
        let bad = |why: String| NotifyError::SmtpUrl(why);
        let url = url::Url::parse(&settings.smtp_url)
            .map_err(|e| bad(format!("{}: {e}", settings.smtp_url)))?;
        let host = url
            .host_str()
            .ok_or_else(
                || bad("it names no host, e.g. smtps://office@mail.example.org:465".into()),
            )?
            .to_string();
        if url.password().is_some() {
            return Err(bad(
                "it holds a password, which `ps` would show: put it in THEWELL_SMTP_PASSWORD or --smtp-password-file"
                    .into(),
            ));
        }
        let tls = || -> Result<TlsParameters, NotifyError> {
            let mut builder = TlsParameters::builder(host.clone());
            if let Some(file) = &settings.ca_file {
                let pem = std::fs::read(file).map_err(|source| NotifyError::File {
                    path: file.clone(),
                    source,
                })?;
                let ca = Certificate::from_pem(&pem)
                    .map_err(|e| bad(format!("{}: not a PEM certificate: {e}", file.display())))?;
                builder = builder.add_root_certificate(ca);
            }
            builder.build_rustls().map_err(|e| bad(e.to_string()))
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host.clone());
        builder = match url.scheme() {
            "smtps" => builder
                .port(url.port().unwrap_or(465))
                .tls(Tls::Wrapper(tls()?)),
            "smtp" if is_loopback(&host) && settings.ca_file.is_none() => {
                // This machine's own mail server: nothing crosses the network.
                builder.port(url.port().unwrap_or(25)).tls(Tls::None)
            }
            "smtp" => builder
                .port(url.port().unwrap_or(587))
                .tls(Tls::Required(tls()?)),
            other => {
                return Err(bad(format!(
                    "{other}: is not smtps:// (TLS from the start, port 465) or smtp:// (STARTTLS, port 587)"
                )));
            }
        };
        if !url.username().is_empty() {
            let user = percent_decode(url.username());
            let password = settings.password.clone().ok_or_else(|| {
                bad(format!(
                    "it logs in as {user}: give the password in THEWELL_SMTP_PASSWORD or --smtp-password-file"
                ))
            })?;
            builder = builder.credentials(Credentials::new(user, password));
        }
        let from: Mailbox = settings
            .mail_from
            .parse()
            .map_err(|e| NotifyError::MailFrom(format!("{}: {e}", settings.mail_from)))?;
        Ok(Mailer {
            transport: builder.timeout(Some(TIMEOUT)).build(),
            from,
            host,
        })
    }

    /// Sends one plain-text message.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), Failure> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| Failure::Recipient(format!("{to}: {e}")))?;
        // (Message-ID at the sender's own domain, as mail readers and filters expect)
        let domain = self.from.email.domain().to_string();
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .date_now()
            .message_id(Some(format!("<{}@{domain}>", ulid::Ulid::generate())))
            .header(lettre::message::header::MIME_VERSION_1_0)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(|e| Failure::Mail(e.to_string()))?;
        resolves(&self.host).await?;
        match tokio::time::timeout(TIMEOUT, self.transport.send(message)).await {
            Err(_) => Err(Failure::Timeout(TIMEOUT.as_secs())),
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(smtp_failure(&e)),
        }
    }
}

/// A URL's user name as written before it was escaped: `%40` is `@`, and `+` stays
/// `+` (it means a space only in form data, not in a URL's user name).
fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

/// Fails with Dns when `host` has no address.
async fn resolves(host: &str) -> Result<(), Failure> {
    crate::outbound::resolves(host)
        .await
        .map_err(|_| Failure::Dns(crate::outbound::short_code(host)))
}

fn smtp_failure(e: &lettre::transport::smtp::Error) -> Failure {
    // The mail server's own words, cut to a short printable code.
    let text = crate::outbound::short_code(&crate::text::with_causes(e));
    if e.is_timeout() {
        return Failure::Timeout(TIMEOUT.as_secs());
    }
    if e.is_tls() || crate::outbound::about_tls(&text) {
        return Failure::Tls(text);
    }
    match e.status().map(|c| c.to_string()) {
        Some(code) if code.starts_with("53") => Failure::Authentication(text),
        Some(code)
            if ["550", "551", "552", "553", "554", "450", "451", "452"]
                .contains(&code.as_str()) =>
        {
            Failure::Recipient(text)
        }
        Some(_) => Failure::Mail(text),
        None if e.is_response() || e.is_client() => Failure::Mail(text),
        None => Failure::Connection(text),
    }
}

/// `sha256=<hex>` of `body` under `secret` (hex).
pub fn signature(secret: &str, body: &[u8]) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    let tag = hmac::sign(&key, body);
    format!("sha256={}", hex(tag.as_ref()))
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new webhook secret: 32 random bytes, hex.
pub fn new_secret() -> String {
    use ring::rand::SecureRandom;
    let mut bytes = [0u8; 32];
    ring::rand::SystemRandom::new()
        .fill(&mut bytes)
        .expect("the system's random numbers");
    hex(&bytes)
}

/// Checks a webhook address: https, or http to this machine.
pub fn webhook_url(text: &str) -> Result<String, String> {
    let url = url::Url::parse(text.trim()).map_err(|e| format!("{text}: {e}"))?;
    let host = url.host_str().unwrap_or_default();
    match url.scheme() {
        "https" if !host.is_empty() => Ok(url.to_string()),
        "http" if is_loopback(host) => Ok(url.to_string()),
        _ => Err(format!(
            "{text}: a webhook must be https:// (plain http only to this machine, e.g. http://127.0.0.1:9000/hook)"
        )),
    }
}

/// The answer of a webhook kept in memory, at most (its words are not read).
const ANSWER_MAX: u64 = 64 * 1024;

/// Posts webhooks through the server's one outbound client.
#[derive(Clone, Default)]
pub struct Poster {
    http: crate::outbound::Outbound,
}

impl Poster {
    /// Posts `body`, signed with `secret`, with `id` as its idempotency key.
    pub async fn post(
        &self,
        url: &str,
        secret: &str,
        id: &str,
        body: String,
    ) -> Result<(), Failure> {
        let uri: hyper::Uri = url
            .parse()
            .map_err(|e| Failure::Connection(format!("{url}: {e}")))?;
        let request = hyper::Request::post(uri)
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .header(hyper::header::USER_AGENT, "thewell-notify")
            .header(SIGNATURE_HEADER, signature(secret, body.as_bytes()))
            .header(IDEMPOTENCY_HEADER, id)
            .body(Full::new(bytes::Bytes::from(body)))
            .map_err(|e| Failure::Connection(e.to_string()))?;
        let sent = tokio::time::timeout(TIMEOUT, self.http.exchange(request, TIMEOUT, ANSWER_MAX))
            .await
            .map_err(|_| Failure::Timeout(TIMEOUT.as_secs()))?;
        use crate::outbound::OutboundError as E;
        let (status, _) = sent.map_err(|e| match e {
            E::Dns(host) => Failure::Dns(host),
            E::Tls(text) => Failure::Tls(text),
            E::Stalled(secs) => Failure::Timeout(secs),
            other => Failure::Connection(other.to_string()),
        })?;
        if status.is_success() {
            Ok(())
        } else {
            Err(Failure::Status(status.as_u16()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_name_keeps_its_plus_and_loses_its_escapes() {
        assert_eq!(
            percent_decode("office+alerts%40thewell.church"),
            "office+alerts@thewell.church"
        );
        assert_eq!(percent_decode("a%20b&c=d"), "a b&c=d");
    }

    #[test]
    fn signatures_match_a_known_hmac_and_webhooks_must_be_https() {
        // RFC 4231 test case 2.
        let key = "Jefe";
        let tag = hmac::sign(
            &hmac::Key::new(hmac::HMAC_SHA256, key.as_bytes()),
            b"what do ya want for nothing?",
        );
        assert_eq!(
            hex(tag.as_ref()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            signature(key, b"what do ya want for nothing?"),
            format!("sha256={}", hex(tag.as_ref()))
        );
        assert_eq!(new_secret().len(), 64);
        assert!(webhook_url("https://hooks.example.org/x").is_ok());
        assert!(webhook_url("http://127.0.0.1:9000/x").is_ok());
        assert!(webhook_url("http://hooks.example.org/x").is_err());
        assert!(webhook_url("ftp://127.0.0.1/x").is_err());
    }

    #[test]
    fn a_mail_url_with_a_password_or_an_unknown_scheme_is_refused() {
        let settings = |url: &str| MailSettings {
            smtp_url: url.into(),
            mail_from: "The Well <web@thewell.example>".into(),
            password: Some("secret".into()),
            ca_file: None,
        };
        assert!(Mailer::new(&settings("smtps://office@mail.example.org")).is_ok());
        assert!(Mailer::new(&settings("smtp://127.0.0.1:2525")).is_ok());
        let refused = |url| Mailer::new(&settings(url)).err().unwrap().to_string();
        assert!(refused("smtps://office:pw@mail.example.org").contains("THEWELL_SMTP_PASSWORD"));
        assert!(refused("imap://mail.example.org").contains("is not smtps://"));
        let mut no_password = settings("smtps://office@mail.example.org");
        no_password.password = None;
        assert!(
            Mailer::new(&no_password)
                .err()
                .unwrap()
                .to_string()
                .contains("logs in as office")
        );
    }
}
