//! `thewell site`: the volunteer's commands for the site's settings (show, set,
//! unset) and for the photos that replace the drawn placeholders.
use std::io::Write;

use super::args::SiteCommand;
use super::{CliError, say};
use crate::bundle;
use crate::data_dir::DataDir;
use crate::photos::{Focus, PhotoError, State};
use crate::published::Snapshot;
use crate::settings::{self, FOCUS_SUFFIX, PHOTO_TYPES, SETTINGS};

pub fn run(
    data_dir: &DataDir,
    command: Option<SiteCommand>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command.unwrap_or(SiteCommand::Show) {
        SiteCommand::Show => show(data_dir, out),
        SiteCommand::Set { setting, value } => {
            let name = setting.name;
            let stored = settings::set(data_dir, name, &value)?;
            say!(out, "{name} = {stored}")?;
            // The amount raised is shown with the day it was counted.
            if setting.key == settings::Key::BuildingRaised {
                let today = chrono::Utc::now()
                    .with_timezone(&crate::content::HOME_ZONE)
                    .date_naive()
                    .to_string();
                let day = settings::set(data_dir, "building-raised-on", &today)?;
                say!(out, "building-raised-on = {day}")?;
            }
            say!(out, "A running server shows it within a second.")
        }
        SiteCommand::Unset { setting } => {
            let name = setting.name;
            let default = match setting.default {
                "" => "none",
                text => text,
            };
            if settings::unset(data_dir, name)? {
                say!(out, "{name} is back to its placeholder: {default}")
            } else {
                say!(
                    out,
                    "{name} was not set; it stays at its placeholder: {default}"
                )
            }
        }
        SiteCommand::Photos { make } => photos(data_dir, make, out),
        SiteCommand::Photo { slot, file, focus } => put_photo(data_dir, &slot, &file, focus, out),
    }
}

fn show(data_dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let snap = Snapshot::read(data_dir, &Snapshot::last_good(data_dir));
    if let Some(error) = &snap.broken {
        say!(
            out,
            "BROKEN: {error}\nThe server is not using this file: it serves the last good settings, shown below.\n"
        )?;
    }
    say!(
        out,
        "Settings in {} (change one with `thewell site set <name> <value>`):\n",
        data_dir.settings_file().display()
    )?;
    let placeholders = snap.placeholders();
    if !placeholders.is_empty() {
        say!(
            out,
            "Still placeholders ({}): visitors see these until you set them.\n",
            placeholders.len()
        )?;
        for s in &placeholders {
            say!(
                out,
                "{:<20} {}   (placeholder: not set yet)",
                s.name,
                snap.get(s.key)
            )?;
            say!(out, "{:<20} {}", "", s.help)?;
            say!(out, "{:<20} Until then visitors meet: {}.", "", s.unset)?;
        }
        say!(out, "\nSet or optional:\n")?;
    }
    for s in SETTINGS
        .iter()
        .filter(|s| !placeholders.iter().any(|p| p.key == s.key))
    {
        // (a value equal to its default may have been set so: it is the default either way)
        let mark = match (snap.is_placeholder(s.key), snap.get(s.key).is_empty()) {
            (false, _) => "",
            (true, true) => " (not set)",
            (true, false) => " (the default)",
        };
        say!(out, "{:<20} {}{mark}", s.name, snap.get(s.key))?;
        say!(out, "{:<20} {}", "", s.help)?;
    }
    say!(
        out,
        "\n{} of {} photo slots have a photo (`thewell site photos` lists them).",
        snap.originals.len(),
        bundle::photo_slots().len() + snap.library.people.len()
    )?;
    warnings(&snap, out)
}

fn warnings(snap: &Snapshot, out: &mut impl Write) -> Result<(), CliError> {
    if !snap.warnings.is_empty() {
        say!(
            out,
            "\nProblems (the server keeps the previous value of each):"
        )?;
        for warning in &snap.warnings {
            say!(out, "- {warning}")?;
        }
    }
    Ok(())
}

fn size_text(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

fn photos(data_dir: &DataDir, make: bool, out: &mut impl Write) -> Result<(), CliError> {
    let snap = Snapshot::read(data_dir, &Snapshot::last_good(data_dir));
    if make {
        let (made, refused) = crate::photos::make_waiting(data_dir, &snap.photo_jobs(data_dir));
        say!(
            out,
            "{made} photos made, {refused} refused (the log says why).\n"
        )?;
    }
    let folder = data_dir.photos();
    let mut slots = bundle::photo_slots();
    slots.extend(snap.library.photo_slots());
    say!(
        out,
        "A photo replaces a drawing once it is put in the drawing's slot:\n\
         \x20 thewell site photo <slot> <file> [--focus 50%,30%]\n\
         Any photo from a phone or camera (JPEG, PNG, WebP), whatever its name and size; a\n\
         file copied into {} as <slot>.jpg works too. A running server turns it\n\
         upright, crops it to the frame around the focus, makes it in the sizes phones and\n\
         computers need and strips where it was taken, one photo at a time; the drawing\n\
         shows until it is ready. The original is kept and never shown as it is.\n",
        folder.display(),
    )?;
    let jobs = snap.photo_jobs(data_dir);
    let width = slots.iter().map(|s| s.slot.len()).max().unwrap_or(4).max(4);
    say!(out, "{:<width$}  frame  photo", "slot")?;
    for slot in &slots {
        let photo = match (
            snap.originals.get(&slot.slot),
            jobs.iter().find(|j| j.slot == slot.slot),
        ) {
            (Some(original), Some(job)) => {
                let state = match crate::photos::state(data_dir, &job.slot, &job.key) {
                    State::Ready(made) => format!(
                        "ready: {} sizes up to {} × {}",
                        made.widths.len(),
                        made.width,
                        made.height
                    ),
                    State::Waiting => "waiting to be made (by the running server)".into(),
                    State::Refused(refused) => format!("refused: {}", refused.why),
                };
                let focus = if original.focus == Focus::default() {
                    String::new()
                } else {
                    format!(", focus {}", original.focus)
                };
                format!(
                    "{} ({}{focus}): {state}",
                    original.file,
                    size_text(original.bytes)
                )
            }
            _ => "- (drawing)".to_string(),
        };
        say!(out, "{:<width$}  {:<5}  {photo}", slot.slot, slot.ratio)?;
        say!(
            out,
            "{:<width$}  shows: {}; on {}",
            "",
            slot.alt,
            slot.places.join(", ")
        )?;
    }
    let mut notes: Vec<String> = Vec::new();
    for (slot, photo) in &snap.originals {
        if !slots.iter().any(|s| &s.slot == slot) {
            notes.push(format!(
                "photos/{} fills no slot: put it in one with `thewell site photo <slot> {}`",
                photo.file,
                folder.join(&photo.file).display()
            ));
        }
    }
    if !notes.is_empty() {
        say!(out, "\nNotes:")?;
        for note in notes {
            say!(out, "- {note}")?;
        }
    }
    warnings(&snap, out)
}

/// `thewell site photo <slot> <file>`: checks the photo whole (its kind, size and
/// every pixel), then puts it in the photos folder as the slot's one original,
/// replacing the one before; the slot keeps what it had when the photo is refused.
fn put_photo(
    data_dir: &DataDir,
    slot: &str,
    file: &std::path::Path,
    focus: Option<Focus>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let snap = Snapshot::read(data_dir, &Snapshot::last_good(data_dir));
    let mut slots = bundle::photo_slots();
    slots.extend(snap.library.photo_slots());
    let slot = slot.to_ascii_lowercase();
    if !slots.iter().any(|s| s.slot == slot) {
        return Err(CliError::Usage(format!(
            "there is no photo slot '{}': `thewell site photos` lists them",
            slot.chars().take(100).collect::<String>()
        )));
    }
    let refused = |why: PhotoError| CliError::PhotoRefused {
        file: file.display().to_string(),
        slot: slot.clone(),
        why,
    };
    let size = std::fs::metadata(file)
        .map_err(|e| refused(PhotoError::Unreadable(e.to_string())))?
        .len();
    if size > crate::photos::MAX_BYTES {
        return Err(refused(PhotoError::TooManyBytes(size)));
    }
    let bytes = std::fs::read(file).map_err(|e| refused(PhotoError::Unreadable(e.to_string())))?;
    let (format, width, height) = crate::photos::check(&bytes).map_err(refused)?;
    // Every pixel decoded once here: a damaged photo never replaces a good one.
    crate::photos::pixels(&bytes).map_err(refused)?;
    let ext = match format {
        crate::photos::Format::Png => "png",
        crate::photos::Format::WebP => "webp",
        _ => "jpg",
    };
    let photos = data_dir.photos();
    data_dir.create_photos().map_err(|e| CliError::Output {
        path: photos.clone(),
        source: e,
    })?;
    let target = data_dir.photo(&format!("{slot}.{ext}"));
    let written = |path: &std::path::Path| {
        let path = path.to_path_buf();
        move |source| CliError::Output { path, source }
    };
    crate::data_dir::replace_private_file(&target, &target, &bytes).map_err(written(&target))?;
    // The slot's one original: its photos of other types go (the site would prefer one).
    for other in PHOTO_TYPES.iter().filter(|t| **t != ext) {
        for name in [other.to_string(), other.to_ascii_uppercase()] {
            let path = data_dir.photo(&format!("{slot}.{name}"));
            if path.is_file() {
                std::fs::remove_file(&path).map_err(written(&path))?;
            }
        }
    }
    let focus_file = data_dir.photo(&format!("{slot}{FOCUS_SUFFIX}"));
    match focus {
        Some(focus) => {
            let text = format!("{focus}\n");
            crate::data_dir::replace_private_file(&focus_file, &focus_file, text.as_bytes())
                .map_err(written(&focus_file))?;
        }
        // A new photo is cropped around its own centre unless told otherwise.
        None if focus_file.exists() => {
            std::fs::remove_file(&focus_file).map_err(written(&focus_file))?;
        }
        None => {}
    }
    say!(
        out,
        "{slot}: {} ({width} × {height}, {}) is now {}.\n\
         A running server makes it ready for every screen within a minute; until then the\n\
         page shows {}. `thewell site photos` says when it is ready.",
        file.display(),
        size_text(size),
        target.display(),
        if snap.photos.contains_key(&slot) {
            "the photo before it"
        } else {
            "the drawing"
        }
    )
}
