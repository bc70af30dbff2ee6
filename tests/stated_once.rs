//! The gatherings' times are stated once, in the volunteer's data (content/gatherings/)
//! or the built-in defaults (src/schedule/defaults.rs): every page, pop-up and meta
//! description takes them from the words the server makes. This fails when a time
//! of day is written again as text in the site's words (frontend/src/content/) or in
//! a string of the Rust code outside the defaults and the tests; likewise a campus's
//! region and city (src/campuses.rs), and a gathering's weekday and "online".
use std::path::{Path, PathBuf};

/// A time of day as people write one: "7:00 PM", "7 pm", "10:30 a.m.", "19:00 CET",
/// "7 o'clock". (A 24-hour "19:00" alone is left out: Bible references read the
/// same, "John 3:16".)
fn times_of_day(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number =
            chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric());
        if !starts_number {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let hours = i - start;
        let mut minutes = false;
        if chars.get(i) == Some(&':')
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && chars.get(i + 2).is_some_and(char::is_ascii_digit)
        {
            i += 3;
            minutes = true;
        }
        if hours > 2 {
            continue;
        }
        let rest: String = chars[i..].iter().take(12).collect();
        let after = rest.trim_start_matches([' ', '\u{a0}', '\u{202f}']);
        let upper = after.to_uppercase();
        let word_ends = |n: usize| {
            !after
                .chars()
                .nth(n)
                .is_some_and(|c| c.is_ascii_alphanumeric())
        };
        let clock = ["AM", "PM", "A.M.", "P.M."]
            .iter()
            .any(|w| upper.starts_with(w) && word_ends(w.len()))
            || upper.starts_with("O'CLOCK")
            || (minutes
                && [
                    "ET", "EST", "EDT", "CT", "PT", "CET", "CEST", "PKT", "GMT", "UTC",
                ]
                .iter()
                .any(|w| after.starts_with(w) && word_ends(w.len())));
        if clock {
            let number: String = chars[start..i].iter().collect();
            found.push(format!(
                "{number} {}",
                after.split_whitespace().next().unwrap_or_default()
            ));
        }
    }
    found
}

/// The string literals of Rust source `text` before its test module (the code a
/// server or a staff command runs).
fn rust_strings(text: &str) -> Vec<(usize, String)> {
    let code = text
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
        }
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '\'' && at(i + 2) == '\'' {
            i += 3;
            continue;
        }
        let raw = c == 'r'
            && (at(i + 1) == '"' || at(i + 1) == '#')
            && !at(i.wrapping_sub(1)).is_alphanumeric();
        if c == '"' || raw {
            let hashes = if raw {
                let mut n = 0;
                while at(i + 1 + n) == '#' {
                    n += 1;
                }
                i += 1 + n;
                n
            } else {
                0
            };
            i += 1;
            let (start_line, mut literal) = (line, String::new());
            while i < chars.len() {
                if !raw && chars[i] == '\\' {
                    literal.push(chars[i]);
                    literal.push(at(i + 1));
                    i += 2;
                    continue;
                }
                if chars[i] == '"' && (0..hashes).all(|k| at(i + 1 + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                if chars[i] == '\n' {
                    line += 1;
                }
                literal.push(chars[i]);
                i += 1;
            }
            out.push((start_line, literal));
            continue;
        }
        i += 1;
    }
    out
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

#[test]
fn the_detector_finds_times_as_people_write_them() {
    for text in [
        "Wednesdays 7:00 PM ET",
        "at 7 pm",
        "10:30 a.m. sharp",
        "Join at 19:00 CET",
        "at 7 o'clock",
        "7:00\u{a0}PM",
    ] {
        assert_eq!(times_of_day(text).len(), 1, "{text}");
    }
    for text in [
        "John 3:16-17",
        "Matthew 25:1-13",
        "{bible-study.when}",
        "800+ lives",
        "$10 a Bible",
        "2026-12-05T10:00:00",
        "HH:MM (24-hour) or h:mm AM/PM",
        "step 2 amounts",
    ] {
        assert_eq!(times_of_day(text), Vec::<String>::new(), "{text}");
    }
    let strings = rust_strings(
        "fn a() { let x = \"7:00 PM\"; let y = r#\"Sundays \"10 AM\"\"#; }\n#[cfg(test)]\nmod tests { const Z: &str = \"9 PM\"; }",
    );
    assert_eq!(
        strings.iter().map(|(_, s)| s.as_str()).collect::<Vec<_>>(),
        ["7:00 PM", "Sundays \"10 AM\""]
    );
}

#[test]
fn no_time_of_day_is_written_outside_the_gatherings_data() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();

    let mut rust = Vec::new();
    files(&root.join("src"), "rs", &mut rust);
    let defaults = root.join("src/schedule/defaults.rs");
    assert!(
        rust.contains(&defaults),
        "the built-in gatherings moved from {}: update this test",
        defaults.display()
    );
    for path in rust.iter().filter(|p| **p != defaults) {
        let text = std::fs::read_to_string(path).unwrap();
        for (line, literal) in rust_strings(&text) {
            for time in times_of_day(&literal) {
                found.push(format!(
                    "{}:{line}: {time:?}",
                    path.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }

    let mut words = Vec::new();
    files(&root.join("frontend/src/content"), "ts", &mut words);
    assert!(
        words.len() > 10,
        "frontend/src/content/ holds the site's words"
    );
    // content.generated.ts is written from the Rust defaults (src/contract.rs).
    for path in words
        .iter()
        .filter(|p| !p.ends_with("content.generated.ts"))
    {
        let text = std::fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            for time in times_of_day(line) {
                found.push(format!(
                    "{}:{}: {time:?}",
                    path.strip_prefix(root).unwrap().display(),
                    n + 1
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a time of day written as text; write the gathering's word instead ({{bible-study.when}}, see src/schedule/words.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_church_address_is_written_once() {
    // The Florida service's place (src/schedule/defaults.rs) is the church's address:
    // pages, pop-ups and the home page's structured data name its word.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let defaults = std::fs::read_to_string(root.join("src/schedule/defaults.rs")).unwrap();
    let street = "1520 NW 65th Ave";
    assert!(
        defaults.contains(street),
        "the built-in address moved: update this test"
    );
    let mut found = Vec::new();
    let mut sources = Vec::new();
    files(&root.join("frontend/src"), "ts", &mut sources);
    files(&root.join("frontend/src"), "tsx", &mut sources);
    for path in sources
        .iter()
        .filter(|p| !p.to_string_lossy().contains(".generated."))
    {
        if std::fs::read_to_string(path).unwrap().contains(street) {
            found.push(path.strip_prefix(root).unwrap().display().to_string());
        }
    }
    assert!(
        found.is_empty(),
        "the church's address written as text; name {{sunday-service-florida.where}} instead: {found:?}"
    );
}

/// The facts of src/campuses.rs: each campus's `field = "…"` (`region`, `city`), not empty.
fn campus_facts(campuses: &str, field: &str) -> Vec<String> {
    let opening = format!("{field}: \"");
    campuses
        .lines()
        .filter_map(|line| line.trim().strip_prefix(opening.as_str()))
        .filter_map(|rest| rest.strip_suffix("\","))
        .filter(|fact| !fact.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_campuses_regions_and_cities_are_written_once() {
    // Each campus's region and city are stated in src/campuses.rs: pages, pop-ups,
    // meta descriptions and the server's parts name them ({campus.north.region}). A
    // region or city that is also a campus's name or country ("Europe", "Pakistan")
    // is a name any text may say.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let campuses_rs = root.join("src/campuses.rs");
    let campuses = std::fs::read_to_string(&campuses_rs).unwrap();
    let names: Vec<String> = ["name", "country"]
        .iter()
        .flat_map(|f| campus_facts(&campuses, f))
        .collect();
    let mut facts: Vec<String> = ["region", "city"]
        .iter()
        .flat_map(|f| campus_facts(&campuses, f))
        .filter(|fact| !names.contains(fact))
        .collect();
    assert!(
        facts.contains(&"Delaware, Pennsylvania and New Jersey".to_string())
            && facts.contains(&"Plantation".to_string()),
        "the campuses' facts moved from src/campuses.rs: update this test ({facts:?})"
    );
    // Each part of a region that lists places ("Delaware", "New Jersey"), and the
    // North's region as it was written before it was stated once.
    let parts: Vec<String> = facts
        .iter()
        .filter(|f| f.contains(", ") && f.contains(" and "))
        .flat_map(|f| {
            f.split([','])
                .map(|p| p.trim().trim_start_matches("and ").to_string())
        })
        .flat_map(|p| p.split(" and ").map(str::to_string).collect::<Vec<_>>())
        .collect();
    facts.extend(parts);
    facts.extend(["DE, PA".to_string(), "DE/PA".to_string()]);

    let mut found = Vec::new();
    let mut rust = Vec::new();
    files(&root.join("src"), "rs", &mut rust);
    // The built-in gatherings' places (the church's street address) are the gatherings' data.
    let defaults = root.join("src/schedule/defaults.rs");
    for path in rust
        .iter()
        .filter(|p| **p != campuses_rs && **p != defaults)
    {
        let text = std::fs::read_to_string(path).unwrap();
        for (line, literal) in rust_strings(&text) {
            for fact in facts.iter().filter(|f| literal.contains(f.as_str())) {
                found.push(format!(
                    "{}:{line}: {fact:?}",
                    path.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    for (place, line) in words_lines(root) {
        for fact in facts.iter().filter(|f| line.contains(f.as_str())) {
            found.push(format!("{place}: {fact:?}"));
        }
    }
    assert!(
        found.is_empty(),
        "a campus's region or city written as text; name it as {{campus.<id>.region}} or {{campus.<id>.city}} (src/campuses.rs):\n{}",
        found.join("\n")
    );
}

/// The lines of the site's words (frontend/src/content/*.ts, the generated ones aside)
/// that say something to a visitor, as ("path:line", text): not a comment, and not a
/// picture's description, which names its photo slot (`thewell site photos`) and must
/// not move when a fact changes: it describes the picture.
fn words_lines(root: &Path) -> Vec<(String, String)> {
    let mut words = Vec::new();
    files(&root.join("frontend/src/content"), "ts", &mut words);
    assert!(
        words.len() > 10,
        "frontend/src/content/ holds the site's words"
    );
    let mut out = Vec::new();
    for path in words
        .iter()
        .filter(|p| !p.to_string_lossy().contains(".generated."))
    {
        let text = std::fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            let picture = ["alt:", "picture:", "Art:"]
                .iter()
                .any(|key| line.contains(key));
            if line.starts_with("//") || line.starts_with('*') || line.starts_with("/*") || picture
            {
                continue;
            }
            let place = format!("{}:{}", path.strip_prefix(root).unwrap().display(), n + 1);
            out.push((place, line.to_string()));
        }
    }
    out
}

/// Whether `text` holds `word` as a word of its own (not inside "offline" or "Sundays").
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// What a text says of the gatherings' days and places that their data says: each
/// weekday (and its plural), and "online" in a sentence that names one of `gatherings`'
/// words.
fn days_and_places(text: &str, gatherings: &[String]) -> Vec<String> {
    let mut found: Vec<String> = WEEKDAYS
        .iter()
        .flat_map(|day| [day.to_string(), format!("{day}s")])
        .filter(|day| has_word(text, day))
        .collect();
    // Sentence by sentence: "online giving" beside a service's day says nothing of where
    // the service is.
    let online_of_a_gathering = text.split(". ").any(|sentence| {
        gatherings
            .iter()
            .any(|id| sentence.contains(&format!("{{{id}.")))
            && (has_word(sentence, "online") || has_word(sentence, "Online"))
    });
    if online_of_a_gathering {
        found.push("online".to_string());
    }
    found
}

/// The built-in gatherings' ids: the first string after each `gathering(` of
/// src/schedule/defaults.rs.
fn gathering_ids(defaults: &str) -> Vec<String> {
    defaults
        .split("gathering(")
        .skip(1)
        .filter_map(|rest| rest.split('"').nth(1))
        .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_detector_finds_days_and_places_as_words() {
    let ids = vec!["bible-study".to_string()];
    assert_eq!(
        days_and_places("Join us on Wednesdays, online", &ids),
        ["Wednesdays"]
    );
    assert_eq!(
        days_and_places("Live online {bible-study.every-at}.", &ids),
        ["online"]
    );
    assert!(days_and_places("Live {bible-study.every-at}: {bible-study.where}.", &ids).is_empty());
    assert!(days_and_places("Sent now that you are back online.", &ids).is_empty());
    assert!(
        days_and_places(
            "Online giving opens soon. Give at {bible-study.where}.",
            &ids
        )
        .is_empty()
    );
    assert!(days_and_places("Saved offline {bible-study.when}; Sundaysky", &ids).is_empty());
    let defaults = "gathering(\n \"bible-study\",\n \"The Well\"); fn gathering(id: &str)";
    assert_eq!(gathering_ids(defaults), ["bible-study"]);
}

#[test]
fn the_gatherings_days_and_places_are_named_not_written() {
    // A gathering's day and place are its data (content/gatherings/, the built-in
    // defaults): a text saying "Wednesday", or "online" of a gathering, would keep
    // saying it after the study moves to a Thursday or to a hall. The site's words name
    // {bible-study.day}, {bible-study.where} instead. "Online" as a campus's nature
    // (the Global campus, "join us online") or a connection ("back online") names no
    // gathering's word and stays; the calendar's own vocabulary (calendar.ts) and the
    // pictures' descriptions are not statements about a gathering.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let defaults = std::fs::read_to_string(root.join("src/schedule/defaults.rs")).unwrap();
    let ids = gathering_ids(&defaults);
    assert!(
        ids.contains(&"bible-study".to_string()) && ids.len() >= 5,
        "the built-in gatherings moved from src/schedule/defaults.rs: update this test ({ids:?})"
    );
    let mut found = Vec::new();
    for (place, line) in words_lines(root)
        .into_iter()
        .filter(|(place, _)| !place.starts_with("frontend/src/content/calendar.ts:"))
    {
        for said in days_and_places(&line, &ids) {
            found.push(format!("{place}: {said:?}"));
        }
    }
    // The words the server writes into pages (src/page_parts/) and serves (src/web/; a
    // calendar file's "Online" is written only for a gathering whose place is online).
    let mut rust = Vec::new();
    files(&root.join("src/page_parts"), "rs", &mut rust);
    files(&root.join("src/web"), "rs", &mut rust);
    let ics = root.join("src/web/files/ics.rs");
    for path in rust.iter().filter(|p| **p != ics) {
        let text = std::fs::read_to_string(path).unwrap();
        for (line, literal) in rust_strings(&text) {
            for said in days_and_places(&literal, &ids) {
                found.push(format!(
                    "{}:{line}: {said:?}",
                    path.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a gathering's day or place written as text; name its word ({{bible-study.day}}, {{bible-study.days}}, {{bible-study.where}}: src/schedule/words.rs):\n{}",
        found.join("\n")
    );
}
