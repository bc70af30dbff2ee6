//! Taking a copy's objects into the staging folder: the chain of submissions into a
//! new database, every submission through its form's own validation and erasures left
//! out; the record of what the copy consists of; the list of files and each file from
//! its blob; and what the record names that was not taken.
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use chrono::{DateTime, Utc};

use super::fetch::{Keys, Source, UNRECORDED, download, genuine, refused_unfetched};
use super::outcome::Restored;
use crate::data_dir::create_private_dir;
use crate::offsite::OffsiteError;
use crate::offsite::crypt;
use crate::offsite::layout::{Chain, Listing};
use crate::offsite::pack::{self, Row};
use crate::offsite::record::Record;
use crate::offsite::tag;
use crate::store::{IDEMPOTENCY_KEY, SUBMITTED_AT, received_at};

/// Submissions written into the new database per transaction.
const BATCH: usize = 5_000;

/// Checks one submission as its form would have at the door: a known form, a JSON
/// object with only the form's fields and the server's own two, every field valid.
pub(super) fn check_row(row: &Row) -> Result<(), String> {
    let form = crate::forms::find(&row.form).ok_or_else(|| {
        format!(
            "a form this thewell does not know ({}): use a newer thewell",
            crate::outbound::short_code(&row.form)
        )
    })?;
    let record: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&row.json)
        .map_err(|_| format!("submission {} is not a JSON object", row.id))?;
    for key in record.keys() {
        let ours = key == SUBMITTED_AT || key == IDEMPOTENCY_KEY;
        if !ours && !form.fields.iter().any(|f| f.name == key) {
            return Err(format!(
                "submission {} has a field its form does not have ({})",
                row.id,
                crate::outbound::short_code(key)
            ));
        }
    }
    if let Some(at) = record.get(SUBMITTED_AT)
        && at
            .as_str()
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .is_none()
    {
        return Err(format!("submission {} has a bad {SUBMITTED_AT}", row.id));
    }
    form.validate(&record).map(drop).map_err(|errors| {
        format!(
            "submission {} fails its form's checks ({})",
            row.id,
            errors.keys().cloned().collect::<Vec<_>>().join(", ")
        )
    })
}

/// Decrypts and reads the submissions of the object downloaded at `path` into
/// `database`, keeping those received no later than `until` and not erased since;
/// returns how many erased ones it left out.
pub(super) fn take_rows(
    source: &Source<'_>,
    name: &str,
    path: &Path,
    until: DateTime<Utc>,
    database: &crate::store::Filling,
) -> Result<u64, OffsiteError> {
    let (keys, max_bytes) = (&source.keys, source.max_bytes);
    let mut left_out = 0;
    let file = std::fs::File::open(path).map_err(OffsiteError::io(path))?;
    let plain = crypt::decrypting(&keys.identity, file).map_err(|r| r.said(keys.file, name))?;
    let mut batch: Vec<(String, ulid::Ulid, String)> = Vec::new();
    let mut failed: Option<OffsiteError> = None;
    let read = pack::read_rows(plain, max_bytes, |row| {
        check_row(&row)?;
        if source.erased.names(&keys.tag_key, &row.form, row.id) {
            left_out += 1;
        } else if received_at(row.id) <= until {
            batch.push((row.form, row.id, row.json));
        }
        if batch.len() >= BATCH {
            database.add(&batch).map_err(|e| {
                let words = e.to_string();
                failed = Some(e.into());
                words
            })?;
            batch.clear();
        }
        Ok(())
    });
    if let Some(error) = failed {
        return Err(error);
    }
    read.map_err(|reason| OffsiteError::Damaged {
        object: name.to_string(),
        reason,
    })?;
    database.add(&batch)?;
    Ok(left_out)
}

/// Objects of one kind from no later than `until`, those of one time in one group
/// (a genuine one, and any planted beside it), oldest first.
pub(super) fn by_time(
    objects: &[(DateTime<Utc>, String)],
    until: DateTime<Utc>,
) -> BTreeMap<DateTime<Utc>, Vec<String>> {
    let mut groups: BTreeMap<DateTime<Utc>, Vec<String>> = BTreeMap::new();
    for (t, name) in objects.iter().filter(|(t, _)| *t <= until) {
        groups.entry(*t).or_default().push(name.clone());
    }
    groups
}

/// Fills `database` with the chain's submissions as they were at `until`: its
/// genuine base, then each of its segments up to then. `None` when the chain has no
/// genuine base (all its bases refused).
pub(super) async fn take_chain(
    source: &Source<'_>,
    chain: &Chain,
    until: DateTime<Utc>,
    restored: &mut Restored,
) -> Result<Option<crate::store::Filling>, OffsiteError> {
    let download_to = source.staging.join("object.age");
    let database_path = source.staging.join("thewell.redb");
    let Some(base) = genuine(source, &chain.bases, &download_to, &mut restored.refused).await?
    else {
        return Ok(None);
    };
    let _ = std::fs::remove_file(&database_path);
    let database = crate::store::Filling::create(&database_path)?;
    restored.left_out += take_rows(source, &base, &download_to, until, &database)?;
    std::fs::remove_file(&download_to).map_err(OffsiteError::io(&download_to))?;
    restored.objects.push((base, chain.began));
    restored.copy_of = chain.began;
    for (t, names) in by_time(&chain.segments, until) {
        let taken = genuine(source, &names, &download_to, &mut restored.refused).await?;
        if let Some(name) = taken {
            restored.left_out += take_rows(source, &name, &download_to, until, &database)?;
            std::fs::remove_file(&download_to).map_err(OffsiteError::io(&download_to))?;
            restored.objects.push((name, t));
            restored.copy_of = t;
        }
    }
    Ok(Some(database))
}

/// Unpacks the genuine files object of those listed up to `until` (the newest
/// first) into `staging`: how many files, and the object's time.
pub(super) async fn take_files(
    source: &Source<'_>,
    listing: &Listing,
    until: DateTime<Utc>,
    newest_recorded: Option<DateTime<Utc>>,
    restored: &mut Restored,
) -> Result<Option<(usize, DateTime<Utc>)>, OffsiteError> {
    let (keys, max_bytes, staging) = (&source.keys, source.max_bytes, &source.staging);
    let download_to = staging.join("files.age");
    for (t, candidates) in by_time(&listing.files, until).iter().rev() {
        // Newer than the list the newest record names: in no record (see the chains).
        if newest_recorded.is_some_and(|named| *t > named) {
            for name in candidates {
                let why = refused_unfetched(source, name, source.max_bytes)
                    .unwrap_or_else(|| UNRECORDED.into());
                restored.refused.push((name.clone(), why));
            }
            continue;
        }
        let Some(name) = genuine(source, candidates, &download_to, &mut restored.refused).await?
        else {
            continue;
        };
        let name = &name;
        let open = || {
            let file = std::fs::File::open(&download_to).map_err(OffsiteError::io(&download_to))?;
            crypt::decrypting(&keys.identity, file).map_err(|r| r.said(keys.file, name))
        };
        if pack::is_entries(open()?) {
            let entries = pack::read_entries(open()?).map_err(|reason| OffsiteError::Damaged {
                object: name.clone(),
                reason,
            })?;
            std::fs::remove_file(&download_to).map_err(OffsiteError::io(&download_to))?;
            let count = take_blobs(source, listing, &entries, *t, restored).await?;
            restored.objects.push((name.clone(), *t));
            return Ok(Some((count, *t)));
        }
        let plain = open()?;
        let count = pack::read_files(plain, max_bytes, |relative, reader| {
            let path = staging.join(relative);
            if let Some(parent) = path.parent() {
                create_private_dir(parent).map_err(|e| e.to_string())?;
            }
            let mut out = crate::data_dir::create_new_private_file(&path)
                .map_err(|e| format!("{}: {e}", relative.display()))?;
            std::io::copy(reader, &mut out)
                .and_then(|_| out.sync_all())
                .map_err(|e| format!("{}: {e}", relative.display()))
        })
        .map_err(|reason| OffsiteError::Damaged {
            object: name.clone(),
            reason,
        })?;
        std::fs::remove_file(&download_to).map_err(OffsiteError::io(&download_to))?;
        restored.objects.push((name.clone(), *t));
        return Ok(Some((count, *t)));
    }
    Ok(None)
}

/// The newest genuine record of the copy from no later than `until`, made in this
/// bucket and prefix, and when it was written. Others are refused with why.
pub(super) async fn take_record(
    source: &Source<'_>,
    listing: &Listing,
    until: DateTime<Utc>,
    restored: &mut Restored,
) -> Result<Option<(DateTime<Utc>, Record)>, OffsiteError> {
    let keys = &source.keys;
    let download_to = source.staging.join("record.age");
    for (t, candidates) in by_time(&listing.records, until).iter().rev() {
        let Some(name) = genuine(source, candidates, &download_to, &mut restored.refused).await?
        else {
            continue;
        };
        let file = std::fs::File::open(&download_to).map_err(OffsiteError::io(&download_to))?;
        let read = crypt::decrypting(&keys.identity, file)
            .map_err(|r| r.said(keys.file, &name))
            .map(crate::offsite::record::read);
        std::fs::remove_file(&download_to).map_err(OffsiteError::io(&download_to))?;
        match read? {
            Ok(record) => match record.belongs(source.bucket.describe(), keys.site.as_deref()) {
                Ok(()) => return Ok(Some((*t, record))),
                Err(why) => restored.refused.push((name, why)),
            },
            Err(reason) => restored
                .refused
                .push((name, format!("not a record of a copy: {reason}"))),
        }
    }
    Ok(None)
}

/// The objects `record` names that this restore did not take, and why: not in the
/// bucket, or refused. Those of a chain older than the one restored (`chosen`, when
/// it began), or a list of files older than the one restored, are replaced, not lacking.
pub(super) fn not_taken(
    record: &Record,
    restored: &Restored,
    chosen: Option<DateTime<Utc>>,
    sizes: &BTreeMap<String, u64>,
) -> Vec<(String, String)> {
    let taken: std::collections::BTreeSet<&str> =
        restored.objects.iter().map(|(n, _)| n.as_str()).collect();
    record
        .objects
        .iter()
        .filter(|(name, _)| !taken.contains(name.as_str()))
        .filter(|(name, _)| {
            let replaced = match crate::offsite::layout::chain_began(name) {
                Some(began) => chosen.is_some_and(|c| c > began),
                None => matches!(
                    (restored.files_of, crate::offsite::layout::named_time(name)),
                    (Some(f), Some(t)) if f > t
                ),
            };
            !replaced
        })
        .map(|(name, size)| {
            let state = if sizes.contains_key(name) {
                "refused: see REFUSED"
            } else {
                "not in the bucket"
            };
            (
                name.clone(),
                format!(
                    "{size} bytes, {}; {state}",
                    crate::offsite::record::what_it_held(name)
                ),
            )
        })
        .collect()
}

/// The most bytes a blob of a `size`-byte file takes once sealed (age adds a header
/// of a few hundred bytes and 16 bytes per 64 KiB).
pub(super) fn sealed_cap(size: u64) -> u64 {
    size + 16 * (size / 65_536 + 1) + 4096
}

/// Puts each file a files object names (`entries`) in the staging folder from its
/// blob: genuine, of the size listed, its bytes the blob's id. A file whose blob is
/// missing or refused stops the restore, naming them all, unless `--accept-missing`.
pub(super) async fn take_blobs(
    source: &Source<'_>,
    listing: &Listing,
    entries: &[pack::Entry],
    at: DateTime<Utc>,
    restored: &mut Restored,
) -> Result<usize, OffsiteError> {
    let keys = &source.keys;
    let download_to = source.staging.join("blob.age");
    let mut missing = Vec::new();
    let mut count = 0;
    for entry in entries {
        let cap = sealed_cap(entry.size);
        let candidates = listing.blobs.get(&entry.blob).cloned().unwrap_or_default();
        let mut taken = false;
        for name in &candidates {
            if source.sizes.get(name).copied().unwrap_or(0) > cap {
                restored.refused.push((
                    name.clone(),
                    format!("larger than the {} bytes its file's copy can take", cap),
                ));
                continue;
            }
            if let Err(why) = download(source, name, &download_to, cap).await? {
                restored.refused.push((name.clone(), why));
                continue;
            }
            let path = source.staging.join(&entry.path);
            let written = unseal_blob(keys, name, &download_to, &path, entry);
            let _ = std::fs::remove_file(&download_to);
            match written {
                Ok(()) => {
                    taken = true;
                    break;
                }
                Err(reason) => {
                    let _ = std::fs::remove_file(&path);
                    restored.refused.push((name.clone(), reason));
                }
            }
        }
        if taken {
            count += 1;
            restored.blobs.insert(entry.blob.clone());
        } else {
            let why = if candidates.is_empty() {
                format!(
                    "its object blobs/{}….age is not in the bucket",
                    &entry.blob[..8.min(entry.blob.len())]
                )
            } else {
                "no genuine object of it (see REFUSED)".to_string()
            };
            missing.push((entry.path.clone(), why));
        }
    }
    if !missing.is_empty() && !source.accept_missing {
        let listed: Vec<String> = missing
            .iter()
            .map(|(p, why)| format!("{p} ({why})"))
            .collect();
        return Err(OffsiteError::MissingFiles {
            at: at.to_rfc3339(),
            missing: listed.join(", "),
        });
    }
    restored.missing.extend(missing);
    Ok(count)
}

/// Decrypts the blob downloaded at `from` into a new file at `path`: `entry.size`
/// bytes whose id is `entry.blob`, or why not.
pub(super) fn unseal_blob(
    keys: &Keys<'_>,
    name: &str,
    from: &Path,
    path: &Path,
    entry: &pack::Entry,
) -> Result<(), String> {
    use std::io::Read;
    let file = std::fs::File::open(from).map_err(|e| e.to_string())?;
    let mut plain =
        crypt::decrypting(&keys.identity, file).map_err(|r| r.said(keys.file, name).to_string())?;
    if let Some(parent) = path.parent() {
        create_private_dir(parent).map_err(|e| e.to_string())?;
    }
    let mut out = crate::data_dir::create_new_private_file(path)
        .map_err(|e| format!("{}: {e}", entry.path))?;
    let mut hashing = tag::BlobHashing::new(&keys.tag_key);
    let mut buffer = vec![0u8; 256 * 1024];
    let mut size = 0u64;
    loop {
        let n = plain
            .read(&mut buffer)
            .map_err(|e| format!("does not decrypt: {e}"))?;
        if n == 0 {
            break;
        }
        size += n as u64;
        if size > entry.size {
            return Err(format!(
                "holds more than the {} bytes of {}",
                entry.size, entry.path
            ));
        }
        hashing.update(&buffer[..n]);
        out.write_all(&buffer[..n])
            .map_err(|e| format!("{}: {e}", entry.path))?;
    }
    out.sync_all().map_err(|e| format!("{}: {e}", entry.path))?;
    if size != entry.size || !tag::same(&hashing.finish(), &entry.blob) {
        return Err(format!(
            "its bytes are not those of {} as copied",
            entry.path
        ));
    }
    Ok(())
}
