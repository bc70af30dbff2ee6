//! The long text of a content file, from Markdown to plain paragraphs and lists (raw
//! HTML stays text, link targets are dropped: what a visitor sees is inert).
use pulldown_cmark::{Event as Md, Parser, Tag, TagEnd};

use crate::content::model::Block;
use crate::text::free_text;

/// Markdown as paragraphs and lists of plain text. HTML is kept as the text it
/// is; a link keeps its words, not its target; headings become paragraphs.
pub fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut items: Option<Vec<String>> = None;
    let mut lists = 0;
    for event in Parser::new(markdown) {
        match event {
            Md::Text(t) | Md::Code(t) | Md::Html(t) | Md::InlineHtml(t) => text.push_str(&t),
            Md::SoftBreak | Md::HardBreak => text.push(' '),
            Md::Start(Tag::List(_)) => {
                lists += 1;
                if lists == 1 {
                    flush(&mut text, &mut out);
                    items = Some(Vec::new());
                }
            }
            Md::End(TagEnd::List(_)) => {
                lists -= 1;
                if lists == 0
                    && let Some(items) = items.take()
                    && !items.is_empty()
                {
                    out.push(Block { list: true, items });
                }
            }
            Md::End(TagEnd::Item) | Md::Start(Tag::Item) => {
                if let Some(items) = items.as_mut() {
                    let item = clean(&std::mem::take(&mut text));
                    if !item.is_empty() {
                        items.push(item);
                    }
                }
            }
            Md::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::BlockQuote(_)
                | TagEnd::CodeBlock
                | TagEnd::HtmlBlock,
            ) => {
                if items.is_none() {
                    flush(&mut text, &mut out);
                } else {
                    text.push(' ');
                }
            }
            _ => {}
        }
    }
    flush(&mut text, &mut out);
    out
}

pub(super) fn clean(text: &str) -> String {
    free_text(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn flush(text: &mut String, out: &mut Vec<Block>) {
    let paragraph = clean(&std::mem::take(text));
    if !paragraph.is_empty() {
        out.push(Block {
            list: false,
            items: vec![paragraph],
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_inert_paragraphs_and_lists() {
        let text = "First <script>alert(1)</script> line\nstill first.\n\n- one [link](javascript:alert(1))\n- two\n\n## Heading\n\n<b>bold</b>\n";
        let got = blocks(text);
        let para = |s: &str| Block {
            list: false,
            items: vec![s.into()],
        };
        assert_eq!(
            got,
            vec![
                para("First <script>alert(1)</script> line still first."),
                Block {
                    list: true,
                    items: vec!["one link".into(), "two".into()]
                },
                para("Heading"),
                para("<b>bold</b>"),
            ]
        );
    }
}
