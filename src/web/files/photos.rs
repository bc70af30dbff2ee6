//! `GET /photos/<file>`: the variants the photo maker made of the volunteer's photos
//! (`<data-dir>/photo-variants/files/`). Only a file that a slot's shown photo names
//! is served (never an original, never a file merely lying there), opened without
//! following a symbolic link and only while it has one name; each name carries the
//! key of what it was made from, so it is cached for a year.
use std::fs::File;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::sync::Arc;

use poem::error::StaticFileError;
use poem::http::header;
use poem::web::{Data, Path, StaticFileRequest};
use poem::{FromRequest, IntoResponse, Request, Response, handler};

use crate::photos::FORMATS;
use crate::published::Live;
use crate::web::error::not_found;

/// Opens a variant as a regular file with one name, never through a symbolic link.
fn open_variant(path: &std::path::Path) -> std::io::Result<File> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() || meta.nlink() != 1 || meta.len() == 0 {
        return Err(std::io::ErrorKind::NotFound.into());
    }
    Ok(file)
}

fn no_photo(file: &str) -> Response {
    not_found(format!(
        "No photo named {}. `thewell site photos` lists the photos in use.",
        file.chars().take(100).collect::<String>()
    ))
}

#[handler]
pub async fn photo(Path(file): Path<String>, req: &Request, live: Data<&Arc<Live>>) -> Response {
    let snap = live.current();
    if !snap
        .photos
        .iter()
        .any(|(slot, made)| made.has_file(slot, &file))
    {
        return no_photo(&file);
    }
    let static_file = match StaticFileRequest::from_request_without_body(req).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    // The file as opened, by its descriptor: what was checked is what is sent.
    let Ok(opened) = open_variant(&live.photo_file(&file)) else {
        return no_photo(&file);
    };
    let by_descriptor = format!("/proc/self/fd/{}", opened.as_raw_fd());
    match static_file.create_response(&by_descriptor, false, false) {
        Ok(response) => {
            let mut response = response.into_response();
            let mime = FORMATS
                .iter()
                .find(|(ext, _)| file.ends_with(&format!(".{ext}")))
                .map_or("application/octet-stream", |(_, mime)| mime);
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, header::HeaderValue::from_static(mime));
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static("public, max-age=31536000, immutable"),
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
