//! `POST /api/<form>`: reads at most 16 KiB of JSON, applies the rate limit and the
//! honeypot, validates against the form's declaration, stores (once per
//! `Idempotency-Key`, see `idempotency`), and answers `201 {"id"}` once the commit
//! is on disk. Every failure is a `WebError` (JSON).
use std::net::IpAddr;
use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Body, Request, Response, handler};
use serde_json::{Map, Value, json};

use super::error::WebError;
use super::idempotency::{Begin, Keys, digest, parse_key};
use super::ratelimit::{Limiter, client_address};
use crate::forms::{self, FormWords};
use crate::store::{IDEMPOTENCY_KEY, Writer};

/// The largest request body accepted: every form fits in a tenth of it.
pub const BODY_LIMIT: usize = 16 * 1024;

/// What the form endpoint needs: the store, the limiter, whom to believe about
/// addresses, and the idempotency keys of the last day.
pub struct Api {
    pub writer: Writer,
    pub keys: Arc<Keys>,
    pub limiter: Arc<Limiter>,
    pub trusted_proxy: Option<IpAddr>,
}

/// Whether the request's body is of media type `mime` (parameters aside).
pub(super) fn has_media_type(req: &Request, mime: &str) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|sent| sent.trim().eq_ignore_ascii_case(mime))
}

/// Whether a bot filled the field people never see (it is thanked; nothing is kept).
pub(super) fn is_bot(input: &Map<String, Value>) -> bool {
    input
        .get(forms::HONEYPOT)
        .and_then(Value::as_str)
        .is_some_and(|v| !v.trim().is_empty())
}

/// The `Idempotency-Key` a submission carries, if any (refused when it is not one).
pub(super) fn key_of(req: &Request) -> Result<Option<String>, WebError> {
    match req.headers().get("idempotency-key") {
        Some(value) => Ok(Some(parse_key(value.as_bytes()).map_err(WebError::BadKey)?)),
        None => Ok(None),
    }
}

async fn submit(
    req: &Request,
    body: Body,
    api: &Api,
    words: &FormWords,
) -> Result<String, WebError> {
    let name = req
        .uri()
        .path()
        .trim_start_matches('/')
        .trim_end_matches('/');
    let form =
        forms::find(name).ok_or_else(|| WebError::UnknownForm(name.chars().take(60).collect()))?;
    if req.method() != poem::http::Method::POST {
        return Err(WebError::FormMethod);
    }
    if !has_media_type(req, "application/json") {
        return Err(WebError::UnsupportedMediaType);
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|len| len > BODY_LIMIT as u64) {
        return Err(WebError::TooLarge);
    }
    let key = key_of(req)?;
    if let Some(client) = client_address(req, api.trusted_proxy) {
        api.limiter
            .check(client)
            .map_err(|wait| WebError::RateLimited(wait.as_secs().max(1)))?;
    }
    let body = body
        .into_bytes_limit(BODY_LIMIT)
        .await
        .map_err(|error| match error {
            poem::error::ReadBodyError::PayloadTooLarge => WebError::TooLarge,
            other => WebError::BadJson(other.to_string()),
        })?;
    let input: Map<String, Value> = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Object(map)) => map,
        Ok(_) => return Err(WebError::BadJson("expected an object of fields".into())),
        Err(error) => return Err(WebError::BadJson(error.to_string())),
    };
    // A bot filled the field people never see: thank it, keep nothing.
    if is_bot(&input) {
        return Ok(ulid::Ulid::generate().to_string());
    }
    let record = form.validate_in(&input, words).map_err(WebError::Invalid)?;
    store_once(api, form, record, key).await
}

/// Stores a valid submission, once per `key` when it carries one: a second with the
/// same key and the same answers gets the first one's id; with other answers, refused.
pub(super) async fn store_once(
    api: &Api,
    form: &'static forms::Form,
    mut record: Map<String, Value>,
    key: Option<String>,
) -> Result<String, WebError> {
    let Some(key) = key else {
        return store(api, form, record).await.map(|id| id.to_string());
    };
    let fingerprint = digest(&record);
    loop {
        match api.keys.begin(form.name, &key, fingerprint) {
            Begin::Replay(id) => return Ok(id.to_string()),
            Begin::Conflict => return Err(WebError::KeyReused),
            Begin::Wait(mut first) => {
                // The first with this key is being stored: its id, or try afresh.
                let outcome = first.wait_for(Option::is_some).await.map(|o| *o);
                if let Ok(Some(Ok(id))) = outcome {
                    return Ok(id.to_string());
                }
            }
            Begin::Fresh(guard) => {
                record.insert(IDEMPOTENCY_KEY.into(), Value::String(key));
                let id = store(api, form, record).await?;
                guard.stored(id);
                return Ok(id.to_string());
            }
        }
    }
}

async fn store(
    api: &Api,
    form: &'static forms::Form,
    record: Map<String, Value>,
) -> Result<ulid::Ulid, WebError> {
    api.writer
        .submit(form, record)
        .await
        // The writer logs the failure (once, then a count a minute); /healthz reports it.
        .map_err(|_| WebError::Unavailable)
}

/// The language of the page a submission comes from: its code asks for its own
/// (`Accept-Language: ur`, lib/api.ts), so the messages match the page the visitor reads.
/// A language the pages are not in, or none, reads English.
fn page_language(req: &Request) -> &'static FormWords {
    let first = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split([',', ';']).next())
        .unwrap_or("");
    crate::language::asked(first).forms
}

/// Every request under /api/ (its path here is what follows /api).
#[handler]
pub async fn forms_endpoint(req: &Request, body: Body, api: Data<&Arc<Api>>) -> Response {
    let words = page_language(req);
    match submit(req, body, &api, words).await {
        Ok(id) => Response::builder()
            .status(StatusCode::CREATED)
            .content_type("application/json")
            .header(header::CACHE_CONTROL, "no-store")
            .body(json!({ "id": id }).to_string()),
        Err(error) => error.response_in(words),
    }
}
