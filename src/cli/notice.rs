//! `thewell notice`: short notices at the top of the pages, each a file in
//! `content/notices/` until its end: put one up, list them, take one down.
use std::io::Write;

use chrono::Utc;
use chrono_tz::Tz;

use super::args::NoticeCommand;
use super::content::write_content;
use super::schedule::{in_languages, local_date_time};
use super::{CliError, say};
use crate::content::{Kind, Library, parse_notice, template};
use crate::data_dir::DataDir;

pub fn run(
    dir: &DataDir,
    command: Option<NoticeCommand>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command.unwrap_or(NoticeCommand::List) {
        NoticeCommand::List => list(dir, out),
        NoticeCommand::Add {
            text,
            in_languages: translations,
            until,
            campus,
            link,
            zone,
        } => add(
            dir,
            (&text, &in_languages(&translations, "--in")?),
            &until,
            campus,
            link,
            zone,
            out,
        ),
        NoticeCommand::Remove { id } => remove(dir, &id, out),
    }
}

/// A TOML string.
fn quoted(text: &str) -> String {
    toml_edit::Value::from(text).to_string().trim().to_string()
}

/// `text` is the English words and each other language's given.
fn add(
    dir: &DataDir,
    (text, translations): (&str, &[(String, String)]),
    until: &[String],
    campus: Option<String>,
    link: Option<String>,
    zone: Tz,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let until = local_date_time(until).map_err(|why| CliError::Usage(format!("--until: {why}")))?;
    // One line of words: the file's text below the fields (Markdown is kept as text).
    // (a line of its own that reads as Markdown's +++ or a heading stays text)
    let one_line = |text: &str| {
        text.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace("+++", "+ + +")
    };
    let words = one_line(text);
    let translated: String = translations
        .iter()
        .map(|(code, words)| format!("+++ {code}\n{}\n", one_line(words)))
        .collect();
    let file = format!(
        "+++\n# A notice at the top of the pages until `until` (in `zone`). Edit the words\n# below the +++ line (in another language below its line +++ <code>, e.g. +++ ur),\n# or take it down with `thewell notice remove`.\nuntil = {}\nzone = {}\ncampus = {}\nlink = {}\n+++\n{words}\n{translated}",
        until.format("%Y-%m-%dT%H:%M:%S"),
        quoted(zone.name()),
        quoted(campus.as_deref().unwrap_or("")),
        quoted(link.as_deref().unwrap_or("")),
    );
    let name = format!("{}-{}.md", until.date(), template::slug(&words));
    let source = format!("content/{}/{name}", Kind::Notice.folder());
    let notice = parse_notice(&source, &file)
        .map_err(|problem| CliError::Usage(format!("{}; nothing was written", problem.message)))?;
    if notice.ends() <= Utc::now() {
        return Err(CliError::Usage(format!(
            "--until {} has already passed: the notice would never show. Give a later day and time",
            until.format("%Y-%m-%d %H:%M")
        )));
    }
    let path = dir.content().join(Kind::Notice.folder()).join(&name);
    if path.exists() {
        return Err(CliError::Usage(format!(
            "a notice with these words and end day is up already ({}); edit it or remove it first",
            path.display()
        )));
    }
    write_content(dir, Kind::Notice, &name, &file)?;
    say!(out, "{}", name.trim_end_matches(".md"))?;
    eprintln!(
        "Shown on {} until {}; a running server shows it within a second. Take it down sooner with `thewell notice remove {}`.",
        if notice.campus.is_empty() {
            "every page".to_string()
        } else {
            format!(
                "{} and beside the {} gatherings' times on other pages",
                notice.routes.join(", "),
                notice.campus
            )
        },
        notice.until,
        name.trim_end_matches(".md")
    );
    Ok(())
}

fn list(dir: &DataDir, out: &mut impl Write) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    let now = Utc::now();
    if library.notices.is_empty() {
        say!(
            out,
            "No notices. `thewell notice add \"…\" --until \"YYYY-MM-DD HH:MM\"` puts one up."
        )?;
    }
    for item in &library.notices {
        let n = &item.value;
        let id = item
            .source
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".md");
        let state = if n.ends() > now { "shown" } else { "expired" };
        let place = if n.campus.is_empty() {
            "every page".to_string()
        } else {
            n.campus.clone()
        };
        say!(
            out,
            "{id}  {state:<7}  until {}  ({place})  {}",
            n.until,
            n.text
        )?;
    }
    for problem in library
        .problems
        .iter()
        .filter(|p| p.file.starts_with("content/notices/"))
    {
        say!(out, "Invalid: {problem}")?;
    }
    Ok(())
}

fn remove(dir: &DataDir, id: &str, out: &mut impl Write) -> Result<(), CliError> {
    let id = id.trim().trim_end_matches(".md");
    let plain = !id.is_empty() && !id.starts_with('.') && !id.contains(['/', '\\']);
    let path = dir
        .content()
        .join(Kind::Notice.folder())
        .join(format!("{id}.md"));
    if !plain || !path.is_file() {
        return Err(CliError::Usage(format!(
            "there is no notice \"{id}\"; `thewell notice list` shows their ids"
        )));
    }
    std::fs::remove_file(&path).map_err(|source| CliError::Output {
        path: path.clone(),
        source,
    })?;
    say!(
        out,
        "{id} is taken down; a running server drops it within a second."
    )
}
