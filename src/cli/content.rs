//! `thewell content`: the volunteer's commands for the sermons and events in
//! `<data-dir>/content/`: write a filled-in file, check them all, list what the
//! site shows. They read the files only, so they work beside a running server.
use std::io::Write;

use chrono::{Datelike, Days, NaiveDate, Utc};

use super::args::ContentCommand;
use super::{CliError, say};
use crate::content::{HOME_ZONE, Item, Kind, Library, template};
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
        Kind::Event => today + Days::new(7),
    });
    let title = title.unwrap_or_else(|| match kind {
        Kind::Sermon => "New sermon".into(),
        Kind::Event => "New event".into(),
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
    let path = folder.join(format!("{day}-{}.md", template::slug(&title)));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|source| CliError::Output {
            path: path.clone(),
            source,
        })?;
    file.write_all(template::new_file(kind, day, &title).as_bytes())
        .map_err(|source| CliError::Output {
            path: path.clone(),
            source,
        })?;
    say!(out, "{}", path.display())?;
    eprintln!(
        "Edit it (e.g. nano {}), then run `thewell content check`.",
        path.display()
    );
    Ok(())
}

fn check(dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    for problem in &library.problems {
        say!(out, "{problem}")?;
    }
    let files = library.sermons.iter().filter(|i| !i.is_builtin()).count()
        + library.events.iter().filter(|i| !i.is_builtin()).count();
    if library.problems.is_empty() {
        say!(out, "{files} content files, all good.")
    } else {
        say!(
            out,
            "Until a file is fixed, a running server keeps showing its last good version (or leaves it out if it never read one)."
        )?;
        Err(CliError::ContentProblems(library.problems.len()))
    }
}

fn list(dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    let now = Utc::now();
    let shown = library.shown(now);
    let today = today();
    let from = |builtin: bool, source: &str, kind: &str| {
        if builtin {
            format!("built-in example, until you write one with `thewell content new {kind}`")
        } else {
            source.to_string()
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
            from(s.is_builtin(), &s.source, "sermon")
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
            from(e.is_builtin(), &e.source, "event")
        )?;
    }
    if shown.events.is_empty() {
        say!(
            out,
            "  No event is upcoming: What's New says so, and keeps the sermon."
        )?;
    }
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
