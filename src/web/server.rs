//! `thewell serve`: the data directory, the routes, the listener, and a graceful
//! stop on SIGTERM or Ctrl-C.
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::Data;
use poem::{Endpoint, EndpointExt, IntoResponse, Response, Route, get, handler};

use super::acme::{self, Acme, AcmeConfig, AcmeError};
use super::error::WebError;
use super::forms::{self, Api};
use super::listen::{self, Limits};
use super::ratelimit::{self, Limiter};
use super::tls::{self, TlsError};
use super::{assets, links, middleware, photos, rss, schedule};
use crate::backups;
use crate::cli::ServeArgs;
use crate::data_dir::DataDir;
use crate::settings::Live;
use crate::store::{self, StoreError};

/// Where plain HTTP listens without --addr.
const PLAIN_ADDR: SocketAddr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 8080);
/// How long requests in flight may take to finish after a stop signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(8);

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(
        "cannot create the data directory {path}: {source}. Check the path and its parent's permissions, or pick another with --data-dir"
    )]
    DataDir { path: PathBuf, source: io::Error },
    #[error("cannot open {path}, which marks the data directory as in use: {source}")]
    Lock { path: PathBuf, source: io::Error },
    #[error("cannot listen on {addr}: {source}. {hint}", hint = bind_hint(source))]
    Bind { addr: SocketAddr, source: io::Error },
    #[error("cannot open the submissions database: {0}")]
    Store(#[from] StoreError),
    #[error("the server stopped with an error: {0}")]
    Run(#[source] io::Error),
    #[error(transparent)]
    Notify(#[from] crate::notify::NotifyError),
    #[error(transparent)]
    Tls(#[from] TlsError),
    #[error(transparent)]
    Acme(#[from] AcmeError),
}

fn bind_hint(error: &io::Error) -> &'static str {
    match error.kind() {
        io::ErrorKind::PermissionDenied => {
            "Ports below 1024 need root or the CAP_NET_BIND_SERVICE capability (deploy/thewell.service grants it); or pick other ports with --https-port and --http-port"
        }
        _ => {
            "Is another program (another web server?) using that port? Stop it, or pick another with --addr (--https-port, --http-port when serving HTTPS)"
        }
    }
}

/// Creates the data directory with mode 0700 when missing; warns when others can read it.
fn prepare_data_dir(dir: &DataDir) -> Result<(), ServeError> {
    let wrap = |source| ServeError::DataDir {
        path: dir.root().to_path_buf(),
        source,
    };
    dir.create().map_err(wrap)?;
    // Where a volunteer puts photos (see `thewell site photos`); made here so it is easy to find.
    if let Err(e) = dir.create_photos() {
        tracing::warn!(path = %dir.photos().display(), "cannot create the photos folder: {e}");
    }
    if let Some(mode) = dir.readable_by_others().map_err(wrap)? {
        tracing::warn!(path = %dir.root().display(), mode = format!("{mode:o}"), "the data directory is readable by other users; chmod 700 it");
    }
    Ok(())
}

/// `GET /healthz` for monitors: `200 ok`, or 503 with the reason while storing
/// submissions fails (pages still serve, so a page check alone would not notice).
#[handler]
fn healthz(api: Data<&Arc<Api>>) -> Response {
    match api.writer.health().problem() {
        None => "ok".into_response(),
        Some(problem) => WebError::Unhealthy(problem).into_response(),
    }
}

/// The whole application: the site's own files answered first, directly; then the
/// router: health check, the schedule, the form API, the outside links and photos,
/// and the embedded site for every other path.
fn app(api: Arc<Api>, live: Arc<Live>) -> (FilesFirst, impl Endpoint<Output = Response>) {
    let routed = Route::new()
        .at("/healthz", get(healthz).data(Arc::clone(&api)))
        .at("/api/schedule", get(schedule::schedule))
        .at("/calendar/:file", get(schedule::calendar))
        .at("/sermons.xml", get(rss::sermons_feed))
        .at("/go/:name", get(links::go))
        .at("/photos/:file", get(photos::photo))
        .nest("/api", forms::forms_endpoint.data(api))
        .nest("/", assets::serve)
        .data(Arc::clone(&live))
        .around(middleware::around)
        .map_to_response();
    (FilesFirst { live }, routed)
}

/// Most requests are for the site's own files (pages, scripts, 304s): answered from
/// the catalog without the router's matching, with the same headers and log line.
struct FilesFirst {
    live: Arc<Live>,
}

impl listen::Direct for FilesFirst {
    fn answer(
        &self,
        method: &poem::http::Method,
        uri: &poem::http::Uri,
        headers: &poem::http::HeaderMap,
        https: bool,
    ) -> Option<Response> {
        let started = std::time::Instant::now();
        let response = assets::answer_directly(method, uri.path(), headers, &self.live)?;
        Some(middleware::finish_request(
            response,
            started,
            https,
            method,
            uri.path(),
        ))
    }
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C). The handlers are registered when this is
/// called, not when first polled, so a signal right after start-up is not lost.
fn stop_signal() -> Result<impl Future<Output = ()>, io::Error> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = term.recv() => {},
            _ = interrupt.recv() => {},
        }
        tracing::info!("stop signal received: finishing requests in flight");
    })
}

/// Snapshots the database every `every` into the backups folder, keeping `keep`. The
/// first comes when the newest backup is `every` old (at once if there is none), so
/// a server restarted often still takes them.
fn schedule_backups(dir: DataDir, every: Duration, keep: usize) {
    tokio::spawn(async move {
        loop {
            let newest = backups::list(&dir).last().map(|(taken, _)| *taken);
            let due = newest.map_or(Duration::ZERO, |taken| {
                let age = (chrono::Utc::now() - taken)
                    .to_std()
                    .unwrap_or(Duration::ZERO);
                every.saturating_sub(age)
            });
            tokio::time::sleep(due).await;
            let job = dir.clone();
            let taken = tokio::task::spawn_blocking(move || {
                let path = backups::take(&job)?;
                let removed = backups::prune(&job, keep).unwrap_or_default();
                Ok::<_, StoreError>((path, removed.len()))
            })
            .await;
            match taken {
                Ok(Ok((path, removed))) => {
                    tracing::info!(path = %path.display(), removed, "backup taken")
                }
                Ok(Err(error)) => {
                    tracing::error!(%error, "backup failed; trying again in a minute");
                    tokio::time::sleep(Duration::from_secs(60)).await;
                }
                Err(error) => tracing::error!(%error, "backup task failed"),
            }
        }
    });
}

/// Once a minute, says how many log lines were dropped since the last report (the
/// queue to standard error was full: the terminal or journal could not keep up).
fn report_dropped_log_lines() {
    tokio::spawn(async move {
        let mut reported = 0;
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            let dropped = crate::logging::dropped();
            if dropped > reported {
                tracing::warn!(
                    dropped = dropped - reported,
                    "log lines dropped in the last minute: the log could not keep up"
                );
                reported = dropped;
            }
        }
    });
}

/// Every two seconds, hands memory that a burst used and freed back to the system.
/// glibc keeps freed memory in its per-thread arenas for reuse; after 1,000
/// connections have come and gone that is some 30 MB the server no longer uses.
/// `malloc_trim` releases the free pages (a walk of the free lists, well under a
/// millisecond at this size), so the server's memory returns to its resting size.
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    tokio::spawn(async {
        loop {
            tokio::time::sleep(Duration::from_secs(2)).await;
            // SAFETY: malloc_trim only releases free memory; it may be called at any time.
            let _ = tokio::task::spawn_blocking(|| unsafe { libc::malloc_trim(0) }).await;
        }
    });
}

/// Going live (`--domain`): one line naming each setting visitors would still see as a placeholder.
fn name_placeholders(live: &Live) {
    let snapshot = live.current();
    let names: Vec<&str> = snapshot.placeholders().iter().map(|s| s.name).collect();
    if !names.is_empty() {
        tracing::warn!(
            "visitors see placeholders for these settings: {}. Set each with `thewell site set <name> <value>` (`thewell site show` lists them first)",
            names.join(", ")
        );
    }
}

/// How `serve` answers HTTPS, if it does.
enum Https {
    /// `--tls-cert` and `--tls-key`.
    Own { cert: PathBuf, key: PathBuf },
    /// `--domain`: certificates from an ACME authority.
    Acme(AcmeConfig),
}

fn https_mode(args: &ServeArgs) -> Option<Https> {
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

/// A port of the HTTPS set-up: on the IP of --addr, else on every address (IPv6 and
/// IPv4 where the machine has IPv6, IPv4 alone where it has not).
async fn bind_https_port(
    ip: Option<IpAddr>,
    port: u16,
) -> Result<(impl Acceptor + 'static, SocketAddr), ServeError> {
    if let Some(ip) = ip {
        return bind(SocketAddr::new(ip, port)).await;
    }
    match bind(SocketAddr::new(Ipv6Addr::UNSPECIFIED.into(), port)).await {
        // No IPv6 on this machine: IPv4 alone.
        Err(ServeError::Bind { source, .. })
            if !matches!(
                source.kind(),
                io::ErrorKind::AddrInUse | io::ErrorKind::PermissionDenied
            ) =>
        {
            bind(SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), port)).await
        }
        bound => bound,
    }
}

/// A listening socket on `addr`, and the address it got (the port, when 0 was asked).
async fn bind(addr: SocketAddr) -> Result<(impl Acceptor + 'static, SocketAddr), ServeError> {
    let acceptor = TcpListener::bind(addr)
        .into_acceptor()
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let bound = acceptor
        .local_addr()
        .first()
        .and_then(|a| a.as_socket_addr().copied())
        .unwrap_or(addr);
    Ok((acceptor, bound))
}

/// Starts the sender that delivers the outbox's notifications in the background.
fn start_notifications(
    args: &ServeArgs,
    writer: &store::Writer,
    targets: Arc<crate::notify::targets::Registry>,
) -> Result<(), ServeError> {
    use crate::notify::deliver::{Mailer, Poster};
    let mailer = match args.mail.settings()? {
        Some(settings) => Some(Mailer::new(&settings)?),
        None => None,
    };
    let channels = crate::notify::sender::Channels {
        mailer,
        poster: Poster::default(),
    };
    tokio::spawn(crate::notify::sender::run(
        writer.clone(),
        targets,
        channels,
    ));
    Ok(())
}

pub async fn run(data_dir: &DataDir, args: ServeArgs) -> Result<(), ServeError> {
    prepare_data_dir(data_dir)?;
    // Held until the process ends: `thewell restore` refuses while it is.
    let _lock = backups::ServerLock::acquire(data_dir).map_err(|source| ServeError::Lock {
        path: data_dir.server_lock(),
        source,
    })?;
    let limiter = Arc::new(Limiter::new(args.rate_burst, args.rate_per_minute));
    limiter.sweep_in_background(ratelimit::SWEEP_EVERY);
    let targets = Arc::new(crate::notify::targets::Registry::open(data_dir));
    let writer = store::Writer::start(
        data_dir,
        Some(store::Notifying {
            targets: Arc::clone(&targets),
            first_wait_ms: args.notify_retry.as_millis().min(i64::MAX as u128) as i64,
        }),
    )?;
    start_notifications(&args, &writer, targets)?;
    tokio::spawn(crate::retention::sweep(
        writer.clone(),
        args.keep.clone(),
        args.retention_every,
    ));
    tokio::spawn(crate::requests::serve_requests(
        writer.clone(),
        data_dir.clone(),
    ));
    let api = Arc::new(Api {
        writer,
        limiter,
        trusted_proxy: args.trusted_proxy,
    });
    let site_url = args.domains.first().map(|domain| match args.https_port {
        443 => format!("https://{domain}"),
        port => format!("https://{domain}:{port}"),
    });
    let retention = args
        .keep
        .iter()
        .map(|k| {
            (
                k.form.name.to_string(),
                crate::retention::describe(k.period),
            )
        })
        .collect();
    let live = Arc::new(Live::open(data_dir, site_url, retention));
    if !args.domains.is_empty() {
        name_placeholders(&live);
    }
    assets::prepare();
    report_dropped_log_lines();
    return_freed_memory();
    schedule_backups(
        data_dir.clone(),
        args.backup_every,
        args.backup_keep.get() as usize,
    );
    let stop = stop_signal().map_err(ServeError::Run)?;
    let open_files = listen::raise_open_file_limit();
    let limits = Limits {
        max_connections: args
            .max_connections
            .map_or_else(|| listen::connections_for(open_files), |n| n.get() as usize),
        header_timeout: Duration::from_secs(args.header_timeout.get().into()),
        idle_timeout: Duration::from_secs(args.idle_timeout.get().into()),
    };
    tracing::info!(
        open_files,
        max_connections = limits.max_connections,
        header_timeout = ?limits.header_timeout,
        idle_timeout = ?limits.idle_timeout,
        "serving at most {} connections at once (open-file limit {open_files})",
        limits.max_connections
    );
    let https = https_mode(&args);
    let Some(https) = https else {
        let (acceptor, bound) = bind(args.addr.unwrap_or(PLAIN_ADDR)).await?;
        // One line on stdout that scripts (and the tests) can wait for.
        println!("thewell listening on http://{bound}");
        listen::serve(acceptor, app(api, live), limits, None, stop, SHUTDOWN_GRACE).await;
        tracing::info!("stopped");
        return Ok(());
    };
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
        limits,
        None,
        stop_for(stopped.clone()),
        SHUTDOWN_GRACE,
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
        app(api, live),
        limits,
        Some(certificate),
        stop_for(stopped),
        SHUTDOWN_GRACE,
    )
    .await;
    let _ = plain.await;
    tracing::info!("stopped");
    Ok(())
}
