//! The server's copier: every half `--offsite-every` it looks at what changed and
//! puts it in the bucket, encrypted. New submissions go as a segment of the current
//! chain; after an erasure (or a `--keep` sweep) a new base replaces the chain and
//! every older chain is deleted, so no object holds what was erased; a long chain is
//! started afresh the same way (its older chains then kept as `--offsite-keep`
//! says). Changed files go whole. An idle server uploads nothing. A failing bucket
//! never holds up a submission: the copier retries with backoff, says so once in the
//! log, and tells the staff after an hour (and again when it recovers). What it
//! knows is kept in `<data-dir>/offsite.json`, which `thewell offsite status` reads.
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use super::crypt::Recipient;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ulid::Ulid;

use super::bucket::Bucket;
use super::layout::{self, Keep, Listing};
use super::pack::{self, Row};
use super::{OffsiteError, crypt};
use crate::data_dir::DataDir;
use crate::forms::FORMS;
use crate::store::Reader;

/// A chain gets a new base after this many segments (a restore reads them all).
const MAX_SEGMENTS: u64 = 240;
/// Old copies are pruned at most this often (and after each new base).
const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// The first retry after a failure; each later one waits twice as long, up to half
/// of `--offsite-every`.
const FIRST_RETRY: Duration = Duration::from_secs(2);

/// What the copier is told at start.
pub struct Config {
    pub bucket: Bucket,
    pub recipient: Recipient,
    pub every: Duration,
    pub keep: Keep,
    /// Staff are told when copies have failed this long.
    pub tell_after: Duration,
}

/// What the copier knows: `<data-dir>/offsite.json`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct State {
    /// `s3://BUCKET[/PREFIX]` the rest is about.
    pub bucket: String,
    /// The chain new submissions are added to.
    pub chain: Option<String>,
    /// The newest submission in the bucket.
    pub through: Option<Ulid>,
    /// Submissions the chain holds, per form.
    pub rows: BTreeMap<String, u64>,
    pub segments: u64,
    pub base_bytes: u64,
    pub chain_bytes: u64,
    /// The files as last copied (see `pack::fingerprint`).
    pub files: Option<String>,
    /// When an object last reached the bucket.
    pub last_copy: Option<DateTime<Utc>>,
    /// Submissions stored and not yet in the bucket, when it last looked.
    pub waiting: u64,
    pub files_waiting: bool,
    pub failing_since: Option<DateTime<Utc>>,
    pub last_failure: Option<String>,
    /// Whether the staff were told of the failure.
    pub told: bool,
    /// After an erasure: every chain but the current one is still to be deleted.
    #[serde(default)]
    pub purge: bool,
    /// Bytes and objects uploaded since this state began.
    pub uploaded_bytes: u64,
    pub uploads: u64,
}

impl State {
    pub fn read(dir: &DataDir) -> Option<State> {
        let bytes = crate::data_dir::read_regular(&dir.offsite_state()).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    fn write(&self, dir: &DataDir) {
        let bytes = serde_json::to_vec_pretty(self).expect("the state serialises");
        let path = dir.offsite_state();
        if let Err(e) =
            crate::data_dir::replace_private_file(&path, &path.with_extension("json.tmp"), &bytes)
        {
            tracing::warn!("cannot write {}: {e}", path.display());
        }
    }
}

/// How the staff are told (the notification targets), when the server has any.
pub type Tell = Arc<dyn Fn(String, String) + Send + Sync>;

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
        let wait = match result {
            Ok(()) => {
                if let Some(since) = state.failing_since.take() {
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
                retry = FIRST_RETRY;
                calm
            }
            Err(error) => {
                let words = error.to_string();
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

/// What changed since the bucket last caught up.
struct Changes {
    /// Submissions newer than the bucket's newest, oldest first.
    new_rows: Vec<Row>,
    /// Whether a submission the bucket holds was erased here.
    erased: bool,
}

fn look(
    dir: &DataDir,
    through: Option<Ulid>,
    held: &BTreeMap<String, u64>,
) -> Result<Changes, OffsiteError> {
    let reader = Reader::open(dir)?;
    let from = through.map_or(0, |t| u128::from(t) + 1);
    let mut counts = BTreeMap::new();
    let mut new_rows = Vec::new();
    let mut erased = false;
    for (form, count, _) in reader.stats()? {
        counts.insert(form.to_string(), count);
    }
    for form in FORMS {
        let before = new_rows.len();
        reader.scan::<OffsiteError>(form, from, u128::MAX, |id, json| {
            new_rows.push(Row {
                form: form.name.to_string(),
                id,
                json: json.to_string(),
            });
            Ok(())
        })?;
        let new = (new_rows.len() - before) as u64;
        let old_here = counts
            .get(form.name)
            .copied()
            .unwrap_or(0)
            .saturating_sub(new);
        if old_here < held.get(form.name).copied().unwrap_or(0) {
            erased = true;
        }
    }
    new_rows.sort_by_key(|r| r.id);
    Ok(Changes { new_rows, erased })
}

/// Every submission, packed as a base.
struct Base {
    packed: Vec<u8>,
    /// The newest submission in it.
    through: Option<Ulid>,
    /// How many of each form.
    per_form: BTreeMap<String, u64>,
}

fn pack_base(dir: &DataDir) -> Result<Base, OffsiteError> {
    let reader = Reader::open(dir)?;
    let mut writer = pack::RowsWriter::default();
    let mut through: Option<Ulid> = None;
    let mut per_form = BTreeMap::new();
    for form in FORMS {
        let mut n = 0u64;
        reader.scan::<OffsiteError>(form, 0, u128::MAX, |id, json| {
            writer.push(form.name, id, json);
            through = through.max(Some(id));
            n += 1;
            Ok(())
        })?;
        per_form.insert(form.name.to_string(), n);
    }
    Ok(Base {
        packed: writer.finish(),
        through,
        per_form,
    })
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, OffsiteError> + Send + 'static,
) -> Result<T, OffsiteError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| panic!("the off-site copier's work panicked: {e}"))
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
    // Once per start: is the chain the state names still in the bucket?
    if !*checked_chain && state.chain.is_some() {
        let listing = Listing::read(&bucket.list().await?);
        if !listing
            .complete()
            .any(|c| Some(&c.name) == state.chain.as_ref())
        {
            state.chain = None;
        }
        *checked_chain = true;
    }
    let (through, held) = (state.through, state.rows.clone());
    let d = dir.clone();
    let changes = blocking(move || look(&d, through, &held)).await?;
    let root = dir.root().to_path_buf();
    let fingerprint = tokio::task::spawn_blocking(move || pack::fingerprint(&root))
        .await
        .unwrap_or_default();
    state.waiting = changes.new_rows.len() as u64;
    state.files_waiting = state.files.as_deref() != Some(fingerprint.as_str());

    let long_chain = state.segments >= MAX_SEGMENTS
        || (state.segments >= 8 && state.chain_bytes > 2 * state.base_bytes);
    let mut new_base = false;
    if state.chain.is_none() || changes.erased || long_chain {
        let d = dir.clone();
        let to = config.recipient.clone();
        let (sealed, through, per_form) = blocking(move || {
            let base = pack_base(&d)?;
            Ok((
                crypt::encrypt(&to, &base.packed),
                base.through,
                base.per_form,
            ))
        })
        .await?;
        let now = Utc::now();
        let chain = layout::stamp(now);
        let size = sealed.len() as u64;
        bucket.put(&layout::base_name(&chain), sealed).await?;
        let erased = changes.erased;
        state.chain = Some(chain.clone());
        state.through = through.max(state.through);
        state.rows = per_form;
        state.segments = 0;
        state.base_bytes = size;
        state.chain_bytes = size;
        uploaded(state, size, now);
        new_base = true;
        // Every older chain may hold what was erased: the new base replaces them.
        state.purge |= erased;
    } else if !changes.new_rows.is_empty() {
        let rows = changes.new_rows;
        let through = rows.last().map(|r| r.id);
        let mut added: BTreeMap<String, u64> = BTreeMap::new();
        for row in &rows {
            *added.entry(row.form.clone()).or_default() += 1;
        }
        let to = config.recipient.clone();
        let sealed = blocking(move || Ok(crypt::encrypt(&to, &pack::pack_rows(&rows)))).await?;
        let now = Utc::now();
        let chain = state.chain.clone().expect("a chain exists here");
        let size = sealed.len() as u64;
        bucket
            .put(&layout::segment_name(&chain, now), sealed)
            .await?;
        for (form, n) in added {
            *state.rows.entry(form).or_default() += n;
        }
        state.through = through.max(state.through);
        state.segments += 1;
        state.chain_bytes += size;
        uploaded(state, size, now);
    }
    state.waiting = 0;
    if state.purge {
        // Kept in the state until done: a failure halfway is finished next time.
        let current = state.chain.clone().unwrap_or_default();
        let listing = Listing::read(&bucket.list().await?);
        for old in listing.chains.iter().filter(|c| c.name != current) {
            for object in &old.objects {
                bucket.delete(object).await?;
            }
        }
        state.purge = false;
        tracing::info!(
            "off-site: after an erasure, a new copy of the submissions replaced the older ones in {}",
            bucket.describe()
        );
    }

    if state.files_waiting {
        let root = dir.root().to_path_buf();
        let to = config.recipient.clone();
        let sealed = blocking(move || {
            let packed = pack::pack_files(&root).map_err(OffsiteError::io(root))?;
            Ok(crypt::encrypt(&to, &packed))
        })
        .await?;
        let now = Utc::now();
        let size = sealed.len() as u64;
        bucket.put(&layout::files_name(now), sealed).await?;
        state.files = Some(fingerprint);
        state.files_waiting = false;
        uploaded(state, size, now);
    }

    let prune_due = new_base || last_prune.is_none_or(|t| t.elapsed() >= PRUNE_EVERY);
    if prune_due && state.last_copy.is_some() {
        let listing = Listing::read(&bucket.list().await?);
        for object in layout::to_prune(&listing, config.keep, Utc::now()) {
            bucket.delete(&object).await?;
        }
        *last_prune = Some(std::time::Instant::now());
    }
    Ok(())
}

fn uploaded(state: &mut State, size: u64, now: DateTime<Utc>) {
    state.uploaded_bytes += size;
    state.uploads += 1;
    state.last_copy = Some(now);
}
