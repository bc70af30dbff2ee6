//! The content that changes week by week: sermons, events and the people of the
//! leadership and worship team, one plain-text file each in the data directory
//! (`content/sermons/<date>-<slug>.md`, `content/events/<date>-<slug>.md`,
//! `content/people/<name>.md`), and the launch (`content/launch.md`), read and
//! checked by `parse`. What the site shows at an instant (`Shown`: the latest
//! sermon, the events not yet ended, the launch), and the built-in examples that
//! stand in until the first file of their kind exists.
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

pub mod in_english;
mod model;
mod parse;
mod read;
pub mod template;

use model::BUILTIN;
pub use model::{
    Block, Event, GROUPS, Group, HOME_ZONE, Item, Kind, LAUNCH_FILE, Library, MAX_FILE_BYTES,
    MAX_FOLDER_BYTES, Notice, PeoplePage, Person, SERMONS_IN_FULL, Sermon, Shown, sermon_date,
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

    /// The library as the pages in language `code` show it at `now`: each item in that
    /// language where its file gives words in it (`Item::in_language`), in English
    /// elsewhere, each field still in English named on the item (`in_english::mark`).
    /// A sermon preached before the newest SERMONS_IN_FULL keeps only what a line of
    /// the list shows (its long text is the English library's): a copy per language
    /// of years of sermons' notes would be most of the server's memory.
    pub fn in_language(&self, code: &str, now: DateTime<Utc>) -> Library {
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
        let preached = self.preached(now);
        let in_full: std::collections::HashSet<&str> = preached
            .iter()
            .take(SERMONS_IN_FULL)
            .map(|s| s.source.as_str())
            .collect();
        let today = now.with_timezone(&HOME_ZONE).date_naive();
        let mut sermons = marked(&self.sermons, code);
        for item in &mut sermons {
            if sermon_date(&item.value) <= today && !in_full.contains(item.source.as_str()) {
                let s = &mut item.value;
                s.description = Vec::new();
                s.notes = Vec::new();
                s.reflection = String::new();
            }
        }
        Library {
            sermons,
            events: marked(&self.events, code),
            people: marked(&self.people, code),
            launch: self
                .launch
                .as_ref()
                .and_then(|l| marked(std::slice::from_ref(l), code).pop()),
            gatherings: pick(&self.gatherings, code),
            notices: marked(&self.notices, code),
            ..Library::default()
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

fn item<T>(source: &str, value: T, in_language: BTreeMap<String, T>) -> Item<T> {
    Item {
        source: source.to_string(),
        value,
        in_language,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_dir::DataDir;
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
