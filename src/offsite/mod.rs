//! Off-site copies: every submission, the settings, content and photos, encrypted
//! to an age recipient (the server never holds the identity that decrypts) into an
//! S3-compatible bucket. `bucket` speaks to the bucket, `crypt` encrypts and
//! decrypts, `pack` says what an object holds, `seal` makes one on disk (encrypted and tagged as it is written), `layout` names the objects and picks
//! which to keep, `copier` is the server's loop (`state` what it knows, `snapshot` what changed, `upload` what goes up), `record` lists what a copy consists of, `recovery` reads and writes the recovery file, `restore` brings
//! a site back from the bucket, `verify` checks the newest copy against the site, `sign` signs each request, `tag` tells genuine objects from planted ones;
//! `error` says what went wrong.
pub mod bucket;
pub mod copier;
pub mod crypt;
mod error;
pub mod layout;
pub mod pack;
pub mod protection;
pub mod record;
pub mod recovery;
pub mod restore;
pub mod seal;
pub mod sign;
mod snapshot;
pub mod state;
pub mod tag;
mod upload;
pub mod verify;
mod xml;

pub use bucket::Bucket;
pub(crate) use error::BucketError;
pub use error::OffsiteError;
