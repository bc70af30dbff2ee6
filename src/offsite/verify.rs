//! Checking the newest copy against the running site (`thewell offsite verify`): a
//! restore of it into a scratch folder beside the data directory (every check a
//! restore makes), its submissions counted per form beside the database's own.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::OffsiteError;
use super::bucket::Bucket;
use super::restore::{Options, restore};
use crate::data_dir::{DataDir, create_private_dir};
use crate::store::Reader;

/// The newest copy checked against the running site.
pub struct Verified {
    /// Per form: in the bucket, and here (among submissions no newer than the copy's newest).
    pub forms: BTreeMap<String, (u64, u64)>,
    pub copy_of: DateTime<Utc>,
    pub files: usize,
    pub refused: Vec<(String, String)>,
}

impl Verified {
    pub fn matches(&self) -> bool {
        self.forms.values().all(|(there, here)| there == here)
    }
}

/// Restores the newest copy into a scratch folder (every check a restore makes) and
/// counts its submissions per form beside the database's own, up to the copy's
/// newest submission.
pub async fn verify(
    dir: &DataDir,
    bucket: &Bucket,
    identity_file: &Path,
    max_bytes: u64,
) -> Result<Verified, OffsiteError> {
    let scratch = tempfile_dir(dir)?;
    let result = async {
        let into = DataDir::new(scratch.join("site"));
        let restored = restore(
            &into,
            bucket,
            identity_file,
            &Options {
                at: None,
                max_bytes,
                accept_missing: false,
            },
        )
        .await?;
        let through = restored.newest.map_or(0, u128::from);
        let reader = Reader::open(dir)?;
        let mut forms = BTreeMap::new();
        for form in crate::forms::FORMS {
            let there = restored.rows.get(form.name).copied().unwrap_or(0);
            let mut here = 0u64;
            reader.scan::<OffsiteError>(form, 0, through.saturating_add(1), |_, _| {
                here += 1;
                Ok(())
            })?;
            forms.insert(form.name.to_string(), (there, here));
        }
        Ok(Verified {
            forms,
            copy_of: restored.copy_of,
            files: restored.files,
            refused: restored.refused,
        })
    }
    .await;
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// A new private folder for `verify`'s scratch restore, beside the data directory's
/// own files (the same disk, removed at the end). One a killed check left behind
/// (a full copy of the submissions, which erasures would never reach) is removed
/// first.
fn tempfile_dir(dir: &DataDir) -> Result<PathBuf, OffsiteError> {
    if let Ok(entries) = std::fs::read_dir(dir.root()) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(".verify-") {
                let path = entry.path();
                std::fs::remove_dir_all(&path).map_err(OffsiteError::io(&path))?;
            }
        }
    }
    let path = dir
        .root()
        .join(format!(".verify-{}", ulid::Ulid::generate()));
    create_private_dir(&path).map_err(OffsiteError::io(&path))?;
    Ok(path)
}
