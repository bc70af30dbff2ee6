//! The HTML the server's page parts share: the classes of the column and the
//! sections the frontend's pages are built of (the frontend's copy,
//! `frontend/src/lib/classes.generated.ts`, is generated from these), and long text
//! from a content file written as paragraphs and lists, every word escaped.
use super::part_words::PartWords;
use crate::content::Block;
use crate::text::escape_html;

/// The one column every section, heading, header and footer lines up in: one left
/// edge on every page.
pub const CONTAINER: &str = "mx-auto w-full max-w-6xl px-4 sm:px-6";
/// The space above and below a section's content, inside that column.
pub const SECTION_PADDING: &str = "py-14";
/// A section's heading.
pub const SECTION_HEADING: &str = "font-serif text-3xl font-semibold text-slate-900";

/// Long text as paragraphs and lists, each in `class`. On a page in another language,
/// text shown in English (`in_english`: its file gave none in the page's language) is
/// marked English under a short line saying so, as the frontend's ContentBlocks draws it.
pub(super) fn write_blocks(
    out: &mut String,
    blocks: &[Block],
    class: &str,
    words: &PartWords,
    in_english: bool,
) {
    let all: Vec<String> = blocks.iter().map(|b| b.items.join(" ")).collect();
    let marked = !words.text_lang(in_english).is_empty();
    if marked {
        out.push_str(&format!(
            r#"<div lang="en" dir="ltr"><p class="text-sm font-semibold text-slate-600"{}>{}</p>"#,
            words.own_lang(),
            words.in_english()
        ));
    }
    for (b, text) in blocks.iter().zip(&all) {
        if b.list {
            out.push_str(&format!(r#"<ul class="list-disc ps-5 {class}">"#));
            for item in &b.items {
                out.push_str(&format!("<li>{}</li>", escape_html(item)));
            }
            out.push_str("</ul>");
        } else {
            out.push_str(&format!(r#"<p class="{class}">{}</p>"#, escape_html(text)));
        }
    }
    if marked {
        out.push_str("</div>");
    }
}
