//! One content file read and checked: the `+++` block of TOML fields, then the long
//! text in Markdown, kept as plain paragraphs and lists (raw HTML stays text, link
//! targets are dropped: what a visitor sees is inert). Every problem names the
//! file, the line, the field and what to write instead.
//!
//! One file per kind (sermon, event, person, gathering, notice, launch), each with
//! its fields and its words in another language; `file` splits a file and reads the
//! fields every kind shares; `markdown` turns the long text into blocks.
use std::collections::BTreeMap;

use super::model::{Event, Kind, Notice, Person, Problem, Sermon};
use crate::schedule::Gathering;

mod event;
mod file;
mod gathering;
mod launch;
mod markdown;
mod notice;
mod person;
mod sermon;

use file::File;
pub use launch::parse_launch;

/// One file's item, with its versions in the site's other languages (by code).
pub enum Parsed {
    Sermon(Sermon, BTreeMap<String, Sermon>),
    Event(Event, BTreeMap<String, Event>),
    Person(Person, BTreeMap<String, Person>),
    /// With what the file says that the site reads otherwise than its words may mean.
    Gathering(Gathering, BTreeMap<String, Gathering>, Vec<Problem>),
    Notice(Notice, BTreeMap<String, Notice>),
}

/// Reads one file's text. `source` names it in problems.
pub fn parse(kind: Kind, source: &str, text: &str) -> Result<Parsed, Problem> {
    parse_file(kind, source, text).map(|(parsed, _)| parsed)
}

/// Reads one file's text, and whether it is a draft (`draft = true`: checked as
/// any file is, but not shown).
pub fn parse_file(kind: Kind, source: &str, text: &str) -> Result<(Parsed, bool), Problem> {
    let file = File::split(source, text)?;
    Ok((read_kind(kind, &file)?, file.draft))
}

fn read_kind(kind: Kind, file: &File) -> Result<Parsed, Problem> {
    match kind {
        Kind::Sermon => {
            let sermon = file.sermon(file.fields()?)?;
            let languages = file.each_language(&sermon, File::sermon_in)?;
            Ok(Parsed::Sermon(sermon, languages))
        }
        Kind::Event => {
            let event = file.event(file.fields()?)?;
            let languages = file.each_language(&event, File::event_in)?;
            Ok(Parsed::Event(event, languages))
        }
        Kind::Person => {
            let person = file.person(file.fields()?)?;
            let languages = file.each_language(&person, File::person_in)?;
            Ok(Parsed::Person(person, languages))
        }
        Kind::Gathering => {
            let (gathering, warnings) = file.gathering(file.fields()?)?;
            let languages = file.each_language(&gathering, File::gathering_in)?;
            Ok(Parsed::Gathering(gathering, languages, warnings))
        }
        Kind::Notice => {
            let notice = file.notice(file.fields()?)?;
            let languages = file.each_language(&notice, File::notice_in)?;
            Ok(Parsed::Notice(notice, languages))
        }
    }
}

/// A gathering file's text as `content check` reads it (the staff commands check
/// what they are about to write with it).
pub fn gathering(source: &str, text: &str) -> Result<Gathering, Problem> {
    match parse(Kind::Gathering, source, text)? {
        Parsed::Gathering(gathering, _, _) => Ok(gathering),
        _ => unreachable!("a gathering's file reads as a gathering"),
    }
}

/// A notice file's text as `content check` reads it (its words in the other
/// languages checked too).
pub fn notice(source: &str, text: &str) -> Result<Notice, Problem> {
    let file = File::split(source, text)?;
    let notice = file.notice(file.fields()?)?;
    file.each_language(&notice, File::notice_in)?;
    Ok(notice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::model::Block;

    fn event(fields: &str) -> Result<Event, Problem> {
        match parse(
            Kind::Event,
            "content/events/x.md",
            &format!("+++\n{fields}+++\nText.\n"),
        )? {
            Parsed::Event(e, _) => Ok(e),
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_gatherings_skip_and_move_may_give_their_reason_in_another_language() {
        let study = crate::schedule::defaults::all()
            .into_iter()
            .find(|g| g.id == "bible-study")
            .unwrap();
        let file = crate::content::template::gathering_file(&study);
        let end = file.rfind("+++").unwrap();
        let with = |fields: &str| {
            parse(
                Kind::Gathering,
                "content/gatherings/bible-study.md",
                &format!("{}{fields}{}", &file[..end], &file[end..]),
            )
        };
        let both = "[[skip]]\ndate = 2026-12-02\nreason = \"Pastors' retreat\"\n\
                    [[move]]\ndate = 2026-12-09\nto = 2026-12-10T19:00:00\nreason = \"Christmas party\"\n\
                    [[ur.skip]]\ndate = 2026-12-02\nreason = \"پادریوں کی ریٹریٹ\"\n";
        let Ok(Parsed::Gathering(english, languages, _)) = with(both) else {
            panic!("reads")
        };
        assert_eq!(english.skips[0].reason, "Pastors' retreat");
        let urdu = &languages["ur"];
        assert_eq!(urdu.skips[0].reason, "پادریوں کی ریٹریٹ");
        // What the Urdu does not give stays as written.
        assert_eq!(urdu.moves[0].reason, "Christmas party");
        assert_eq!(
            (urdu.skips.len(), urdu.moves.len(), &urdu.id),
            (1, 1, &english.id)
        );

        // A reason for a date the file does not skip is named with its line.
        let stray = format!("{both}[[ur.move]]\ndate = 2026-12-16\nreason = \"کرسمس\"\n");
        let problem = with(&stray).err().expect("refused").to_string();
        assert!(
            problem.contains("does not move 2026-12-16") && problem.contains(".md:"),
            "{problem}"
        );
        let empty = "[[skip]]\ndate = 2026-12-02\nreason = \"x\"\n[[ur.skip]]\ndate = 2026-12-02\nreason = \"\"\n";
        let problem = with(empty).err().expect("refused").to_string();
        assert!(problem.contains("reason is empty"), "{problem}");
    }

    #[test]
    fn a_person_names_a_group_by_name_or_heading_and_keeps_a_short_bio() {
        let person = |fields: &str, bio: &str| match parse(
            Kind::Person,
            "content/people/maria-lopez.md",
            &format!("+++\n{fields}+++\n{bio}"),
        ) {
            Ok(Parsed::Person(p, _)) => Ok(p),
            Ok(_) => unreachable!(),
            Err(problem) => Err(problem.to_string()),
        };
        let base = "name = \"Maria Lopez\"\nrole = \"Campus Pastor\"\n";
        let p = person(
            &format!("{base}group = \"North Campus (DE, PA, NJ)\"\n"),
            "Loves <b>people</b>.\n",
        )
        .unwrap();
        assert_eq!((p.group.name, p.order), ("north", 100));
        for heading in [
            "North Campus (Delaware, Pennsylvania and New Jersey)",
            "north",
        ] {
            let p = person(&format!("{base}group = \"{heading}\"\n"), "").unwrap();
            assert_eq!(p.group.name, "north", "{heading}");
        }
        assert!(person(&format!("{base}group = \"North Pole\"\n"), "").is_err());
        assert_eq!(p.photo, "person-maria-lopez");
        assert_eq!(p.bio[0].items, ["Loves <b>people</b>."]);
        let p = person(&format!("{base}group = \"worship-team\"\norder = 3\n"), "").unwrap();
        assert_eq!((p.group.name, p.order), ("worship-team", 3));
        let wrong = person(&format!("{base}group = \"Elders\"\n"), "").unwrap_err();
        assert!(
            wrong.starts_with("content/people/maria-lopez.md:4: group \"Elders\""),
            "{wrong}"
        );
        assert!(wrong.contains("\"senior-leaders\""), "{wrong}");
        let long =
            person(&format!("{base}group = \"global\"\n"), &"word ".repeat(200)).unwrap_err();
        assert!(
            long.starts_with("content/people/maria-lopez.md:6: the bio"),
            "{long}"
        );
    }

    #[test]
    fn a_file_may_carry_its_words_in_urdu_in_a_table_and_below_a_line() {
        let text = concat!(
            "+++\n",
            "title = \"Living Water\"\n",
            "date = 2026-11-15\n",
            "passage = \"John 4:1-14\"\n",
            "[[notes]]\n",
            "heading = \"One\"\n",
            "[ur]\n",
            "title = \"زندہ پانی\"\n",
            "passage = \"یوحنا 4:1-14\"\n",
            "[[ur.notes]]\n",
            "heading = \"ایک\"\n",
            "+++\n",
            "English text.\n",
            "\n",
            "+++ ur\n",
            "اردو متن۔\n",
        );
        let Ok(Parsed::Sermon(english, languages)) = parse(Kind::Sermon, "s.md", text) else {
            panic!("the sermon parses")
        };
        assert_eq!(english.title, "Living Water");
        assert_eq!(english.notes[0].heading, "One");
        assert_eq!(english.description[0].items, ["English text."]);
        let urdu = &languages["ur"];
        assert_eq!(
            (urdu.title.as_str(), urdu.passage.as_str()),
            ("زندہ پانی", "یوحنا 4:1-14")
        );
        assert_eq!(urdu.notes[0].heading, "ایک");
        assert_eq!(urdu.description[0].items, ["اردو متن۔"]);
        assert_eq!(urdu.date, english.date);

        // Only the text below `+++ ur`: the fields stay English; "+++" alone is text.
        let person = "+++\nname = \"Ana\"\nrole = \"Pastor\"\ngroup = \"global\"\n+++\nLoves\n+++\npeople.\n+++ ur\nاردو۔\n";
        let Ok(Parsed::Person(english, languages)) = parse(Kind::Person, "p.md", person) else {
            panic!("the person parses")
        };
        assert_eq!(english.bio[0].items, ["Loves +++ people."]);
        assert_eq!(languages["ur"].name, "Ana");
        assert_eq!(languages["ur"].bio[0].items, ["اردو۔"]);
        // A notice's words in Urdu; a file in English only has no other language.
        let notice = "+++\nuntil = 2026-12-01T12:00:00\n+++\nClosed today.\n+++ ur\nآج بند ہے۔\n";
        let Ok(Parsed::Notice(english, languages)) = parse(Kind::Notice, "n.md", notice) else {
            panic!("the notice parses")
        };
        assert_eq!(
            (english.text.as_str(), languages["ur"].text.as_str()),
            ("Closed today.", "آج بند ہے۔")
        );
        let Ok(Parsed::Event(_, languages)) =
            parse(Kind::Event, "e.md", &format!("+++\n{GOOD}+++\nText.\n"))
        else {
            panic!("the event parses")
        };
        assert!(languages.is_empty());

        // Each problem names the file's own line.
        let problem = |text: &str| match parse(Kind::Event, "content/events/x.md", text) {
            Err(problem) => problem.to_string(),
            Ok(_) => panic!("{text} parses"),
        };
        let typo = problem(&format!("+++\n{GOOD}[ur]\ntitel = \"پکنک\"\n+++\n"));
        assert!(
            typo.starts_with("content/events/x.md:7: unknown field `titel`"),
            "{typo}"
        );
        let empty = problem(&format!("+++\n{GOOD}[ur]\nplace = \" \"\n+++\n"));
        assert!(
            empty.starts_with("content/events/x.md:7: place is empty"),
            "{empty}"
        );
        let unknown = problem(&format!("+++\n{GOOD}+++\nText.\n+++ fr\nTexte.\n"));
        assert!(
            unknown.starts_with("content/events/x.md:8: a line \"+++ fr\"")
                && unknown.contains("\"ur\""),
            "{unknown}"
        );
        let launch = parse_launch(
            "content/launch.md",
            "+++\nstart = 2027-01-10T12:00:00\nplace = \"Hall\"\n\n[ur]\nplace = \"ہال\"\n+++\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            launch.starts_with("content/launch.md:5: the launch has no words of its own in \"ur\""),
            "{launch}"
        );
        let twice = problem(&format!("+++\n{GOOD}+++\n+++ ur\nا\n+++ ur\nب\n"));
        assert!(
            twice.starts_with("content/events/x.md:9: the text in \"ur\" starts twice"),
            "{twice}"
        );
    }

    const GOOD: &str = "title = \"Picnic\"\nstart = 2026-03-08T01:30:00\nend = 2026-03-08T03:30:00\nplace = \"Park\"\n";

    #[test]
    fn curly_quotes_are_named_as_such() {
        let curly = GOOD.replace("\"Picnic\"", "\u{201C}Picnic\u{201D}");
        let problem = event(&curly).unwrap_err().to_string();
        assert!(
            problem.starts_with("content/events/x.md:2: its text is between curly quotes"),
            "{problem}"
        );
        // Curly quotes inside straight ones are text.
        let inside = GOOD.replace("\"Picnic\"", "\"The \u{201C}Picnic\u{201D}\"");
        assert_eq!(event(&inside).unwrap().title, "The \u{201C}Picnic\u{201D}");
    }

    #[test]
    fn an_event_is_in_its_zone_with_offsets_and_a_gap_moves_forward() {
        let e = event(GOOD).unwrap();
        assert_eq!(e.zone, "America/New_York");
        assert_eq!(e.starts_at, "2026-03-08T01:30:00-05:00");
        // 02:00-03:00 does not exist that night; 03:30 is after the change.
        assert_eq!(e.ends_at, "2026-03-08T03:30:00-04:00");
        let berlin = event(&format!("{GOOD}zone = \"Europe/Berlin\"\n")).unwrap();
        assert_eq!(berlin.starts_at, "2026-03-08T01:30:00+01:00");
        assert_eq!(
            e.tag, "",
            "no tag: each page says its own word for an event"
        );
    }

    #[test]
    fn each_problem_names_its_line_and_what_to_write() {
        let cases = [
            (format!("{GOOD}zone = \"Mars/Base\"\n"), 6, "IANA"),
            (
                GOOD.replace("end = 2026-03-08T03:30:00", "end = 2026-03-08T01:00:00"),
                4,
                "after start",
            ),
            (
                GOOD.replace("start = 2026-03-08T01:30:00", "start = \"soon\""),
                3,
                "without quotes",
            ),
            (
                GOOD.replace("start = 2026-03-08T01:30:00", "start = 2026-03-08"),
                3,
                "local day and time",
            ),
            (
                format!("{GOOD}link = \"http://example.org\"\n"),
                6,
                "https://",
            ),
            (format!("{GOOD}colour = \"red\"\n"), 6, "unknown field"),
            (GOOD.replace("title = \"Picnic\"\n", ""), 2, "title"),
            (GOOD.replace("\"Park\"", "\"Park"), 5, ""),
        ];
        for (fields, line, words) in cases {
            let problem = event(&fields).unwrap_err();
            assert_eq!(problem.line, line, "{problem}");
            assert!(problem.message.contains(words), "{problem}");
            assert!(
                problem
                    .to_string()
                    .starts_with(&format!("content/events/x.md:{line}: "))
            );
        }
        let unclosed = parse(Kind::Event, "e.md", "+++\ntitle = \"x\"\n")
            .err()
            .unwrap();
        assert!(unclosed.message.contains("never closed"), "{unclosed}");
        let no_fence = parse(Kind::Event, "e.md", "title = \"x\"\n").err().unwrap();
        assert_eq!(no_fence.line, 1);
    }

    #[test]
    fn a_sermon_takes_a_youtube_link_and_refuses_a_time_for_its_day() {
        let text = "+++\ntitle = \"T\"\ndate = 2026-11-29\nvideo = \"https://youtu.be/dQw4w9WgXcQ\"\n[[notes]]\nheading = \"One\"\ntext = \"\"\"\nA\nB\"\"\"\n+++\nBody.\n";
        let Ok(Parsed::Sermon(s, _)) = parse(Kind::Sermon, "s.md", text) else {
            panic!()
        };
        assert_eq!(s.video, "dQw4w9WgXcQ");
        assert_eq!(s.notes[0].text, "A B");
        assert_eq!(
            s.description,
            vec![Block {
                list: false,
                items: vec!["Body.".into()]
            }]
        );
        let timed = text.replace("date = 2026-11-29", "date = 2026-11-29T10:00:00");
        let problem = parse(Kind::Sermon, "s.md", &timed).err().unwrap();
        assert_eq!(problem.line, 3);
    }
}
