//! The site's own files: the embedded pages and assets (`assets`, what a request
//! asks of them: `negotiate`), with the
//! volunteer's settings, photos and content written into them (`personalize`),
//! compressed and cached with their ETags (`rendered`); the volunteer's photos (`photos`), the outside links (`links`),
//! the sermons' feed (`rss`) and the calendars (`ics`).
pub mod assets;
pub mod ics;
pub mod links;
mod negotiate;
pub mod personalize;
pub mod photos;
pub mod rendered;
pub mod rss;
