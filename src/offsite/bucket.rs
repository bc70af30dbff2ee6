//! The bucket: where it is, its key, and the four requests made of it (put, get,
//! delete, list), each signed with AWS Signature Version 4 (`sign`, on ring's
//! HMAC-SHA256, already in the binary for TLS) and sent through the server's one
//! outbound client (src/outbound.rs), so every answer is bounded: a download goes
//! to the caller's sink piece by piece up to its cap, a listing stops at a number of
//! pages and keeps only the names the caller knows, no wait for a byte is longer
//! than a minute. A failure says what failed in words: DNS, the connection, TLS, the
//! key, the bucket, the clock, throttling or the HTTP status (with the bucket's own
//! error code, cut to a short printable word). Whether it keeps what is deleted is
//! src/offsite/protection.rs's.
use std::path::Path;

use bytes::Bytes;
use http_body_util::Full;

use super::error::{BucketError, OffsiteError};
use super::sign::{self, Credentials};
use super::xml::{elements, unescape};
use crate::outbound::{Outbound, OutboundError};

/// Objects listed per request (the most S3 gives).
const PAGE: usize = 1000;
/// The most pages one listing reads (a million names): a listing that goes on is refused.
const MAX_PAGES: usize = 1000;
/// The most names one listing keeps.
const MAX_KEPT: usize = 100_000;
/// The most bytes of one listing page, or of any answer kept in memory.
const ANSWER_MAX: u64 = 4 << 20;
/// An object larger than this goes up in parts of this size (S3's smallest part is
/// 5 MiB, its most parts 10,000: objects up to 78 GiB).
pub const PART: u64 = 8 << 20;

/// How the bucket's name goes into its address: in the path (MinIO, Garage, most
/// self-hosted stores) or in the host name (AWS; B2 and R2 take both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Addressing {
    Path,
    VirtualHost,
}

/// Where the copies go, and the key to put them there.
pub struct Bucket {
    /// The endpoint's scheme and host (with the bucket's name in it when
    /// virtual-host), e.g. `https://church.s3.us-east-1.amazonaws.com`.
    origin: String,
    /// The endpoint's host as signed.
    host: String,
    /// `/BUCKET` with path addressing, else empty.
    pub(super) path_base: String,
    name: String,
    region: String,
    credentials: Credentials,
    /// Prepended to every object's name: empty, or ending in `/`.
    prefix: String,
    /// `s3://BUCKET[/PREFIX]`, written one way however staff wrote it (a trailing
    /// slash or not), so that a state file names its bucket the same every time.
    url: String,
    http: Outbound,
}

/// The settings a bucket is made from (the `--offsite-*` flags).
pub struct Settings<'a> {
    pub url: &'a str,
    pub endpoint: Option<&'a str>,
    pub region: &'a str,
    pub addressing: Option<Addressing>,
    pub credentials: Option<&'a Path>,
}

/// `s3://BUCKET[/PREFIX]`: the bucket's name and the prefix (empty or ending in `/`).
pub fn parse_url(url: &str) -> Result<(String, String), OffsiteError> {
    let bad = || OffsiteError::BadBucketUrl(url.to_string());
    let rest = url.trim().strip_prefix("s3://").ok_or_else(bad)?;
    let (name, prefix) = rest.split_once('/').unwrap_or((rest, ""));
    let name_ok = (3..=63).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    if !name_ok {
        return Err(bad());
    }
    let prefix = prefix.trim_matches('/');
    let prefix = if prefix.is_empty() {
        String::new()
    } else {
        format!("{prefix}/")
    };
    Ok((name.to_string(), prefix))
}

/// The bucket's key: the standard environment variables, or a credentials file
/// (`aws_access_key_id = …` and `aws_secret_access_key = …` lines, as the AWS tools
/// write it) that only its owner may read.
fn credentials(file: Option<&Path>) -> Result<Credentials, OffsiteError> {
    let Some(path) = file else {
        return Credentials::from_env().ok_or(OffsiteError::NoCredentials);
    };
    let failed = |reason: String| OffsiteError::CredentialsFile {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = crate::data_dir::read_owner_only(path)
        .map_err(|e| failed(e.to_string()))?
        .map_err(|mode| OffsiteError::CredentialsReadable {
            path: path.to_path_buf(),
            mode,
        })?;
    let text = String::from_utf8_lossy(&bytes);
    let value = |name: &str| {
        text.lines().find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == name).then(|| value.trim().to_string())
        })
    };
    match (value("aws_access_key_id"), value("aws_secret_access_key")) {
        (Some(key), Some(secret)) if !key.is_empty() && !secret.is_empty() => {
            Ok(Credentials::new(key, secret))
        }
        _ => Err(failed(
            "it needs an aws_access_key_id = … line and an aws_secret_access_key = … line".into(),
        )),
    }
}

/// One object of a listing: its name under the prefix, its size, and when the
/// provider says it was uploaded (`LastModified`, set by the provider, not by
/// whoever uploads).
#[derive(Debug, Clone)]
pub struct Listed {
    pub name: String,
    pub size: u64,
    pub uploaded: Option<chrono::DateTime<chrono::Utc>>,
}

impl Bucket {
    pub fn new(settings: &Settings) -> Result<Bucket, OffsiteError> {
        let (name, prefix) = parse_url(settings.url)?;
        let endpoint = match settings.endpoint {
            Some(endpoint) => endpoint.trim().to_string(),
            None => format!("https://s3.{}.amazonaws.com", settings.region),
        };
        let parsed: url::Url = endpoint
            .parse()
            .map_err(|_| OffsiteError::BadEndpoint(endpoint.clone()))?;
        let addressing = settings
            .addressing
            .unwrap_or(if settings.endpoint.is_some() {
                Addressing::Path
            } else {
                Addressing::VirtualHost
            });
        let bad = || OffsiteError::BadEndpoint(endpoint.clone());
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
            return Err(bad());
        }
        if !crate::outbound::plain_http_allowed(parsed.scheme(), parsed.host_str().unwrap_or("")) {
            return Err(OffsiteError::PlainHttp(endpoint.clone()));
        }
        let mut host = parsed.host_str().ok_or_else(bad)?.to_string();
        if let Some(port) = parsed.port() {
            host = format!("{host}:{port}");
        }
        let (host, path_base) = match addressing {
            Addressing::Path => (host, format!("/{name}")),
            Addressing::VirtualHost => (format!("{name}.{host}"), String::new()),
        };
        Ok(Bucket {
            origin: format!("{}://{host}", parsed.scheme()),
            host,
            path_base,
            region: settings.region.to_string(),
            credentials: credentials(settings.credentials)?,
            url: match prefix.strip_suffix('/') {
                Some(prefix) => format!("s3://{name}/{prefix}"),
                None => format!("s3://{name}"),
            },
            name,
            prefix,
            http: Outbound::default(),
        })
    }

    /// `s3://BUCKET[/PREFIX]`, without a trailing slash.
    pub fn describe(&self) -> &str {
        &self.url
    }

    fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// Sends one signed request; a success's body goes to `sink` (at most `max`
    /// bytes), and its headers are returned.
    async fn send(
        &self,
        call: Call<'_>,
        max: u64,
        sink: impl FnMut(&[u8]) -> std::io::Result<()>,
    ) -> Result<hyper::HeaderMap, BucketError> {
        let Call {
            method,
            path,
            query,
            body,
            name,
        } = call;
        let signed = sign::sign(
            &sign::Request {
                method: method.as_str(),
                host: &self.host,
                path,
                query,
                body: &body,
                region: &self.region,
            },
            &self.credentials,
            chrono::Utc::now(),
        );
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(format!("{}{path}{}", self.origin, signed.query))
            .header(hyper::header::USER_AGENT, "thewell-offsite")
            .header(hyper::header::CONTENT_LENGTH, body.len());
        for (name, value) in &signed.headers {
            request = request.header(*name, value.as_str());
        }
        let request = request
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| BucketError::Connection(e.to_string()))?;
        let (status, headers, refusal_body) = self
            .http
            .stream(request, crate::outbound::STALL, max, sink)
            .await
            .map_err(|failure| match failure {
                OutboundError::Dns(host) => BucketError::Dns(host),
                OutboundError::Tls(text) => BucketError::Tls(text),
                OutboundError::Stalled(secs) => BucketError::Timeout(secs),
                OutboundError::TooLarge(max) => BucketError::TooLarge(max),
                other => BucketError::Connection(other.to_string()),
            })?;
        if status.is_success() {
            return Ok(headers);
        }
        Err(refusal(status.as_u16(), &refusal_body, &self.name, name))
    }

    /// A request whose answer is small, kept in memory.
    pub(super) async fn send_small(&self, call: Call<'_>) -> Result<Vec<u8>, BucketError> {
        let mut answer = Vec::new();
        self.send(call, ANSWER_MAX, |piece| {
            answer.extend_from_slice(piece);
            Ok(())
        })
        .await?;
        Ok(answer)
    }

    fn object_path(&self, name: &str) -> String {
        format!("{}/{}", self.path_base, sign::encode_path(&self.key(name)))
    }

    pub async fn put(&self, name: &str, body: Vec<u8>) -> Result<(), BucketError> {
        let path = self.object_path(name);
        self.send_small(Call::new(hyper::Method::PUT, &path, body, name))
            .await
            .map(drop)
    }

    /// Puts the `size` bytes of the file at `path` (never more than a part of them in
    /// memory): in one request up to `PART`, else as a multipart upload of `PART`s,
    /// abandoned (its parts deleted) when any request fails.
    pub async fn put_file(&self, name: &str, path: &Path, size: u64) -> Result<(), BucketError> {
        let mut file = tokio::fs::File::open(path)
            .await
            .map_err(|e| BucketError::Local(format!("{}: {e}", path.display())))?;
        if size <= PART {
            let body = read_part(&mut file, path, size).await?;
            return self.put(name, body).await;
        }
        let object = self.object_path(name);
        let started = self
            .send_small(Call {
                query: &[("uploads", "")],
                ..Call::new(hyper::Method::POST, &object, Vec::new(), name)
            })
            .await?;
        let upload = elements(&String::from_utf8_lossy(&started), "UploadId")
            .next()
            .map(unescape)
            .filter(|id| !id.is_empty())
            .ok_or(BucketError::Multipart("no upload id in its answer"))?;
        let result = self
            .put_parts(name, &object, &upload, &mut file, path, size)
            .await;
        if result.is_err() {
            // Best effort: a bucket that keeps failing keeps the parts until its own
            // lifecycle rule removes them.
            let _ = self
                .send_small(Call {
                    query: &[("uploadId", upload.as_str())],
                    ..Call::new(hyper::Method::DELETE, &object, Vec::new(), name)
                })
                .await;
        }
        result
    }

    async fn put_parts(
        &self,
        name: &str,
        object: &str,
        upload: &str,
        file: &mut tokio::fs::File,
        path: &Path,
        size: u64,
    ) -> Result<(), BucketError> {
        let mut done = String::from("<CompleteMultipartUpload>");
        let mut left = size;
        let mut number = 0u32;
        while left > 0 {
            number += 1;
            let body = read_part(file, path, left.min(PART)).await?;
            left -= body.len() as u64;
            let part = number.to_string();
            let headers = self
                .send(
                    Call {
                        query: &[("partNumber", part.as_str()), ("uploadId", upload)],
                        ..Call::new(hyper::Method::PUT, object, body, name)
                    },
                    ANSWER_MAX,
                    |_| Ok(()),
                )
                .await?;
            let etag = headers
                .get(hyper::header::ETAG)
                .and_then(|v| v.to_str().ok())
                .ok_or(BucketError::Multipart("no ETag for a part"))?;
            done.push_str(&format!(
                "<Part><PartNumber>{number}</PartNumber><ETag>{}</ETag></Part>",
                etag.replace('&', "&amp;").replace('<', "&lt;")
            ));
        }
        done.push_str("</CompleteMultipartUpload>");
        let answer = self
            .send_small(Call {
                query: &[("uploadId", upload)],
                ..Call::new(hyper::Method::POST, object, done.into_bytes(), name)
            })
            .await?;
        // S3 may answer 200 and say in the body that the upload failed.
        if String::from_utf8_lossy(&answer).contains("<Error>") {
            return Err(refusal(500, &answer, &self.name, name));
        }
        Ok(())
    }

    /// Downloads an object piece by piece into `sink`: at most `max` bytes.
    pub async fn get_into(
        &self,
        name: &str,
        max: u64,
        sink: impl FnMut(&[u8]) -> std::io::Result<()>,
    ) -> Result<(), BucketError> {
        let path = self.object_path(name);
        self.send(
            Call::new(hyper::Method::GET, &path, Vec::new(), name),
            max,
            sink,
        )
        .await
        .map(drop)
    }

    pub async fn delete(&self, name: &str) -> Result<(), BucketError> {
        let path = self.object_path(name);
        match self
            .send_small(Call::new(hyper::Method::DELETE, &path, Vec::new(), name))
            .await
        {
            Ok(_) | Err(BucketError::NotFound(_)) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// Every object under the prefix whose name (without the prefix) `known` takes:
    /// its name and size. At most a thousand pages are read and 100,000 names kept:
    /// a bucket that lists more is refused.
    pub async fn list(&self, known: impl Fn(&str) -> bool) -> Result<Vec<Listed>, BucketError> {
        let mut found = Vec::new();
        let mut pages = 0;
        let mut token: Option<String> = None;
        let path = format!("{}/", self.path_base);
        let page = PAGE.to_string();
        loop {
            let mut query = vec![("list-type", "2"), ("max-keys", page.as_str())];
            if !self.prefix.is_empty() {
                query.push(("prefix", self.prefix.as_str()));
            }
            if let Some(token) = &token {
                query.push(("continuation-token", token.as_str()));
            }
            pages += 1;
            if pages > MAX_PAGES {
                return Err(BucketError::EndlessListing(MAX_PAGES * PAGE));
            }
            let body = self
                .send_small(Call {
                    query: &query,
                    ..Call::new(hyper::Method::GET, &path, Vec::new(), "")
                })
                .await?;
            let text = String::from_utf8_lossy(&body);
            for contents in elements(&text, "Contents") {
                let key = elements(contents, "Key")
                    .next()
                    .map(unescape)
                    .unwrap_or_default();
                let size = elements(contents, "Size")
                    .next()
                    .and_then(|s| s.trim().parse().ok())
                    .unwrap_or(0);
                if let Some(name) = key.strip_prefix(&self.prefix)
                    && known(name)
                {
                    if found.len() >= MAX_KEPT {
                        return Err(BucketError::EndlessListing(MAX_KEPT));
                    }
                    let uploaded = elements(contents, "LastModified")
                        .next()
                        .and_then(|t| chrono::DateTime::parse_from_rfc3339(t.trim()).ok())
                        .map(|t| t.with_timezone(&chrono::Utc));
                    found.push(Listed {
                        name: name.to_string(),
                        size,
                        uploaded,
                    });
                }
            }
            let truncated = elements(&text, "IsTruncated").next() == Some("true");
            match elements(&text, "NextContinuationToken")
                .next()
                .map(unescape)
            {
                Some(next) if truncated && !next.is_empty() => token = Some(next),
                _ => break,
            }
        }
        Ok(found)
    }
}

/// One request: `path` (already URI-encoded) with `query`; `name` is the object,
/// for errors.
pub(super) struct Call<'a> {
    pub(super) method: hyper::Method,
    pub(super) path: &'a str,
    pub(super) query: &'a [(&'a str, &'a str)],
    pub(super) body: Vec<u8>,
    pub(super) name: &'a str,
}

impl<'a> Call<'a> {
    pub(super) fn new(
        method: hyper::Method,
        path: &'a str,
        body: Vec<u8>,
        name: &'a str,
    ) -> Call<'a> {
        Call {
            method,
            path,
            query: &[],
            body,
            name,
        }
    }
}

/// What an S3 error answer means (its `<Code>` says more than the status).
pub(super) fn refusal(status: u16, body: &[u8], bucket: &str, name: &str) -> BucketError {
    let text = String::from_utf8_lossy(body);
    // The bucket's own word for the refusal, if it is one (letters and digits, short).
    let code = text
        .split_once("<Code>")
        .and_then(|(_, rest)| rest.split_once("</Code>"))
        .map(|(code, _)| code.trim())
        .filter(|code| code.len() <= 64 && code.bytes().all(|b| b.is_ascii_alphanumeric()))
        .unwrap_or_default()
        .to_string();
    match (status, code.as_str()) {
        (_, "NoSuchBucket") => BucketError::BucketMissing(bucket.to_string()),
        (_, "NoSuchKey") | (404, "") => BucketError::NotFound(name.to_string()),
        (_, "RequestTimeTooSkewed") => BucketError::ClockSkew,
        (_, "SlowDown") | (429, _) | (503, _) => BucketError::Throttled(status),
        (403, "AccessDenied") if text.contains("expired") => BucketError::ClockSkew,
        (401 | 403, _) => BucketError::Credentials(if code.is_empty() {
            format!("HTTP {status}")
        } else {
            code
        }),
        _ => BucketError::Status { status, code },
    }
}

/// The next `len` bytes of `file` (a file that ends sooner changed while it was put).
async fn read_part(
    file: &mut tokio::fs::File,
    path: &Path,
    len: u64,
) -> Result<Vec<u8>, BucketError> {
    use tokio::io::AsyncReadExt;
    let mut body = vec![0; usize::try_from(len).unwrap_or(usize::MAX)];
    file.read_exact(&mut body)
        .await
        .map_err(|e| BucketError::Local(format!("{}: {e}", path.display())))?;
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_urls_name_a_bucket_and_a_prefix() {
        assert_eq!(
            parse_url("s3://church").unwrap(),
            ("church".into(), String::new())
        );
        assert_eq!(
            parse_url("s3://church-copies/thewell/").unwrap(),
            ("church-copies".into(), "thewell/".into())
        );
        for bad in [
            "church",
            "s3://",
            "s3://ab",
            "https://church",
            "s3://Church",
        ] {
            assert!(parse_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn listings_are_read_with_their_escapes() {
        let xml = "<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a&amp;b/c.age</Key><Size>12</Size></Contents><Contents><Key>d</Key><Size>3</Size></Contents><NextContinuationToken>x&#x2F;y</NextContinuationToken></ListBucketResult>";
        let keys: Vec<String> = elements(xml, "Contents")
            .map(|c| unescape(elements(c, "Key").next().unwrap()))
            .collect();
        assert_eq!(keys, ["a&b/c.age", "d"]);
        assert_eq!(
            unescape(elements(xml, "NextContinuationToken").next().unwrap()),
            "x/y"
        );
    }

    #[test]
    fn error_answers_are_said_in_words() {
        let answer = |code: &str| format!("<Error><Code>{code}</Code></Error>").into_bytes();
        assert_eq!(
            refusal(404, &answer("NoSuchBucket"), "b", "x"),
            BucketError::BucketMissing("b".into())
        );
        assert_eq!(
            refusal(503, &answer("SlowDown"), "b", "x"),
            BucketError::Throttled(503)
        );
        assert_eq!(
            refusal(403, &answer("RequestTimeTooSkewed"), "b", "x"),
            BucketError::ClockSkew
        );
        assert!(matches!(
            refusal(403, &answer("SignatureDoesNotMatch"), "b", "x"),
            BucketError::Credentials(_)
        ));
    }
}
