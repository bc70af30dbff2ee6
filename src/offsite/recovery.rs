//! The recovery file `thewell offsite keygen` writes: what a new server needs to
//! bring the site back, in one file the staff keep off the server. It is an age
//! identity file (the key that decrypts the copies) whose comment lines, which age
//! passes over, hold the tag key (src/offsite/tag.rs), the site's id (every record
//! of its copies names it, so a copy of another site is told apart) and the bucket's
//! address (`THEWELL_OFFSITE=`, and its endpoint and region): `thewell restore
//! --identity FILE` needs nothing else but the bucket's key.

use std::path::Path;

use super::OffsiteError;

/// How the site id is written, alone on its line (after `# ` in the recovery file).
const SITE_PREFIX: &str = "THEWELL-SITE-ID-1";

/// The bucket's address, as `serve` is given it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// `s3://BUCKET[/PREFIX]`.
    pub url: String,
    pub endpoint: Option<String>,
    pub region: Option<String>,
}

const URL: &str = "THEWELL_OFFSITE=";
const ENDPOINT: &str = "THEWELL_OFFSITE_ENDPOINT=";
const REGION: &str = "THEWELL_OFFSITE_REGION=";

/// A new site id's line.
pub fn new_site_line() -> String {
    format!("{SITE_PREFIX}{}", ulid::Ulid::generate())
}

/// The values of a file's lines, `#` comments or not, trimmed.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|line| line.trim().trim_start_matches('#').trim())
}

/// The site id line in `text` (a recovery file or a server's tag key file).
pub fn site_line(text: &str) -> Option<&str> {
    lines(text).find(|line| {
        line.strip_prefix(SITE_PREFIX)
            .is_some_and(|id| ulid::Ulid::from_string(id).is_ok())
    })
}

/// The site id in `text`; `None` in files made before site ids (2026-11-28).
pub fn site_id(text: &str) -> Option<String> {
    site_line(text).map(|line| line[SITE_PREFIX.len()..].to_string())
}

/// The lines that write `address` into a recovery file.
pub fn address_lines(address: &Address) -> Vec<String> {
    let mut out = vec![format!("{URL}{}", address.url)];
    out.extend(address.endpoint.iter().map(|e| format!("{ENDPOINT}{e}")));
    out.extend(address.region.iter().map(|r| format!("{REGION}{r}")));
    out
}

/// The bucket's address in a recovery file; `None` when it names none (made
/// without `--offsite`, or before 2026-11-28).
pub fn address(text: &str) -> Option<Address> {
    let value = |key: &str| {
        lines(text)
            .find_map(|line| line.strip_prefix(key))
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    Some(Address {
        url: value(URL)?,
        endpoint: value(ENDPOINT),
        region: value(REGION),
    })
}

/// The text of the file at `path` (a recovery file, or a server's tag key file).
fn read(path: &Path) -> Result<String, OffsiteError> {
    crate::data_dir::read_regular(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|e| OffsiteError::IdentityFile {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })
}

/// The bucket's address the recovery file at `path` names.
pub fn read_address(path: &Path) -> Result<Address, OffsiteError> {
    address(&read(path)?).ok_or_else(|| OffsiteError::IdentityFile {
        path: path.to_path_buf(),
        reason: "it names no bucket (made before 2026-11-28, or without `keygen --offsite`): give the bucket with --from s3://BUCKET[/PREFIX], and its endpoint and region as `serve` has them".into(),
    })
}

/// The site id in the file at `path` (a recovery file, or the server's tag key
/// file); `None` in one made before site ids, or that cannot be read.
pub fn read_site(path: &Path) -> Option<String> {
    site_id(&read(path).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recovery_file_gives_back_the_site_id_and_the_address_written_into_it() {
        let site = new_site_line();
        let written = Address {
            url: "s3://church-copies/site".into(),
            endpoint: Some("https://s3.us-west-004.backblazeb2.com".into()),
            region: Some("us-west-004".into()),
        };
        let mut text = String::from("# created: 2026-11-28T00:00:00Z\n");
        for line in std::iter::once(site.clone()).chain(address_lines(&written)) {
            text.push_str(&format!("# {line}\n"));
        }
        text.push_str("AGE-SECRET-KEY-1XYZ\n");
        assert_eq!(site_id(&text).as_deref(), Some(&site[SITE_PREFIX.len()..]));
        assert_eq!(address(&text), Some(written.clone()));
        // A server's tag key file holds the line bare.
        assert_eq!(
            site_id(&format!("THEWELL-TAG-KEY-1ab\n{site}\n")),
            site_id(&text)
        );
        // An identity file from before: neither.
        let old = "# created: 2026-11-01T00:00:00Z\n# public key: age1x\nAGE-SECRET-KEY-1XYZ\n";
        assert_eq!((site_id(old), address(old)), (None, None));
        assert_eq!(site_id(&format!("# {SITE_PREFIX}not-a-ulid\n")), None);
        // Only the bucket: AWS's endpoint and the default region.
        let bare = address_lines(&Address {
            url: "s3://b".into(),
            endpoint: None,
            region: None,
        });
        assert_eq!(bare, vec!["THEWELL_OFFSITE=s3://b".to_string()]);
    }
}
