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
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use super::crypt::Recipient;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ulid::Ulid;

use super::OffsiteError;
use super::bucket::Bucket;
use super::layout::{self, Keep, Listing};
use super::pack::{self, Row};
use super::seal::{Sealed, Sealing};
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
    /// Names every object with its authenticity tag.
    pub tag_key: super::tag::TagKey,
    /// The site's id from keygen (in the tag key file), named by every record;
    /// `None` for a key file made before site ids.
    pub site: Option<String>,
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
    /// Exactly which submissions the chain holds, per form: the newest, and a
    /// tally of every id (see `Tally`) that each look compares with the database's.
    #[serde(default)]
    pub held: BTreeMap<String, Held>,
    /// The database's erasure count when the chain was last brought level with it.
    #[serde(default)]
    pub erasures: Option<u64>,
    /// When the copier last compared the bucket's submissions with the database's.
    #[serde(default)]
    pub last_check: Option<DateTime<Utc>>,
    /// How often a look found submissions the bucket lacked, and when last.
    #[serde(default)]
    pub gaps_found: u64,
    #[serde(default)]
    pub last_gap: Option<DateTime<Utc>>,
    /// When the last erasure (or retention sweep) had reached every object.
    #[serde(default)]
    pub last_erasure_copied: Option<DateTime<Utc>>,
    /// This data directory may add to the copies already under the prefix: it made
    /// them, or was restored from them.
    #[serde(default)]
    pub owns_prefix: bool,
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
    /// The blobs known to be in the bucket (put there, or restored from it).
    #[serde(default)]
    pub blobs: BTreeSet<String>,
    /// Each file as last copied, and its blob.
    #[serde(default)]
    pub file_blobs: BTreeMap<String, FileSeen>,
    /// The files objects this state put in the bucket (plain names), and the blobs each names.
    #[serde(default)]
    pub manifests: BTreeMap<String, BTreeSet<String>>,
    /// How often a look at the bucket's listing found objects of the copy missing
    /// (put again at once), what the last one was, and when.
    #[serde(default)]
    pub missing_found: u64,
    #[serde(default)]
    pub last_missing: Option<(DateTime<Utc>, String)>,
    /// What the bucket does with an object deleted or written over (its versioning
    /// and Object Lock), as it said when last asked, and when that was (once a day).
    #[serde(default)]
    pub protection: Option<super::bucket::Protection>,
    #[serde(default)]
    pub protection_asked: Option<DateTime<Utc>>,
    /// The current chain's objects as stored (base first) and their sizes: what the
    /// record names (src/offsite/record.rs), what a look finds in the listing, and
    /// how long the chain has grown. Empty in a state from before records: its next
    /// look starts a chain.
    #[serde(default)]
    pub chain_objects: Vec<(String, u64)>,
    /// The newest files object this state put, as stored, and its size.
    #[serde(default)]
    pub files_object: Option<(String, u64)>,
    /// The newest record's sequence number, and the records in the bucket that this
    /// state put (the newest last; pruned with the copies, as `--offsite-keep` says).
    #[serde(default)]
    pub record_sequence: u64,
    #[serde(default)]
    pub records: Vec<String>,
    /// Something went up since the newest record: a new one is due.
    #[serde(default)]
    pub record_due: bool,
}

/// A file as the copier last saw it: the same size, change time and inode mean the
/// same bytes, so its blob is not computed again.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileSeen {
    pub size: u64,
    pub mtime: i64,
    pub mtime_nsec: i64,
    pub ino: u64,
    pub blob: String,
}

impl FileSeen {
    fn same_file(&self, other: &FileSeen) -> bool {
        (self.size, self.mtime, self.mtime_nsec, self.ino)
            == (other.size, other.mtime, other.mtime_nsec, other.ino)
    }
}

/// Which submissions of one form an object chain holds: how many, the newest, and
/// the wrapping sum of a hash of each id. A submission missing from the bucket, or
/// one there that the database no longer has, changes the sum, whatever the count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Held {
    pub count: u64,
    pub newest: Option<Ulid>,
    #[serde(with = "hex_u128")]
    pub sum: u128,
}

impl Held {
    pub fn add(&mut self, id: Ulid) {
        self.count += 1;
        self.newest = self.newest.max(Some(id));
        self.sum = self.sum.wrapping_add(id_hash(id));
    }
}

/// The first 16 bytes of SHA-256 of the id.
fn id_hash(id: Ulid) -> u128 {
    let digest = ring::digest::digest(&ring::digest::SHA256, &u128::from(id).to_be_bytes());
    u128::from_be_bytes(digest.as_ref()[..16].try_into().expect("16 bytes"))
}

mod hex_u128 {
    use serde::{Deserialize, Deserializer, Serializer};
    pub fn serialize<S: Serializer>(value: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{value:032x}"))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = String::deserialize(d)?;
        u128::from_str_radix(&text, 16).map_err(serde::de::Error::custom)
    }
}

impl State {
    /// The current chain's segments (its objects but the base).
    pub fn segments(&self) -> u64 {
        self.chain_objects.len().saturating_sub(1) as u64
    }

    pub fn read(dir: &DataDir) -> Option<State> {
        let bytes = crate::data_dir::read_regular(&dir.offsite_state()).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    /// After `thewell restore <backup>`: the restored database has seen `erasures`
    /// erasures, which is not an erasure of what the copies hold (they are all kept).
    pub fn backup_restored(dir: &DataDir, erasures: u64) {
        if let Some(mut state) = State::read(dir) {
            state.erasures = Some(erasures);
            state.write(dir);
        }
    }

    /// The state of a data directory just restored from `bucket`: the copies under
    /// its prefix are its own to add to (its first look makes a new base), and the
    /// blobs it was restored from are there (not put again).
    pub fn restored(bucket: &str, blobs: BTreeSet<String>, record_sequence: u64) -> State {
        State {
            bucket: bucket.to_string(),
            owns_prefix: true,
            blobs,
            record_sequence,
            ..State::default()
        }
    }

    pub fn write(&self, dir: &DataDir) {
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

/// What one consistent snapshot of the database says against what the chain holds.
struct Changes {
    /// Submissions newer than the chain's newest of their form, oldest first.
    new_rows: Vec<Row>,
    /// Forms whose submissions up to the chain's newest differ from the chain's
    /// (a submission the bucket lacks, or one erased here), with the database's count.
    differ: Vec<(&'static str, u64)>,
    /// A form has fewer submissions up to the chain's newest than the chain holds.
    fewer: bool,
    /// The database's erasure count.
    erasures: u64,
}

fn look(dir: &DataDir, held: &BTreeMap<String, Held>) -> Result<Changes, OffsiteError> {
    let reader = Reader::open(dir)?;
    let newest = |form: &crate::forms::Form| {
        held.get(form.name)
            .and_then(|h| h.newest)
            .map_or(0, u128::from)
    };
    let mut here: BTreeMap<&'static str, Held> = BTreeMap::new();
    let mut new_rows = Vec::new();
    let erasures = reader.scan_all::<OffsiteError>(|form, id, json| {
        if u128::from(id) <= newest(form) {
            here.entry(form.name).or_default().add(id);
        } else {
            new_rows.push(Row {
                form: form.name.to_string(),
                id,
                json: json.to_string(),
            });
        }
        Ok(())
    })?;
    let mut differ = Vec::new();
    let mut fewer = false;
    for form in FORMS {
        let (mine, theirs) = (
            here.get(form.name).copied().unwrap_or_default(),
            held.get(form.name).copied().unwrap_or_default(),
        );
        if (mine.count, mine.sum) != (theirs.count, theirs.sum) {
            differ.push((form.name, mine.count));
            fewer |= mine.count < theirs.count;
        }
    }
    new_rows.sort_by_key(|r| r.id);
    Ok(Changes {
        new_rows,
        differ,
        fewer,
        erasures,
    })
}

/// Every submission, sealed as a base, from one consistent snapshot.
struct Base {
    sealed: Sealed,
    /// What it holds, per form.
    held: BTreeMap<String, Held>,
    /// The database's erasure count in that snapshot.
    erasures: u64,
}

fn seal_base(dir: &DataDir, config: &Config, plain: &str) -> Result<Base, OffsiteError> {
    let reader = Reader::open(dir)?;
    let path = dir.offsite_upload();
    let sealing = Sealing::create(&path, &config.recipient, &config.tag_key, plain)
        .map_err(OffsiteError::io(&path))?;
    let mut writer = pack::RowsWriter::new(sealing).map_err(OffsiteError::io(&path))?;
    let mut held: BTreeMap<String, Held> = FORMS
        .iter()
        .map(|f| (f.name.to_string(), Held::default()))
        .collect();
    let erasures = reader.scan_all::<OffsiteError>(|form, id, json| {
        writer
            .push(form.name, id, json)
            .map_err(OffsiteError::io(&path))?;
        held.entry(form.name.to_string()).or_default().add(id);
        Ok(())
    })?;
    let sealed = writer
        .finish()
        .and_then(Sealing::finish)
        .map_err(OffsiteError::io(&path))?;
    Ok(Base {
        sealed,
        held,
        erasures,
    })
}

/// New submissions, sealed as a segment.
fn seal_rows(
    dir: &DataDir,
    config: &Config,
    plain: &str,
    rows: &[Row],
) -> Result<Sealed, OffsiteError> {
    let path = dir.offsite_upload();
    let write = || {
        let mut writer = pack::RowsWriter::new(Sealing::create(
            &path,
            &config.recipient,
            &config.tag_key,
            plain,
        )?)?;
        for row in rows {
            writer.push(&row.form, row.id, &row.json)?;
        }
        writer.finish()?.finish()
    };
    write().map_err(OffsiteError::io(&path))
}

/// The list of the site's files, sealed as a files object.
fn seal_entries(
    dir: &DataDir,
    config: &Config,
    plain: &str,
    entries: &[pack::Entry],
) -> Result<Sealed, OffsiteError> {
    let path = dir.offsite_upload();
    let sealing = Sealing::create(&path, &config.recipient, &config.tag_key, plain);
    sealing
        .and_then(|sealing| pack::write_entries(entries, sealing))
        .and_then(Sealing::finish)
        .map_err(OffsiteError::io(&path))
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
    // Once per start: may this data directory copy under this prefix, and is the
    // chain the state names still in the bucket?
    if !*checked_chain {
        let listing = Listing::fetch(bucket).await?;
        if !state.owns_prefix {
            // A state that has copied before made what is there (older states did
            // not say so).
            let made_them = state.chain.is_some() || state.last_copy.is_some();
            if made_them || (listing.chains.is_empty() && listing.files.is_empty()) {
                state.owns_prefix = true;
                // Written before its first object goes up: a server stopped at any
                // moment after (its first cycle included) copies on at its next start.
                state.write(dir);
            } else {
                return Err(OffsiteError::PrefixTaken(bucket.describe().to_string()));
            }
        }
        if state.chain.is_some()
            && !listing
                .complete()
                .any(|c| Some(&c.name) == state.chain.as_ref())
        {
            state.chain = None;
        }
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
    let held = state.held.clone();
    let d = dir.clone();
    let changes = blocking(move || look(&d, &held)).await?;
    let root = dir.root().to_path_buf();
    let fingerprint = tokio::task::spawn_blocking(move || pack::fingerprint(&root))
        .await
        .unwrap_or_default();
    let lacking: u64 = changes
        .differ
        .iter()
        .map(|(form, here)| here.saturating_sub(state.held.get(*form).map_or(0, |h| h.count)))
        .sum();
    state.waiting = changes.new_rows.len() as u64 + lacking;
    // A state from before records knows no files object to name: the list goes up again.
    state.files_waiting =
        state.files.as_deref() != Some(fingerprint.as_str()) || state.files_object.is_none();
    state.last_check = Some(Utc::now());

    // An erasure (or a retention sweep) is known by the database's own count of
    // them, never from a count of submissions: fewer here than the copies hold, with
    // no erasure, is a backup put back or a damaged journal, and every copy is kept.
    let erased = state.erasures.is_some_and(|seen| seen != changes.erasures);
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
            "off-site: the copies in {} lack {lacking} submissions stored here ({}); a new copy of every submission takes their place",
            bucket.describe(),
            forms.join(", ")
        );
        state.gaps_found += 1;
        state.last_gap = Some(Utc::now());
    }

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
    if state.purge {
        // Kept in the state until done: a failure halfway is finished next time.
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
        *last_prune = Some(std::time::Instant::now());
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

/// Copies the site's files: each file not yet in the bucket as its blob (a file
/// unchanged since the last look is not read again), then the list naming them all.
async fn copy_files(
    dir: &DataDir,
    config: &Arc<Config>,
    state: &mut State,
) -> Result<(), OffsiteError> {
    use std::os::unix::fs::MetadataExt;
    let root = dir.root().to_path_buf();
    let files = tokio::task::spawn_blocking(move || pack::site_files(&root))
        .await
        .unwrap_or_default();
    let mut entries = Vec::with_capacity(files.len());
    let mut seen = BTreeMap::new();
    for (relative, full) in files {
        let Ok(meta) = std::fs::symlink_metadata(&full) else {
            continue;
        };
        let path = relative.to_string_lossy().into_owned();
        let now = FileSeen {
            size: meta.len(),
            mtime: meta.mtime(),
            mtime_nsec: meta.mtime_nsec(),
            ino: meta.ino(),
            blob: String::new(),
        };
        let known = state
            .file_blobs
            .get(&path)
            .filter(|was| was.same_file(&now) && state.blobs.contains(&was.blob))
            .map(|was| was.blob.clone());
        let blob = match known {
            Some(blob) => blob,
            None => {
                let (d, c) = (dir.clone(), config.clone());
                let (id, sealed) = blocking(move || {
                    let upload = d.offsite_upload();
                    super::seal::seal_blob(&full, &upload, &c.recipient, &c.tag_key)
                        .map_err(OffsiteError::io(&full))
                })
                .await?;
                if state.blobs.contains(&id) {
                    let _ = tokio::fs::remove_file(&sealed.path).await;
                } else {
                    let (_, size) = put_sealed(config, &layout::blob_name(&id), sealed).await?;
                    uploaded(state, size, Utc::now());
                    state.blobs.insert(id.clone());
                }
                id
            }
        };
        entries.push(pack::Entry {
            path: path.clone(),
            size: now.size,
            blob: blob.clone(),
        });
        seen.insert(path, FileSeen { blob, ..now });
    }
    state.file_blobs = seen;
    let now = Utc::now();
    let plain = layout::files_name(now);
    let (d, c, p) = (dir.clone(), config.clone(), plain.clone());
    let named: BTreeSet<String> = entries.iter().map(|e| e.blob.clone()).collect();
    let sealed = blocking(move || seal_entries(&d, &c, &p, &entries)).await?;
    let (name, size) = put_sealed(config, &plain, sealed).await?;
    state.files_object = Some((name, size));
    state.manifests.insert(plain, named);
    uploaded(state, size, now);
    Ok(())
}

/// Puts `sealed` under its plain name with its authenticity tag, then removes its
/// file: the name it is stored under and how many bytes went up.
async fn put_sealed(
    config: &Config,
    plain: &str,
    sealed: Sealed,
) -> Result<(String, u64), OffsiteError> {
    let name = layout::tagged(plain, &sealed.tag);
    let put = config
        .bucket
        .put_file(&name, &sealed.path, sealed.size)
        .await;
    let _ = tokio::fs::remove_file(&sealed.path).await;
    put?;
    Ok((name, sealed.size))
}

/// Puts the record of the copy as it now stands (the current chain's objects and the
/// newest files object). Older records stay while the copies they name do: a
/// restore `--at` an older copy checks it against its own record.
async fn put_record(
    dir: &DataDir,
    config: &Arc<Config>,
    state: &mut State,
) -> Result<(), OffsiteError> {
    let objects: Vec<(String, u64)> = state
        .chain_objects
        .iter()
        .chain(state.files_object.iter())
        .cloned()
        .collect();
    let (sequence, rows) = (state.record_sequence + 1, state.rows.clone());
    let now = Utc::now();
    let plain = layout::record_name(now);
    let (d, c, p) = (dir.clone(), config.clone(), plain.clone());
    let sealed = blocking(move || {
        let erased = Reader::open(&d)?.erased()?;
        let erased = super::record::Erasures::of(&erased, &c.tag_key);
        let record = super::record::Record::new(
            sequence,
            c.bucket.describe(),
            c.site.clone(),
            objects,
            rows,
            erased,
        );
        let path = d.offsite_upload();
        Sealing::create(&path, &c.recipient, &c.tag_key, &p)
            .and_then(|sealing| super::record::write(&record, sealing))
            .and_then(Sealing::finish)
            .map_err(OffsiteError::io(&path))
    })
    .await?;
    let (name, size) = put_sealed(config, &plain, sealed).await?;
    state.record_sequence += 1;
    uploaded(state, size, now);
    state.record_due = false;
    state.records.push(name);
    Ok(())
}

fn uploaded(state: &mut State, size: u64, now: DateTime<Utc>) {
    state.record_due = true;
    state.uploaded_bytes += size;
    state.uploads += 1;
    state.last_copy = Some(now);
}
