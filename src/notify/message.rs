//! What a notification says: the subject and plain-text body of an email, and the
//! JSON body of a webhook, from one stored submission. Prayer requests' text stays
//! on the server unless the target asked for it; nothing a visitor typed can reach
//! a mail header with a line break or a control character in it.
use serde_json::{Map, Value, json};
use ulid::Ulid;

use super::targets::{PRIVATE_FIELDS, Target};
use crate::forms::{Form, find, title};
use crate::store::{IDEMPOTENCY_KEY, SUBMITTED_AT, received_at};

/// One submission, as the outbox hands it to a target.
pub struct Submission<'a> {
    pub form: &'a str,
    pub id: Ulid,
    pub record: &'a Map<String, Value>,
    /// A test of the target (`thewell notify test`): says so, and names no submission.
    pub test: bool,
}

/// Text fit for a mail header: no control characters (CR, LF, tab, NUL…), no
/// Unicode line or paragraph separators, no text-direction overrides; spaces
/// collapsed; at most `max` characters.
pub fn header_safe(text: &str, max: usize) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_control()
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
            {
                ' '
            } else {
                c
            }
        })
        .collect();
    cleaned
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(max)
        .collect()
}

fn text_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => if *b { "yes" } else { "no" }.into(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| text_of(Some(v)))
            .collect::<Vec<_>>()
            .join(", "),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| format!("{k}: {}", text_of(Some(v))))
            .collect::<Vec<_>>()
            .join("; "),
        Some(Value::Null) | None => String::new(),
    }
}

/// Who sent it, for a subject: "Maria G." (first name and last initial), the first
/// name alone for a prayer request, else the email address.
fn who(s: &Submission) -> String {
    let get = |k: &str| text_of(s.record.get(k)).trim().to_string();
    let (first, last) = match (get("firstName"), get("lastName")) {
        (f, l) if !f.is_empty() => (f, l),
        _ => {
            let name = get("name");
            let mut words = name.split_whitespace();
            let first = words.next().unwrap_or_default().to_string();
            (first, words.last().unwrap_or_default().to_string())
        }
    };
    if first.is_empty() {
        let email = get("email");
        return if email.is_empty() {
            "someone".into()
        } else {
            email
        };
    }
    match (s.form, last.chars().next()) {
        ("prayer-request", _) | (_, None) => first,
        (_, Some(initial)) => format!("{first} {initial}."),
    }
}

fn private(field: &str, target: &Target) -> bool {
    !target.prayer_text && PRIVATE_FIELDS.contains(&field)
}

fn form_of(s: &Submission) -> Option<&'static Form> {
    find(s.form)
}

/// The staff command that shows this submission in full.
fn export_hint(s: &Submission) -> String {
    format!(
        "thewell export {0} --since {1} --output /tmp/{0}.xlsx",
        s.form,
        received_at(s.id).format("%Y-%m-%d")
    )
}

/// When it arrived, in the church's home zone: "Sunday, November 22 at 11:24 AM EST".
fn arrived(s: &Submission) -> String {
    received_at(s.id)
        .with_timezone(&crate::content::HOME_ZONE)
        .format("%A, %B %-d at %-I:%M %p %Z")
        .to_string()
}

/// A test message's subject and body: what it is, and what the real ones carry.
fn test_email(s: &Submission, target: &Target) -> (String, String) {
    let subject = header_safe(
        &format!("Test: website notifications to {}", target.describe()),
        150,
    );
    let body = format!(
        "This is a test of the website's notifications, sent on {} by `thewell notify test {}`.\n\n         Nothing was submitted. When a visitor sends one of the forms this target is for, a\n         message like this one arrives, titled \"New <form>: <who>\", with their answers\n         (a prayer request's text stays on the server unless the target asks for it).\n",
        arrived(s),
        target.id
    );
    (subject, body)
}

/// An email's subject and body.
pub fn email(s: &Submission, target: &Target) -> (String, String) {
    if s.test {
        return test_email(s, target);
    }
    let subject = header_safe(&format!("New {}: {}", title(s.form), who(s)), 150);
    // A prayer request told without its text says who and how to read it, nothing more.
    if s.form == "prayer-request" && !target.prayer_text {
        let body = format!(
            "A new prayer request arrived on the website on {}, from {}.\n\n\
             Its text is kept private on the server. Read it there with\n  {}\n\n\
             (Submission {}.)\n",
            arrived(s),
            who(s),
            export_hint(s),
            s.id
        );
        return (subject, body);
    }
    let mut body = format!(
        "A new {} arrived on the website on {}.\n\n",
        title(s.form),
        arrived(s)
    );
    let mut withheld = Vec::new();
    if let Some(form) = form_of(s) {
        for field in form.fields {
            let value = text_of(s.record.get(field.name));
            if value.trim().is_empty() {
                continue;
            }
            if private(field.name, target) {
                withheld.push(field.label);
                continue;
            }
            // A long answer keeps its lines, indented under its label.
            let value = value.replace('\r', "").replace('\n', "\n  ");
            body.push_str(&format!("{}: {value}\n", field.label));
        }
    }
    if !withheld.is_empty() {
        body.push_str(&format!(
            "{}: written, and kept private on the server.\n",
            withheld.join(", ")
        ));
    }
    body.push_str(&format!(
        "\nEvery answer of the day's submissions (this is {}):\n  {}\n",
        s.id,
        export_hint(s)
    ));
    (subject, body)
}

/// A webhook's JSON body.
pub fn webhook(s: &Submission, target: &Target) -> String {
    let mut fields = Map::new();
    let mut withheld = Vec::new();
    for (name, value) in s.record {
        if name == SUBMITTED_AT || name == IDEMPOTENCY_KEY {
            continue;
        }
        if private(name, target) {
            if !text_of(Some(value)).trim().is_empty() {
                withheld.push(name.clone());
            }
            continue;
        }
        fields.insert(name.clone(), value.clone());
    }
    if s.test {
        return json!({
            "test": true,
            "forms": target.forms,
            "message": "A test of the website's notifications (`thewell notify test`): nothing was submitted.",
        })
        .to_string();
    }
    json!({
        "form": s.form,
        "id": s.id.to_string(),
        "submittedAt": s.record.get(SUBMITTED_AT).cloned().unwrap_or(Value::Null),
        "fields": fields,
        "withheld": withheld,
        "export": export_hint(s),
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notify::targets::Via;

    fn target(prayer_text: bool) -> Target {
        Target {
            id: "1".into(),
            forms: vec!["all".into()],
            via: Via::Email {
                to: "office@thewell.example".into(),
            },
            prayer_text,
            paused: false,
        }
    }

    #[test]
    fn a_connect_card_reads_one_answer_per_line_with_a_clean_subject() {
        let record = serde_json::from_value::<Map<String, Value>>(json!({
            "firstName": "Maria\r\nBcc: x@y.example",
            "lastName": "Gonzalez",
            "phone": "5551234567",
            "email": "maria@example.com",
            "serviceInfo": ["Sunday", "Online"],
            "prayerRequest": "For my son's health",
            "consent": true,
        }))
        .unwrap();
        let id = Ulid::from_parts(1_795_000_000_000, 1);
        let s = Submission {
            form: "connect-card",
            id,
            record: &record,
            test: false,
        };
        let (subject, body) = email(&s, &target(false));
        assert_eq!(subject, "New Connect Card: Maria Bcc: x@y.example G.");
        assert!(!subject.contains('\n') && !subject.contains('\r'));
        assert!(body.contains("Last name: Gonzalez\n"), "{body}");
        assert!(body.contains("Service: Sunday, Online\n"), "{body}");
        assert!(!body.contains("son's health"), "{body}");
        assert!(
            body.contains("Prayer request: written, and kept private on the server."),
            "{body}"
        );
        assert!(
            body.contains("thewell export connect-card --since 2026-"),
            "{body}"
        );
        let (_, open) = email(&s, &target(true));
        assert!(
            open.contains("Prayer request: For my son's health"),
            "{open}"
        );

        let hook: Value = serde_json::from_str(&webhook(&s, &target(false))).unwrap();
        assert_eq!(hook["form"], "connect-card");
        assert_eq!(hook["id"], id.to_string());
        assert_eq!(hook["fields"]["lastName"], "Gonzalez");
        assert!(hook["fields"].get("prayerRequest").is_none());
        assert_eq!(hook["withheld"], json!(["prayerRequest"]));
    }

    #[test]
    fn a_prayer_request_names_the_first_name_only_and_keeps_its_text() {
        let record = serde_json::from_value::<Map<String, Value>>(json!({
            "name": "Ana María Ruiz", "phone": "", "prayerRequest": "Healing for my mother",
        }))
        .unwrap();
        let s = Submission {
            form: "prayer-request",
            id: Ulid::generate(),
            record: &record,
            test: false,
        };
        let (subject, body) = email(&s, &target(false));
        assert_eq!(subject, "New Prayer Request: Ana");
        assert!(!body.contains("Healing"), "{body}");
        assert!(!body.contains("Ruiz"), "only the first name: {body}");
        assert!(body.contains(", from Ana."), "{body}");
        let (_, open) = email(&s, &target(true));
        assert!(
            open.contains("Prayer request: Healing for my mother"),
            "{open}"
        );
        assert!(open.contains("Name: Ana María Ruiz"), "{open}");
        assert!(
            body.contains("thewell export prayer-request --since "),
            "{body}"
        );
        assert_eq!(header_safe("a\u{202E}b\u{2028}c\td", 10), "a b c d");
    }
}
