//! The record of a copy: after each look that put something in the bucket, the
//! copier writes `records/<time>.<tag>.age`, sealed and tagged like every object,
//! naming each object the copy consists of (the chain's base and segments, the
//! newest list of files) as stored, with its size, the submissions per form, a
//! sequence number and the bucket and prefix it was made in. Only the newest is
//! kept. A restore takes the newest it can verify and will not finish while an
//! object it names was not restored (not in the bucket, or refused), unless told
//! `--accept-missing`: a deleted segment, the last one included, is named.
use std::collections::BTreeMap;
use std::io::{Read, Write};

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};

const KIND: &str = "thewell-record";
/// A record names a chain's objects (at most a few hundred) and one list of files.
const MOST_BYTES: u64 = 4 << 20;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    kind: String,
    /// One more than the record before it.
    pub sequence: u64,
    /// `s3://BUCKET[/PREFIX]` the copy was made in (a record read under another was moved there).
    pub bucket: String,
    /// Every object of the copy, as stored (its tag in its name), and its size.
    pub objects: Vec<(String, u64)>,
    /// Submissions per form the copy holds.
    pub rows: BTreeMap<String, u64>,
}

impl Record {
    pub fn new(
        sequence: u64,
        bucket: &str,
        objects: Vec<(String, u64)>,
        rows: BTreeMap<String, u64>,
    ) -> Record {
        Record {
            kind: KIND.into(),
            sequence,
            bucket: bucket.into(),
            objects,
            rows,
        }
    }
}

/// Writes `record` (compressed) into `out`, which seals it.
pub fn write<W: Write>(record: &Record, out: W) -> std::io::Result<W> {
    let mut out = GzEncoder::new(out, Compression::default());
    serde_json::to_writer(&mut out, record).map_err(std::io::Error::other)?;
    out.finish()
}

/// A decrypted record, or why it is not one.
pub fn read(plain: impl Read) -> Result<Record, String> {
    let mut text = Vec::new();
    GzDecoder::new(plain)
        .take(MOST_BYTES + 1)
        .read_to_end(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MOST_BYTES {
        return Err(format!("larger than the {MOST_BYTES} bytes a record takes"));
    }
    let record: Record = serde_json::from_slice(&text).map_err(|e| e.to_string())?;
    if record.kind != KIND {
        return Err(format!("a {} object, not a record of a copy", record.kind));
    }
    Ok(record)
}

/// What an object of a copy held, for the list of what a restore lacks.
pub fn what_it_held(name: &str) -> &'static str {
    let (plain, _) = super::layout::untagged(name);
    if plain.ends_with("/base.age") {
        "the submissions stored when its chain began"
    } else if plain.starts_with("db/") {
        "submissions stored after the one before it"
    } else {
        "the list of the site's files (settings, notification targets, content, photos)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written_and_nothing_else_passes_for_one() {
        let record = Record::new(
            7,
            "s3://church/site",
            vec![
                ("db/x/base.ab.age".into(), 10),
                ("files/y.cd.age".into(), 3),
            ],
            BTreeMap::from([("contact".to_string(), 4)]),
        );
        let bytes = write(&record, Vec::new()).unwrap();
        assert_eq!(read(bytes.as_slice()).unwrap(), record);
        let mut other = record.clone();
        other.kind = "thewell-files".into();
        let bytes = write(&other, Vec::new()).unwrap();
        assert!(read(bytes.as_slice()).unwrap_err().contains("not a record"));
        assert!(read(&b"not gzip"[..]).is_err());
    }
}
