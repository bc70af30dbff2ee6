//! What the parts the server writes into pages (parts.rs, people_list.rs,
//! sermon_list.rs) say, in the language of the page they go into. The English is
//! written here; another language's words come with its pages (`<code>/part-words.json`
//! in the bundle, which the build makes from its catalogue: `PART_WORDS` of
//! parts.generated.ts, translated, and the months' names). A volunteer's text stays as
//! written: on a page in another language, text that reads English is marked so.
use std::collections::HashMap;

use serde::Deserialize;

use crate::content::Group;
use crate::schedule::words::Vocabulary;
use crate::settings::FigureStyle;
use crate::text::escape_html;

/// A sentence or name a part says, with the `{slots}` it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    IntroducedSoon,
    ContactUs,
    PlanYourVisit,
    JoinTheBibleStudy,
    ServeOnTheTeam,
    AboutOurWorship,
    LeadershipIntro,
    WorshipTeamIntro,
    NoSermonsYet,
    SermonNotes,
    EarlierSermons,
    SermonDate,
    Dollars,
    Raised,
    RaisedLabel,
    Updated,
    More,
    KeptHeading,
    Kept,
    GoGivingHeading,
    GoGiving,
    GoAppHeading,
    GoApp,
    GoMeetingHeading,
    GoMeeting,
    GoVideoHeading,
    GoVideo,
    GoTitle,
    GoReach,
    GoEmail,
    GoSundayService,
    GoBack,
    NavHome,
    NavAbout,
    NavNewHere,
    NavContact,
    NavPrivacy,
    LargeSums,
}

impl Said {
    /// Everything a part says (the frontend's copy lists them for the catalogues).
    #[cfg(test)]
    pub const ALL: [Said; 38] = [
        Said::IntroducedSoon,
        Said::ContactUs,
        Said::PlanYourVisit,
        Said::JoinTheBibleStudy,
        Said::ServeOnTheTeam,
        Said::AboutOurWorship,
        Said::LeadershipIntro,
        Said::WorshipTeamIntro,
        Said::NoSermonsYet,
        Said::SermonNotes,
        Said::EarlierSermons,
        Said::SermonDate,
        Said::Dollars,
        Said::Raised,
        Said::RaisedLabel,
        Said::Updated,
        Said::More,
        Said::KeptHeading,
        Said::Kept,
        Said::GoGivingHeading,
        Said::GoGiving,
        Said::GoAppHeading,
        Said::GoApp,
        Said::GoMeetingHeading,
        Said::GoMeeting,
        Said::GoVideoHeading,
        Said::GoVideo,
        Said::GoTitle,
        Said::GoReach,
        Said::GoEmail,
        Said::GoSundayService,
        Said::GoBack,
        Said::NavHome,
        Said::NavAbout,
        Said::NavNewHere,
        Said::NavContact,
        Said::NavPrivacy,
        Said::LargeSums,
    ];

    /// Its name in a language's words (and in parts.generated.ts).
    pub fn key(self) -> &'static str {
        match self {
            Said::IntroducedSoon => "introducedSoon",
            Said::ContactUs => "contactUs",
            Said::PlanYourVisit => "planYourVisit",
            Said::JoinTheBibleStudy => "joinTheBibleStudy",
            Said::ServeOnTheTeam => "serveOnTheTeam",
            Said::AboutOurWorship => "aboutOurWorship",
            Said::LeadershipIntro => "leadershipIntro",
            Said::WorshipTeamIntro => "worshipTeamIntro",
            Said::NoSermonsYet => "noSermonsYet",
            Said::SermonNotes => "sermonNotes",
            Said::EarlierSermons => "earlierSermons",
            Said::SermonDate => "sermonDate",
            Said::Dollars => "dollars",
            Said::Raised => "raised",
            Said::RaisedLabel => "raisedLabel",
            Said::Updated => "updated",
            Said::More => "more",
            Said::KeptHeading => "keptHeading",
            Said::Kept => "kept",
            Said::GoGivingHeading => "goGivingHeading",
            Said::GoGiving => "goGiving",
            Said::GoAppHeading => "goAppHeading",
            Said::GoApp => "goApp",
            Said::GoMeetingHeading => "goMeetingHeading",
            Said::GoMeeting => "goMeeting",
            Said::GoVideoHeading => "goVideoHeading",
            Said::GoVideo => "goVideo",
            Said::GoTitle => "goTitle",
            Said::GoReach => "goReach",
            Said::GoEmail => "goEmail",
            Said::GoSundayService => "goSundayService",
            Said::GoBack => "goBack",
            Said::NavHome => "navHome",
            Said::NavAbout => "navAbout",
            Said::NavNewHere => "navNewHere",
            Said::NavContact => "navContact",
            Said::NavPrivacy => "navPrivacy",
            Said::LargeSums => "largeSums",
        }
    }

    /// The English, with its `{slots}`.
    pub fn english(self) -> &'static str {
        match self {
            Said::IntroducedSoon => {
                "The rest of the team will be introduced here soon. {link} in the meantime."
            }
            Said::ContactUs => "Contact us",
            Said::PlanYourVisit => "Plan your visit",
            Said::JoinTheBibleStudy => "Join the Bible study",
            Said::ServeOnTheTeam => "Serve on the team",
            Said::AboutOurWorship => "About our worship",
            Said::LeadershipIntro => {
                "The Well is led by pastors and servant leaders on every campus: {campus.south-florida.region} and the North Campus in the United States, Europe ({europe-bible-study.where}), and Pakistan. Together they carry one mission, bringing Jesus to the marketplace. You can meet them on a {sunday-service-florida.day} in {campus.south-florida.city} or at the {bible-study.day} Bible study ({bible-study.where}), and any of them will answer a message sent through our contact page."
            }
            Said::WorshipTeamIntro => {
                "Worship at The Well is led by musicians, singers and creatives from our campuses, {sunday-service-florida.every} in {campus.south-florida.city} and {bible-study.every} at the Bible study ({bible-study.where}). If you sing, play an instrument or create, there is a place for you on the team."
            }
            Said::NoSermonsYet => "The first sermons will be listed here soon.",
            Said::SermonNotes => "Sermon notes",
            Said::EarlierSermons => "Earlier sermons",
            // `%` slots: a pattern of slots alone would not be words to translate.
            Said::SermonDate => "%month %day, %year",
            // An amount of US dollars, its digits grouped ("$35,000"): the figures'
            // words (settings::figure_words).
            Said::Dollars => "$%amount",
            Said::Raised => "{raised} raised of the {goal} goal ({percent}%)",
            Said::RaisedLabel => "Raised so far: {percent}% of the goal",
            Said::Updated => "Updated {day}",
            Said::More => "More",
            Said::KeptHeading => "How long we keep what you send",
            Said::Kept => "{form}: erased {period} after it is sent.",
            // The page an outside link answers while it is not set (web/files/links.rs).
            Said::GoGivingHeading => "Online giving opens soon",
            Said::GoGiving => {
                "The Well's online giving page is being set up. Until it opens, you can give in person at a {sunday-service-florida.day} service, or write to us and we will tell you how."
            }
            Said::GoAppHeading => "The church app opens soon",
            Said::GoApp => {
                "Groups will be found and joined in our church app, which is being set up. Until then, write to us and we will help you find a group."
            }
            Said::GoMeetingHeading => "The meeting link is coming",
            Said::GoMeeting => {
                "The link to join the online Bible study will be here soon. Until then, write to us and we will send it to you."
            }
            Said::GoVideoHeading => "The video is coming soon",
            Said::GoVideo => {
                "This video is not online yet. Until it is, the rest of the site is here for you."
            }
            Said::GoTitle => "{heading} | The Well",
            Said::GoReach => "Reach The Well",
            Said::GoEmail => "Email: {email}",
            Said::GoSundayService => "{sunday-service-florida.day} service in person: {address}",
            Said::GoBack => "Back to the home page",
            Said::NavHome => "Home",
            Said::NavAbout => "About",
            Said::NavNewHere => "New here",
            Said::NavContact => "Contact",
            Said::NavPrivacy => "Privacy Policy",
            // The units a large sum is written in, largest first, each "<its size> <its
            // word>" ("$100 million"; Urdu writes lakh and crore): a sum that is a whole
            // number or one decimal of a unit is written in it.
            Said::LargeSums => "1,000,000,000 billion; 1,000,000 million",
        }
    }
}

impl FigureStyle for PartWords {
    fn dollars(&self, amount: u64) -> String {
        self.pattern(Said::Dollars)
            .replace("%amount", &in_units(amount, &self.pattern(Said::LargeSums)))
    }

    fn day(&self, day: chrono::NaiveDate) -> String {
        use chrono::Datelike;
        let month = day.month0() as usize;
        let name = self
            .words
            .months
            .get(month)
            .map_or(Vocabulary::english().months[month].as_str(), String::as_str);
        self.pattern(Said::SermonDate)
            .replace("%month", name)
            .replace("%day", &day.day().to_string())
            .replace("%year", &day.year().to_string())
    }
}

/// One language's words of the parts, as its JSON carries them; a word it lacks is
/// said in English.
#[derive(Debug, Default, Deserialize)]
struct Words {
    #[serde(default)]
    said: HashMap<String, String>,
    /// A group of people's heading, by the group's name (`senior-leaders`).
    #[serde(default)]
    groups: HashMap<String, String>,
    #[serde(default)]
    months: Vec<String>,
    /// The line above a volunteer's English on a page in another language (the
    /// frontend's `frame.inEnglish`, which its ContentBlocks shows alike).
    #[serde(default, rename = "inEnglish")]
    in_english: String,
    /// The language's direction (`rtl`).
    #[serde(default)]
    dir: String,
}

/// The words of the parts in one page's language.
#[derive(Debug, Default)]
pub struct PartWords {
    /// The language's code (`ur`); empty for English, the site's own.
    code: String,
    words: Words,
}

impl PartWords {
    pub fn english() -> &'static PartWords {
        static ENGLISH: std::sync::LazyLock<PartWords> =
            std::sync::LazyLock::new(PartWords::default);
        &ENGLISH
    }

    /// A language's words from its JSON (`<code>/part-words.json`).
    pub fn from_json(code: &str, json: &[u8]) -> Result<PartWords, serde_json::Error> {
        Ok(PartWords {
            code: code.to_string(),
            words: serde_json::from_slice(json)?,
        })
    }

    /// Language `code`'s pages with no words of their own for the parts (its file in
    /// the bundle did not read): they say them in English, under its addresses.
    pub fn untranslated(code: &str) -> PartWords {
        PartWords {
            code: code.to_string(),
            words: Words::default(),
        }
    }

    /// The pattern of `said` in this language, as written (English where it has none),
    /// the campuses' facts it names written in (the build wrote them into a language's
    /// words; English names them as src/campuses.rs states them).
    fn pattern(&self, said: Said) -> String {
        match self.words.said.get(said.key()) {
            Some(words) => words.clone(),
            None => crate::campuses::fill_english(said.english()),
        }
    }

    /// The language's code (`ur`); empty for English.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// What `said` says, its slots filled with HTML the caller made safe.
    pub fn say(&self, said: Said, slots: &[(&str, &str)]) -> String {
        let mut out = escape_html(&self.pattern(said));
        for (name, value) in slots {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// What `said` says, its slots filled as `say` does, and the site's words it names
    /// (`{bible-study.day}`, `{sunday-service-florida.where}`) written in from `shown`,
    /// the words of the page's language, escaped.
    pub fn say_with(
        &self,
        said: Said,
        slots: &[(&str, &str)],
        shown: &std::collections::BTreeMap<String, String>,
    ) -> String {
        let mut out = self.say(said, slots);
        for (name, word) in shown {
            let slot = format!("{{{name}}}");
            if out.contains(&slot) {
                out = out.replace(&slot, &escape_html(word));
            }
        }
        out
    }

    /// A group of people's heading, escaped.
    pub fn group(&self, group: &Group) -> String {
        match self.words.groups.get(group.name) {
            Some(heading) => escape_html(heading),
            None => escape_html(&crate::campuses::fill_english(group.heading)),
        }
    }

    /// A day (`2026-11-15`) as the page's language writes it ("November 15, 2026"), escaped.
    pub fn date(&self, day: chrono::NaiveDate) -> String {
        escape_html(&FigureStyle::day(self, day))
    }

    /// A path of the site (`/contact`) as this language's page links to it (`/ur/contact`).
    pub fn path(&self, path: &str) -> String {
        match (self.code.as_str(), path) {
            ("", _) => path.to_string(),
            (code, "/") => format!("/{code}/"),
            (code, _) => format!("/{code}{path}"),
        }
    }

    /// The attributes of an element holding a volunteer's or the staff's words that a
    /// page in another language shows in English (`in_english`: see content::in_english):
    /// marked English (a screen reader reads it as English, and it keeps its own
    /// direction); none on an English page.
    pub fn text_lang(&self, in_english: bool) -> &'static str {
        if !self.code.is_empty() && in_english {
            r#" lang="en" dir="ltr""#
        } else {
            ""
        }
    }

    /// The line above a volunteer's English on a page in another language, escaped.
    pub fn in_english(&self) -> String {
        escape_html(match self.words.in_english.as_str() {
            "" => "In English:",
            said => said,
        })
    }

    /// The `lang` (and `dir`) attributes of a whole page in this language.
    pub fn page_lang(&self) -> String {
        match self.own_lang() {
            own if own.is_empty() => r#" lang="en""#.to_string(),
            own => own,
        }
    }

    /// The attributes that give an element back the page's own language inside text
    /// marked English (none on an English page).
    pub fn own_lang(&self) -> String {
        match (self.code.as_str(), self.words.dir.as_str()) {
            ("", _) => String::new(),
            (code, "") => format!(r#" lang="{code}""#),
            (code, dir) => format!(r#" lang="{code}" dir="{dir}""#),
        }
    }

    /// `text`, escaped, with each figure that has parts (a Bible reference's "3:16-17",
    /// "18–24", "$12,500") isolated left to right on a right-to-left page, so that it
    /// reads in the order it is written (see `bundle::FIGURE_PATTERN`).
    pub fn in_order(&self, text: &str) -> String {
        if self.words.dir != "rtl" {
            return escape_html(text);
        }
        in_order(text)
    }

    /// The staff's English `text` inside a sentence (a setting such as the church's
    /// address, a form's name), escaped, in a `<span>` marked English on a page in
    /// another language.
    pub fn english_in(&self, text: &str) -> String {
        match self.text_lang(true) {
            "" => escape_html(text),
            lang => format!("<span{lang}>{}</span>", escape_html(text)),
        }
    }
}

/// `amount` in the largest of `units` ("1,000,000 million; …") it is a whole number or
/// one decimal of ("100 million", "1.5 million"), else its digits grouped ("35,000").
fn in_units(amount: u64, units: &str) -> String {
    for unit in units.split([';', '؛']) {
        let Some((size, word)) = unit.trim().split_once(char::is_whitespace) else {
            continue;
        };
        let size: String = size.chars().filter(char::is_ascii_digit).collect();
        let Ok(size) = size.parse::<u64>() else {
            continue;
        };
        if size < 10 || amount < size || (amount % (size / 10)) != 0 {
            continue;
        }
        let tenths = amount / (size / 10);
        let number = match tenths % 10 {
            0 => (tenths / 10).to_string(),
            tenth => format!("{}.{tenth}", tenths / 10),
        };
        return format!("{number} {}", word.trim());
    }
    crate::settings::grouped(amount)
}

/// `text`, escaped, each figure with parts in an isolate that reads left to right.
fn in_order(text: &str) -> String {
    static FIGURE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(crate::bundle::FIGURE_PATTERN).expect("the figure pattern")
    });
    let mut out = String::new();
    let mut at = 0;
    for figure in FIGURE.find_iter(text) {
        // Digits alone keep their order; only a figure with parts is turned about.
        if figure.as_str().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        out.push_str(&escape_html(&text[at..figure.start()]));
        out.push_str(&format!(
            r#"<bdi dir="ltr">{}</bdi>"#,
            escape_html(figure.as_str())
        ));
        at = figure.end();
    }
    out.push_str(&escape_html(&text[at..]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Urdu words, as the build wrote them into the bundle.
    fn urdu_words() -> &'static PartWords {
        crate::language::find("ur")
            .expect("the build writes the pages in Urdu")
            .parts
    }

    #[test]
    fn keys_are_unique_and_english_fills_its_slots() {
        let mut keys: Vec<_> = Said::ALL.iter().map(|s| s.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), Said::ALL.len());
        let english = PartWords::english();
        assert_eq!(
            english.say(Said::Updated, &[("day", "Nov 2")]),
            "Updated Nov 2"
        );
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 5).unwrap();
        assert_eq!(english.date(day), "November 5, 2026");
        assert_eq!(english.path("/contact"), "/contact");
        assert_eq!(english.text_lang(true), "");
    }

    #[test]
    fn figures_read_as_each_language_writes_them() {
        use crate::settings::{Key, figure_words, setting};
        let get = |key| match key {
            Key::BuildingRaised => "12500".into(),
            Key::BuildingRaisedOn => "2026-11-24".into(),
            key => setting(key).default.into(),
        };
        let word = |words: &[(String, String)], name: &str| {
            words.iter().find(|(n, _)| n == name).unwrap().1.clone()
        };
        let english = figure_words(get, PartWords::english());
        assert_eq!(word(&english, "figure.building-goal"), "$35,000");
        assert_eq!(word(&english, "figure.building-raised"), "$12,500");
        assert_eq!(
            word(&english, "figure.building-raised-on"),
            "November 24, 2026"
        );
        assert_eq!(word(&english, "figure.building-percent"), "35");
        assert_eq!(word(&english, "figure.lives-changed"), "800");
        let urdu = figure_words(get, urdu_words());
        assert_eq!(word(&urdu, "figure.building-goal"), "35,000 ڈالر");
        assert_eq!(word(&urdu, "figure.building-raised-on"), "24 نومبر 2026");
        assert_eq!(word(&urdu, "figure.building-percent"), "35");
        // A large sum in the language's own units: millions, or lakh and crore.
        assert_eq!(word(&english, "figure.city-goal"), "$100 million");
        assert_eq!(word(&urdu, "figure.city-goal"), "10 کروڑ ڈالر");
        assert_eq!(PartWords::english().dollars(1_500_000), "$1.5 million");
        assert_eq!(PartWords::english().dollars(1_250_000), "$1,250,000");
        assert_eq!(urdu_words().dollars(250_000), "2.5 لاکھ ڈالر");
        assert_eq!(urdu_words().dollars(2_000_000_000), "2 ارب ڈالر");
        assert_eq!(urdu_words().dollars(99_999), "99,999 ڈالر");
        let unset = figure_words(|key| setting(key).default.into(), PartWords::english());
        assert_eq!(word(&unset, "figure.building-percent"), "");
        assert_eq!(word(&unset, "figure.building-raised-on"), "");
    }

    #[test]
    fn figures_with_parts_read_left_to_right_on_a_right_to_left_page_only() {
        let urdu = urdu_words();
        assert_eq!(
            urdu.in_order("2 تیمتھیس 3:16-17"),
            r#"2 تیمتھیس <bdi dir="ltr">3:16-17</bdi>"#,
            "the verses isolated, the book's number and name as they are"
        );
        assert_eq!(
            urdu.in_order("$12,500 of $35,000 (35%), ages 18–24 & 55+, 7:00 – 8:30"),
            concat!(
                r#"<bdi dir="ltr">$12,500</bdi> of <bdi dir="ltr">$35,000</bdi> (<bdi dir="ltr">35%</bdi>), "#,
                r#"ages <bdi dir="ltr">18–24</bdi> &amp; <bdi dir="ltr">55+</bdi>, <bdi dir="ltr">7:00 – 8:30</bdi>"#
            )
        );
        // A sentence's own stop stays outside; markup in the text is only text.
        assert_eq!(
            urdu.in_order("Acts 1:8. <b>"),
            r#"Acts <bdi dir="ltr">1:8</bdi>. &lt;b&gt;"#
        );
        assert_eq!(
            PartWords::english().in_order("John 4:1-14 <b>"),
            "John 4:1-14 &lt;b&gt;"
        );
    }

    #[test]
    fn every_languages_words_come_from_the_bundle_whole() {
        for language in crate::language::others() {
            let (code, words) = (language.code, language.parts);
            for said in Said::ALL {
                // Each said in the language's own words (which may read as the English:
                // "{heading} | The Well").
                assert!(
                    words.words.said.contains_key(said.key()),
                    "{} in {code}",
                    said.key()
                );
                let text = words.say(said, &[]);
                // The slots the English fills, the other language fills too.
                for slot in [
                    "{link}",
                    "%month",
                    "%day",
                    "%year",
                    "{raised}",
                    "{goal}",
                    "{percent}",
                    "{form}",
                    "{period}",
                ] {
                    assert_eq!(
                        said.english().contains(slot),
                        text.contains(slot),
                        "{} {slot} in {code}",
                        said.key()
                    );
                }
            }
            for group in crate::content::GROUPS {
                assert!(
                    words.words.groups.contains_key(group.name),
                    "{} in {code}",
                    group.name
                );
            }
            assert_eq!(words.path("/contact"), format!("/{code}/contact"));
        }
        let urdu = urdu_words();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 5).unwrap();
        assert!(urdu.date(day).contains("نومبر"), "{}", urdu.date(day));
        assert_eq!(urdu.path("/"), "/ur/");
        assert_eq!(urdu.path("/contact"), "/ur/contact");
        assert_eq!(urdu.text_lang(true), r#" lang="en" dir="ltr""#);
        assert_eq!(urdu.text_lang(false), "");
        assert_eq!(urdu.in_english(), "انگریزی میں:");
        assert_eq!(urdu.own_lang(), r#" lang="ur" dir="rtl""#);
        assert_eq!(PartWords::english().own_lang(), "");
    }
}
