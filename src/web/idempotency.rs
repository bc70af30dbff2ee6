//! Exactly once: a submission sent with an `Idempotency-Key` header (as the IETF
//! draft names it) is stored once however often it is sent again (a retry after a
//! lost answer, a phone's offline queue sent twice), and every repeat is answered
//! with the first one's id, for at least a day. The key travels inside the stored
//! record (`store::IDEMPOTENCY_KEY`, never shown to staff), so the journal makes it
//! durable with the submission itself; the index here is rebuilt at start from the
//! last day's records. Two requests with one key at once: the second waits for the
//! first, or is refused (422) at once when it carries a different submission; one
//! key used later for a different submission is refused too.
//!
//! A key costs 41 bytes in a hash table (a 128-bit fingerprint of form and key, the
//! id, the submission's fingerprint) kept at most 7/8 full, and 24 in the forgetting
//! order: the index keeps up to `MOST` keys, 500,000, for 25 hours, in at most 56 MB
//! (a test holds it to that). The rate limits let one address send 30 at once and 10
//! a minute (14,430 a day), so only a flood from more than 34 addresses at their
//! limit all day could make it forget a key early; it then forgets the oldest first,
//! and says so in the log once.
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, DefaultHasher, Hash, Hasher, RandomState};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use serde_json::{Map, Value};
use tokio::sync::watch;
use ulid::Ulid;

use crate::data_dir::DataDir;
use crate::forms::FORMS;
use crate::store::{IDEMPOTENCY_KEY, Reader, SUBMITTED_AT, received_at};

/// How long a key is remembered: a day, and an hour for clocks and time zones.
const REMEMBERED: chrono::Duration = chrono::Duration::hours(25);
/// The most keys remembered at once (about 80 bytes each; see the module's notes).
const MOST: usize = 500_000;
/// The longest key accepted.
pub const LONGEST_KEY: usize = 128;

/// What became of the first request with a key, for those waiting on it.
type Outcome = Option<Result<Ulid, ()>>;

/// A form's name and a key, as a 128-bit fingerprint (two keyed hashes, seeded at
/// random per process: a visitor cannot aim at another's key).
type Slot = [u64; 2];

/// A stored submission's id (as two halves, to keep the entry small) and fingerprint.
#[derive(Clone, Copy)]
struct Done {
    id: [u64; 2],
    digest: u64,
}

/// The keys seen in the last day, per form.
pub struct Keys {
    inner: Mutex<Index>,
    seeds: [RandomState; 2],
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            inner: Mutex::default(),
            seeds: [RandomState::new(), RandomState::new()],
        }
    }
}

#[derive(Default)]
struct Index {
    done: HashMap<Slot, Done>,
    /// Being stored now: the submission's fingerprint, and the outcome to come.
    pending: HashMap<Slot, (u64, watch::Receiver<Outcome>)>,
    /// Done keys, oldest first, with when they were stored (ms): forgotten in this order.
    order: VecDeque<(i64, Slot)>,
    /// Whether a key was forgotten before its day was over (logged once).
    forgot_early: bool,
}

/// What to do with a keyed submission.
pub enum Begin {
    /// Store it; then tell the guard how it went.
    Fresh(Guard),
    /// Stored before: answer with this id.
    Replay(Ulid),
    /// The first with this key and this submission is being stored: wait for it.
    Wait(watch::Receiver<Outcome>),
    /// This key came with a different submission (stored, or being stored now).
    Conflict,
}

/// The first request with a key; dropping it unfinished lets the next try afresh.
pub struct Guard {
    keys: Arc<Keys>,
    slot: Option<(Slot, watch::Sender<Outcome>, u64)>,
}

impl Guard {
    pub fn stored(mut self, id: Ulid) {
        if let Some((slot, sender, digest)) = self.slot.take() {
            self.keys.finish(slot, Some((id, digest)));
            let _ = sender.send(Some(Ok(id)));
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some((slot, sender, _)) = self.slot.take() {
            self.keys.finish(slot, None);
            let _ = sender.send(Some(Err(())));
        }
    }
}

/// A submission's fingerprint: its validated fields, without its time or key.
pub fn digest(record: &Map<String, Value>) -> u64 {
    let mut fields = record.clone();
    fields.remove(SUBMITTED_AT);
    fields.remove(IDEMPOTENCY_KEY);
    let mut hasher = DefaultHasher::new();
    Value::Object(fields).to_string().hash(&mut hasher);
    hasher.finish()
}

/// The header's value as a key: 1 to 128 visible ASCII characters (an RFC 8941
/// string's quotes are taken off); `Err` says what is wrong.
pub fn parse_key(value: &[u8]) -> Result<String, String> {
    let text = std::str::from_utf8(value).map_err(|_| "it is not text".to_string())?;
    let text = text.trim();
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    if text.is_empty() || text.len() > LONGEST_KEY {
        return Err(format!("it must be 1 to {LONGEST_KEY} characters"));
    }
    if !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("it may hold only visible ASCII characters".into());
    }
    Ok(text.to_string())
}

impl Keys {
    /// The keys of the last day's stored submissions.
    pub fn load(dir: &DataDir) -> Keys {
        let keys = Keys::default();
        let Ok(reader) = Reader::open(dir) else {
            return keys;
        };
        let since = Utc::now() - REMEMBERED;
        let from = u128::from(Ulid::from_parts(since.timestamp_millis().max(0) as u64, 0));
        let mut index = keys.inner.lock().unwrap_or_else(|e| e.into_inner());
        for form in FORMS {
            let _ = reader.scan::<crate::store::StoreError>(form, from, u128::MAX, |id, json| {
                // Only records sent with a key are parsed (a start stays quick).
                if json.contains(IDEMPOTENCY_KEY)
                    && let Ok(Value::Object(record)) = serde_json::from_str::<Value>(json)
                    && let Some(Value::String(key)) = record.get(IDEMPOTENCY_KEY)
                {
                    index.remember(
                        keys.slot(form.name, key),
                        id,
                        digest(&record),
                        received_at(id),
                    );
                }
                Ok(())
            });
        }
        drop(index);
        keys
    }

    fn slot(&self, form: &str, key: &str) -> Slot {
        self.seeds.each_ref().map(|seed| seed.hash_one((form, key)))
    }

    /// Looks up `key` for a submission of `form` fingerprinted `digest`.
    pub fn begin(self: &Arc<Self>, form: &'static str, key: &str, digest: u64) -> Begin {
        let slot = self.slot(form, key);
        let mut index = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        index.forget_old(Utc::now());
        if let Some(done) = index.done.get(&slot) {
            return if done.digest == digest {
                let [high, low] = done.id;
                Begin::Replay(Ulid::from((u128::from(high) << 64) | u128::from(low)))
            } else {
                Begin::Conflict
            };
        }
        match index.pending.get(&slot) {
            Some((seen, receiver)) if *seen == digest => Begin::Wait(receiver.clone()),
            Some(_) => Begin::Conflict,
            None => {
                let (sender, receiver) = watch::channel(None);
                index.pending.insert(slot, (digest, receiver));
                Begin::Fresh(Guard {
                    keys: Arc::clone(self),
                    slot: Some((slot, sender, digest)),
                })
            }
        }
    }

    fn finish(&self, slot: Slot, stored: Option<(Ulid, u64)>) {
        let mut index = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        index.pending.remove(&slot);
        if let Some((id, digest)) = stored {
            index.remember(slot, id, digest, received_at(id));
        }
    }

    /// How many keys it remembers now, and the bytes its tables hold for them.
    #[cfg(test)]
    fn size(&self) -> (usize, usize) {
        let index = self.inner.lock().unwrap();
        let table = index.done.capacity() * (std::mem::size_of::<(Slot, Done)>() + 1);
        let order = index.order.capacity() * std::mem::size_of::<(i64, Slot)>();
        (index.done.len(), table + order)
    }
}

impl Index {
    fn remember(&mut self, slot: Slot, id: Ulid, digest: u64, at: DateTime<Utc>) {
        let id = u128::from(id);
        let done = Done {
            id: [(id >> 64) as u64, id as u64],
            digest,
        };
        if self.done.insert(slot, done).is_none() {
            self.order.push_back((at.timestamp_millis(), slot));
        }
        while self.order.len() > MOST {
            if !self.forgot_early {
                self.forgot_early = true;
                tracing::warn!(
                    keys = MOST,
                    "more keyed submissions in a day than the index remembers: the oldest keys are forgotten before their day is over, so a repeat of one would be stored again"
                );
            }
            self.forget_first();
        }
    }

    fn forget_old(&mut self, now: DateTime<Utc>) {
        let oldest = (now - REMEMBERED).timestamp_millis();
        while self.order.front().is_some_and(|(at, _)| *at < oldest) {
            self.forget_first();
        }
    }

    fn forget_first(&mut self) {
        if let Some((_, slot)) = self.order.pop_front() {
            self.done.remove(&slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_visible_ascii_of_a_sane_length() {
        assert_eq!(parse_key(b"\"abc-123\"").unwrap(), "abc-123");
        assert_eq!(
            parse_key(b" 8e03978e-40d5-43e8-bc93-6894a57f9324 ").unwrap(),
            "8e03978e-40d5-43e8-bc93-6894a57f9324"
        );
        assert!(parse_key(b"").is_err());
        assert!(parse_key(b"two words").is_err());
        assert!(parse_key("caf\u{e9}".as_bytes()).is_err());
        assert!(parse_key(&[b'a'; LONGEST_KEY + 1]).is_err());
    }

    #[test]
    fn a_key_is_fresh_once_then_replayed_and_refused_for_other_content() {
        let keys = Arc::new(Keys::default());
        let Begin::Fresh(guard) = keys.begin("contact", "k1", 7) else {
            panic!("first is fresh")
        };
        let Begin::Wait(mut waiting) = keys.begin("contact", "k1", 7) else {
            panic!("a second at once waits")
        };
        let id = Ulid::generate();
        guard.stored(id);
        assert_eq!(*waiting.borrow_and_update(), Some(Ok(id)));
        assert!(matches!(keys.begin("contact", "k1", 7), Begin::Replay(x) if x == id));
        assert!(matches!(keys.begin("contact", "k1", 8), Begin::Conflict));
        // Another form's key space is its own.
        assert!(matches!(
            keys.begin("prayer-request", "k1", 8),
            Begin::Fresh(_)
        ));
        // A first that failed lets the next try afresh.
        let Begin::Fresh(failed) = keys.begin("contact", "k2", 1) else {
            panic!()
        };
        drop(failed);
        assert!(matches!(keys.begin("contact", "k2", 1), Begin::Fresh(_)));
    }

    /// Two requests with one key and different content at the same moment: the
    /// second is refused at once, never answered with the first one's id.
    #[test]
    fn a_key_being_stored_refuses_other_content_at_once() {
        let keys = Arc::new(Keys::default());
        let Begin::Fresh(guard) = keys.begin("contact", "k", 1) else {
            panic!("first is fresh")
        };
        assert!(matches!(keys.begin("contact", "k", 2), Begin::Conflict));
        assert!(matches!(keys.begin("contact", "k", 1), Begin::Wait(_)));
        guard.stored(Ulid::generate());
        assert!(matches!(keys.begin("contact", "k", 2), Begin::Conflict));
    }

    /// 300,000 distinct keys, then up to the bound: the first is still remembered,
    /// and the tables hold no more than the module's notes say.
    #[test]
    fn a_flood_of_keys_does_not_forget_the_first() {
        let keys = Arc::new(Keys::default());
        let first = Ulid::generate();
        let Begin::Fresh(guard) = keys.begin("contact", "key-0", 0) else {
            panic!()
        };
        guard.stored(first);
        for i in 1..MOST as u64 {
            let Begin::Fresh(guard) = keys.begin("contact", &format!("key-{i}"), i) else {
                panic!("key-{i} is fresh")
            };
            guard.stored(Ulid::generate());
            if i == 300_000 {
                assert!(
                    matches!(keys.begin("contact", "key-0", 0), Begin::Replay(id) if id == first)
                );
            }
        }
        let (count, bytes) = keys.size();
        assert_eq!(count, MOST);
        assert!(matches!(keys.begin("contact", "key-0", 0), Begin::Replay(id) if id == first));
        assert!(bytes <= 56 << 20, "{bytes} bytes for {count} keys");
    }
}
