//! `thewell site`: the volunteer's commands for the site's settings (show, set,
//! unset) and for the photos that replace the drawn placeholders.
use std::io::Write;

use super::args::SiteCommand;
use super::{CliError, say};
use crate::bundle;
use crate::data_dir::DataDir;
use crate::published::Snapshot;
use crate::settings::{self, PHOTO_TYPES, SETTINGS};

/// A photo above this size is slow on a phone far from the server.
const LARGE_PHOTO: u64 = 400 * 1024;

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
        SiteCommand::Photos => photos(data_dir, out),
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
        let mark = if snap.is_placeholder(s.key) {
            "(not set)"
        } else {
            ""
        };
        say!(out, "{:<20} {}{mark}", s.name, snap.get(s.key))?;
        say!(out, "{:<20} {}", "", s.help)?;
    }
    say!(
        out,
        "\n{} of {} photo slots have a photo (`thewell site photos` lists them).",
        snap.photos.len(),
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

fn photos(data_dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let snap = Snapshot::read(data_dir, &Snapshot::last_good(data_dir));
    let folder = data_dir.photos();
    let mut slots = bundle::photo_slots();
    slots.extend(snap.library.photo_slots());
    say!(
        out,
        "A photo replaces a drawing when {} holds a file named after the drawing's slot,\n\
         e.g. {}. Types: {}. Crop it to the frame's shape\n\
         (it is cropped to fill); 1600 px wide and under 400 KB loads well on a phone.\n\
         A running server shows a new or replaced photo within a second.\n",
        folder.display(),
        folder
            .join(format!(
                "{}.jpg",
                slots.first().map_or("<slot>", |s| s.slot.as_str())
            ))
            .display(),
        PHOTO_TYPES.join(", ")
    )?;
    let width = slots.iter().map(|s| s.slot.len()).max().unwrap_or(4).max(4);
    say!(out, "{:<width$}  frame  photo", "slot")?;
    for slot in &slots {
        let photo = snap.photos.get(&slot.slot).map_or_else(
            || "- (drawing)".to_string(),
            |p| format!("{} ({})", p.file, size_text(p.bytes)),
        );
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
    for (slot, photo) in &snap.photos {
        if !slots.iter().any(|s| &s.slot == slot) {
            notes.push(format!(
                "photos/{} fills no slot: rename it to one of the slots above",
                photo.file
            ));
        } else if photo.bytes > LARGE_PHOTO {
            notes.push(format!(
                "photos/{} is {}: phones on slow networks wait for it; resize it to about 1600 px wide",
                photo.file,
                size_text(photo.bytes)
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
