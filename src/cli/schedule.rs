//! `thewell schedule`: the volunteer's commands for the regular gatherings: list the
//! next dates of each (in its zone and the server's), skip a date, move one, take
//! either back. A built-in gathering gets its own file in `content/gatherings/` the
//! first time; an existing file is edited in place, every comment kept.
use std::io::Write;

use chrono::{DateTime, Local, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, value};

use super::args::ScheduleCommand;
use super::content::write_content;
use super::{CliError, say};
use crate::content::{Kind, Library, parse_gathering, template};
use crate::data_dir::DataDir;
use crate::schedule::{Gathering, State};

pub fn run(
    dir: &DataDir,
    command: Option<ScheduleCommand>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match command.unwrap_or(ScheduleCommand::List { count: 6 }) {
        ScheduleCommand::List { count } => list(dir, count, out),
        ScheduleCommand::Skip {
            gathering,
            date,
            reason,
            reason_in,
        } => {
            let reasons = in_languages(&reason_in, "--reason-in")?;
            let g = edit(dir, &gathering, |doc| {
                let mut table = Table::new();
                table["date"] = value(toml_date(date));
                table["reason"] = value(reason.trim());
                push(doc.as_table_mut(), "skip", table);
                push_reasons(doc, "skip", date, &reasons);
            })?;
            say!(out, "{}: {date} is skipped ({}).", g.id, reason.trim())?;
            next_dates(&g, out)
        }
        ScheduleCommand::Move {
            gathering,
            date,
            to,
            place,
            reason,
            reason_in,
        } => {
            let to = local_date_time(&to).map_err(|why| CliError::Usage(format!("--to: {why}")))?;
            let reasons = in_languages(&reason_in, "--reason-in")?;
            let g = edit(dir, &gathering, |doc| {
                let mut table = Table::new();
                table["date"] = value(toml_date(date));
                table["to"] = value(toml_local(to));
                if let Some(place) = &place {
                    table["where"] = value(place.trim());
                }
                table["reason"] = value(reason.trim());
                push(doc.as_table_mut(), "move", table);
                push_reasons(doc, "move", date, &reasons);
            })?;
            let at = crate::schedule::resolve_local(g.zone, to).with_timezone(&g.zone);
            say!(
                out,
                "{}: {date} is moved to {} ({}).",
                g.id,
                at.format("%A %Y-%m-%d %H:%M %Z"),
                g.zone.name()
            )?;
            if let Some(note) = crate::schedule::clock_change_note(g.zone, to) {
                say!(out, "Note: {note}.")?;
            }
            next_dates(&g, out)
        }
        ScheduleCommand::Edit {
            gathering,
            first,
            last,
            place,
        } => edit_fields(dir, &gathering, first, last, place, out),
        ScheduleCommand::Undo { gathering, date } => {
            let mut found = false;
            let g = edit(dir, &gathering, |doc| {
                for key in ["skip", "move"] {
                    found |= remove_date(doc.as_table_mut(), key, date);
                    // The same date's reasons in other languages (`[[ur.skip]]`) go with it.
                    for code in crate::bundle::languages() {
                        if let Some(words) = doc.get_mut(code).and_then(Item::as_table_mut) {
                            remove_date(words, key, date);
                            if words.is_empty() {
                                doc.remove(code);
                            }
                        }
                    }
                }
            })?;
            if !found {
                return Err(CliError::Usage(format!(
                    "{}: {date} was neither skipped nor moved; `thewell schedule` lists what is",
                    g.id
                )));
            }
            say!(out, "{}: {date} is held as usual again.", g.id)?;
            next_dates(&g, out)
        }
    }
}

fn toml_date(date: NaiveDate) -> toml_edit::Datetime {
    date.to_string().parse().expect("a date is a TOML date")
}

fn toml_local(t: NaiveDateTime) -> toml_edit::Datetime {
    t.format("%Y-%m-%dT%H:%M:%S")
        .to_string()
        .parse()
        .expect("a local date-time is TOML")
}

fn push(doc: &mut Table, key: &str, table: Table) {
    if let Some(tables) = doc
        .entry(key)
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
    {
        tables.push(table);
    }
}

/// Takes `date`'s table out of the array `key` of `doc` (and the array when it is left
/// empty); whether there was one.
fn remove_date(doc: &mut Table, key: &str, date: NaiveDate) -> bool {
    let Some(tables) = doc.get_mut(key).and_then(Item::as_array_of_tables_mut) else {
        return false;
    };
    let before = tables.len();
    tables.retain(|t| {
        t.get("date")
            .and_then(|d| d.as_datetime())
            .map(|d| d.to_string())
            != Some(date.to_string())
    });
    let found = tables.len() != before;
    if tables.is_empty() {
        doc.remove(key);
    }
    found
}

/// `<flag> LANG WORDS` (`--reason-in`, `notice add --in`), given any number of times:
/// each language's words, the language one of the site's.
pub(super) fn in_languages(
    pairs: &[String],
    flag: &str,
) -> Result<Vec<(String, String)>, CliError> {
    let codes = crate::bundle::languages();
    pairs
        .chunks(2)
        .map(|pair| {
            let (code, words) = (pair[0].trim(), pair.get(1).map_or("", |w| w.trim()));
            if !codes.iter().any(|c| c == code) {
                return Err(CliError::Usage(format!(
                    "{flag}: the site has no language \"{code}\"; its languages besides English: {}",
                    codes.join(", ")
                )));
            }
            if words.is_empty() {
                return Err(CliError::Usage(format!(
                    "{flag} {code}: the words are empty: write them after the language's code"
                )));
            }
            Ok((code.to_string(), words.to_string()))
        })
        .collect()
}

/// Each language's reason for `date`, as `[[<code>.<key>]]` (`[[ur.skip]]`) tables.
fn push_reasons(doc: &mut DocumentMut, key: &str, date: NaiveDate, reasons: &[(String, String)]) {
    for (code, words) in reasons {
        let Some(language) = doc
            .entry(code)
            .or_insert(Item::Table(Table::new()))
            .as_table_mut()
        else {
            continue;
        };
        language.set_implicit(true);
        let mut table = Table::new();
        table["date"] = value(toml_date(date));
        table["reason"] = value(words.as_str());
        push(language, key, table);
    }
}

/// A local day and time as written on the command line: "2027-03-18 19:30",
/// "2027-03-18T19:30" or "2027-03-18 7:30 PM".
pub(super) fn local_date_time(words: &[String]) -> Result<NaiveDateTime, String> {
    let text = words.join(" ").replace('T', " ");
    let wrong = || {
        format!(
            "\"{}\" is not a day and a time: write YYYY-MM-DD HH:MM (24-hour), or YYYY-MM-DD h:mm AM/PM",
            text.chars().take(60).collect::<String>()
        )
    };
    let (day, time) = text.trim().split_once(' ').ok_or_else(wrong)?;
    let day = NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| wrong())?;
    let time = time.trim().to_uppercase().replace(' ', "");
    let time = ["%H:%M", "%I:%M%p", "%I%p"]
        .iter()
        .find_map(|f| NaiveTime::parse_from_str(&time, f).ok())
        .ok_or_else(wrong)?;
    Ok(day.and_time(time))
}

/// `thewell schedule edit`: writes gathering `id`'s file (a built-in's the first
/// time) with the fields given, a first date on its rule ending its "coming soon".
fn edit_fields(
    dir: &DataDir,
    id: &str,
    first: Option<NaiveDate>,
    last: Option<NaiveDate>,
    place: Option<String>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if let (Some(first), Some(g)) = (first, Library::read(dir, &Library::default()).gathering(id)) {
        if !g.repeat.holds_on(first) {
            let on_rule = |d: &NaiveDate| g.repeat.holds_on(*d);
            let before = first.iter_days().rev().skip(1).take(400).find(on_rule);
            let after = first.iter_days().take(400).filter(on_rule).take(2);
            let near: Vec<String> = before
                .into_iter()
                .chain(after)
                .map(|d| d.format("%a %Y-%m-%d").to_string())
                .collect();
            return Err(CliError::Usage(format!(
                "--first {first} is a {}, and {id} meets {}: give one of its days, e.g. {}; nothing was changed",
                crate::schedule::weekday_name(chrono::Datelike::weekday(&first)),
                g.repeat.text(),
                near.join(", ")
            )));
        }
    }
    let given = first.is_some() || last.is_some() || place.is_some();
    let g = edit(dir, id, |doc| {
        if let Some(first) = first {
            doc["first"] = value(toml_date(first));
            doc.remove("soon");
        }
        if let Some(last) = last {
            doc["last"] = value(toml_date(last));
        }
        if let Some(place) = &place {
            doc["where"] = value(place.trim());
        }
    })?;
    let path = dir
        .content()
        .join(Kind::Gathering.folder())
        .join(format!("{id}.md"));
    if !given {
        say!(
            out,
            "{id}: its file is {}. Edit it (e.g. nano {}), then run `thewell content check`; the site follows within a second.",
            path.display(),
            path.display()
        )?;
        return Ok(());
    }
    say!(
        out,
        "{id}: {} from {}, {}.",
        g.repeat.text(),
        g.first.map_or("now on".into(), |f| f.to_string()),
        g.place.text()
    )?;
    if g.soon {
        say!(
            out,
            "    Still coming soon: give it --first to announce its dates."
        )?;
        return Ok(());
    }
    next_dates(&g, out)
}

/// Changes gathering `id`'s file with `change` (writing the built-in one's file first
/// when it has none), checks the result as `content check` would, and writes it.
fn edit(
    dir: &DataDir,
    id: &str,
    change: impl FnOnce(&mut DocumentMut),
) -> Result<Gathering, CliError> {
    let library = Library::read(dir, &Library::default());
    let Some(item) = library.gatherings.iter().find(|g| g.value.id == id) else {
        return Err(CliError::Usage(format!(
            "there is no gathering \"{id}\". The gatherings: {}",
            library
                .gatherings
                .iter()
                .map(|g| g.value.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    };
    let name = format!("{id}.md");
    let source = format!("content/{}/{name}", Kind::Gathering.folder());
    if let Some(problem) = library.problems.iter().find(|p| p.file == source) {
        return Err(CliError::Usage(format!(
            "{problem}\nFix the file first (then `thewell content check`); nothing was changed"
        )));
    }
    let path = dir.content().join(Kind::Gathering.folder()).join(&name);
    let text = if item.is_builtin() {
        template::gathering_file(&item.value)
    } else {
        std::fs::read_to_string(&path).map_err(|source| CliError::Output {
            path: path.clone(),
            source,
        })?
    };
    let (head, fields, tail) = split_fields(&text).ok_or_else(|| {
        CliError::Usage(format!(
            "{source}: its +++ lines are missing; `thewell content check` says what to fix"
        ))
    })?;
    let mut doc: DocumentMut = fields
        .parse()
        .map_err(|e| CliError::Usage(format!("{source}: {e}")))?;
    change(&mut doc);
    let written = format!("{head}{}{tail}", doc);
    let gathering = parse_gathering(&source, &written)
        .map_err(|problem| CliError::Usage(format!("{}; nothing was changed", problem.message)))?;
    write_content(dir, Kind::Gathering, &name, &written)?;
    eprintln!("Written: {}", path.display());
    Ok(gathering)
}

/// The text before the fields (the opening +++ line), the fields, and the rest
/// (from the closing +++ line on).
fn split_fields(text: &str) -> Option<(&str, &str, &str)> {
    let open_end = text.find('\n')? + 1;
    if text[..open_end].trim() != "+++" {
        return None;
    }
    let mut at = open_end;
    for line in text[open_end..].split_inclusive('\n') {
        if line.trim() == "+++" {
            return Some((&text[..open_end], &text[open_end..at], &text[at..]));
        }
        at += line.len();
    }
    None
}

/// One date: its local day and time in the gathering's zone, the same instant in
/// the server's zone, and what happens on it.
fn date_line(g: &Gathering, d: &crate::schedule::Dated) -> String {
    let local = d.occurrence.start.with_timezone(&g.zone);
    let server = d.occurrence.start.with_timezone(&Local);
    let state = match d.state {
        State::Held => String::new(),
        State::Skipped => format!("  SKIPPED: {}", d.reason),
        State::Moved => format!(
            "  MOVED from {}{}{}",
            d.date.format("%a %Y-%m-%d"),
            d.place
                .as_ref()
                .map(|p| format!(", at {p}"))
                .unwrap_or_default(),
            if d.reason.is_empty() {
                String::new()
            } else {
                format!(": {}", d.reason)
            }
        ),
    };
    format!(
        "    {}   (server: {}){state}",
        local.format("%a %Y-%m-%d %H:%M %Z"),
        server.format("%a %Y-%m-%d %H:%M %Z")
    )
}

fn next_dates(g: &Gathering, out: &mut impl Write) -> Result<(), CliError> {
    say!(out, "Next dates:")?;
    for d in g.upcoming(Utc::now(), 4) {
        say!(out, "{}", date_line(g, &d))?;
    }
    say!(
        out,
        "A running server, its pages and calendar files follow within a second."
    )
}

fn list(dir: &DataDir, count: usize, out: &mut impl Write) -> Result<(), CliError> {
    let library = Library::read(dir, &Library::default());
    let now: DateTime<Utc> = Utc::now();
    for item in &library.gatherings {
        let g = &item.value;
        let from = if item.is_builtin() {
            format!(
                "built-in; `thewell schedule edit {}` writes its file to edit",
                g.id
            )
        } else {
            item.source.clone()
        };
        say!(
            out,
            "{}  {}  ({}, {} at {} for {} min, {}, {})  [{from}]",
            g.id,
            g.name,
            g.campus,
            g.repeat.text(),
            g.start.format("%H:%M"),
            g.minutes,
            g.zone.name(),
            g.place.text()
        )?;
        if g.soon {
            say!(
                out,
                "    Coming soon: no date yet. `thewell schedule edit {} --first YYYY-MM-DD --where \"…\"` gives it its first date and place.",
                g.id
            )?;
            continue;
        }
        let dates = g.upcoming(now, count);
        if dates.is_empty() {
            say!(out, "    No date to come: its last date has passed.")?;
        }
        for d in &dates {
            say!(out, "{}", date_line(g, d))?;
        }
    }
    for problem in &library.problems {
        if problem.file.starts_with("content/gatherings/") {
            say!(out, "Invalid: {problem}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_times_read_as_people_write_them() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let want = NaiveDate::from_ymd_opt(2027, 3, 18)
            .unwrap()
            .and_hms_opt(19, 30, 0)
            .unwrap();
        for input in [
            "2027-03-18 19:30",
            "2027-03-18T19:30",
            "2027-03-18 7:30 PM",
            "2027-03-18 7:30pm",
        ] {
            assert_eq!(local_date_time(&words(input)).unwrap(), want, "{input}");
        }
        for bad in ["2027-03-18", "2027-03-18 25:00", "tomorrow 7pm"] {
            assert!(local_date_time(&words(bad)).is_err(), "{bad}");
        }
    }
}
