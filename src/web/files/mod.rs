//! The site's own files: the embedded pages and assets (`assets`), with the
//! volunteer's settings, photos and content written into them and their ETags
//! (`personalize`); the volunteer's photos (`photos`), the outside links (`links`),
//! the sermons' feed (`rss`) and the calendars (`ics`).
pub mod assets;
pub mod ics;
pub mod links;
pub mod personalize;
pub mod photos;
pub mod rss;
