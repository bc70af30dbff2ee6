//! Why a photo was refused: each reason says what the volunteer can do about it.
use thiserror::Error;

/// The largest original the site takes, in bytes.
pub const MAX_BYTES: u64 = 40 * 1024 * 1024;
/// The most pixels an original may have (a 50-megapixel camera's full size).
pub const MAX_PIXELS: u64 = 50_000_000;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum PhotoError {
    #[error(
        "it is in HEIC, an iPhone's own format, which the site does not read: on the iPhone set Settings → Camera → Formats → Most Compatible, or share the photo as JPEG (Mail and AirDrop offer it), then add it again"
    )]
    Heic,
    #[error(
        "it is an AVIF image, which the site does not read yet: save it as JPEG or PNG (any photo editor's \"Export\" does), then add it again"
    )]
    Avif,
    #[error(
        "it is not a photo the site reads (JPEG, PNG or WebP): it starts as {0}. Export it from the phone or the photo editor as JPEG, then add it again"
    )]
    NotAPhoto(&'static str),
    #[error(
        "it is {} MB: the site takes photos up to 40 MB. Export it again at a smaller size (about 4000 px wide is plenty)",
        .0 / 1_000_000
    )]
    TooManyBytes(u64),
    #[error(
        "it is {width} × {height} pixels ({} megapixels): the site takes photos up to 50 megapixels. Export it again at about 4000 px wide",
        (u64::from(*.width) * u64::from(*.height)) / 1_000_000
    )]
    TooManyPixels { width: u32, height: u32 },
    #[error(
        "it is damaged or cut short ({0}): copy it from the phone again (a transfer that stopped early leaves half a photo)"
    )]
    Damaged(String),
    #[error("it could not be read: {0}")]
    Unreadable(String),
    #[error("its variants could not be written: {0}")]
    Write(String),
}
