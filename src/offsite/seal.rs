//! An object made on disk as it is written, never whole in memory: what the caller
//! writes (already compressed) is encrypted to the staff's recipient into a private
//! file, and the object's authenticity tag is computed over the encrypted bytes as
//! they pass. The copier then puts the file in the bucket in parts.
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::crypt::{self, Recipient};
use super::tag::{self, TagKey, Tagging};

/// The file being written, its tag so far and its size.
struct Tee {
    file: BufWriter<std::fs::File>,
    tagging: Tagging,
    size: u64,
}

impl Write for Tee {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.file.write(bytes)?;
        self.tagging.update(&bytes[..n]);
        self.size += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// An object being sealed: write its plain bytes, then `finish`.
pub struct Sealing {
    writer: age::stream::StreamWriter<Tee>,
    path: PathBuf,
}

/// A sealed object on disk: where, its tag (for its name) and its size.
#[derive(Debug)]
pub struct Sealed {
    pub path: PathBuf,
    pub tag: String,
    pub size: u64,
}

impl Sealing {
    /// Starts the object named `plain_name` at `path` (a file left there by an
    /// earlier run is replaced).
    pub fn create(
        path: &Path,
        to: &Recipient,
        key: &TagKey,
        plain_name: &str,
    ) -> std::io::Result<Sealing> {
        match std::fs::remove_file(path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let file = crate::data_dir::create_new_private_file(path)?;
        let tee = Tee {
            file: BufWriter::with_capacity(256 * 1024, file),
            tagging: tag::Tagging::new(key, plain_name),
            size: 0,
        };
        Ok(Sealing {
            writer: crypt::encrypting(to, tee)?,
            path: path.to_path_buf(),
        })
    }

    pub fn finish(self) -> std::io::Result<Sealed> {
        let mut tee = self.writer.finish()?;
        tee.file.flush()?;
        Ok(Sealed {
            path: self.path,
            tag: tee.tagging.finish(),
            size: tee.size,
        })
    }
}

/// The file at `source` sealed at `path` as its blob: its id (read once to learn it)
/// and the sealed object. A file changed between the two reads is an error (it is
/// copied at the next look).
pub fn seal_blob(
    source: &Path,
    path: &Path,
    to: &Recipient,
    key: &TagKey,
) -> std::io::Result<(String, Sealed)> {
    let read = |each: &mut dyn FnMut(&[u8]) -> std::io::Result<()>| -> std::io::Result<String> {
        use std::io::Read;
        use std::os::unix::fs::OpenOptionsExt;
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(source)?;
        let mut hashing = tag::BlobHashing::new(key);
        let mut buffer = vec![0u8; 256 * 1024];
        loop {
            let n = file.read(&mut buffer)?;
            if n == 0 {
                return Ok(hashing.finish());
            }
            hashing.update(&buffer[..n]);
            each(&buffer[..n])?;
        }
    };
    let id = read(&mut |_| Ok(()))?;
    let mut sealing = Sealing::create(path, to, key, &super::layout::blob_name(&id))?;
    let again = read(&mut |bytes| sealing.write_all(bytes))?;
    let sealed = sealing.finish()?;
    if again != id {
        let _ = std::fs::remove_file(path);
        return Err(std::io::Error::other(format!(
            "{} changed while it was copied",
            source.display()
        )));
    }
    Ok((id, sealed))
}

impl Write for Sealing {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.writer.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_file_decrypts_and_its_tag_is_the_tag_of_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let (text, public) = crypt::new_identity(&[tag::new_key_line()]);
        let identity_path = dir.path().join("identity.txt");
        std::fs::write(
            &identity_path,
            age::secrecy::ExposeSecret::expose_secret(&text),
        )
        .unwrap();
        let key = tag::read_from_identity(&identity_path).unwrap();
        let to = crypt::recipient(&public).unwrap();
        let path = dir.path().join("object.tmp");
        std::fs::write(&path, "left by an earlier run").unwrap();
        let plain: Vec<u8> = (0..300_000u32).flat_map(|i| i.to_le_bytes()).collect();
        let mut sealing = Sealing::create(&path, &to, &key, "files/x.age").unwrap();
        sealing.write_all(&plain).unwrap();
        let sealed = sealing.finish().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(sealed.size, bytes.len() as u64);
        assert_eq!(sealed.tag, tag::tag(&key, "files/x.age", &bytes));
        let identity = crypt::read_identity(&identity_path).unwrap();
        let mut back = Vec::new();
        std::io::Read::read_to_end(
            &mut crypt::decrypting(&identity, bytes.as_slice()).unwrap(),
            &mut back,
        )
        .unwrap();
        assert_eq!(back, plain);
    }
}
