//! The checks of the forms' declarations: what each kind of field accepts, the
//! message a visitor reads when it does not, and the record that is stored.
use serde_json::{Map, Value};

use super::{EMAIL_MAX, Field, FieldErrors, FieldKind, Form, LONG_MAX};

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
        let mut record = Map::new();
        let mut errors = FieldErrors::new();
        for field in self.fields {
            match field.check(input.get(field.name)) {
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

impl Field {
    fn check(&self, value: Option<&Value>) -> Result<Value, String> {
        let label = self.label;
        match self.kind {
            FieldKind::Text { .. }
            | FieldKind::Email { .. }
            | FieldKind::LongText
            | FieldKind::One(_) => {
                let text = match value {
                    None | Some(Value::Null) => String::new(),
                    Some(Value::String(s)) => crate::text::trim_edges(s).to_string(),
                    Some(Value::Number(n)) if matches!(self.kind, FieldKind::Text { .. }) => {
                        n.to_string()
                    }
                    Some(_) => return Err(format!("{label} must be text.")),
                };
                // Free text keeps its lines; a one-line answer with a hidden character is refused.
                let text = match self.kind {
                    FieldKind::LongText => {
                        crate::text::trim_edges(&crate::text::free_text(&text)).to_string()
                    }
                    _ => crate::text::one_line(&text).ok_or_else(|| {
                        format!("{label} contains a control or text-direction character: please type it again.")
                    })?,
                };
                if text.is_empty() {
                    return if self.required {
                        Err(format!("{label} is required."))
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
                            return Err(message.to_string());
                        }
                        if chars > max {
                            return Err(format!("{label} must be at most {max} characters."));
                        }
                    }
                    FieldKind::Email { message } => {
                        if chars > EMAIL_MAX {
                            return Err(format!("{label} must be at most {EMAIL_MAX} characters."));
                        }
                        if !looks_like_email(&text) {
                            return Err(message.to_string());
                        }
                    }
                    FieldKind::LongText if chars > LONG_MAX => {
                        return Err(format!("{label} must be at most {LONG_MAX} characters."));
                    }
                    FieldKind::One(options) if !options.contains(&text.as_str()) => {
                        return Err(format!("{label} must be one of: {}.", options.join(", ")));
                    }
                    _ => {}
                }
                Ok(Value::String(text))
            }
            FieldKind::Bool { must_be_true } => {
                let ticked = match value {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => return Err(format!("{label} must be true or false.")),
                };
                if must_be_true && !ticked {
                    return Err(format!(
                        "{label} is required: please tick the box to agree."
                    ));
                }
                Ok(Value::Bool(ticked))
            }
            FieldKind::Many(_) | FieldKind::Grouped(_) => {
                let items = match value {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::Array(items)) => items.clone(),
                    Some(_) => return Err(format!("{label} must be a list.")),
                };
                let options = self.kind.options();
                let mut chosen: Vec<Value> = Vec::new();
                for item in items {
                    let Value::String(s) = item else {
                        return Err(format!("{label} must be a list of text values."));
                    };
                    if !options.contains(&s.as_str()) {
                        return Err(format!(
                            "{label}: '{}' is not one of the options.",
                            s.chars().take(60).collect::<String>()
                        ));
                    }
                    if chosen.iter().any(|c| c.as_str() == Some(s.as_str())) {
                        return Err(format!("{label}: '{s}' is listed twice."));
                    }
                    chosen.push(Value::String(s));
                }
                if self.required && chosen.is_empty() {
                    return Err(format!("{label}: choose at least one."));
                }
                Ok(Value::Array(chosen))
            }
        }
    }
}
