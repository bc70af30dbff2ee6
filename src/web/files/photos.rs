//! `GET /photos/<file>`: the photos a volunteer put in `<data-dir>/photos/` to
//! replace the drawn placeholders. Only files the settings reading accepted that
//! fill one of the site's photo slots (the build's, or a named person's) are
//! served, opened without following a symbolic link and only while they have one
//! name (no hard link to another file); a versioned address (`?v=`) is cached for
//! a year.
use std::fs::File;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::sync::{Arc, LazyLock};

use poem::error::StaticFileError;
use poem::http::header;
use poem::web::{Data, Path, StaticFileRequest};
use poem::{FromRequest, IntoResponse, Request, Response, handler};

use crate::bundle;
use crate::published::Live;
use crate::settings::{HEAD_BYTES, starts_like_its_type};
use crate::web::error::not_found;

/// The site's photo slots, from the embedded build.
static SLOTS: LazyLock<Vec<String>> =
    LazyLock::new(|| bundle::photo_slots().into_iter().map(|s| s.slot).collect());

/// Opens a photo as a regular file with one name, never through a symbolic link,
/// that starts as the image type its name says (a backup once hard-linked here has
/// one name left after the backup is deleted, but it is no photo).
fn open_photo(path: &std::path::Path) -> std::io::Result<File> {
    use std::os::unix::fs::FileExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() || meta.nlink() != 1 || meta.len() == 0 {
        return Err(std::io::ErrorKind::NotFound.into());
    }
    let mut head = [0u8; HEAD_BYTES];
    let read = file.read_at(&mut head, 0)?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if !starts_like_its_type(name, &head[..read]) {
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
    let Some((_, photo)) = snap.photos.iter().find(|(slot, p)| {
        p.file == file
            && (SLOTS.contains(slot)
                || snap
                    .library
                    .people
                    .iter()
                    .any(|person| &person.value.photo == *slot))
    }) else {
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
    // The file as opened, by its descriptor: what was checked is what is sent.
    let Ok(opened) = open_photo(&live.photo_path(&photo.file)) else {
        return no_photo(&file);
    };
    let by_descriptor = format!("/proc/self/fd/{}", opened.as_raw_fd());
    match static_file.create_response(&by_descriptor, false, false) {
        Ok(response) => {
            let mut response = response.into_response();
            let mime = mime_guess::from_path(&photo.file).first_or_octet_stream();
            if let Ok(value) = header::HeaderValue::from_str(mime.as_ref()) {
                response.headers_mut().insert(header::CONTENT_TYPE, value);
            }
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
