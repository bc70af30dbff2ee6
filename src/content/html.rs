//! The HTML the server's page parts share: the classes of the column and the
//! sections the frontend's pages are built of (the frontend's copy,
//! `frontend/src/lib/classes.generated.ts`, is generated from these), and long text
//! from a content file written as paragraphs and lists, every word escaped.
use super::model::Block;
use super::part_words::PartWords;
use crate::text::escape_html;

/// The one column every section, heading, header and footer lines up in: one left
/// edge on every page.
pub const CONTAINER: &str = "mx-auto w-full max-w-6xl px-4 sm:px-6";
/// The space above and below a section's content, inside that column.
pub const SECTION_PADDING: &str = "py-14";
/// A section's heading.
pub const SECTION_HEADING: &str = "font-serif text-3xl font-semibold text-slate-900";

/// Long text as paragraphs and lists, each in `class` (marked English on a page in
/// another language when it reads English: `words`).
pub(super) fn write_blocks(out: &mut String, blocks: &[Block], class: &str, words: &PartWords) {
    for b in blocks {
        let text = b.items.join(" ");
        let lang = words.text_lang(&text);
        if b.list {
            out.push_str(&format!(r#"<ul class="list-disc pl-5 {class}"{lang}>"#));
            for item in &b.items {
                out.push_str(&format!("<li>{}</li>", escape_html(item)));
            }
            out.push_str("</ul>");
        } else {
            out.push_str(&format!(
                r#"<p class="{class}"{lang}>{}</p>"#,
                escape_html(&text)
            ));
        }
    }
}
