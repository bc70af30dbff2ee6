//! The server's copier: every half `--offsite-every` it looks at what changed and
//! puts it in the bucket, encrypted. New submissions go as a segment of the current
//! chain; after an erasure (or a `--keep` sweep) a new base replaces the chain and
//! every older chain is deleted, so no object holds what was erased (fewer
//! submissions than copied without one, a backup put back, keep them all); a long chain is
//! started afresh the same way (its older chains then kept as `--offsite-keep`
//! says). Each file goes once, as a blob named by its bytes, and each change of the
//! files puts a small list naming every blob (src/offsite/layout.rs). After each look
//! that put something, a record names every object of the copy (src/offsite/record.rs). Each object is sealed into a file on disk and
//! put in parts (src/offsite/seal.rs), never whole in memory. An idle server uploads nothing. A failing bucket
//! never holds up a submission: the copier retries with backoff, says so once in the
//! log, and tells the staff after an hour (and again when it recovers). What it
//! knows is kept in `<data-dir>/offsite.json`, which `thewell offsite status` reads.
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use ulid::Ulid;

use super::OffsiteError;
use super::bucket::Bucket;
use super::layout::{self, Listing};
use super::pack::{self};
use crate::data_dir::DataDir;

use super::snapshot::{Changes, blocking, look, seal_base, seal_rows};
use super::state::{Config, State};
use super::upload::{copy_files, put_record, put_sealed, uploaded};

/// A chain gets a new base after this many segments (a restore reads them all).
const MAX_SEGMENTS: u64 = 240;
/// Old copies are pruned at most this often (and after each new base).
const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// The first retry after a failure; each later one waits twice as long, up to half
/// of `--offsite-every`.
const FIRST_RETRY: Duration = Duration::from_secs(2);

/// How the staff are told (the notification targets), when the server has any.
pub use crate::notify::sender::Tell;

/// Runs the copier until the process ends.
pub async fn run(dir: DataDir, config: Config, tell: Tell) {
    let config = Arc::new(config);
    let mut state = match State::read(&dir) {
        Some(state) if state.bucket == config.bucket.describe() => state,
        _ => State {
            bucket: config.bucket.describe().to_string(),
            ..State::default()
        },
    };
    let calm = (config.every / 2).max(Duration::from_secs(1));
    let mut checked_chain = false;
    let mut last_prune: Option<std::time::Instant> = None;
    let mut retry = FIRST_RETRY;
    loop {
        let before = state.clone();
        let result = cycle(
            &dir,
            &config,
            &mut state,
            &mut checked_chain,
            &mut last_prune,
        )
        .await;
        // An object of the copy gone from the bucket is put up again; staff are told,
        // as something deleted it.
        if state.missing_found > before.missing_found
            && let Some((_, what)) = &state.last_missing
        {
            tell(
                "Off-site copy was missing objects".into(),
                format!(
                    "The copy of the site in {} lacked {what}: it has been put up again. Something deleted it from the bucket: check who holds the bucket's key, and whether the bucket keeps versions or has Object Lock (`thewell offsite status`).",
                    config.bucket.describe()
                ),
            );
        }
        // Once a day, while the bucket answers: does it keep what is deleted?
        let day_old = state
            .protection_asked
            .is_none_or(|at| Utc::now() - at >= chrono::TimeDelta::days(1));
        if result.is_ok() && day_old {
            state.protection = Some(config.bucket.protection().await);
            state.protection_asked = Some(Utc::now());
        }
        let wait = match result {
            Ok(()) => {
                working_again(&mut state, &config, &tell);
                retry = FIRST_RETRY;
                calm
            }
            Err(error) => {
                failing(&mut state, &config, &tell, &error.to_string());
                let wait = retry.min(calm);
                retry = (retry * 2).min(calm);
                wait
            }
        };
        if state != before {
            state.write(&dir);
        }
        tokio::time::sleep(wait).await;
    }
}

/// A look that worked after failures: said in the log, and to the staff when they
/// were told of the failure.
fn working_again(state: &mut State, config: &Config, tell: &Tell) {
    let Some(since) = state.failing_since.take() else {
        return;
    };
    tracing::info!(
        "off-site copies reach {} again (failing since {}); caught up",
        config.bucket.describe(),
        since.to_rfc3339()
    );
    if state.told {
        tell(
            "Off-site copies work again".into(),
            format!(
                "The copies of the site to {} work again (they had failed since {}). Everything stored meanwhile is now off-site.",
                config.bucket.describe(),
                since.to_rfc3339()
            ),
        );
    }
    state.told = false;
}

/// A look that failed (`words`: why): said once in the log when the failures begin,
/// and to the staff once they have lasted `--offsite-tell-after`.
fn failing(state: &mut State, config: &Config, tell: &Tell, words: &str) {
    let now = Utc::now();
    if state.failing_since.is_none() {
        state.failing_since = Some(now);
        tracing::warn!(
            "off-site copies to {} fail: {words}. The site keeps serving and storing; retrying until the bucket answers",
            config.bucket.describe()
        );
    }
    state.last_failure = Some(format!("{}: {words}", now.to_rfc3339()));
    let since = state.failing_since.unwrap_or(now);
    if !state.told && (now - since).to_std().unwrap_or_default() >= config.tell_after {
        state.told = true;
        tell(
            "Off-site copies are failing".into(),
            format!(
                "The copies of the site to {} have failed since {}: {words}. The site keeps working and storing; nothing stored since then is off-site yet. `thewell offsite status` on the server says more.",
                config.bucket.describe(),
                since.to_rfc3339()
            ),
        );
    }
}

/// One look: uploads what changed. Errors leave the state as it was before the
/// failing step (the step is tried again next time).
async fn cycle(
    dir: &DataDir,
    config: &Arc<Config>,
    state: &mut State,
    checked_chain: &mut bool,
    last_prune: &mut Option<std::time::Instant>,
) -> Result<(), OffsiteError> {
    let bucket = &config.bucket;
    if !*checked_chain {
        check_prefix(dir, bucket, state).await?;
        *checked_chain = true;
    }
    if state.last_copy.is_some() {
        let listing = Listing::fetch(bucket).await?;
        if let Some(what) = missing_from(&listing, state) {
            tracing::warn!(
                "off-site: {} lacks {what} of this server's copy: it goes up again now",
                bucket.describe()
            );
            state.missing_found += 1;
            state.last_missing = Some((Utc::now(), what));
        }
    }
    let (changes, fingerprint) = take_stock(dir, state).await?;
    // An erasure (or a retention sweep) is known by the database's own count of
    // them, never from a count of submissions.
    let erased = state.erasures.is_some_and(|seen| seen != changes.erasures);
    warn_of_differences(bucket, state, &changes, erased);
    let new_base = copy_submissions(dir, config, state, changes, erased).await?;
    if state.purge {
        purge_older_chains(bucket, state).await?;
    }
    if state.files_waiting {
        copy_files(dir, config, state).await?;
        state.files = Some(fingerprint);
        state.files_waiting = false;
    }
    if state.record_due {
        put_record(dir, config, state).await?;
    }
    let prune_due = new_base || last_prune.is_none_or(|t| t.elapsed() >= PRUNE_EVERY);
    if prune_due && state.last_copy.is_some() {
        prune(config, state).await?;
        *last_prune = Some(std::time::Instant::now());
    }
    Ok(())
}

/// Once per start: may this data directory copy under this prefix, and is the chain
/// the state names still in the bucket?
async fn check_prefix(
    dir: &DataDir,
    bucket: &Bucket,
    state: &mut State,
) -> Result<(), OffsiteError> {
    let listing = Listing::fetch(bucket).await?;
    if !state.owns_prefix {
        // A state that has copied before made what is there (older states did not say so).
        let made_them = state.chain.is_some() || state.last_copy.is_some();
        if !made_them && !(listing.chains.is_empty() && listing.files.is_empty()) {
            return Err(OffsiteError::PrefixTaken(bucket.describe().to_string()));
        }
        state.owns_prefix = true;
        // Written before its first object goes up: a server stopped at any moment
        // after (its first cycle included) copies on at its next start.
        state.write(dir);
    }
    if state.chain.is_some()
        && !listing
            .complete()
            .any(|c| Some(&c.name) == state.chain.as_ref())
    {
        state.chain = None;
    }
    Ok(())
}

/// What changed since the copies (the database read between commits) and the
/// fingerprint of the site's files; the state's counts of what waits are set.
async fn take_stock(dir: &DataDir, state: &mut State) -> Result<(Changes, String), OffsiteError> {
    let held = state.held.clone();
    let d = dir.clone();
    let changes = blocking(move || look(&d, &held)).await?;
    let root = dir.root().to_path_buf();
    let fingerprint = tokio::task::spawn_blocking(move || pack::fingerprint(&root))
        .await
        .unwrap_or_default();
    state.waiting = changes.new_rows.len() as u64 + lacking(state, &changes);
    // A state from before records knows no files object to name: the list goes up again.
    state.files_waiting =
        state.files.as_deref() != Some(fingerprint.as_str()) || state.files_object.is_none();
    state.last_check = Some(Utc::now());
    Ok((changes, fingerprint))
}

/// How many submissions stored here the copies lack, among those up to the chain's newest.
fn lacking(state: &State, changes: &Changes) -> u64 {
    changes
        .differ
        .iter()
        .map(|(form, here)| here.saturating_sub(state.held.get(*form).map_or(0, |h| h.count)))
        .sum()
}

/// Says in the log when the copies and the database differ other than by new
/// submissions or an erasure: fewer here (a backup put back or a damaged journal:
/// every copy is kept), or submissions here the copies lack (a gap: a new base).
fn warn_of_differences(bucket: &Bucket, state: &mut State, changes: &Changes, erased: bool) {
    if changes.fewer && !erased {
        tracing::warn!(
            "off-site: the copies in {} hold submissions that are not here (a backup put back, or a damaged database): a new copy of what is here is made and every older copy is kept (`thewell restore --from ... --at` brings one back)",
            bucket.describe()
        );
    }
    // A state from before the tallies holds none: its first look makes a base.
    let untallied = state.chain.is_some() && state.held.is_empty();
    let gap = !changes.differ.is_empty() && !erased && !untallied && state.chain.is_some();
    if gap {
        let forms: Vec<String> = changes
            .differ
            .iter()
            .map(|(form, here)| format!("{form} ({here} here)"))
            .collect();
        tracing::warn!(
            "off-site: the copies in {} lack {} submissions stored here ({}); a new copy of every submission takes their place",
            bucket.describe(),
            lacking(state, changes),
            forms.join(", ")
        );
        state.gaps_found += 1;
        state.last_gap = Some(Utc::now());
    }
}

/// Uploads the submissions: a new base when there is no chain, after an erasure or a
/// difference, or when the chain has grown long; otherwise a segment of the new
/// ones, if any. Whether a new base went up.
async fn copy_submissions(
    dir: &DataDir,
    config: &Arc<Config>,
    state: &mut State,
    changes: Changes,
    erased: bool,
) -> Result<bool, OffsiteError> {
    let base_bytes = state.chain_objects.first().map_or(0, |(_, size)| *size);
    let chain_bytes: u64 = state.chain_objects.iter().map(|(_, size)| size).sum();
    let long_chain =
        state.segments() >= MAX_SEGMENTS || (state.segments() >= 8 && chain_bytes > 2 * base_bytes);
    let unrecorded = state.chain_objects.is_empty();
    let mut new_base = false;
    if state.chain.is_none() || erased || !changes.differ.is_empty() || long_chain || unrecorded {
        let now = Utc::now();
        let chain = layout::stamp(now);
        let plain = layout::base_name(&chain);
        let (d, c, p) = (dir.clone(), config.clone(), plain.clone());
        let base = blocking(move || seal_base(&d, &c, &p)).await?;
        let (base_held, base_erasures) = (base.held, base.erasures);
        let (name, size) = put_sealed(config, &plain, base.sealed).await?;
        state.chain_objects = vec![(name, size)];
        let erased = erased || state.erasures.is_some_and(|seen| seen != base_erasures);
        state.chain = Some(chain.clone());
        state.held = base_held;
        state.erasures = Some(base_erasures);
        uploaded(state, size, now);
        new_base = true;
        // Every older chain may hold what was erased: the new base replaces them.
        state.purge |= erased;
    } else if !changes.new_rows.is_empty() {
        let rows = changes.new_rows;
        let added: Vec<(String, Ulid)> = rows.iter().map(|r| (r.form.clone(), r.id)).collect();
        let now = Utc::now();
        let chain = state.chain.clone().expect("a chain exists here");
        let plain = layout::segment_name(&chain, now);
        let (d, c, p) = (dir.clone(), config.clone(), plain.clone());
        let sealed = blocking(move || seal_rows(&d, &c, &p, &rows)).await?;
        let (name, size) = put_sealed(config, &plain, sealed).await?;
        state.chain_objects.push((name, size));
        for (form, id) in added {
            state.held.entry(form).or_default().add(id);
        }
        uploaded(state, size, now);
    }
    state.rows = state
        .held
        .iter()
        .map(|(form, h)| (form.clone(), h.count))
        .collect();
    state.through = state.held.values().filter_map(|h| h.newest).max();
    state.waiting = 0;
    Ok(new_base)
}

/// After an erasure: every chain but the current one is deleted (kept in the state
/// until done: a failure halfway is finished next time).
async fn purge_older_chains(bucket: &Bucket, state: &mut State) -> Result<(), OffsiteError> {
    let current = state.chain.clone().unwrap_or_default();
    let listing = Listing::fetch(bucket).await?;
    for old in listing.chains.iter().filter(|c| c.name != current) {
        for object in &old.objects {
            bucket.delete(object).await?;
        }
    }
    state.purge = false;
    state.last_erasure_copied = Some(Utc::now());
    tracing::info!(
        "off-site: after an erasure, a new copy of the submissions replaced the older ones in {}",
        bucket.describe()
    );
    Ok(())
}

/// Deletes the copies past keeping (`--offsite-keep`), and the blobs no kept list of
/// files names.
async fn prune(config: &Config, state: &mut State) -> Result<(), OffsiteError> {
    let bucket = &config.bucket;
    let listing = Listing::fetch(bucket).await?;
    let gone: BTreeSet<String> = layout::to_prune(&listing, config.keep, Utc::now())
        .into_iter()
        .collect();
    for object in &gone {
        bucket.delete(object).await?;
    }
    state.records.retain(|r| !gone.contains(r));
    state.manifests.retain(|plain, _| {
        listing
            .files
            .iter()
            .any(|(_, name)| !gone.contains(name) && layout::untagged(name).0 == *plain)
    });
    for object in layout::unnamed_blobs(&listing, &gone, &state.manifests) {
        bucket.delete(&object).await?;
        if let Some(id) = object
            .strip_prefix("blobs/")
            .and_then(|o| o.split('.').next())
        {
            state.blobs.remove(id);
        }
    }
    Ok(())
}

/// What of this server's copy the bucket's listing lacks (its chain's base or a
/// segment, a file's blob, the newest files object), in words; the state is set so
/// that this look puts it up again (a new base, the files again).
fn missing_from(listing: &Listing, state: &mut State) -> Option<String> {
    let mut lacking = Vec::new();
    if let Some(chain) = state.chain.clone() {
        let whole = listing
            .complete()
            .find(|c| c.name == chain)
            .is_some_and(|c| {
                state
                    .chain_objects
                    .iter()
                    .all(|(name, _)| c.objects.contains(name))
            });
        if !whole {
            lacking.push(format!("submissions (chain {chain})"));
            state.chain = None;
        }
    }
    let blobs: Vec<String> = state
        .blobs
        .iter()
        .filter(|id| !listing.blobs.contains_key(*id))
        .cloned()
        .collect();
    let newest_list = state.manifests.keys().next_back().cloned();
    let list_gone = newest_list.is_some_and(|plain| {
        !listing
            .files
            .iter()
            .any(|(_, name)| layout::untagged(name).0 == plain)
    });
    if !blobs.is_empty() || list_gone {
        let files: Vec<&str> = state
            .file_blobs
            .iter()
            .filter(|(_, seen)| blobs.contains(&seen.blob))
            .map(|(path, _)| path.as_str())
            .collect();
        if !files.is_empty() {
            lacking.push(format!("{} files ({})", files.len(), files.join(", ")));
        }
        if list_gone {
            lacking.push("the newest list of files".into());
        }
        state.blobs.retain(|id| !blobs.contains(id));
        state.files = None;
    }
    (!lacking.is_empty()).then(|| lacking.join(" and "))
}
