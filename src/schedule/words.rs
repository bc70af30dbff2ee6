//! The words the pages say about each gathering ("Wednesdays 7:00 PM ET", "every
//! Wednesday", "every Wednesday at 7:00 PM Eastern time", its place, the week it is skipped), made here
//! once: the server writes them into every page and the pages' script reads the same
//! words, so a page reads alike with and without JavaScript. A page names one as
//! `{<id>.<word>}` (frontend/src/lib/words.tsx).
//!
//! In each language of the pages, its words come with its pages (`gathering-words.json`
//! in the bundle for English, `<code>/gathering-words.json` for another), made by the
//! build from frontend/src/content/calendar.ts and that language's catalogue.
use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::{OffsetName, Tz};
use serde::{Deserialize, Serialize};

use super::clock::ClockWords;
use super::pattern::slotted;
use super::zones::{ZONE_KEYS, zone_key};
use super::{ANNOUNCE_DAYS, Gathering, Place, State};

/// How one language writes a gathering's days and times: names, and patterns whose
/// `%slots` it fills (`"%days %time"`: "Wednesdays 7:00 PM ET"), the times of day
/// themselves among them (`clock`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Vocabulary {
    /// Sunday first.
    pub weekdays: Vec<String>,
    /// "Wednesdays", Sunday first.
    pub weekdays_plural: Vec<String>,
    /// January first.
    pub months: Vec<String>,
    /// A monthly gathering's week: first, second, third, fourth, last.
    pub ordinals: Vec<String>,
    /// The same at the start of a line: "First".
    pub ordinals_title: Vec<String>,
    /// "%ordinal %weekday": "First Saturday".
    pub ordinal_day: String,
    /// "%ordinal %weekdays": "First Saturdays" (`%weekday` may stand for the day too).
    pub ordinal_days: String,
    /// "every %weekday".
    pub every: String,
    /// "the %ordinal %weekday of every month".
    pub every_ordinal: String,
    /// "%every at %time %zone".
    pub every_at: String,
    /// "%days %time".
    pub when: String,
    /// "%day of the month, %time".
    pub when_ordinal: String,
    /// "%days · %hours %zone".
    pub hours: String,
    /// What a gathering still to come says in place of its times.
    pub coming_soon: String,
    /// ... and in place of "every Wednesday".
    pub soon: String,
    /// Where an online gathering meets.
    pub online: String,
    /// "%weekday, %month %day": "Wednesday, November 25".
    pub date: String,
    /// "Starting %date".
    pub starting: String,
    /// "Not held on %date%why".
    pub not_held: String,
    /// "%from moved to %to at %time%place%why".
    pub moved: String,
    /// ", at %place".
    pub at_place: String,
    /// " (%reason)".
    pub why: String,
    /// The long names of the zones people know: eastern, central, mountain, pacific,
    /// uk, pakistan, centralEuropean.
    pub zones: BTreeMap<String, String>,
    /// Any other zone: "%name time".
    pub other_zone: String,
    /// How a time of day, a stretch of time and a time with its zone read.
    pub clock: ClockWords,
    /// A right-to-left language: each time ("7:00 PM ET") goes between Unicode's
    /// isolates, so the words around it never pull it apart ("PM ET 7:00").
    #[serde(default)]
    pub isolate: bool,
}

impl Vocabulary {
    /// English, as the pages write it: the build's `gathering-words.json`, made from
    /// frontend/src/content/calendar.ts (`gatheringWords` and `calendarWords`), the one
    /// place the words are written; each other language's are made from its catalogue.
    pub fn english() -> &'static Vocabulary {
        static ENGLISH: std::sync::LazyLock<Vocabulary> = std::sync::LazyLock::new(|| {
            crate::bundle::read("gathering-words.json")
                .and_then(|json| Vocabulary::from_json(&json))
                .expect("the build writes gathering-words.json whole from frontend/src/content/calendar.ts")
        });
        &ENGLISH
    }

    /// A language's words from its JSON (`<code>/gathering-words.json`); None when
    /// they do not read as a whole vocabulary (every list full, every zone named, the
    /// parts of the day in order).
    pub fn from_json(json: &[u8]) -> Option<Vocabulary> {
        let words: Vocabulary = serde_json::from_slice(json).ok()?;
        let full = words.weekdays.len() == 7
            && words.weekdays_plural.len() == 7
            && words.months.len() == 12
            && words.ordinals.len() == 5
            && words.ordinals_title.len() == 5
            && words.clock.reads()
            && ZONE_KEYS.iter().all(|k| words.zones.contains_key(*k));
        full.then_some(words)
    }

    fn weekday(&self, day: chrono::Weekday) -> &str {
        &self.weekdays[day.num_days_from_sunday() as usize]
    }

    /// A text in whatever direction it reads (a time in the language's words, a
    /// volunteer's reason for a skip), kept whole in a right-to-left language: between
    /// Unicode's first-strong isolate and its end, so the words around it never pull
    /// its parts apart and an English reason's brackets and stops stay on its sides.
    fn own_direction(&self, text: &str) -> String {
        if self.isolate {
            format!("\u{2068}{text}\u{2069}")
        } else {
            text.to_string()
        }
    }

    /// "Wednesday, November 25".
    pub fn long_date(&self, date: NaiveDate) -> String {
        slotted(
            &self.date,
            &[
                ("weekday", self.weekday(date.weekday())),
                ("month", &self.months[date.month0() as usize]),
                ("day", &date.day().to_string()),
            ],
        )
    }
}

/// The names people read for a zone: short ("ET") and long ("Eastern time").
pub fn zone_names(zone: Tz, at: DateTime<Utc>, words: &Vocabulary) -> (String, String) {
    let long = match zone_key(zone, at) {
        Some(key) => words.zones[key].clone(),
        None => slotted(&words.other_zone, &[("name", zone.name())]),
    };
    let short = match zone_key(zone, at) {
        Some("eastern") => "ET".to_string(),
        Some("central") => "CT".to_string(),
        Some("mountain") => "MT".to_string(),
        Some("pacific") => "PT".to_string(),
        Some("pakistan") => "PKT".to_string(),
        Some(_) => long.clone(),
        None => at
            .with_timezone(&zone)
            .offset()
            .abbreviation()
            .unwrap_or(zone.name())
            .to_string(),
    };
    (short, long)
}

/// Which week of the month `g` meets (0 first … 3 fourth, 4 last; None: every
/// week), and its day and days: "Wednesday", "Wednesdays"; "First Saturday",
/// "First Saturdays".
fn day_words(g: &Gathering, words: &Vocabulary) -> (Option<usize>, String, String) {
    let index = g.repeat.weekday().num_days_from_sunday() as usize;
    let weekday = words.weekdays[index].as_str();
    let weekdays = words.weekdays_plural[index].as_str();
    let ordinal = g.repeat.nth().map(|nth| {
        if nth < 0 {
            4
        } else {
            (nth as usize - 1).min(3)
        }
    });
    let Some(o) = ordinal else {
        return (None, weekday.to_string(), weekdays.to_string());
    };
    let title = words.ordinals_title[o].as_str();
    (
        ordinal,
        slotted(
            &words.ordinal_day,
            &[("ordinal", title), ("weekday", weekday)],
        ),
        slotted(
            &words.ordinal_days,
            &[
                ("ordinal", title),
                ("weekdays", weekdays),
                ("weekday", weekday),
            ],
        ),
    )
}

/// The words of `g` at `now` in `words`' language: its name, times, days, zone, place
/// ("where"), the address to go to ("address": empty while it is online or coming
/// soon) and a note of a week skipped or moved, or of its first date ahead.
pub fn of(g: &Gathering, now: DateTime<Utc>, words: &Vocabulary) -> Vec<(&'static str, String)> {
    let (short, long) = zone_names(g.zone, now, words);
    let (ordinal, day, days) = day_words(g, words);
    let index = g.repeat.weekday().num_days_from_sunday() as usize;
    let weekday = words.weekdays[index].as_str();
    let end = g.start + Duration::minutes(g.minutes);
    let time = words.own_direction(
        &words
            .clock
            .zoned(&words.clock.clock(g.start), &short, &long),
    );
    let (when, hours, every, every_at) = if g.soon {
        (
            words.coming_soon.clone(),
            words.coming_soon.clone(),
            words.soon.clone(),
            words.soon.clone(),
        )
    } else {
        let every = match ordinal {
            None => slotted(&words.every, &[("weekday", weekday)]),
            Some(o) => slotted(
                &words.every_ordinal,
                &[("ordinal", &words.ordinals[o]), ("weekday", weekday)],
            ),
        };
        let every_at = slotted(
            &words.every_at,
            &[
                ("every", &every),
                ("time", &words.own_direction(&words.clock.clock(g.start))),
                ("zone", &long),
            ],
        );
        (
            match ordinal {
                None => slotted(&words.when, &[("days", &days), ("time", &time)]),
                Some(_) => slotted(&words.when_ordinal, &[("day", &day), ("time", &time)]),
            },
            slotted(
                &words.hours,
                &[
                    ("days", &days),
                    (
                        "hours",
                        &words.own_direction(&words.clock.range(g.start, end)),
                    ),
                    ("zone", &long),
                ],
            ),
            every,
            every_at,
        )
    };
    vec![
        ("name", g.name.clone()),
        ("when", when),
        ("hours", hours),
        ("every", every),
        ("every-at", every_at),
        ("day", day),
        ("days", days),
        ("time", time),
        ("zone", long),
        (
            "where",
            match &g.place {
                Place::Online => words.online.clone(),
                Place::At(text) => text.clone(),
            },
        ),
        (
            "address",
            match &g.place {
                Place::At(address) if !g.soon => address.clone(),
                _ => String::new(),
            },
        ),
        ("note", note(g, now, words)),
    ]
}

/// What is different soon: the first date ahead, else the next skipped or moved
/// date within `ANNOUNCE_DAYS`, else nothing.
fn note(g: &Gathering, now: DateTime<Utc>, words: &Vocabulary) -> String {
    if g.soon {
        return String::new();
    }
    let today = now.with_timezone(&g.zone).date_naive();
    if let Some(first) = g.first
        && first > today
    {
        let first_held = g.upcoming(now, 1);
        let date = first_held.first().map_or(first, |d| d.date);
        return slotted(&words.starting, &[("date", &words.long_date(date))]);
    }
    let soon = g.between(now, now + Duration::days(ANNOUNCE_DAYS));
    let Some(changed) = soon.iter().find(|d| d.state != State::Held) else {
        return String::new();
    };
    let why = if changed.reason.is_empty() {
        String::new()
    } else {
        slotted(
            &words.why,
            &[("reason", &words.own_direction(&changed.reason))],
        )
    };
    match changed.state {
        State::Skipped => slotted(
            &words.not_held,
            &[("date", &words.long_date(changed.date)), ("why", &why)],
        ),
        _ => {
            let local = changed.occurrence.start.with_timezone(&g.zone);
            let (_, abbreviation) = super::zones::reading(g.zone, changed.occurrence.start);
            let (_, long) = zone_names(g.zone, changed.occurrence.start, words);
            let time = words
                .clock
                .zoned(&words.clock.clock(local.time()), &abbreviation, &long);
            let place = changed
                .place
                .as_ref()
                .map(|p| slotted(&words.at_place, &[("place", p)]))
                .unwrap_or_default();
            slotted(
                &words.moved,
                &[
                    ("from", &words.long_date(changed.date)),
                    ("to", &words.long_date(local.date_naive())),
                    ("time", &words.own_direction(&time)),
                    ("place", &place),
                    ("why", &why),
                ],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Move, Skip, defaults};
    use super::*;
    use chrono::NaiveDate;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn word(g: &Gathering, now: &str, name: &str) -> String {
        of(g, at(now), Vocabulary::english())
            .into_iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1
    }

    #[test]
    fn urdu_reads_whole() {
        let json = crate::bundle::read("ur/gathering-words.json")
            .expect("the build writes ur/gathering-words.json");
        let urdu = Vocabulary::from_json(&json).expect("the Urdu words read whole");
        let g = defaults::find("bible-study").unwrap();
        let word = |g: &Gathering, name: &str| {
            of(g, at("2026-11-20T12:00:00Z"), &urdu)
                .into_iter()
                .find(|(n, _)| *n == name)
                .unwrap()
                .1
        };
        // Each time in Urdu's words, its zone named in brackets, between Unicode's
        // first-strong isolate and its end: it reads whole, right to left.
        let isolated = |text: &str| format!("\u{2068}{text}\u{2069}");
        assert_eq!(
            word(&g, "when"),
            format!("ہر بدھ {}", isolated("شام 7 بجے (مشرقی امریکی وقت)"))
        );
        assert_eq!(
            word(&g, "every-at"),
            format!("ہر بدھ، {} (مشرقی امریکی وقت)", isolated("شام 7 بجے"))
        );
        assert_eq!(
            word(&g, "hours"),
            format!(
                "ہر بدھ · {} (مشرقی امریکی وقت)",
                isolated("شام 7 بجے سے رات 8:30 بجے تک")
            )
        );
        assert_eq!(word(&g, "where"), "آن لائن");
        let europe = defaults::find("europe-bible-study").unwrap();
        assert_eq!(
            word(&europe, "when"),
            format!("ہر بدھ {}", isolated("شام 7 بجے (وسطی یورپی وقت)"))
        );
        let mut north = defaults::find("north-monthly").unwrap();
        assert_eq!(word(&north, "when"), "جلد آ رہا ہے");
        north.soon = false;
        assert_eq!(
            word(&north, "when"),
            format!(
                "ہر مہینے کے پہلے ہفتہ کے دن، {}",
                isolated("صبح 10 بجے (مشرقی امریکی وقت)")
            )
        );
        assert_eq!(
            urdu.long_date(NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()),
            "بدھ، 25 نومبر"
        );
        // A reason in English stays whole in its own direction inside the Urdu line
        // (first-strong isolate): its brackets and stops keep to its sides.
        let mut skipped = defaults::find("bible-study").unwrap();
        skipped.skips.push(Skip {
            date: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
            reason: "Pastors' retreat".into(),
        });
        let note = word(&skipped, "note");
        assert!(
            note.contains("(\u{2068}Pastors' retreat\u{2069})")
                && note
                    .starts_with(&urdu.long_date(NaiveDate::from_ymd_opt(2026, 11, 25).unwrap())),
            "{note}"
        );
        // A moved week's new time reads as every other time does.
        let mut moved = defaults::find("bible-study").unwrap();
        moved.moves.push(Move {
            date: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
            to: NaiveDate::from_ymd_opt(2026, 11, 26)
                .unwrap()
                .and_hms_opt(19, 30, 0)
                .unwrap(),
            place: None,
            reason: String::new(),
        });
        let note = word(&moved, "note");
        assert!(
            note.contains(&isolated("شام 7:30 بجے (مشرقی امریکی وقت)")),
            "{note}"
        );
    }

    #[test]
    fn the_built_in_words_are_the_sites_launch_words() {
        let g = defaults::find("bible-study").unwrap();
        let now = "2026-11-20T12:00:00Z";
        assert_eq!(word(&g, now, "when"), "Wednesdays 7:00 PM ET");
        assert_eq!(
            word(&g, now, "hours"),
            "Wednesdays · 7:00–8:30 PM Eastern time"
        );
        assert_eq!(word(&g, now, "every"), "every Wednesday");
        assert_eq!(
            word(&g, now, "every-at"),
            "every Wednesday at 7:00 PM Eastern time"
        );
        assert_eq!(word(&g, now, "note"), "");
        let europe = defaults::find("europe-bible-study").unwrap();
        assert_eq!(
            word(&europe, now, "when"),
            "Wednesdays 7:00 PM Central European time"
        );
        let sunday = defaults::find("sunday-service-florida").unwrap();
        assert_eq!(
            word(&sunday, now, "hours"),
            "Sundays · 12:00–1:30 PM Eastern time"
        );
        let north = defaults::find("north-monthly").unwrap();
        assert_eq!(word(&north, now, "when"), "Coming soon");
    }

    #[test]
    fn a_skip_a_move_and_a_first_date_are_announced() {
        let mut g = defaults::find("bible-study").unwrap();
        g.skips.push(Skip {
            date: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
            reason: "Thanksgiving".into(),
        });
        assert_eq!(word(&g, "2026-11-05T12:00:00Z", "note"), "");
        assert_eq!(
            word(&g, "2026-11-20T12:00:00Z", "note"),
            "Not held on Wednesday, November 25 (Thanksgiving)"
        );
        assert_eq!(word(&g, "2026-11-26T12:00:00Z", "note"), "");
        g.moves.push(Move {
            date: NaiveDate::from_ymd_opt(2027, 3, 17).unwrap(),
            to: NaiveDate::from_ymd_opt(2027, 3, 18)
                .unwrap()
                .and_hms_opt(19, 30, 0)
                .unwrap(),
            place: None,
            reason: String::new(),
        });
        assert_eq!(
            word(&g, "2027-03-10T12:00:00Z", "note"),
            "Wednesday, March 17 moved to Thursday, March 18 at 7:30 PM EDT"
        );
        let mut north = defaults::find("north-monthly").unwrap();
        // Coming soon: no address to go to yet, though it says where.
        assert_eq!(word(&north, "2026-11-24T12:00:00Z", "address"), "");
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "where"),
            crate::campuses::campus("north").unwrap().region
        );
        north.soon = false;
        north.place = Place::At("1 Main St, Wilmington, DE".into());
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "address"),
            "1 Main St, Wilmington, DE"
        );
        north.first = NaiveDate::from_ymd_opt(2027, 1, 2);
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "note"),
            "Starting Saturday, January 2"
        );
        assert_eq!(
            word(&north, "2026-11-24T12:00:00Z", "when"),
            "First Saturday of the month, 10:00 AM ET"
        );
        assert_eq!(word(&north, "2027-01-03T12:00:00Z", "note"), "");
    }
}
