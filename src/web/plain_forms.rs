//! A form the browser sends itself: without the page's script, or before it runs.
//! `POST <page>` with the form's fields as a `<form method="post">` sends them
//! (`application/x-www-form-urlencoded`, the form named by its hidden `FORM_FIELD`) is
//! checked by the form's own rules and stored as the form API stores it (the rate
//! limit and the honeypot too), then answered with the page, in its language: stored,
//! a redirect (303) to `<page>?sent=<form>`, which shows the form's thank-you (the words
//! of its toast); refused, the page again (400, 429 or 503) with each problem beside its
//! field, a line saying what to do, and every answer kept. The page's markers are the
//! build's (`FORM_MARKER` and the others, drawn by frontend/src/components/FormParts.tsx).
use poem::http::{StatusCode, header};
use poem::{Body, IntoResponse, Request, Response};
use serde_json::{Map, Value};

use super::error::WebError;
use super::forms::{Api, BODY_LIMIT, has_media_type, is_bot, key_of, store_once};
use super::ratelimit::client_address;
use crate::bundle::{
    ERROR_FOR_MARKER, FORM_FIELD, FORM_MARKER, FORM_PROBLEM_MARKER, FORM_THANKS_MARKER,
};
use crate::forms::{self, FieldErrors, FieldKind, Form, FormWords, Message};
use crate::text::{attribute, escape_html, unescape_html};

/// The largest form accepted: the API's limit, as percent-encoding writes it (an Urdu
/// letter takes six bytes: two, each as %XX).
const PLAIN_BODY_LIMIT: usize = 4 * BODY_LIMIT;

/// The query of the page that shows a form's thank-you: `sent=<form>`.
const SENT: &str = "sent=";

/// The fields as the browser sent them, each name with its values in order.
type Sent = Vec<(String, String)>;

fn values<'a>(sent: &'a Sent, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    sent.iter()
        .filter(move |(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The language a page is in (its first folder, when that is a language's), for the
/// words of its messages.
fn words_of(path: &str) -> &'static FormWords {
    crate::language::of_path(path).forms
}

/// The submission as the form API reads it (JSON): each declared field from what the
/// browser sent (a tick box sends its value only when ticked; a list, one pair per
/// value ticked), and the honeypot.
fn as_submission(form: &Form, sent: &Sent) -> Map<String, Value> {
    let mut input = Map::new();
    for field in form.fields {
        let value = match field.kind {
            FieldKind::Bool { .. } => Value::Bool(values(sent, field.name).any(|v| v == "true")),
            FieldKind::Many(_) | FieldKind::Grouped(_) => Value::Array(
                values(sent, field.name)
                    .map(|v| Value::String(v.to_string()))
                    .collect(),
            ),
            _ => Value::String(values(sent, field.name).next().unwrap_or("").to_string()),
        };
        input.insert(field.name.to_string(), value);
    }
    let honeypot = values(sent, forms::HONEYPOT).next().unwrap_or("");
    input.insert(forms::HONEYPOT.into(), Value::String(honeypot.to_string()));
    input
}

/// `POST` on a page (`page`: the page at that address as it is served now, if there is
/// one): a form of that page sent by the browser itself. Anything else sent to a page
/// is refused as before (pages are read with GET).
pub async fn post(req: &Request, body: Body, api: &Api, page: Option<String>) -> Response {
    let path = req.uri().path();
    let form_encoded = has_media_type(req, "application/x-www-form-urlencoded");
    let (Some(page), true) = (page, form_encoded) else {
        return WebError::PageMethod.into_response();
    };
    let words = words_of(path);
    let Ok(bytes) = body.into_bytes_limit(PLAIN_BODY_LIMIT).await else {
        return Response::builder()
            .status(StatusCode::PAYLOAD_TOO_LARGE)
            .content_type("text/plain; charset=utf-8")
            .body(words.message(Message::TooLarge, &[]));
    };
    let sent: Sent = form_urlencoded::parse(&bytes).into_owned().collect();
    let form = values(&sent, FORM_FIELD)
        .next()
        .and_then(forms::find)
        .filter(|form| page.contains(&form_attribute(form.name)));
    let Some(form) = form else {
        return WebError::PageMethod.into_response();
    };
    let input = as_submission(form, &sent);
    // A bot filled the field people never see: thanked, nothing kept.
    if is_bot(&input) {
        return sent_redirect(path, form);
    }
    // A browser sends none; the service worker does with a form it kept while the
    // phone was offline (frontend/src/offline/plainWaiting.ts), so a retry after a
    // lost answer is stored once.
    let key = match key_of(req) {
        Ok(key) => key,
        Err(refusal) => return refused(&page, form, &sent, &FieldErrors::new(), refusal, words),
    };
    if let Some(client) = client_address(req, api.trusted_proxy)
        && let Err(wait) = api.limiter.check(client)
    {
        let refusal = WebError::RateLimited(wait.as_secs().max(1));
        return refused(&page, form, &sent, &FieldErrors::new(), refusal, words);
    }
    let record = match form.validate_in(&input, words) {
        Ok(record) => record,
        Err(fields) => {
            let problem = WebError::Invalid(fields.clone());
            return refused(&page, form, &sent, &fields, problem, words);
        }
    };
    match store_once(api, form, record, key).await {
        Ok(_) => sent_redirect(path, form),
        Err(problem) => refused(&page, form, &sent, &FieldErrors::new(), problem, words),
    }
}

/// Whether a page's query asks for a form's thank-you.
pub fn asks_sent(query: &str) -> bool {
    query.split('&').any(|pair| pair.starts_with(SENT))
}

/// The form a page's query asks to thank for (`sent=<form>`), if any.
pub fn sent_form(query: &str) -> Option<&'static Form> {
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(SENT))
        .and_then(forms::find)
}

/// `GET <page>?sent=<form>`: `page` (as served now) with that form's thank-you shown.
/// None when the page does not hold that form (it is then served as usual).
pub fn sent_page(page: &str, form: &Form) -> Option<Response> {
    let (start, end) = form_span(page, form.name)?;
    let region = unhide(&page[start..end], &format!(" {FORM_THANKS_MARKER}"), None);
    Some(html(
        StatusCode::OK,
        format!("{}{region}{}", &page[..start], &page[end..]),
    ))
}

fn sent_redirect(path: &str, form: &Form) -> Response {
    Response::builder()
        .status(StatusCode::SEE_OTHER)
        .header(
            header::LOCATION,
            format!("{path}?{SENT}{}#{}", form.name, form_id(form.name)),
        )
        .header(header::CACHE_CONTROL, "no-store")
        .finish()
}

/// The page again: the form's answers kept, each problem beside its field, and what to
/// do in its line at the top of the form.
fn refused(
    page: &str,
    form: &Form,
    sent: &Sent,
    fields: &FieldErrors,
    problem: WebError,
    words: &FormWords,
) -> Response {
    let status = problem.status();
    let Some((start, end)) = form_span(page, form.name) else {
        return problem.response_in(words);
    };
    let mut region = refill(&page[start..end], sent);
    for (field, message) in fields {
        region = show_error(&region, field, message);
    }
    let line = format!(" {FORM_PROBLEM_MARKER}");
    region = unhide(&region, &line, Some(&problem.summary(words)));
    html(
        status,
        format!("{}{region}{}", &page[..start], &page[end..]),
    )
}

fn html(status: StatusCode, page: String) -> Response {
    Response::builder()
        .status(status)
        .content_type("text/html; charset=utf-8")
        // About one visitor's answers: no cache keeps it.
        .header(header::CACHE_CONTROL, "no-store")
        .body(page)
}

fn form_attribute(name: &str) -> String {
    format!(" {FORM_MARKER}=\"{name}\"")
}

/// The id of a form's element (the thank-you's address goes to it).
pub fn form_id(name: &str) -> String {
    format!("form-{name}")
}

/// Where a form is in its page: from its start tag to its end tag.
fn form_span(page: &str, name: &str) -> Option<(usize, usize)> {
    let marker = page.find(&form_attribute(name))?;
    let start = page[..marker].rfind("<form")?;
    let end = marker + page[marker..].find("</form>")? + "</form>".len();
    Some((start, end))
}

/// The start tag holding `marker` made visible (its `hidden` taken out), and its
/// content replaced by `text` when given (escaped).
fn unhide(region: &str, marker: &str, text: Option<&str>) -> String {
    let Some(at) = region.find(marker) else {
        return region.to_string();
    };
    let open = region[..at].rfind('<').unwrap_or(at);
    let Some(close) = region[at..].find('>').map(|c| at + c) else {
        return region.to_string();
    };
    let tag = without_attribute(&region[open..close], "hidden");
    let mut out = format!("{}{tag}>", &region[..open]);
    match text {
        Some(text) => {
            // Its content (empty in the build's page) up to its end tag becomes the text.
            let rest = &region[close + 1..];
            let end = rest.find("</").unwrap_or(0);
            out.push_str(&escape_html(text));
            out.push_str(&rest[end..]);
        }
        None => out.push_str(&region[close + 1..]),
    }
    out
}

/// A start tag (without its `>`) with the attribute `name` taken out, however the build
/// wrote it (`hidden`, `value=""`, `value="x"`): as an attribute only, never a word
/// inside another's value (a class named `hidden`).
fn without_attribute(tag: &str, name: &str) -> String {
    let word = format!(" {name}");
    let bytes = tag.as_bytes();
    let mut quoted = false;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'"' {
            quoted = !quoted;
            continue;
        }
        if quoted || !tag[i..].starts_with(&word) {
            continue;
        }
        let mut end = i + word.len();
        if tag[end..].starts_with("=\"") {
            end += 2 + tag[end + 2..]
                .find('"')
                .map_or(tag.len() - end - 2, |q| q + 1);
        }
        if end == tag.len() || matches!(bytes[end], b' ' | b'/') {
            return format!("{}{}", &tag[..i], &tag[end..]);
        }
    }
    tag.to_string()
}

/// A field's error shown in its line, and its input marked invalid and described by it.
fn show_error(region: &str, field: &str, message: &str) -> String {
    let marker = format!(" {ERROR_FOR_MARKER}=\"{field}\"");
    let error_id = region.find(&marker).and_then(|at| {
        let open = region[..at].rfind('<')?;
        attribute(&region[open..at + marker.len()], "id").map(str::to_string)
    });
    let region = unhide(region, &marker, Some(message));
    let Some(error_id) = error_id else {
        return region;
    };
    // The first control of that name (a text field, a list's first box).
    let name = format!(" name=\"{field}\"");
    let Some(at) = region.find(&name) else {
        return region;
    };
    let insert = at + name.len();
    format!(
        "{} aria-invalid=\"true\" aria-describedby=\"{}\"{}",
        &region[..insert],
        escape_html(&error_id),
        &region[insert..]
    )
}

/// The form's controls given back what the visitor sent: text in its field, a box or
/// button ticked when its value was sent, an option selected. Hidden fields, the
/// honeypot and buttons stay as the page wrote them.
fn refill(region: &str, sent: &Sent) -> String {
    let mut out = String::with_capacity(region.len() + 512);
    let mut rest = region;
    let mut select: Option<String> = None;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(close) = rest.find('>') else {
            break;
        };
        let tag = &rest[..close];
        let after = &rest[close + 1..];
        let kind = tag[1..]
            .split(|c: char| c.is_whitespace())
            .next()
            .unwrap_or("");
        let name = attribute(tag, "name").unwrap_or("");
        let first = |n: &str| values(sent, n).next().unwrap_or("").to_string();
        match kind {
            "input" if !name.is_empty() && name != forms::HONEYPOT => {
                let value = unescape_html(attribute(tag, "value").unwrap_or(""));
                // Written `<input ... />` by the build: what is added goes before the '/'.
                let (tag, slash) = match tag.strip_suffix('/') {
                    Some(bare) => (bare, "/"),
                    None => (tag, ""),
                };
                match attribute(tag, "type").unwrap_or("text") {
                    "hidden" | "submit" | "button" => out.push_str(tag),
                    "checkbox" | "radio" => {
                        out.push_str(&without_attribute(tag, "checked"));
                        if values(sent, name).any(|v| v == value) {
                            out.push_str(" checked");
                        }
                    }
                    _ => {
                        out.push_str(&without_attribute(tag, "value"));
                        out.push_str(&format!(" value=\"{}\"", escape_html(&first(name))));
                    }
                }
                out.push_str(slash);
                out.push('>');
                rest = after;
            }
            "textarea" if !name.is_empty() => {
                out.push_str(tag);
                out.push('>');
                out.push_str(&escape_html(&first(name)));
                rest = &after[after.find("</textarea").unwrap_or(0)..];
            }
            "select" => {
                select = Some(name.to_string());
                out.push_str(tag);
                out.push('>');
                rest = after;
            }
            "/select" => {
                select = None;
                out.push_str(tag);
                out.push('>');
                rest = after;
            }
            "option" if select.is_some() => {
                let chosen = select.as_deref().map(first).unwrap_or_default();
                let value = attribute(tag, "value").unwrap_or("");
                out.push_str(&without_attribute(tag, "selected"));
                if chosen == unescape_html(value) {
                    out.push_str(" selected");
                }
                out.push('>');
                rest = after;
            }
            _ => {
                out.push_str(tag);
                out.push('>');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(pairs: &[(&str, &str)]) -> Sent {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn every_kind_of_control_is_given_back_what_was_sent() {
        let form = r#"<form data-form="x"><input type="hidden" name="_form" value="x"><input id="a" name="name" value class="c"/><textarea name="note"></textarea><input type="checkbox" name="days" value="Monday"><input type="checkbox" name="days" value="Sunday" checked><input type="radio" name="age" value="18–24"><select name="how"><option value="" selected>Choose</option><option value="web">Web</option></select><input name="website" value=""></form>"#;
        let out = refill(
            form,
            &sent(&[
                ("name", "Ana \"A\" <b>"),
                ("note", "line 1\n</textarea>"),
                ("days", "Monday"),
                ("age", "18–24"),
                ("how", "web"),
                ("website", "spam"),
            ]),
        );
        assert!(
            out.contains(
                r#"<input id="a" name="name" class="c" value="Ana &quot;A&quot; &lt;b&gt;"/>"#
            ),
            "{out}"
        );
        assert!(
            out.contains("<textarea name=\"note\">line 1\n&lt;/textarea&gt;</textarea>"),
            "{out}"
        );
        assert!(out.contains(r#"value="Monday" checked>"#), "{out}");
        assert!(
            out.contains(r#"value="Sunday">"#),
            "an unsent box is not ticked: {out}"
        );
        assert!(out.contains(r#"value="18–24" checked>"#), "{out}");
        assert!(out.contains(r#"<option value="">Choose"#), "{out}");
        assert!(out.contains(r#"<option value="web" selected>"#), "{out}");
        assert!(
            out.contains(r#"name="website" value="">"#),
            "the honeypot is never echoed: {out}"
        );
        assert!(out.contains(r#"name="_form" value="x">"#), "{out}");
    }

    #[test]
    fn an_error_is_shown_in_its_line_and_its_field_points_to_it() {
        let form = r#"<input id="c-email" name="email" value=""><p id="c-email-error" class="e" data-error-for="email" hidden></p>"#;
        let out = show_error(form, "email", "Please enter a valid email <address>.");
        assert_eq!(
            out,
            r#"<input id="c-email" name="email" aria-invalid="true" aria-describedby="c-email-error" value=""><p id="c-email-error" class="e" data-error-for="email">Please enter a valid email &lt;address&gt;.</p>"#
        );
    }

    #[test]
    fn a_browsers_fields_become_the_apis_submission() {
        let form = forms::find("connect-card").expect("declared");
        let input = as_submission(
            form,
            &sent(&[
                ("firstName", "Ana"),
                ("serviceInfo", "This is my first time"),
                ("serviceInfo", "I've been here before"),
                ("consent", "true"),
            ]),
        );
        assert_eq!(input["firstName"], "Ana");
        assert_eq!(
            input["serviceInfo"],
            serde_json::json!(["This is my first time", "I've been here before"])
        );
        assert_eq!(input["consent"], true);
        assert_eq!(input["nextSteps"], serde_json::json!([]));
        assert_eq!(input["lastName"], "");
        assert_eq!(input[forms::HONEYPOT], "");
    }

    #[test]
    fn an_attribute_is_taken_out_as_written_and_never_a_word_of_a_value() {
        let hidden = |tag| without_attribute(tag, "hidden");
        assert_eq!(
            hidden(r#"<p data-x hidden class="a hidden b""#),
            r#"<p data-x class="a hidden b""#
        );
        assert_eq!(
            hidden(r#"<p class="hidden" hidden="""#),
            r#"<p class="hidden""#
        );
        assert_eq!(
            hidden(r#"<p class="overflow-hidden""#),
            r#"<p class="overflow-hidden""#
        );
        // A bare value (as preact-render-to-string writes an empty one), or a full one.
        assert_eq!(
            without_attribute(r#"<input name="a" value class="x"/"#, "value"),
            r#"<input name="a" class="x"/"#
        );
        assert_eq!(
            without_attribute(r#"<input value="a b" name="v""#, "value"),
            r#"<input name="v""#
        );
    }

    #[test]
    fn the_thank_you_query_is_recognised() {
        assert!(asks_sent("sent=contact"));
        assert!(asks_sent("utm=x&sent=contact"));
        assert!(!asks_sent("consent=1"));
    }
}
