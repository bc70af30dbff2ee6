//! Certificates from an ACME certificate authority for `serve --domain` (Let's
//! Encrypt unless `--acme-directory` names another): the account and the
//! certificate kept in `<data-dir>/acme/` (folder 0700, files 0600) and reused after
//! a restart; the HTTP-01 checks answered on the plain-HTTP port; a renewal when a
//! third of the certificate's lifetime remains, retried with backoff while the
//! current certificate keeps serving, and swapped in for new connections without a
//! restart. Each failure is one log line that says what to check.
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, RwLock, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount,
    NewOrder, Order, OrderStatus, Problem, RetryPolicy,
};
use poem::http::StatusCode;
use poem::web::{Data, Path};
use poem::{Response, handler};
use serde::{Deserialize, Serialize};
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};

use super::tls::{self, Current};
use crate::data_dir::{DataDir, replace_private_file};

/// The first wait after a failed order; it doubles with each failure, up to
/// `LONGEST_RETRY`. Five failures take an hour: Let's Encrypt allows five failed
/// validations per name per hour.
const FIRST_RETRY: Duration = Duration::from_secs(120);
const LONGEST_RETRY: Duration = Duration::from_secs(6 * 3600);
/// The least time between two orders, however short-lived the certificates.
const LEAST_GAP: Duration = Duration::from_secs(10);
/// How long the authority may take to validate, and then to issue.
const ORDER_PATIENCE: Duration = Duration::from_secs(120);

/// What `serve --domain` asked for.
#[derive(Debug, Clone)]
pub struct AcmeConfig {
    /// The names the certificate must cover; the first is the site's address.
    pub domains: Vec<String>,
    pub email: Option<String>,
    /// The ACME directory URL.
    pub directory: String,
    /// A CA to trust for the directory's own HTTPS, in place of the system's.
    pub ca_root: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum AcmeError {
    #[error(
        "cannot keep the ACME files in {path}: {source}. Check the data directory's permissions and free space"
    )]
    Storage {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "cannot use the ACME directory {directory}: {detail}. Check that this machine can make outgoing HTTPS connections, and --acme-directory"
    )]
    Directory { directory: String, detail: String },
    #[error(
        "the certificate authority's rate limit: {detail}. Nothing to fix here: it passes with time (Let's Encrypt: see letsencrypt.org/docs/rate-limits); test with its staging directory (--acme-directory)"
    )]
    RateLimited { detail: String },
    #[error(
        "the certificate authority could not check {domain}: {detail}. Check that the DNS of {domain} (its A and AAAA records) points at this machine, and that port 80 reaches it from the internet (firewall, another web server on it)"
    )]
    Validation { domain: String, detail: String },
    #[error("the certificate authority refused the order: {0}")]
    Refused(String),
    #[error("the certificate issued cannot be used: {0}")]
    Unusable(String),
}

impl AcmeError {
    /// An error from the ACME client, named for what the volunteer can check.
    fn from_acme(error: instant_acme::Error, domains: &[String], directory: &str) -> AcmeError {
        match error {
            instant_acme::Error::Api(problem) => from_problem(&problem, domains),
            instant_acme::Error::Timeout(_) => AcmeError::Validation {
                domain: domains.join(", "),
                detail: "it did not answer in time".into(),
            },
            other => AcmeError::Directory {
                directory: directory.to_string(),
                detail: crate::text::with_causes(&other),
            },
        }
    }
}

fn from_problem(problem: &Problem, domains: &[String]) -> AcmeError {
    let kind = problem
        .r#type
        .as_deref()
        .and_then(|t| t.rsplit(':').next())
        .unwrap_or("");
    let detail = problem
        .detail
        .clone()
        .unwrap_or_else(|| problem.to_string());
    match kind {
        "rateLimited" => AcmeError::RateLimited { detail },
        "dns" | "connection" | "unauthorized" | "incorrectResponse" | "caa" | "tls" => {
            AcmeError::Validation {
                domain: domains.join(", "),
                detail,
            }
        }
        _ => AcmeError::Refused(problem.to_string()),
    }
}

/// The HTTP-01 answers waiting to be fetched: token → key authorization.
#[derive(Debug, Clone, Default)]
pub struct Challenges(Arc<RwLock<HashMap<String, String>>>);

impl Challenges {
    fn publish(&self, token: &str, answer: &str) {
        self.0
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(token.to_string(), answer.to_string());
    }

    fn withdraw(&self, token: &str) {
        self.0
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(token);
    }

    fn answer(&self, token: &str) -> Option<String> {
        self.0
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
            .cloned()
    }
}

/// The tokens of one order, withdrawn when the order ends, however it ends.
struct Published<'a> {
    challenges: &'a Challenges,
    tokens: Vec<String>,
}

impl Drop for Published<'_> {
    fn drop(&mut self) {
        for token in &self.tokens {
            self.challenges.withdraw(token);
        }
    }
}

/// `GET /.well-known/acme-challenge/<token>` on the plain-HTTP port.
#[handler]
pub fn answer_challenge(Path(token): Path<String>, challenges: Data<&Challenges>) -> Response {
    match challenges.answer(&token) {
        Some(answer) => Response::builder().content_type("text/plain").body(answer),
        None => Response::builder()
            .status(StatusCode::NOT_FOUND)
            .content_type("text/plain; charset=utf-8")
            .body("No such ACME challenge."),
    }
}

/// A certificate chain with its key, as kept in `acme/certificate.pem`.
pub struct Issued {
    pem: String,
    pub names: Vec<String>,
    pub serial: String,
    not_before: SystemTime,
    pub not_after: SystemTime,
    pub config: ServerConfig,
}

/// When a third of a certificate's lifetime remains (as certbot and Caddy renew).
fn renewal_time(not_before: SystemTime, not_after: SystemTime) -> SystemTime {
    let lifetime = not_after.duration_since(not_before).unwrap_or_default();
    not_after - lifetime / 3
}

fn from_unix(seconds: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(seconds.max(0) as u64)
}

impl Issued {
    /// Reads a chain (leaf first) and its private key from one PEM text.
    pub fn parse(pem: String) -> Result<Issued, String> {
        let chain = CertificateDer::pem_slice_iter(pem.as_bytes())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("the certificate chain does not read: {e}"))?;
        let key = PrivateKeyDer::from_pem_slice(pem.as_bytes())
            .map_err(|e| format!("the private key does not read: {e}"))?;
        let leaf = chain.first().ok_or("it holds no certificate")?;
        let (_, cert) = x509_parser::parse_x509_certificate(leaf)
            .map_err(|e| format!("the certificate does not read: {e}"))?;
        let names = match cert.subject_alternative_name() {
            Ok(Some(san)) => san
                .value
                .general_names
                .iter()
                .filter_map(|name| match name {
                    x509_parser::extensions::GeneralName::DNSName(dns) => {
                        Some(dns.to_ascii_lowercase())
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let serial = cert.raw_serial_as_string();
        let not_before = from_unix(cert.validity().not_before.timestamp());
        let not_after = from_unix(cert.validity().not_after.timestamp());
        let config = tls::config(chain.clone(), key.clone_key()).map_err(|e| e.to_string())?;
        Ok(Issued {
            pem,
            names,
            serial,
            not_before,
            not_after,
            config,
        })
    }

    /// Whether it names every domain and has not expired.
    fn serves(&self, domains: &[String]) -> bool {
        domains.iter().all(|d| self.names.contains(d)) && SystemTime::now() < self.not_after
    }

    fn renew_at(&self) -> SystemTime {
        renewal_time(self.not_before, self.not_after)
    }

    fn expires(&self) -> String {
        chrono::DateTime::<chrono::Utc>::from(self.not_after)
            .format("%Y-%m-%d %H:%M UTC")
            .to_string()
    }
}

/// The account as kept in `acme/account.json`, with the directory it belongs to.
#[derive(Serialize, Deserialize)]
struct KeptAccount {
    directory: String,
    credentials: AccountCredentials,
}

/// Obtains and renews the certificate of `serve --domain`.
pub struct Acme {
    config: AcmeConfig,
    dir: DataDir,
    pub challenges: Challenges,
}

impl Acme {
    pub fn new(config: AcmeConfig, dir: &DataDir) -> Result<Acme, AcmeError> {
        dir.create_acme().map_err(|source| AcmeError::Storage {
            path: dir.acme(),
            source,
        })?;
        Ok(Acme {
            config,
            dir: dir.clone(),
            challenges: Challenges::default(),
        })
    }

    fn names(&self) -> String {
        self.config.domains.join(", ")
    }

    fn acme_error(&self, error: instant_acme::Error) -> AcmeError {
        AcmeError::from_acme(error, &self.config.domains, &self.config.directory)
    }

    /// The certificate kept from before, when it names every domain and has not expired.
    pub fn kept(&self) -> Option<Issued> {
        let path = self.dir.acme_certificate();
        let pem = std::fs::read_to_string(&path).ok()?;
        match Issued::parse(pem) {
            Ok(issued) if issued.serves(&self.config.domains) => Some(issued),
            Ok(issued) => {
                tracing::info!(
                    names = issued.names.join(", "),
                    expires = issued.expires(),
                    "the certificate kept in {} does not serve {} now: ordering a new one",
                    path.display(),
                    self.names()
                );
                None
            }
            Err(error) => {
                tracing::warn!(
                    "the certificate kept in {} is unusable ({error}): ordering a new one",
                    path.display()
                );
                None
            }
        }
    }

    /// The account kept for this directory, or a new one (then kept).
    async fn account(&self) -> Result<Account, AcmeError> {
        let directory = &self.config.directory;
        let builder = match &self.config.ca_root {
            Some(root) => Account::builder_with_root(root),
            None => Account::builder(),
        }
        .map_err(|e| AcmeError::Directory {
            directory: directory.clone(),
            detail: crate::text::with_causes(&e),
        })?;
        let path = self.dir.acme_account();
        let kept = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<KeptAccount>(&bytes).ok())
            .filter(|kept| &kept.directory == directory);
        if let Some(kept) = kept {
            return builder
                .from_credentials(kept.credentials)
                .await
                .map_err(|e| self.acme_error(e));
        }
        let contact = self.config.email.as_ref().map(|e| format!("mailto:{e}"));
        let contacts: Vec<&str> = contact.iter().map(String::as_str).collect();
        let (account, credentials) = builder
            .create(
                &NewAccount {
                    contact: &contacts,
                    terms_of_service_agreed: true,
                    only_return_existing: false,
                },
                directory.clone(),
                None,
            )
            .await
            .map_err(|e| self.acme_error(e))?;
        let text = serde_json::to_vec_pretty(&KeptAccount {
            directory: directory.clone(),
            credentials,
        })
        .expect("account credentials serialize");
        self.keep(&path, &text)?;
        tracing::info!(directory = %directory, "ACME account created and kept in {}", path.display());
        Ok(account)
    }

    fn keep(&self, path: &std::path::Path, bytes: &[u8]) -> Result<(), AcmeError> {
        let temp = path.with_extension("tmp");
        replace_private_file(path, &temp, bytes).map_err(|source| AcmeError::Storage {
            path: path.to_path_buf(),
            source,
        })
    }

    /// One order, from the account to the certificate kept on disk.
    pub async fn order(&self) -> Result<Issued, AcmeError> {
        let account = self.account().await?;
        let identifiers: Vec<Identifier> = self
            .config
            .domains
            .iter()
            .map(|d| Identifier::Dns(d.clone()))
            .collect();
        let mut order = account
            .new_order(&NewOrder::new(&identifiers))
            .await
            .map_err(|e| self.acme_error(e))?;
        let mut published = Published {
            challenges: &self.challenges,
            tokens: Vec::new(),
        };
        let mut authorizations = order.authorizations();
        while let Some(authorization) = authorizations.next().await {
            let mut authorization = authorization.map_err(|e| self.acme_error(e))?;
            match authorization.status {
                AuthorizationStatus::Pending => {}
                AuthorizationStatus::Valid => continue,
                status => {
                    return Err(AcmeError::Refused(format!(
                        "the authorization for {} is {status:?}",
                        authorization.identifier()
                    )));
                }
            }
            let mut challenge =
                authorization
                    .challenge(ChallengeType::Http01)
                    .ok_or_else(|| {
                        AcmeError::Refused(
                            "it offers no HTTP-01 challenge to prove the name".into(),
                        )
                    })?;
            self.challenges
                .publish(&challenge.token, challenge.key_authorization().as_str());
            published.tokens.push(challenge.token.clone());
            challenge
                .set_ready()
                .await
                .map_err(|e| self.acme_error(e))?;
        }
        let patience = RetryPolicy::new()
            .initial_delay(Duration::from_millis(500))
            .backoff(1.5)
            .timeout(ORDER_PATIENCE);
        let status = order
            .poll_ready(&patience)
            .await
            .map_err(|e| self.acme_error(e))?;
        if status != OrderStatus::Ready {
            return Err(why_invalid(&mut order).await);
        }
        let key = order.finalize().await.map_err(|e| self.acme_error(e))?;
        let chain = order
            .poll_certificate(&patience)
            .await
            .map_err(|e| self.acme_error(e))?;
        drop(published);
        let issued =
            Issued::parse(format!("{}\n{key}", chain.trim_end())).map_err(AcmeError::Unusable)?;
        self.keep(&self.dir.acme_certificate(), issued.pem.as_bytes())?;
        Ok(issued)
    }

    /// Orders until a certificate comes, waiting longer after each failure; each
    /// failure is one log line.
    pub async fn obtain(&self) -> Issued {
        let mut wait = FIRST_RETRY;
        loop {
            tracing::info!(directory = %self.config.directory, "ordering a certificate for {}", self.names());
            match self.order().await {
                Ok(issued) => {
                    tracing::info!(
                        serial = issued.serial,
                        expires = issued.expires(),
                        "certificate obtained for {} and kept in {}",
                        self.names(),
                        self.dir.acme_certificate().display()
                    );
                    return issued;
                }
                Err(error) => {
                    tracing::error!(
                        "no certificate for {} yet: {error}. Trying again in {}",
                        self.names(),
                        humantime::format_duration(wait)
                    );
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(LONGEST_RETRY);
                }
            }
        }
    }

    /// Renews `issued` when a third of its lifetime remains, for as long as `current`
    /// is in use; each new certificate serves the connections that come after it.
    pub fn renew_in_background(
        self: Arc<Self>,
        current: Weak<RwLock<Arc<ServerConfig>>>,
        issued: Issued,
    ) {
        tokio::spawn(async move {
            let mut renew_at = issued.renew_at();
            tracing::info!(
                serial = issued.serial,
                expires = issued.expires(),
                "serving the certificate for {}; renewing it when a third of its lifetime remains",
                self.names()
            );
            loop {
                let wait = renew_at
                    .duration_since(SystemTime::now())
                    .unwrap_or_default()
                    .max(LEAST_GAP);
                // In steps of at most an hour, so that a clock that jumps is followed.
                tokio::time::sleep(wait.min(Duration::from_secs(3600))).await;
                if SystemTime::now() < renew_at {
                    continue;
                }
                if current.strong_count() == 0 {
                    return;
                }
                let renewed = self.obtain().await;
                let Some(current): Option<Current> = current.upgrade() else {
                    return;
                };
                renew_at = renewed.renew_at();
                tls::swap(&current, renewed.config);
                tracing::info!(
                    serial = renewed.serial,
                    "certificate renewed: new connections use it"
                );
            }
        });
    }
}

/// Why an order became invalid, from the first challenge that failed.
async fn why_invalid(order: &mut Order) -> AcmeError {
    let mut authorizations = order.authorizations();
    while let Some(Ok(mut authorization)) = authorizations.next().await {
        let domain = authorization.identifier().to_string();
        let Ok(state) = authorization.refresh().await else {
            continue;
        };
        if let Some(problem) = state.challenges.iter().find_map(|c| c.error.as_ref()) {
            return match from_problem(problem, std::slice::from_ref(&domain)) {
                AcmeError::Refused(detail) => AcmeError::Validation { domain, detail },
                other => other,
            };
        }
    }
    AcmeError::Refused("the order became invalid without saying why".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renewal_comes_with_a_third_of_the_lifetime_left() {
        let day = Duration::from_secs(24 * 3600);
        let issued = UNIX_EPOCH + 1000 * day;
        assert_eq!(renewal_time(issued, issued + 90 * day), issued + 60 * day);
        assert_eq!(
            renewal_time(issued, issued + Duration::from_secs(90)),
            issued + Duration::from_secs(60)
        );
        // A certificate that ends before it begins is due at once.
        assert_eq!(renewal_time(issued + day, issued), issued);
    }

    #[test]
    fn problems_name_what_to_check() {
        let problem = |kind: &str| Problem {
            r#type: Some(format!("urn:ietf:params:acme:error:{kind}")),
            detail: Some("detail".into()),
            status: Some(400),
            subproblems: Vec::new(),
        };
        let domains = ["thewell.church".to_string()];
        let limited = from_problem(&problem("rateLimited"), &domains).to_string();
        assert!(limited.contains("rate limit"), "{limited}");
        let dns = from_problem(&problem("dns"), &domains).to_string();
        assert!(
            dns.contains("DNS of thewell.church") && dns.contains("port 80"),
            "{dns}"
        );
        let other = from_problem(&problem("malformed"), &domains).to_string();
        assert!(other.contains("refused"), "{other}");
    }
}
