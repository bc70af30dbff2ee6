//! How one language writes a time of day, a stretch of time and a time with its zone,
//! from the patterns of its catalogue (`calendarWords.clock`, frontend/src/content/
//! calendar.ts; lib/wallclock.ts writes the pages' own times with the same patterns).
use chrono::{NaiveTime, Timelike};
use serde::{Deserialize, Serialize};

use super::pattern::slotted;

/// The patterns: `%hour` is on a 12-hour clock, `%hh` on a 24-hour one in two
/// digits (a language that writes "19:00" uses it, with one part of the day from hour
/// 0 that says nothing: "0: "), `%minute` has two digits, `%period` is the part of the
/// day the hour falls in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClockWords {
    /// The digits: "%hour:%minute".
    pub time: String,
    /// The digits on the hour (Urdu leaves the minutes out: "%hour").
    pub on_the_hour: String,
    /// The digits with their part of the day: "%time %period".
    pub with_period: String,
    /// The parts of the day, each after the hour (0 to 23) it starts at and a colon,
    /// `;` between ("0: AM; 12: PM"); Urdu has six (صبح، دوپہر، سہ پہر، شام، رات).
    pub periods: String,
    /// From one time to another, each with its part of the day: "%from–%to".
    pub range: String,
    /// From one time to another within one part of the day, the digits alone in
    /// `%from` and `%to`: "%from–%to %period".
    pub range_in_one_period: String,
    /// A time and its zone: `%short` is the zone's abbreviation, `%zone` its name in
    /// the language ("%time %short"; Urdu names the zone in brackets).
    pub zoned: String,
}

impl ClockWords {
    /// Whether the parts of the day read: at least one, the first from hour 0, each
    /// later one from a later hour before 24.
    pub fn reads(&self) -> bool {
        let hours: Option<Vec<u32>> = parts(&self.periods).map(|(h, _)| h).collect();
        hours.is_some_and(|h| {
            h.first() == Some(&0) && h.windows(2).all(|w| w[0] < w[1]) && h.iter().all(|&x| x < 24)
        })
    }

    /// The part of the day `hour` (0 to 23) falls in.
    fn period(&self, hour: u32) -> &str {
        let mut found = "";
        for (from, word) in parts(&self.periods) {
            if from.is_some_and(|from| from <= hour) {
                found = word;
            }
        }
        found
    }

    /// The digits of `t`.
    fn digits(&self, t: NaiveTime) -> String {
        let hour = (t.hour() + 11) % 12 + 1;
        let pattern = if t.minute() == 0 {
            &self.on_the_hour
        } else {
            &self.time
        };
        slotted(
            pattern,
            &[
                ("hour", &hour.to_string()),
                ("hh", &format!("{:02}", t.hour())),
                ("minute", &format!("{:02}", t.minute())),
            ],
        )
    }

    /// A time of day.
    pub fn clock(&self, t: NaiveTime) -> String {
        slotted(
            &self.with_period,
            &[("time", &self.digits(t)), ("period", self.period(t.hour()))],
        )
    }

    /// From `start` to `end`, the part of the day said once when both are in it.
    pub fn range(&self, start: NaiveTime, end: NaiveTime) -> String {
        let period = self.period(start.hour());
        if period == self.period(end.hour()) {
            slotted(
                &self.range_in_one_period,
                &[
                    ("from", &self.digits(start)),
                    ("to", &self.digits(end)),
                    ("period", period),
                ],
            )
        } else {
            slotted(
                &self.range,
                &[("from", &self.clock(start)), ("to", &self.clock(end))],
            )
        }
    }

    /// `time` with its zone: `short` its abbreviation, `zone` its name.
    pub fn zoned(&self, time: &str, short: &str, zone: &str) -> String {
        slotted(
            &self.zoned,
            &[("time", time), ("short", short), ("zone", zone)],
        )
    }
}

/// The parts of the day as written: each its starting hour (None where it does not
/// read as one) and its word.
fn parts(periods: &str) -> impl Iterator<Item = (Option<u32>, &str)> {
    periods.split([';', '؛']).map(|part| {
        let part = part.trim();
        let (hour, word) = part.split_once(':').unwrap_or((part, ""));
        (hour.trim().parse().ok(), word.trim())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    fn urdu() -> ClockWords {
        ClockWords {
            time: "%hour:%minute".into(),
            on_the_hour: "%hour".into(),
            with_period: "%period %time بجے".into(),
            periods: "0: رات؛ 4: صبح؛ 12: دوپہر؛ 15: سہ پہر؛ 17: شام؛ 20: رات".into(),
            range: "%from سے %to تک".into(),
            range_in_one_period: "%period %from سے %to بجے تک".into(),
            zoned: "%time (%zone)".into(),
        }
    }

    #[test]
    fn english_reads_as_the_site_always_wrote_it() {
        let en = crate::schedule::words::Vocabulary::english().clock.clone();
        assert!(en.reads());
        assert_eq!(en.clock(at(19, 0)), "7:00 PM");
        assert_eq!(en.clock(at(0, 5)), "12:05 AM");
        assert_eq!(en.clock(at(12, 30)), "12:30 PM");
        assert_eq!(en.range(at(19, 0), at(20, 30)), "7:00–8:30 PM");
        assert_eq!(en.range(at(11, 0), at(12, 30)), "11:00 AM–12:30 PM");
        assert_eq!(en.zoned("7:00 PM", "ET", "Eastern time"), "7:00 PM ET");
    }

    #[test]
    fn urdu_names_the_part_of_the_day_and_the_zone() {
        let ur = urdu();
        assert!(ur.reads());
        assert_eq!(ur.clock(at(19, 0)), "شام 7 بجے");
        assert_eq!(ur.clock(at(19, 30)), "شام 7:30 بجے");
        assert_eq!(ur.clock(at(10, 0)), "صبح 10 بجے");
        assert_eq!(ur.clock(at(0, 0)), "رات 12 بجے");
        assert_eq!(ur.clock(at(15, 0)), "سہ پہر 3 بجے");
        assert_eq!(ur.range(at(17, 0), at(18, 30)), "شام 5 سے 6:30 بجے تک");
        assert_eq!(
            ur.range(at(19, 0), at(20, 30)),
            "شام 7 بجے سے رات 8:30 بجے تک"
        );
        assert_eq!(
            ur.zoned("شام 7 بجے", "ET", "مشرقی امریکی وقت"),
            "شام 7 بجے (مشرقی امریکی وقت)"
        );
    }

    #[test]
    fn a_language_may_write_the_24_hour_clock() {
        let german = ClockWords {
            time: "%hh:%minute".into(),
            on_the_hour: "%hh:%minute".into(),
            with_period: "%time Uhr".into(),
            periods: "0: ".into(),
            range: "%from–%to".into(),
            range_in_one_period: "%from–%to Uhr".into(),
            zoned: "%time (%zone)".into(),
        };
        assert!(german.reads());
        assert_eq!(german.clock(at(19, 0)), "19:00 Uhr");
        assert_eq!(german.clock(at(7, 5)), "07:05 Uhr");
        assert_eq!(german.range(at(19, 0), at(20, 30)), "19:00–20:30 Uhr");
    }

    #[test]
    fn parts_of_the_day_that_do_not_read_are_refused() {
        for periods in [
            "",
            "AM; 12: PM",
            "6: AM; 12: PM",
            "0: AM; 12: PM; 12: X",
            "0: AM; 25: PM",
        ] {
            let words = ClockWords {
                periods: periods.into(),
                ..crate::schedule::words::Vocabulary::english().clock.clone()
            };
            assert!(!words.reads(), "{periods:?}");
        }
    }
}
