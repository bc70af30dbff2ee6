//! The HTTP face: everything a browser or a monitor talks to. `server` listens and
//! routes; each other file is one kind of answer (the embedded site, the form API,
//! the schedule and calendars, the sermons' feed, outside links, photos) or what wraps them all
//! (security headers and the request log, the rate limiter, the error answers).
mod acme;
mod assets;
mod connection;
mod error;
mod forms;
mod ics;
mod links;
mod listen;
mod middleware;
mod personalize;
mod photos;
mod ratelimit;
mod rss;
mod schedule;
mod server;
mod tls;

pub use server::run;
