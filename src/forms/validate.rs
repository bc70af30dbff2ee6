//! The checks of the forms' declarations: what each kind of field accepts, the
//! message a visitor reads when it does not, and the record that is stored.
use serde_json::{Map, Value};

use super::{EMAIL_MAX, Field, FieldErrors, FieldKind, Form, FormWords, LONG_MAX, Message};

impl FieldKind {
    /// Every option a list field accepts, flattened.
    pub fn options(&self) -> Vec<&'static str> {
        match self {
            FieldKind::One(options) | FieldKind::Many(options) => options.to_vec(),
            FieldKind::Grouped(groups) => groups
                .iter()
                .flat_map(|(_, options)| options.iter().copied())
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// A plausible address: one @, something before it, a dotted domain, no spaces.
pub fn looks_like_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
        && domain.split('.').count() >= 2
        && domain.split('.').all(|part| !part.is_empty())
}

/// An address fit to publish or to hand to another system: plausible, made of plain
/// ASCII characters only, at most 254 of them (the site's contact email, the
/// certificate authority's contact).
pub fn is_plain_email(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "@.-_+".contains(c))
        && looks_like_email(value)
        && value.len() <= 254
}

impl Form {
    /// Checks a submission against the declaration. On success returns the record to
    /// store: every declared field (trimmed text, lists, booleans), nothing else.
    pub fn validate(&self, input: &Map<String, Value>) -> Result<Map<String, Value>, FieldErrors> {
        self.validate_in(input, FormWords::english())
    }

    /// The same, with the messages in the language of `words` (the page the visitor sent from).
    pub fn validate_in(
        &self,
        input: &Map<String, Value>,
        words: &FormWords,
    ) -> Result<Map<String, Value>, FieldErrors> {
        let mut record = Map::new();
        let mut errors = FieldErrors::new();
        for field in self.fields {
            match field.check(input.get(field.name), words) {
                Ok(value) => {
                    record.insert(field.name.to_string(), value);
                }
                Err(message) => {
                    errors.insert(field.name.to_string(), message);
                }
            }
        }
        if errors.is_empty() {
            Ok(record)
        } else {
            Err(errors)
        }
    }
}

/// A field's message in the page's language, its label and `more` slots filled.
type Say<'a> = dyn Fn(Message, &[(&str, &str)]) -> String + 'a;

impl Field {
    fn check(&self, value: Option<&Value>, words: &FormWords) -> Result<Value, String> {
        let label = words.label(self.label);
        let say = |message: Message, more: &[(&str, &str)]| {
            let mut slots = vec![("label", label)];
            slots.extend_from_slice(more);
            words.message(message, &slots)
        };
        match self.kind {
            FieldKind::Text { .. }
            | FieldKind::Email { .. }
            | FieldKind::LongText
            | FieldKind::One(_) => self.check_text(value, words, &say),
            FieldKind::Bool { must_be_true } => check_tick(value, must_be_true, &say),
            FieldKind::Many(_) | FieldKind::Grouped(_) => self.check_choices(value, &say),
        }
    }

    /// A text answer: trimmed, one line unless free text, within its limits; an
    /// option's text one of its options.
    fn check_text(
        &self,
        value: Option<&Value>,
        words: &FormWords,
        say: &Say,
    ) -> Result<Value, String> {
        let text = match value {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => crate::text::trim_edges(s).to_string(),
            Some(Value::Number(n)) if matches!(self.kind, FieldKind::Text { .. }) => n.to_string(),
            Some(_) => return Err(say(Message::NotText, &[])),
        };
        // Free text keeps its lines; a one-line answer with a hidden character is refused.
        let text = match self.kind {
            FieldKind::LongText => {
                crate::text::trim_edges(&crate::text::free_text(&text)).to_string()
            }
            _ => crate::text::one_line(&text).ok_or_else(|| say(Message::HiddenCharacter, &[]))?,
        };
        if text.is_empty() {
            return if self.required {
                Err(say(Message::Required, &[]))
            } else {
                Ok(Value::String(text))
            };
        }
        let chars = text.chars().count();
        match self.kind {
            FieldKind::Text { max, min } => {
                if let Some((min, message)) = min
                    && chars < min
                {
                    return Err(say(message, &[]));
                }
                if chars > max {
                    return Err(say(Message::TooLong, &[("max", &max.to_string())]));
                }
            }
            FieldKind::Email { message } => {
                if chars > EMAIL_MAX {
                    return Err(say(Message::TooLong, &[("max", &EMAIL_MAX.to_string())]));
                }
                if !looks_like_email(&text) {
                    return Err(say(message, &[]));
                }
            }
            FieldKind::LongText if chars > LONG_MAX => {
                return Err(say(Message::TooLong, &[("max", &LONG_MAX.to_string())]));
            }
            FieldKind::One(options) if !options.contains(&text.as_str()) => {
                let shown: Vec<&str> = options.iter().map(|o| words.option(o)).collect();
                return Err(say(Message::NotOneOf, &[("options", &shown.join(", "))]));
            }
            _ => {}
        }
        Ok(Value::String(text))
    }

    /// Options ticked: each one of the field's, none twice, at least one if required.
    fn check_choices(&self, value: Option<&Value>, say: &Say) -> Result<Value, String> {
        let items = match value {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items.clone(),
            Some(_) => return Err(say(Message::NotAList, &[])),
        };
        let options = self.kind.options();
        let mut chosen: Vec<Value> = Vec::new();
        for item in items {
            let Value::String(s) = item else {
                return Err(say(Message::NotTextList, &[]));
            };
            if !options.contains(&s.as_str()) {
                let value: String = s.chars().take(60).collect();
                return Err(say(Message::NotAnOption, &[("value", &value)]));
            }
            if chosen.iter().any(|c| c.as_str() == Some(s.as_str())) {
                return Err(say(Message::ListedTwice, &[("value", &s)]));
            }
            chosen.push(Value::String(s));
        }
        if self.required && chosen.is_empty() {
            return Err(say(Message::ChooseOne, &[]));
        }
        Ok(Value::Array(chosen))
    }
}

/// A tick box: true or false, true where it must be (an agreement).
fn check_tick(value: Option<&Value>, must_be_true: bool, say: &Say) -> Result<Value, String> {
    let ticked = match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(say(Message::NotTrueOrFalse, &[])),
    };
    if must_be_true && !ticked {
        return Err(say(Message::MustAgree, &[]));
    }
    Ok(Value::Bool(ticked))
}
