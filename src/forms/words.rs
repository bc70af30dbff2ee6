//! What a visitor reads of the forms in each language of the pages: the fields'
//! labels, the options' names and the messages of a refusal. The English is written
//! here (messages) and in mod.rs (labels, options); another language's words come with
//! its pages (`<code>/form-words.json` in the bundle, which the build makes from its
//! catalogue: `FIELD_WORDS` and `MESSAGE_WORDS` of forms.generated.ts, translated).
//! What is stored stays English whatever the page's language: an option's value is
//! its English name, so staff read one language in every export.
use std::collections::HashMap;

use serde::Deserialize;

/// A message a visitor may read about a submission, with the slots it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    NotText,
    HiddenCharacter,
    Required,
    TooLong,
    NotOneOf,
    NotTrueOrFalse,
    MustAgree,
    NotAList,
    NotTextList,
    NotAnOption,
    ListedTwice,
    ChooseOne,
    EmailInvalid,
    RsvpEmailInvalid,
    RsvpNameShort,
    RsvpPhoneShort,
    Invalid,
    TooLarge,
    RateLimited,
    KeyReused,
}

impl Message {
    /// Every message (the frontend's copy and the tests list them).
    #[cfg(test)]
    pub const ALL: [Message; 20] = [
        Message::NotText,
        Message::HiddenCharacter,
        Message::Required,
        Message::TooLong,
        Message::NotOneOf,
        Message::NotTrueOrFalse,
        Message::MustAgree,
        Message::NotAList,
        Message::NotTextList,
        Message::NotAnOption,
        Message::ListedTwice,
        Message::ChooseOne,
        Message::EmailInvalid,
        Message::RsvpEmailInvalid,
        Message::RsvpNameShort,
        Message::RsvpPhoneShort,
        Message::Invalid,
        Message::TooLarge,
        Message::RateLimited,
        Message::KeyReused,
    ];

    /// Its name in a language's `messages` (and in forms.generated.ts).
    pub fn key(self) -> &'static str {
        match self {
            Message::NotText => "notText",
            Message::HiddenCharacter => "hiddenCharacter",
            Message::Required => "required",
            Message::TooLong => "tooLong",
            Message::NotOneOf => "notOneOf",
            Message::NotTrueOrFalse => "notTrueOrFalse",
            Message::MustAgree => "mustAgree",
            Message::NotAList => "notAList",
            Message::NotTextList => "notTextList",
            Message::NotAnOption => "notAnOption",
            Message::ListedTwice => "listedTwice",
            Message::ChooseOne => "chooseOne",
            Message::EmailInvalid => "emailInvalid",
            Message::RsvpEmailInvalid => "rsvpEmailInvalid",
            Message::RsvpNameShort => "rsvpNameShort",
            Message::RsvpPhoneShort => "rsvpPhoneShort",
            Message::Invalid => "invalid",
            Message::TooLarge => "tooLarge",
            Message::RateLimited => "rateLimited",
            Message::KeyReused => "keyReused",
        }
    }

    /// The English, with `{label}`, `{max}`, `{options}`, `{value}`, `{seconds}` to fill.
    /// (The launch RSVP's four are worded as its specification words them.)
    pub fn english(self) -> &'static str {
        match self {
            Message::NotText => "{label} must be text.",
            Message::HiddenCharacter => {
                "{label} contains a control or text-direction character: please type it again."
            }
            Message::Required => "{label} is required.",
            Message::TooLong => "{label} must be at most {max} characters.",
            Message::NotOneOf => "{label} must be one of: {options}.",
            Message::NotTrueOrFalse => "{label} must be true or false.",
            Message::MustAgree => "{label} is required: please tick the box to agree.",
            Message::NotAList => "{label} must be a list.",
            Message::NotTextList => "{label} must be a list of text values.",
            Message::NotAnOption => "{label}: '{value}' is not one of the options.",
            Message::ListedTwice => "{label}: '{value}' is listed twice.",
            Message::ChooseOne => "{label}: choose at least one.",
            Message::EmailInvalid => "Please enter a valid email address.",
            Message::RsvpEmailInvalid => "Please enter a valid email address",
            Message::RsvpNameShort => "Name must be at least 2 characters",
            Message::RsvpPhoneShort => "Please enter a valid phone number",
            Message::Invalid => "Some answers need attention.",
            Message::TooLarge => {
                "The submission is larger than 16 KiB. Please shorten the longest answers and send it again."
            }
            Message::RateLimited => {
                "Too many submissions from your network. Please wait {seconds} seconds and try again."
            }
            Message::KeyReused => {
                "This Idempotency-Key was already used for a different submission. Send a new key with each new submission."
            }
        }
    }
}

/// One language's words of the forms; a word it lacks is read in English.
#[derive(Debug, Default, Deserialize)]
pub struct FormWords {
    #[serde(default)]
    labels: HashMap<String, String>,
    #[serde(default)]
    options: HashMap<String, String>,
    #[serde(default)]
    messages: HashMap<String, String>,
}

impl FormWords {
    pub fn english() -> &'static FormWords {
        static ENGLISH: std::sync::LazyLock<FormWords> =
            std::sync::LazyLock::new(FormWords::default);
        &ENGLISH
    }

    /// A language's words from its JSON (`<code>/form-words.json`).
    pub fn from_json(json: &[u8]) -> Result<FormWords, serde_json::Error> {
        serde_json::from_slice(json)
    }

    /// A field's label, as the visitor reads it.
    pub fn label<'a>(&'a self, english: &'a str) -> &'a str {
        self.labels.get(english).map_or(english, String::as_str)
    }

    /// An option's name, as the visitor reads it (the value sent stays `english`).
    pub fn option<'a>(&'a self, english: &'a str) -> &'a str {
        self.options.get(english).map_or(english, String::as_str)
    }

    /// A message with its slots filled (`("label", "Name")`, …).
    pub fn message(&self, message: Message, slots: &[(&str, &str)]) -> String {
        let pattern = self
            .messages
            .get(message.key())
            .map_or(message.english(), String::as_str);
        let mut out = pattern.to_string();
        for (name, value) in slots {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_english_fills_its_slots() {
        let mut keys: Vec<_> = Message::ALL.iter().map(|m| m.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), Message::ALL.len());
        let english = FormWords::english();
        assert_eq!(
            english.message(Message::TooLong, &[("label", "Name"), ("max", "100")]),
            "Name must be at most 100 characters."
        );
        assert_eq!(english.label("Name"), "Name");
    }

    #[test]
    fn every_languages_words_come_from_the_bundle_whole() {
        assert!(
            !crate::language::others().is_empty(),
            "the build writes the pages in more than English"
        );
        for language in crate::language::others() {
            let (code, words) = (language.code, language.forms);
            assert_ne!(
                words.label("Name"),
                "Name",
                "the build writes {code}/form-words.json"
            );
            assert_ne!(words.option("Email"), "Email", "{code}");
            for message in Message::ALL {
                let text = words.message(message, &[]);
                assert_ne!(text, message.english(), "{} in {code}", message.key());
                // The slots the English fills, the other language fills too.
                for slot in ["{label}", "{max}", "{options}", "{value}", "{seconds}"] {
                    assert_eq!(
                        message.english().contains(slot),
                        text.contains(slot),
                        "{} {slot} in {code}",
                        message.key()
                    );
                }
            }
        }
    }
}
