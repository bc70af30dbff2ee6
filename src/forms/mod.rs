//! The seven forms, declared once: their fields, required flags, limits and option
//! lists (`validate` turns a visitor's JSON into a stored record by them).
//! Storage, export and the frontend's TypeScript copy all follow from these tables.
use std::collections::BTreeMap;

mod validate;
mod words;

pub use validate::is_plain_email;
pub use words::{FormWords, Message};

/// Length limits, in characters: room for any real name, address or message, and
/// nothing more (a body is at most 16 KiB in all).
pub const NAME_MAX: usize = 100;
pub const EMAIL_MAX: usize = 254;
pub const PHONE_MAX: usize = 32;
pub const SHORT_MAX: usize = 200;
pub const LONG_MAX: usize = 5000;

/// What a field holds and the rule it must meet.
#[derive(Debug, Clone, Copy)]
pub enum FieldKind {
    /// Single-line text of at most `max` characters; `min` (with its message) when set.
    Text {
        max: usize,
        min: Option<(usize, Message)>,
    },
    /// An email address (at most 254 characters, one @, a dotted domain).
    Email { message: Message },
    /// Multi-line text of at most 5,000 characters.
    LongText,
    /// A yes/no box; `must_be_true` for consent boxes that must be ticked.
    Bool { must_be_true: bool },
    /// One value of the list, or empty.
    One(&'static [&'static str]),
    /// Any number of the list's values, each once.
    Many(&'static [&'static str]),
    /// Like `Many`, with the options shown in named groups.
    Grouped(&'static [(&'static str, &'static [&'static str])]),
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// The JSON name (camelCase, as the frontend sends it) and the CSV column.
    pub name: &'static str,
    /// The name a visitor reads in an error message.
    pub label: &'static str,
    pub required: bool,
    pub kind: FieldKind,
}

#[derive(Debug)]
pub struct Form {
    /// The API path segment, table name and export argument.
    pub name: &'static str,
    pub fields: &'static [Field],
}

/// The honeypot: a field people never see. A filled one marks a bot.
pub const HONEYPOT: &str = "website";

const fn text(name: &'static str, label: &'static str, required: bool, max: usize) -> Field {
    Field {
        name,
        label,
        required,
        kind: FieldKind::Text { max, min: None },
    }
}
const fn email(required: bool) -> Field {
    Field {
        name: "email",
        label: "Email",
        required,
        kind: FieldKind::Email {
            message: Message::EmailInvalid,
        },
    }
}
const fn long(name: &'static str, label: &'static str, required: bool) -> Field {
    Field {
        name,
        label,
        required,
        kind: FieldKind::LongText,
    }
}
const fn consent() -> Field {
    Field {
        name: "consent",
        label: "Consent",
        required: true,
        kind: FieldKind::Bool { must_be_true: true },
    }
}
const fn many(name: &'static str, label: &'static str, options: &'static [&'static str]) -> Field {
    Field {
        name,
        label,
        required: false,
        kind: FieldKind::Many(options),
    }
}
const FIRST_NAME: Field = text("firstName", "First name", true, NAME_MAX);
const LAST_NAME: Field = text("lastName", "Last name", true, NAME_MAX);
const PHONE_OPTIONAL: Field = text("phone", "Phone", false, PHONE_MAX);
const PHONE_REQUIRED: Field = text("phone", "Phone", true, PHONE_MAX);
const LOCATION: Field = text("location", "Location", false, SHORT_MAX);

pub const NORTH_CAMPUS_INTERESTS: &[&str] = &[
    "Receiving updates about North Campus launch",
    "Joining the launch team",
    "Serving in ministry areas",
    "Leading a small group or Bible study",
    "Helping with outreach and community connections",
    "Supporting through prayer and encouragement",
];
pub const SERVICE_INFO: &[&str] = &[
    "This is my first time",
    "I've been here before",
    "I'm visiting from another church",
];
pub const AGE_GROUPS: &[&str] = &["Under 18", "18–24", "25–34", "35–44", "45–54", "55+"];
pub const HOW_DID_YOU_HEAR: &[&str] = &[
    "friend-family",
    "social-media",
    "website",
    "outreach",
    "other",
];
pub const NEXT_STEPS: &[&str] = &[
    "I made a decision to follow Jesus today",
    "I want to be baptized",
    "I want to join a Bible study",
    "I want to serve on a team",
    "I want to learn more about The Well",
    "I'd like to speak with a pastor",
];
pub const CONTACT_METHODS: &[&str] = &["Email", "Phone", "Text"];
pub const AVAILABILITY: &[&str] = &["Sundays", "Weekdays", "Weeknights", "Special Events Only"];
pub const SERVICE_PREFERENCES: &[(&str, &[&str])] = &[
    ("Worship", &["Worship Leader / Vocalist", "Band / Musician"]),
    (
        "Creative",
        &[
            "Video / Videography",
            "Photography",
            "Graphic Design",
            "Social Media",
            "Creative Arts",
        ],
    ),
    (
        "Production",
        &[
            "Cameras / Camera Operator",
            "Lights / Lighting Tech",
            "Sound / Audio Engineer",
            "Broadcast / Livestream",
            "Production Coordinator",
        ],
    ),
    (
        "Parking & Greeter",
        &["Parking Team", "Greeter / Usher", "Connect Team"],
    ),
    (
        "Teaching & Discipleship",
        &["Bible Study Leader", "Small Group Facilitator", "Mentor"],
    ),
    (
        "Outreach & Missions",
        &["Local Outreach", "Global Missions Trips"],
    ),
    ("Children Ministry", &["Kids Ministry", "Youth Ministry"]),
];
pub const SUBSCRIPTION_LISTS: &[&str] = &["music", "media"];

pub static FORMS: &[Form] = &[
    Form {
        name: "prayer-request",
        fields: &[
            text("name", "Name", true, NAME_MAX),
            PHONE_OPTIONAL,
            long("prayerRequest", "Prayer request", true),
        ],
    },
    Form {
        name: "church-launch-response",
        fields: &[
            Field {
                name: "name",
                label: "Name",
                required: true,
                kind: FieldKind::Text {
                    max: NAME_MAX,
                    min: Some((2, Message::RsvpNameShort)),
                },
            },
            Field {
                name: "phone",
                label: "Phone",
                required: true,
                kind: FieldKind::Text {
                    max: PHONE_MAX,
                    min: Some((10, Message::RsvpPhoneShort)),
                },
            },
            Field {
                name: "email",
                label: "Email",
                required: true,
                kind: FieldKind::Email {
                    message: Message::RsvpEmailInvalid,
                },
            },
        ],
    },
    Form {
        name: "north-campus-interest",
        fields: &[
            FIRST_NAME,
            LAST_NAME,
            email(true),
            PHONE_OPTIONAL,
            LOCATION,
            many("interests", "Interests", NORTH_CAMPUS_INTERESTS),
            long("hearAbout", "How you heard about us", false),
            long("questions", "Questions", false),
            consent(),
        ],
    },
    Form {
        name: "connect-card",
        fields: &[
            FIRST_NAME,
            LAST_NAME,
            PHONE_REQUIRED,
            email(true),
            LOCATION,
            many("serviceInfo", "Service", SERVICE_INFO),
            Field {
                name: "ageGroup",
                label: "Age group",
                required: false,
                kind: FieldKind::One(AGE_GROUPS),
            },
            Field {
                name: "howDidYouHear",
                label: "How you heard about us",
                required: false,
                kind: FieldKind::One(HOW_DID_YOU_HEAR),
            },
            many("nextSteps", "Next steps", NEXT_STEPS),
            long("prayerRequest", "Prayer request", false),
            consent(),
        ],
    },
    Form {
        name: "serve-interest",
        fields: &[
            FIRST_NAME,
            LAST_NAME,
            email(true),
            PHONE_REQUIRED,
            many("contactMethod", "Contact method", CONTACT_METHODS),
            LOCATION,
            Field {
                name: "servicePreference",
                label: "Where you'd like to serve",
                required: false,
                kind: FieldKind::Grouped(SERVICE_PREFERENCES),
            },
            many("availability", "Availability", AVAILABILITY),
            long("aboutYou", "About you", false),
            consent(),
            long("otherSkills", "Other skills", false),
        ],
    },
    Form {
        name: "contact",
        fields: &[
            FIRST_NAME,
            LAST_NAME,
            email(true),
            text("subject", "Subject", true, SHORT_MAX),
            long("message", "Message", true),
        ],
    },
    Form {
        name: "subscription",
        fields: &[
            email(true),
            Field {
                name: "list",
                label: "List",
                required: true,
                kind: FieldKind::One(SUBSCRIPTION_LISTS),
            },
        ],
    },
];

pub fn find(name: &str) -> Option<&'static Form> {
    FORMS.iter().find(|form| form.name == name)
}

/// A form's name as people read it: "connect-card" → "Connect Card".
pub fn title(form: &str) -> String {
    form.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn names() -> Vec<&'static str> {
    FORMS.iter().map(|form| form.name).collect()
}

/// Field name to the message a visitor reads; empty when the submission is valid.
pub type FieldErrors = BTreeMap<String, String>;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, Value, json};
    use validate::looks_like_email;

    fn check(form: &str, input: Value) -> Result<Map<String, Value>, FieldErrors> {
        find(form).unwrap().validate(input.as_object().unwrap())
    }

    fn valid(form: &str) -> Value {
        match form {
            "prayer-request" => json!({"name": "Ana", "prayerRequest": "For my mother"}),
            "church-launch-response" => {
                json!({"name": "Ana", "phone": "5551234567", "email": "ana@example.com"})
            }
            "north-campus-interest" => {
                json!({"firstName": "Ana", "lastName": "Ruiz", "email": "ana@example.com", "consent": true})
            }
            "connect-card" => {
                json!({"firstName": "Ana", "lastName": "Ruiz", "phone": "555", "email": "ana@example.com", "consent": true})
            }
            "serve-interest" => {
                json!({"firstName": "Ana", "lastName": "Ruiz", "email": "ana@example.com", "phone": "555", "consent": true})
            }
            "contact" => {
                json!({"firstName": "Ana", "lastName": "Ruiz", "email": "ana@example.com", "subject": "Hi", "message": "Hello"})
            }
            "subscription" => json!({"email": "ana@example.com", "list": "music"}),
            _ => unreachable!(),
        }
    }

    #[test]
    fn each_minimal_valid_submission_passes_and_each_required_field_is_enforced() {
        for form in FORMS {
            let base = valid(form.name);
            assert!(check(form.name, base.clone()).is_ok(), "{}", form.name);
            for field in form.fields.iter().filter(|f| f.required) {
                for missing in [Value::Null, json!(""), json!("   \t\n")] {
                    let mut input = base.clone();
                    input[field.name] = missing.clone();
                    if matches!(field.kind, FieldKind::Bool { .. }) {
                        input[field.name] = json!(false);
                    }
                    let errors = check(form.name, input).expect_err(field.name);
                    assert!(
                        errors.contains_key(field.name),
                        "{} {} {missing}",
                        form.name,
                        field.name
                    );
                }
            }
        }
    }

    #[test]
    fn text_is_trimmed_and_unknown_fields_are_dropped() {
        let record = check(
            "prayer-request",
            json!({"name": "  Ana  ", "prayerRequest": " Pray ", "ip": "1.2.3.4"}),
        )
        .unwrap();
        assert_eq!(record["name"], "Ana");
        assert_eq!(record["prayerRequest"], "Pray");
        assert_eq!(record["phone"], "");
        assert!(!record.contains_key("ip"));
    }

    #[test]
    fn hidden_characters_are_refused_in_one_line_answers_and_dropped_from_free_text() {
        for (field, value) in [
            ("name", "Ana\u{0}"),
            ("name", "Ana\u{202E}"),
            ("phone", "555\u{2066}0100"),
        ] {
            let mut input = valid("prayer-request");
            input[field] = json!(value);
            let errors = check("prayer-request", input).unwrap_err();
            assert!(
                errors[field].contains("control or text-direction"),
                "{errors:?}"
            );
        }
        let bad_email = json!({"email": "a\u{202E}@example.com", "list": "media"});
        assert!(
            check("subscription", bad_email)
                .unwrap_err()
                .contains_key("email")
        );
        let mut input = valid("prayer-request");
        input["prayerRequest"] =
            json!("Line one\r\n\tLine two\u{0}\u{1b}\u{85}\u{202E} Cafe\u{301}");
        let record = check("prayer-request", input).unwrap();
        assert_eq!(record["prayerRequest"], "Line one\n\tLine two Café");
    }

    #[test]
    fn length_limits_follow_decisions() {
        let cases = [
            ("contact", "firstName", NAME_MAX),
            ("contact", "subject", SHORT_MAX),
            ("contact", "message", LONG_MAX),
            ("connect-card", "phone", PHONE_MAX),
            ("connect-card", "location", SHORT_MAX),
        ];
        for (form, field, max) in cases {
            let mut input = valid(form);
            input[field] = json!("é".repeat(max));
            assert!(check(form, input.clone()).is_ok(), "{field} at {max}");
            input[field] = json!("é".repeat(max + 1));
            assert!(
                check(form, input).unwrap_err()[field].contains(&max.to_string()),
                "{field} over {max}"
            );
        }
        let mut input = valid("contact");
        input["email"] = json!(format!("{}@example.com", "a".repeat(250)));
        assert!(check("contact", input).unwrap_err().contains_key("email"));
    }

    #[test]
    fn emails_must_look_like_emails() {
        for good in ["a@b.co", "first.last+tag@mail.example.org"] {
            assert!(looks_like_email(good), "{good}");
        }
        for bad in [
            "", "a", "a@", "@b.co", "a@b", "a@b.", "a b@c.co", "a@b@c.co", "a@.co",
        ] {
            assert!(!looks_like_email(bad), "{bad}");
        }
    }

    #[test]
    fn launch_rsvp_uses_spec_messages() {
        let errors = check(
            "church-launch-response",
            json!({"name": "A", "phone": "555-123", "email": "nope"}),
        )
        .unwrap_err();
        assert_eq!(errors["name"], "Name must be at least 2 characters");
        assert_eq!(errors["phone"], "Please enter a valid phone number");
        assert_eq!(errors["email"], "Please enter a valid email address");
    }

    #[test]
    fn option_lists_accept_only_their_own_values_once() {
        let mut input = valid("connect-card");
        input["ageGroup"] = json!("18–24");
        input["howDidYouHear"] = json!("website");
        input["serviceInfo"] = json!(["This is my first time"]);
        input["nextSteps"] = json!(["I want to be baptized", "I'd like to speak with a pastor"]);
        assert!(check("connect-card", input.clone()).is_ok());

        for (field, bad) in [
            ("ageGroup", json!("18-24")),
            ("ageGroup", json!(["18–24"])),
            ("howDidYouHear", json!("tv")),
            ("serviceInfo", json!(["I want to be baptized"])),
            (
                "nextSteps",
                json!(["I want to be baptized", "I want to be baptized"]),
            ),
            ("nextSteps", json!("I want to be baptized")),
            ("nextSteps", json!([1])),
        ] {
            let mut wrong = input.clone();
            wrong[field] = bad.clone();
            assert!(
                check("connect-card", wrong)
                    .unwrap_err()
                    .contains_key(field),
                "{field} {bad}"
            );
        }
        let mut empty = input.clone();
        empty["ageGroup"] = json!("");
        assert!(check("connect-card", empty).is_ok());
    }

    #[test]
    fn serve_preferences_come_from_the_grouped_options() {
        let mut input = valid("serve-interest");
        input["servicePreference"] = json!(["Band / Musician", "Kids Ministry"]);
        input["contactMethod"] = json!(["Text"]);
        input["availability"] = json!(["Special Events Only"]);
        assert!(check("serve-interest", input.clone()).is_ok());
        input["servicePreference"] = json!(["Worship"]);
        assert!(
            check("serve-interest", input)
                .unwrap_err()
                .contains_key("servicePreference")
        );
    }

    #[test]
    fn consent_must_be_ticked_where_spec_requires_it() {
        for form in ["north-campus-interest", "connect-card", "serve-interest"] {
            for consent in [json!(false), Value::Null, json!("yes")] {
                let mut input = valid(form);
                input["consent"] = consent;
                assert!(
                    check(form, input).unwrap_err().contains_key("consent"),
                    "{form}"
                );
            }
        }
    }

    #[test]
    fn subscription_lists_are_music_or_media() {
        assert!(check("subscription", json!({"email": "a@b.co", "list": "media"})).is_ok());
        assert!(
            check("subscription", json!({"email": "a@b.co", "list": "news"}))
                .unwrap_err()
                .contains_key("list")
        );
    }
}
