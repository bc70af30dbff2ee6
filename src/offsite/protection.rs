//! Whether the bucket keeps what is deleted or written over: its versioning and its
//! Object Lock, as it says when asked (once a day, by the copier), in words for
//! `thewell offsite status`.
use super::bucket::{Bucket, Call};
use super::error::BucketError;
use super::xml::elements;

impl Bucket {
    /// What the bucket does with an object deleted or written over, as it says when
    /// asked (its versioning and its Object Lock), in words for `offsite status`.
    /// Never fails: what it will not say is said as such.
    pub async fn protection(&self) -> Protection {
        let path = format!("{}/", self.path_base);
        let ask = |what: &'static str| {
            let path = path.as_str();
            async move {
                self.send_small(Call {
                    query: &[(what, "")],
                    ..Call::new(hyper::Method::GET, path, Vec::new(), what)
                })
                .await
            }
        };
        Protection {
            versions: versions_in_words(ask("versioning").await),
            lock: lock_in_words(ask("object-lock").await),
        }
    }
}

/// The bucket's versioning and Object Lock, in words (see `Bucket::protection`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Protection {
    pub versions: String,
    pub lock: String,
}

/// A `GetBucketVersioning` answer in words: a bucket never versioned has no `<Status>`.
fn versions_in_words(answer: Result<Vec<u8>, BucketError>) -> String {
    let text = match answer {
        Ok(body) => String::from_utf8_lossy(&body).into_owned(),
        Err(error) => return format!("the bucket did not say ({error})"),
    };
    match elements(&text, "Status").next().map(str::trim) {
        Some("Enabled") => "kept: the bucket keeps every version, so an object deleted or written over can be brought back from the provider".into(),
        Some("Suspended") => "suspended: versions kept before stay, but a deletion now is final (turn versioning on again: docs/operations.md, Off-site copies)".into(),
        _ => "not kept: an object deleted from the bucket is gone (turn versioning on: docs/operations.md, Off-site copies)".into(),
    }
}

/// A bucket without Object Lock, in words.
const LOCK_OFF: &str = "off: any object can be deleted by whoever holds the bucket's keys";

/// A `GetObjectLockConfiguration` answer in words: a bucket without Object Lock
/// answers `ObjectLockConfigurationNotFoundError`.
fn lock_in_words(answer: Result<Vec<u8>, BucketError>) -> String {
    let text = match answer {
        Ok(body) => String::from_utf8_lossy(&body).into_owned(),
        Err(BucketError::Status { code, .. }) if code == "ObjectLockConfigurationNotFoundError" => {
            return LOCK_OFF.into();
        }
        Err(error) => return format!("the bucket did not say ({error})"),
    };
    if elements(&text, "ObjectLockEnabled").next().map(str::trim) != Some("Enabled") {
        return LOCK_OFF.into();
    }
    let retention = elements(&text, "DefaultRetention")
        .next()
        .unwrap_or_default();
    let mode = elements(retention, "Mode").next().map(str::trim);
    let count = |unit: &str, n: &str| {
        let n = n.trim();
        format!("{n} {unit}{}", if n == "1" { "" } else { "s" })
    };
    let span = elements(retention, "Days")
        .next()
        .map(|d| count("day", d))
        .or_else(|| {
            elements(retention, "Years")
                .next()
                .map(|y| count("year", y))
        });
    match (mode, span) {
        (Some(mode), Some(span)) => format!(
            "on: every new object is locked for {span} ({mode}): {}",
            if mode == "COMPLIANCE" {
                "no one, not even the bucket's owner, can delete it sooner"
            } else {
                "only a key allowed to bypass governance can delete it sooner"
            }
        ),
        _ => "on, with no default retention: a new object is not locked unless a rule says so (docs/operations.md, Off-site copies)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offsite::bucket::refusal;

    #[test]
    fn the_buckets_versioning_and_object_lock_are_said_in_words() {
        // As AWS documents the answers (GetBucketVersioning, GetObjectLockConfiguration).
        let ns = r#" xmlns="http://s3.amazonaws.com/doc/2006-03-01/""#;
        let versions = |xml: String| versions_in_words(Ok(xml.into_bytes()));
        assert!(
            versions(format!(
                "<VersioningConfiguration{ns}><Status>Enabled</Status></VersioningConfiguration>"
            ))
            .starts_with("kept:")
        );
        assert!(versions(format!("<VersioningConfiguration{ns}><Status>Suspended</Status><MfaDelete>Disabled</MfaDelete></VersioningConfiguration>")).starts_with("suspended:"));
        assert!(versions(format!("<VersioningConfiguration{ns}/>")).starts_with("not kept:"));
        let lock = |xml: String| lock_in_words(Ok(xml.into_bytes()));
        assert_eq!(
            lock(format!(
                "<ObjectLockConfiguration{ns}><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>COMPLIANCE</Mode><Days>30</Days></DefaultRetention></Rule></ObjectLockConfiguration>"
            )),
            "on: every new object is locked for 30 days (COMPLIANCE): no one, not even the bucket's owner, can delete it sooner"
        );
        assert!(lock(format!("<ObjectLockConfiguration{ns}><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Years>1</Years></DefaultRetention></Rule></ObjectLockConfiguration>")).starts_with("on: every new object is locked for 1 year (GOVERNANCE)"));
        assert!(lock(format!("<ObjectLockConfiguration{ns}><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>")).starts_with("on, with no default retention"));
        let refused = |status: u16, code: &str| {
            lock_in_words(Err(refusal(
                status,
                format!("<Error><Code>{code}</Code></Error>").as_bytes(),
                "b",
                "object-lock",
            )))
        };
        assert!(refused(404, "ObjectLockConfigurationNotFoundError").starts_with("off:"));
        assert_eq!(
            refused(501, "NotImplemented"),
            "the bucket did not say (the bucket answered HTTP 501 NotImplemented)"
        );
        assert!(
            versions_in_words(Err(refusal(
                403,
                b"<Error><Code>AccessDenied</Code></Error>",
                "b",
                "versioning"
            )))
            .starts_with("the bucket did not say (")
        );
    }
}
