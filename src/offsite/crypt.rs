//! Encryption in the standard age format (age-encryption.org/v1) to the staff's
//! X25519 recipient, decryption with their identity file (as Debian's `age-keygen`
//! writes it), and making a new identity. Only what the server needs of age is
//! here: one X25519 recipient, the STREAM payload in 64 KiB chunks. The primitives
//! are ring's (ChaCha20-Poly1305, HKDF-SHA256, HMAC-SHA256, already in the binary
//! for TLS) and x25519-dalek's; the `age` crate itself added 0.3 MB (its
//! translations and other recipient kinds) to a binary with a 12.5 MB budget. The
//! tests in tests/offsite.rs check every object against Debian's `age` both ways.
use std::io::Write;
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
use bech32::{Bech32, Hrp};
use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};
use ring::{hkdf, hmac};
use x25519_dalek::{PublicKey, StaticSecret};

use super::OffsiteError;

const VERSION_LINE: &str = "age-encryption.org/v1";
const X25519_INFO: &[u8] = b"age-encryption.org/v1/X25519";
/// Plaintext bytes per payload chunk.
const CHUNK: usize = 64 * 1024;
const TAG: usize = 16;

/// An `age1…` recipient: an X25519 public key.
#[derive(Clone)]
pub struct Recipient(PublicKey);

/// An `AGE-SECRET-KEY-1…` identity.
pub struct Identity(StaticSecret);

impl Identity {
    fn public(&self) -> PublicKey {
        PublicKey::from(&self.0)
    }
}

impl std::fmt::Display for Recipient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hrp = Hrp::parse("age").expect("a valid prefix");
        let text = bech32::encode::<Bech32>(hrp, self.0.as_bytes()).map_err(|_| std::fmt::Error)?;
        f.write_str(&text)
    }
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    SystemRandom::new()
        .fill(&mut bytes)
        .expect("the system's random source works");
    bytes
}

/// HKDF-SHA256 with a 32-byte output.
fn hkdf32(ikm: &[u8], salt: &[u8], info: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    hkdf::Salt::new(hkdf::HKDF_SHA256, salt)
        .extract(ikm)
        .expand(&[info], hkdf::HKDF_SHA256)
        .and_then(|okm| okm.fill(&mut out))
        .expect("32 bytes is a valid HKDF-SHA256 length");
    out
}

fn aead(key: &[u8; 32]) -> LessSafeKey {
    LessSafeKey::new(UnboundKey::new(&CHACHA20_POLY1305, key).expect("a 32-byte key"))
}

/// The nonce of payload chunk `counter` (the last one flagged).
fn chunk_nonce(counter: u64, last: bool) -> Nonce {
    let mut nonce = [0u8; 12];
    nonce[3..11].copy_from_slice(&counter.to_be_bytes());
    nonce[11] = u8::from(last);
    Nonce::assume_unique_for_key(nonce)
}

/// Base64 without padding, in lines of 64 columns; the last line is shorter (empty
/// when the text fills whole lines), as age writes a stanza's body.
fn wrapped(bytes: &[u8]) -> String {
    let text = B64.encode(bytes);
    let mut out = String::new();
    for line in text.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(line).expect("base64 is ASCII"));
        out.push('\n');
    }
    if text.len().is_multiple_of(64) {
        out.push('\n');
    }
    out
}

/// The `age1…` recipient staff configured.
pub fn recipient(text: &str) -> Result<Recipient, OffsiteError> {
    let bad = || OffsiteError::BadRecipient(text.trim().to_string());
    let (hrp, data) = bech32::decode(text.trim()).map_err(|_| bad())?;
    let key: [u8; 32] = data.try_into().map_err(|_| bad())?;
    if hrp.to_lowercase() != "age" {
        return Err(bad());
    }
    Ok(Recipient(PublicKey::from(key)))
}

/// `plain`, encrypted to `to`.
pub fn encrypt(to: &Recipient, plain: &[u8]) -> Vec<u8> {
    let file_key: [u8; 16] = random();
    let ephemeral = StaticSecret::from(random::<32>());
    let share = PublicKey::from(&ephemeral);
    let shared = ephemeral.diffie_hellman(&to.0);
    let mut salt = share.as_bytes().to_vec();
    salt.extend_from_slice(to.0.as_bytes());
    let wrap_key = hkdf32(shared.as_bytes(), &salt, X25519_INFO);
    let mut body = file_key.to_vec();
    aead(&wrap_key)
        .seal_in_place_append_tag(
            Nonce::assume_unique_for_key([0; 12]),
            Aad::empty(),
            &mut body,
        )
        .expect("sealing 16 bytes cannot fail");

    let mut header = format!(
        "{VERSION_LINE}\n-> X25519 {}\n",
        B64.encode(share.as_bytes())
    );
    header.push_str(&wrapped(&body));
    header.push_str("---");
    let mac_key = hkdf32(&file_key, &[], b"header");
    let mac = hmac::sign(
        &hmac::Key::new(hmac::HMAC_SHA256, &mac_key),
        header.as_bytes(),
    );
    header.push_str(&format!(" {}\n", B64.encode(mac.as_ref())));

    let nonce: [u8; 16] = random();
    let payload = aead(&hkdf32(&file_key, &nonce, b"payload"));
    let mut out =
        Vec::with_capacity(header.len() + 16 + plain.len() + (plain.len() / CHUNK + 1) * TAG);
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&nonce);
    let chunks: Vec<&[u8]> = if plain.is_empty() {
        vec![&[][..]]
    } else {
        plain.chunks(CHUNK).collect()
    };
    let last_index = chunks.len() - 1;
    for (i, chunk) in chunks.into_iter().enumerate() {
        let mut sealed = chunk.to_vec();
        payload
            .seal_in_place_append_tag(
                chunk_nonce(i as u64, i == last_index),
                Aad::empty(),
                &mut sealed,
            )
            .expect("sealing a chunk cannot fail");
        out.extend_from_slice(&sealed);
    }
    out
}

/// The identity in an identity file: its `AGE-SECRET-KEY-1…` line.
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
    let invalid = || failed("its AGE-SECRET-KEY line is not a valid identity".into());
    let (hrp, data) = bech32::decode(line).map_err(|_| invalid())?;
    let key: [u8; 32] = data.try_into().map_err(|_| invalid())?;
    if hrp.to_lowercase() != "age-secret-key-" {
        return Err(invalid());
    }
    Ok(Identity(StaticSecret::from(key)))
}

/// One header stanza: its type and arguments, and its body.
struct Stanza {
    args: Vec<String>,
    body: Vec<u8>,
}

/// A parsed header: its stanzas, the bytes its MAC covers, the MAC, and where the
/// payload begins.
type Header<'a> = (Vec<Stanza>, &'a [u8], Vec<u8>, usize);

fn parse_header(bytes: &[u8]) -> Result<Header<'_>, String> {
    let mut at = 0;
    let line = |at: &mut usize| -> Result<&str, String> {
        let end = bytes[*at..]
            .iter()
            .position(|&b| b == b'\n')
            .ok_or("the header ends early")?;
        let text =
            std::str::from_utf8(&bytes[*at..*at + end]).map_err(|_| "the header is not text")?;
        *at += end + 1;
        Ok(text)
    };
    if line(&mut at)? != VERSION_LINE {
        return Err("not an age file (age-encryption.org/v1)".into());
    }
    let mut stanzas = Vec::new();
    loop {
        let start = at;
        let text = line(&mut at)?;
        if let Some(mac) = text.strip_prefix("--- ") {
            let mac = B64.decode(mac).map_err(|_| "a bad header MAC")?;
            let covered = &bytes[..start + 3];
            return Ok((stanzas, covered, mac, at));
        }
        let args = text
            .strip_prefix("-> ")
            .ok_or("a bad header line")?
            .split(' ')
            .map(str::to_string)
            .collect();
        let mut body = String::new();
        loop {
            let part = line(&mut at)?;
            body.push_str(part);
            if part.len() < 64 {
                break;
            }
        }
        let body = B64.decode(body).map_err(|_| "a bad stanza body")?;
        stanzas.push(Stanza { args, body });
    }
}

/// An object decrypted with `identity` (read from `identity_file`, named in errors).
pub fn decrypt(
    identity: &Identity,
    identity_file: &Path,
    object: &str,
    bytes: &[u8],
) -> Result<Vec<u8>, OffsiteError> {
    let damaged = |reason: &str| OffsiteError::Damaged {
        object: object.to_string(),
        reason: reason.to_string(),
    };
    let (stanzas, covered, mac, payload_at) = parse_header(bytes).map_err(|e| damaged(&e))?;
    let public = identity.public();
    let file_key = stanzas
        .iter()
        .filter(|s| s.args.len() == 2 && s.args[0] == "X25519" && s.body.len() == 16 + TAG)
        .find_map(|stanza| {
            let share: [u8; 32] = B64.decode(&stanza.args[1]).ok()?.try_into().ok()?;
            let shared = identity.0.diffie_hellman(&PublicKey::from(share));
            let mut salt = share.to_vec();
            salt.extend_from_slice(public.as_bytes());
            let wrap_key = hkdf32(shared.as_bytes(), &salt, X25519_INFO);
            let mut body = stanza.body.clone();
            let key = aead(&wrap_key)
                .open_in_place(
                    Nonce::assume_unique_for_key([0; 12]),
                    Aad::empty(),
                    &mut body,
                )
                .ok()?;
            <[u8; 16]>::try_from(&key[..]).ok()
        })
        .ok_or_else(|| OffsiteError::WrongIdentity(identity_file.to_path_buf()))?;
    let mac_key = hkdf32(&file_key, &[], b"header");
    hmac::verify(&hmac::Key::new(hmac::HMAC_SHA256, &mac_key), covered, &mac)
        .map_err(|_| damaged("its header was altered (the MAC does not match)"))?;

    let rest = &bytes[payload_at..];
    if rest.len() < 16 + TAG {
        return Err(damaged("the payload is cut short"));
    }
    let payload = aead(&hkdf32(&file_key, &rest[..16], b"payload"));
    let sealed = &rest[16..];
    let mut plain = Vec::with_capacity(sealed.len());
    let chunks: Vec<&[u8]> = sealed.chunks(CHUNK + TAG).collect();
    let last_index = chunks.len() - 1;
    for (i, chunk) in chunks.into_iter().enumerate() {
        let mut buffer = chunk.to_vec();
        let opened = payload
            .open_in_place(
                chunk_nonce(i as u64, i == last_index),
                Aad::empty(),
                &mut buffer,
            )
            .map_err(|_| damaged("its payload was altered or cut short"))?;
        if opened.is_empty() && i != 0 {
            return Err(damaged("an empty last chunk"));
        }
        plain.extend_from_slice(opened);
    }
    Ok(plain)
}

/// Writes a new identity to `output` (mode 0600, never over an existing file):
/// its recipient, to give the server.
pub fn keygen(output: &Path) -> Result<String, OffsiteError> {
    let secret = StaticSecret::from(random::<32>());
    let recipient = Recipient(PublicKey::from(&secret)).to_string();
    let hrp = Hrp::parse("age-secret-key-").expect("a valid prefix");
    let identity = bech32::encode_upper::<Bech32>(hrp, secret.as_bytes()).expect("32 bytes encode");
    let text = format!(
        "# created: {}\n# public key: {recipient}\n{identity}\n",
        chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    );
    let mut file = crate::data_dir::create_new_private_file(output).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            OffsiteError::IdentityExists(output.to_path_buf())
        } else {
            OffsiteError::io(output)(e)
        }
    })?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(OffsiteError::io(output))?;
    Ok(recipient)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_encrypted_decrypts_with_its_identity_only() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("key.txt");
        let recipient_text = keygen(&file).unwrap();
        assert!(recipient_text.starts_with("age1"));
        assert!(matches!(
            keygen(&file),
            Err(OffsiteError::IdentityExists(_))
        ));
        let to = recipient(&recipient_text).unwrap();
        assert_eq!(to.to_string(), recipient_text);
        let identity = read_identity(&file).unwrap();
        for size in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK] {
            let plain: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            let sealed = encrypt(&to, &plain);
            assert_eq!(
                decrypt(&identity, &file, "x", &sealed).unwrap(),
                plain,
                "{size}"
            );
            if size > 0 {
                // A chunk cut off at the end is noticed, not taken as the whole.
                let cut = &sealed[..sealed.len() - 1];
                assert!(decrypt(&identity, &file, "x", cut).is_err(), "{size}");
            }
        }
        let sealed = encrypt(&to, b"Pray for my mother");
        assert!(!sealed.windows(6).any(|w| w == b"mother"));
        let other = dir.path().join("other.txt");
        keygen(&other).unwrap();
        assert!(matches!(
            decrypt(&read_identity(&other).unwrap(), &other, "x", &sealed),
            Err(OffsiteError::WrongIdentity(_))
        ));
        assert!(matches!(
            decrypt(&identity, &file, "x", b"not age"),
            Err(OffsiteError::Damaged { .. })
        ));
        assert!(recipient("age1notarecipient").is_err());
    }
}
