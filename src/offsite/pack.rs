//! What an object holds before it is encrypted. Submissions: gzip-compressed JSON
//! Lines, a head line and then one line per submission (its form, id and record as
//! stored). Files: a gzip-compressed tar archive of `site.json`, `notify.json`,
//! `content/` and `photos/` (regular files only). After `age -d`, staff read either
//! with `gunzip` and `tar`.
use std::io::{BufRead, Read, Write};
use std::path::{Component, Path, PathBuf};

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The top-level files and folders of the data directory that a copy holds.
pub const FILES: [&str; 4] = ["site.json", "notify.json", "content", "photos"];

/// The first line of a submissions object.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Head {
    /// Always "thewell-submissions".
    pub kind: String,
}

/// The last line: how many submission lines came before it (a cut object lacks it).
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
struct End {
    end: u64,
}

/// One submission as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub form: String,
    pub id: ulid::Ulid,
    /// The record's JSON text, exactly as stored.
    pub json: String,
}

#[derive(Serialize)]
struct RowOut<'a> {
    form: &'a str,
    id: String,
    record: &'a RawValue,
}

#[derive(Deserialize)]
struct RowIn<'a> {
    form: String,
    id: String,
    #[serde(borrow)]
    record: &'a RawValue,
}

const KIND: &str = "thewell-submissions";

/// Submissions compressed as they come into `W` (a base of every submission is
/// never held whole in memory).
pub struct RowsWriter<W: Write> {
    out: GzEncoder<W>,
    rows: u64,
}

impl<W: Write> RowsWriter<W> {
    pub fn new(out: W) -> std::io::Result<RowsWriter<W>> {
        let mut out = GzEncoder::new(out, Compression::default());
        let mut line = serde_json::to_vec(&Head { kind: KIND.into() }).expect("a head serialises");
        line.push(b'\n');
        out.write_all(&line)?;
        Ok(RowsWriter { out, rows: 0 })
    }

    pub fn push(&mut self, form: &str, id: ulid::Ulid, json: &str) -> std::io::Result<()> {
        // A stored record is always valid JSON; one that is not is kept as a string.
        let raw: Box<RawValue> = RawValue::from_string(json.to_string()).unwrap_or_else(|_| {
            RawValue::from_string(serde_json::to_string(json).expect("a string serialises"))
                .expect("a JSON string is JSON")
        });
        let mut line = serde_json::to_vec(&RowOut {
            form,
            id: id.to_string(),
            record: &raw,
        })
        .expect("a row serialises");
        line.push(b'\n');
        self.out.write_all(&line)?;
        self.rows += 1;
        Ok(())
    }

    /// Writes the last line and hands `W` back.
    pub fn finish(mut self) -> std::io::Result<W> {
        let mut line = serde_json::to_vec(&End { end: self.rows }).expect("an end serialises");
        line.push(b'\n');
        self.out.write_all(&line)?;
        self.out.finish()
    }
}

/// Submissions, compressed in memory.
#[cfg(test)]
pub fn pack_rows(rows: &[Row]) -> Vec<u8> {
    let mut writer = RowsWriter::new(Vec::new()).expect("writing into memory cannot fail");
    for row in rows {
        writer
            .push(&row.form, row.id, &row.json)
            .expect("writing into memory cannot fail");
    }
    writer.finish().expect("writing into memory cannot fail")
}

/// The longest line of a submissions object (a submission is at most 16 KiB).
const MAX_LINE: usize = 64 * 1024;

/// A reader that refuses to give more than `left` bytes: an object that inflates
/// beyond what a restore allows fails instead of filling memory or the disk.
pub struct Capped<R> {
    inner: R,
    left: u64,
    cap: u64,
}

impl<R: Read> Capped<R> {
    pub fn new(inner: R, cap: u64) -> Capped<R> {
        Capped {
            inner,
            left: cap,
            cap,
        }
    }
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            // One byte more than allowed means too much; exactly the cap is fine.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(std::io::Error::other(format!(
                    "it unpacks to more than {} bytes (--max-restore-bytes)",
                    self.cap
                ))),
            };
        }
        let want = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads the submissions of a decrypted object as they come, handing each to
/// `each`; at most `max_bytes` once unpacked, no line longer than 64 KiB. Returns how
/// many there were; an error says what is wrong.
pub fn read_rows(
    plain: impl Read,
    max_bytes: u64,
    mut each: impl FnMut(Row) -> Result<(), String>,
) -> Result<u64, String> {
    let mut lines = std::io::BufReader::new(Capped::new(GzDecoder::new(plain), max_bytes));
    let mut line = Vec::new();
    let mut next = |line: &mut Vec<u8>| -> Result<bool, String> {
        line.clear();
        let n = (&mut lines)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', line)
            .map_err(|e| format!("not gzip-compressed text, or too large: {e}"))?;
        if line.len() > MAX_LINE {
            return Err(format!("a line longer than {MAX_LINE} bytes"));
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        Ok(n > 0)
    };
    if !next(&mut line)? {
        return Err("no head line: empty".into());
    }
    let head: Head = serde_json::from_slice(&line).map_err(|e| format!("no head line: {e}"))?;
    if head.kind != KIND {
        return Err(format!("a {} object, not submissions", head.kind));
    }
    let mut count = 0u64;
    let mut number = 1;
    let mut end = None;
    while next(&mut line)? {
        number += 1;
        if end.is_some() {
            return Err(format!("line {number}: after the last line"));
        }
        if line.starts_with(b"{\"end\":") {
            let found: End =
                serde_json::from_slice(&line).map_err(|e| format!("line {number}: {e}"))?;
            end = Some(found.end);
            continue;
        }
        let row: RowIn =
            serde_json::from_slice(&line).map_err(|e| format!("line {number}: {e}"))?;
        let id = row.id.parse().map_err(|_| {
            format!(
                "line {number}: bad id {}",
                crate::outbound::short_code(&row.id)
            )
        })?;
        each(Row {
            form: row.form,
            id,
            json: row.record.get().to_string(),
        })
        .map_err(|e| format!("line {number}: {e}"))?;
        count += 1;
    }
    match end {
        Some(end) if end == count => Ok(count),
        Some(end) => Err(format!(
            "{count} submissions where the last line says {end}"
        )),
        None => Err("cut short: no last line".into()),
    }
}

/// The submissions of a small object held in memory (already decrypted).
#[cfg(test)]
pub fn unpack_rows(packed: &[u8]) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    read_rows(packed, u64::MAX, |row| {
        rows.push(row);
        Ok(())
    })?;
    Ok(rows)
}

/// Every regular file of the copy under `root`, as (path relative to `root`, full path), sorted.
pub fn site_files(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut found = Vec::new();
    let mut stack: Vec<PathBuf> = FILES.iter().map(PathBuf::from).collect();
    while let Some(relative) = stack.pop() {
        let full = root.join(&relative);
        let Ok(meta) = std::fs::symlink_metadata(&full) else {
            continue;
        };
        if meta.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&full) {
                for entry in entries.flatten() {
                    stack.push(relative.join(entry.file_name()));
                }
            }
        } else if meta.is_file() && !is_temporary(&relative) {
            found.push((relative, full));
        }
    }
    found.sort();
    found
}

/// A half-written file some command is about to rename into place.
fn is_temporary(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.contains(".tmp") || name.starts_with('.')
}

/// What the files are now: changes when any is added, removed, resized or rewritten.
pub fn fingerprint(root: &Path) -> String {
    use std::os::unix::fs::MetadataExt;
    let mut context = ring::digest::Context::new(&ring::digest::SHA256);
    for (relative, full) in site_files(root) {
        if let Ok(meta) = std::fs::symlink_metadata(&full) {
            context.update(
                format!(
                    "{}\0{}\0{}.{}\0{}\n",
                    relative.display(),
                    meta.len(),
                    meta.mtime(),
                    meta.mtime_nsec(),
                    meta.ino()
                )
                .as_bytes(),
            );
        }
    }
    crate::notify::deliver::hex(context.finish().as_ref())
}

/// The site's files under `root`, as a compressed tar archive in memory: how copies
/// held them before blobs (a restore still reads such copies).
#[cfg(test)]
pub fn pack_files(root: &Path) -> std::io::Result<Vec<u8>> {
    let mut archive = tar::Builder::new(GzEncoder::new(Vec::new(), Compression::default()));
    for (relative, full) in site_files(root) {
        let bytes = crate::data_dir::read_regular(&full)?;
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o600);
        header.set_entry_type(tar::EntryType::Regular);
        archive.append_data(&mut header, &relative, bytes.as_slice())?;
    }
    archive.into_inner()?.finish()
}

/// One file of a copy: where it goes under the data directory, its size and its blob.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub path: String,
    pub size: u64,
    pub blob: String,
}

const FILES_KIND: &str = "thewell-files";
/// The most files one copy names.
const MAX_ENTRIES: usize = 100_000;

/// A files object's list (gzip-compressed JSON Lines: a head line, a line per file,
/// the last line's count), written into `out`, which is handed back.
pub fn write_entries<W: Write>(entries: &[Entry], out: W) -> std::io::Result<W> {
    let mut out = GzEncoder::new(out, Compression::default());
    let mut line = serde_json::to_vec(&Head {
        kind: FILES_KIND.into(),
    })
    .expect("a head serialises");
    line.push(b'\n');
    for entry in entries {
        line.extend(serde_json::to_vec(entry).expect("an entry serialises"));
        line.push(b'\n');
    }
    line.extend(
        serde_json::to_vec(&End {
            end: entries.len() as u64,
        })
        .expect("an end serialises"),
    );
    line.push(b'\n');
    out.write_all(&line)?;
    out.finish()
}

/// Whether a decrypted files object is a list of blobs (else an archive, as copies
/// were made before blobs).
pub fn is_entries(plain: impl Read) -> bool {
    let mut first = [0u8; 1];
    GzDecoder::new(plain).read_exact(&mut first).is_ok() && first[0] == b'{'
}

/// A decrypted files object's list, every path one of the copy's own (no `..`,
/// nothing absolute, nothing outside `FILES`).
pub fn read_entries(plain: impl Read) -> Result<Vec<Entry>, String> {
    let text = std::io::BufReader::new(Capped::new(GzDecoder::new(plain), 64 << 20));
    let mut lines = text.lines();
    let head: Head = lines
        .next()
        .ok_or("empty")?
        .map_err(|e| e.to_string())
        .and_then(|l| serde_json::from_str(&l).map_err(|e| format!("no head line: {e}")))?;
    if head.kind != FILES_KIND {
        return Err(format!("a {} object, not a list of files", head.kind));
    }
    let mut entries = Vec::new();
    for line in lines {
        let line = line.map_err(|e| e.to_string())?;
        if let Ok(end) = serde_json::from_str::<End>(&line) {
            return if end.end == entries.len() as u64 {
                Ok(entries)
            } else {
                Err(format!(
                    "{} files where the last line says {}",
                    entries.len(),
                    end.end
                ))
            };
        }
        let entry: Entry = serde_json::from_str(&line).map_err(|e| e.to_string())?;
        if !own_path(Path::new(&entry.path)) {
            return Err(format!(
                "an entry outside the site's files: {}",
                crate::outbound::short_code(&entry.path)
            ));
        }
        if entries.len() >= MAX_ENTRIES {
            return Err(format!("more than {MAX_ENTRIES} files"));
        }
        entries.push(entry);
    }
    Err("cut short: no last line".into())
}

/// A path of the copy's own: relative, no `..`, under one of `FILES`.
fn own_path(path: &Path) -> bool {
    path.components().all(|c| matches!(c, Component::Normal(_)))
        && path
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .is_some_and(|first| FILES.contains(&first))
}

/// Reads the files of a decrypted archive as they come, each path checked to be one
/// of the copy's own (no `..`, nothing absolute, nothing outside `FILES`), handing
/// each to `each` with a reader of its bytes; at most `max_bytes` once unpacked.
pub fn read_files(
    plain: impl Read,
    max_bytes: u64,
    mut each: impl FnMut(&Path, &mut dyn Read) -> Result<(), String>,
) -> Result<usize, String> {
    let mut archive = tar::Archive::new(Capped::new(GzDecoder::new(plain), max_bytes));
    let mut count = 0;
    for entry in archive.entries().map_err(|e| e.to_string())? {
        let mut entry = entry.map_err(|e| e.to_string())?;
        if entry.header().entry_type() != tar::EntryType::Regular {
            continue;
        }
        let path = entry.path().map_err(|e| e.to_string())?.into_owned();
        if !own_path(&path) {
            return Err(format!(
                "an entry outside the site's files: {}",
                crate::outbound::short_code(&path.display().to_string())
            ));
        }
        each(&path, &mut entry)?;
        count += 1;
    }
    Ok(count)
}

/// The files of a small archive held in memory (already decrypted).
#[cfg(test)]
pub fn unpack_files(packed: &[u8]) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let mut files = Vec::new();
    read_files(packed, u64::MAX, |path, reader| {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(|e| e.to_string())?;
        files.push((path.to_path_buf(), bytes));
        Ok(())
    })?;
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_come_back_exactly_as_stored() {
        let rows = vec![
            Row {
                form: "contact".into(),
                id: ulid::Ulid::generate(),
                json: r#"{"b":1,"a":"Zoë \"x\"\n","submittedAt":"2026-11-23T10:00:00Z"}"#.into(),
            },
            Row {
                form: "prayer-request".into(),
                id: ulid::Ulid::generate(),
                json: "{}".into(),
            },
        ];
        let packed = pack_rows(&rows);
        assert_eq!(unpack_rows(&packed).unwrap(), rows);
        assert!(unpack_rows(&packed[..packed.len() / 2]).is_err());
        // Whole gzip, but the last line missing: cut short, not taken as complete.
        let mut text = String::new();
        GzDecoder::new(packed.as_slice())
            .read_to_string(&mut text)
            .unwrap();
        let without_end: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(without_end.as_bytes()).unwrap();
        assert_eq!(
            unpack_rows(&gz.finish().unwrap()).unwrap_err(),
            "cut short: no last line"
        );
    }

    #[test]
    fn a_list_of_files_comes_back_and_names_nothing_outside_the_site() {
        let entries = vec![
            Entry {
                path: "photos/choir.jpg".into(),
                size: 9,
                blob: "a".repeat(32),
            },
            Entry {
                path: "site.json".into(),
                size: 2,
                blob: "b".repeat(32),
            },
        ];
        let packed = write_entries(&entries, Vec::new()).unwrap();
        assert!(is_entries(packed.as_slice()));
        assert!(!is_entries(
            pack_files(tempfile::tempdir().unwrap().path())
                .unwrap()
                .as_slice()
        ));
        assert_eq!(read_entries(packed.as_slice()).unwrap(), entries);
        assert!(read_entries(&packed[..packed.len() / 2]).is_err());
        let outside = vec![Entry {
            path: "../etc/passwd".into(),
            size: 1,
            blob: "a".repeat(32),
        }];
        let packed = write_entries(&outside, Vec::new()).unwrap();
        assert!(
            read_entries(packed.as_slice())
                .unwrap_err()
                .contains("outside")
        );
    }

    #[test]
    fn files_come_back_and_nothing_outside_the_site() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("site.json"), "{}").unwrap();
        std::fs::create_dir_all(dir.path().join("content/sermons")).unwrap();
        std::fs::write(dir.path().join("content/sermons/a.md"), "text").unwrap();
        std::fs::write(dir.path().join("thewell.redb"), "not copied").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.path().join("content/link")).unwrap();
        let before = fingerprint(dir.path());
        let files = unpack_files(&pack_files(dir.path()).unwrap()).unwrap();
        assert_eq!(
            files,
            vec![
                (PathBuf::from("content/sermons/a.md"), b"text".to_vec()),
                (PathBuf::from("site.json"), b"{}".to_vec())
            ]
        );
        assert_eq!(fingerprint(dir.path()), before);
        std::fs::write(dir.path().join("content/sermons/b.md"), "more").unwrap();
        assert_ne!(fingerprint(dir.path()), before);
    }
}
