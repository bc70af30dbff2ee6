//! The submissions journal, `<data-dir>/thewell.journal`: where a submission is
//! made durable before it is acknowledged. The writer appends each batch with one
//! write and one `fdatasync`, and moves what the journal holds into the database
//! every so often in one commit (a checkpoint), after which the journal starts over
//! from its beginning. redb must make every commit with two `fdatasync`s while other
//! processes (the staff commands) may have the file open; the journal needs one,
//! and once the file has grown it rewrites blocks it already has, so the file system
//! has no metadata to write either.
//!
//! A record is `[length u32][crc32 u32][cycle u64][form name length u8][form name]
//! [id u128][JSON]`, little-endian; the checksum covers everything after itself.
//! Records of one cycle follow each other from offset 0. Reading stops at the first
//! record that is torn, fails its checksum or belongs to another cycle, so what an
//! earlier, longer cycle left further on in the file is never read as new.
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::Path;

use ulid::Ulid;

use crate::data_dir::{DataDir, ensure_private_file};
use crate::forms::{Form, find};

/// The fixed part of a record before the form's name: length, checksum, cycle.
const HEAD: usize = 4 + 4 + 8;
/// A record longer than this is not one (submissions are limited far below it).
const MAX_RECORD: usize = 1 << 20;

/// One submission as the journal holds it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub form: &'static Form,
    pub id: Ulid,
    /// The record's JSON, its time included.
    pub json: String,
}

/// The writer's open journal.
pub struct Journal {
    file: File,
    /// Where the next record goes.
    offset: u64,
    /// The current cycle: larger than any earlier one's.
    cycle: u64,
    buffer: Vec<u8>,
}

fn new_cycle(after: u64) -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    now.max(after.saturating_add(1))
}

fn encode(out: &mut Vec<u8>, cycle: u64, form: &str, id: Ulid, json: &str) {
    let start = out.len();
    let length = HEAD + 1 + form.len() + 16 + json.len();
    out.extend_from_slice(&(length as u32).to_le_bytes());
    out.extend_from_slice(&[0; 4]); // the checksum, below
    out.extend_from_slice(&cycle.to_le_bytes());
    out.push(form.len() as u8);
    out.extend_from_slice(form.as_bytes());
    out.extend_from_slice(&u128::from(id).to_le_bytes());
    out.extend_from_slice(json.as_bytes());
    let crc = crc32fast::hash(&out[start + 8..]);
    out[start + 4..start + 8].copy_from_slice(&crc.to_le_bytes());
}

/// The records of the cycle the journal's first record belongs to, and that cycle.
fn decode(bytes: &[u8]) -> (Vec<Entry>, Option<u64>) {
    let mut entries = Vec::new();
    let mut cycle = None;
    let mut at = 0;
    while bytes.len() - at >= HEAD {
        let word = |i: usize| u32::from_le_bytes(bytes[at + i..at + i + 4].try_into().unwrap());
        let length = word(0) as usize;
        if !(HEAD + 1 + 16..=MAX_RECORD).contains(&length) || at + length > bytes.len() {
            break;
        }
        let record = &bytes[at..at + length];
        if crc32fast::hash(&record[8..]) != word(4) {
            break;
        }
        let this = u64::from_le_bytes(record[8..16].try_into().unwrap());
        if cycle.is_some_and(|c| c != this) {
            break;
        }
        let name_len = record[HEAD] as usize;
        let Some(rest) = record.get(HEAD + 1 + name_len..) else {
            break;
        };
        let name = std::str::from_utf8(&record[HEAD + 1..HEAD + 1 + name_len]).ok();
        let (Some(form), Some(id), Ok(json)) = (
            name.and_then(find),
            rest.get(..16)
                .map(|b| Ulid::from(u128::from_le_bytes(b.try_into().unwrap()))),
            std::str::from_utf8(rest.get(16..).unwrap_or_default()),
        ) else {
            break;
        };
        cycle = Some(this);
        entries.push(Entry {
            form,
            id,
            json: json.to_string(),
        });
        at += length;
    }
    (entries, cycle)
}

/// The submissions in `data_dir`'s journal (none when there is no journal). A reader
/// beside a running server sees those acknowledged before it read.
pub fn read(data_dir: &DataDir) -> io::Result<Vec<Entry>> {
    match File::open(data_dir.journal()) {
        Ok(mut file) => {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            Ok(decode(&bytes).0)
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(error) => Err(error),
    }
}

impl Journal {
    /// Opens (creating, mode 0600) the journal, with the submissions it holds: those
    /// not yet in the database if the last server stopped before its checkpoint.
    pub fn open(path: &Path) -> io::Result<(Journal, Vec<Entry>)> {
        ensure_private_file(path)?;
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let (entries, cycle) = decode(&bytes);
        let journal = Journal {
            file,
            offset: 0,
            cycle: new_cycle(cycle.unwrap_or(0)),
            buffer: Vec::new(),
        };
        Ok((journal, entries))
    }

    /// Appends the submissions and waits until they are on disk.
    pub fn append<'a>(
        &mut self,
        entries: impl IntoIterator<Item = (&'a Form, Ulid, &'a str)>,
    ) -> io::Result<()> {
        self.buffer.clear();
        for (form, id, json) in entries {
            encode(&mut self.buffer, self.cycle, form.name, id, json);
        }
        self.file.write_all_at(&self.buffer, self.offset)?;
        self.file.sync_data()?;
        self.offset += self.buffer.len() as u64;
        // A burst's buffer does not stay.
        self.buffer.shrink_to(64 << 10);
        Ok(())
    }

    /// Starts a new cycle from the beginning once everything in the journal is in
    /// the database. Nothing needs syncing: were the server to stop now, the old
    /// cycle's records would be read again and found in the database already.
    pub fn restart(&mut self) {
        self.offset = 0;
        self.cycle = new_cycle(self.cycle);
    }

    /// Empties the journal file for good (before an erasure: an erased submission
    /// must neither come back from it nor stay readable in it), then starts a new cycle.
    pub fn forget(&mut self) -> io::Result<()> {
        self.file.set_len(0)?;
        self.file.sync_all()?;
        self.restart();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact() -> &'static Form {
        find("contact").unwrap()
    }

    fn entries(journal: &Path) -> Vec<Entry> {
        Journal::open(journal).unwrap().1
    }

    #[test]
    fn a_cycle_is_read_back_and_a_new_one_hides_the_old_records_after_it() {
        let temp = tempfile::tempdir().unwrap();
        let path = temp.path().join("thewell.journal");
        let (mut journal, found) = Journal::open(&path).unwrap();
        assert!(found.is_empty());
        let ids: Vec<Ulid> = (0..3).map(|i| Ulid::from_parts(1_000 + i, 0)).collect();
        journal
            .append(
                ids.iter()
                    .map(|id| (contact(), *id, r#"{"a":"long enough text"}"#)),
            )
            .unwrap();
        let read = entries(&path);
        assert_eq!(read.iter().map(|e| e.id).collect::<Vec<_>>(), ids);
        assert_eq!(read[0].json, r#"{"a":"long enough text"}"#);
        assert_eq!(read[0].form.name, "contact");

        // A shorter new cycle: the old cycle's records further on are not read.
        journal.restart();
        let newer = Ulid::from_parts(2_000, 0);
        journal.append([(contact(), newer, "{}")]).unwrap();
        assert_eq!(
            entries(&path).iter().map(|e| e.id).collect::<Vec<_>>(),
            [newer]
        );

        // Forgotten: nothing is read, nothing is left.
        journal.forget().unwrap();
        assert!(entries(&path).is_empty());
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
    }

    #[test]
    fn a_torn_or_damaged_record_ends_the_reading() {
        let mut bytes = Vec::new();
        for i in 0..3 {
            encode(&mut bytes, 7, "contact", Ulid::from_parts(i, 0), "{}");
        }
        let one = bytes.len() / 3;
        assert_eq!(decode(&bytes).0.len(), 3);
        assert_eq!(
            decode(&bytes[..bytes.len() - 1]).0.len(),
            2,
            "torn last record"
        );
        let mut damaged = bytes.clone();
        damaged[one + HEAD + 3] ^= 1;
        assert_eq!(decode(&damaged).0.len(), 1, "checksum");
        let mut unknown = Vec::new();
        encode(&mut unknown, 7, "no-such-form", Ulid::nil(), "{}");
        assert!(decode(&unknown).0.is_empty());
        assert!(decode(&[0; 64]).0.is_empty());
        let mut mixed = Vec::new();
        encode(&mut mixed, 8, "contact", Ulid::nil(), "{}");
        mixed.extend_from_slice(&bytes[one..]);
        assert_eq!(decode(&mixed).0.len(), 1, "another cycle's record");
    }
}
