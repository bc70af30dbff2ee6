//! `GET /sermons.xml`: the sermons preached so far as an RSS 2.0 feed, newest first,
//! for podcast and feed readers: the newest FEED_ITEMS of them (a reader keeps what
//! it has read; /media lists every one).
use std::sync::Arc;

use chrono::{TimeZone, Utc};
use poem::http::header;
use poem::web::Data;
use poem::{Response, handler};

use super::ics::plain_text;
use crate::content::{HOME_ZONE, Item, Sermon, sermon_date};
use crate::published::Live;
use crate::settings::Key;
use crate::text::escape_html as xml;

/// How many of the newest sermons the feed carries: two years of Sundays.
pub const FEED_ITEMS: usize = 104;

/// The feed for the sermons `preached` (the newest FEED_ITEMS), on the site at `site`.
pub fn feed(preached: &[&Item<Sermon>], site: &str) -> String {
    let media = format!("{site}/media");
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n",
    );
    out.push_str("<title>The Well: sermons</title>\n");
    out.push_str(&format!("<link>{}</link>\n", xml(&media)));
    out.push_str("<description>The sermons of The Well, a global church ministry, newest first.</description>\n");
    out.push_str("<language>en</language>\n");
    for item in preached.iter().take(FEED_ITEMS) {
        let s = &item.value;
        let day = sermon_date(s).and_hms_opt(0, 0, 0).unwrap_or_default();
        let published = HOME_ZONE
            .from_local_datetime(&day)
            .earliest()
            .map_or_else(|| Utc::now().to_rfc2822(), |t| t.to_rfc2822());
        let mut description = [s.passage.as_str(), s.speaker.as_str()]
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" · ");
        let text = plain_text(&s.description);
        if !text.is_empty() {
            description = format!("{description}\n\n{text}");
        }
        let link = if s.video.is_empty() {
            media.clone()
        } else {
            format!("https://www.youtube.com/watch?v={}", s.video)
        };
        out.push_str("<item>\n");
        out.push_str(&format!("<title>{}</title>\n", xml(&s.title)));
        out.push_str(&format!("<link>{}</link>\n", xml(&link)));
        out.push_str(&format!(
            "<guid isPermaLink=\"false\">{}</guid>\n",
            xml(&item.source)
        ));
        out.push_str(&format!("<pubDate>{published}</pubDate>\n"));
        out.push_str(&format!(
            "<description>{}</description>\n",
            xml(description.trim())
        ));
        out.push_str("</item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    out
}

#[handler]
pub fn sermons_feed(live: Data<&Arc<Live>>) -> Response {
    let snap = live.current();
    Response::builder()
        .content_type("application/rss+xml; charset=utf-8")
        .header(header::CACHE_CONTROL, "public, max-age=300")
        .body(feed(
            &snap.library.preached(Utc::now()),
            snap.get(Key::SiteUrl),
        ))
}
