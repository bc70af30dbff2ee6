//! The record of a copy: after each look that put something in the bucket, the
//! copier writes `records/<time>.<tag>.age`, sealed and tagged like every object,
//! naming each object the copy consists of (the chain's base and segments, the
//! newest list of files) as stored, with its size, the submissions per form, a
//! sequence number, the bucket and prefix it was made in, and what the site has
//! erased (keyed fingerprints and retention cut-offs, never the erased data): a
//! restore leaves those out of whatever chain it takes, `--at` an older one
//! included, so an erased person never comes back. Records are kept as the copies
//! they name are (`--offsite-keep`): a restore `--at` checks against its own. A restore takes the newest it can verify and will not finish while an
//! object it names was not restored (not in the bucket, or refused), unless told
//! `--accept-missing`: a deleted segment, the last one included, is named.
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};

use chrono::{DateTime, Utc};
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
    /// The site's id from keygen (`None` from a server whose key file has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// Every object of the copy, as stored (its tag in its name), and its size.
    pub objects: Vec<(String, u64)>,
    /// Submissions per form the copy holds.
    pub rows: BTreeMap<String, u64>,
    /// Everything the site has erased so far (a record from before erasures were
    /// recorded names none).
    #[serde(default)]
    pub erased: Erasures,
}

/// What the site has erased, as a record carries it: never the erased data, only
/// what a restore needs to leave it out of any chain it takes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Erasures {
    /// Keyed fingerprints of the ids erased by staff (`tag::erased_fingerprint`).
    pub ids: BTreeSet<String>,
    /// Per form, the newest retention cut-off: everything received before it is gone.
    pub before: BTreeMap<String, DateTime<Utc>>,
}

impl Erasures {
    /// What `erased` (a database's) names, with its ids fingerprinted under `key`.
    pub fn of(erased: &crate::store::Erased, key: &super::tag::TagKey) -> Erasures {
        let mut ids: BTreeSet<String> = erased
            .ids
            .iter()
            .map(|id| super::tag::erased_fingerprint(key, *id))
            .collect();
        ids.extend(erased.carried.iter().cloned());
        Erasures {
            ids,
            before: erased.before.clone(),
        }
    }

    /// Whether the submission `id` of `form` was erased.
    pub fn names(&self, key: &super::tag::TagKey, form: &str, id: ulid::Ulid) -> bool {
        self.before
            .get(form)
            .is_some_and(|cut| crate::store::received_at(id) < *cut)
            || (!self.ids.is_empty() && self.ids.contains(&super::tag::erased_fingerprint(key, id)))
    }

    /// The same, to be kept by a restored database (its fingerprints carried over).
    pub fn carried(&self) -> crate::store::Erased {
        crate::store::Erased {
            ids: BTreeSet::new(),
            before: self.before.clone(),
            carried: self.ids.clone(),
        }
    }
}

impl Record {
    pub fn new(
        sequence: u64,
        bucket: &str,
        site: Option<String>,
        objects: Vec<(String, u64)>,
        rows: BTreeMap<String, u64>,
        erased: Erasures,
    ) -> Record {
        Record {
            kind: KIND.into(),
            sequence,
            bucket: bucket.into(),
            site,
            objects,
            rows,
            erased,
        }
    }
}

impl Record {
    /// When the chain it names began.
    pub fn chain_began(&self) -> Option<DateTime<Utc>> {
        self.objects
            .iter()
            .find_map(|(name, _)| super::layout::chain_began(name))
    }

    /// The time of the list of files it names.
    pub fn files_time(&self) -> Option<DateTime<Utc>> {
        self.objects
            .iter()
            .filter(|(name, _)| super::layout::untagged(name).0.starts_with("files/"))
            .find_map(|(name, _)| super::layout::named_time(name))
    }

    /// Whether this record is of the copy in `bucket` of the site `site` (the
    /// recovery file's id; `None` in one made before site ids), or why not.
    pub fn belongs(&self, bucket: &str, site: Option<&str>) -> Result<(), String> {
        if self.bucket != bucket {
            return Err(format!(
                "a record of a copy made in {}, not here: moved from there",
                self.bucket
            ));
        }
        match (site, self.site.as_deref()) {
            (Some(mine), Some(its)) if mine != its => Err(format!(
                "a record of another site's copy (site {its}; the recovery file's is {mine}): moved or planted"
            )),
            _ => Ok(()),
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
            Some("01KB0000000000000000000000".into()),
            vec![
                ("db/x/base.ab.age".into(), 10),
                ("files/y.cd.age".into(), 3),
            ],
            BTreeMap::from([("contact".to_string(), 4)]),
            Erasures::default(),
        );
        let bytes = write(&record, Vec::new()).unwrap();
        assert_eq!(read(bytes.as_slice()).unwrap(), record);
        let mut other = record.clone();
        other.kind = "thewell-files".into();
        let bytes = write(&other, Vec::new()).unwrap();
        assert!(read(bytes.as_slice()).unwrap_err().contains("not a record"));
        assert!(read(&b"not gzip"[..]).is_err());

        let site = record.site.as_deref();
        assert_eq!(record.belongs("s3://church/site", site), Ok(()));
        assert_eq!(
            record.belongs("s3://church/site", None),
            Ok(()),
            "a recovery file from before site ids"
        );
        assert!(
            record
                .belongs("s3://church/other", site)
                .unwrap_err()
                .contains("moved from there")
        );
        let other = record.belongs("s3://church/site", Some("01KB1111111111111111111111"));
        assert!(other.unwrap_err().contains("another site's copy"));
    }

    #[test]
    fn the_erased_are_named_by_their_fingerprint_or_their_form_s_cut_off_and_nothing_else() {
        let key = crate::offsite::tag::test_key();
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        let id_at =
            |s: &str, random: u128| ulid::Ulid::from_parts(at(s).timestamp_millis() as u64, random);
        let erased_person = id_at("2026-06-01T10:00:00Z", 7);
        let store = crate::store::Erased {
            ids: BTreeSet::from([erased_person]),
            before: BTreeMap::from([("prayer-request".to_string(), at("2026-03-01T00:00:00Z"))]),
            carried: BTreeSet::from(["00ff".to_string()]),
        };
        let erasures = Erasures::of(&store, &key);
        assert!(
            !erasures
                .ids
                .iter()
                .any(|f| f.contains(&erased_person.to_string())),
            "no id in the clear"
        );
        assert!(erasures.names(&key, "contact", erased_person));
        assert!(!erasures.names(&key, "contact", id_at("2026-06-01T10:00:00Z", 8)));
        assert!(erasures.names(&key, "prayer-request", id_at("2026-02-28T23:59:59Z", 1)));
        assert!(!erasures.names(&key, "prayer-request", id_at("2026-03-01T00:00:00Z", 1)));
        assert!(
            !erasures.names(&key, "contact", id_at("2026-02-01T00:00:00Z", 1)),
            "a cut-off is per form"
        );
        let other_key = crate::offsite::tag::test_key();
        assert!(
            !erasures.names(&other_key, "contact", erased_person),
            "keyed"
        );
        let carried = erasures.carried();
        assert_eq!(
            Erasures::of(&carried, &other_key),
            erasures,
            "a restore carries them as they are"
        );
    }
}
