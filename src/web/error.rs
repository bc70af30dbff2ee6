//! Every refusal the site answers with, and its HTTP status, decided in one place
//! (`WebError::status`). The form API and the schedule answer JSON
//! (`{"error", "fields"}`); pages, files, links, photos and calendars answer one
//! plain sentence that says what was wrong and what exists instead.
use poem::http::{HeaderValue, StatusCode, header};
use poem::{IntoResponse, Response};
use serde_json::json;

use crate::forms::{self, FieldErrors, FormWords, Message};

#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("There is no form named '{0}'. The forms are: {list}.", list = forms::names().join(", "))]
    UnknownForm(String),
    #[error("Forms are sent with POST.")]
    FormMethod,
    #[error("Method not allowed: pages are read with GET or HEAD.")]
    PageMethod,
    #[error("Send the form as JSON, with the header Content-Type: application/json.")]
    UnsupportedMediaType,
    #[error("{}", Message::TooLarge.english())]
    TooLarge,
    #[error("The submission could not be read as JSON: {0}.")]
    BadJson(String),
    #[error("{}", Message::Invalid.english())]
    Invalid(FieldErrors),
    #[error(
        "The Idempotency-Key header is not one this site accepts: {0}. Send a new random key (a UUID, say) with each new submission."
    )]
    BadKey(String),
    #[error("{}", Message::KeyReused.english())]
    KeyReused,
    #[error("{}", FormWords::english().message(Message::RateLimited, &[("seconds", &.0.to_string())]))]
    RateLimited(u64),
    #[error(
        "'{0}' is not an instant: write it in RFC 3339, e.g. at=2026-11-18T19:00:00-05:00 (encode '+' as %2B)."
    )]
    BadInstant(String),
    #[error(
        "We could not save your submission just now. Nothing you sent was stored; please try again in a few minutes."
    )]
    Unavailable,
    /// A file, calendar, link or photo that does not exist; the text names what does.
    #[error("{0}")]
    NotFound(String),
    /// `/healthz` while storing submissions fails: what a monitor should read.
    #[error("{0}")]
    Unhealthy(String),
}

impl WebError {
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::UnknownForm(_) | WebError::NotFound(_) => StatusCode::NOT_FOUND,
            WebError::FormMethod | WebError::PageMethod => StatusCode::METHOD_NOT_ALLOWED,
            WebError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            WebError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::BadJson(_)
            | WebError::Invalid(_)
            | WebError::BadInstant(_)
            | WebError::BadKey(_) => StatusCode::BAD_REQUEST,
            WebError::KeyReused => StatusCode::UNPROCESSABLE_ENTITY,
            WebError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            WebError::Unavailable | WebError::Unhealthy(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// What a visitor reads of it, in the language of `words` (the page's): the refusals
    /// a form shows are translated; the rest (a developer's mistakes) stay English.
    pub fn summary(&self, words: &FormWords) -> String {
        match self {
            WebError::Invalid(_) => words.message(Message::Invalid, &[]),
            WebError::TooLarge => words.message(Message::TooLarge, &[]),
            WebError::KeyReused => words.message(Message::KeyReused, &[]),
            WebError::RateLimited(seconds) => {
                words.message(Message::RateLimited, &[("seconds", &seconds.to_string())])
            }
            other => other.to_string(),
        }
    }

    /// Pages and files answer in plain text; the JSON endpoints in JSON.
    fn is_plain(&self) -> bool {
        matches!(
            self,
            WebError::NotFound(_) | WebError::PageMethod | WebError::Unhealthy(_)
        )
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        self.response_in(FormWords::english())
    }
}

impl WebError {
    /// The answer, its words in the language of `words`.
    pub fn response_in(self, words: &FormWords) -> Response {
        let builder = Response::builder().status(self.status());
        let mut response = if self.is_plain() {
            builder
                .content_type("text/plain; charset=utf-8")
                .body(self.summary(words))
        } else {
            let fields = match &self {
                WebError::Invalid(fields) => fields.clone(),
                _ => FieldErrors::new(),
            };
            let body = json!({ "error": self.summary(words), "fields": fields });
            builder
                .content_type("application/json")
                // Answers of the API are about one request: no cache keeps them.
                .header(header::CACHE_CONTROL, "no-store")
                .body(body.to_string())
        };
        let headers = response.headers_mut();
        match self {
            WebError::FormMethod => {
                headers.insert(header::ALLOW, HeaderValue::from_static("POST"));
            }
            WebError::PageMethod => {
                headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            }
            WebError::RateLimited(seconds) => {
                headers.insert(header::RETRY_AFTER, seconds.into());
            }
            _ => {}
        }
        response
    }
}

/// A 404 answer naming what was asked for and what exists instead.
pub fn not_found(text: impl Into<String>) -> Response {
    WebError::NotFound(text.into()).into_response()
}
