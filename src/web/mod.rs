//! The HTTP face: everything a browser or a monitor talks to. `server` composes the
//! rest and `https` adds the certificate's half; `conn/` accepts connections and
//! holds each to its limits (with TLS and ACME); `files/` answers with the site's own
//! files (the embedded pages and assets with the volunteer's values written in,
//! photos, outside links, the sermons' feed and the calendars); beside them, the
//! form API and the same forms sent by a browser without script (`plain_forms`), the
//! schedule, and what wraps every answer (security headers and the
//! request log, the rate limiter, the error answers).
mod conn;
mod error;
mod files;
mod forms;
mod https;
mod idempotency;
mod middleware;
mod plain_forms;
mod ratelimit;
mod schedule;
mod server;
mod startup;

pub use server::run;
