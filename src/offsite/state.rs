//! What the copier is told at start (`Config`) and what it knows (`State`, kept in
//! `<data-dir>/offsite.json`, which `thewell offsite status`, a restore and a
//! backup put back read and write).
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ulid::Ulid;

use super::bucket::Bucket;
use super::crypt::Recipient;
use super::layout::CopiesKept;
use crate::data_dir::DataDir;

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
    pub keep: CopiesKept,
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
    pub protection: Option<super::protection::Protection>,
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
    pub(super) fn same_file(&self, other: &FileSeen) -> bool {
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
