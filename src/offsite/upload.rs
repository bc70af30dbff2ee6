//! Putting the copy's objects in the bucket: the site's files (each one not yet
//! there as its blob, then the list naming them all), a sealed object under its
//! tagged name, and the record naming every object of the copy; the state counts
//! what went up.
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::OffsiteError;
use super::layout::{self};
use super::pack::{self};
use super::seal::{Sealed, Sealing};
use super::snapshot::{blocking, seal_entries};
use super::state::{Config, FileSeen, State};
use crate::data_dir::DataDir;
use crate::store::Reader;

/// Copies the site's files: each file not yet in the bucket as its blob (a file
/// unchanged since the last look is not read again), then the list naming them all.
pub(super) async fn copy_files(
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
pub(super) async fn put_sealed(
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
pub(super) async fn put_record(
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

pub(super) fn uploaded(state: &mut State, size: u64, now: DateTime<Utc>) {
    state.record_due = true;
    state.uploaded_bytes += size;
    state.uploads += 1;
    state.last_copy = Some(now);
}
