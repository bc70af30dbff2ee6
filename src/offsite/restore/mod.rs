//! Bringing a site back from the bucket onto a data directory that holds no
//! database (`thewell restore --from`), in order: the copy's newest genuine record
//! (what the copy consists of, and what was erased since), its newest chain of
//! submissions with a genuine base, its list of files and each file, then what the
//! record names that was not taken. Each object is fetched and checked by `fetch`,
//! taken into a staging folder by `take`, and the staging folder is put in place by
//! `place`, the database last; a restore that dies leaves only what the next run
//! removes before it starts again. Notification targets come back paused.
mod fetch;
mod outcome;
mod place;
mod take;

pub use outcome::{Options, Restored};

use std::collections::BTreeMap;
use std::path::Path;

use chrono::{DateTime, Utc};

use super::OffsiteError;
use super::bucket::Bucket;
use super::layout::Listing;
use super::record::Record;
use crate::data_dir::{DataDir, create_private_dir};
use fetch::{Source, UNRECORDED, read_keys, refused_unfetched};

/// Restores the site as it was at `options.at` (the newest copy when `None`) into
/// `dir`, which must hold no database (it is created when missing).
pub async fn restore(
    dir: &DataDir,
    bucket: &Bucket,
    identity_file: &Path,
    options: &Options,
) -> Result<Restored, OffsiteError> {
    if dir.database().exists() {
        if dir.root().join(place::MOVING).exists() {
            return place::finish_tidying(dir);
        }
        return Err(OffsiteError::NotEmpty(dir.root().to_path_buf()));
    }
    let keys = read_keys(identity_file)?;
    place::make_room(dir)?;
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
    let mut source = Source {
        bucket,
        keys,
        sizes,
        uploaded,
        at: options.at,
        max_bytes: options.max_bytes,
        accept_missing: options.accept_missing,
        staging: staging.clone(),
        erased: Default::default(),
    };
    let result = staged(dir, &mut source, &listing).await;
    let _ = std::fs::remove_dir_all(&staging);
    result
}

/// The restore itself, into `source.staging`, then put in place.
async fn staged(
    dir: &DataDir,
    source: &mut Source<'_>,
    listing: &Listing,
) -> Result<Restored, OffsiteError> {
    let until = source.at.unwrap_or(DateTime::<Utc>::MAX_UTC);
    let mut restored = Restored::nothing(source.uploaded.clone(), false);
    let (newest, record) = records(source, listing, until, &mut restored).await?;
    if let Some((_, newest)) = &newest {
        source.erased = newest.erased.clone();
    }
    let source = &*source;
    let chosen = submissions(source, listing, until, newest.as_ref(), &mut restored).await?;
    files(source, listing, until, newest.as_ref(), &mut restored).await?;
    if let Some((written, record)) = record {
        restored.record = Some((written, record.sequence));
        let lacking = take::not_taken(&record, &restored, chosen, &source.sizes);
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
    place::pause_targets(&source.staging)?;
    // The restored server's records go on from the newest one's number.
    let sequence = newest.as_ref().map_or(0, |(_, r)| r.sequence);
    super::state::State::restored(source.bucket.describe(), restored.blobs.clone(), sequence)
        .write(&DataDir::new(&source.staging));
    place::move_into_place(dir, &source.staging)?;
    Ok(restored)
}

/// A record of the copy, when it was written.
type Dated = Option<(DateTime<Utc>, Record)>;

/// The copy's newest genuine record, and the newest from no later than `until`. The
/// newest one's erasures hold for any time restored, so it is taken however late it
/// was uploaded (`--at` is not asked: a record's erasures only ever leave submissions
/// out); the one from `until` says what the copy then consisted of.
async fn records(
    source: &mut Source<'_>,
    listing: &Listing,
    until: DateTime<Utc>,
    restored: &mut Restored,
) -> Result<(Dated, Dated), OffsiteError> {
    let at = source.at.take();
    let newest = take::take_record(source, listing, DateTime::<Utc>::MAX_UTC, restored).await;
    source.at = at;
    let newest = newest?;
    let record = match &newest {
        Some((written, _)) if *written > until => {
            take::take_record(source, listing, until, restored).await?
        }
        _ => newest.clone(),
    };
    Ok((newest, record))
}

/// Fills the staging folder's database from the newest chain with a genuine base from
/// no later than `until`; when that chain began. One that began after the chain the
/// newest record names is in no record: moved here from another prefix (its tags
/// hold: they bind the name under the prefix) or planted; refused, never taken for
/// the newest copy.
async fn submissions(
    source: &Source<'_>,
    listing: &Listing,
    until: DateTime<Utc>,
    newest: Option<&(DateTime<Utc>, Record)>,
    restored: &mut Restored,
) -> Result<Option<DateTime<Utc>>, OffsiteError> {
    let newest_chain = newest.and_then(|(_, r)| r.chain_began());
    let chains: Vec<_> = listing.complete().filter(|c| c.began <= until).collect();
    for chain in chains.into_iter().rev() {
        if newest_chain.is_some_and(|named| chain.began > named) {
            for base in &chain.bases {
                let why = refused_unfetched(source, base, source.max_bytes)
                    .unwrap_or_else(|| UNRECORDED.into());
                restored.refused.push((base.clone(), why));
            }
            continue;
        }
        if let Some(database) = take::take_chain(source, chain, until, restored).await? {
            // Kept as erased by the restored site too: its server's records carry them on.
            database.carry(&source.erased.carried())?;
            (restored.rows, restored.newest) = database.counts()?;
            return Ok(Some(chain.began));
        }
    }
    let names: Vec<String> = restored
        .refused
        .iter()
        .map(|(n, why)| format!("{n} ({why})"))
        .take(5)
        .collect();
    let more = if restored.refused.len() > 5 {
        ", …"
    } else {
        ""
    };
    Err(OffsiteError::NoGenuineCopy {
        bucket: source.bucket.describe().to_string(),
        refused: format!("{}{more}", names.join(", ")),
    })
}

/// Takes the site's files (settings, notification targets, content, photos) of the
/// newest list of them from no later than `until`. None could be taken: the site
/// would come back without them; said, and refused unless `--accept-missing`.
async fn files(
    source: &Source<'_>,
    listing: &Listing,
    until: DateTime<Utc>,
    newest: Option<&(DateTime<Utc>, Record)>,
    restored: &mut Restored,
) -> Result<(), OffsiteError> {
    let refused_before = restored.refused.len();
    let newest_files = newest.and_then(|(_, r)| r.files_time());
    if let Some((count, at)) =
        take::take_files(source, listing, until, newest_files, restored).await?
    {
        restored.files = count;
        restored.files_of = Some(at);
        return Ok(());
    }
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
    Ok(())
}
