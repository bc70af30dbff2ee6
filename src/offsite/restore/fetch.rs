//! Fetching a copy's objects for a restore: each one streamed to a file in the
//! staging folder, its size held to what the listing said and its authenticity tag
//! checked (src/offsite/tag.rs), or refused with why, from the listing alone when it
//! can be: no tag, larger than a restore takes, uploaded after `--at` or far from the
//! time in its name, or a second genuine object of one name.
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use crate::offsite::OffsiteError;
use crate::offsite::bucket::Bucket;
use crate::offsite::crypt::{self, Identity};
use crate::offsite::record::Erasures;
use crate::offsite::tag::{self, TagKey};

/// The identity and tag key from the staff's identity file.
pub(super) struct Keys<'a> {
    pub(super) identity: Identity,
    pub(super) tag_key: TagKey,
    /// The site's id in the recovery file (`None` in one from before site ids).
    pub(super) site: Option<String>,
    pub(super) file: &'a Path,
}

/// Where a restore reads from and stages into.
pub(super) struct Source<'a> {
    pub(super) bucket: &'a Bucket,
    pub(super) keys: Keys<'a>,
    /// Each listed object's size, as the listing said.
    pub(super) sizes: BTreeMap<String, u64>,
    /// When the provider says each object was uploaded.
    pub(super) uploaded: BTreeMap<String, DateTime<Utc>>,
    /// `--at`: an object uploaded after it was not in the bucket then.
    pub(super) at: Option<DateTime<Utc>>,
    pub(super) max_bytes: u64,
    pub(super) accept_missing: bool,
    pub(super) staging: PathBuf,
    /// What the copy's newest record says was erased: left out of any chain taken.
    pub(super) erased: Erasures,
}

/// The identity and tag key of the staff's identity file.
pub(super) fn read_keys(identity_file: &Path) -> Result<Keys<'_>, OffsiteError> {
    Ok(Keys {
        identity: crypt::read_identity(identity_file)?,
        tag_key: tag::read_from_identity(identity_file)?,
        site: crate::offsite::recovery::read_site(identity_file),
        file: identity_file,
    })
}

/// Streams object `name` (at most `size` bytes, as listed, and no more than
/// `max_bytes`) into a new file at `into`. `Ok(Err(why))` when it is refused: larger
/// than `max_bytes` as listed (nothing fetched), or its tag does not hold (the file
/// is removed); the restore goes on with the next candidate.
pub(super) async fn download(
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
    let (plain_name, Some(claimed)) = crate::offsite::layout::untagged(name) else {
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
pub(super) fn refused_unfetched(source: &Source<'_>, name: &str, max_bytes: u64) -> Option<String> {
    let size = source.sizes.get(name).copied().unwrap_or(0);
    if crate::offsite::layout::untagged(name).1.is_none() {
        Some(NOT_GENUINE.into())
    } else if size > max_bytes {
        Some(crate::offsite::error::too_large(size, max_bytes))
    } else {
        untimely(source, name)
    }
}

/// Why object `name` cannot be taken by when the provider says it was uploaded:
/// after `--at`, or far from the time in its name.
pub(super) fn untimely(source: &Source<'_>, name: &str) -> Option<String> {
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
    if let Some(named) = crate::offsite::layout::named_time(name)
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
pub(super) const NAMED_FROM_UPLOADED: chrono::TimeDelta = chrono::TimeDelta::days(1);

/// Why an object was refused, for the list staff are shown.
pub(super) const NOT_GENUINE: &str =
    "its tag does not match: not made by this site's server (planted?)";

/// Downloads the genuine one of `candidates` (objects of one plain name) into
/// `into`; the others are added to `refused` with why. `None` when none is taken.
pub(super) async fn genuine(
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
pub(super) const UNRECORDED: &str = "newer than what the copy's newest record names, and in no record: moved here from another prefix or site, or planted; not taken";

/// Why two genuine objects of one name are both refused.
pub(super) const TWINS: &str = "two genuine objects of one name: this site's server makes one, so the other was made with the tag key elsewhere (after a break-in?); neither is taken";
