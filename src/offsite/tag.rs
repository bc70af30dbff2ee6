//! The authenticity tag in every object's name. The recipient is public and the
//! bucket's key sits on the server, so anyone holding that key could put a copy in
//! the bucket that decrypts; a restore takes only objects whose name carries the
//! tag HMAC-SHA256(tag key, name ‖ encrypted bytes), under a key `thewell offsite
//! keygen` makes, that the server holds in a file of its own and the staff's identity
//! file holds as a comment. It does not protect against a server that was itself
//! broken into (it holds the key): restore `--at` a time before that.
use std::path::Path;

use ring::hmac;

use super::OffsiteError;

/// How a tag key is written: in the server's file alone on its line, and in the
/// identity file after `# ` (age passes comment lines over).
const PREFIX: &str = "THEWELL-TAG-KEY-1";

/// The key tags are made with.
#[derive(Clone)]
pub struct TagKey(hmac::Key);

/// A new key, written as its file's line.
pub fn new_key_line() -> String {
    let mut bytes = [0u8; 32];
    ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut bytes)
        .expect("the system's random source works");
    let line = format!("{PREFIX}{}", crate::notify::deliver::hex(&bytes));
    bytes.fill(0);
    line
}

/// The key's line in `text` (a server's file or, after `# `, an identity file), as
/// the server's file writes it; `None` when there is no well-formed one.
fn key_line(text: &str) -> Option<&str> {
    text.lines().find_map(|line| {
        let line = line.trim().trim_start_matches('#').trim();
        let hex = line.strip_prefix(PREFIX)?;
        (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then_some(line)
    })
}

fn from_text(text: &str) -> Option<TagKey> {
    let hex = &key_line(text)?[PREFIX.len()..];
    let bytes: Option<Vec<u8>> = (0..64)
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect();
    bytes.map(|b| TagKey(hmac::Key::new(hmac::HMAC_SHA256, &b)))
}

/// What [`put_server_key`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum ServerKeyFile {
    Written,
    AlreadyThere,
}

/// Gives a new server its tag key file at `path` from the staff's identity file: it
/// writes it (owner only) when it is missing, and when it is there checks that it
/// holds the identity's key (a server tagging with another key makes copies no
/// restore with this identity would take).
pub fn put_server_key(identity: &Path, path: &Path) -> Result<ServerKeyFile, OffsiteError> {
    let text = crate::data_dir::read_regular(identity).map_err(|e| OffsiteError::IdentityFile {
        path: identity.to_path_buf(),
        reason: e.to_string(),
    })?;
    let text = String::from_utf8_lossy(&text);
    let line = key_line(&text).ok_or_else(|| OffsiteError::IdentityFile {
        path: identity.to_path_buf(),
        reason: format!("it holds no `# {PREFIX}…` line"),
    })?;
    match crate::data_dir::read_regular(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // The site's id goes with it: the new server's records name the same site.
            let site = super::recovery::site_line(&text)
                .map(|l| format!("{l}\n"))
                .unwrap_or_default();
            super::crypt::write_secret_file(path, &format!("{line}\n{site}"))?;
            Ok(ServerKeyFile::Written)
        }
        Err(e) => Err(OffsiteError::TagKeyFile {
            path: path.to_path_buf(),
            reason: e.to_string(),
        }),
        Ok(there) if key_line(&String::from_utf8_lossy(&there)) == Some(line) => {
            Ok(ServerKeyFile::AlreadyThere)
        }
        Ok(_) => Err(OffsiteError::TagKeyFile {
            path: path.to_path_buf(),
            reason: format!(
                "it holds another tag key than the identity file {}: the server would tag copies this identity's restores refuse. Remove it (the restore writes the right one) or give the identity file made with it",
                identity.display()
            ),
        }),
    }
}

/// The server's tag key, from a file only its owner may read (`--offsite-tag-key`).
pub fn read_server_key(path: &Path) -> Result<TagKey, OffsiteError> {
    let failed = |reason: String| OffsiteError::TagKeyFile {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = crate::data_dir::read_owner_only(path)
        .map_err(|e| failed(e.to_string()))?
        .map_err(|mode| {
            failed(format!(
                "others may read it (mode {mode:o}): run `chmod 600 {}`",
                path.display()
            ))
        })?;
    from_text(&String::from_utf8_lossy(&bytes)).ok_or_else(|| {
        failed(format!(
            "it holds no {PREFIX}… line (the .tag-key file `thewell offsite keygen` wrote)"
        ))
    })
}

/// The tag key in the staff's identity file.
pub fn read_from_identity(path: &Path) -> Result<TagKey, OffsiteError> {
    let bytes = crate::data_dir::read_regular(path).map_err(|e| OffsiteError::IdentityFile {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    from_text(&String::from_utf8_lossy(&bytes)).ok_or_else(|| OffsiteError::IdentityFile {
        path: path.to_path_buf(),
        reason: format!(
            "it holds no `# {PREFIX}…` line: use the identity file `thewell offsite keygen` made (its tag key tells genuine copies from planted ones)"
        ),
    })
}

/// A tag being computed over an object's bytes as they pass.
pub struct Tagging(hmac::Context);

impl Tagging {
    /// For the object whose name, without its tag, is `plain_name`.
    pub fn new(key: &TagKey, plain_name: &str) -> Tagging {
        let mut context = hmac::Context::with_key(&key.0);
        context.update(b"thewell-offsite-1\n");
        context.update(plain_name.as_bytes());
        context.update(b"\n");
        Tagging(context)
    }

    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The tag, as it stands in the object's name.
    pub fn finish(self) -> String {
        crate::notify::deliver::hex(self.0.sign().as_ref())
    }
}

/// A file's id as a blob's name (`blobs/<id>.age`) is computed from its bytes as they
/// pass: the first 16 bytes of their HMAC under the tag key, in hex. The same bytes
/// always give the same id (a photo is put in the bucket once, whatever its name);
/// without the key, an id tells nothing of what the file holds.
pub struct BlobHashing(hmac::Context);

impl BlobHashing {
    pub fn new(key: &TagKey) -> BlobHashing {
        let mut context = hmac::Context::with_key(&key.0);
        context.update(b"thewell-blob-1\n");
        BlobHashing(context)
    }

    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn finish(self) -> String {
        crate::notify::deliver::hex(&self.0.sign().as_ref()[..16])
    }
}

/// An erased submission's keyed fingerprint, as a record of the copy names it: the
/// first 16 bytes of the HMAC of its id under the tag key, in hex. A restore finds
/// the erased among the rows it reads by it; without the key it tells nothing.
pub fn erased_fingerprint(key: &TagKey, id: ulid::Ulid) -> String {
    let mut context = hmac::Context::with_key(&key.0);
    context.update(b"thewell-erased-1\n");
    context.update(&u128::from(id).to_be_bytes());
    crate::notify::deliver::hex(&context.sign().as_ref()[..16])
}

/// A new key, for tests.
#[cfg(test)]
pub fn test_key() -> TagKey {
    from_text(&new_key_line()).expect("a new key reads")
}

/// The tag of `bytes` named `plain_name`.
#[cfg(test)]
pub fn tag(key: &TagKey, plain_name: &str, bytes: &[u8]) -> String {
    let mut tagging = Tagging::new(key, plain_name);
    tagging.update(bytes);
    tagging.finish()
}

/// Whether two tags are the same, in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_binds_the_key_the_name_and_the_bytes() {
        let line = new_key_line();
        let key = from_text(&line).unwrap();
        let other = from_text(&new_key_line()).unwrap();
        let t = tag(&key, "db/x/base.age", b"bytes");
        assert_eq!(t.len(), 64);
        assert!(same(&t, &tag(&key, "db/x/base.age", b"bytes")));
        assert!(!same(&t, &tag(&key, "db/y/base.age", b"bytes")));
        assert!(!same(&t, &tag(&key, "db/x/base.age", b"bytez")));
        assert!(!same(&t, &tag(&other, "db/x/base.age", b"bytes")));
        // Read back from an identity file's comment line too.
        let from_comment =
            from_text(&format!("# created: now\n# {line}\nAGE-SECRET-KEY-1X\n")).unwrap();
        assert!(same(&t, &tag(&from_comment, "db/x/base.age", b"bytes")));
        assert!(from_text("THEWELL-TAG-KEY-1abc").is_none());
    }

    #[test]
    fn a_new_server_gets_its_tag_key_file_from_the_identity_and_a_wrong_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let line = new_key_line();
        let identity = dir.path().join("identity.txt");
        std::fs::write(
            &identity,
            format!("# created: now\n# {line}\nAGE-SECRET-KEY-1X\n"),
        )
        .unwrap();
        let server = dir.path().join("thewell-tag-key");
        assert_eq!(
            put_server_key(&identity, &server).unwrap(),
            ServerKeyFile::Written
        );
        // What `serve --offsite-tag-key` reads: the same key, owner only.
        let read = read_server_key(&server).unwrap();
        let key = from_text(&line).unwrap();
        assert!(same(&tag(&read, "n", b"b"), &tag(&key, "n", b"b")));
        assert_eq!(
            put_server_key(&identity, &server).unwrap(),
            ServerKeyFile::AlreadyThere
        );
        std::fs::remove_file(&server).unwrap();
        std::fs::write(&server, format!("{}\n", new_key_line())).unwrap();
        let error = put_server_key(&identity, &server).unwrap_err().to_string();
        assert!(error.contains("another tag key"), "{error}");
        // An identity without a key line is named, and nothing is written.
        std::fs::write(&identity, "AGE-SECRET-KEY-1X\n").unwrap();
        let elsewhere = dir.path().join("other-tag-key");
        assert!(put_server_key(&identity, &elsewhere).is_err());
        assert!(!elsewhere.exists());
    }
}
