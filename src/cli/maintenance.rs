//! `thewell stats`, `erase`, `backup` and `restore`: staff's look at, and care of,
//! the stored submissions; all but restore are safe to run while the server runs.
use std::io::Write;
use std::path::Path;

use chrono::SecondsFormat;

use super::args::EraseArgs;
use super::{CliError, say};
use crate::backups;
use crate::data_dir::DataDir;
use crate::store::{self, Reader, Selector};

pub fn stats(data_dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let reader = Reader::open(data_dir)?;
    say!(out, "{:<24} {:>8}  latest (UTC)", "form", "count")?;
    for (form, count, latest) in reader.stats()? {
        let latest = latest
            .map(|id| store::received_at(id).to_rfc3339_opts(SecondsFormat::Secs, true))
            .unwrap_or_else(|| "-".into());
        say!(out, "{form:<24} {count:>8}  {latest}")?;
    }
    let targets = crate::notify::targets::Targets::read(data_dir)?;
    let counts = reader.notifications()?;
    if !targets.targets.is_empty() || !counts.is_empty() {
        say!(
            out,
            "\n{:<40} {:>8} {:>8} {:>9}",
            "notifications to",
            "waiting",
            "failing",
            "given up"
        )?;
        for (id, c) in &counts {
            let who = targets.targets.iter().find(|t| &t.id == id).map_or_else(
                || format!("{id} (removed)"),
                |t| format!("{id} {}", t.describe()),
            );
            say!(
                out,
                "{who:<40} {:>8} {:>8} {:>9}",
                c.pending,
                c.failing,
                c.given_up
            )?;
        }
        for t in targets
            .targets
            .iter()
            .filter(|t| !counts.contains_key(&t.id))
        {
            say!(
                out,
                "{:<40} {:>8} {:>8} {:>9}",
                format!("{} {}", t.id, t.describe()),
                0,
                0,
                0
            )?;
        }
        if counts.values().any(|c| c.given_up > 0) {
            say!(
                out,
                "(`thewell notify retry` tries the given-up ones again)"
            )?;
        }
    }
    if let Some(line) = super::offsite::summary(data_dir) {
        say!(out, "{line}")?;
    }
    match backups::list(data_dir).last() {
        Some((taken, path)) => say!(
            out,
            "\nlast backup: {} ({})",
            taken.to_rfc3339_opts(SecondsFormat::Secs, true),
            path.display()
        ),
        None => say!(
            out,
            "\nlast backup: none yet in {}",
            data_dir.backups().display()
        ),
    }
}

pub fn erase(data_dir: &DataDir, args: &EraseArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (selector, what) = match (&args.email, &args.id, args.form, args.before) {
        (Some(email), ..) => (Selector::Email(email.clone()), format!("for {email}")),
        (_, Some(id), ..) => {
            ulid::Ulid::from_string(id.trim()).map_err(|_| {
                CliError::Usage(format!(
                    "{id} is not a submission id (26 letters and digits, as `thewell export` shows)"
                ))
            })?;
            (Selector::Id(id.trim().to_string()), format!("with id {id}"))
        }
        (_, _, Some(form), Some(before)) => (
            Selector::Before {
                form: form.name.to_string(),
                before: before.and_hms_opt(0, 0, 0).expect("midnight").and_utc(),
            },
            format!("of {} before {before}", form.name),
        ),
        _ => {
            return Err(CliError::Usage(
                "give --email, --id, or --form with --before".into(),
            ));
        }
    };
    let counts: Vec<(String, usize)> = match super::output::alone(data_dir)? {
        // No server runs: erase here, holding the directory so none starts meanwhile.
        Some(_held) => store::erase_offline(
            data_dir,
            &selector,
            &crate::notify::targets::Registry::open(data_dir),
        )?
        .into_iter()
        .map(|(f, n)| (f.to_string(), n))
        .collect(),
        None => crate::handoff::ask_server(data_dir, selector)?,
    };
    let total = counts.iter().map(|(_, n)| n).sum::<usize>();
    if total == 0 {
        return say!(out, "nothing stored matched {what}: nothing was changed");
    }
    for (form, count) in &counts {
        say!(out, "{form:<24} {count:>6} erased")?;
    }
    say!(
        out,
        "{:<24} {total:>6} erased {what}; the database file was rewritten without them",
        "total"
    )
}

pub fn backup(data_dir: &DataDir, file: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let reader = Reader::open(data_dir)?;
    if file == Path::new("-") {
        // redb writes a file: snapshot into a private one, send it, remove it.
        let folder = data_dir.backups();
        crate::data_dir::create_private_dir(&folder).map_err(|source| CliError::Output {
            path: folder.clone(),
            source,
        })?;
        let temp = folder.join(format!(".to-stdout-{}.redb", std::process::id()));
        let _ = std::fs::remove_file(&temp);
        reader.backup(&temp)?;
        let sent = std::fs::File::open(&temp).and_then(|mut f| std::io::copy(&mut f, out));
        let _ = std::fs::remove_file(&temp);
        sent.map_err(CliError::Stdout)?;
        return out.flush().map_err(CliError::Stdout);
    }
    reader.backup(file)?;
    let total = Reader::open_file(file)?.total()?;
    say!(
        out,
        "backup written to {} ({})",
        file.display(),
        super::output::count(total as usize, "submission", "submissions")
    )
}

pub fn restore(data_dir: &DataDir, file: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let replaced = backups::restore(data_dir, file)?;
    let total = Reader::open(data_dir)?.total()?;
    say!(
        out,
        "restored {} as {} ({})",
        file.display(),
        data_dir.database().display(),
        super::output::count(total as usize, "submission", "submissions")
    )?;
    match replaced {
        Some(old) => say!(out, "the database it replaced is kept as {}", old.display()),
        None => Ok(()),
    }
}
