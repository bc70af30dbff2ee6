//! `thewell serve`, composed: the data directory, the store with its writer, the
//! notifications, retention and staff hand-off beside it, the routes, and plain
//! HTTP (or `https`) until a graceful stop on SIGTERM or Ctrl-C.
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use poem::web::Data;
use poem::{Endpoint, EndpointExt, IntoResponse, Response, Route, get, handler};

use super::conn::connection::{Limits, Registry};
use super::conn::listen;
use super::error::WebError;
use super::files::{assets, links, photos, rss};
use super::forms::{self, Api};
use super::https;
use super::ratelimit::{self, Limiter};
use super::startup::{ServeError, bind, prepare_data_dir, stop_signal};
use super::{middleware, plain_forms, schedule};
use crate::backups;
use crate::cli::ServeArgs;
use crate::data_dir::DataDir;
use crate::published::Live;
use crate::store;

/// Where plain HTTP listens without --addr.
const PLAIN_ADDR: SocketAddr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 8080);
/// How long requests in flight may take to finish after a stop signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(8);

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
    let mut routed = Route::new()
        .at("/healthz", get(healthz).data(Arc::clone(&api)))
        .at("/api/schedule", get(schedule::schedule))
        .at("/calendar/:file", get(schedule::calendar))
        .at("/sermons.xml", get(rss::sermons_feed))
        .at("/go/:name", get(links::go));
    for language in crate::language::others() {
        routed = routed.at(format!("/{}/go/:name", language.code), get(links::go_in));
    }
    let routed = routed
        .at("/photos/:file", get(photos::photo))
        .nest("/api", forms::forms_endpoint.data(Arc::clone(&api)))
        .nest("/", assets::serve.data(api))
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
        // A form's thank-you page is the router's (`assets::serve`).
        if uri.query().is_some_and(plain_forms::asks_sent) {
            return None;
        }
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

/// At start-up: one line naming each setting still at its placeholder and what
/// visitors meet in its place (a volunteer launching before setting everything reads it).
fn name_placeholders(live: &Live) {
    let snapshot = live.current();
    let names: Vec<String> = snapshot
        .placeholders()
        .iter()
        .map(|s| format!("{} ({})", s.name, s.unset))
        .collect();
    if !names.is_empty() {
        tracing::warn!(
            "visitors see placeholders for these settings: {}. Set each with `thewell site set <name> <value>` (`thewell site show` lists them first)",
            names.join("; ")
        );
    }
}

/// Starts the sender that delivers the outbox's notifications in the background.
fn start_notifications(
    args: &ServeArgs,
    writer: &store::Writer,
    targets: Arc<crate::notify::targets::Registry>,
) -> Result<crate::notify::sender::Channels, ServeError> {
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
        channels.clone(),
    ));
    Ok(channels)
}

/// Starts the off-site copier when --offsite names a bucket.
fn start_offsite(
    data_dir: &DataDir,
    args: &ServeArgs,
    targets: Arc<crate::notify::targets::Registry>,
    channels: crate::notify::sender::Channels,
) -> Result<(), ServeError> {
    let offsite = &args.offsite;
    let (Some(url), Some(recipient), Some(tag_key)) = (
        &offsite.offsite,
        &offsite.offsite_recipient,
        &offsite.offsite_tag_key,
    ) else {
        return Ok(());
    };
    let config = crate::offsite::state::Config {
        bucket: offsite.bucket.bucket(url)?,
        recipient: crate::offsite::crypt::recipient(recipient)?,
        tag_key: crate::offsite::tag::read_server_key(tag_key)?,
        site: crate::offsite::recovery::read_site(tag_key),
        every: offsite.offsite_every,
        keep: offsite.offsite_keep,
        tell_after: offsite.offsite_tell_after,
    };
    tracing::info!(
        "off-site copies to {url}, encrypted to {recipient}, at most {} after each submission",
        humantime::format_duration(offsite.offsite_every)
    );
    let tell = channels.teller(targets, "offsite");
    tokio::spawn(crate::offsite::copier::run(data_dir.clone(), config, tell));
    Ok(())
}

/// The site as published (settings, photos, content), with its address and the
/// retention periods its pages state.
fn open_site(data_dir: &DataDir, args: &ServeArgs) -> Arc<Live> {
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
    Arc::new(Live::open(data_dir, site_url, retention))
}

/// How many connections at once (by the open-file limit, raised, and the machine's
/// memory, unless `--max-connections` says), and the header and idle timeouts; said
/// in the log.
fn connection_limits(args: &ServeArgs) -> Limits {
    let open_files = listen::raise_open_file_limit();
    // Every listener (HTTPS and its redirect too) shares one cap.
    let by_memory = listen::machine_memory().map_or(usize::MAX, listen::connections_for_memory);
    let limits = Limits {
        max_connections: args.max_connections.map_or_else(
            || listen::connections_for(open_files).min(by_memory),
            |n| n.get() as usize,
        ),
        header_timeout: Duration::from_secs(args.header_timeout.get().into()),
        idle_timeout: Duration::from_secs(args.idle_timeout.get().into()),
    };
    tracing::info!(
        open_files,
        max_connections = limits.max_connections,
        header_timeout = ?limits.header_timeout,
        idle_timeout = ?limits.idle_timeout,
        "serving at most {} connections at once, on every listener together (open-file limit {open_files})",
        limits.max_connections
    );
    limits
}

pub async fn run(data_dir: &DataDir, args: ServeArgs) -> Result<(), ServeError> {
    prepare_data_dir(data_dir)?;
    // Held until the process ends: `thewell restore` refuses while it is.
    let _lock = crate::lock::ServerLock::acquire(data_dir)?;
    let limiter = Arc::new(Limiter::new(args.rate_burst, args.rate_per_minute));
    limiter.sweep_in_background(ratelimit::SWEEP_EVERY);
    let targets = Arc::new(crate::notify::targets::Registry::open(data_dir));
    let writer = store::Writer::start(
        data_dir,
        Some(store::Notifying {
            audience: Arc::clone(&targets) as Arc<dyn store::Audience>,
            first_wait_ms: args.notify_retry.as_millis().min(i64::MAX as u128) as i64,
        }),
    )?;
    let channels = start_notifications(&args, &writer, Arc::clone(&targets))?;
    let tell_retention = channels.teller(Arc::clone(&targets), "retention");
    start_offsite(data_dir, &args, targets, channels)?;
    tokio::spawn(crate::retention::sweep(
        writer.clone(),
        args.keep.clone(),
        args.retention_every,
        crate::retention::Bounds {
            dir: data_dir.clone(),
            offsite: args.offsite.offsite.is_some(),
            tell: tell_retention,
        },
    ));
    tokio::spawn(crate::handoff::serve_handoffs(
        writer.clone(),
        data_dir.clone(),
    ));
    let api = Arc::new(Api {
        writer,
        // The keys of the last day's submissions, so a retry after a restart is
        // still answered with the first one's id.
        keys: Arc::new(crate::web::idempotency::Keys::load(data_dir)),
        limiter,
        trusted_proxy: args.trusted_proxy,
    });
    let live = open_site(data_dir, &args);
    name_placeholders(&live);
    assets::prepare();
    assets::compress_ahead(&live, &live.current());
    // Each new or replaced photo made into the sizes pages serve, one at a time, idle.
    live.make_photos();
    crate::logging::report_dropped_lines();
    return_freed_memory();
    backups::schedule(
        data_dir.clone(),
        args.backup_every,
        args.backup_keep.get() as usize,
    );
    let stop = stop_signal().map_err(ServeError::Run)?;
    let limits = connection_limits(&args);
    let connections = (limits, Registry::new(limits.max_connections));
    match https::https_mode(&args) {
        Some(https) => {
            let app = app(api, live);
            https::serve(
                data_dir,
                &args,
                https,
                app,
                connections,
                stop,
                SHUTDOWN_GRACE,
            )
            .await?;
        }
        None => {
            let (acceptor, bound) = bind(args.addr.unwrap_or(PLAIN_ADDR)).await?;
            // One line on stdout that scripts (and the tests) can wait for.
            println!("thewell listening on http://{bound}");
            listen::serve(
                acceptor,
                app(api, live),
                connections,
                None,
                stop,
                SHUTDOWN_GRACE,
            )
            .await;
        }
    }
    tracing::info!("stopped");
    Ok(())
}
