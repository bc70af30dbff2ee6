//! `thewell content`: the volunteer's commands for the sermons, events and people in
//! `<data-dir>/content/`: write a filled-in file, check them all, list what the
//! site shows. They read the files only, so they work beside a running server.
use std::io::Write;

use chrono::{Datelike, Days, NaiveDate, Utc};

use super::args::ContentCommand;
use super::output::count;
use super::{CliError, say};
use crate::content::{HOME_ZONE, Item, Kind, Library, MAX_FILE_BYTES, MAX_FOLDER_BYTES, template};
use crate::data_dir::{DataDir, create_private_dir};

pub fn run(
    dir: &DataDir,
    command: Option<ContentCommand>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command.unwrap_or(ContentCommand::List) {
        ContentCommand::List => list(dir, out),
        ContentCommand::Check => check(dir, out),
        ContentCommand::New { kind, date, title } => new(dir, kind, date, title, out),
    }
}

fn today() -> NaiveDate {
    Utc::now().with_timezone(&HOME_ZONE).date_naive()
}

fn new(
    dir: &DataDir,
    kind: Kind,
    date: Option<NaiveDate>,
    title: Option<String>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let today = today();
    let day = date.unwrap_or_else(|| match kind {
        Kind::Sermon => {
            today + Days::new(u64::from((7 - today.weekday().num_days_from_sunday()) % 7))
        }
        Kind::Event | Kind::Person | Kind::Gathering => today + Days::new(7),
        Kind::Notice => today + Days::new(1),
    });
    let title = title.unwrap_or_else(|| match kind {
        Kind::Sermon => "New sermon".into(),
        Kind::Event => "New event".into(),
        Kind::Person => "First Last".into(),
        Kind::Gathering => "New gathering".into(),
        Kind::Notice => "What visitors need to know.".into(),
    });
    let folder = dir.content().join(kind.folder());
    for path in [dir.root().to_path_buf(), dir.content(), folder.clone()] {
        if !path.is_dir() {
            create_private_dir(&path).map_err(|source| CliError::Output {
                path: path.clone(),
                source,
            })?;
        }
    }
    // A person has no day: their file is named after them (and names their photo).
    let name = match kind {
        Kind::Person | Kind::Gathering => format!("{}.md", template::slug(&title)),
        Kind::Sermon | Kind::Event | Kind::Notice => {
            format!("{day}-{}.md", template::slug(&title))
        }
    };
    if kind == Kind::Gathering {
        refuse_a_taken_id(dir, &template::slug(&title))?;
    }
    let path = folder.join(&name);
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(CliError::Usage(format!(
                "{} already exists, and nothing was changed: edit it (e.g. nano {}), or give another --title{}",
                path.display(),
                path.display(),
                if matches!(kind, Kind::Person | Kind::Gathering) {
                    ""
                } else {
                    " or --date"
                }
            )));
        }
        Err(source) => return Err(CliError::Output { path, source }),
    };
    file.write_all(template::new_file(kind, day, &title).as_bytes())
        .map_err(|source| CliError::Output {
            path: path.clone(),
            source,
        })?;
    say!(out, "{}", path.display())?;
    eprintln!(
        "Edit it (e.g. nano {}), then run `thewell content check`. It is a draft: the site shows it once you delete its line `{}`.",
        path.display(),
        template::DRAFT_LINE
    );
    if kind == Kind::Person {
        eprintln!(
            "Their photo: `thewell site photo person-{} <file>` (any phone photo; it is cropped square, --focus says around what), or copy it to {}.",
            template::slug(&title),
            dir.photos()
                .join(format!("person-{}.jpg", template::slug(&title)))
                .display()
        );
    }
    Ok(())
}

/// Refuses a new gathering whose id is already one (a built-in's or a file's): its
/// file would replace that gathering on every page.
fn refuse_a_taken_id(dir: &DataDir, id: &str) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    let Some(taken) = library.gatherings.iter().find(|g| g.value.id == id) else {
        return Ok(());
    };
    let whose = if taken.is_builtin() {
        "a built-in gathering".to_string()
    } else {
        taken.source.clone()
    };
    Err(CliError::Usage(format!(
        "there is already a gathering \"{id}\" ({}, {whose}), and a new file of that id would replace it; nothing was written. To change it: `thewell schedule edit {id}` writes its file to edit (`thewell schedule edit --help` says how to give it a date or a place). For another gathering, give another --title.",
        taken.value.name
    )))
}

/// Writes a content file whole (creating `content/<kind>/` as needed), replacing
/// any file of that name at once, never half-written: a running server reads either
/// the old text or the new.
pub(super) fn write_content(
    dir: &DataDir,
    kind: Kind,
    name: &str,
    text: &str,
) -> Result<std::path::PathBuf, CliError> {
    let folder = dir.content().join(kind.folder());
    for path in [dir.content(), folder.clone()] {
        if !path.is_dir() {
            create_private_dir(&path).map_err(|source| CliError::Output {
                path: path.clone(),
                source,
            })?;
        }
    }
    let path = folder.join(name);
    // A dot-name: the server's reading skips it while it is being written.
    crate::data_dir::replace_private_file(
        &path,
        &folder.join(format!(".{name}.new")),
        text.as_bytes(),
    )
    .map_err(|source| CliError::Output {
        path: path.clone(),
        source,
    })?;
    Ok(path)
}

fn check(dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    for problem in &library.problems {
        say!(out, "{problem}")?;
    }
    let warnings = &library.warnings;
    for warning in warnings {
        say!(out, "{warning} (a warning: the site shows it as said)")?;
    }
    drafts(&library, out)?;
    for folder in library.folders.iter().filter(|f| f.files > 0) {
        say!(
            out,
            "content/{}: {}, {} (a file may be at most {} KB, a folder {} MB; past that its oldest files are left out).",
            folder.kind.folder(),
            count(folder.files, "file", "files"),
            size(folder.bytes),
            MAX_FILE_BYTES / 1024,
            MAX_FOLDER_BYTES / (1024 * 1024)
        )?;
    }
    let files = library.seen_files() - library.drafts().len();
    if library.problems.is_empty() {
        let warned = match warnings.len() {
            0 => String::new(),
            n => format!(" ({} above)", count(n, "warning", "warnings")),
        };
        say!(
            out,
            "{} shown, all good{warned}.",
            count(files, "content file", "content files")
        )
    } else {
        say!(
            out,
            "Until a file is fixed, a running server keeps showing its last good version (or leaves it out if it never read one)."
        )?;
        Err(CliError::ContentProblems(library.problems.len()))
    }
}

/// The drafts, said so: what the site does not show yet, and how to show it.
fn drafts(library: &Library, out: &mut impl Write) -> Result<(), CliError> {
    if library.drafts().is_empty() {
        return Ok(());
    }
    say!(
        out,
        "Drafts, not shown until you delete their line `{}`:",
        template::DRAFT_LINE
    )?;
    for draft in library.drafts() {
        say!(out, "  {draft}")?;
    }
    Ok(())
}

/// A size in bytes as people read it: "512 bytes", "14 KB", "2.3 MB".
fn size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..1_048_576 => format!("{} KB", bytes.div_ceil(1024)),
        _ => format!("{:.1} MB", bytes as f64 / 1_048_576.0),
    }
}

/// Who each group's page names, or that it names nobody yet.
fn list_people(library: &Library, out: &mut impl Write) -> Result<(), CliError> {
    say!(out, "People (each on their group's page):")?;
    for group in crate::content::GROUPS {
        let people = library.people_of(group);
        let names = if people.is_empty() {
            "nobody named yet".to_string()
        } else {
            people
                .iter()
                .map(|p| format!("{} ({})", p.name, p.role))
                .collect::<Vec<_>>()
                .join(", ")
        };
        say!(out, "  {:<15} {names}", group.name)?;
    }
    if library.people.is_empty() {
        say!(
            out,
            "  /leadership and /worship-team say their people will be introduced soon; `thewell content new person --title \"Maria Lopez\"` names one."
        )?;
    }
    Ok(())
}

fn list(dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    let now = Utc::now();
    let shown = library.shown(now);
    let today = today();
    // Where an item comes from, and the other languages its file gives it in.
    let from = |builtin: bool, source: &str, kind: &str, languages: Vec<&String>| {
        if builtin {
            format!("built-in example, until you write one with `thewell content new {kind}`")
        } else if languages.is_empty() {
            source.to_string()
        } else {
            let codes: Vec<&str> = languages.iter().map(|c| c.as_str()).collect();
            format!("{source}, also in {}", codes.join(", "))
        }
    };
    say!(
        out,
        "Sermons (the site shows the latest whose day has come):"
    )?;
    let mut sermons: Vec<&Item<_>> = library.sermons.iter().collect();
    sermons.sort_by(|a, b| b.value.date.cmp(&a.value.date));
    for s in &sermons {
        let state = if shown.sermon.as_ref() == Some(&s.value) {
            "shown now"
        } else if s.value.date.as_str() > today.to_string().as_str() {
            "upcoming"
        } else {
            "earlier"
        };
        say!(
            out,
            "  {}  {state:<9}  {}  ({})",
            s.value.date,
            s.value.title,
            from(
                s.is_builtin(),
                &s.source,
                "sermon",
                s.in_language.keys().collect()
            )
        )?;
    }
    say!(out, "Events (shown until they end):")?;
    for e in &library.events {
        let state = if shown.events.contains(&e.value) {
            "upcoming"
        } else {
            "ended"
        };
        say!(
            out,
            "  {}  {state:<9}  {}  ({})",
            e.value.starts_at,
            e.value.title,
            from(
                e.is_builtin(),
                &e.source,
                "event",
                e.in_language.keys().collect()
            )
        )?;
    }
    if shown.events.is_empty() {
        say!(
            out,
            "  No event is upcoming: What's New says so, and keeps the sermon."
        )?;
    }
    list_people(&library, out)?;
    drafts(&library, out)?;
    if !library.problems.is_empty() {
        say!(
            out,
            "Invalid ({}): fix them, then run `thewell content check`:",
            library.problems.len()
        )?;
        for problem in &library.problems {
            say!(out, "  {problem}")?;
        }
    }
    Ok(())
}
