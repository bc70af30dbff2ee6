//! The objects in the bucket and which to keep. Under the prefix:
//! - `db/<chain>/base.<tag>.age`: every submission stored when the chain began;
//! - `db/<chain>/seg-<time>.<tag>.age`: the submissions stored since the chain's last object;
//! - `files/<time>.<tag>.age`: which files the site had then (settings, notification
//!   targets, content and photos), each named by its blob (older copies: the files
//!   themselves, as one archive);
//! - `blobs/<id>.<tag>.age`: one file's bytes, `<id>` computed from them (so each
//!   photo goes up once, and stays while a kept `files/` object names it);
//! - `records/<time>.<tag>.age`: a record of the copy as it stood then, naming each
//!   object above that it consists of (src/offsite/record.rs), kept as copies are.
//!
//! `<tag>` is the object's authenticity tag (src/offsite/tag.rs) over its name
//! without the tag (its "plain name", e.g. `db/<chain>/base.age`) and its bytes.
//! A listing keeps only names of these shapes (anything else is counted, never
//! read), and may hold several objects of one plain name (one genuine, others
//! planted): a restore tries each and takes the one whose tag holds.
//!
//! A chain's base and segments give the submissions at any of its times. Times are
//! UTC, written so that names sort by time. `--offsite-keep` keeps every copy for a
//! while, then one a day, then one a month.
use std::collections::BTreeSet;

use chrono::{DateTime, Datelike, NaiveDateTime, Utc};

const STAMP: &str = "%Y%m%dT%H%M%S%.3fZ";

/// A time as it appears in an object's name.
pub fn stamp(at: DateTime<Utc>) -> String {
    at.format(STAMP).to_string()
}

fn parse_stamp(text: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(text, STAMP)
        .ok()
        .map(|t| t.and_utc())
}

pub fn base_name(chain: &str) -> String {
    format!("db/{chain}/base.age")
}

pub fn segment_name(chain: &str, at: DateTime<Utc>) -> String {
    format!("db/{chain}/seg-{}.age", stamp(at))
}

pub fn files_name(at: DateTime<Utc>) -> String {
    format!("files/{}.age", stamp(at))
}

pub fn record_name(at: DateTime<Utc>) -> String {
    format!("records/{}.age", stamp(at))
}

pub fn blob_name(id: &str) -> String {
    format!("blobs/{id}.age")
}

/// A blob's id: 32 lowercase hex digits.
fn is_blob_id(text: &str) -> bool {
    text.len() == 32
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The name an object is stored under: its plain name with its tag before `.age`.
pub fn tagged(plain: &str, tag: &str) -> String {
    let stem = plain.strip_suffix(".age").unwrap_or(plain);
    format!("{stem}.{tag}.age")
}

/// An object's plain name and its tag (`None` when its name carries none).
pub fn untagged(name: &str) -> (String, Option<String>) {
    if let Some(stem) = name.strip_suffix(".age")
        && let Some((plain, tag)) = stem.rsplit_once('.')
        && tag.len() == 64
        && tag.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return (format!("{plain}.age"), Some(tag.to_string()));
    }
    (name.to_string(), None)
}

/// One chain of submissions objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub name: String,
    pub began: DateTime<Utc>,
    pub has_base: bool,
    /// The objects stored as its base (more than one only when some were planted).
    pub bases: Vec<String>,
    /// Its segments, oldest first.
    pub segments: Vec<(DateTime<Utc>, String)>,
    /// Every object of the chain (base included), to delete it whole.
    pub objects: Vec<String>,
    pub bytes: u64,
}

impl Chain {
    /// The times a restore could go back to with this chain.
    pub fn times(&self) -> impl Iterator<Item = DateTime<Utc>> + '_ {
        std::iter::once(self.began).chain(self.segments.iter().map(|(t, _)| *t))
    }
}

/// What the bucket holds, read from its listing.
#[derive(Debug, Default)]
pub struct Listing {
    /// Oldest first.
    pub chains: Vec<Chain>,
    /// Files objects, oldest first.
    pub files: Vec<(DateTime<Utc>, String)>,
    /// Records of the copy, oldest first.
    pub records: Vec<(DateTime<Utc>, String)>,
    /// The objects stored as each blob (more than one only when some were planted).
    pub blobs: std::collections::BTreeMap<String, Vec<String>>,
    /// Objects of no known shape (left alone).
    pub other: usize,
}

/// Whether `name` is of a shape the layout knows (tagged or not).
pub fn known(name: &str) -> bool {
    let (plain, _) = untagged(name);
    match plain.split('/').collect::<Vec<_>>().as_slice() {
        ["db", chain, _] => parse_stamp(chain).is_some() && named_time(&plain).is_some(),
        ["files" | "records", _] => named_time(&plain).is_some(),
        ["blobs", object] => object.strip_suffix(".age").is_some_and(is_blob_id),
        _ => false,
    }
}

/// The time an object's name gives it, as its server's clock read when it made it: a
/// chain's base the chain's, a segment, a files object or a record its own. `None` for a blob
/// (named by its bytes) or a name of no known shape.
pub fn named_time(name: &str) -> Option<DateTime<Utc>> {
    let (plain, _) = untagged(name);
    match plain.split('/').collect::<Vec<_>>().as_slice() {
        ["db", chain, "base.age"] => parse_stamp(chain),
        ["db", _, object] => object
            .strip_prefix("seg-")
            .and_then(|o| o.strip_suffix(".age"))
            .and_then(parse_stamp),
        ["files" | "records", object] => object.strip_suffix(".age").and_then(parse_stamp),
        _ => None,
    }
}

/// When the chain an object belongs to began (`db/<chain>/…`); `None` for others.
pub fn chain_began(name: &str) -> Option<DateTime<Utc>> {
    let (plain, _) = untagged(name);
    plain
        .strip_prefix("db/")?
        .split('/')
        .next()
        .and_then(parse_stamp)
}

impl Listing {
    /// What the bucket holds under its prefix (names of known shapes only).
    pub async fn fetch(bucket: &super::Bucket) -> Result<Listing, super::BucketError> {
        let listed = bucket.list(known).await?;
        Ok(Listing::read(
            &listed
                .into_iter()
                .map(|o| (o.name, o.size))
                .collect::<Vec<_>>(),
        ))
    }

    pub fn read(objects: &[(String, u64)]) -> Listing {
        let mut listing = Listing::default();
        for (name, size) in objects {
            let (plain, _) = untagged(name);
            let parts: Vec<&str> = plain.split('/').collect();
            match parts.as_slice() {
                ["db", chain, object] => {
                    let Some(began) = parse_stamp(chain) else {
                        listing.other += 1;
                        continue;
                    };
                    let index = match listing.chains.iter().position(|c| c.name == *chain) {
                        Some(index) => index,
                        None => {
                            listing.chains.push(Chain {
                                name: chain.to_string(),
                                began,
                                has_base: false,
                                bases: Vec::new(),
                                segments: Vec::new(),
                                objects: Vec::new(),
                                bytes: 0,
                            });
                            listing.chains.len() - 1
                        }
                    };
                    let entry = &mut listing.chains[index];
                    entry.objects.push(name.clone());
                    entry.bytes += size;
                    if *object == "base.age" {
                        entry.has_base = true;
                        entry.bases.push(name.clone());
                    } else if let Some(at) = object
                        .strip_prefix("seg-")
                        .and_then(|o| o.strip_suffix(".age"))
                        .and_then(parse_stamp)
                    {
                        entry.segments.push((at, name.clone()));
                    } else {
                        listing.other += 1;
                    }
                }
                [kind @ ("files" | "records"), _] => match named_time(&plain) {
                    Some(at) if *kind == "files" => listing.files.push((at, name.clone())),
                    Some(at) => listing.records.push((at, name.clone())),
                    None => listing.other += 1,
                },
                ["blobs", object] => {
                    match object.strip_suffix(".age").filter(|id| is_blob_id(id)) {
                        Some(id) => listing
                            .blobs
                            .entry(id.to_string())
                            .or_default()
                            .push(name.clone()),
                        None => listing.other += 1,
                    }
                }
                _ => listing.other += 1,
            }
        }
        listing.chains.sort_by_key(|c| c.began);
        for chain in &mut listing.chains {
            chain.segments.sort();
        }
        listing.files.sort();
        listing.records.sort();
        listing
    }

    /// The complete chains (with a base), oldest first.
    pub fn complete(&self) -> impl Iterator<Item = &Chain> {
        self.chains.iter().filter(|c| c.has_base)
    }

    /// The chain and files object to restore the site as it was at `at` (the newest
    /// when `None`): the newest of each from no later than `at`.
    pub fn at(
        &self,
        at: Option<DateTime<Utc>>,
    ) -> (Option<&Chain>, Option<&(DateTime<Utc>, String)>) {
        let until = at.unwrap_or(DateTime::<Utc>::MAX_UTC);
        let chain = self.chains.iter().rfind(|c| c.has_base && c.began <= until);
        let files = self.files.iter().rfind(|(t, _)| *t <= until);
        (chain, files)
    }

    /// The earliest time a copy can be restored from.
    pub fn oldest(&self) -> Option<DateTime<Utc>> {
        self.complete().map(|c| c.began).min()
    }
}

/// How long copies are kept in the bucket: every copy for `all_days`, then the
/// newest of each day for `daily_days`, then the newest of each month for `months`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopiesKept {
    pub all_days: u32,
    pub daily_days: u32,
    pub months: u32,
}

impl Default for CopiesKept {
    fn default() -> CopiesKept {
        CopiesKept {
            all_days: 2,
            daily_days: 30,
            months: 12,
        }
    }
}

/// `2d,30d,12m`: every copy for 2 days, one a day for 30 days, one a month for 12 months.
pub fn parse_keep(text: &str) -> Result<CopiesKept, String> {
    let wrong = || {
        format!(
            "{text}: write three periods, e.g. 2d,30d,12m (every copy for 2 days, one a day for 30 days, one a month for 12 months)"
        )
    };
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [all, daily, monthly] = parts.as_slice() else {
        return Err(wrong());
    };
    let number = |part: &str, unit: char| {
        part.strip_suffix(unit)
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(wrong)
    };
    Ok(CopiesKept {
        all_days: number(all, 'd')?,
        daily_days: number(daily, 'd')?,
        months: number(monthly, 'm')?,
    })
}

/// Of `times`, those `keep` keeps at `now` (the newest always).
pub fn kept(
    times: &[DateTime<Utc>],
    keep: CopiesKept,
    now: DateTime<Utc>,
) -> BTreeSet<DateTime<Utc>> {
    let mut sorted: Vec<DateTime<Utc>> = times.to_vec();
    sorted.sort();
    let mut out = BTreeSet::new();
    if let Some(newest) = sorted.last() {
        out.insert(*newest);
    }
    let days = |n: u32| chrono::Duration::days(i64::from(n));
    let mut newest_of_day = std::collections::BTreeMap::new();
    let mut newest_of_month = std::collections::BTreeMap::new();
    for t in &sorted {
        if now - *t <= days(keep.all_days) {
            out.insert(*t);
        }
        if now - *t <= days(keep.daily_days) {
            newest_of_day.insert(t.date_naive(), *t);
        }
        let months_ago = (now.year() - t.year()) * 12 + now.month() as i32 - t.month() as i32;
        if months_ago < keep.months as i32 {
            newest_of_month.insert((t.year(), t.month()), *t);
        }
    }
    out.extend(newest_of_day.values());
    out.extend(newest_of_month.values());
    out
}

/// The objects to delete so that the bucket holds what `keep` keeps: whole chains
/// none of whose times is kept (and chains with no base), files objects and records
/// not kept. The newest chain, files object and record are never deleted.
pub fn to_prune(listing: &Listing, keep: CopiesKept, now: DateTime<Utc>) -> Vec<String> {
    let newest_chain = listing.complete().last().map(|c| c.name.clone());
    let chain_times: Vec<DateTime<Utc>> = listing.complete().flat_map(|c| c.times()).collect();
    let kept_chain_times = kept(&chain_times, keep, now);
    let mut out = Vec::new();
    for chain in &listing.chains {
        let keep_it = Some(&chain.name) == newest_chain.as_ref()
            || (chain.has_base && chain.times().any(|t| kept_chain_times.contains(&t)));
        // A chain without a base is an interrupted start: gone once a newer chain exists.
        let interrupted = !chain.has_base && listing.complete().any(|c| c.began > chain.began);
        if !keep_it && (chain.has_base || interrupted) {
            out.extend(chain.objects.iter().cloned());
        }
    }
    let file_times: Vec<DateTime<Utc>> = listing.files.iter().map(|(t, _)| *t).collect();
    let kept_files = kept(&file_times, keep, now);
    for (t, name) in &listing.files {
        if !kept_files.contains(t) {
            out.push(name.clone());
        }
    }
    let record_times: Vec<DateTime<Utc>> = listing.records.iter().map(|(t, _)| *t).collect();
    let kept_records = kept(&record_times, keep, now);
    for (t, name) in &listing.records {
        if !kept_records.contains(t) {
            out.push(name.clone());
        }
    }
    out
}

/// The blob objects to delete once the objects `gone` are: those no files object
/// left names. `named` holds, per files object's plain name, the blobs it names; a
/// files object left that is not in it (another server's, or an archive from before
/// blobs) may name any blob, and then none is deleted.
pub fn unnamed_blobs(
    listing: &Listing,
    gone: &BTreeSet<String>,
    named: &std::collections::BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let left: Vec<&String> = listing
        .files
        .iter()
        .map(|(_, n)| n)
        .filter(|n| !gone.contains(*n))
        .collect();
    // No files object left (all deleted by hand, say): the blobs are all the copy there is.
    if left.is_empty() {
        return Vec::new();
    }
    let mut still_named = BTreeSet::new();
    for name in left {
        match named.get(&untagged(name).0) {
            Some(blobs) => still_named.extend(blobs.iter().cloned()),
            None => return Vec::new(),
        }
    }
    listing
        .blobs
        .iter()
        .filter(|(id, _)| !still_named.contains(*id))
        .flat_map(|(_, names)| names.iter().cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_s_name_gives_its_time_and_a_blob_s_none() {
        let tag = "c".repeat(64);
        let at = t("2026-11-20T10:00:00Z");
        let later = t("2026-11-21T10:00:00.250Z");
        let chain = stamp(at);
        for (name, time) in [
            (tagged(&base_name(&chain), &tag), Some(at)),
            (base_name(&chain), Some(at)),
            (tagged(&segment_name(&chain, later), &tag), Some(later)),
            (tagged(&files_name(later), &tag), Some(later)),
            (tagged(&record_name(later), &tag), Some(later)),
            (tagged(&blob_name(&"a".repeat(32)), &tag), None),
            (format!("db/{chain}/other.age"), None),
            ("files/notatime.age".to_string(), None),
        ] {
            assert_eq!(named_time(&name), time, "{name}");
            assert_eq!(
                chain_began(&name),
                name.starts_with("db/").then_some(at),
                "{name}"
            );
            assert_eq!(
                known(&name),
                time.is_some() || name.starts_with("blobs/"),
                "{name}"
            );
        }
    }

    #[test]
    fn a_blob_is_deleted_only_when_no_files_object_left_may_name_it() {
        let (a, b) = ("a".repeat(32), "b".repeat(32));
        let tag = "c".repeat(64);
        let files = |time: &str| tagged(&files_name(t(time)), &tag);
        let objects = vec![
            (files("2026-11-20T10:00:00Z"), 5),
            (files("2026-11-21T10:00:00Z"), 5),
            (tagged(&blob_name(&a), &tag), 9),
            (tagged(&blob_name(&b), &tag), 9),
        ];
        let listing = Listing::read(&objects);
        assert_eq!(listing.blobs.len(), 2);
        let older = files_name(t("2026-11-20T10:00:00Z"));
        let newer = files_name(t("2026-11-21T10:00:00Z"));
        let mut named = std::collections::BTreeMap::new();
        named.insert(newer.clone(), BTreeSet::from([b.clone()]));
        // The older files object is not known: it may name `a`.
        assert!(unnamed_blobs(&listing, &BTreeSet::new(), &named).is_empty());
        // Once it is gone, `a` is named by nothing left.
        let gone = BTreeSet::from([objects[0].0.clone()]);
        assert_eq!(
            unnamed_blobs(&listing, &gone, &named),
            vec![objects[2].0.clone()]
        );
        named.insert(older, BTreeSet::from([a.clone()]));
        assert!(unnamed_blobs(&listing, &BTreeSet::new(), &named).is_empty());
    }

    fn t(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn names_are_read_back_into_chains_and_files() {
        let chain = stamp(t("2026-11-20T10:00:00Z"));
        let objects = vec![
            (segment_name(&chain, t("2026-11-20T10:01:00Z")), 10),
            (base_name(&chain), 100),
            (files_name(t("2026-11-20T10:00:00Z")), 5),
            ("notes.txt".to_string(), 1),
        ];
        let listing = Listing::read(&objects);
        assert_eq!(listing.chains.len(), 1);
        assert!(listing.chains[0].has_base);
        assert_eq!(listing.chains[0].segments.len(), 1);
        assert_eq!(listing.chains[0].bytes, 110);
        assert_eq!(listing.files.len(), 1);
        assert_eq!(listing.other, 1);
        assert_eq!(listing.at(Some(t("2026-11-19T00:00:00Z"))).0, None);
        assert!(listing.at(None).0.is_some());
    }

    #[test]
    fn keep_keeps_every_copy_then_one_a_day_then_one_a_month() {
        assert_eq!(parse_keep("2d,30d,12m").unwrap(), CopiesKept::default());
        assert!(parse_keep("2d,30d").is_err());
        assert!(parse_keep("2,30,12").is_err());
        let now = t("2026-11-23T12:00:00Z");
        let times = [
            t("2026-11-23T11:00:00Z"),
            t("2026-11-22T13:00:00Z"),
            t("2026-11-10T08:00:00Z"),
            t("2026-11-10T20:00:00Z"),
            t("2026-06-01T08:00:00Z"),
            t("2026-06-20T08:00:00Z"),
            t("2024-01-01T08:00:00Z"),
        ];
        let kept = kept(&times, CopiesKept::default(), now);
        let expected: BTreeSet<_> = [
            t("2026-11-23T11:00:00Z"),
            t("2026-11-22T13:00:00Z"),
            t("2026-11-10T20:00:00Z"),
            t("2026-06-20T08:00:00Z"),
        ]
        .into_iter()
        .collect();
        assert_eq!(kept, expected);
    }

    #[test]
    fn pruning_removes_whole_chains_and_records_as_kept_and_never_the_newest() {
        let now = t("2026-11-23T12:00:00Z");
        let old = stamp(t("2025-01-01T00:00:00Z"));
        let new = stamp(t("2026-11-23T11:00:00Z"));
        let objects = vec![
            (base_name(&old), 1),
            (segment_name(&old, t("2025-01-01T00:01:00Z")), 1),
            (base_name(&new), 1),
            (files_name(t("2025-01-01T00:00:00Z")), 1),
            (record_name(t("2025-01-01T00:02:00Z")), 1),
            (record_name(t("2026-11-10T08:00:00Z")), 1),
            (record_name(t("2026-11-10T20:00:00Z")), 1),
            (record_name(t("2026-11-23T11:01:00Z")), 1),
        ];
        let listing = Listing::read(&objects);
        let mut pruned = to_prune(&listing, CopiesKept::default(), now);
        pruned.sort();
        // Records go as copies do: the newest of each day kept, the newest always.
        assert_eq!(
            pruned,
            vec![
                base_name(&old),
                segment_name(&old, t("2025-01-01T00:01:00Z")),
                record_name(t("2025-01-01T00:02:00Z")),
                record_name(t("2026-11-10T08:00:00Z")),
            ]
        );
    }
}
