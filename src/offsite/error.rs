//! What goes wrong with off-site copies, in words staff can act on: a request to
//! the bucket (`BucketError`), and everything else (`OffsiteError`).
use std::path::PathBuf;

/// Why a request to the bucket failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BucketError {
    #[error("DNS: the name {0} does not resolve: check --offsite-endpoint")]
    Dns(String),
    #[error("connection: {0}")]
    Connection(String),
    #[error("TLS: {0}")]
    Tls(String),
    #[error(
        "credentials: the bucket refused the key ({0}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the credentials file)"
    )]
    Credentials(String),
    #[error("the bucket {0} does not exist: create it, or check the name and --offsite-endpoint")]
    BucketMissing(String),
    #[error(
        "clock skew: the bucket says this machine's clock is wrong; set it right (e.g. with systemd-timesyncd)"
    )]
    ClockSkew,
    #[error("throttled: the bucket asks us to slow down (HTTP {0})")]
    Throttled(u16),
    #[error("the bucket answered HTTP {status} {code}")]
    Status { status: u16, code: String },
    #[error("no object {0} in the bucket")]
    NotFound(String),
    #[error("timed out: the bucket sent nothing for {0} s")]
    Timeout(u64),
    #[error(
        "the bucket's answer was larger than {0} bytes: refused (check --offsite-endpoint, or raise --max-restore-bytes)"
    )]
    TooLarge(u64),
    #[error(
        "the bucket's listing goes on past {0} objects: refused (check --offsite-endpoint and the prefix)"
    )]
    EndlessListing(usize),
    #[error(
        "the bucket did not take an upload in parts ({0}): objects over 8 MiB go up in parts, which every S3-compatible store should take; check --offsite-endpoint"
    )]
    Multipart(&'static str),
    #[error("cannot read the copy being put in the bucket: {0} (it is made again next time)")]
    Local(String),
}

/// Everything that can go wrong with off-site copies, in words staff can act on.
#[derive(Debug, thiserror::Error)]
pub enum OffsiteError {
    #[error("{}", bad_bucket(.0))]
    BadBucketUrl(String),
    #[error(
        "{0}: the endpoint must be an http:// or https:// address, e.g. https://s3.us-west-004.backblazeb2.com"
    )]
    BadEndpoint(String),
    #[error(
        "{0}: plain http:// only to this machine (127.0.0.1, localhost); anywhere else use https://"
    )]
    PlainHttp(String),
    #[error(
        "no key for the bucket: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give --offsite-credentials FILE"
    )]
    NoCredentials,
    #[error("cannot read the credentials file {path}: {reason}")]
    CredentialsFile { path: PathBuf, reason: String },
    #[error(
        "the credentials file {path} may be read by others (mode {mode:o}): run `chmod 600 {path}`"
    )]
    CredentialsReadable { path: PathBuf, mode: u32 },
    #[error("{0}: a recipient is the age1… line `thewell offsite keygen` printed")]
    BadRecipient(String),
    #[error(
        "{0} is a key of low order: anything encrypted to it could be read without any key. Make a new one with `thewell offsite keygen`"
    )]
    LowOrderRecipient(String),
    #[error("cannot use the tag key file {path}: {reason}")]
    TagKeyFile { path: PathBuf, reason: String },
    #[error("cannot read the identity file {path}: {reason}")]
    IdentityFile { path: PathBuf, reason: String },
    #[error(
        "the identity in {0} does not open this bucket's copies: they were encrypted to another recipient; use the identity file whose age1… line the server was given"
    )]
    WrongIdentity(PathBuf),
    #[error(
        "{object} is damaged or not a copy made by thewell ({reason}): try an earlier copy with --at"
    )]
    Damaged { object: String, reason: String },
    #[error("{0}")]
    Bucket(#[from] BucketError),
    #[error(
        "{bucket} holds no copy this restore can take: every copy of the submissions there was refused: {refused}. A tag that does not match means planted, or made with another tag key: check that this is the identity file made together with the server's --offsite-tag-key. Nothing was written"
    )]
    NoGenuineCopy { bucket: String, refused: String },
    #[error(
        "the copy of {at} names files the bucket does not hold as genuine objects, so this restore would not be whole: {missing}. Nothing was put in place. Run it again with --accept-missing to restore everything else (then put those files back by hand), or with --at an earlier time"
    )]
    MissingFiles { at: String, missing: String },
    #[error(
        "the newest record of the copy (written {at}) names objects this restore could not take, so it would not be whole: {missing}. Nothing was put in place. Run it again with --accept-missing to restore everything else, or with --at an earlier time"
    )]
    Incomplete { at: String, missing: String },
    #[error(
        "the copy of {at} holds no list of the site's files this restore can take ({why}), so the settings, notification targets, content and photos would not come back. Nothing was put in place. Run it again with --accept-missing to restore the submissions alone, or with --at an earlier time"
    )]
    NoFilesList { at: String, why: String },
    #[error("the bucket holds no copy of a site under {0}: check the bucket and prefix")]
    NoCopy(String),
    #[error(
        "{0} already holds copies of a site that this data directory did not make: nothing is copied, so as not to mix two sites' copies or delete theirs. To bring that site back here, stop thewell and run `thewell restore --from {0}` onto an empty data directory first; for a second site, choose another prefix (s3://BUCKET/ANOTHER-PREFIX)"
    )]
    PrefixTaken(String),
    #[error("the bucket's oldest copy is from {oldest}: there is none as early as {at}")]
    NothingThatEarly { at: String, oldest: String },
    #[error("{0} already exists: choose a new file name for the identity")]
    IdentityExists(PathBuf),
    #[error(
        "the data directory {0} already holds a database: restore onto a new data directory (or move this one away first)"
    )]
    NotEmpty(PathBuf),
    #[error("cannot use {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Store(#[from] crate::store::StoreError),
}

impl OffsiteError {
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> OffsiteError {
        let path = path.into();
        move |source| OffsiteError::Io { path, source }
    }
}

/// What is wrong with the bucket's address `given`, and what to write instead.
fn bad_bucket(given: &str) -> String {
    if given.trim().is_empty() {
        // `--from "$THEWELL_OFFSITE"` in a shell where the env file was not read.
        "no bucket given (an empty address: if it comes from $THEWELL_OFFSITE, read the settings first, `set -a; . /etc/thewell.env`, and check that the line is there): write the bucket as s3://BUCKET or s3://BUCKET/PREFIX".into()
    } else {
        format!("{given}: write the bucket as s3://BUCKET or s3://BUCKET/PREFIX")
    }
}

/// A size in MiB, as the restore's flag reads it.
fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// Why an object listed at `size` bytes is refused by a restore taking at most `max`.
pub fn too_large(size: u64, max: u64) -> String {
    format!(
        "{} as the bucket lists it, more than the {} a restore takes of one object (--max-restore-bytes); if it is this site's copy (an old files/ object holds every photo, a church's can be large), run the restore again with --max-restore-bytes {}",
        mib(size),
        mib(max),
        suggest(size)
    )
}

/// A --max-restore-bytes a little above `size`, in whole GiB.
fn suggest(size: u64) -> String {
    format!("{}GiB", size / (1 << 30) + 1)
}
