//! `thewell offsite keygen|status|verify` and `thewell restore --from`: the staff's
//! side of the off-site copies (src/offsite/).
use std::io::Write;
use std::path::Path;

use chrono::SecondsFormat;

use super::args::{BucketArgs, OffsiteCommand, RestoreArgs};
use super::{CliError, say};
use crate::data_dir::DataDir;
use crate::offsite::copier::State;
use crate::offsite::{crypt, restore};

pub fn run(
    data_dir: &DataDir,
    command: OffsiteCommand,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command {
        OffsiteCommand::Keygen { output } => keygen(&output, out),
        OffsiteCommand::Status => status(data_dir, out),
        OffsiteCommand::Verify {
            offsite,
            identity,
            bucket,
        } => verify(data_dir, &offsite, &identity, &bucket, out),
    }
}

fn keygen(output: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let recipient = crypt::keygen(output)?;
    say!(out, "{recipient}")?;
    eprintln!(
        "The identity is in {}: it alone decrypts the copies. Keep it off the server (a password manager, a USB key in the church office) and give the server only the line above: serve --offsite-recipient {recipient}",
        output.display()
    );
    Ok(())
}

/// One line on the copies, for `thewell stats`; `None` when there are none.
pub fn summary(data_dir: &DataDir) -> Option<String> {
    let state = State::read(data_dir)?;
    let last = state.last_copy.map_or_else(
        || "never".into(),
        |t| t.to_rfc3339_opts(SecondsFormat::Secs, true),
    );
    let failing = state
        .failing_since
        .map(|t| {
            format!(
                "; failing since {}",
                t.to_rfc3339_opts(SecondsFormat::Secs, true)
            )
        })
        .unwrap_or_default();
    Some(format!(
        "off-site copies to {}: last copy {last}, {} submissions waiting{failing}",
        state.bucket, state.waiting
    ))
}

fn status(data_dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let Some(state) = State::read(data_dir) else {
        return say!(
            out,
            "no off-site copies yet: start `thewell serve` with --offsite s3://BUCKET and --offsite-recipient age1… (README: Off-site copies)"
        );
    };
    let time = |t: Option<chrono::DateTime<chrono::Utc>>| {
        t.map_or_else(
            || "never".into(),
            |t| t.to_rfc3339_opts(SecondsFormat::Secs, true),
        )
    };
    say!(out, "bucket          {}", state.bucket)?;
    say!(out, "last copy       {}", time(state.last_copy))?;
    say!(
        out,
        "waiting         {} submissions{}",
        state.waiting,
        if state.files_waiting {
            ", and changed files"
        } else {
            ""
        }
    )?;
    let held: u64 = state.rows.values().sum();
    say!(
        out,
        "in the bucket   {held} submissions (chain {}, {} segments)",
        state.chain.as_deref().unwrap_or("-"),
        state.segments
    )?;
    say!(
        out,
        "uploaded        {} objects, {} bytes since this server's first copy",
        state.uploads,
        state.uploaded_bytes
    )?;
    match (state.failing_since, &state.last_failure) {
        (Some(since), Some(failure)) => say!(
            out,
            "FAILING since   {}\nlast failure    {failure}",
            since.to_rfc3339_opts(SecondsFormat::Secs, true)
        ),
        (None, Some(failure)) => say!(out, "last failure    {failure} (recovered)"),
        _ => say!(out, "failures        none"),
    }
}

fn verify(
    data_dir: &DataDir,
    url: &str,
    identity: &Path,
    bucket: &BucketArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let bucket = bucket.bucket(url)?;
    let verified =
        super::output::runtime()?.block_on(restore::verify(data_dir, &bucket, identity))?;
    say!(
        out,
        "newest copy: submissions as of {}, {} files",
        verified.copy_of.to_rfc3339_opts(SecondsFormat::Secs, true),
        verified.files
    )?;
    say!(out, "{:<24} {:>10} {:>10}", "form", "in bucket", "here")?;
    for (form, (there, here)) in &verified.forms {
        say!(out, "{form:<24} {there:>10} {here:>10}")?;
    }
    if verified.matches() {
        say!(out, "the copy decrypts, opens and matches the database")
    } else {
        Err(CliError::Usage(
            "the newest copy and the database differ (above): look at `thewell offsite status`, and at the server's log".into(),
        ))
    }
}

pub fn restore_from(
    data_dir: &DataDir,
    args: &RestoreArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let (Some(url), Some(identity)) = (&args.from, &args.identity) else {
        return Err(CliError::Usage(
            "restore --from needs --identity FILE".into(),
        ));
    };
    let bucket = args.bucket.bucket(url)?;
    let restored = super::output::runtime()?
        .block_on(restore::restore(data_dir, &bucket, identity, args.at))?;
    let total: u64 = restored.rows.values().sum();
    say!(
        out,
        "restored {total} submissions (the copy of {}) and {} files{} into {}",
        restored.copy_of.to_rfc3339_opts(SecondsFormat::Secs, true),
        restored.files,
        restored
            .files_of
            .map(|t| format!(" (of {})", t.to_rfc3339_opts(SecondsFormat::Secs, true)))
            .unwrap_or_default(),
        data_dir.root().display()
    )?;
    for (form, n) in &restored.rows {
        say!(out, "  {form:<24} {n:>8}")?;
    }
    say!(
        out,
        "start the site as usual: thewell serve --data-dir {} …",
        data_dir.root().display()
    )
}
