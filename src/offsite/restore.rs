//! Bringing a site back from the bucket onto a data directory that holds no
//! database (`thewell restore --from`), and checking the newest copy against the
//! running site (`thewell offsite verify`). Each object is streamed to a file in a
//! staging folder with its size held to what the listing said, its authenticity tag
//! checked (src/offsite/tag.rs: an object without a genuine tag is refused and named),
//! then decrypted and unpacked chunk by chunk into the staging folder, every
//! submission through its form's own validation. The staging folder is moved into
//! place at the end, the database last; a restore that dies leaves only what the
//! next run removes before it starts again. Notification targets come back paused.
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::OffsiteError;
use super::bucket::Bucket;
use super::crypt::{self, Identity};
use super::layout::{Chain, Listing};
use super::pack::{self, FILES, Row};
use super::record::{Erasures, Record};
use super::tag::{self, TagKey};
use crate::data_dir::{DataDir, create_private_dir};
use crate::store::{IDEMPOTENCY_KEY, Reader, SUBMITTED_AT, received_at};

/// Submissions written into the new database per transaction.
const BATCH: usize = 5_000;
/// The name of the file that says which folders a restore was moving into place.
const MOVING: &str = ".restore-moving";

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

/// The identity and tag key from the staff's identity file.
struct Keys<'a> {
    identity: Identity,
    tag_key: TagKey,
    /// The site's id in the recovery file (`None` in one from before site ids).
    site: Option<String>,
    file: &'a Path,
}

/// Where a restore reads from and stages into.
struct Source<'a> {
    bucket: &'a Bucket,
    keys: Keys<'a>,
    /// Each listed object's size, as the listing said.
    sizes: BTreeMap<String, u64>,
    /// When the provider says each object was uploaded.
    uploaded: BTreeMap<String, DateTime<Utc>>,
    /// `--at`: an object uploaded after it was not in the bucket then.
    at: Option<DateTime<Utc>>,
    max_bytes: u64,
    accept_missing: bool,
    staging: PathBuf,
    /// What the copy's newest record says was erased: left out of any chain taken.
    erased: Erasures,
}

/// Streams object `name` (at most `size` bytes, as listed, and no more than
/// `max_bytes`) into a new file at `into`. `Ok(Err(why))` when it is refused: larger
/// than `max_bytes` as listed (nothing fetched), or its tag does not hold (the file
/// is removed); the restore goes on with the next candidate.
async fn download(
    source: &Source<'_>,
    name: &str,
    into: &Path,
    max_bytes: u64,
) -> Result<Result<(), String>, OffsiteError> {
    let (bucket, keys) = (source.bucket, &source.keys);
    let size = source.sizes.get(name).copied().unwrap_or(0);
    if let Some(why) = refused_unfetched(source, name, max_bytes) {
        return Ok(Err(why));
    }
    let (plain_name, Some(claimed)) = super::layout::untagged(name) else {
        return Ok(Err(NOT_GENUINE.into()));
    };
    let mut file =
        crate::data_dir::create_new_private_file(into).map_err(OffsiteError::io(into))?;
    let mut tagging = tag::Tagging::new(&keys.tag_key, &plain_name);
    let got = bucket
        .get_into(name, size, |piece| {
            tagging.update(piece);
            file.write_all(piece)
        })
        .await;
    if let Err(error) = got {
        let _ = std::fs::remove_file(into);
        return Err(error.into());
    }
    file.sync_all().map_err(OffsiteError::io(into))?;
    if !tag::same(&tagging.finish(), &claimed) {
        let _ = std::fs::remove_file(into);
        return Ok(Err(NOT_GENUINE.into()));
    }
    Ok(Ok(()))
}

/// Why object `name` is refused before it is fetched, from the listing alone: no
/// tag in its name, larger than `max_bytes`, or its upload time (see [`untimely`]).
fn refused_unfetched(source: &Source<'_>, name: &str, max_bytes: u64) -> Option<String> {
    let size = source.sizes.get(name).copied().unwrap_or(0);
    if super::layout::untagged(name).1.is_none() {
        Some(NOT_GENUINE.into())
    } else if size > max_bytes {
        Some(super::error::too_large(size, max_bytes))
    } else {
        untimely(source, name)
    }
}

/// Why object `name` cannot be taken by when the provider says it was uploaded:
/// after `--at`, or far from the time in its name.
fn untimely(source: &Source<'_>, name: &str) -> Option<String> {
    let uploaded = source.uploaded.get(name)?;
    if let Some(at) = source.at
        && *uploaded > at
    {
        return Some(format!(
            "uploaded {}, after --at {}: not in the bucket then (made or put there later, e.g. after a break-in)",
            uploaded.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        ));
    }
    if let Some(named) = super::layout::named_time(name)
        && (named - *uploaded).abs() > NAMED_FROM_UPLOADED
    {
        return Some(format!(
            "its name says {}, the provider says it was uploaded {}: more than a day apart, so the time in its name cannot be trusted (made with the tag key elsewhere and named to pass for another time, or by a server whose clock was wrong)",
            named.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            uploaded.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        ));
    }
    None
}

/// How far the time in an object's name may be from when the provider says it was
/// uploaded. The server names an object by its clock just before sealing and
/// uploading it (minutes at most); a day leaves room for a clock off by a time zone.
/// Farther, the name was written to pass for another time: a copy named in the
/// future to be taken as the newest, or in the past to be taken by `--at`.
const NAMED_FROM_UPLOADED: chrono::TimeDelta = chrono::TimeDelta::days(1);

/// Why an object was refused, for the list staff are shown.
const NOT_GENUINE: &str = "its tag does not match: not made by this site's server (planted?)";

/// Downloads the genuine one of `candidates` (objects of one plain name) into
/// `into`; the others are added to `refused` with why. `None` when none is taken.
async fn genuine(
    source: &Source<'_>,
    candidates: &[String],
    into: &Path,
    refused: &mut Vec<(String, String)>,
) -> Result<Option<String>, OffsiteError> {
    let twin = into.with_extension("twin");
    let mut taken: Option<&String> = None;
    for name in candidates {
        // Once one is taken, each other is fetched beside it: a second genuine one
        // means two copies of one object, which this site's server never makes.
        let to = if taken.is_some() { &twin } else { into };
        match download(source, name, to, source.max_bytes).await? {
            Ok(()) => match taken {
                None => taken = Some(name),
                Some(first) => {
                    let _ = std::fs::remove_file(into);
                    let _ = std::fs::remove_file(&twin);
                    for both in [first, name] {
                        refused.push((both.clone(), TWINS.into()));
                    }
                    return Ok(None);
                }
            },
            Err(why) => refused.push((name.clone(), why)),
        }
        let _ = std::fs::remove_file(&twin);
    }
    Ok(taken.cloned())
}

/// Why an object newer than what the newest record names is refused.
const UNRECORDED: &str = "newer than what the copy's newest record names, and in no record: moved here from another prefix or site, or planted; not taken";

/// Why two genuine objects of one name are both refused.
const TWINS: &str = "two genuine objects of one name: this site's server makes one, so the other was made with the tag key elsewhere (after a break-in?); neither is taken";

/// Checks one submission as its form would have at the door: a known form, a JSON
/// object with only the form's fields and the server's own two, every field valid.
fn check_row(row: &Row) -> Result<(), String> {
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
fn take_rows(
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
fn by_time(
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
async fn take_chain(
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
async fn take_files(
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
async fn take_record(
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
            .map(super::record::read);
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
fn not_taken(
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
            let replaced = match super::layout::chain_began(name) {
                Some(began) => chosen.is_some_and(|c| c > began),
                None => matches!(
                    (restored.files_of, super::layout::named_time(name)),
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
                    super::record::what_it_held(name)
                ),
            )
        })
        .collect()
}

/// The most bytes a blob of a `size`-byte file takes once sealed (age adds a header
/// of a few hundred bytes and 16 bytes per 64 KiB).
fn sealed_cap(size: u64) -> u64 {
    size + 16 * (size / 65_536 + 1) + 4096
}

/// Puts each file a files object names (`entries`) in the staging folder from its
/// blob: genuine, of the size listed, its bytes the blob's id. A file whose blob is
/// missing or refused stops the restore, naming them all, unless `--accept-missing`.
async fn take_blobs(
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
fn unseal_blob(
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

/// Removes what a restore that died left behind: its staging folders, and what it
/// had already moved into place (named in `.restore-moving`) while the database,
/// moved last, is not there yet.
fn clean_leftovers(dir: &DataDir) -> Result<(), OffsiteError> {
    let root = dir.root();
    let moving = root.join(MOVING);
    if moving.exists() && !dir.database().exists() {
        let names = std::fs::read_to_string(&moving).unwrap_or_default();
        let state = dir.offsite_state();
        let state_name = state
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        for name in names
            .lines()
            .filter(|n| FILES.contains(n) || *n == state_name)
        {
            let path = root.join(name);
            let gone = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            if let Err(e) = gone
                && e.kind() != std::io::ErrorKind::NotFound
            {
                return Err(OffsiteError::io(&path)(e));
            }
        }
    }
    let _ = std::fs::remove_file(&moving);
    if let Ok(entries) = std::fs::read_dir(root) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(".restore-") {
                let path = entry.path();
                std::fs::remove_dir_all(&path).map_err(OffsiteError::io(&path))?;
            }
        }
    }
    Ok(())
}

/// A restore stopped between moving its database into place (the last move: the data
/// directory is then restored) and removing `.restore-moving` and its staging folder:
/// those are removed, and what the database holds is counted.
fn finish_tidying(dir: &DataDir) -> Result<Restored, OffsiteError> {
    // With the database in place, this removes the marker and the staging folders only.
    clean_leftovers(dir)?;
    let root = dir.root();
    std::fs::File::open(root)
        .and_then(|f| f.sync_all())
        .map_err(OffsiteError::io(root))?;
    let (rows, newest) = crate::store::Filling::create(&dir.database())?.counts()?;
    Ok(Restored {
        rows,
        newest,
        files: 0,
        copy_of: DateTime::<Utc>::MIN_UTC,
        files_of: None,
        objects: Vec::new(),
        uploaded: BTreeMap::new(),
        refused: Vec::new(),
        missing: Vec::new(),
        record: None,
        left_out: 0,
        blobs: Default::default(),
        finished_earlier: true,
    })
}

fn read_keys(identity_file: &Path) -> Result<Keys<'_>, OffsiteError> {
    Ok(Keys {
        identity: crypt::read_identity(identity_file)?,
        tag_key: tag::read_from_identity(identity_file)?,
        site: super::recovery::read_site(identity_file),
        file: identity_file,
    })
}

/// Restores the site as it was at `options.at` (the newest copy when `None`) into
/// `dir`, which must hold no database (it is created when missing).
pub async fn restore(
    dir: &DataDir,
    bucket: &Bucket,
    identity_file: &Path,
    options: &Options,
) -> Result<Restored, OffsiteError> {
    if dir.database().exists() {
        if dir.root().join(MOVING).exists() {
            return finish_tidying(dir);
        }
        return Err(OffsiteError::NotEmpty(dir.root().to_path_buf()));
    }
    let keys = read_keys(identity_file)?;
    if dir.root().exists() {
        clean_leftovers(dir)?;
    }
    for name in FILES {
        let path = dir.root().join(name);
        let empty_dir = std::fs::read_dir(&path).is_ok_and(|mut d| d.next().is_none());
        if path.exists() && !empty_dir {
            return Err(OffsiteError::NotEmpty(dir.root().to_path_buf()));
        }
    }
    let listed = bucket.list(super::layout::known).await?;
    let sizes: BTreeMap<String, u64> = listed.iter().map(|o| (o.name.clone(), o.size)).collect();
    let uploaded: BTreeMap<String, DateTime<Utc>> = listed
        .iter()
        .filter_map(|o| Some((o.name.clone(), o.uploaded?)))
        .collect();
    let listing = Listing::read(
        &sizes
            .iter()
            .map(|(n, s)| (n.clone(), *s))
            .collect::<Vec<_>>(),
    );
    let until = options.at.unwrap_or(DateTime::<Utc>::MAX_UTC);
    if listing.at(options.at).0.is_none() {
        return Err(match (options.at, listing.oldest()) {
            (Some(at), Some(oldest)) => OffsiteError::NothingThatEarly {
                at: at.to_rfc3339(),
                oldest: oldest.to_rfc3339(),
            },
            _ => OffsiteError::NoCopy(bucket.describe().to_string()),
        });
    }

    create_private_dir(dir.root()).map_err(OffsiteError::io(dir.root()))?;
    let staging = dir
        .root()
        .join(format!(".restore-{}", ulid::Ulid::generate()));
    create_private_dir(&staging).map_err(OffsiteError::io(&staging))?;
    let source = Source {
        bucket,
        keys,
        sizes,
        uploaded: uploaded.clone(),
        at: options.at,
        max_bytes: options.max_bytes,
        accept_missing: options.accept_missing,
        staging: staging.clone(),
        erased: Erasures::default(),
    };
    let mut source = source;
    let result = async {
        let mut restored = Restored {
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
            finished_earlier: false,
        };
        // The newest record's erasures hold for any time restored; the newest record
        // from no later than `until` says what the copy then consisted of.
        // Taken however late it was uploaded (`--at` is not asked): a record's
        // erasures only ever leave submissions out.
        let at = source.at.take();
        let newest = take_record(&source, &listing, DateTime::<Utc>::MAX_UTC, &mut restored).await;
        source.at = at;
        let newest = newest?;
        let record = match &newest {
            Some((written, _)) if *written > until => {
                take_record(&source, &listing, until, &mut restored).await?
            }
            _ => newest.clone(),
        };
        if let Some((_, newest)) = &newest {
            source.erased = newest.erased.clone();
        }
        let source = &source;
        // The newest chain with a genuine base, from no later than `until`. One that
        // began after the chain the newest record names is in no record: moved here
        // from another prefix (its tags hold: they bind the name under the prefix)
        // or planted; refused, never taken for the newest copy.
        let newest_chain = newest.as_ref().and_then(|(_, r)| r.chain_began());
        let mut database = None;
        let mut chosen = None;
        for chain in listing
            .complete()
            .filter(|c| c.began <= until)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            if newest_chain.is_some_and(|named| chain.began > named) {
                for base in &chain.bases {
                    let why = refused_unfetched(source, base, source.max_bytes)
                        .unwrap_or_else(|| UNRECORDED.into());
                    restored.refused.push((base.clone(), why));
                }
                continue;
            }
            database = take_chain(&source, chain, until, &mut restored).await?;
            if database.is_some() {
                chosen = Some(chain.began);
                break;
            }
        }
        let Some(database) = database else {
            let names: Vec<String> = restored
                .refused
                .iter()
                .map(|(n, why)| format!("{n} ({why})"))
                .take(5)
                .collect();
            return Err(OffsiteError::NoGenuineCopy {
                bucket: bucket.describe().to_string(),
                refused: format!(
                    "{}{}",
                    names.join(", "),
                    if restored.refused.len() > 5 {
                        ", …"
                    } else {
                        ""
                    }
                ),
            });
        };
        // Kept as erased by the restored site too: its server's records carry them on.
        database.carry(&source.erased.carried())?;
        (restored.rows, restored.newest) = database.counts()?;
        drop(database);
        let refused_before = restored.refused.len();
        let newest_files = newest.as_ref().and_then(|(_, r)| r.files_time());
        if let Some((count, at)) =
            take_files(&source, &listing, until, newest_files, &mut restored).await?
        {
            restored.files = count;
            restored.files_of = Some(at);
        } else {
            // No list of the files could be taken: the site would come back without
            // its settings, targets, content and photos. Said, never passed over.
            let refused: Vec<String> = restored.refused[refused_before..]
                .iter()
                .map(|(n, why)| format!("{n}: {why}"))
                .collect();
            let why = if refused.is_empty() {
                "the bucket holds no files/ object from then".to_string()
            } else {
                format!("every files/ object was refused: {}", refused.join("; "))
            };
            if !source.accept_missing {
                return Err(OffsiteError::NoFilesList {
                    at: restored.copy_of.to_rfc3339(),
                    why,
                });
            }
            restored.missing.push((
                "the site's files (settings, notification targets, content, photos)".into(),
                why,
            ));
        }
        if let Some((written, record)) = record {
            restored.record = Some((written, record.sequence));
            let lacking = not_taken(&record, &restored, chosen, &source.sizes);
            if !lacking.is_empty() && !source.accept_missing {
                return Err(OffsiteError::Incomplete {
                    at: written.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                    missing: lacking
                        .iter()
                        .map(|(name, why)| format!("{name} ({why})"))
                        .collect::<Vec<_>>()
                        .join("; "),
                });
            }
            restored.missing.extend(lacking);
        }
        pause_targets(&staging)?;
        // The restored server's records go on from the newest one's number.
        let sequence = newest.as_ref().map_or(0, |(_, r)| r.sequence);
        super::copier::State::restored(bucket.describe(), restored.blobs.clone(), sequence)
            .write(&DataDir::new(&staging));
        move_into_place(dir, &staging)?;
        Ok(restored)
    }
    .await;
    let _ = std::fs::remove_dir_all(&staging);
    result
}

/// Every notification target restored is paused: nobody is told of anything until
/// staff have looked at the list and run `thewell notify resume`.
fn pause_targets(staging: &Path) -> Result<(), OffsiteError> {
    let path = staging.join(crate::notify::targets::FILE);
    if !path.exists() {
        return Ok(());
    }
    let bytes = std::fs::read(&path).map_err(OffsiteError::io(&path))?;
    let mut value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| OffsiteError::Damaged {
            object: crate::notify::targets::FILE.into(),
            reason: e.to_string(),
        })?;
    if let Some(targets) = value.get_mut("targets").and_then(|t| t.as_array_mut()) {
        for target in targets {
            if let Some(target) = target.as_object_mut() {
                target.insert("paused".into(), serde_json::Value::Bool(true));
            }
        }
    }
    let json = serde_json::to_vec_pretty(&value).expect("JSON serialises");
    crate::data_dir::replace_private_file(&path, &staging.join(".notify.json.tmp"), &json)
        .map_err(OffsiteError::io(&path))
}

/// Moves the staged files into place, then the database: a data directory with a
/// database is a restored one. `.restore-moving` names what is being moved, so that
/// a restore killed half-way is undone by the next.
fn move_into_place(dir: &DataDir, staging: &Path) -> Result<(), OffsiteError> {
    let root = dir.root();
    let mut names: Vec<&str> = FILES
        .iter()
        .copied()
        .filter(|n| staging.join(n).exists())
        .collect();
    let state = dir.offsite_state();
    let state_name = state
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    names.push(state_name);
    let moving = root.join(MOVING);
    crate::data_dir::replace_private_file(
        &moving,
        &root.join(".restore-moving.tmp"),
        names.join("\n").as_bytes(),
    )
    .map_err(OffsiteError::io(&moving))?;
    for name in names {
        let from = staging.join(name);
        if !from.exists() {
            continue;
        }
        let to = root.join(name);
        // An empty folder (photos/, made by a server's start) gives way.
        if to.is_dir() {
            let _ = std::fs::remove_dir(&to);
        }
        std::fs::rename(&from, &to).map_err(OffsiteError::io(&to))?;
    }
    let target = dir.database();
    std::fs::rename(staging.join("thewell.redb"), &target).map_err(OffsiteError::io(&target))?;
    std::fs::File::open(root)
        .and_then(|f| f.sync_all())
        .map_err(OffsiteError::io(root))?;
    std::fs::remove_file(&moving).map_err(OffsiteError::io(&moving))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restore_stopped_after_its_database_moved_is_tidied_and_counted_by_the_next() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path().join("site"));
        create_private_dir(dir.root()).unwrap();
        let database = crate::store::Filling::create(&dir.database()).unwrap();
        let form = crate::forms::FORMS[0].name.to_string();
        database
            .add(&[(form.clone(), ulid::Ulid::generate(), "{}".into())])
            .unwrap();
        drop(database);
        std::fs::write(dir.root().join(MOVING), "site.json\n").unwrap();
        std::fs::create_dir(dir.root().join(".restore-01J")).unwrap();
        std::fs::write(dir.root().join(".restore-01J/object.age"), "x").unwrap();
        std::fs::write(dir.root().join("site.json"), "{}").unwrap();

        let restored = finish_tidying(&dir).unwrap();
        assert!(restored.finished_earlier);
        assert_eq!(restored.rows.get(&form), Some(&1));
        let left: Vec<String> = std::fs::read_dir(dir.root())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        assert!(left.iter().all(|n| !n.starts_with('.')), "{left:?}");
        assert!(left.contains(&"site.json".to_string()), "{left:?}");
    }
}
