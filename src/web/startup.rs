//! What `serve` needs before its first connection: the data directory made ready,
//! the listening sockets bound, the stop signal registered, and `ServeError`, what
//! can keep it from starting.
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;

use poem::listener::{Acceptor, Listener, TcpListener};

use super::conn::acme::AcmeError;
use super::conn::tls::TlsError;
use crate::data_dir::DataDir;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(
        "cannot create the data directory {path}: {source}. Check the path and its parent's permissions, or pick another with --data-dir"
    )]
    DataDir { path: PathBuf, source: io::Error },
    #[error(
        "{path} must be a real folder owned by the user the server runs as, but {why}. The server writes only inside its data directory: move it away and make a folder in its place (mkdir -m 700 {path}), or point --data-dir at a directory whose folders are real"
    )]
    ForeignFolder { path: PathBuf, why: String },
    #[error(transparent)]
    Lock(#[from] crate::lock::LockError),
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
    #[error(transparent)]
    Offsite(#[from] crate::offsite::OffsiteError),
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
pub fn prepare_data_dir(dir: &DataDir) -> Result<(), ServeError> {
    let wrap = |source| ServeError::DataDir {
        path: dir.root().to_path_buf(),
        source,
    };
    dir.create().map_err(wrap)?;
    if let Some((path, why)) = dir.foreign_folder().map_err(wrap)? {
        return Err(ServeError::ForeignFolder { path, why });
    }
    // Where a volunteer puts photos (see `thewell site photos`); made here so it is easy to find.
    if let Err(e) = dir.create_photos() {
        tracing::warn!(path = %dir.photos().display(), "cannot create the photos folder: {e}");
    }
    if let Some(mode) = dir.readable_by_others().map_err(wrap)? {
        tracing::warn!(path = %dir.root().display(), mode = format!("{mode:o}"), "the data directory is readable by other users; chmod 700 it");
    }
    Ok(())
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C). The handlers are registered when this is
/// called, not when first polled, so a signal right after start-up is not lost.
pub fn stop_signal() -> Result<impl Future<Output = ()>, io::Error> {
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

/// A port of the HTTPS set-up: on the IP of --addr, else on every address (IPv6 and
/// IPv4 where the machine has IPv6, IPv4 alone where it has not).
pub async fn bind_https_port(
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
pub async fn bind(addr: SocketAddr) -> Result<(impl Acceptor + 'static, SocketAddr), ServeError> {
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
