//! `GET /photos/<file>`: the photos a volunteer put in `<data-dir>/photos/` to
//! replace the drawn placeholders. Only files the settings reading accepted are
//! served; a versioned address (`?v=`) is cached for a year.
use std::sync::Arc;

use poem::error::StaticFileError;
use poem::http::header;
use poem::web::{Data, Path, StaticFileRequest};
use poem::{FromRequest, IntoResponse, Request, Response, handler};

use super::error::not_found;
use crate::settings::Live;

fn no_photo(file: &str) -> Response {
    not_found(format!(
        "No photo named {}. `thewell site photos` lists the photos in use.",
        file.chars().take(100).collect::<String>()
    ))
}

#[handler]
pub async fn photo(Path(file): Path<String>, req: &Request, live: Data<&Arc<Live>>) -> Response {
    let snap = live.current();
    let Some(photo) = snap.photos.values().find(|p| p.file == file) else {
        return no_photo(&file);
    };
    let current = req
        .uri()
        .query()
        .is_some_and(|q| q == format!("v={}", photo.version));
    let static_file = match StaticFileRequest::from_request_without_body(req).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    match static_file.create_response(live.photo_path(&photo.file), false, false) {
        Ok(response) => {
            let mut response = response.into_response();
            let cache = if current {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static(cache),
            );
            response
        }
        Err(
            e @ (StaticFileError::PreconditionFailed | StaticFileError::RangeNotSatisfiable { .. }),
        ) => poem::error::ResponseError::as_response(&e),
        // Removed between the settings reading and now, or unreadable: say so, not 500.
        Err(_) => no_photo(&file),
    }
}
