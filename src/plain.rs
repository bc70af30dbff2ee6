//! The plain-text answers of the endpoints outside the form API (a missing file,
//! calendar, link or photo; a method pages do not take): one sentence that says
//! what was wrong and what exists instead.
use poem::Response;
use poem::http::StatusCode;

pub fn plain(status: StatusCode, text: impl Into<String>) -> Response {
    Response::builder()
        .status(status)
        .content_type("text/plain; charset=utf-8")
        .body(text.into())
}

pub fn not_found(text: impl Into<String>) -> Response {
    plain(StatusCode::NOT_FOUND, text)
}
