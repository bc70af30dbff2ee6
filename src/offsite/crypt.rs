//! Encryption in the age format (age-encryption.org/v1) with the reference `age`
//! crate: to the staff's X25519 recipient, decryption with their identity file (as
//! Debian's `age-keygen` or `thewell offsite keygen` writes it), both streamed chunk
//! by chunk, and making a new identity. Nothing of the format is written here: this
//! file only says which recipient, which identity, and what a refusal means in
//! words. The age specification's own test vectors (C2SP CCTV, in
//! tests/fixtures/cctv-age) are run through `decrypting` below; Debian's `age`
//! checks every object both ways in tests/offsite.rs.
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::str::FromStr;

use age::secrecy::ExposeSecret;

use super::OffsiteError;

/// An `age1…` recipient: an X25519 public key that is not of low order.
#[derive(Clone)]
pub struct Recipient(age::x25519::Recipient);

/// An `AGE-SECRET-KEY-1…` identity (its key is wiped when dropped).
pub struct Identity(age::x25519::Identity);

impl std::fmt::Display for Recipient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The `age1…` recipient staff configured. A key of low order is refused: every
/// copy encrypted to it could be read with no key at all.
pub fn recipient(text: &str) -> Result<Recipient, OffsiteError> {
    let text = text.trim();
    let parsed = age::x25519::Recipient::from_str(text)
        .map_err(|_| OffsiteError::BadRecipient(text.to_string()))?;
    // The age crate refuses such a key only when it encrypts (by panicking): a
    // Diffie-Hellman with a fresh secret shows it now.
    let (_, data) =
        bech32::decode(text).map_err(|_| OffsiteError::BadRecipient(text.to_string()))?;
    let key: [u8; 32] = data
        .try_into()
        .map_err(|_| OffsiteError::BadRecipient(text.to_string()))?;
    let mut secret = [0u8; 32];
    ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut secret)
        .expect("the system's random source works");
    let probe = x25519_dalek::StaticSecret::from(secret);
    if !probe
        .diffie_hellman(&x25519_dalek::PublicKey::from(key))
        .was_contributory()
    {
        return Err(OffsiteError::LowOrderRecipient(text.to_string()));
    }
    Ok(Recipient(parsed))
}

/// A writer that encrypts what is written to it into `out`; `finish()` writes the
/// last chunk and hands `out` back.
pub fn encrypting<W: Write>(
    to: &Recipient,
    out: W,
) -> std::io::Result<age::stream::StreamWriter<W>> {
    age::Encryptor::with_recipients(std::iter::once(&to.0 as &dyn age::Recipient))
        .expect("one X25519 recipient is a valid set")
        .wrap_output(out)
}

/// `plain`, encrypted to `to`.
#[cfg(test)]
pub fn encrypt(to: &Recipient, plain: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(plain.len() + plain.len() / 4096 + 256);
    let mut writer = encrypting(to, &mut out).expect("writing into memory cannot fail");
    writer
        .write_all(plain)
        .and_then(|()| writer.finish().map(drop))
        .expect("writing into memory cannot fail");
    out
}

/// Why an object does not decrypt, as the age specification tells the cases apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The header parses, but no stanza opens with this identity.
    NoMatch,
    /// The header does not parse (or a stanza is malformed).
    Header,
    /// The header parses and opens, but its MAC does not match.
    Mac,
    /// The payload does not decrypt all the way to its end.
    Payload(String),
}

impl Refusal {
    /// A refusal while the header is read and opened (the payload comes later, as
    /// the reader's own errors).
    fn from_error(error: age::DecryptError) -> Refusal {
        match error {
            age::DecryptError::NoMatchingKeys => Refusal::NoMatch,
            age::DecryptError::InvalidMac => Refusal::Mac,
            _ => Refusal::Header,
        }
    }

    /// In words staff can act on, for the object `object`.
    pub fn said(self, identity_file: &Path, object: &str) -> OffsiteError {
        let damaged = |reason: &str| OffsiteError::Damaged {
            object: object.to_string(),
            reason: reason.to_string(),
        };
        match self {
            Refusal::NoMatch => OffsiteError::WrongIdentity(identity_file.to_path_buf()),
            Refusal::Header => damaged("its age header is not valid"),
            Refusal::Mac => damaged("its age header was altered (the MAC does not match)"),
            Refusal::Payload(why) => damaged(&format!("its contents are cut or altered: {why}")),
        }
    }
}

/// The plain bytes of an age file, as they are decrypted (its header, already read
/// and checked here, handed back in front of the rest).
pub type Decrypting<R> =
    age::stream::StreamReader<BufReader<std::io::Chain<std::io::Cursor<Vec<u8>>, R>>>;

/// A reader of the plain bytes of the age file `input`, decrypted chunk by chunk as
/// it is read: each chunk is checked before any of it is given out, and a file cut
/// short or altered fails at the chunk where it is (as an I/O error of the reader).
pub fn decrypting<R: Read>(identity: &Identity, input: R) -> Result<Decrypting<R>, Refusal> {
    let mut input = input;
    let header = stanzas_end_short(&mut input)?;
    let input = std::io::Cursor::new(header).chain(input);
    let decryptor =
        age::Decryptor::new_buffered(BufReader::new(input)).map_err(Refusal::from_error)?;
    decryptor
        .decrypt(std::iter::once(&identity.0 as &dyn age::Identity))
        .map_err(Refusal::from_error)
}

/// The longest header read (a genuine one with one recipient is some 200 bytes).
const MAX_HEADER: usize = 64 * 1024;

/// Reads the header (through its `---` line) and holds it to the one rule of the
/// age specification that the age crate leaves loose on purpose, for files from
/// before the rule: every stanza ends with a body line shorter than 64 columns
/// (possibly empty). Our copies always do; a file that does not is refused before
/// the crate reads it. Returns the bytes read, for the crate to read again.
fn stanzas_end_short(input: &mut impl Read) -> Result<Vec<u8>, Refusal> {
    let mut header = Vec::new();
    let mut byte = [0u8; 1];
    let mut line_start = 0;
    // The last stanza's body lines so far: None outside a stanza.
    let mut last_body_len: Option<Option<usize>> = None;
    loop {
        if header.len() >= MAX_HEADER {
            return Err(Refusal::Header);
        }
        match input.read(&mut byte) {
            Ok(0) => return Ok(header), // cut short: the crate says so
            Ok(_) => header.push(byte[0]),
            Err(e) => return Err(Refusal::Payload(e.to_string())),
        }
        if byte[0] != b'\n' {
            continue;
        }
        let line = &header[line_start..header.len() - 1];
        line_start = header.len();
        let is_stanza = line.starts_with(b"-> ");
        let is_mac = line.starts_with(b"---");
        if is_stanza || is_mac {
            if let Some(body) = last_body_len
                && !matches!(body, Some(n) if n < 64)
            {
                return Err(Refusal::Header);
            }
            if is_mac {
                return Ok(header);
            }
            last_body_len = Some(None);
        } else if let Some(body) = &mut last_body_len {
            *body = Some(line.len());
        }
    }
}

/// The whole plain text of a small age file held in memory.
#[cfg(test)]
pub fn decrypt(
    identity: &Identity,
    identity_file: &Path,
    object: &str,
    bytes: &[u8],
) -> Result<Vec<u8>, OffsiteError> {
    let mut reader = decrypting(identity, bytes).map_err(|r| r.said(identity_file, object))?;
    let mut plain = Vec::new();
    reader
        .read_to_end(&mut plain)
        .map_err(|e| Refusal::Payload(e.to_string()).said(identity_file, object))?;
    Ok(plain)
}

/// The identity in an identity file: its `AGE-SECRET-KEY-1…` line (comments, as
/// `age-keygen` writes them, are passed over).
pub fn read_identity(path: &Path) -> Result<Identity, OffsiteError> {
    let failed = |reason: String| OffsiteError::IdentityFile {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = crate::data_dir::read_regular(path).map_err(|e| failed(e.to_string()))?;
    let text = String::from_utf8_lossy(&bytes);
    let line = text
        .lines()
        .map(str::trim)
        .find(|line| line.starts_with("AGE-SECRET-KEY-"))
        .ok_or_else(|| failed("it holds no AGE-SECRET-KEY-1… line".into()))?;
    age::x25519::Identity::from_str(line)
        .map(Identity)
        .map_err(|_| failed("its AGE-SECRET-KEY line is not a valid identity".into()))
}

/// A new identity's text (for an identity file, with the comment lines `lines`
/// above it) and its recipient.
pub fn new_identity(lines: &[String]) -> (age::secrecy::SecretString, String) {
    let identity = age::x25519::Identity::generate();
    let recipient = identity.to_public().to_string();
    let mut text = String::new();
    text.push_str(&format!(
        "# created: {}\n# public key: {recipient}\n",
        chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    ));
    for line in lines {
        text.push_str(&format!("# {line}\n"));
    }
    text.push_str(identity.to_string().expose_secret());
    text.push('\n');
    (text.into(), recipient)
}

/// Writes `text` to `output`, mode 0600, never over an existing file.
pub fn write_secret_file(output: &Path, text: &str) -> Result<(), OffsiteError> {
    let mut file = crate::data_dir::create_new_private_file(output).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            OffsiteError::IdentityExists(output.to_path_buf())
        } else {
            OffsiteError::io(output)(e)
        }
    })?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(OffsiteError::io(output))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> (Identity, Recipient) {
        let (text, recipient_text) = new_identity(&[]);
        let line = text
            .expose_secret()
            .lines()
            .find(|l| l.starts_with("AGE-SECRET-KEY-1"))
            .unwrap()
            .to_string();
        (
            Identity(age::x25519::Identity::from_str(&line).unwrap()),
            recipient(&recipient_text).unwrap(),
        )
    }

    #[test]
    fn what_is_encrypted_decrypts_with_its_identity_only() {
        let (identity, to) = identity();
        let file = Path::new("key.txt");
        const CHUNK: usize = 64 * 1024;
        for size in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK] {
            let plain: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            let sealed = encrypt(&to, &plain);
            assert_eq!(
                decrypt(&identity, file, "x", &sealed).unwrap(),
                plain,
                "{size}"
            );
            if size > 0 {
                // A chunk cut off at the end is noticed, not taken as the whole.
                let cut = &sealed[..sealed.len() - 1];
                assert!(decrypt(&identity, file, "x", cut).is_err(), "{size}");
            }
        }
        let sealed = encrypt(&to, b"Pray for my mother");
        assert!(!sealed.windows(6).any(|w| w == b"mother"));
        let (other, _) = self::identity();
        assert!(matches!(
            decrypt(&other, file, "x", &sealed),
            Err(OffsiteError::WrongIdentity(_))
        ));
        assert!(matches!(
            decrypt(&identity, file, "x", b"not age"),
            Err(OffsiteError::Damaged { .. })
        ));
    }

    #[test]
    fn recipients_of_low_order_or_in_bech32m_are_refused() {
        assert!(recipient("age1notarecipient").is_err());
        // The all-zero point: every copy to it would be readable with no key.
        let zero = bech32::encode::<bech32::Bech32>(bech32::Hrp::parse("age").unwrap(), &[0u8; 32])
            .unwrap();
        assert!(matches!(
            recipient(&zero),
            Err(OffsiteError::LowOrderRecipient(_))
        ));
        // A point of order 8 (from the CCTV x25519_low_order vector's family).
        let mut order8 = [0u8; 32];
        order8.copy_from_slice(&hex32(
            "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        ));
        let text =
            bech32::encode::<bech32::Bech32>(bech32::Hrp::parse("age").unwrap(), &order8).unwrap();
        assert!(matches!(
            recipient(&text),
            Err(OffsiteError::LowOrderRecipient(_))
        ));
        // The same bytes as a genuine key, but checksummed as Bech32m.
        let (_, good) = identity();
        let (_, bytes) = bech32::decode(&good.to_string()).unwrap();
        let m =
            bech32::encode::<bech32::Bech32m>(bech32::Hrp::parse("age").unwrap(), &bytes).unwrap();
        assert!(recipient(&m).is_err(), "{m}");
        assert!(recipient(&good.to_string()).is_ok());
    }

    fn hex32(text: &str) -> Vec<u8> {
        (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect()
    }

    /// The age specification's test vectors for X25519 (C2SP CCTV, vendored with
    /// their licence in tests/fixtures/cctv-age): each gives the result it names,
    /// through the same `decrypting` path restores use, and a payload that fails
    /// half-way releases only the bytes its `payload` hash covers.
    #[test]
    fn the_cctv_x25519_vectors_give_their_expected_results() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cctv-age");
        let mut seen = std::collections::BTreeMap::<String, usize>::new();
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n != "LICENSE" && n != "README.md")
            })
            .collect();
        files.sort();
        for path in files {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let bytes = std::fs::read(&path).unwrap();
            let split = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
            let head = std::str::from_utf8(&bytes[..split]).unwrap();
            let mut body = bytes[split + 2..].to_vec();
            let field = |key: &str| {
                head.lines()
                    .filter_map(|l| l.strip_prefix(&format!("{key}: ")))
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            if field("compressed").first().map(String::as_str) == Some("zlib") {
                let mut plain = Vec::new();
                flate2::read::ZlibDecoder::new(body.as_slice())
                    .read_to_end(&mut plain)
                    .unwrap();
                body = plain;
            }
            let expect = field("expect").remove(0);
            let identities = field("identity");
            assert_eq!(identities.len(), 1, "{name}: one identity");
            let identity = Identity(age::x25519::Identity::from_str(&identities[0]).unwrap());
            let mut released = Vec::new();
            let result = decrypting(&identity, body.as_slice()).and_then(|mut reader| {
                let mut buf = [0u8; 4096];
                loop {
                    match reader.read(&mut buf) {
                        Ok(0) => return Ok(()),
                        Ok(n) => released.extend_from_slice(&buf[..n]),
                        Err(e) => return Err(Refusal::Payload(e.to_string())),
                    }
                }
            });
            let got = match &result {
                Ok(()) => "success",
                Err(Refusal::NoMatch) => "no match",
                Err(Refusal::Header) => "header failure",
                Err(Refusal::Mac) => "HMAC failure",
                Err(Refusal::Payload(_)) => "payload failure",
            };
            assert_eq!(got, expect, "{name}: {result:?}");
            if let Some(hash) = field("payload").first() {
                let digest = ring::digest::digest(&ring::digest::SHA256, &released);
                assert_eq!(
                    &crate::notify::deliver::hex(digest.as_ref()),
                    hash,
                    "{name}: the bytes released"
                );
            }
            *seen.entry(expect).or_default() += 1;
        }
        // Every kind of result is among them (a vendoring that lost files fails here).
        assert_eq!(seen.values().sum::<usize>(), 66, "{seen:?}");
        assert_eq!(seen["header failure"], 30, "{seen:?}");
    }
}
