//! The site's settings a volunteer changes without a developer: the site's address,
//! the outside links (giving, church app, meeting, video file), the video ids, the
//! sermon's speaker and the contact email, declared here as data with visibly
//! placeholder defaults. The rooms of this folder: `validate` (what a value must
//! look like), `file` (site.json, written by `thewell site set`), `photos` (the
//! photos folder that replaces the drawn placeholders). What a running server reads
//! of these and the content files together is `crate::published`.
use std::path::PathBuf;

mod file;
mod photos;
mod validate;

pub use file::{read_file, read_last_good, save_last_good, set, unset};
pub use photos::{FOCUS_SUFFIX, PHOTO_TYPES, Photo, read_photos};
pub use validate::validate;

/// Every setting, in the order of `SETTINGS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    SiteUrl,
    GivingUrl,
    OneTimeGiftUrl,
    ChurchAppUrl,
    MeetingUrl,
    SermonVideo,
    WorshipVideo,
    PakistanVideo,
    WorshipVideoFile,
    HeroVideoFile,
    SermonSpeaker,
    ContactEmail,
    LivesChanged,
    LivesChangedMonths,
    Continents,
    BuildingGoal,
    BuildingRaised,
    BuildingRaisedOn,
    BiblePrice,
    CityGoal,
}

/// What a setting's value must look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// The site's public address: http(s), a host, no path.
    Origin,
    /// A link to another site: https only.
    Link,
    /// A YouTube video: its 11-character id, or a YouTube link that names it.
    Video,
    /// An email address made of plain characters.
    Email,
    /// One line of text, at most 100 characters.
    Text,
    /// A whole number, e.g. 800.
    Count,
    /// A number of months, 2 to 120 (a figure's period: "in 6 months").
    Months,
    /// An amount in US dollars, whole: 35000, 35,000 or $35,000 (stored as 35000).
    Dollars,
    /// A day, YYYY-MM-DD.
    Date,
}

#[derive(Debug)]
pub struct Setting {
    pub key: Key,
    /// The name in site.json and on the command line (the frontend reads it in camelCase).
    pub name: &'static str,
    pub kind: ValueKind,
    /// The visibly placeholder value used until a volunteer sets one.
    pub default: &'static str,
    /// What it is and where the site uses it (shown by `thewell site show`).
    pub help: &'static str,
    /// What visitors meet while it is not set (`thewell site show`, the start-up log).
    pub unset: &'static str,
}

/// The settings, as data. Their defaults are placeholders that read as such (or,
/// for the hero video, nothing: the drawn background stays).
pub static SETTINGS: [Setting; 20] = [
    Setting {
        key: Key::SiteUrl,
        name: "site-url",
        kind: ValueKind::Origin,
        default: "https://thewell.example",
        help: "The site's public address, for sharing previews, canonical links and the sitemap (e.g. https://thewell.church). `serve --domain` uses https://<first domain> until it is set.",
        unset: "sharing previews and the sitemap name https://thewell.example",
    },
    Setting {
        key: Key::GivingUrl,
        name: "giving-url",
        kind: ValueKind::Link,
        default: "https://giving.example.org/the-well-placeholder",
        help: "The online giving page behind Donate and every Give button (each fund adds ?fund=<name>).",
        unset: "Donate and every Give button say online giving opens soon; /go/giving says so and lists the contacts that are set",
    },
    Setting {
        key: Key::OneTimeGiftUrl,
        name: "one-time-gift-url",
        kind: ValueKind::Link,
        default: "https://giving.example.org/the-well-placeholder/one-time",
        help: "The giving page's one-time gift form (on /giving).",
        unset: "the one-time gift button on /giving says it opens soon; /go/one-time-gift says so",
    },
    Setting {
        key: Key::ChurchAppUrl,
        name: "church-app-url",
        kind: ValueKind::Link,
        default: "https://app.example.org/the-well-placeholder/setup",
        help: "The church-management app's setup page (on /groups).",
        unset: "the church-app button on /groups says it opens soon; /go/church-app says so",
    },
    Setting {
        key: Key::MeetingUrl,
        name: "meeting-url",
        kind: ValueKind::Link,
        default: "https://zoom.us/j/0000000000",
        help: "The online Bible study's Zoom meeting link (https://zoom.us/j/<number>), shown while it is live and in its calendar files.",
        unset: "the live Bible study shows no meeting to join; its calendar files carry no link; /go/meeting says so",
    },
    Setting {
        key: Key::SermonVideo,
        name: "sermon-video",
        kind: ValueKind::Video,
        default: "PLACEHOLDER1",
        help: "The latest sermon on YouTube: its link or its 11-character id (the sermon pop-up).",
        unset: "the sermon pop-up shows a still saying the video is coming soon",
    },
    Setting {
        key: Key::WorshipVideo,
        name: "worship-video",
        kind: ValueKind::Video,
        default: "PLACEHOLDER2",
        help: "The worship video on YouTube: its link or its 11-character id (/worship).",
        unset: "/worship shows a still saying the video is coming soon",
    },
    Setting {
        key: Key::PakistanVideo,
        name: "pakistan-video",
        kind: ValueKind::Video,
        default: "PLACEHOLDER3",
        help: "The video from the Pakistan campus on YouTube: its link or its 11-character id (/pakistan). Until it is set, the page shows its poster saying the video is coming soon.",
        unset: "/pakistan shows a still saying the video is coming soon",
    },
    Setting {
        key: Key::WorshipVideoFile,
        name: "worship-video-file",
        kind: ValueKind::Link,
        default: "https://media.example.org/the-well-placeholder/worship.mp4",
        help: "A video file (MP4) played by the browser itself on /worship.",
        unset: "/worship leaves the second video out; /go/worship-video says it is coming",
    },
    Setting {
        key: Key::HeroVideoFile,
        name: "hero-video-file",
        kind: ValueKind::Link,
        default: "",
        help: "A short, silent video file (MP4) looping behind the home page's headline; until set, the headline sits on its drawn background. Not played for visitors who ask for less motion or save data.",
        unset: "the home page's headline sits on its drawn background",
    },
    Setting {
        key: Key::SermonSpeaker,
        name: "sermon-speaker",
        kind: ValueKind::Text,
        default: "",
        help: "Who preached the latest sermon, for a sermon whose content file names no speaker (the sermon pop-up); until set, no one is named.",
        unset: "the sermon pop-up says 'A message from The Well'",
    },
    Setting {
        key: Key::ContactEmail,
        name: "contact-email",
        kind: ValueKind::Email,
        default: "contact@thewell.example",
        help: "The ministry's email address (on /contact and the legal pages).",
        unset: "no email address is shown: /contact, the offline page and the legal pages point to the contact form",
    },
    Setting {
        key: Key::LivesChanged,
        name: "lives-changed",
        kind: ValueKind::Count,
        default: "800",
        help: "How many people in Pakistan have given their lives to Jesus in the months lives-changed-months gives (\"800+ lives changed in 6 months\" on /, /pakistan, /pakistan-building, /global-campuses).",
        unset: "the pages say 800",
    },
    Setting {
        key: Key::LivesChangedMonths,
        name: "lives-changed-months",
        kind: ValueKind::Months,
        default: "6",
        help: "In how many months the lives-changed figure was counted (\"in 6 months\" wherever the figure is); set it with the figure.",
        unset: "the pages say in 6 months",
    },
    Setting {
        key: Key::Continents,
        name: "continents",
        kind: ValueKind::Count,
        default: "3",
        help: "On how many continents The Well gathers (the home page's figures).",
        unset: "the home page says 3",
    },
    Setting {
        key: Key::BuildingGoal,
        name: "building-goal",
        kind: ValueKind::Dollars,
        default: "35000",
        help: "The Pakistan church-and-school building's goal in US dollars (/, /pakistan, /pakistan-building, /giving).",
        unset: "the pages say $35,000",
    },
    Setting {
        key: Key::BuildingRaised,
        name: "building-raised",
        kind: ValueKind::Dollars,
        default: "",
        help: "How much has been raised for the building so far, in US dollars. Once set, the building sections show it against the goal with a progress bar and the day it was set (building-raised-on, set with it).",
        unset: "the building sections give the goal only",
    },
    Setting {
        key: Key::BuildingRaisedOn,
        name: "building-raised-on",
        kind: ValueKind::Date,
        default: "",
        help: "The day the amount raised was last counted (YYYY-MM-DD); `site set building-raised` sets it to today.",
        unset: "no day is given beside the amount raised",
    },
    Setting {
        key: Key::BiblePrice,
        name: "bible-price",
        kind: ValueKind::Dollars,
        default: "10",
        help: "What one Urdu Bible costs, in US dollars (/pakistan, /giving).",
        unset: "the pages say $10",
    },
    Setting {
        key: Key::CityGoal,
        name: "city-goal",
        kind: ValueKind::Dollars,
        default: "100000000",
        help: "The City's funding goal in US dollars (/the-city, /giving), e.g. 100000000 or '100 million'; the pages write a large sum as each language does (\"$100 million\", in Urdu ten crore dollars).",
        unset: "the pages say $100 million",
    },
];

/// The ministry's promoted figures: their defaults are the real figures, not
/// placeholders, so `site show` never lists them as waiting to be set.
pub const FIGURES: [Key; 8] = [
    Key::LivesChanged,
    Key::LivesChangedMonths,
    Key::Continents,
    Key::BuildingGoal,
    Key::BuildingRaised,
    Key::BuildingRaisedOn,
    Key::BiblePrice,
    Key::CityGoal,
];

/// "35,000" for 35000: the digits in groups of three.
pub fn grouped(amount: u64) -> String {
    let digits = amount.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How the pages of one language write the figures: an amount of US dollars ("$35,000";
/// in Urdu "35,000 ڈالر") and a day ("November 24, 2026"; "24 نومبر 2026").
/// Each language's words (`content::PartWords`) say it.
pub trait FigureStyle {
    fn dollars(&self, amount: u64) -> String;
    fn day(&self, day: chrono::NaiveDate) -> String;
}

/// The words the pages say of the figures (`figure.<setting name>`) in the language of
/// `style`, from each setting's stored value: amounts, the day, and
/// `figure.building-percent`, the share of the goal raised (empty when not set).
pub fn figure_words(get: impl Fn(Key) -> String, style: &dyn FigureStyle) -> Vec<(String, String)> {
    let amount = |key| get(key).parse::<u64>().ok();
    let mut words: Vec<(String, String)> = FIGURES
        .iter()
        .map(|&key| {
            let raw = get(key);
            let text = match setting(key).kind {
                ValueKind::Dollars => amount(key).map(|a| style.dollars(a)).unwrap_or_default(),
                ValueKind::Date => chrono::NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
                    .map(|d| style.day(d))
                    .unwrap_or_default(),
                _ => raw,
            };
            (format!("figure.{}", setting(key).name), text)
        })
        .collect();
    let percent = match (amount(Key::BuildingRaised), amount(Key::BuildingGoal)) {
        (Some(raised), Some(goal)) if goal > 0 => {
            (raised.saturating_mul(100) / goal).min(100).to_string()
        }
        _ => String::new(),
    };
    words.push(("figure.building-percent".into(), percent));
    words
}

/// The outside links the server answers as `/go/<name>` redirects, and the settings behind them.
pub const LINKS: &[(&str, Key)] = &[
    ("giving", Key::GivingUrl),
    ("one-time-gift", Key::OneTimeGiftUrl),
    ("church-app", Key::ChurchAppUrl),
    ("meeting", Key::MeetingUrl),
    ("worship-video", Key::WorshipVideoFile),
];

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("there is no setting named '{0}'. The settings are: {list}", list = names().join(", "))]
    UnknownKey(String),
    #[error("{name} cannot be '{value}': {why}")]
    Invalid {
        name: &'static str,
        value: String,
        why: String,
    },
    #[error("cannot read {path}: {error}")]
    Read {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },
    #[error(
        "{path} is not a JSON object of settings ({error}). Fix it by hand, or move it aside and set the values again with `thewell site set`"
    )]
    Parse {
        path: PathBuf,
        #[source]
        error: serde_json::Error,
    },
    #[error("cannot write {path}: {error}. Check the data directory's permissions and free space")]
    Write {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },
}

pub fn names() -> Vec<&'static str> {
    SETTINGS.iter().map(|s| s.name).collect()
}

pub fn find(name: &str) -> Result<&'static Setting, SettingsError> {
    SETTINGS
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| SettingsError::UnknownKey(name.to_string()))
}

pub fn setting(key: Key) -> &'static Setting {
    &SETTINGS[key as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_follows_the_key_order() {
        for (i, s) in SETTINGS.iter().enumerate() {
            assert_eq!(s.key as usize, i, "{} is out of order", s.name);
        }
    }

    #[test]
    fn amounts_are_grouped_by_three() {
        assert_eq!(grouped(35000), "35,000");
        assert_eq!(grouped(10), "10");
        assert_eq!(grouped(1234567), "1,234,567");
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = find("giving").unwrap_err().to_string();
        assert!(
            err.contains("giving-url") && err.contains("contact-email"),
            "{err}"
        );
    }
}
