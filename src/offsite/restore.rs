//! Bringing a site back from the bucket onto a data directory that holds no
//! database (`thewell restore --from`), and checking the newest copy against the
//! running site (`thewell offsite verify`). Everything is fetched, decrypted and
//! checked before anything is written; it is written into a folder of its own and
//! moved into place at the end, so a failure leaves nothing half-written.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::crypt::Identity;
use chrono::{DateTime, Utc};

use super::bucket::Bucket;
use super::layout::{Chain, Listing};
use super::pack::{self, FILES, Row};
use super::{OffsiteError, crypt};
use crate::data_dir::{DataDir, create_private_dir};
use crate::store::{Reader, received_at};

/// What a restore brought back.
pub struct Restored {
    /// Per form, how many submissions.
    pub rows: BTreeMap<String, u64>,
    pub files: usize,
    /// The time of the newest submissions object used.
    pub copy_of: DateTime<Utc>,
    pub files_of: Option<DateTime<Utc>>,
}

/// Fetches and decrypts one object.
async fn fetch(
    bucket: &Bucket,
    identity: &Identity,
    identity_file: &Path,
    name: &str,
) -> Result<Vec<u8>, OffsiteError> {
    let sealed = bucket.get(name).await?;
    crypt::decrypt(identity, identity_file, name, &sealed)
}

/// The submissions of a chain as they were at `at` (all of them when `None`).
async fn chain_rows(
    bucket: &Bucket,
    (identity, identity_file): (&Identity, &Path),
    chain: &Chain,
    at: Option<DateTime<Utc>>,
) -> Result<(Vec<Row>, DateTime<Utc>), OffsiteError> {
    let until = at.unwrap_or(DateTime::<Utc>::MAX_UTC);
    let mut names = vec![(chain.began, super::layout::base_name(&chain.name))];
    names.extend(chain.segments.iter().filter(|(t, _)| *t <= until).cloned());
    let mut rows = Vec::new();
    let mut newest = chain.began;
    for (t, name) in names {
        let plain = fetch(bucket, identity, identity_file, &name).await?;
        let found = pack::unpack_rows(&plain).map_err(|reason| OffsiteError::Damaged {
            object: name.clone(),
            reason,
        })?;
        for row in &found {
            if crate::forms::find(&row.form).is_none() {
                return Err(OffsiteError::Damaged {
                    object: name.clone(),
                    reason: format!(
                        "a form this thewell does not know ({}): use a newer thewell",
                        row.form
                    ),
                });
            }
        }
        rows.extend(found);
        newest = t;
    }
    rows.retain(|r| received_at(r.id) <= until);
    rows.sort_by_key(|r| r.id);
    rows.dedup_by_key(|r| r.id);
    Ok((rows, newest))
}

/// Restores the site as it was at `at` (the newest copy when `None`) into `dir`,
/// which must hold no database (it is created when missing).
pub async fn restore(
    dir: &DataDir,
    bucket: &Bucket,
    identity_file: &Path,
    at: Option<DateTime<Utc>>,
) -> Result<Restored, OffsiteError> {
    if dir.database().exists() {
        return Err(OffsiteError::NotEmpty(dir.root().to_path_buf()));
    }
    for name in FILES {
        let path = dir.root().join(name);
        let empty_dir = std::fs::read_dir(&path).is_ok_and(|mut d| d.next().is_none());
        if path.exists() && !empty_dir {
            return Err(OffsiteError::NotEmpty(dir.root().to_path_buf()));
        }
    }
    let identity = crypt::read_identity(identity_file)?;
    let listing = Listing::read(&bucket.list().await?);
    let (chain, files) = listing.at(at);
    let Some(chain) = chain else {
        return Err(match (at, listing.oldest()) {
            (Some(at), Some(oldest)) => OffsiteError::NothingThatEarly {
                at: at.to_rfc3339(),
                oldest: oldest.to_rfc3339(),
            },
            _ => OffsiteError::NoCopy(bucket.describe().to_string()),
        });
    };
    let (rows, copy_of) = chain_rows(bucket, (&identity, identity_file), chain, at).await?;
    let unpacked = match files {
        Some((_, name)) => {
            let plain = fetch(bucket, &identity, identity_file, name).await?;
            pack::unpack_files(&plain).map_err(|reason| OffsiteError::Damaged {
                object: name.clone(),
                reason,
            })?
        }
        None => Vec::new(),
    };

    create_private_dir(dir.root()).map_err(OffsiteError::io(dir.root()))?;
    let staging = dir
        .root()
        .join(format!(".restore-{}", ulid::Ulid::generate()));
    let written = write_staged(dir, &staging, &rows, &unpacked);
    let _ = std::fs::remove_dir_all(&staging);
    written?;
    let mut per_form = BTreeMap::new();
    for row in &rows {
        *per_form.entry(row.form.clone()).or_insert(0) += 1;
    }
    Ok(Restored {
        rows: per_form,
        files: unpacked.len(),
        copy_of,
        files_of: files.map(|(t, _)| *t),
    })
}

/// Writes everything into `staging`, then moves it into place: the files first,
/// the database last (a data directory with a database is a restored one).
fn write_staged(
    dir: &DataDir,
    staging: &Path,
    rows: &[Row],
    files: &[(PathBuf, Vec<u8>)],
) -> Result<(), OffsiteError> {
    create_private_dir(staging).map_err(OffsiteError::io(staging))?;
    let database = staging.join("thewell.redb");
    let triples: Vec<(String, ulid::Ulid, String)> = rows
        .iter()
        .map(|r| (r.form.clone(), r.id, r.json.clone()))
        .collect();
    crate::store::create_with(&database, &triples)?;
    for (relative, bytes) in files {
        let path = staging.join(relative);
        if let Some(parent) = path.parent() {
            create_private_dir(parent).map_err(OffsiteError::io(parent))?;
        }
        let mut file =
            crate::data_dir::create_new_private_file(&path).map_err(OffsiteError::io(&path))?;
        std::io::Write::write_all(&mut file, bytes)
            .and_then(|()| file.sync_all())
            .map_err(OffsiteError::io(&path))?;
    }
    for name in FILES {
        let from = staging.join(name);
        if !from.exists() {
            continue;
        }
        let to = dir.root().join(name);
        // An empty folder (photos/, made by a server's start) gives way.
        if to.is_dir() {
            let _ = std::fs::remove_dir(&to);
        }
        std::fs::rename(&from, &to).map_err(OffsiteError::io(&to))?;
    }
    let target = dir.database();
    std::fs::rename(&database, &target).map_err(OffsiteError::io(&target))
}

/// The newest copy checked against the running site.
pub struct Verified {
    /// Per form: in the bucket, and here (among submissions no newer than the copy's newest).
    pub forms: BTreeMap<String, (u64, u64)>,
    pub copy_of: DateTime<Utc>,
    pub files: usize,
}

impl Verified {
    pub fn matches(&self) -> bool {
        self.forms.values().all(|(there, here)| there == here)
    }
}

/// Downloads and decrypts the newest copy, and counts its submissions per form
/// beside the database's own (up to the copy's newest submission).
pub async fn verify(
    dir: &DataDir,
    bucket: &Bucket,
    identity_file: &Path,
) -> Result<Verified, OffsiteError> {
    let identity = crypt::read_identity(identity_file)?;
    let listing = Listing::read(&bucket.list().await?);
    let (Some(chain), files) = listing.at(None) else {
        return Err(OffsiteError::NoCopy(bucket.describe().to_string()));
    };
    let (rows, copy_of) = chain_rows(bucket, (&identity, identity_file), chain, None).await?;
    let files = match files {
        Some((_, name)) => {
            let plain = fetch(bucket, &identity, identity_file, name).await?;
            pack::unpack_files(&plain)
                .map_err(|reason| OffsiteError::Damaged {
                    object: name.clone(),
                    reason,
                })?
                .len()
        }
        None => 0,
    };
    let through = rows.last().map_or(0, |r| u128::from(r.id));
    let reader = Reader::open(dir)?;
    let mut forms = BTreeMap::new();
    for form in crate::forms::FORMS {
        let there = rows.iter().filter(|r| r.form == form.name).count() as u64;
        let mut here = 0u64;
        reader.scan::<OffsiteError>(form, 0, through.saturating_add(1), |_, _| {
            here += 1;
            Ok(())
        })?;
        forms.insert(form.name.to_string(), (there, here));
    }
    Ok(Verified {
        forms,
        copy_of,
        files,
    })
}
