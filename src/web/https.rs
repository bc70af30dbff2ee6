//! `thewell serve` over HTTPS: the certificate (one you have, re-read when its files
//! change, or one obtained and renewed from an ACME authority), plain HTTP on its own
//! port answering the authority's checks and redirecting everything else, and the
//! site on the HTTPS port once a certificate is there.
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use poem::{Endpoint, EndpointExt, Response, Route, get};

use super::conn::acme::{self, Acme, AcmeConfig};
use super::conn::connection::{Limits, Registry};
use super::conn::listen::{self, Direct};
use super::conn::tls;
use super::middleware;
use super::startup::{ServeError, bind_https_port};
use crate::cli::ServeArgs;
use crate::data_dir::DataDir;

/// How `serve` answers HTTPS, if it does.
pub enum Https {
    /// `--tls-cert` and `--tls-key`.
    Own { cert: PathBuf, key: PathBuf },
    /// `--domain`: certificates from an ACME authority.
    Acme(AcmeConfig),
}

pub fn https_mode(args: &ServeArgs) -> Option<Https> {
    if let (Some(cert), Some(key)) = (&args.tls_cert, &args.tls_key) {
        return Some(Https::Own {
            cert: cert.clone(),
            key: key.clone(),
        });
    }
    (!args.domains.is_empty()).then(|| {
        Https::Acme(AcmeConfig {
            domains: args.domains.clone(),
            email: args.acme_email.clone(),
            directory: args.acme_directory.clone(),
            ca_root: args.acme_ca_root.clone(),
        })
    })
}

/// Serves the site (`app`) over HTTPS on `--https-port` and the redirect on
/// `--http-port` until `stop`; the first certificate is obtained first when none is kept.
pub async fn serve<D, E>(
    data_dir: &DataDir,
    args: &ServeArgs,
    https: Https,
    app: (D, E),
    (limits, registry): (Limits, Arc<Registry>),
    stop: impl Future<Output = ()> + Send + 'static,
    grace: Duration,
) -> Result<(), ServeError>
where
    D: Direct,
    E: Endpoint<Output = Response> + 'static,
{
    // Both ports first, so that a port in use is said at once.
    let ip = args.addr.map(|a| a.ip());
    let (secure, secure_bound) = bind_https_port(ip, args.https_port).await?;
    let (plain, plain_bound) = bind_https_port(ip, args.http_port).await?;
    // One stop signal for both listeners and the first certificate order.
    let (stopping, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        stop.await;
        let _ = stopping.send(true);
    });
    let stop_for = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|s| *s).await;
    };
    let mut redirect = Route::new();
    let acme = match https {
        Https::Own { cert, key } => Err((cert, key)),
        Https::Acme(config) => {
            let acme = Arc::new(Acme::new(config, data_dir)?);
            redirect = redirect.at(
                "/.well-known/acme-challenge/:token",
                get(acme::answer_challenge).data(acme.challenges.clone()),
            );
            Ok(acme)
        }
    };
    let redirect = redirect
        .at("/*path", tls::to_https.data(secure_bound.port()))
        .at("/", tls::to_https.data(secure_bound.port()))
        .around(middleware::around)
        .map_to_response();
    let redirect = (listen::Routed, redirect);
    // Plain HTTP serves from the start: the certificate authority checks through it.
    let plain = tokio::spawn(listen::serve(
        plain,
        redirect,
        (limits, Arc::clone(&registry)),
        None,
        stop_for(stopped.clone()),
        grace,
    ));
    println!("thewell redirecting http://{plain_bound} to https");
    let certificate = match acme {
        Err((cert, key)) => tls::watch(cert, key)?,
        Ok(acme) => {
            let issued = match acme.kept() {
                Some(issued) => issued,
                None => tokio::select! {
                    issued = acme.obtain() => issued,
                    () = stop_for(stopped.clone()) => {
                        let _ = plain.await;
                        tracing::info!("stopped before a certificate came");
                        return Ok(());
                    }
                },
            };
            let current: tls::Current = Arc::new(RwLock::new(Arc::new(issued.config.clone())));
            acme.renew_in_background(Arc::downgrade(&current), issued);
            current
        }
    };
    println!("thewell listening on https://{secure_bound}");
    listen::serve(
        secure,
        app,
        (limits, registry),
        Some(certificate),
        stop_for(stopped),
        grace,
    )
    .await;
    let _ = plain.await;
    Ok(())
}
