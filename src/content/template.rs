//! The text of content files: the built-in examples (the sermon and the event the
//! site first launched with) and the filled-in file `thewell content new` writes.
//! People have no example: nobody is named until the ministry names them.
use chrono::NaiveDate;

use super::{GROUPS, Kind};
use crate::campuses::CAMPUSES;
use crate::schedule::{Gathering, Place};

/// The built-in examples, written as content files are.
pub const EXAMPLES: [(Kind, &str); 2] = [(Kind::Sermon, SERMON), (Kind::Event, EVENT)];

const SERMON: &str = r#"+++
title = "The Cost of Oil: How to Keep Your Lamp Burning"
date = 2026-11-15
speaker = ""
passage = "Matthew 25:1-13"
video = ""
reflection = "Reflect: where is my oil running low, and what is one daily habit that would refill it this week?"

[[notes]]
heading = "1. Everyone had a lamp"
text = "All ten looked ready from the outside. Being near the things of God is not the same as knowing Him."
scripture = "Matthew 25:1-4"

[[notes]]
heading = "2. The delay reveals the oil"
text = "The bridegroom was delayed and all of them slept. Waiting shows what we are carrying."
scripture = "Matthew 25:5"

[[notes]]
heading = "3. Oil cannot be borrowed"
text = "The wise could not give their oil away. Intimacy with God is personal: no one can pray, worship or obey for you."
scripture = "Matthew 25:8-9"

[[notes]]
heading = "4. Keep your lamp burning"
text = "Buy oil while you can: time in the Word, in prayer and in community, every day."
scripture = "Matthew 25:13"
+++
In the parable of the ten virgins, five were ready when the bridegroom came and five were not. What keeps a lamp burning through the night? A message on the oil that cannot be borrowed: a living, daily walk with Jesus.
"#;

const EVENT: &str = r#"+++
title = "Serving our neighbours"
tag = "Community event"
start = 2026-10-04T10:00:00
end = 2026-10-04T13:00:00
zone = "America/New_York"
place = "The church hall"
+++
Join us as we serve our neighbours experiencing homelessness with meals, care packages and prayer.
"#;

/// A new file's tables for its words in each of the site's other languages, commented
/// out, under a note on how to fill them: `fields` are the table's lines for language
/// `{code}` (`[{code}]`, `title = ""`, …). Nothing when the site is in English only.
fn translations(fields: &str) -> String {
    let codes = crate::bundle::languages();
    if codes.is_empty() {
        return String::new();
    }
    let tables: String = codes
        .iter()
        .map(|code| {
            fields
                .lines()
                .map(|line| format!("# {}\n", line.replace("{code}", code)))
                .collect::<String>()
        })
        .collect();
    format!(
        "# In the site's other languages ({}), for their pages (optional): take the # off\n# a language's lines and write its words between the quotes; its long text goes\n# at the end, below a line +++ <code> (e.g. +++ {}). What is not given in a\n# language shows there in English, marked.\n{tables}",
        codes.join(", "),
        codes[0]
    )
}

/// A file name's slug: lowercase words of the title joined by dashes.
pub fn slug(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        "new".into()
    } else {
        words.join("-")
    }
}

/// The line a new file starts with: the site leaves it out until it is deleted.
pub const DRAFT_LINE: &str = "draft = true";

/// The sample words of a new file, there until the volunteer writes their own: shown
/// as written once the draft line goes, so `content check` warns of each one left.
pub const SAMPLES: [&str; 9] = [
    "Book 1:1-10",
    "A question to take into the week.",
    "What the first point says.",
    "What the second point says.",
    "The description: one or two paragraphs",
    "Where it happens",
    "What it is and who it is for",
    "A short bio below the +++ line",
    "Where it meets",
];

/// A new file of `kind` for `day`, every field present with a note on what it takes,
/// marked as a draft (`DRAFT_LINE`): the site shows it once the volunteer deletes
/// that line, not while they are still writing it.
pub fn new_file(kind: Kind, day: NaiveDate, title: &str) -> String {
    let text = filled_in(kind, day, title);
    let rest = text.strip_prefix("+++\n").unwrap_or(&text);
    format!("+++\n{DRAFT_LINE}  # not shown yet: delete this line when it is ready\n{rest}")
}

fn filled_in(kind: Kind, day: NaiveDate, title: &str) -> String {
    let title = title.replace('\\', "").replace('"', "'");
    match kind {
        Kind::Sermon => sermon_file(day, &title),
        Kind::Event => event_file(day, &title),
        Kind::Person => person_file(&title),
        Kind::Gathering => {
            let mut g =
                crate::schedule::defaults::find("bible-study").expect("a built-in gathering");
            g.name = title;
            g.campus = "south-florida".into();
            g.place = Place::At("Where it meets".into());
            // (its first date on its rule: the first Wednesday from `day` on)
            g.first = day.iter_days().take(400).find(|d| g.repeat.holds_on(*d));
            gathering_file(&g)
        }
        Kind::Notice => notice_file(day, &title),
    }
}

/// A sermon's file: its fields, its notes, a table per language.
fn sermon_file(day: NaiveDate, title: &str) -> String {
    format!(
        r#"+++
# This week's sermon. Each field is  name = "text in quotes". Save, then run
# `thewell content check`; the site shows it within a second.
title = "{title}"
# The Sunday it is preached (no quotes). It shows from that day on.
date = {day}
# Who preaches it, e.g. "Pastor Maria Lopez"; "" names no one.
speaker = ""
passage = "Book 1:1-10"
# The YouTube link or id once it is uploaded; "" until then.
video = ""
reflection = "A question to take into the week."

# One [[notes]] block per point of the notes, in order. Delete the ones you do not need.
[[notes]]
heading = "1. First point"
text = "What the first point says."
scripture = "Book 1:1"

[[notes]]
heading = "2. Second point"
text = "What the second point says."
scripture = "Book 1:5"

{}+++
The description: one or two paragraphs below the +++ line. Leave an empty line
between paragraphs; start lines with "- " for a list.
"#,
        translations(
            "[{code}]\ntitle = \"\"\npassage = \"\"\nreflection = \"\"\n[[{code}.notes]]\nheading = \"\"\ntext = \"\""
        )
    )
}

/// An event's file.
fn event_file(day: NaiveDate, title: &str) -> String {
    format!(
        r#"+++
# A community event. Each field is  name = "text in quotes". Save, then run
# `thewell content check`; the site shows it within a second, and stops showing it
# once it has ended.
title = "{title}"
# A short label above the title, e.g. tag = "Outreach"; without one the pages say
# "Community event" in their own language.
# tag = ""
# Local day and time, no quotes, in the zone below.
start = {day}T10:00:00
end = {day}T12:00:00
zone = "America/New_York"
place = "Where it happens"
# An https link for more (sign-up, map), or "".
link = ""

{}+++
What it is and who it is for, below the +++ line. Leave an empty line between
paragraphs.
"#,
        translations("[{code}]\ntitle = \"\"\nplace = \"\"")
    )
}

/// A person's file, with the sections they may appear in.
fn person_file(title: &str) -> String {
    let groups = GROUPS
        .iter()
        .map(|g| {
            format!(
                "#   {:<15} {}",
                g.name,
                crate::campuses::fill_english(g.heading)
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        r#"+++
# A person of the leadership or the worship team. Each field is  name = "text in
# quotes". Save, then run `thewell content check`; their page shows them within a
# second. Remove the file to take them off the site.
name = "{title}"
role = "Campus Pastor"
# The section they appear in, one of:
{groups}
group = "senior-leaders"
# Smaller numbers come first in their section (then by name).
order = 1

{}+++
A short bio below the +++ line: two or three sentences (at most 600 characters).
"#,
        translations("[{code}]\nname = \"\"\nrole = \"\"")
    )
}

/// A notice's file.
fn notice_file(day: NaiveDate, title: &str) -> String {
    format!(
        r#"+++
# A notice at the top of the pages, until the day and time below (no quotes, in the
# zone below). Save, then run `thewell content check`; the site shows it within a
# second. `thewell notice add` writes one for you.
until = {day}T12:00:00
zone = "America/New_York"
# Only on one campus's pages: one of {campuses}; "" for every page.
campus = ""
# An https link for more, or "".
link = ""
# Its words in the site's other languages{in_languages}, for their pages (optional): at the
# end, each below a line +++ <code>.
+++
{title}
"#,
        campuses = campus_list(),
        in_languages = match crate::bundle::languages() {
            [] => String::new(),
            codes => format!(" ({})", codes.join(", ")),
        },
    )
}

/// The campus ids as a file would write them: "south-florida", "north", …
fn campus_list() -> String {
    CAMPUSES
        .iter()
        .map(|c| format!("\"{}\"", c.id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A TOML string: quoted, with backslashes and quotes escaped.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A gathering as its file (`content/gatherings/<id>.md`) writes it, every field
/// with a note on what it takes: what `thewell schedule` writes for a built-in
/// gathering the first time one of its dates is skipped or moved.
pub fn gathering_file(g: &Gathering) -> String {
    let mut out = format!(
        r#"+++
# A regular gathering. The file's name is its id in links and calendar files.
# Save, then run `thewell content check`; the site follows within a second.
# A date not held, or held at another time: `thewell schedule skip` and
# `thewell schedule move` add them at the end, `thewell schedule undo` takes
# them back.
name = {name}
# Its campus, one of: {campuses}.
campus = {campus}
# "every Wednesday" (weekly), or "first Saturday" (monthly: first, second, third,
# fourth or last).
repeats = {repeats}
"#,
        name = quoted(&g.name),
        campuses = campus_list(),
        campus = quoted(&g.campus),
        repeats = quoted(&g.repeat.text()),
    );
    out.push_str("# The first and the last date it meets (no quotes); leave out for no end.\n");
    match g.first {
        Some(d) => out.push_str(&format!("first = {d}\n")),
        None => out.push_str("# first = 2027-01-02\n"),
    }
    match g.last {
        Some(d) => out.push_str(&format!("last = {d}\n")),
        None => out.push_str("# last = 2027-06-26\n"),
    }
    out.push_str(&format!(
        r#"# Local start time (24-hour, no quotes), how long it lasts in minutes, and its zone.
start = {start}
minutes = {minutes}
zone = {zone}
# "online" (at the meeting link: thewell site set meeting-url …), or an address.
where = {place}
"#,
        start = g.start.format("%H:%M"),
        minutes = g.minutes,
        zone = quoted(g.zone.name()),
        place = quoted(match &g.place {
            Place::Online => "online",
            Place::At(text) => text,
        }),
    ));
    if g.soon {
        out.push_str("# Announced without a date yet: the site says \"Coming soon\". Delete this line\n# once it has a first date and a place.\nsoon = true\n");
    }
    for skip in &g.skips {
        out.push_str(&format!(
            "\n[[skip]]\ndate = {}\nreason = {}\n",
            skip.date,
            quoted(&skip.reason)
        ));
    }
    for m in &g.moves {
        out.push_str(&format!(
            "\n[[move]]\ndate = {}\nto = {}\n",
            m.date,
            m.to.format("%Y-%m-%dT%H:%M:%S")
        ));
        if let Some(place) = &m.place {
            out.push_str(&format!("where = {}\n", quoted(place)));
        }
        out.push_str(&format!("reason = {}\n", quoted(&m.reason)));
    }
    out.push_str("+++\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::parse::{Parsed, parse, parse_file};
    use super::*;

    #[test]
    fn every_sample_is_in_a_new_file() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let files: String = Kind::ALL.map(|k| new_file(k, day, "Hope")).concat();
        for sample in SAMPLES {
            assert!(files.contains(sample), "{sample}");
        }
    }

    #[test]
    fn new_files_parse_as_written_and_are_drafts_until_their_line_is_deleted() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        for kind in Kind::ALL {
            let text = new_file(kind, day, "Hope \"for\" all");
            let draft = |text: &str| parse_file(kind, "new.md", text).map(|(_, d)| d);
            assert_eq!(draft(&text), Ok(true), "{kind:?}");
            let ready: String = text
                .split_inclusive('\n')
                .filter(|l| !l.starts_with(DRAFT_LINE))
                .collect();
            assert_eq!(draft(&ready), Ok(false), "{kind:?}");
            match parse(kind, "new.md", &text) {
                Ok(Parsed::Sermon(s, _)) => assert_eq!(
                    (s.title.as_str(), s.date.as_str()),
                    ("Hope 'for' all", "2026-11-29")
                ),
                Ok(Parsed::Event(e, _)) => assert_eq!(e.starts_at, "2026-11-29T10:00:00-05:00"),
                Ok(Parsed::Person(p, _)) => assert_eq!(
                    (p.name.as_str(), p.group.name, p.photo.as_str()),
                    ("Hope 'for' all", "senior-leaders", "person-new")
                ),
                Ok(Parsed::Gathering(g, _, _)) => assert_eq!(
                    (g.id.as_str(), g.name.as_str(), g.first),
                    // (the first Wednesday from that Sunday on)
                    (
                        "new",
                        "Hope 'for' all",
                        NaiveDate::from_ymd_opt(2026, 12, 2)
                    )
                ),
                Ok(Parsed::Notice(n, _)) => {
                    assert_eq!(
                        (n.text.as_str(), n.until.as_str()),
                        ("Hope 'for' all", "2026-11-29T12:00:00-05:00")
                    )
                }
                Err(problem) => panic!("{kind:?}: {problem}"),
            }
        }
        assert_eq!(
            slug("The Cost of Oil: How to Keep"),
            "the-cost-of-oil-how-to-keep"
        );
        assert_eq!(slug("¿?"), "new");
    }

    #[test]
    fn a_new_file_s_lines_for_each_language_once_filled_in_read_as_its_words() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        assert!(!crate::bundle::languages().is_empty());
        for code in crate::bundle::languages() {
            let code = code.as_str();
            for kind in [Kind::Sermon, Kind::Event, Kind::Person, Kind::Notice] {
                let text = new_file(kind, day, "Hope");
                // Takes the # off language `code`'s table, and writes "word" in its fields.
                let mut current = String::new();
                let filled: String = text
                    .lines()
                    .map(|line| match line.strip_prefix("# ") {
                        Some(header) if header.starts_with('[') => {
                            let name = header.trim_start_matches('[');
                            current = name.split(['.', ']']).next().unwrap_or("").to_string();
                            if current == code {
                                format!("{header}\n")
                            } else {
                                format!("{line}\n")
                            }
                        }
                        Some(field) if field.ends_with(" = \"\"") && current == code => {
                            format!("{}\"word\"\n", &field[..field.len() - 2])
                        }
                        _ => format!("{line}\n"),
                    })
                    .collect();
                let filled = format!("{filled}+++ {code}\nlong text\n");
                let long = |blocks: &[super::super::Block]| blocks[0].items[0].clone();
                let words =
                    |pair: (&str, &str)| assert_eq!(pair, ("word", "word"), "{kind:?} {code}");
                match parse(kind, "new.md", &filled) {
                    Ok(Parsed::Sermon(_, l)) => {
                        let it = &l[code];
                        words((it.title.as_str(), it.notes[0].heading.as_str()));
                        assert_eq!(long(&it.description), "long text");
                    }
                    Ok(Parsed::Event(e, l)) => {
                        words((l[code].title.as_str(), l[code].place.as_str()));
                        assert_eq!(
                            (long(&l[code].text), e.title.as_str()),
                            ("long text".into(), "Hope")
                        );
                    }
                    Ok(Parsed::Person(_, l)) => {
                        words((l[code].name.as_str(), l[code].role.as_str()));
                        assert_eq!(long(&l[code].bio), "long text");
                    }
                    Ok(Parsed::Notice(n, l)) => assert_eq!(
                        (n.text.as_str(), l[code].text.as_str()),
                        ("Hope", "long text")
                    ),
                    Ok(Parsed::Gathering(..)) => unreachable!(),
                    Err(problem) => panic!("{kind:?}: {problem}\n{filled}"),
                }
            }
        }
    }

    #[test]
    fn every_built_in_gathering_written_as_a_file_reads_back_the_same() {
        for mut g in crate::schedule::defaults::all() {
            if !g.soon {
                let date = (0..40)
                    .map(|i| NaiveDate::from_ymd_opt(2027, 1, 1).unwrap() + chrono::Days::new(i))
                    .find(|d| g.meets_on(*d))
                    .unwrap();
                g.skips.push(crate::schedule::Skip {
                    date,
                    reason: "A \"quoted\" day".into(),
                });
            }
            let source = format!("content/gatherings/{}.md", g.id);
            match parse(Kind::Gathering, &source, &gathering_file(&g)) {
                Ok(Parsed::Gathering(read, _, _)) => assert_eq!(read, g),
                Ok(_) => unreachable!(),
                Err(problem) => panic!("{problem}\n{}", gathering_file(&g)),
            }
        }
    }
}
