//! What the content files hold, as the rest of the code sees it: sermons, events,
//! people and their groups, the launch, every item with where it came from (the
//! `Library`), what the pages show at an instant (`Shown`), and what is wrong with
//! a file (`Problem`).
use std::fmt;
use std::time::SystemTime;

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::Serialize;

/// The zone whose date decides which sermon is "the latest" (the church's home).
pub const HOME_ZONE: Tz = chrono_tz::America::New_York;
/// A file larger than this is refused (a sermon's notes fit in a tenth of it).
pub const MAX_FILE_BYTES: u64 = 100 * 1024;
/// How many of the newest sermons preached the pages give in full (description,
/// notes); the earlier ones are a line each on /media.
pub const SERMONS_IN_FULL: usize = 20;
/// What one folder of `content/` may hold in all: more is read newest first up to
/// it, the oldest files left out and named in `content check` (a guard against a
/// folder filled by mistake, not a limit a church reaches: ten years of weekly
/// sermons are about 2 MB).
pub const MAX_FOLDER_BYTES: u64 = 50 * 1024 * 1024;

/// One paragraph of long text, or one list (Markdown below a file's fields).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Block {
    /// Whether this is a list (each item one entry) or a paragraph (one entry).
    pub list: bool,
    pub items: Vec<String>,
}

/// One point of a sermon's notes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Note {
    pub heading: String,
    pub text: String,
    /// The passage it rests on, e.g. "Matthew 25:1-4" (may be empty).
    pub scripture: String,
}

/// A sermon, as its file gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Sermon {
    pub title: String,
    /// The day it was preached, YYYY-MM-DD.
    pub date: String,
    /// Who preached it (may be empty: the page then names no one).
    pub speaker: String,
    pub passage: String,
    /// A YouTube video id, or empty until the video is uploaded.
    pub video: String,
    pub description: Vec<Block>,
    pub notes: Vec<Note>,
    pub reflection: String,
    /// The names of its fields of words that a page in another language shows in
    /// English, its file giving no words for them in that language (`in_english::mark`);
    /// empty on English pages.
    #[serde(rename = "inEnglish")]
    pub in_english: Vec<String>,
}

/// A community event, as its file gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub title: String,
    /// A short label above the title, e.g. "Outreach"; empty when the file gives none
    /// (the pages then say "Community event" in their own language).
    pub tag: String,
    /// The IANA zone its times are local to, e.g. "America/New_York".
    pub zone: String,
    /// Its start and end as instants with their offset in `zone` (ISO 8601).
    pub starts_at: String,
    /// `zone`'s abbreviation at its start, e.g. "EST" (the pages name the zone with it).
    pub abbreviation: String,
    /// `zone`'s name's key among the pages' zone names ("eastern"), or its IANA name.
    pub zone_name: String,
    pub ends_at: String,
    pub place: String,
    pub text: Vec<Block>,
    /// An https link for more (sign-up, map), or empty.
    pub link: String,
    /// The names of its fields of words that a page in another language shows in
    /// English, its file giving no words for them in that language (`in_english::mark`);
    /// empty on English pages.
    pub in_english: Vec<String>,
}

impl Event {
    pub fn ends(&self) -> DateTime<Utc> {
        instant(&self.ends_at)
    }

    pub fn starts(&self) -> DateTime<Utc> {
        instant(&self.starts_at)
    }
}

/// An instant the parser wrote (always valid RFC 3339).
fn instant(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default()
}

/// The launch service the launch pop-up announces (`content/launch.md`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Launch {
    /// The IANA zone of its time.
    pub zone: String,
    /// Its start, with its offset (ISO 8601).
    pub starts_at: String,
    /// `zone`'s abbreviation at its start, e.g. "EST".
    pub abbreviation: String,
    /// `zone`'s name's key among the pages' zone names ("eastern"), or its IANA name.
    pub zone_name: String,
    /// The start of the day after it: from then on the first visit skips the launch pop-up.
    pub over_at: String,
    pub place: String,
    /// What the pop-up says about it.
    pub intro: Vec<Block>,
    /// The names of its fields of words that a page in another language shows in
    /// English, its file giving no words for them in that language (`in_english::mark`);
    /// empty on English pages.
    pub in_english: Vec<String>,
}

/// A person of the leadership or the worship team, as their file gives them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Person {
    pub name: String,
    /// What they do, e.g. "Senior Pastor".
    pub role: String,
    /// Which section of which page they appear in.
    pub group: &'static Group,
    /// Smaller first within the group; then by name.
    pub order: i64,
    /// A few sentences about them (may be empty).
    pub bio: Vec<Block>,
    /// The photo slot their picture fills: `person-<file name>`.
    pub photo: String,
    /// The names of its fields of words that a page in another language shows in
    /// English, its file giving no words for them in that language (`in_english::mark`);
    /// empty on English pages.
    pub in_english: Vec<String>,
}

/// The page a group of people is shown on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PeoplePage {
    Leadership,
    WorshipTeam,
}

/// One section of people, as a person file names it in `group = "…"`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// What a file writes, e.g. "senior-leaders" (the heading is accepted too).
    pub name: &'static str,
    /// The section's heading on its page.
    pub heading: &'static str,
    pub page: PeoplePage,
}

/// Every group, in the order the pages show them.
pub const GROUPS: &[Group] = &[
    Group {
        name: "senior-leaders",
        heading: "Senior Leaders",
        page: PeoplePage::Leadership,
    },
    Group {
        name: "executive-team",
        heading: "Executive Team",
        page: PeoplePage::Leadership,
    },
    Group {
        name: "global",
        heading: "Global",
        page: PeoplePage::Leadership,
    },
    Group {
        name: "south-florida",
        heading: "{campus.south-florida.name}",
        page: PeoplePage::Leadership,
    },
    Group {
        name: "north",
        heading: "{campus.north.name} ({campus.north.region})",
        page: PeoplePage::Leadership,
    },
    Group {
        name: "pakistan",
        heading: "Pakistan Campus",
        page: PeoplePage::Leadership,
    },
    Group {
        name: "worship-team",
        heading: "Worship Team",
        page: PeoplePage::WorshipTeam,
    },
];

/// The kinds of content file, each in its folder under `content/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Kind {
    Sermon,
    Event,
    /// A person of the leadership or the worship team.
    Person,
    /// A regular gathering (a service, a Bible study), with its skipped and moved dates.
    Gathering,
    /// A short notice shown at the top of the pages until it expires.
    Notice,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Sermon,
        Kind::Event,
        Kind::Person,
        Kind::Gathering,
        Kind::Notice,
    ];

    /// The folder's name under `content/`.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Sermon => "sermons",
            Kind::Event => "events",
            Kind::Person => "people",
            Kind::Gathering => "gatherings",
            Kind::Notice => "notices",
        }
    }
}

/// A notice a volunteer put up (`thewell notice add`): shown at the top of every
/// page, or of its campus's pages, until it expires.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Notice {
    /// What it says (plain text: markup in it is shown as text).
    pub text: String,
    /// When it leaves the pages, with its offset (ISO 8601).
    pub until: String,
    /// An https link for more, or empty.
    pub link: String,
    /// The campus it is for (one of the site's campus ids), or empty for every page.
    pub campus: String,
    /// The pages it shows on; empty for every page.
    pub routes: Vec<String>,
    /// The names of its fields of words that a page in another language shows in
    /// English, its file giving no words for them in that language (`in_english::mark`);
    /// empty on English pages.
    #[serde(rename = "inEnglish")]
    pub in_english: Vec<String>,
}

impl Notice {
    pub fn ends(&self) -> DateTime<Utc> {
        instant(&self.until)
    }
}

/// The source of a built-in example.
pub(super) const BUILTIN: &str = "built-in example";

/// One item and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Item<T> {
    /// The file, as `content/<folder>/<name>`, or "built-in example".
    pub source: String,
    pub value: T,
    /// The item as the pages of another language show it (`ur` → its Urdu words, the
    /// English where the file gives none): from the file's `[ur]` table and the text
    /// below its line `+++ ur`. Empty when the file is in English only.
    pub in_language: std::collections::BTreeMap<String, T>,
}

impl<T> Item<T> {
    pub fn is_builtin(&self) -> bool {
        self.source == BUILTIN
    }
}

/// Every item the content files give, and what is wrong with the others.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Library {
    pub sermons: Vec<Item<Sermon>>,
    pub events: Vec<Item<Event>>,
    /// The people named so far (there is no built-in example: a page without anyone
    /// named says they will be introduced soon).
    pub people: Vec<Item<Person>>,
    /// The launch service, when `content/launch.md` gives one.
    pub launch: Option<Item<Launch>>,
    /// The regular gatherings: each file of `content/gatherings/`, and the built-in
    /// default of every id without one.
    pub gatherings: Vec<Item<crate::schedule::Gathering>>,
    /// The notices, expired ones included.
    pub notices: Vec<Item<Notice>>,
    /// Files left out (or kept at their last good version), each with what to fix.
    pub problems: Vec<Problem>,
    /// What shown files say that the site reads otherwise than their words may mean
    /// (a gathering whose first date is not on its rule, a date moved to a time a
    /// clock change skips or repeats), each at its line.
    pub warnings: Vec<Problem>,
    /// The files that say `draft = true`: checked, not shown.
    pub(super) drafts: Vec<String>,
    /// How much each folder holds.
    pub folders: Vec<FolderUse>,
    /// What each file gave when last read (a file unchanged since is not read again).
    pub(super) seen: std::collections::BTreeMap<String, Seen>,
}

impl Library {
    /// What the site does about a problem file: keeps its last good version, or leaves it out.
    pub fn consequence(&self, problem: &Problem) -> &'static str {
        let source = problem.file.as_str();
        if self.sermons.iter().any(|i| i.source == source)
            || self.events.iter().any(|i| i.source == source)
            || self.people.iter().any(|i| i.source == source)
            || self.gatherings.iter().any(|i| i.source == source)
            || self.notices.iter().any(|i| i.source == source)
        {
            "the site keeps showing its last good version until it is fixed"
        } else {
            "it is left out of the site until it is fixed"
        }
    }
}

/// A file's size and last change (`content::read`): when both are as before, it is
/// not read again.
pub(super) type Stamp = (u64, Option<SystemTime>);

/// What one file gave when it was last read, and its stamp then.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Seen {
    pub(super) stamp: Stamp,
    pub(super) outcome: Outcome,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Outcome {
    /// Its item is in the library, with what it says that the site reads otherwise
    /// than its words may mean.
    Shown(Vec<Problem>),
    /// It says `draft = true`.
    Draft,
    /// It could not be used (its last good version, if any, is in the library):
    /// what is wrong with it, each line's problem once.
    Refused(Vec<Problem>),
}

/// How much one folder of `content/` holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FolderUse {
    pub kind: Kind,
    pub files: usize,
    pub bytes: u64,
}

/// What the pages show at one instant.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Shown {
    /// The latest sermon preached (by date, none in the future).
    pub sermon: Option<Sermon>,
    /// The events not yet ended, soonest first.
    pub events: Vec<Event>,
    /// The launch service, when one is set (without it the pop-up keeps its built-in words).
    pub launch: Option<Launch>,
    /// The notices not yet expired.
    pub notices: Vec<Notice>,
    /// The gatherings the site lists now (not past their last date), by id.
    pub gatherings: Vec<String>,
    /// The words the pages say of the gatherings (`<id>.<word>`, see
    /// `schedule::words`) and of the ministry's figures (`figure.<name>`).
    #[cfg_attr(test, ts(type = "Record<string, string>"))]
    pub words: std::collections::BTreeMap<String, String>,
    /// The names of those words that a page in another language shows in English
    /// (`in_english::words_in_english`: a volunteer's place with no words in it);
    /// empty on English pages.
    #[serde(rename = "wordsInEnglish")]
    pub words_in_english: Vec<String>,
}

/// What is wrong with a content file, and where.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Problem {
    /// `content/<folder>/<name>`.
    pub file: String,
    /// 1-based.
    pub line: usize,
    pub message: String,
}

impl Problem {
    pub fn new(file: String, line: usize, message: String) -> Problem {
        Problem {
            file,
            line,
            message,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

pub fn sermon_date(sermon: &Sermon) -> NaiveDate {
    NaiveDate::parse_from_str(&sermon.date, "%Y-%m-%d").unwrap_or_default()
}

/// The launch service's file under `content/`.
pub const LAUNCH_FILE: &str = "launch.md";
