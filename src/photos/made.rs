//! What has been made of each slot's photo, as the maker leaves it in
//! `photo-variants/`: `<slot>.json` (the widths ready to serve, their shape, the
//! placeholder) or `<slot>.refused` (why the original was refused), each naming the
//! key of the original and recipe it belongs to. A key that no longer matches the
//! slot's original means the slot is waiting to be made again.
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::data_dir::DataDir;

/// A slot's variants, ready to serve.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Made {
    /// The original and recipe they were made from.
    pub key: String,
    /// The largest variant's size in pixels (its shape is the frame's).
    pub width: u32,
    pub height: u32,
    /// Every width made, smallest first, each as WebP and JPEG.
    pub widths: Vec<u32>,
    /// A blurred stand-in to draw until the photo loads (a `data:` address).
    pub placeholder: String,
}

/// Why a slot's original was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    pub key: String,
    pub why: String,
}

/// The formats each width is written in, the one browsers prefer first.
pub const FORMATS: [(&str, &str); 2] = [("webp", "image/webp"), ("jpg", "image/jpeg")];

/// A variant's file name: slot, key, width and format.
pub fn file_name(slot: &str, key: &str, width: u32, format: &str) -> String {
    format!("{slot}.{key}.{width}.{format}")
}

impl Made {
    /// The address of one variant.
    pub fn url(&self, slot: &str, width: u32, format: &str) -> String {
        format!("/photos/{}", file_name(slot, &self.key, width, format))
    }

    /// `srcset` for one format: every width with its address.
    pub fn srcset(&self, slot: &str, format: &str) -> String {
        self.widths
            .iter()
            .map(|&w| format!("{} {w}w", self.url(slot, w, format)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The width of the plain `src` (for a browser that reads no `srcset`): a phone's,
    /// or the largest made when smaller.
    pub fn plain_width(&self) -> u32 {
        self.widths
            .iter()
            .copied()
            .find(|&w| w >= 640)
            .unwrap_or(self.width)
    }

    /// Whether every file it names is in the variants' folder.
    pub fn files_there(&self, dir: &DataDir, slot: &str) -> bool {
        self.widths.iter().all(|&w| {
            FORMATS.iter().all(|(ext, _)| {
                dir.photo_files()
                    .join(file_name(slot, &self.key, w, ext))
                    .is_file()
            })
        })
    }

    /// Whether `file` is one of its variants (slot, key, a width, a format).
    pub fn has_file(&self, slot: &str, file: &str) -> bool {
        self.widths.iter().any(|&w| {
            FORMATS
                .iter()
                .any(|(ext, _)| file == file_name(slot, &self.key, w, ext))
        })
    }
}

/// What the maker left for `slot` in `folder` (`photo-variants/`).
pub enum State {
    Ready(Made),
    Refused(Refused),
    Waiting,
}

fn manifest(folder: &Path, slot: &str) -> std::path::PathBuf {
    folder.join(format!("{slot}.json"))
}

fn refusal(folder: &Path, slot: &str) -> std::path::PathBuf {
    folder.join(format!("{slot}.refused"))
}

/// The state of `slot` for the original and recipe named by `key`: ready only while
/// every file its record names is there (a restore brings the originals, not these).
pub fn state(dir: &DataDir, slot: &str, key: &str) -> State {
    let folder = &dir.photo_variants();
    if let Some(made) = recorded(folder, slot).filter(|m| m.key == key) {
        return if made.files_there(dir, slot) {
            State::Ready(made)
        } else {
            State::Waiting
        };
    }
    if let Some(refused) = crate::data_dir::read_regular(&refusal(folder, slot))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Refused>(&bytes).ok())
        .filter(|r| r.key == key)
    {
        return State::Refused(refused);
    }
    State::Waiting
}

/// Records `made` as the slot's variants (the refusal of an older original goes).
pub fn save_made(folder: &Path, slot: &str, made: &Made) -> std::io::Result<()> {
    let path = manifest(folder, slot);
    let json = serde_json::to_vec_pretty(made).map_err(std::io::Error::other)?;
    crate::data_dir::replace_private_file(&path, &path, &json)?;
    remove_if_there(&refusal(folder, slot))
}

/// Records why the slot's original was refused. What was made of an earlier
/// original stays, and is served until the slot has a photo that can be made.
pub fn save_refused(folder: &Path, slot: &str, refused: &Refused) -> std::io::Result<()> {
    let path = refusal(folder, slot);
    let json = serde_json::to_vec_pretty(refused).map_err(std::io::Error::other)?;
    crate::data_dir::replace_private_file(&path, &path, &json)
}

/// The slot's last made variants, whatever original they came from (while their
/// files are there).
pub fn last_made(dir: &DataDir, slot: &str) -> Option<Made> {
    recorded(&dir.photo_variants(), slot).filter(|made| made.files_there(dir, slot))
}

/// The slot's record as written, its files there or not.
pub fn recorded(folder: &Path, slot: &str) -> Option<Made> {
    crate::data_dir::read_regular(&manifest(folder, slot))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
}

/// Forgets a slot that no longer has a photo: its record and refusal.
pub fn forget(folder: &Path, slot: &str) -> std::io::Result<()> {
    remove_if_there(&manifest(folder, slot))?;
    remove_if_there(&refusal(folder, slot))
}

fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The slots that have a record or a refusal in `folder`.
pub fn recorded_slots(folder: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut slots: Vec<String> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json")
                .or_else(|| name.strip_suffix(".refused"))
                .map(str::to_string)
        })
        .collect();
    slots.sort();
    slots.dedup();
    slots
}
