//! `thewell stats`, `thewell erase` and `thewell backup`: staff's look at, and care
//! of, the stored submissions, all safe to run while the server runs.
use std::io::Write;
use std::path::Path;

use chrono::SecondsFormat;

use crate::store::{self, Reader, StoreError};

fn stdout_error(source: std::io::Error) -> StoreError {
    StoreError::Io {
        path: "standard output".into(),
        source,
    }
}

pub fn stats(data_dir: &Path, out: &mut impl Write) -> Result<(), StoreError> {
    let reader = Reader::open(data_dir)?;
    writeln!(out, "{:<24} {:>8}  latest (UTC)", "form", "count").map_err(stdout_error)?;
    for (form, count, latest) in reader.stats()? {
        let latest = latest
            .map(|id| store::received_at(id).to_rfc3339_opts(SecondsFormat::Secs, true))
            .unwrap_or_else(|| "-".into());
        writeln!(out, "{form:<24} {count:>8}  {latest}").map_err(stdout_error)?;
    }
    Ok(())
}

pub fn erase(data_dir: &Path, email: &str, out: &mut impl Write) -> Result<(), StoreError> {
    let counts = store::erase_email(data_dir, email)?;
    for (form, count) in &counts {
        writeln!(out, "{form:<24} {count:>6} erased").map_err(stdout_error)?;
    }
    writeln!(
        out,
        "{:<24} {:>6} erased for {email}",
        "total",
        counts.iter().map(|(_, n)| n).sum::<usize>()
    )
    .map_err(stdout_error)?;
    Ok(())
}

pub fn backup(data_dir: &Path, file: &Path, out: &mut impl Write) -> Result<(), StoreError> {
    let reader = Reader::open(data_dir)?;
    reader.backup(file)?;
    let total: u64 = Reader::open_file(file)?
        .stats()?
        .iter()
        .map(|(_, n, _)| n)
        .sum();
    writeln!(
        out,
        "backup written to {} ({total} submissions)",
        file.display()
    )
    .map_err(stdout_error)
}
