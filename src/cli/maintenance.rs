//! `thewell stats`, `thewell erase` and `thewell backup`: staff's look at, and care
//! of, the stored submissions, all safe to run while the server runs.
use std::io::Write;
use std::path::Path;

use chrono::SecondsFormat;

use super::{CliError, say};
use crate::data_dir::DataDir;
use crate::store::{self, Reader};

pub fn stats(data_dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let reader = Reader::open(data_dir)?;
    say!(out, "{:<24} {:>8}  latest (UTC)", "form", "count")?;
    for (form, count, latest) in reader.stats()? {
        let latest = latest
            .map(|id| store::received_at(id).to_rfc3339_opts(SecondsFormat::Secs, true))
            .unwrap_or_else(|| "-".into());
        say!(out, "{form:<24} {count:>8}  {latest}")?;
    }
    Ok(())
}

pub fn erase(data_dir: &DataDir, email: &str, out: &mut impl Write) -> Result<(), CliError> {
    let counts = store::erase_email(data_dir, email)?;
    for (form, count) in &counts {
        say!(out, "{form:<24} {count:>6} erased")?;
    }
    say!(
        out,
        "{:<24} {:>6} erased for {email}",
        "total",
        counts.iter().map(|(_, n)| n).sum::<usize>()
    )
}

pub fn backup(data_dir: &DataDir, file: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let reader = Reader::open(data_dir)?;
    reader.backup(file)?;
    let total: u64 = Reader::open_file(file)?
        .stats()?
        .iter()
        .map(|(_, n, _)| n)
        .sum();
    say!(
        out,
        "backup written to {} ({total} submissions)",
        file.display()
    )
}
