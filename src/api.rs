//! `POST /api/<form>`: reads at most 16 KiB of JSON, applies the rate limit and the
//! honeypot, validates against the form's declaration, stores, and answers `201
//! {"id"}` once the commit is on disk. Every failure is a JSON error whose status
//! is decided in one place, `ApiError::status`.
use std::net::IpAddr;
use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Body, IntoResponse, Request, Response, handler};
use serde_json::{Map, Value, json};

use crate::forms::{self, FieldErrors};
use crate::ratelimit::{Limiter, client_address};
use crate::store::Writer;

/// The largest request body accepted (DECISIONS.md).
pub const BODY_LIMIT: usize = 16 * 1024;

pub struct Api {
    pub writer: Writer,
    pub limiter: Limiter,
    pub trusted_proxy: Option<IpAddr>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("There is no form named '{0}'. The forms are: {list}.", list = forms::names().join(", "))]
    UnknownForm(String),
    #[error("Forms are sent with POST.")]
    MethodNotAllowed,
    #[error("Send the form as JSON, with the header Content-Type: application/json.")]
    UnsupportedMediaType,
    #[error(
        "The submission is larger than 16 KiB. Please shorten the longest answers and send it again."
    )]
    TooLarge,
    #[error("The submission could not be read as JSON: {0}.")]
    BadJson(String),
    #[error("Some answers need attention.")]
    Invalid(FieldErrors),
    #[error("Too many submissions from your network. Please wait {0} seconds and try again.")]
    RateLimited(u64),
    #[error(
        "'{0}' is not an instant: write it in RFC 3339, e.g. at=2026-11-18T19:00:00-05:00 (encode '+' as %2B)."
    )]
    BadInstant(String),
    #[error(
        "We could not save your submission just now. Nothing you sent was stored; please try again in a few minutes."
    )]
    Unavailable,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownForm(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::BadJson(_) | ApiError::Invalid(_) | ApiError::BadInstant(_) => {
                StatusCode::BAD_REQUEST
            }
            ApiError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let fields = match &self {
            ApiError::Invalid(fields) => fields.clone(),
            _ => FieldErrors::new(),
        };
        let body = json!({ "error": self.to_string(), "fields": fields });
        let mut response = Response::builder()
            .status(self.status())
            .content_type("application/json")
            .body(body.to_string());
        match self {
            ApiError::MethodNotAllowed => {
                response
                    .headers_mut()
                    .insert(header::ALLOW, header::HeaderValue::from_static("POST"));
            }
            ApiError::RateLimited(seconds) => {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, seconds.into());
            }
            _ => {}
        }
        response
    }
}

fn is_json(req: &Request) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

async fn submit(req: &Request, body: Body, api: &Api) -> Result<String, ApiError> {
    let name = req
        .uri()
        .path()
        .trim_start_matches('/')
        .trim_end_matches('/');
    let form =
        forms::find(name).ok_or_else(|| ApiError::UnknownForm(name.chars().take(60).collect()))?;
    if req.method() != poem::http::Method::POST {
        return Err(ApiError::MethodNotAllowed);
    }
    if !is_json(req) {
        return Err(ApiError::UnsupportedMediaType);
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|len| len > BODY_LIMIT as u64) {
        return Err(ApiError::TooLarge);
    }
    if let Some(client) = client_address(req, api.trusted_proxy) {
        api.limiter
            .check(client)
            .map_err(|wait| ApiError::RateLimited(wait.as_secs().max(1)))?;
    }
    let body = body
        .into_bytes_limit(BODY_LIMIT)
        .await
        .map_err(|error| match error {
            poem::error::ReadBodyError::PayloadTooLarge => ApiError::TooLarge,
            other => ApiError::BadJson(other.to_string()),
        })?;
    let input: Map<String, Value> = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Object(map)) => map,
        Ok(_) => return Err(ApiError::BadJson("expected an object of fields".into())),
        Err(error) => return Err(ApiError::BadJson(error.to_string())),
    };
    // A bot filled the field people never see: thank it, keep nothing.
    if input
        .get(forms::HONEYPOT)
        .and_then(Value::as_str)
        .is_some_and(|v| !v.trim().is_empty())
    {
        return Ok(ulid::Ulid::generate().to_string());
    }
    let record = form.validate(&input).map_err(ApiError::Invalid)?;
    api.writer
        .submit(form, record)
        .await
        .map(|id| id.to_string())
        .map_err(|error| {
            tracing::warn!(%error, form = form.name, "answered 503: submission not stored");
            ApiError::Unavailable
        })
}

/// Every request under /api/ (its path here is what follows /api).
#[handler]
pub async fn forms_endpoint(req: &Request, body: Body, api: Data<&Arc<Api>>) -> Response {
    match submit(req, body, &api).await {
        Ok(id) => Response::builder()
            .status(StatusCode::CREATED)
            .content_type("application/json")
            .body(json!({ "id": id }).to_string()),
        Err(error) => error.into_response(),
    }
}
