//! HTTPS with a certificate the volunteer already has (`--tls-cert`, `--tls-key`):
//! the files are read at start-up and again whenever they change, and the new
//! certificate is used for the next connection, without a restart and without
//! touching the connections already open. rustls on the `ring` provider; HTTP/2
//! and HTTP/1.1 by ALPN.
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Request, Response, handler};
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{ServerConfig, version};

/// How often the certificate files are looked at for a change.
const RECHECK: Duration = Duration::from_secs(2);

#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error(
        "cannot read the certificate chain {path}: {reason}. It must be PEM (-----BEGIN CERTIFICATE-----)"
    )]
    Certificate { path: PathBuf, reason: String },
    #[error(
        "cannot read the private key {path}: {reason}. It must be PEM (-----BEGIN PRIVATE KEY-----, RSA or EC)"
    )]
    Key { path: PathBuf, reason: String },
    #[error("the certificate in {cert} does not go with the key in {key}: {reason}")]
    Mismatch {
        cert: PathBuf,
        key: PathBuf,
        reason: String,
    },
}

/// The server configuration in use, swapped whole when the files change.
pub type Current = Arc<RwLock<Arc<ServerConfig>>>;

/// A server configuration from a PEM certificate chain and its private key.
pub fn load(cert: &Path, key: &Path) -> Result<ServerConfig, TlsError> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| TlsError::Certificate {
            path: cert.to_path_buf(),
            reason: e.to_string(),
        })?;
    if chain.is_empty() {
        return Err(TlsError::Certificate {
            path: cert.to_path_buf(),
            reason: "it holds no certificate".into(),
        });
    }
    let private = PrivateKeyDer::from_pem_file(key).map_err(|e| TlsError::Key {
        path: key.to_path_buf(),
        reason: e.to_string(),
    })?;
    config(chain, private).map_err(|e| TlsError::Mismatch {
        cert: cert.to_path_buf(),
        key: key.to_path_buf(),
        reason: e.to_string(),
    })
}

/// The server configuration for one certificate chain and its key: TLS 1.3 and 1.2,
/// HTTP/2 and HTTP/1.1 by ALPN. Fails when the key does not go with the certificate.
pub fn config(
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> Result<ServerConfig, tokio_rustls::rustls::Error> {
    let mut config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_protocol_versions(&[&version::TLS13, &version::TLS12])
        .expect("ring supports TLS 1.2 and 1.3")
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(config)
}

/// Puts `config` in use for the connections that come next.
pub fn swap(current: &Current, config: ServerConfig) {
    *current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(config);
}

fn stamp(path: &Path) -> Option<(u64, SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// Loads the files, then follows them: a changed pair that loads replaces the
/// configuration in use; one that does not keeps the old one, with a log line.
pub fn watch(cert: PathBuf, key: PathBuf) -> Result<Current, TlsError> {
    let current: Current = Arc::new(RwLock::new(Arc::new(load(&cert, &key)?)));
    let follow = Arc::downgrade(&current);
    tokio::spawn(async move {
        let mut seen = (stamp(&cert), stamp(&key));
        loop {
            tokio::time::sleep(RECHECK).await;
            let Some(current) = follow.upgrade() else {
                return;
            };
            let now = (stamp(&cert), stamp(&key));
            if now == seen {
                continue;
            }
            seen = now;
            match load(&cert, &key) {
                Ok(config) => {
                    swap(&current, config);
                    tracing::info!(cert = %cert.display(), "certificate changed: new connections use the new one");
                }
                Err(error) => {
                    tracing::error!(%error, "the changed certificate files do not load; still serving the previous certificate")
                }
            }
        }
    });
    Ok(current)
}

/// The name in a Host header, without its port (`[::1]:80` → `[::1]`).
fn host_name(host: &str) -> &str {
    match host.strip_prefix('[').and_then(|rest| rest.find(']')) {
        Some(end) => &host[..end + 2],
        None => host.split(':').next().unwrap_or(host),
    }
}

/// Plain HTTP when serving HTTPS: every request (but the ACME checks, see acme.rs) goes to the same path and query over
/// HTTPS (308 keeps the method), on `https_port` of the host the visitor asked for.
#[handler]
pub fn to_https(req: &Request, https_port: Data<&u16>) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(host_name)
        .filter(|h| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".-[]:".contains(c))
        });
    let Some(host) = host else {
        return Response::builder()
            .status(StatusCode::BAD_REQUEST)
            .content_type("text/plain; charset=utf-8")
            .body("This address serves HTTPS: ask for it by the site's name.");
    };
    let port = match *https_port.0 {
        443 => String::new(),
        port => format!(":{port}"),
    };
    let path = req.uri().path_and_query().map_or("/", |p| p.as_str());
    Response::builder()
        .status(StatusCode::PERMANENT_REDIRECT)
        .header(header::LOCATION, format!("https://{host}{port}{path}"))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_lose_their_port() {
        assert_eq!(host_name("thewell.church:80"), "thewell.church");
        assert_eq!(host_name("thewell.church"), "thewell.church");
        assert_eq!(host_name("[::1]:8080"), "[::1]");
        assert_eq!(host_name("[::1]"), "[::1]");
    }
}
