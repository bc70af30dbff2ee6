//! `GET /go/<name>`: the outside links a volunteer sets (giving page, one-time gift,
//! church app, meeting, worship video file) as redirects, so every page's links
//! follow the current settings even before its script runs.
use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{Request, Response, handler};
use serde::Deserialize;

use crate::published::Live;
use crate::settings::{Key, LINKS};
use crate::web::error::not_found;

#[derive(Debug, Deserialize)]
struct GoQuery {
    fund: Option<String>,
}

/// A fund name as the giving buttons write it: lowercase letters, digits, dashes.
fn plain_fund(fund: &str) -> bool {
    !fund.is_empty()
        && fund.len() <= 40
        && fund
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// `target` with `fund=<fund>` added to its query.
fn with_fund(target: &str, fund: &str) -> String {
    match url::Url::parse(target) {
        Ok(mut url) => {
            url.query_pairs_mut().append_pair("fund", fund);
            url.to_string()
        }
        Err(_) => target.to_string(),
    }
}

#[handler]
pub fn go(Path(name): Path<String>, req: &Request, live: Data<&Arc<Live>>) -> Response {
    let Some(&(_, key)) = LINKS.iter().find(|(n, _)| *n == name) else {
        let names: Vec<_> = LINKS.iter().map(|(n, _)| format!("/go/{n}")).collect();
        return not_found(format!(
            "No link named {name}. The links are: {}.",
            names.join(", ")
        ));
    };
    let snap = live.current();
    let mut target = snap.get(key).to_string();
    if key == Key::GivingUrl
        && let Some(fund) = req.params::<GoQuery>().ok().and_then(|q| q.fund)
    {
        if !plain_fund(&fund) {
            return not_found(format!(
                "'{}' is not a fund name: funds are named with lowercase letters, digits and dashes.",
                fund.chars().take(40).collect::<String>()
            ));
        }
        target = with_fund(&target, &fund);
    }
    Response::builder()
        .status(StatusCode::FOUND)
        .header(header::LOCATION, target)
        // A changed setting applies at once: nobody keeps the old answer.
        .header(header::CACHE_CONTROL, "no-store")
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn funds_join_the_query_that_is_there() {
        assert_eq!(
            with_fund("https://give.example.com/well", "the-city"),
            "https://give.example.com/well?fund=the-city"
        );
        assert_eq!(
            with_fund("https://give.example.com/well?church=1", "urdu-bibles"),
            "https://give.example.com/well?church=1&fund=urdu-bibles"
        );
        assert!(plain_fund("pakistan-building"));
        assert!(!plain_fund("x&y=1"));
        assert!(!plain_fund(""));
    }
}
