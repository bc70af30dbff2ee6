//! The photo maker: one thread at a low priority (nice 10) that makes each slot's waiting
//! original into its variants, one photo at a time, with a line in the log for each;
//! then removes the variants no record names any more (a replaced photo's old sizes).
//! It never holds up a request: pages show the drawing (or the photo made before)
//! until the record of the new one is written.
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::made::{self, Refused, State};
use super::make::{Recipe, make};
use crate::data_dir::DataDir;

/// One slot's original and how it is to be made.
#[derive(Debug, Clone)]
pub struct Job {
    pub slot: String,
    pub original: PathBuf,
    pub key: String,
    pub recipe: Recipe,
}

/// The maker's nice level: about a tenth of a core when requests want the processor.
const NICE: i32 = 10;

/// How often the maker looks for work when it has none.
const IDLE_LOOK: Duration = Duration::from_secs(1);

/// Starts the maker; `jobs` lists every slot that has an original now.
pub fn start(dir: DataDir, jobs: impl Fn() -> Vec<Job> + Send + 'static) {
    let work = move || {
        // Not the idle class: on a server kept busy it would never make a photo.
        crate::idle::run_nicely(NICE);
        let mut announced = 0usize;
        let mut done_in_batch = 0usize;
        // The slots and keys last tidied for: nothing is removed until they change.
        let mut tidied: Option<Vec<(String, String)>> = None;
        loop {
            let all = jobs();
            let now: Vec<(String, String)> = all
                .iter()
                .map(|j| (j.slot.clone(), j.key.clone()))
                .collect();
            let waiting: Vec<&Job> = all
                .iter()
                .filter(|job| matches!(made::state(&dir, &job.slot, &job.key), State::Waiting))
                .collect();
            let Some(job) = waiting.first() else {
                if announced > 0 {
                    tracing::info!("photos: all {done_in_batch} waiting photos made");
                    announced = 0;
                    done_in_batch = 0;
                }
                if tidied.as_ref() != Some(&now) {
                    tidy(&dir, &all);
                    tidied = Some(now);
                }
                std::thread::sleep(IDLE_LOOK);
                continue;
            };
            if announced == 0 {
                announced = waiting.len();
                tracing::info!("photos: {announced} to make, one at a time");
            }
            done_in_batch += 1;
            make_one(&dir, job, done_in_batch, done_in_batch + waiting.len() - 1);
            tidy(&dir, &all);
            tidied = Some(now);
        }
    };
    if let Err(error) = std::thread::Builder::new()
        .name("photo-maker".into())
        .spawn(work)
    {
        tracing::error!("photos cannot be made: no thread for it ({error}); the drawings show");
    }
}

/// Makes every waiting job now, in this thread (`thewell site photos --make`), then
/// tidies; returns how many were made and how many refused.
pub fn make_waiting(dir: &DataDir, jobs: &[Job]) -> (usize, usize) {
    let waiting: Vec<&Job> = jobs
        .iter()
        .filter(|job| matches!(made::state(dir, &job.slot, &job.key), State::Waiting))
        .collect();
    let mut made = 0;
    for (i, job) in waiting.iter().enumerate() {
        if make_one(dir, job, i + 1, waiting.len()) {
            made += 1;
        }
    }
    tidy(dir, jobs);
    (made, waiting.len() - made)
}

/// Makes one job, recording what was made or why it was refused; true when made.
fn make_one(dir: &DataDir, job: &Job, number: usize, of: usize) -> bool {
    let started = Instant::now();
    let folder = dir.photo_variants();
    let result = crate::data_dir::create_private_dir(&dir.photo_files())
        .map_err(|e| super::PhotoError::Write(e.to_string()))
        .and_then(|()| read_original(job))
        .and_then(|bytes| make(&bytes, &job.slot, &job.key, &job.recipe, &dir.photo_files()));
    let ok = result.is_ok();
    let recorded = match result {
        Ok(made) => {
            tracing::info!(
                "photos: {number} of {of}: {} made ({} widths up to {} px, {:.1} s)",
                job.slot,
                made.widths.len(),
                made.width,
                started.elapsed().as_secs_f32()
            );
            made::save_made(&folder, &job.slot, &made)
        }
        Err(why) => {
            tracing::warn!(
                "photos: {number} of {of}: {} refused: {}: {why}",
                job.slot,
                job.original.display()
            );
            made::save_refused(
                &folder,
                &job.slot,
                &Refused {
                    key: job.key.clone(),
                    why: why.to_string(),
                },
            )
        }
    };
    if let Err(error) = recorded {
        tracing::error!(
            "photos: {} could not be recorded in {}: {error}; it is tried again in a minute",
            job.slot,
            folder.display()
        );
        std::thread::sleep(Duration::from_secs(60));
    }
    ok
}

/// The original's bytes, refused before reading when the file is too large.
fn read_original(job: &Job) -> Result<Vec<u8>, super::PhotoError> {
    let unreadable = |e: std::io::Error| super::PhotoError::Unreadable(e.to_string());
    let meta = std::fs::symlink_metadata(&job.original).map_err(unreadable)?;
    // One name only: never a second name of the database or a backup.
    if std::os::unix::fs::MetadataExt::nlink(&meta) != 1 {
        return Err(super::PhotoError::Unreadable(
            "it is a hard link to another file; copy the photo in instead".into(),
        ));
    }
    let size = meta.len();
    if size > super::error::MAX_BYTES {
        return Err(super::PhotoError::TooManyBytes(size));
    }
    crate::data_dir::read_regular(&job.original).map_err(unreadable)
}

/// Removes what no slot uses: records of slots without an original, and variant
/// files that the slot's record (ready or last made) does not name.
fn tidy(dir: &DataDir, jobs: &[Job]) {
    let folder = dir.photo_variants();
    let slots: BTreeSet<&str> = jobs.iter().map(|j| j.slot.as_str()).collect();
    for slot in made::recorded_slots(&folder) {
        if !slots.contains(slot.as_str()) {
            let _ = made::forget(&folder, &slot);
        }
    }
    let Ok(entries) = std::fs::read_dir(dir.photo_files()) else {
        return;
    };
    let kept: Vec<(String, made::Made)> = slots
        .iter()
        .filter_map(|slot| {
            // The record, whether or not all its files are still there.
            made::recorded(&folder, slot).map(|m| (slot.to_string(), m))
        })
        .collect();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let used = kept.iter().any(|(slot, m)| m.has_file(slot, &name));
        // A file being written now has a temporary name after its own; it is the
        // maker's own (this thread), so none is in flight while this runs.
        if !used {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
