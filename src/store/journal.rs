//! The submissions journal, `<data-dir>/thewell.journal`: where a submission is
//! made durable before it is acknowledged. The writer appends each batch with one
//! write and one `fdatasync`, and moves what the journal holds into the database
//! every so often in one commit (a checkpoint), after which the journal starts over
//! from its beginning. redb must make every commit with two `fdatasync`s while other
//! processes (the staff commands) may have the file open; the journal needs one,
//! and once the file has grown it rewrites blocks it already has, so the file system
//! has no metadata to write either.
//!
//! A record is `[magic "TWJ2"][length u32][cycle u64][head crc32 u32][body crc32
//! u32][form name length u8][form name][id u128][JSON]`, little-endian. The head's
//! checksum covers the magic, the length and the cycle; the body's everything after
//! the head. So every record can be checked on its own: a reader that meets a
//! damaged one (a flipped byte, a bad length) looks for the next magic whose head
//! checks out and reads on, and one damaged record costs only itself. Records of one
//! cycle follow each other from offset 0; the cycle read is the newest found, so
//! what an earlier, longer cycle left further on in the file is never read as new.
//! A journal written before this format (no magic) is still read the old way.
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::Path;

use ulid::Ulid;

use crate::data_dir::{DataDir, ensure_private_file};
use crate::forms::{Form, find};

/// What every record starts with.
const MAGIC: &[u8; 4] = b"TWJ2";
/// The fixed part of a record before the form's name: magic, length, cycle, and
/// the two checksums.
const HEAD: usize = 4 + 4 + 8 + 4 + 4;
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
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(length as u32).to_le_bytes());
    out.extend_from_slice(&cycle.to_le_bytes());
    out.extend_from_slice(&[0; 8]); // the two checksums, below
    out.push(form.len() as u8);
    out.extend_from_slice(form.as_bytes());
    out.extend_from_slice(&u128::from(id).to_le_bytes());
    out.extend_from_slice(json.as_bytes());
    let head = crc32fast::hash(&out[start..start + 16]);
    let body = crc32fast::hash(&out[start + HEAD..]);
    out[start + 16..start + 20].copy_from_slice(&head.to_le_bytes());
    out[start + 20..start + 24].copy_from_slice(&body.to_le_bytes());
}

/// What a reading of the journal found.
#[derive(Debug, Default)]
pub struct Found {
    /// The newest cycle's intact records, in the order they were written.
    pub entries: Vec<Entry>,
    /// That cycle.
    pub cycle: Option<u64>,
    /// The damaged stretches of that cycle, in file order: each a run of whole
    /// records between two intact ones (or one record whose head checks out but
    /// whose body does not).
    pub damaged: Vec<Damage>,
}

/// One damaged stretch of the journal, and how many submissions it held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    /// Its byte range in the file.
    pub start: usize,
    pub end: usize,
    /// The submissions it held, as far as the stretch tells: exact for a record
    /// whose head survived; otherwise its length over the mean length of the
    /// cycle's intact records (records are written whole, one after another, so a
    /// stretch between two intact records is whole records), at least one.
    pub submissions: usize,
}

impl Found {
    /// The submissions lost in the damaged stretches, as far as they tell.
    pub fn lost(&self) -> usize {
        self.damaged.iter().map(|d| d.submissions).sum()
    }

    /// The damaged byte ranges, as "4096..8192, 12000..12600".
    pub fn ranges(&self) -> String {
        self.damaged
            .iter()
            .map(|d| format!("{}..{}", d.start, d.end))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One piece of the file as a reader sees it.
enum Piece {
    /// An intact record: its cycle, what it holds, and its length.
    Record(u64, Entry, usize),
    /// A record whose head checks out (so its cycle is known) but whose body does
    /// not: its cycle and byte range.
    Broken(u64, usize, usize),
    /// Bytes that are no record (damage, a torn end, or what an older cycle left),
    /// from `start` to `end`.
    Garbage { start: usize, end: usize },
}

/// The head of a record at `at`, if one starts there and checks out: its length and cycle.
fn head_at(bytes: &[u8], at: usize) -> Option<(usize, u64)> {
    let head = bytes.get(at..at + HEAD)?;
    if &head[..4] != MAGIC {
        return None;
    }
    let word = |i: usize| u32::from_le_bytes(head[i..i + 4].try_into().unwrap());
    if crc32fast::hash(&head[..16]) != word(16) {
        return None;
    }
    let length = word(4) as usize;
    let cycle = u64::from_le_bytes(head[8..16].try_into().unwrap());
    (HEAD + 1 + 16..=MAX_RECORD)
        .contains(&length)
        .then_some((length, cycle))
}

/// The submission a record's body holds, if it is intact and names a known form.
fn body(record: &[u8]) -> Option<Entry> {
    let crc = u32::from_le_bytes(record[20..24].try_into().unwrap());
    if crc32fast::hash(&record[HEAD..]) != crc {
        return None;
    }
    let name_len = record[HEAD] as usize;
    let name = std::str::from_utf8(record.get(HEAD + 1..HEAD + 1 + name_len)?).ok()?;
    let rest = record.get(HEAD + 1 + name_len..)?;
    let id = Ulid::from(u128::from_le_bytes(rest.get(..16)?.try_into().unwrap()));
    let json = std::str::from_utf8(&rest[16..]).ok()?;
    Some(Entry {
        form: find(name)?,
        id,
        json: json.to_string(),
    })
}

/// The file as records and garbage, in order.
fn pieces(bytes: &[u8]) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match head_at(bytes, at) {
            Some((length, cycle)) if at + length <= bytes.len() => {
                out.push(match body(&bytes[at..at + length]) {
                    Some(entry) => Piece::Record(cycle, entry, length),
                    None => Piece::Broken(cycle, at, at + length),
                });
                at += length;
            }
            _ => {
                let start = at;
                // On to the next place a record could start.
                at += 1;
                at += bytes[at..]
                    .windows(4)
                    .position(|w| w == MAGIC)
                    .unwrap_or(bytes.len() - at);
                match out.last_mut() {
                    Some(Piece::Garbage { end, .. }) => *end = at,
                    _ => out.push(Piece::Garbage { start, end: at }),
                }
            }
        }
    }
    out
}

/// The newest cycle's records, and how many of its records were damaged.
fn decode(bytes: &[u8]) -> Found {
    if bytes.len() >= 4 && &bytes[..4] != MAGIC && head_at(bytes, 0).is_none() {
        // Written before records carried a magic, or damaged at its very start.
        let (entries, cycle) = decode_unmarked(bytes);
        if !entries.is_empty() {
            return Found {
                entries,
                cycle,
                damaged: Vec::new(),
            };
        }
    }
    let pieces = pieces(bytes);
    let cycle = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Record(c, _, _) | Piece::Broken(c, _, _) => Some(*c),
            Piece::Garbage { .. } => None,
        })
        .max();
    // The mean length of the cycle's intact records: how long a lost one was.
    let (count, total) = pieces.iter().fold((0, 0), |(n, sum), p| match p {
        Piece::Record(c, _, length) if Some(*c) == cycle => (n + 1, sum + length),
        _ => (n, sum),
    });
    let mut found = Found {
        cycle,
        ..Found::default()
    };
    let mine = |p: &Piece| matches!(p, Piece::Record(c, _, _) | Piece::Broken(c, _, _) if Some(*c) == cycle);
    for (i, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Record(c, entry, _) if Some(*c) == cycle => found.entries.push(entry.clone()),
            Piece::Broken(c, start, end) if Some(*c) == cycle => found.damaged.push(Damage {
                start: *start,
                end: *end,
                submissions: 1,
            }),
            // Garbage counts where a record of the cycle follows it: the damage lies
            // inside the cycle. At the end (a torn last write never acknowledged, or
            // an older cycle's leftovers) it does not.
            Piece::Garbage { start, end } if pieces.get(i + 1).is_some_and(mine) => {
                let submissions = match count {
                    0 => 1,
                    n => ((end - start) as f64 / (total as f64 / n as f64))
                        .round()
                        .max(1.0) as usize,
                };
                found.damaged.push(Damage {
                    start: *start,
                    end: *end,
                    submissions,
                });
            }
            _ => {}
        }
    }
    found
}

/// A journal of the format before records carried a magic: `[length u32][crc32
/// u32][cycle u64][form name length u8][form name][id u128][JSON]`, read up to the
/// first record that does not check out.
fn decode_unmarked(bytes: &[u8]) -> (Vec<Entry>, Option<u64>) {
    const OLD_HEAD: usize = 4 + 4 + 8;
    let mut entries = Vec::new();
    let mut cycle = None;
    let mut at = 0;
    while bytes.len() - at >= OLD_HEAD {
        let word = |i: usize| u32::from_le_bytes(bytes[at + i..at + i + 4].try_into().unwrap());
        let length = word(0) as usize;
        if !(OLD_HEAD + 1 + 16..=MAX_RECORD).contains(&length) || at + length > bytes.len() {
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
        let name_len = record[OLD_HEAD] as usize;
        let Some(rest) = record.get(OLD_HEAD + 1 + name_len..) else {
            break;
        };
        let name = std::str::from_utf8(&record[OLD_HEAD + 1..OLD_HEAD + 1 + name_len]).ok();
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
            Ok(decode(&bytes).entries)
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(error) => Err(error),
    }
}

impl Journal {
    /// Opens (creating, mode 0600) the journal, with what it holds: the submissions
    /// not yet in the database if the last server stopped before its checkpoint.
    pub fn open(path: &Path) -> io::Result<(Journal, Found)> {
        ensure_private_file(path)?;
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let found = decode(&bytes);
        let journal = Journal {
            file,
            offset: 0,
            cycle: new_cycle(found.cycle.unwrap_or(0)),
            buffer: Vec::new(),
        };
        Ok((journal, found))
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
        Journal::open(journal).unwrap().1.entries
    }

    #[test]
    fn a_cycle_is_read_back_and_a_new_one_hides_the_old_records_after_it() {
        let temp = tempfile::tempdir().unwrap();
        let path = temp.path().join("thewell.journal");
        let (mut journal, found) = Journal::open(&path).unwrap();
        assert!(found.entries.is_empty());
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

    fn records(n: u64, cycle: u64) -> (Vec<u8>, Vec<usize>) {
        let mut bytes = Vec::new();
        let mut starts = Vec::new();
        for i in 0..n {
            starts.push(bytes.len());
            let json = format!(r#"{{"message":"number {i}"}}"#);
            encode(&mut bytes, cycle, "contact", Ulid::from_parts(i, 0), &json);
        }
        (bytes, starts)
    }

    fn ids(found: &Found) -> Vec<u64> {
        found.entries.iter().map(|e| e.id.timestamp_ms()).collect()
    }

    #[test]
    fn a_torn_end_costs_its_record_and_is_no_damage() {
        let (bytes, _) = records(3, 7);
        assert_eq!(ids(&decode(&bytes)), [0, 1, 2]);
        let torn = decode(&bytes[..bytes.len() - 1]);
        assert_eq!((ids(&torn), torn.lost()), (vec![0, 1], 0));
        assert!(decode(&[0; 64]).entries.is_empty());
        assert_eq!(decode(&[0; 64]).lost(), 0);
    }

    #[test]
    fn a_damaged_record_costs_only_itself() {
        let (bytes, starts) = records(1000, 7);
        let middle = starts[500];
        // A flipped byte in the middle record's text, in its length, in its magic.
        for (at, what) in [
            (middle + HEAD + 12, "text"),
            (middle + 5, "length"),
            (middle + 1, "magic"),
        ] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            let found = decode(&damaged);
            let want: Vec<u64> = (0..1000).filter(|&i| i != 500).collect();
            assert_eq!(ids(&found), want, "{what}");
            assert_eq!(found.lost(), 1, "{what}");
        }
        // A length that claims the next records: they are found all the same.
        let mut long = bytes.clone();
        long[middle + 4..middle + 8].copy_from_slice(&(1u32 << 19).to_le_bytes());
        assert_eq!(decode(&long).entries.len(), 999);
    }

    #[test]
    fn zeroed_kibibytes_are_counted_as_the_submissions_they_held() {
        let (bytes, starts) = records(1000, 7);
        for (from, len) in [
            (starts[300] + 50, 4096),
            (starts[10], 600),
            (starts[900] + 3, 1),
        ] {
            let mut damaged = bytes.clone();
            damaged[from..from + len].fill(0);
            let found = decode(&damaged);
            // The records the zeroes touched: those starting before the zeroes end
            // and ending after they start.
            let mut ends = starts[1..].to_vec();
            ends.push(bytes.len());
            let hit = (0..1000)
                .filter(|&i| starts[i] < from + len && ends[i] > from)
                .count();
            assert_eq!(ids(&found).len(), 1000 - hit, "{len} bytes at {from}");
            assert_eq!(
                found.lost(),
                hit,
                "{len} bytes at {from}: {:?}",
                found.damaged
            );
            // The damaged stretches (a record whose head survived, then the rest) cover the zeroes.
            let (first, last) = (&found.damaged[0], found.damaged.last().unwrap());
            assert!(
                first.start <= from && last.end >= from + len,
                "{:?}",
                found.damaged
            );
        }
    }

    #[test]
    fn an_older_cycle_s_leftovers_are_neither_read_nor_damage() {
        let (old, _) = records(5, 7);
        let (new, _) = records(2, 8);
        // The new cycle overwrote the start of the old one, ending mid-record.
        let mut bytes = old.clone();
        bytes[..new.len()].copy_from_slice(&new);
        let found = decode(&bytes);
        assert_eq!(
            (ids(&found), found.cycle, found.lost()),
            (vec![0, 1], Some(8), 0)
        );
        // A record naming a form this version does not know is skipped as damage.
        let mut unknown = Vec::new();
        encode(&mut unknown, 9, "no-such-form", Ulid::nil(), "{}");
        let (good, _) = records(1, 9);
        unknown.extend_from_slice(&good);
        let found = decode(&unknown);
        assert_eq!((ids(&found), found.lost()), (vec![0], 1));
    }

    #[test]
    fn a_journal_of_the_format_before_the_magic_is_still_read() {
        let mut bytes = Vec::new();
        for i in 0..3u64 {
            let (form, json) = ("contact", "{}");
            let length = 16 + 1 + form.len() + 16 + json.len();
            let start = bytes.len();
            bytes.extend_from_slice(&(length as u32).to_le_bytes());
            bytes.extend_from_slice(&[0; 4]);
            bytes.extend_from_slice(&7u64.to_le_bytes());
            bytes.push(form.len() as u8);
            bytes.extend_from_slice(form.as_bytes());
            bytes.extend_from_slice(&u128::from(Ulid::from_parts(i, 0)).to_le_bytes());
            bytes.extend_from_slice(json.as_bytes());
            let crc = crc32fast::hash(&bytes[start + 8..]);
            bytes[start + 4..start + 8].copy_from_slice(&crc.to_le_bytes());
        }
        let found = decode(&bytes);
        assert_eq!((ids(&found), found.cycle), (vec![0, 1, 2], Some(7)));
    }
}
