//! The content that changes week by week: sermons, events and the people of the
//! leadership and worship team, one plain-text file each in the data directory
//! (`content/sermons/<date>-<slug>.md`, `content/events/<date>-<slug>.md`,
//! `content/people/<name>.md`), and the launch (`content/launch.md`), read and
//! checked by `parse`. What the site shows at an instant (`Shown`: the latest
//! sermon, the events not yet ended, the launch), and the built-in examples that
//! stand in until the first file of their kind exists.
use std::collections::BTreeMap;
use std::path::Path;

use chrono::{DateTime, Utc};

use crate::data_dir::DataDir;

pub mod in_english;
mod model;
mod parse;
pub mod template;

use model::BUILTIN;
pub use model::{
    Block, Event, GROUPS, Group, HOME_ZONE, Item, Kind, LAUNCH_FILE, Library, MAX_FILE_BYTES,
    MAX_FILES, Notice, PeoplePage, Person, Problem, Sermon, Shown, sermon_date,
};
#[cfg(test)]
pub use model::{Launch, Note};
pub use parse::{gathering as parse_gathering, notice as parse_notice};

impl Library {
    /// The built-in examples alone: what a site without content files shows.
    pub fn builtin() -> Library {
        let parsed =
            |kind, text| parse::parse(kind, BUILTIN, text).expect("the built-in examples parse");
        let mut library = Library::default();
        for (kind, text) in template::EXAMPLES {
            match parsed(kind, text) {
                parse::Parsed::Sermon(s, l) => library.sermons.push(item(BUILTIN, s, l)),
                parse::Parsed::Event(e, l) => library.events.push(item(BUILTIN, e, l)),
                _ => unreachable!("the examples are a sermon and an event"),
            }
        }
        library.gatherings = crate::schedule::defaults::all()
            .into_iter()
            .map(|g| item(BUILTIN, g, BTreeMap::new()))
            .collect();
        library
    }

    /// Reads `content/` in `dir`. A file that cannot be used is a problem; when
    /// `previous` held a good version of it, that version stays. A kind without
    /// any file (good or bad) shows its built-in example.
    pub fn read(dir: &DataDir, previous: &Library) -> Library {
        let builtin = Library::builtin();
        let mut library = Library::default();
        for kind in Kind::ALL {
            let folder = dir.content().join(kind.folder());
            let files = list(&folder, kind, &mut library.problems);
            for (name, path) in &files {
                let source = format!("content/{}/{name}", kind.folder());
                match read_one(path, kind, &source) {
                    Ok(parse::Parsed::Sermon(s, l)) => library.sermons.push(item(&source, s, l)),
                    Ok(parse::Parsed::Event(e, l)) => library.events.push(item(&source, e, l)),
                    Ok(parse::Parsed::Person(p, l)) => library.people.push(item(&source, p, l)),
                    Ok(parse::Parsed::Gathering(mut g, mut l)) => {
                        g.changed = modified(path);
                        l.values_mut().for_each(|t| t.changed = g.changed);
                        library.gatherings.push(item(&source, g, l));
                    }
                    Ok(parse::Parsed::Notice(n, l)) => library.notices.push(item(&source, n, l)),
                    Err(problem) => {
                        match kind {
                            Kind::Sermon => keep(&previous.sermons, &source, &mut library.sermons),
                            Kind::Event => keep(&previous.events, &source, &mut library.events),
                            Kind::Person => keep(&previous.people, &source, &mut library.people),
                            Kind::Gathering => {
                                keep(&previous.gatherings, &source, &mut library.gatherings)
                            }
                            Kind::Notice => keep(&previous.notices, &source, &mut library.notices),
                        }
                        library.problems.push(problem);
                    }
                }
            }
            match kind {
                // (a kind with no file shows its built-in example)
                Kind::Sermon if files.is_empty() => {
                    library.sermons.extend(builtin.sermons.iter().cloned())
                }
                Kind::Event if files.is_empty() => {
                    library.events.extend(builtin.events.iter().cloned())
                }
                // Each built-in gathering stands in until a file of its id exists
                // (a broken file of that id keeps its last good version, or the default).
                Kind::Gathering => {
                    for default in &builtin.gatherings {
                        let id = &default.value.id;
                        if !library.gatherings.iter().any(|g| &g.value.id == id) {
                            library.gatherings.push(default.clone());
                        }
                    }
                    let order = |g: &Item<crate::schedule::Gathering>| {
                        builtin
                            .gatherings
                            .iter()
                            .position(|d| d.value.id == g.value.id)
                            .unwrap_or(usize::MAX)
                    };
                    library
                        .gatherings
                        .sort_by(|a, b| (order(a), &a.value.id).cmp(&(order(b), &b.value.id)));
                }
                _ => {}
            }
        }
        let launch = dir.content().join(LAUNCH_FILE);
        if launch.is_file() {
            let source = format!("content/{LAUNCH_FILE}");
            match read_text(&launch, &source).and_then(|text| parse::parse_launch(&source, &text)) {
                Ok(value) => library.launch = Some(item(&source, value, BTreeMap::new())),
                Err(problem) => {
                    library.launch = previous.launch.clone();
                    library.problems.push(problem);
                }
            }
        }
        library
    }

    /// The people of `group`, in their order (then by name).
    pub fn people_of(&self, group: &Group) -> Vec<&Person> {
        let mut people: Vec<&Person> = self
            .people
            .iter()
            .map(|p| &p.value)
            .filter(|p| p.group.name == group.name)
            .collect();
        people.sort_by(|a, b| (a.order, &a.name).cmp(&(b.order, &b.name)));
        people
    }

    /// The photo slots of the people named, beside the build's own (`bundle::photo_slots`).
    pub fn photo_slots(&self) -> Vec<crate::bundle::PhotoSlot> {
        self.people
            .iter()
            .map(|p| crate::bundle::PhotoSlot {
                slot: p.value.photo.clone(),
                alt: format!("{}, {}", p.value.name, p.value.role),
                ratio: "1:1".into(),
                largest: crate::page_parts::people_list::CARD_LARGEST,
                places: vec![match p.value.group.page {
                    PeoplePage::Leadership => "/leadership".into(),
                    PeoplePage::WorshipTeam => "/worship-team".into(),
                }],
            })
            .collect()
    }

    /// The events not yet ended at `now`, soonest first.
    pub fn upcoming(&self, now: DateTime<Utc>) -> Vec<&Item<Event>> {
        let mut events: Vec<&Item<Event>> = self
            .events
            .iter()
            .filter(|e| e.value.ends() > now)
            .collect();
        events.sort_by(|a, b| {
            (a.value.starts(), &a.value.title).cmp(&(b.value.starts(), &b.value.title))
        });
        events
    }

    /// The sermons preached by `now` (none in the future), newest first.
    pub fn preached(&self, now: DateTime<Utc>) -> Vec<&Item<Sermon>> {
        let today = now.with_timezone(&HOME_ZONE).date_naive();
        let mut sermons: Vec<&Item<Sermon>> = self
            .sermons
            .iter()
            .filter(|s| sermon_date(&s.value) <= today)
            .collect();
        sermons.sort_by(|a, b| (&b.value.date, &a.source).cmp(&(&a.value.date, &b.source)));
        sermons
    }

    /// An instant after every date the items name: what the built-in examples show
    /// from then on is what the build's pages carry.
    pub fn settled(&self) -> DateTime<Utc> {
        let ends = self.events.iter().map(|e| e.value.ends());
        let days = self.sermons.iter().filter_map(|s| {
            Some(crate::schedule::resolve_local(
                HOME_ZONE,
                sermon_date(&s.value).and_hms_opt(0, 0, 0)?,
            ))
        });
        ends.chain(days).max().unwrap_or_default() + chrono::Duration::days(1)
    }

    /// The gathering `id`.
    pub fn gathering(&self, id: &str) -> Option<&crate::schedule::Gathering> {
        self.gatherings
            .iter()
            .map(|g| &g.value)
            .find(|g| g.id == id)
    }

    /// The gatherings the site lists at `now`: announced, or with an occurrence to come.
    pub fn listed(&self, now: DateTime<Utc>) -> Vec<&crate::schedule::Gathering> {
        self.gatherings
            .iter()
            .map(|g| &g.value)
            .filter(|g| g.soon || g.now(now).is_some())
            .collect()
    }

    /// The notices not yet expired at `now`.
    pub fn notices_at(&self, now: DateTime<Utc>) -> Vec<&Notice> {
        self.notices
            .iter()
            .map(|n| &n.value)
            .filter(|n| n.ends() > now)
            .collect()
    }

    /// The library as the pages in language `code` show it: each item in that language
    /// where its file gives words in it (`Item::in_language`), in English elsewhere,
    /// each field still in English named on the item (`in_english::mark`).
    pub fn in_language(&self, code: &str) -> Library {
        fn pick<T: Clone>(items: &[Item<T>], code: &str) -> Vec<Item<T>> {
            items
                .iter()
                .map(|i| Item {
                    source: i.source.clone(),
                    value: i.in_language.get(code).unwrap_or(&i.value).clone(),
                    in_language: BTreeMap::new(),
                })
                .collect()
        }
        fn marked<T: Clone + in_english::Worded>(items: &[Item<T>], code: &str) -> Vec<Item<T>> {
            let mut picked = pick(items, code);
            for (item, english) in picked.iter_mut().zip(items) {
                in_english::mark(&english.value, &mut item.value);
            }
            picked
        }
        Library {
            sermons: marked(&self.sermons, code),
            events: marked(&self.events, code),
            people: marked(&self.people, code),
            launch: self
                .launch
                .as_ref()
                .and_then(|l| marked(std::slice::from_ref(l), code).pop()),
            gatherings: pick(&self.gatherings, code),
            notices: marked(&self.notices, code),
            problems: Vec::new(),
        }
    }

    /// What the site shows at `now`, its words in English.
    pub fn shown(&self, now: DateTime<Utc>) -> Shown {
        self.shown_in(now, crate::schedule::words::Vocabulary::english())
    }

    /// What the site shows at `now`, the gatherings' words in `words`' language.
    pub fn shown_in(
        &self,
        now: DateTime<Utc>,
        words: &crate::schedule::words::Vocabulary,
    ) -> Shown {
        let sermon = self.preached(now).first().map(|s| s.value.clone());
        let events = self
            .upcoming(now)
            .into_iter()
            .map(|e| e.value.clone())
            .collect();
        let launch = self.launch.as_ref().map(|l| l.value.clone());
        let listed = self.listed(now);
        let notices = self.notices_at(now);
        let words = self
            .gatherings
            .iter()
            .flat_map(|g| {
                // A campus's notices also stand beside its gatherings' lines on other pages.
                let notice = notices
                    .iter()
                    .filter(|n| n.campus == g.value.campus)
                    .map(|n| n.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" · ");
                crate::schedule::words::of(&g.value, now, words)
                    .into_iter()
                    .chain([("notice", notice)])
                    .map(|(word, text)| (format!("{}.{word}", g.value.id), text))
            })
            .collect();
        Shown {
            sermon,
            events,
            launch,
            notices: notices.into_iter().cloned().collect(),
            gatherings: listed.iter().map(|g| g.id.clone()).collect(),
            words,
            words_in_english: Vec::new(),
        }
    }

    /// The next instant after `now` at which `shown` changes by itself (an event
    /// ends, a sermon's day begins), if any.
    pub fn next_change(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let ends = self.events.iter().map(|e| e.value.ends());
        let days = self.sermons.iter().filter_map(|s| {
            Some(crate::schedule::resolve_local(
                HOME_ZONE,
                sermon_date(&s.value).and_hms_opt(0, 0, 0)?,
            ))
        });
        let notices = self.notices.iter().map(|n| n.value.ends());
        let gatherings = self
            .gatherings
            .iter()
            .filter_map(|g| g.value.changes_after(now));
        ends.chain(days)
            .chain(notices)
            .chain(gatherings)
            .filter(|t| *t > now)
            .min()
    }
}

/// When a file last changed.
fn modified(path: &Path) -> Option<DateTime<Utc>> {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .map(DateTime::<Utc>::from)
}

fn item<T>(source: &str, value: T, in_language: BTreeMap<String, T>) -> Item<T> {
    Item {
        source: source.to_string(),
        value,
        in_language,
    }
}

/// Puts `previous`'s good version of `source`, if it had one, into `into`.
fn keep<T: Clone>(previous: &[Item<T>], source: &str, into: &mut Vec<Item<T>>) {
    if let Some(good) = previous.iter().find(|i| i.source == source) {
        into.push(good.clone());
    }
}

/// The `.md` files of one folder, by name, at most MAX_FILES of them.
fn list(
    folder: &Path,
    kind: Kind,
    problems: &mut Vec<Problem>,
) -> Vec<(String, std::path::PathBuf)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<(String, std::path::PathBuf)> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            // Editors' backups and hidden files are not content.
            (name.ends_with(".md") && !name.starts_with('.')).then(|| (name, e.path()))
        })
        .collect();
    files.sort();
    if files.len() > MAX_FILES {
        for (name, _) in files.drain(MAX_FILES..) {
            problems.push(Problem::new(
                format!("content/{}/{name}", kind.folder()),
                1,
                format!(
                    "there are more than {MAX_FILES} {} files: move old ones out of content/{}",
                    kind.folder(),
                    kind.folder()
                ),
            ));
        }
    }
    files
}

fn read_one(path: &Path, kind: Kind, source: &str) -> Result<parse::Parsed, Problem> {
    parse::parse(kind, source, &read_text(path, source)?)
}

/// A content file's text, if it is small enough and UTF-8.
fn read_text(path: &Path, source: &str) -> Result<String, Problem> {
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
    use chrono::TimeZone;

    fn write(dir: &DataDir, kind: Kind, name: &str, text: &str) {
        let folder = dir.content().join(kind.folder());
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(name), text).unwrap();
    }

    const EVENT: &str = "+++\ntitle = \"Picnic\"\nstart = 2030-06-01T12:00:00\nend = 2030-06-01T15:00:00\nplace = \"Park\"\n+++\nBring a dish.\n";

    #[test]
    fn builtin_examples_stand_in_until_a_file_of_their_kind_exists() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let library = Library::read(&dir, &Library::default());
        assert!(library.sermons.iter().all(Item::is_builtin));
        assert!(library.events.iter().all(Item::is_builtin));
        assert!(library.problems.is_empty(), "{:?}", library.problems);
        write(&dir, Kind::Event, "2030-06-01-picnic.md", EVENT);
        let library = Library::read(&dir, &library);
        assert_eq!(library.events.len(), 1);
        assert_eq!(
            library.events[0].source,
            "content/events/2030-06-01-picnic.md"
        );
        assert!(library.sermons.iter().all(Item::is_builtin));
    }

    #[test]
    fn a_broken_file_keeps_its_last_good_version_or_is_left_out() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        write(&dir, Kind::Event, "a.md", EVENT);
        let good = Library::read(&dir, &Library::default());
        write(&dir, Kind::Event, "a.md", "+++\ntitle = \"Picnic\n+++\n");
        let kept = Library::read(&dir, &good);
        assert_eq!(kept.events, good.events);
        assert_eq!(kept.problems.len(), 1);
        assert!(
            kept.problems[0]
                .to_string()
                .starts_with("content/events/a.md:2:"),
            "{}",
            kept.problems[0]
        );
        let fresh = Library::read(&dir, &Library::default());
        assert!(fresh.events.is_empty());
        assert!(fresh.consequence(&fresh.problems[0]).contains("left out"));
        assert!(
            kept.consequence(&kept.problems[0])
                .contains("last good version")
        );
    }

    #[test]
    fn a_launch_file_gives_the_launch_and_the_day_after_it() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        assert_eq!(Library::read(&dir, &Library::default()).launch, None);
        std::fs::create_dir_all(dir.content()).unwrap();
        let text = "+++\nstart = 2027-01-10T12:00:00\nplace = \"1520 NW 65th Ave, Plantation, FL\"\n+++\nCome and see.\n";
        std::fs::write(dir.content().join(LAUNCH_FILE), text).unwrap();
        let library = Library::read(&dir, &Library::default());
        let launch = library.shown(Utc::now()).launch.unwrap();
        assert_eq!(launch.starts_at, "2027-01-10T12:00:00-05:00");
        assert_eq!(launch.over_at, "2027-01-11T00:00:00-05:00");
        std::fs::write(dir.content().join(LAUNCH_FILE), "+++\nstart = soon\n+++\n").unwrap();
        let kept = Library::read(&dir, &library);
        assert_eq!(kept.launch, library.launch);
        assert_eq!(kept.problems[0].file, "content/launch.md");
    }

    #[test]
    fn a_campus_notice_stands_beside_its_gatherings_until_it_ends() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let folder = dir.content().join("notices");
        std::fs::create_dir_all(&folder).unwrap();
        let notice = |name: &str, campus: &str, text: &str| {
            let file = format!(
                "+++\nuntil = 2027-01-01T00:00:00\nzone = \"UTC\"\ncampus = \"{campus}\"\n+++\n{text}\n"
            );
            std::fs::write(folder.join(name), file).unwrap();
        };
        notice("a.md", "pakistan", "The study meets at the school");
        notice("b.md", "pakistan", "No service on the 6th");
        notice("c.md", "europe", "New meeting link");
        let library = Library::read(&dir, &Library::default());
        assert!(library.problems.is_empty(), "{:?}", library.problems);
        let before = Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap();
        let words = library.shown(before).words;
        let both = "The study meets at the school · No service on the 6th";
        // The files are read in name order, so a.md comes first.
        assert_eq!(words["sunday-service-pakistan.notice"], both);
        assert_eq!(words["bible-study-pakistan.notice"], both);
        assert_eq!(words["europe-bible-study.notice"], "New meeting link");
        assert_eq!(words["bible-study.notice"], "");
        let after = Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 1).unwrap();
        assert_eq!(
            library.shown(after).words["sunday-service-pakistan.notice"],
            ""
        );
    }

    #[test]
    fn ended_events_and_future_sermons_are_not_shown() {
        let library = Library::builtin();
        let sermon_day = &library.sermons[0].value.date;
        let event = &library.events[0].value;
        let shown = library.shown(library.settled());
        assert!(shown.events.is_empty());
        assert_eq!(shown.sermon.as_ref().map(|s| &s.date), Some(sermon_day));
        let before_sermon = Utc.with_ymd_and_hms(2000, 1, 1, 0, 0, 0).unwrap();
        let early = library.shown(before_sermon);
        assert!(early.sermon.is_none());
        assert_eq!(early.events.len(), 1);
        assert_eq!(library.next_change(before_sermon), Some(event.ends()));
    }
}
