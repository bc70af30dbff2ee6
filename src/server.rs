//! `thewell serve`: the data directory, the routes, the listener, and a graceful
//! stop on SIGTERM or Ctrl-C.
use std::io;
use std::net::SocketAddr;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{Endpoint, EndpointExt, Route, Server, get, handler};

use crate::assets;
use crate::cli::ServeArgs;
use crate::middleware;

/// How long requests in flight may take to finish after a stop signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(8);

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(
        "cannot create the data directory {path}: {source}. Check the path and its parent's permissions, or pick another with --data-dir"
    )]
    DataDir { path: PathBuf, source: io::Error },
    #[error(
        "cannot listen on {addr}: {source}. Is another program using that port? Pick another with --addr"
    )]
    Bind { addr: SocketAddr, source: io::Error },
    #[error("the server stopped with an error: {0}")]
    Run(io::Error),
}

/// Creates the data directory with mode 0700 when missing; warns when others can read it.
pub fn prepare_data_dir(path: &Path) -> Result<(), ServeError> {
    let wrap = |source| ServeError::DataDir {
        path: path.to_path_buf(),
        source,
    };
    if !path.exists() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(path)
            .map_err(wrap)?;
    }
    let mode = std::fs::metadata(path).map_err(wrap)?.permissions().mode();
    if mode & 0o077 != 0 {
        tracing::warn!(path = %path.display(), mode = format!("{:o}", mode & 0o777), "the data directory is readable by other users; chmod 700 it");
    }
    Ok(())
}

#[handler]
fn healthz() -> &'static str {
    "ok"
}

/// The whole application: health check, then the embedded site for every other path.
pub fn app() -> impl Endpoint {
    Route::new()
        .at("/healthz", get(healthz))
        .nest("/", assets::serve)
        .around(middleware::around)
}

async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("stop signal received: finishing requests in flight");
}

pub async fn run(args: ServeArgs) -> Result<(), ServeError> {
    prepare_data_dir(&args.data_dir)?;
    let acceptor = TcpListener::bind(args.addr)
        .into_acceptor()
        .await
        .map_err(|source| ServeError::Bind {
            addr: args.addr,
            source,
        })?;
    let bound = acceptor
        .local_addr()
        .first()
        .and_then(|a| a.as_socket_addr().copied())
        .unwrap_or(args.addr);
    // One line on stdout that scripts (and the tests) can wait for.
    println!("thewell listening on http://{bound}");
    Server::new_with_acceptor(acceptor)
        .run_with_graceful_shutdown(app(), stop_signal(), Some(SHUTDOWN_GRACE))
        .await
        .map_err(ServeError::Run)
}
