//! Which of a volunteer's words a page in another language shows in English: an item's
//! fields its content file gave no words for in that language (its `[es]` table and
//! the text below `+++ es` leave them out, so the English stands in), and the data
//! words that read as on the English page. Decided by where the words came from, never
//! by their letters: Spanish and English are both written in Latin letters, and an
//! Urdu file may name "Zoom". The pages mark such words `lang="en"` (the server's
//! parts through `PartWords::text_lang`, the script's through lib/words.tsx).
use std::collections::BTreeMap;

use super::model::{Block, Event, Launch, Notice, Person, Sermon};

/// An item whose words a page in another language may show in English.
pub trait Worded {
    /// Its fields a visitor reads as words, each by its name in the pages' JSON and
    /// as one text.
    fn words(&self) -> Vec<(&'static str, String)>;
    /// The names of its fields shown in English, kept on the item.
    fn in_english_mut(&mut self) -> &mut Vec<String>;
}

/// Marks `translated` (an item as another language's pages show it) with its fields
/// that are still `english`'s own words: the same text, with a letter in it.
pub fn mark<T: Worded>(english: &T, translated: &mut T) {
    let fields = translated
        .words()
        .into_iter()
        .zip(english.words())
        .filter(|((_, theirs), (_, own))| theirs == own && has_letters(theirs))
        .map(|((name, _), _)| name.to_string())
        .collect();
    *translated.in_english_mut() = fields;
}

/// The names of a page's data words (`bible-study.where`) that read as on the English
/// page: a volunteer's place or name with no words in the page's language. Words the
/// site writes in each language (days, times, zones) differ, and figures have no letters.
pub fn words_in_english(
    english: &BTreeMap<String, String>,
    translated: &BTreeMap<String, String>,
) -> Vec<String> {
    translated
        .iter()
        .filter(|(name, word)| english.get(*name) == Some(*word) && has_letters(word))
        .map(|(name, _)| name.clone())
        .collect()
}

/// Whether a field named `field` is among an item's fields shown in English.
pub fn shows_in_english(in_english: &[String], field: &str) -> bool {
    in_english.iter().any(|f| f == field)
}

fn has_letters(text: &str) -> bool {
    text.chars().any(char::is_alphabetic)
}

/// Long text as one text, to compare.
fn blocks(blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(|b| b.items.join("\n"))
        .collect::<Vec<_>>()
        .join("\n\n")
}

impl Worded for Sermon {
    fn words(&self) -> Vec<(&'static str, String)> {
        let notes = self
            .notes
            .iter()
            .map(|n| format!("{}\n{}\n{}", n.heading, n.text, n.scripture))
            .collect::<Vec<_>>()
            .join("\n\n");
        vec![
            ("title", self.title.clone()),
            ("speaker", self.speaker.clone()),
            ("passage", self.passage.clone()),
            ("description", blocks(&self.description)),
            ("notes", notes),
            ("reflection", self.reflection.clone()),
        ]
    }
    fn in_english_mut(&mut self) -> &mut Vec<String> {
        &mut self.in_english
    }
}

impl Worded for Event {
    fn words(&self) -> Vec<(&'static str, String)> {
        vec![
            ("title", self.title.clone()),
            ("tag", self.tag.clone()),
            ("place", self.place.clone()),
            ("text", blocks(&self.text)),
        ]
    }
    fn in_english_mut(&mut self) -> &mut Vec<String> {
        &mut self.in_english
    }
}

impl Worded for Launch {
    fn words(&self) -> Vec<(&'static str, String)> {
        vec![
            ("place", self.place.clone()),
            ("intro", blocks(&self.intro)),
        ]
    }
    fn in_english_mut(&mut self) -> &mut Vec<String> {
        &mut self.in_english
    }
}

impl Worded for Notice {
    fn words(&self) -> Vec<(&'static str, String)> {
        vec![("text", self.text.clone())]
    }
    fn in_english_mut(&mut self) -> &mut Vec<String> {
        &mut self.in_english
    }
}

impl Worded for Person {
    fn words(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("role", self.role.clone()),
            ("bio", blocks(&self.bio)),
        ]
    }
    fn in_english_mut(&mut self) -> &mut Vec<String> {
        &mut self.in_english
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(text: &str) -> Notice {
        Notice {
            text: text.into(),
            until: "2026-12-01T00:00:00-05:00".into(),
            link: String::new(),
            campus: String::new(),
            routes: Vec::new(),
            in_english: Vec::new(),
        }
    }

    #[test]
    fn a_field_is_english_where_the_file_gave_no_words_in_the_language_whatever_its_letters() {
        // Spanish in Latin letters is Spanish; an English fallback is English.
        let mut spanish = notice("Estudio bíblico en el salón");
        mark(&notice("Bible study in the hall"), &mut spanish);
        assert!(spanish.in_english.is_empty());
        let mut fallen_back = notice("Bible study in the hall");
        mark(&notice("Bible study in the hall"), &mut fallen_back);
        assert_eq!(fallen_back.in_english, ["text"]);
        // Figures alone are no language's.
        let mut figures = notice("2026 · 12:30");
        mark(&notice("2026 · 12:30"), &mut figures);
        assert!(figures.in_english.is_empty());
    }

    #[test]
    fn a_data_word_is_english_when_it_reads_as_on_the_english_page() {
        let english = BTreeMap::from([
            (
                "bible-study.where".to_string(),
                "Fellowship Hall".to_string(),
            ),
            ("bible-study.day".to_string(), "Wednesday".to_string()),
            ("figure.lives-changed".to_string(), "800+".to_string()),
        ]);
        let mut spanish = english.clone();
        spanish.insert("bible-study.day".into(), "miércoles".into());
        assert_eq!(words_in_english(&english, &spanish), ["bible-study.where"]);
    }
}
