//! `thewell offsite keygen|status|verify` and `thewell restore --from`: the staff's
//! side of the off-site copies (src/offsite/).
use std::io::Write;
use std::path::Path;

use chrono::SecondsFormat;

use super::args::{BucketArgs, OffsiteCommand, RestoreArgs};
use super::{CliError, say};
use crate::data_dir::DataDir;
use crate::offsite::state::State;
use crate::offsite::{crypt, recovery, restore, tag, verify};

pub fn run(
    data_dir: &DataDir,
    command: OffsiteCommand,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command {
        OffsiteCommand::Keygen {
            output,
            offsite,
            offsite_endpoint,
            offsite_region,
        } => {
            let address = offsite.map(|url| recovery::Address {
                url,
                endpoint: offsite_endpoint,
                region: offsite_region,
            });
            keygen(&output, address.as_ref(), out)
        }
        OffsiteCommand::Status => status(data_dir, out),
        OffsiteCommand::Verify {
            offsite,
            identity,
            max_restore_bytes,
            bucket,
        } => verify(
            data_dir,
            &offsite,
            &identity,
            max_restore_bytes,
            &bucket,
            out,
        ),
    }
}

fn keygen(
    output: &Path,
    address: Option<&recovery::Address>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut server_file = output.as_os_str().to_owned();
    server_file.push(".tag-key");
    let server_file = std::path::PathBuf::from(server_file);
    if server_file.exists() {
        return Err(crate::offsite::OffsiteError::IdentityExists(server_file).into());
    }
    if let Some(address) = address {
        crate::offsite::bucket::parse_url(&address.url)?;
    }
    let (tag_line, site_line) = (tag::new_key_line(), recovery::new_site_line());
    let mut lines = vec![
        "The Well's recovery file: with the bucket's key, it alone brings the site back (`thewell restore --identity THIS-FILE`). Keep it off the server, in two places (a password manager, a USB key in the church office).".to_string(),
        "tag key (the server holds it too; restores check every copy's tag with it):".into(),
        tag_line.clone(),
        "the site's id (every record of its copies names it):".into(),
        site_line.clone(),
    ];
    if let Some(address) = address {
        lines.push("the bucket:".into());
        lines.extend(recovery::address_lines(address));
    }
    let (identity, recipient) = crypt::new_identity(&lines);
    use age::secrecy::ExposeSecret;
    crypt::write_secret_file(output, identity.expose_secret())?;
    crypt::write_secret_file(&server_file, &format!("{tag_line}\n{site_line}\n"))?;
    say!(out, "{recipient}")?;
    eprintln!(
        "The recovery file is {}: it alone decrypts the copies{}. Keep it off the server (a password manager, a USB key in the church office) and give the server only the line above and the tag key file: serve --offsite-recipient {recipient} --offsite-tag-key {} (copy that file to the server, chmod 600, and delete it here)",
        output.display(),
        if address.is_some() {
            ", and names the bucket"
        } else {
            " (give --offsite s3://… to keygen to write the bucket's address into it too)"
        },
        server_file.display()
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
            "no off-site copies yet: start `thewell serve` with --offsite s3://BUCKET and --offsite-recipient age1… (docs/operations.md: Off-site copies)"
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
        state.segments()
    )?;
    say!(
        out,
        "last check      {}",
        match (state.last_check, state.last_gap) {
            (None, _) => "never".to_string(),
            (Some(at), None) => format!(
                "{}: every submission here was in the bucket or waiting",
                time(Some(at))
            ),
            (Some(at), Some(gap)) => format!(
                "{}; the bucket lacked submissions {} times, the last at {} (a new copy of every submission filled it)",
                time(Some(at)),
                state.gaps_found,
                time(Some(gap))
            ),
        }
    )?;
    say!(
        out,
        "record          {}",
        match (state.record_sequence, state.records.last()) {
            (0, _) | (_, None) => "none yet (one follows the next copy)".to_string(),
            (n, Some(name)) => format!(
                "number {n}, {name}: names {} objects of the copy{}",
                state.chain_objects.len() + usize::from(state.files_object.is_some()),
                if state.record_due {
                    " (a newer one is due)"
                } else {
                    ""
                }
            ),
        }
    )?;
    if let Some((at, what)) = &state.last_missing {
        say!(
            out,
            "missing         the bucket lacked objects of this copy {} times, the last at {}: {what} (put up again at once)",
            state.missing_found,
            time(Some(*at))
        )?;
    }
    say_safety(&state, out)
}

/// The status's last lines: erasures reaching the bucket, whether the bucket keeps
/// what is deleted, what has gone up, and failures.
fn say_safety(state: &State, out: &mut impl Write) -> Result<(), CliError> {
    let time = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    say!(
        out,
        "last erasure    {}{}",
        state.last_erasure_copied.map_or_else(
            || "none has reached the bucket yet".to_string(),
            |t| format!("reached the bucket {}", time(t))
        ),
        if state.purge {
            " (one is still being carried out)"
        } else {
            ""
        }
    )?;
    let (versions, lock) = state.protection.as_ref().map_or(
        (
            "not asked yet (after the first copy)",
            "not asked yet (after the first copy)",
        ),
        |p| (p.versions.as_str(), p.lock.as_str()),
    );
    say!(out, "versions        {versions}")?;
    say!(out, "object lock     {lock}")?;
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
    max_bytes: u64,
    bucket: &BucketArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let bucket = bucket.bucket(url)?;
    let verified = super::output::runtime()?
        .block_on(verify::verify(data_dir, &bucket, identity, max_bytes))?;
    refused(&verified.refused, out)?;
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
    let Some(identity) = &args.identity else {
        return Err(CliError::Usage(
            "restore --from needs --identity FILE (the recovery file)".into(),
        ));
    };
    let bucket = bucket_to_restore_from(args, identity, out)?;
    // The new server's tag key, from the identity: checked before anything is fetched.
    if let Some(key_file) = &args.offsite_tag_key {
        let done = tag::put_server_key(identity, key_file)?;
        say!(
            out,
            "{} {} (serve --offsite-tag-key reads it)",
            key_file.display(),
            match done {
                tag::ServerKeyFile::Written => "now holds the tag key from the identity file",
                tag::ServerKeyFile::AlreadyThere => "already holds the identity file's tag key",
            }
        )?;
    }
    let options = restore::Options {
        at: args.at,
        max_bytes: args.max_restore_bytes,
        accept_missing: args.accept_missing,
    };
    let restored = super::output::runtime()?
        .block_on(restore::restore(data_dir, &bucket, identity, &options))?;
    let total: u64 = restored.rows.values().sum();
    if restored.finished_earlier {
        say!(
            out,
            "the restore before this one was stopped after it had put everything in place: its leftovers are removed; {} holds {total} submissions",
            data_dir.root().display()
        )?;
    } else {
        say_taken(data_dir, &restored, total, out)?;
    }
    for (form, n) in &restored.rows {
        say!(out, "  {form:<24} {n:>8}")?;
    }
    say_what_to_check(data_dir, out)?;
    say!(
        out,
        "start the site as usual: thewell serve --data-dir {} … (it goes on copying to {} as this site's own)",
        data_dir.root().display(),
        bucket.describe()
    )
}

/// The bucket a restore reads: `--from`, or the one the recovery file names (said).
fn bucket_to_restore_from(
    args: &RestoreArgs,
    identity: &Path,
    out: &mut impl Write,
) -> Result<crate::offsite::Bucket, CliError> {
    if let Some(url) = &args.from {
        return Ok(args.bucket.bucket(url)?);
    }
    let address = recovery::read_address(identity)?;
    say!(
        out,
        "the bucket, as the recovery file names it: {}{}",
        address.url,
        address
            .endpoint
            .as_deref()
            .map(|e| format!(" at {e}"))
            .unwrap_or_default()
    )?;
    Ok(crate::offsite::Bucket::new(
        &crate::offsite::bucket::Settings {
            url: &address.url,
            endpoint: address.endpoint.as_deref(),
            region: address.region.as_deref().unwrap_or("us-east-1"),
            addressing: args.bucket.offsite_addressing,
            credentials: args.bucket.offsite_credentials.as_deref(),
        },
    )?)
}

/// What a restore took, refused, left out and missed, and what it brought back.
fn say_taken(
    data_dir: &DataDir,
    restored: &restore::Restored,
    total: u64,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let time = |t: &chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Millis, true);
    say!(out, "objects taken (each with a genuine tag):")?;
    for (name, at) in &restored.objects {
        let uploaded = restored
            .uploaded
            .get(name)
            .map(|t| format!("  (uploaded {})", time(t)))
            .unwrap_or_default();
        say!(out, "  {}  {name}{uploaded}", time(at))?;
    }
    refused(&restored.refused, out)?;
    match restored.record {
        Some((written, sequence)) => say!(
            out,
            "the copy's newest record (number {sequence}, written {}, {}): {}",
            written.to_rfc3339_opts(SecondsFormat::Secs, true),
            how_old(chrono::Utc::now() - written),
            if restored.missing.is_empty() {
                "every object it names is restored"
            } else {
                "what it names and is not restored is listed as MISSING"
            }
        )?,
        None => say!(
            out,
            "no record of the copy from then in the bucket (copies made before 2026-11-27 have none, and older records go as --offsite-keep says): whether every object is there cannot be told"
        )?,
    }
    for (path, why) in &restored.missing {
        say!(
            out,
            "MISSING (not restored, --accept-missing): {path}: {why}"
        )?;
    }
    if restored.left_out > 0 {
        say!(
            out,
            "left out {} submissions the copy's newest record says were erased after this copy was made (erasures stay erased)",
            restored.left_out
        )?;
    }
    say!(
        out,
        "restored {total} submissions (the copy of {}, {}) and {} files{} into {}",
        restored.copy_of.to_rfc3339_opts(SecondsFormat::Secs, true),
        how_old(chrono::Utc::now() - restored.copy_of),
        restored.files,
        restored
            .files_of
            .map(|t| format!(" (of {})", t.to_rfc3339_opts(SecondsFormat::Secs, true)))
            .unwrap_or_default(),
        data_dir.root().display()
    )?;
    Ok(())
}

/// What visitors will be sent to and shown, and who is told of what: the restored
/// settings' links and addresses, and the notification targets (paused), for staff
/// to check before starting the site.
fn say_what_to_check(data_dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    say!(
        out,
        "the settings restored (check them: `thewell site` shows all):"
    )?;
    let values = crate::settings::read_file(data_dir).unwrap_or_default();
    for setting in crate::settings::SETTINGS.iter().filter(|s| {
        matches!(
            s.kind,
            crate::settings::ValueKind::Link
                | crate::settings::ValueKind::Email
                | crate::settings::ValueKind::Origin
        )
    }) {
        let value = values
            .get(setting.name)
            .and_then(|v| v.as_str())
            .map_or_else(|| "(not set)".to_string(), crate::outbound::short_code);
        say!(out, "  {:<24} {value}", setting.name)?;
    }
    let targets = crate::notify::targets::Targets::read(data_dir)?;
    if targets.targets.is_empty() {
        say!(out, "no notification targets were restored")?;
    } else {
        say!(
            out,
            "notification targets restored PAUSED (nobody is told of anything until you check them and run `thewell notify resume ID` or `thewell notify resume all`):"
        )?;
        for t in &targets.targets {
            say!(
                out,
                "  {:>3}  {}  forms: {}",
                t.id,
                t.describe(),
                t.forms.join(", ")
            )?;
        }
    }
    Ok(())
}

/// How old a copy is, in the unit a person would say: "40 seconds old", "3 days old".
fn how_old(age: chrono::TimeDelta) -> String {
    let seconds = age.num_seconds();
    if seconds < 0 {
        return "dated in the future: check this machine's clock".into();
    }
    let (n, unit) = match seconds {
        0..120 => (seconds, "second"),
        120..7_200 => (seconds / 60, "minute"),
        7_200..172_800 => (seconds / 3_600, "hour"),
        _ => (seconds / 86_400, "day"),
    };
    format!("{n} {unit}{} old", if n == 1 { "" } else { "s" })
}

/// The objects a restore or a check refused, and why.
fn refused(refused: &[(String, String)], out: &mut impl Write) -> Result<(), CliError> {
    if refused.is_empty() {
        return Ok(());
    }
    say!(
        out,
        "REFUSED {} objects (left in the bucket, not used):",
        refused.len()
    )?;
    for (name, why) in refused {
        say!(out, "  {name}: {why}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::how_old;
    use chrono::TimeDelta;

    #[test]
    fn a_copy_s_age_is_said_in_the_unit_a_person_would_use() {
        assert_eq!(how_old(TimeDelta::seconds(1)), "1 second old");
        assert_eq!(how_old(TimeDelta::seconds(40)), "40 seconds old");
        assert_eq!(how_old(TimeDelta::minutes(5)), "5 minutes old");
        assert_eq!(how_old(TimeDelta::hours(30)), "30 hours old");
        assert_eq!(how_old(TimeDelta::days(3)), "3 days old");
        assert!(how_old(TimeDelta::seconds(-5)).contains("clock"));
    }
}
