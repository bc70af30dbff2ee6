//! What a restore is asked to do, and what it brought back.
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

/// How a restore may go.
pub struct Options {
    /// The site as it was at this time; the newest copy when `None`.
    pub at: Option<DateTime<Utc>>,
    /// The most bytes any one object may download or unpack to (a blob: the size its
    /// files object gives it).
    pub max_bytes: u64,
    /// Files the copy names whose blobs are missing (or none genuine) are left out
    /// and listed, instead of stopping the restore.
    pub accept_missing: bool,
}

/// What a restore brought back.
pub struct Restored {
    /// Per form, how many submissions.
    pub rows: BTreeMap<String, u64>,
    /// The newest submission restored.
    pub newest: Option<ulid::Ulid>,
    pub files: usize,
    /// The time of the newest submissions object used.
    pub copy_of: DateTime<Utc>,
    pub files_of: Option<DateTime<Utc>>,
    /// Every object taken, with its time.
    pub objects: Vec<(String, DateTime<Utc>)>,
    /// When the provider says each object was uploaded (its listing's LastModified).
    pub uploaded: BTreeMap<String, DateTime<Utc>>,
    /// Objects refused, and why (planted, or damaged, copies).
    pub refused: Vec<(String, String)>,
    /// Files the copy names that were not restored (`--accept-missing`), and why.
    pub missing: Vec<(String, String)>,
    /// The newest record of the copy this restore could verify: when it was written
    /// and its sequence number (`None`: the bucket holds none from then).
    pub record: Option<(DateTime<Utc>, u64)>,
    /// Submissions the chain held that the newest record says were erased since,
    /// left out.
    pub left_out: u64,
    /// The blobs the files came from.
    pub blobs: std::collections::BTreeSet<String>,
    /// A restore stopped after it had moved everything into place (the database last)
    /// but before it had tidied up: this one only tidied (no object taken, no copy time).
    pub finished_earlier: bool,
}

impl Restored {
    /// Nothing yet: a restore that has taken no object (`uploaded`: the listing's
    /// upload times), or one that only tidied up after an earlier one
    /// (`finished_earlier`).
    pub(super) fn nothing(
        uploaded: BTreeMap<String, DateTime<Utc>>,
        finished_earlier: bool,
    ) -> Restored {
        Restored {
            rows: BTreeMap::new(),
            newest: None,
            files: 0,
            copy_of: DateTime::<Utc>::MIN_UTC,
            files_of: None,
            objects: Vec::new(),
            uploaded,
            refused: Vec::new(),
            missing: Vec::new(),
            record: None,
            left_out: 0,
            blobs: Default::default(),
            finished_earlier,
        }
    }
}
