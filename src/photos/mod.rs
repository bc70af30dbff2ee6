//! The volunteer's photos made right for every visitor's screen: each original in
//! `photos/` is decoded (`decode`), turned upright, cropped to its slot's frame
//! around a focus and written at a few widths as WebP and JPEG with a placeholder
//! (`frame`, `make`), recorded in `photo-variants/` (`made`), one photo at a time by
//! a low-priority thread (`maker`). Refusals say what to do (`error`).
mod decode;
mod error;
mod frame;
mod made;
mod make;
mod maker;

pub use decode::check;
pub use error::{MAX_BYTES, PhotoError};
pub use frame::{Focus, Ratio};
pub use image::ImageFormat as Format;
pub use made::{FORMATS, Made, State, last_made, state};

pub use make::{Recipe, pixels};
pub use maker::{Job, make_waiting, start};

/// Changes whenever the way variants are made changes (widths, qualities, crop,
/// placeholder): every photo is then made again.
const RECIPE_VERSION: u32 = 2;

/// Names one original (its `version`: name, size, time) made by one recipe: what a
/// slot's record must carry to be served.
pub fn key(original_version: &str, recipe: &Recipe) -> String {
    let text = format!(
        "{RECIPE_VERSION}/{original_version}/{}:{}/{}/{:.4},{:.4}/{}/{}",
        recipe.ratio.width,
        recipe.ratio.height,
        recipe.largest_drawn,
        recipe.focus.x,
        recipe.focus.y,
        make::WEBP_QUALITY,
        make::JPEG_QUALITY
    );
    let digest = ring::digest::digest(&ring::digest::SHA256, text.as_bytes());
    digest.as_ref()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
