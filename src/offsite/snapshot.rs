//! What one consistent snapshot of the database holds against what the copy holds
//! (`look`), and the submissions sealed for the bucket from it: every one as a base,
//! or the new ones as a segment (src/offsite/seal.rs), each in a blocking task.
use std::collections::BTreeMap;

use super::OffsiteError;
use super::pack::{self, Row};
use super::seal::{Sealed, Sealing};
use super::state::{Config, Held};
use crate::data_dir::DataDir;
use crate::forms::FORMS;
use crate::store::Reader;

/// What one consistent snapshot of the database says against what the chain holds.
pub(super) struct Changes {
    /// Submissions newer than the chain's newest of their form, oldest first.
    pub(super) new_rows: Vec<Row>,
    /// Forms whose submissions up to the chain's newest differ from the chain's
    /// (a submission the bucket lacks, or one erased here), with the database's count.
    pub(super) differ: Vec<(&'static str, u64)>,
    /// A form has fewer submissions up to the chain's newest than the chain holds.
    pub(super) fewer: bool,
    /// The database's erasure count.
    pub(super) erasures: u64,
}

pub(super) fn look(dir: &DataDir, held: &BTreeMap<String, Held>) -> Result<Changes, OffsiteError> {
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
pub(super) struct Base {
    pub(super) sealed: Sealed,
    /// What it holds, per form.
    pub(super) held: BTreeMap<String, Held>,
    /// The database's erasure count in that snapshot.
    pub(super) erasures: u64,
}

pub(super) fn seal_base(dir: &DataDir, config: &Config, plain: &str) -> Result<Base, OffsiteError> {
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
pub(super) fn seal_rows(
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
pub(super) fn seal_entries(
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

pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, OffsiteError> + Send + 'static,
) -> Result<T, OffsiteError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| panic!("the off-site copier's work panicked: {e}"))
}
