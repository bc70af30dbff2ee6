//! Reading `content/` into a `Library`: each folder's `.md` files, each parsed once
//! and again only when its size or time changes (a running server looks every
//! second, and a ten-year archive of sermons is thousands of files); drafts set
//! aside; a broken file's last good version kept; a folder past its byte budget
//! read newest first, its oldest files left out and named.
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::item;
use super::model::{
    FolderUse, Item, Kind, LAUNCH_FILE, Library, MAX_FILE_BYTES, MAX_FOLDER_BYTES, Outcome,
    Problem, Seen, Stamp,
};
use super::parse::{self, Parsed};
use super::template::SAMPLES;
use crate::data_dir::DataDir;

/// The items of the library read before, by file, to keep those whose files did not
/// change (or broke) without reading them again.
struct Earlier<'a> {
    library: &'a Library,
    sermons: HashMap<&'a str, usize>,
    events: HashMap<&'a str, usize>,
    people: HashMap<&'a str, usize>,
    gatherings: HashMap<&'a str, usize>,
    notices: HashMap<&'a str, usize>,
}

fn index<T>(items: &[Item<T>]) -> HashMap<&str, usize> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| (item.source.as_str(), i))
        .collect()
}

impl<'a> Earlier<'a> {
    fn of(library: &'a Library) -> Earlier<'a> {
        Earlier {
            library,
            sermons: index(&library.sermons),
            events: index(&library.events),
            people: index(&library.people),
            gatherings: index(&library.gatherings),
            notices: index(&library.notices),
        }
    }

    /// Puts the earlier library's item from `source`, if it had one, into `into`.
    fn keep(&self, kind: Kind, source: &str, into: &mut Library) {
        fn copy<T: Clone>(from: &[Item<T>], at: Option<&usize>, to: &mut Vec<Item<T>>) {
            if let Some(&i) = at {
                to.push(from[i].clone());
            }
        }
        let l = self.library;
        match kind {
            Kind::Sermon => copy(&l.sermons, self.sermons.get(source), &mut into.sermons),
            Kind::Event => copy(&l.events, self.events.get(source), &mut into.events),
            Kind::Person => copy(&l.people, self.people.get(source), &mut into.people),
            Kind::Gathering => copy(
                &l.gatherings,
                self.gatherings.get(source),
                &mut into.gatherings,
            ),
            Kind::Notice => copy(&l.notices, self.notices.get(source), &mut into.notices),
        }
    }
}

impl Library {
    /// Reads `content/` in `dir`. A file that cannot be used is a problem; when
    /// `previous` held a good version of it, that version stays. A file unchanged
    /// since `previous` read it is taken from `previous` as it was. A kind without
    /// any file to show shows its built-in example.
    pub fn read(dir: &DataDir, previous: &Library) -> Library {
        Library::read_within(dir, previous, MAX_FOLDER_BYTES)
    }

    /// `read`, each folder read up to `budget` bytes.
    fn read_within(dir: &DataDir, previous: &Library, budget: u64) -> Library {
        let earlier = Earlier::of(previous);
        let mut library = Library::default();
        for kind in Kind::ALL {
            let folder = dir.content().join(kind.folder());
            let files = list(&folder, kind, budget, &mut library);
            for (name, path, stamp) in files {
                let source = format!("content/{}/{name}", kind.folder());
                let outcome = match previous.seen.get(&source) {
                    Some(seen) if seen.stamp == stamp => {
                        if seen.outcome != Outcome::Draft {
                            earlier.keep(kind, &source, &mut library);
                        }
                        seen.outcome.clone()
                    }
                    _ => read_one(&path, kind, &source, &earlier, &mut library),
                };
                match &outcome {
                    Outcome::Shown(warnings) => library.warnings.extend(warnings.iter().cloned()),
                    Outcome::Draft => library.drafts.push(source.clone()),
                    Outcome::Refused(problems) => library.problems.extend(problems.iter().cloned()),
                }
                library.seen.insert(source, Seen { stamp, outcome });
            }
        }
        library.add_builtins();
        library.read_launch(dir, previous);
        library
    }

    /// The built-in examples of a kind with nothing to show, and each built-in
    /// gathering whose id has no file, in the built-in order.
    fn add_builtins(&mut self) {
        let builtin = Library::builtin();
        if self.sermons.is_empty() && !self.has_files(Kind::Sermon) {
            self.sermons.extend(builtin.sermons.iter().cloned());
        }
        if self.events.is_empty() && !self.has_files(Kind::Event) {
            self.events.extend(builtin.events.iter().cloned());
        }
        // Each built-in gathering stands in until a file of its id exists (a broken
        // file of that id keeps its last good version, or the default).
        for default in &builtin.gatherings {
            let id = &default.value.id;
            if !self.gatherings.iter().any(|g| &g.value.id == id) {
                self.gatherings.push(default.clone());
            }
        }
        let order = |g: &Item<crate::schedule::Gathering>| {
            builtin
                .gatherings
                .iter()
                .position(|d| d.value.id == g.value.id)
                .unwrap_or(usize::MAX)
        };
        self.gatherings
            .sort_by(|a, b| (order(a), &a.value.id).cmp(&(order(b), &b.value.id)));
    }

    /// Whether a file of `kind` that is not a draft was found (good or broken).
    fn has_files(&self, kind: Kind) -> bool {
        let prefix = format!("content/{}/", kind.folder());
        self.seen
            .iter()
            .any(|(source, seen)| source.starts_with(&prefix) && seen.outcome != Outcome::Draft)
    }

    fn read_launch(&mut self, dir: &DataDir, previous: &Library) {
        let launch = dir.content().join(LAUNCH_FILE);
        if !launch.is_file() {
            return;
        }
        let source = format!("content/{LAUNCH_FILE}");
        match read_text(&launch, &source).and_then(|text| parse::parse_launch(&source, &text)) {
            Ok(Some(value)) => self.launch = Some(item(&source, value, BTreeMap::new())),
            Ok(None) => self.drafts.push(source),
            Err(problem) => {
                self.launch = previous.launch.clone();
                self.problems.push(problem);
            }
        }
    }

    /// How many content files were read (drafts and refused ones included; the
    /// launch file aside).
    pub fn seen_files(&self) -> usize {
        self.seen.len()
    }

    /// The files that say `draft = true`, by file.
    pub fn drafts(&self) -> &[String] {
        &self.drafts
    }
}

/// When a file last changed.
fn modified(path: &Path) -> Option<DateTime<Utc>> {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .map(DateTime::<Utc>::from)
}

/// Reads one file into `library`: its item, or its problem (keeping the earlier
/// good version), or nothing for a draft.
fn read_one(
    path: &Path,
    kind: Kind,
    source: &str,
    earlier: &Earlier,
    library: &mut Library,
) -> Outcome {
    let text = match read_text(path, source) {
        Ok(text) => text,
        Err(problem) => {
            earlier.keep(kind, source, library);
            return Outcome::Refused(vec![problem]);
        }
    };
    match parse::parse_file(kind, source, &text) {
        Ok((_, true)) => Outcome::Draft,
        Ok((parsed, false)) => {
            let mut warnings = samples_left(source, &text);
            match parsed {
                Parsed::Sermon(s, l) => library.sermons.push(item(source, s, l)),
                Parsed::Event(e, l) => library.events.push(item(source, e, l)),
                Parsed::Person(p, l) => library.people.push(item(source, p, l)),
                Parsed::Gathering(mut g, mut l, said) => {
                    warnings.extend(said);
                    g.changed = modified(path);
                    l.values_mut().for_each(|t| t.changed = g.changed);
                    library.gatherings.push(item(source, g, l));
                }
                Parsed::Notice(n, l) => library.notices.push(item(source, n, l)),
            }
            Outcome::Shown(warnings)
        }
        Err(problem) => {
            earlier.keep(kind, source, library);
            Outcome::Refused(every_problem(kind, source, &text, problem))
        }
    }
}

/// The sample words of a new file (`template::SAMPLES`) still in a shown one, each at
/// its line: the site shows them as written.
fn samples_left(source: &str, text: &str) -> Vec<Problem> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .filter_map(|(i, line)| {
            let sample = SAMPLES.iter().find(|s| line.contains(*s))?;
            Some(Problem::new(
                source.to_string(),
                i + 1,
                format!("\"{sample}\" is the new file's sample text, which the site shows as written: write your own"),
            ))
        })
        .collect()
}

/// How many problems of one file are named at once.
const PROBLEMS_NAMED: usize = 10;

/// `first` and the file's other problems: each found by reading the file again with
/// the lines already named left blank (a field left blank that way is missing, which
/// is not one of its problems).
fn every_problem(kind: Kind, source: &str, text: &str, first: Problem) -> Vec<Problem> {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(String::from).collect();
    let mut problems = vec![first];
    let mut blanked: Vec<String> = Vec::new();
    while problems.len() < PROBLEMS_NAMED {
        let last = problems.last().expect("one at least");
        // (line 1 opens the fields: without it nothing else reads)
        let Some(line) = lines
            .get_mut(last.line.wrapping_sub(1))
            .filter(|_| last.line > 1)
        else {
            break;
        };
        if let Some((key, _)) = line.split_once('=') {
            blanked.push(key.trim().to_string());
        }
        *line = "\n".into();
        let again: String = lines.concat();
        let Err(next) = parse::parse_file(kind, source, &again) else {
            break;
        };
        let missing_blanked = blanked
            .iter()
            .any(|key| next.message.contains(&format!("missing field `{key}`")));
        if missing_blanked || problems.iter().any(|p| p.line == next.line) {
            break;
        }
        problems.push(next);
    }
    problems
}

/// The `.md` files of one folder, by name, with their stamps; when they hold more
/// than `budget` bytes, the newest (last by name) up to it, each older one a
/// problem. Records how much the folder holds.
fn list(
    folder: &Path,
    kind: Kind,
    budget: u64,
    library: &mut Library,
) -> Vec<(String, PathBuf, Stamp)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf, Stamp)> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            // Editors' backups and hidden files are not content.
            if !name.ends_with(".md") || name.starts_with('.') {
                return None;
            }
            let meta = std::fs::metadata(e.path()).ok().filter(|m| m.is_file())?;
            Some((name, e.path(), (meta.len(), meta.modified().ok())))
        })
        .collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let bytes: u64 = files.iter().map(|f| f.2.0).sum();
    library.folders.push(FolderUse {
        kind,
        files: files.len(),
        bytes,
    });
    let mut total = 0;
    let mut kept = files.len();
    for (i, file) in files.iter().enumerate().rev() {
        total += file.2.0;
        if total > budget {
            break;
        }
        kept = i;
    }
    for (name, ..) in files.drain(..kept) {
        library.problems.push(Problem::new(
            format!("content/{}/{name}", kind.folder()),
            1,
            format!(
                "content/{} holds {} MB, and the site reads at most {} MB of one folder, its newest files first: this older file is left out. Move old files out of content/{} (e.g. to an archive folder beside the data directory)",
                kind.folder(),
                bytes.div_ceil(1024 * 1024),
                budget.div_ceil(1024 * 1024),
                kind.folder()
            ),
        ));
    }
    files
}

/// A content file's text, if it is small enough and UTF-8.
pub(super) fn read_text(path: &Path, source: &str) -> Result<String, Problem> {
    let problem = |message: String| Problem::new(source.to_string(), 1, message);
    let size = std::fs::metadata(path)
        .map_err(|e| problem(format!("cannot read it: {e}")))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(problem(format!(
            "it is {} KB; a content file may be at most {} KB",
            size / 1024,
            MAX_FILE_BYTES / 1024
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| problem(format!("cannot read it: {e}")))?;
    String::from_utf8(bytes)
        .map_err(|_| problem("it is not UTF-8 text: save it as UTF-8 (nano does)".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sermon(dir: &DataDir, date: &str, title: &str, draft: bool) {
        let folder = dir.content().join("sermons");
        std::fs::create_dir_all(&folder).unwrap();
        let draft = if draft { "draft = true\n" } else { "" };
        let text = format!(
            "+++\n{draft}title = \"{title}\"\ndate = {date}\npassage = \"John 1:1\"\n+++\nWords.\n"
        );
        std::fs::write(folder.join(format!("{date}-x.md")), text).unwrap();
    }

    fn titles(library: &Library) -> Vec<&str> {
        library
            .sermons
            .iter()
            .map(|s| s.value.title.as_str())
            .collect()
    }

    #[test]
    fn a_draft_is_checked_and_named_but_not_shown_and_the_example_stands_in_meanwhile() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        sermon(&dir, "2026-11-29", "Hope", true);
        let library = Library::read(&dir, &Library::default());
        assert!(library.sermons.iter().all(Item::is_builtin));
        assert_eq!(library.drafts(), ["content/sermons/2026-11-29-x.md"]);
        assert!(library.problems.is_empty(), "{:?}", library.problems);
        // A draft with a mistake is a problem all the same (its file is being written).
        let folder = dir.content().join("sermons");
        std::fs::write(folder.join("2026-12-06-x.md"), "+++\ndraft = yes\n+++\n").unwrap();
        let library = Library::read(&dir, &library);
        assert!(
            library.problems[0]
                .message
                .starts_with("draft is true or false")
        );
        assert_eq!(library.problems[0].line, 2);
        std::fs::remove_file(folder.join("2026-12-06-x.md")).unwrap();
        sermon(&dir, "2026-11-29", "Hope", false);
        let library = Library::read(&dir, &library);
        assert_eq!(titles(&library), ["Hope"]);
        assert!(library.drafts().is_empty());
    }

    #[test]
    fn a_file_s_problems_are_named_together() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let folder = dir.content().join("sermons");
        std::fs::create_dir_all(&folder).unwrap();
        let text = "+++\ntitle = \"Hope\ndate = 2026-13-40\npassage = \"John 1:1\"\nvideo = 12\n+++\nWords.\n";
        std::fs::write(folder.join("2026-11-29-x.md"), text).unwrap();
        let library = Library::read(&dir, &Library::default());
        let lines: Vec<usize> = library.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [2, 3, 5], "{:?}", library.problems);
    }

    #[test]
    fn an_unchanged_file_is_not_read_again_and_a_changed_one_is() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        sermon(&dir, "2026-11-22", "One", false);
        sermon(&dir, "2026-11-29", "Two", false);
        let mut first = Library::read(&dir, &Library::default());
        assert_eq!(titles(&first), ["One", "Two"]);
        // What an unchanged file gave is taken from the library before, as it was there.
        first.sermons[0].value.title = "Taken from before".into();
        let second = Library::read(&dir, &first);
        assert_eq!(titles(&second), ["Taken from before", "Two"]);
        // A file written again is read again (its size differs here; its time would do).
        sermon(&dir, "2026-11-22", "One, again", false);
        let third = Library::read(&dir, &second);
        assert_eq!(titles(&third), ["One, again", "Two"]);
    }

    #[test]
    fn a_folder_past_its_budget_keeps_its_newest_files_and_names_the_oldest() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        for (i, date) in ["2016-12-04", "2016-12-11", "2026-11-22", "2026-11-29"]
            .iter()
            .enumerate()
        {
            sermon(&dir, date, &format!("S{i}"), false);
        }
        let size = std::fs::metadata(dir.content().join("sermons/2026-11-29-x.md"))
            .unwrap()
            .len();
        let library = Library::read_within(&dir, &Library::default(), size * 2 + 1);
        assert_eq!(titles(&library), ["S2", "S3"]);
        let named: Vec<&str> = library.problems.iter().map(|p| p.file.as_str()).collect();
        assert_eq!(
            named,
            [
                "content/sermons/2016-12-04-x.md",
                "content/sermons/2016-12-11-x.md"
            ]
        );
        assert!(
            library.problems[0]
                .message
                .contains("its newest files first")
        );
        assert_eq!(
            library
                .folders
                .iter()
                .find(|f| f.kind == Kind::Sermon)
                .map(|f| f.files),
            Some(4)
        );
        // Within the budget, every file is read: no count of files is a limit.
        let all = Library::read(&dir, &Library::default());
        assert_eq!(titles(&all), ["S0", "S1", "S2", "S3"]);
    }
}
