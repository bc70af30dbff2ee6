//! The frontend build baked into the executable (frontend/dist), and what the
//! server and the staff commands read from it: its files, the photo slots the
//! build listed, and the marks the prerendered pages carry for the server.
use rust_embed::{EmbeddedFile, RustEmbed};
use serde::{Deserialize, Serialize};

/// Everything `npm run build` wrote to frontend/dist, baked into the executable.
#[derive(RustEmbed)]
#[folder = "frontend/dist/"]
struct Files;

/// One file of the bundle by its path (`index.html`, `assets/app-1234abcd.js`).
pub fn get(path: &str) -> Option<EmbeddedFile> {
    Files::get(path)
}

/// The paths of every file of the bundle.
pub fn paths() -> impl Iterator<Item = std::borrow::Cow<'static, str>> {
    Files::iter()
}

/// The element id of the JSON block in every page that holds the settings the page's
/// script reads before it hydrates (the server rewrites its content).
pub const SETTINGS_BLOCK_ID: &str = "site-settings";

/// The element id of the JSON block in every page that holds what the content files
/// show now (the latest sermon, the events not yet ended); the server rewrites it.
pub const CONTENT_BLOCK_ID: &str = "site-content";

/// The attribute that marks an element whose inner HTML the server writes from the
/// content files (src/content/parts.rs); its value names the part. The page keeps it as is.
pub const SERVER_PART_MARKER: &str = "data-server-part";

/// The attribute that marks a drawing a photo can replace; its value is the slot.
pub const PHOTO_MARKER: &str = "data-photo";

/// The attribute that marks a video spot's "coming soon" line; its value is the
/// setting of the video. The server empties the line once that setting is set.
pub const VIDEO_MARKER: &str = "data-video";

/// What a video spot says until its video is set.
pub const VIDEO_SOON: &str = "Video coming soon";

/// The classes of a photo laid over its drawing.
pub const PHOTO_CLASS: &str = "absolute inset-0 z-10 h-full w-full object-cover";

/// One place a photo can replace a drawing, as the frontend build listed it.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PhotoSlot {
    /// The slot's name: the photo's file name without its extension.
    pub slot: String,
    /// What the drawing shows.
    pub alt: String,
    /// Width:height of the frame the photo fills (it is cropped to fit).
    pub ratio: String,
    /// The pages (or pop-ups) that show it.
    pub places: Vec<String>,
}

/// Every photo slot of the site (written by the frontend build as photo-slots.json).
pub fn photo_slots() -> Vec<PhotoSlot> {
    get("photo-slots.json")
        .and_then(|file| serde_json::from_slice(&file.data).ok())
        .unwrap_or_default()
}
