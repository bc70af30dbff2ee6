//! The contract with the frontend: every TypeScript file the frontend shares with
//! the server is emitted here from the Rust declarations (forms, settings, the
//! schedule's JSON, photo slots and the marks in prerendered pages), and a test
//! fails when a file in frontend/src drifts from them (`UPDATE_CONTRACT_TS=1 cargo
//! test contract::` rewrites them). Also the names those types use in TypeScript.

/// "north-campus-interest" → "NorthCampusInterest": a TypeScript type name.
pub fn pascal_case(name: &str) -> String {
    name.split('-')
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect()
}

/// "one-time-gift" → "oneTimeGift": a TypeScript property name.
pub fn camel_case(name: &str) -> String {
    let pascal = pascal_case(name);
    pascal[..1].to_lowercase() + &pascal[1..]
}

#[cfg(test)]
mod emit {
    use super::{camel_case, pascal_case};
    use crate::bundle::{
        CONTENT_BLOCK_ID, ERROR_FOR_MARKER, FIGURE_PATTERN, FORM_FIELD, FORM_MARKER,
        FORM_PROBLEM_MARKER, FORM_THANKS_MARKER, GATHERING_MARKER, JSON_WORDS_MARKER,
        NOTICES_MARKER, PHOTO_CLASS, PHOTO_FIRST_MARKER, PHOTO_MARKER, PHOTO_SIZES_MARKER,
        PhotoSlot, SERVER_PART_MARKER, SET_MARKER, SETTINGS_BLOCK_ID, STYLESHEET_MARKER,
        ShownPhoto, TEMPLATE_MARKER, UNSET_MARKER, VIDEO_MARKER, WORD_MARKER,
    };
    use crate::content::{Block, Event, Launch, Note, Sermon, Shown};
    use crate::forms::{EMAIL_MAX, FORMS, FieldKind, HONEYPOT, LONG_MAX, SERVICE_PREFERENCES};
    use crate::page_parts::{Part, ServerPart};
    use crate::schedule::zones::ZoneSpan;
    use crate::schedule::{CALENDAR_PATH, GatheringNow, LaterOccurrence, ScheduleNow};
    use crate::settings::{LINKS, SETTINGS};
    use ts_rs::{Config, TS};

    /// The generated files: where each lives (from the crate root) and its text.
    pub fn files() -> [(&'static str, String); 7] {
        [
            ("frontend/src/lib/classes.generated.ts", classes()),
            ("frontend/src/content/campuses.generated.ts", campuses()),
            ("frontend/src/content/content.generated.ts", content()),
            ("frontend/src/content/forms.generated.ts", forms()),
            ("frontend/src/content/parts.generated.ts", parts()),
            ("frontend/src/content/settings.generated.ts", settings()),
            ("frontend/src/lib/contract.generated.ts", contract()),
        ]
    }

    fn header(source: &str) -> String {
        format!(
            "// Generated from {source} by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.\n\
             // A Rust test fails when this file and the declarations drift apart.\n\n"
        )
    }

    /// A Rust type's TypeScript declaration, exported, with its doc comment.
    fn declaration<T: TS>() -> String {
        let cfg = Config::new();
        format!(
            "{}export {}\n\n",
            T::docs().unwrap_or_default(),
            T::decl(&cfg)
        )
    }

    /// contract.generated.ts: the JSON the server publishes and the marks it looks for in pages.
    fn contract() -> String {
        let mut out = header("src/schedule.rs and src/bundle.rs");
        out.push_str(&declaration::<LaterOccurrence>());
        out.push_str(&declaration::<GatheringNow>());
        out.push_str(&declaration::<ZoneSpan>());
        out.push_str(&declaration::<ScheduleNow>());
        out.push_str(&declaration::<PhotoSlot>());
        out.push_str(&declaration::<ShownPhoto>());
        let quote = |s: &str| serde_json::to_string(s).expect("string");
        out.push_str(&format!(
            "/** The id of the JSON block in every page that holds the site's settings (the server rewrites it). */\n\
             export const SETTINGS_BLOCK_ID = {};\n\n\
             /** The id of the JSON block in every page that holds what the content files show now (the server rewrites it). */\n\
             export const CONTENT_BLOCK_ID = {};\n\n\
             /** The attribute of an element whose inner HTML the server writes from the content files (the page keeps it); its value names the part. */\n\
             export const SERVER_PART_MARKER = {};\n\n\
             /** The attribute that marks a drawing a photo can replace; its value is the photo slot. */\n\
             export const PHOTO_MARKER = {};\n\n\
             /** The attribute of a drawing that says how wide it is drawn at each layout width (its photo's `sizes`). */\n\
             export const PHOTO_SIZES_MARKER = {};\n\n\
             /** The attribute of a drawing in a page's first screen: its photo loads at once, first. */\n\
             export const PHOTO_FIRST_MARKER = {};\n\n\
             /** The attribute that marks a video spot's 'coming soon' line; its value is the video's setting (emptied by the server once set). */\n\
             export const VIDEO_MARKER = {};\n\n\
             /** The attribute of an element that depends on a setting not set yet; its value names the setting (the server renames it to SET_MARKER once set). */\n\
             export const UNSET_MARKER = {};\n\n\
             /** What UNSET_MARKER becomes once its setting is set. */\n\
             export const SET_MARKER = {};\n\n\
             /** The attribute of an element whose text is one of the site's words (a gathering's time, a figure); its value names the word. */\n\
             export const WORD_MARKER = {};\n\n\
             /** The attribute of a <meta> whose content is made from a text with {{word}} names; its value is that text (it comes before content). */\n\
             export const TEMPLATE_MARKER = {};\n\n\
             /** The attribute of a JSON-LD script whose strings name words as {{word}}; the server fills them in. */\n\
             export const JSON_WORDS_MARKER = {};\n\n\
             /** The attribute of an element that shows one gathering; its value is the id (left out once the gathering has ended). */\n\
             export const GATHERING_MARKER = {};\n\n\
             /** The attribute of the element at the top of every page that holds the current notices. */\n\
             export const NOTICES_MARKER = {};\n\n\
             /** The attribute of every prerendered page's empty <style>; its value names the stylesheet whose rules the server puts in. */\n\
             export const STYLESHEET_MARKER = {};\n\n\
             /** The attribute of every <form>: its value names the form (a form sent without script is answered with its page). */\n\
             export const FORM_MARKER = {};\n\n\
             /** The hidden field of every form that names it, for a form the browser sends itself. */\n\
             export const FORM_FIELD = {};\n\n\
             /** The attribute of a form's hidden thank-you line (the words of its toast). */\n\
             export const FORM_THANKS_MARKER = {};\n\n\
             /** The attribute of a form's hidden line for what went wrong with the whole of it. */\n\
             export const FORM_PROBLEM_MARKER = {};\n\n\
             /** The attribute of a field's hidden error line; its value names the field. */\n\
             export const ERROR_FOR_MARKER = {};\n\n\
             /** Where a gathering's weekly series is served as a calendar file, `{{id}}` its id. */\n\
             export const CALENDAR_PATH = {};\n\n\
             /** A figure with its parts (\"3:16-17\", \"18–24\", \"$12,500\"): isolated left to right on a right-to-left page so it reads as written (lib/figures.tsx). */\n\
             export const FIGURE_PATTERN = {};\n",
            quote(SETTINGS_BLOCK_ID),
            quote(CONTENT_BLOCK_ID),
            quote(SERVER_PART_MARKER),
            quote(PHOTO_MARKER),
            quote(PHOTO_SIZES_MARKER),
            quote(PHOTO_FIRST_MARKER),
            quote(VIDEO_MARKER),
            quote(UNSET_MARKER),
            quote(SET_MARKER),
            quote(WORD_MARKER),
            quote(TEMPLATE_MARKER),
            quote(JSON_WORDS_MARKER),
            quote(GATHERING_MARKER),
            quote(NOTICES_MARKER),
            quote(STYLESHEET_MARKER),
            quote(FORM_MARKER),
            quote(FORM_FIELD),
            quote(FORM_THANKS_MARKER),
            quote(FORM_PROBLEM_MARKER),
            quote(ERROR_FOR_MARKER),
            quote(CALENDAR_PATH),
            quote(FIGURE_PATTERN)
        ));
        out
    }

    /// content.generated.ts: the shape of the content files' items (src/content/), and
    /// what a site without content files shows (the built-in examples).
    fn content() -> String {
        let mut out = header("src/content/mod.rs");
        out.push_str(&declaration::<Block>());
        out.push_str(&declaration::<Note>());
        out.push_str(&declaration::<Sermon>());
        out.push_str(&declaration::<Event>());
        out.push_str(&declaration::<Launch>());
        out.push_str(&declaration::<crate::content::Notice>());
        out.push_str(&declaration::<Shown>());
        let builtin = crate::published::builtin_content_json();
        let shown: serde_json::Value = serde_json::from_str(&builtin).expect("content is JSON");
        out.push_str(&format!(
            "/** What a site without content files shows: the built-in example sermon, and no event. */\n\
             export const defaultContent: Shown = {builtin};\n\n\
             /** The built-in gatherings listed: what a page whose content block is damaged falls\n \
             *  back on (with the words written in the page itself, lib/content.ts). */\n\
             export const defaultGatherings: string[] = {};\n\n",
            shown["gatherings"]
        ));
        out.push_str(&declaration::<ServerPart>());
        out.push_str(&format!(
            "/** The parts of pages the server writes from the content files. */\n\
             export const serverParts: ServerPart[] = {};\n\n\
             /** Each part's HTML on a site without content files, as the server writes it (for prerendering). */\n\
             export const defaultPartHtml: Record<string, string> = {};\n",
            serde_json::to_string(&Part::declared()).expect("parts are JSON"),
            serde_json::to_string_pretty(&Part::defaults()).expect("parts are JSON")
        ));
        out
    }

    /// forms.generated.ts: the forms' declarations (src/forms/mod.rs), which the frontend's forms import.
    fn forms() -> String {
        let mut out = header("src/forms/mod.rs");
        out.push_str(&format!("export const HONEYPOT = '{HONEYPOT}';\n\n"));
        let quote = |s: &str| serde_json::to_string(s).expect("string");
        let list = |items: &[&str]| {
            format!(
                "[{}]",
                items
                    .iter()
                    .map(|s| quote(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        for form in FORMS {
            let ident = pascal_case(form.name);
            out.push_str(&format!("export interface {ident} {{\n"));
            for field in form.fields {
                let ty = match field.kind {
                    FieldKind::Bool { .. } => "boolean".to_string(),
                    FieldKind::Many(_) | FieldKind::Grouped(_) => "string[]".to_string(),
                    FieldKind::One(options) => format!(
                        "{} | ''",
                        options
                            .iter()
                            .map(|s| quote(s))
                            .collect::<Vec<_>>()
                            .join(" | ")
                    ),
                    _ => "string".to_string(),
                };
                out.push_str(&format!("  {}: {ty};\n", field.name));
            }
            out.push_str("}\n\n");
            out.push_str(&format!(
                "export const {}_FIELDS = {{\n",
                ident.to_uppercase()
            ));
            for field in form.fields {
                let (max, options) = match field.kind {
                    FieldKind::Text { max, .. } => (max, "[]".to_string()),
                    FieldKind::Email { .. } => (EMAIL_MAX, "[]".to_string()),
                    FieldKind::LongText => (LONG_MAX, "[]".to_string()),
                    _ => (0, list(&field.kind.options())),
                };
                out.push_str(&format!(
                    "  {}: {{ label: {}, required: {}, maxLength: {max}, options: {options} }},\n",
                    field.name,
                    quote(field.label),
                    field.required
                ));
            }
            out.push_str("} as const;\n\n");
        }
        out.push_str("export const SERVICE_PREFERENCE_GROUPS = [\n");
        for (group, options) in SERVICE_PREFERENCES {
            out.push_str(&format!(
                "  {{ group: {}, options: {} }},\n",
                quote(group),
                list(options)
            ));
        }
        out.push_str("] as const;\n\n");
        out.push_str(&words());
        out
    }

    /// The forms' words a visitor reads, keyed by their English, for the catalogues to
    /// translate (scripts/catalogue.mjs reads a generated module's `*_WORDS` exports):
    /// labels (group names too) and options, then the server's messages by key
    /// (src/forms/words.rs). An option written as a code (`friend-family`) is shown
    /// through the content's own words, so it is not listed.
    fn words() -> String {
        use crate::forms::Message;
        let quote = |s: &str| serde_json::to_string(s).expect("string");
        let mut labels: Vec<&str> = FORMS
            .iter()
            .flat_map(|form| form.fields.iter().map(|f| f.label))
            .chain(SERVICE_PREFERENCES.iter().map(|(group, _)| *group))
            .collect();
        let is_code = |o: &&str| o.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        let mut options: Vec<&str> = FORMS
            .iter()
            .flat_map(|form| form.fields.iter().flat_map(|f| f.kind.options()))
            .filter(|o| !is_code(o))
            .collect();
        for list in [&mut labels, &mut options] {
            let mut seen = std::collections::HashSet::new();
            list.retain(|x| seen.insert(*x));
        }
        let map = |items: &[&str]| {
            items
                .iter()
                .map(|x| format!("    {}: {},\n", quote(x), quote(x)))
                .collect::<String>()
        };
        let mut out = String::from(
            "/** The forms' words a visitor reads, by their English: each language's build\n \
             *  translates them (what is sent stays the English). */\n\
             export const FIELD_WORDS: { labels: Record<string, string>; options: Record<string, string> } = {\n",
        );
        out.push_str(&format!(
            "  labels: {{\n{}  }},\n  options: {{\n{}  }},\n}};\n\n",
            map(&labels),
            map(&options)
        ));
        out.push_str(
            "/** The server's messages about a submission, by key (src/forms/words.rs): the build\n \
             *  gives the server each language's, so a refusal reads in the page's language. */\n\
             export const MESSAGE_WORDS: Record<string, string> = {\n",
        );
        for message in Message::ALL {
            out.push_str(&format!(
                "  {}: {},\n",
                message.key(),
                quote(message.english())
            ));
        }
        out.push_str("};\n");
        out
    }

    /// parts.generated.ts: what the parts the server writes into pages say
    /// (src/page_parts/part_words.rs), by key, and the leadership's sections' headings by
    /// the group's name, for the catalogues to translate; the build gives the server
    /// each language's (`<code>/part-words.json`).
    fn parts() -> String {
        use crate::content::GROUPS;
        use crate::page_parts::part_words::Said;
        let quote = |s: &str| serde_json::to_string(s).expect("string");
        let mut out = header("src/page_parts/part_words.rs");
        out.push_str(
            "/** What the server's parts of pages say (the sermon list, the people pages, the\n \
             *  building's progress, the notices' link, how long forms are kept), and the\n \
             *  leadership's sections' headings: each language's build translates them. */\n\
             export const PART_WORDS: { said: Record<string, string>; groups: Record<string, string> } = {\n  said: {\n",
        );
        for said in Said::ALL {
            out.push_str(&format!("    {}: {},\n", said.key(), quote(said.english())));
        }
        out.push_str("  },\n  groups: {\n");
        for group in GROUPS {
            out.push_str(&format!(
                "    {}: {},\n",
                quote(group.name),
                quote(group.heading)
            ));
        }
        out.push_str("  },\n};\n");
        out
    }

    /// campuses.generated.ts: the campuses' facts (src/campuses.rs), by id, for the
    /// catalogues to translate and each language's build to write into the pages'
    /// words where they name one (`{campus.north.region}`: scripts/languages.mjs).
    fn campuses() -> String {
        use crate::campuses::{CAMPUSES, FIELDS};
        let quote = |s: &str| serde_json::to_string(s).expect("string");
        let mut out = header("src/campuses.rs");
        out.push_str(
            "/** The campuses' facts that the site's words name as `{campus.<id>.<field>}`: each\n \
             *  language's build writes them in, translated (scripts/languages.mjs). An empty\n \
             *  fact is one the campus does not have yet. */\n\
             export const CAMPUS_WORDS: Record<string, Record<string, string>> = {\n",
        );
        // Written as JSON (no trailing commas): the build reads it as such.
        let campuses: Vec<String> = CAMPUSES
            .iter()
            .map(|campus| {
                let facts: Vec<String> = FIELDS
                    .iter()
                    .map(|field| {
                        let fact = campus.fact(field).expect("every field");
                        format!("    {}: {}", quote(field), quote(fact))
                    })
                    .collect();
                format!("  {}: {{\n{}\n  }}", quote(campus.id), facts.join(",\n"))
            })
            .collect();
        out.push_str(&campuses.join(",\n"));
        out.push('\n');
        out.push_str("};\n");
        out
    }

    /// classes.generated.ts: the classes the server's page parts share with the pages.
    fn classes() -> String {
        use crate::page_parts::html::{CONTAINER, SECTION_HEADING, SECTION_PADDING};
        let mut out = header("src/page_parts/html.rs");
        for (doc, name, value) in [
            (
                "The one column every section, heading, header and footer lines up in: one left edge on every page.",
                "container",
                CONTAINER,
            ),
            (
                "The space above and below a section's content, inside that column.",
                "sectionPadding",
                SECTION_PADDING,
            ),
            ("A section's heading.", "sectionHeading", SECTION_HEADING),
        ] {
            out.push_str(&format!(
                "/** {doc} */\nexport const {name} = {};\n",
                serde_json::to_string(value).expect("string")
            ));
        }
        out
    }

    /// settings.generated.ts: the settings' names and defaults (src/settings/), and the outside links.
    fn settings() -> String {
        let mut out = header("src/settings/mod.rs");
        out.push_str("import type { ShownPhoto } from '../lib/contract.generated';\n\n");
        out.push_str("export interface SiteSettings {\n");
        for s in &SETTINGS {
            out.push_str(&format!(
                "  /** {} */\n  {}: string;\n",
                s.help,
                camel_case(s.name)
            ));
        }
        out.push_str("  /** Photo slot → the photo that replaces its drawing, as made for every screen. */\n  photos: Record<string, ShownPhoto>;\n}\n\n");
        out.push_str("export const defaultSettings: SiteSettings = {\n");
        for s in &SETTINGS {
            out.push_str(&format!(
                "  {}: {},\n",
                camel_case(s.name),
                serde_json::to_string(s.default).expect("string")
            ));
        }
        out.push_str("  photos: {},\n};\n\n");
        out.push_str(&format!(
            "/** The classes of a photo laid over its drawing (src/web/files/personalize.rs writes the same into prerendered pages). */\n\
             export const PHOTO_CLASS = {};\n\n",
            serde_json::to_string(PHOTO_CLASS).expect("string")
        ));
        out.push_str(
            "/** The server's redirects to the outside links (src/web/files/links.rs): current even before the page's script runs. */\n\
             export const links = {\n",
        );
        for (name, _) in LINKS {
            out.push_str(&format!("  {}: '/go/{name}',\n", camel_case(name)));
        }
        out.push_str("} as const;\n");
        out
    }
}

/// Fails when `relative` (from the crate root) differs from `expected`; writes it first
/// when UPDATE_CONTRACT_TS is 1.
#[cfg(test)]
fn check(relative: &str, expected: &str) {
    use std::path::Path;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    if std::env::var("UPDATE_CONTRACT_TS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "{} drifted from its Rust declarations: run `UPDATE_CONTRACT_TS=1 cargo test contract::`",
        path.display()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frontend_copy_matches_these_declarations() {
        for (file, text) in emit::files() {
            check(file, &text);
        }
    }

    #[test]
    fn names_follow_typescript_conventions() {
        assert_eq!(pascal_case("north-campus-interest"), "NorthCampusInterest");
        assert_eq!(camel_case("one-time-gift"), "oneTimeGift");
    }
}
