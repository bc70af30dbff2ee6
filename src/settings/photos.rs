//! The photos folder (`<data-dir>/photos/`): which file fills which photo slot, and
//! a version per file that changes whenever the file does.
use std::collections::BTreeMap;
use std::path::Path;
use std::time::SystemTime;

use crate::photos::Focus;

/// Photo file types the site serves, preferred first when one name has several.
pub const PHOTO_TYPES: &[&str] = &["webp", "avif", "jpg", "jpeg", "png"];

/// One replacement photo in the photos folder.
#[derive(Debug, Clone, PartialEq)]
pub struct Photo {
    /// The file's name in the photos folder.
    pub file: String,
    pub bytes: u64,
    /// Changes whenever the file does (from its name, size and modification time).
    pub version: String,
    /// The point kept in view when it is cropped (`<slot>.focus`, e.g. "50%,30%").
    pub focus: Focus,
}

/// The file beside a slot's photo that holds its focus ("50%,30%").
pub const FOCUS_SUFFIX: &str = ".focus";

/// How many bytes of a file `starts_like_its_type` reads.
const HEAD_BYTES: usize = 12;

/// Whether `head`, a file's first bytes, starts as the image type its name says
/// (JPEG FF D8 FF, PNG's signature, WebP's RIFF…WEBP, AVIF's ftyp box): a file
/// that is not a photo (a backup hard-linked here, then deleted) is never served.
fn starts_like_its_type(file: &str, head: &[u8]) -> bool {
    let Some((_, ext)) = file.rsplit_once('.') else {
        return false;
    };
    match ext.to_ascii_lowercase().as_str() {
        "jpg" | "jpeg" => head.starts_with(&[0xFF, 0xD8, 0xFF]),
        "png" => head.starts_with(b"\x89PNG\r\n\x1a\n"),
        "webp" => head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP"),
        "avif" => {
            head.get(4..8) == Some(b"ftyp")
                && matches!(head.get(8..12), Some(b"avif" | b"avis" | b"mif1" | b"msf1"))
        }
        _ => false,
    }
}

/// The photo slot a file name fills ("Worship-Night.JPG" fills "worship-night"), if any.
pub fn photo_slot(file: &str) -> Option<(String, usize)> {
    let (stem, ext) = file.rsplit_once('.')?;
    let rank = PHOTO_TYPES
        .iter()
        .position(|t| t.eq_ignore_ascii_case(ext))?;
    let ok = !stem.is_empty()
        && stem.len() <= 100
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    ok.then(|| (stem.to_ascii_lowercase(), rank))
}

/// Whether the file at `path` (named `file`) starts as its type says; false when unreadable.
fn starts_with_its_type(path: &Path, file: &str) -> bool {
    use std::io::Read;
    let mut head = Vec::with_capacity(HEAD_BYTES);
    std::fs::File::open(path)
        .and_then(|f| f.take(HEAD_BYTES as u64).read_to_end(&mut head))
        .is_ok_and(|_| starts_like_its_type(file, &head))
}

pub fn read_photos(folder: &Path, warnings: &mut Vec<String>) -> BTreeMap<String, Photo> {
    let mut found: BTreeMap<String, (usize, Photo)> = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return BTreeMap::new();
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.ends_with(FOCUS_SUFFIX) {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        // Not a link of any kind: a symbolic link (never followed here) or a second
        // name for a file elsewhere (`photos/x.jpg` hard-linked to the database).
        if !meta.is_file() {
            continue;
        }
        if std::os::unix::fs::MetadataExt::nlink(&meta) != 1 {
            warnings.push(format!(
                "photos/{file} is not used: it is a hard link to another file; copy the photo in instead"
            ));
            continue;
        }
        let Some((slot, rank)) = photo_slot(&file) else {
            let heic = file.rsplit_once('.').is_some_and(|(_, ext)| {
                ["heic", "heif"].contains(&ext.to_ascii_lowercase().as_str())
            });
            warnings.push(if heic {
                format!(
                    "photos/{file} is not used: it is in HEIC, an iPhone's own format, which the site does not read: on the iPhone set Settings → Camera → Formats → Most Compatible, or share the photo as JPEG, then `thewell site photo <slot> <file>`"
                )
            } else {
                format!(
                    "photos/{file} is not used: put it in a slot with `thewell site photo <slot> photos/{file}` (`thewell site photos` lists the slots), or name it <slot>.{}",
                    PHOTO_TYPES.join("|")
                )
            });
            continue;
        };
        if !starts_with_its_type(&entry.path(), &file) {
            warnings.push(format!(
                "photos/{file} is not used: it does not start as a .{} image does; save the photo again in that format",
                file.rsplit_once('.').map_or("", |(_, ext)| ext)
            ));
            continue;
        }
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let focus = read_focus(folder, &slot, warnings);
        let digest = ring::digest::digest(
            &ring::digest::SHA256,
            format!("{file}/{}/{modified}", meta.len()).as_bytes(),
        );
        let photo = Photo {
            file,
            bytes: meta.len(),
            version: digest.as_ref()[..4]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
            focus,
        };
        if found.get(&slot).is_none_or(|(r, _)| rank < *r) {
            found.insert(slot, (rank, photo));
        }
    }
    found.into_iter().map(|(slot, (_, p))| (slot, p)).collect()
}

/// The focus a volunteer gave a slot (`thewell site photo --focus`), else the centre.
fn read_focus(folder: &Path, slot: &str, warnings: &mut Vec<String>) -> Focus {
    let path = folder.join(format!("{slot}{FOCUS_SUFFIX}"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Focus::default();
    };
    text.trim().parse().unwrap_or_else(|why| {
        warnings.push(format!(
            "photos/{slot}{FOCUS_SUFFIX}: {why}; the photo is cropped around its centre"
        ));
        Focus::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_dir::DataDir;
    use crate::published::Snapshot;

    #[test]
    fn a_photo_starts_as_its_type_says() {
        assert!(starts_like_its_type("a.jpg", &[0xFF, 0xD8, 0xFF, 0xE0]));
        assert!(starts_like_its_type("a.PNG", b"\x89PNG\r\n\x1a\n...."));
        assert!(starts_like_its_type("a.webp", b"RIFF\x10\0\0\0WEBPVP8 "));
        assert!(starts_like_its_type("a.avif", b"\0\0\0\x1cftypavif"));
        for (file, head) in [
            ("a.jpg", &b"redb\x1a\x0a\xa9\x0d\x0a"[..]),
            ("a.png", &[0xFF, 0xD8, 0xFF][..]),
            ("a.webp", b"RIFF\x10\0\0\0WAVE"),
            ("a.jpg", b""),
            ("a", &[0xFF, 0xD8, 0xFF][..]),
        ] {
            assert!(!starts_like_its_type(file, head), "{file}");
        }
    }

    #[test]
    fn photos_fill_slots_by_file_name() {
        assert_eq!(
            photo_slot("Worship-Night.JPG"),
            Some(("worship-night".into(), 2))
        );
        assert_eq!(photo_slot("a.webp"), Some(("a".into(), 0)));
        assert_eq!(photo_slot("notes.txt"), None);
        assert_eq!(photo_slot("../x.jpg"), None);
        assert_eq!(photo_slot("with space.jpg"), None);

        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let photos = dir.photos();
        std::fs::create_dir(&photos).unwrap();
        std::fs::write(photos.join("team.jpg"), b"\xFF\xD8\xFFjpg").unwrap();
        std::fs::write(photos.join("team.webp"), b"RIFF\x04\0\0\0WEBPVP8 ").unwrap();
        std::fs::write(photos.join("readme.txt"), b"?").unwrap();
        let snap = Snapshot::read(&dir, &Snapshot::defaults());
        assert_eq!(
            snap.originals["team"].file, "team.webp",
            "webp is preferred"
        );
        std::fs::write(photos.join("team.focus"), b"50%,20%\n").unwrap();
        std::fs::write(photos.join("other.focus"), b"middle").unwrap();
        let snap = Snapshot::read(&dir, &Snapshot::defaults());
        assert_eq!(snap.originals["team"].focus, Focus { x: 0.5, y: 0.2 });
        assert_eq!(snap.warnings.len(), 1, "{:?}", snap.warnings);
        // An original changes no page until its sizes are made (src/photos/).
        assert!(snap.photos.is_empty());
        assert!(snap.is_default());
        assert_eq!(snap.tag, Snapshot::defaults().tag);
    }
}
