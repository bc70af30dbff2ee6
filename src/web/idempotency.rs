//! Exactly once: a submission sent with an `Idempotency-Key` header (as the IETF
//! draft names it) is stored once however often it is sent again (a retry after a
//! lost answer, a phone's offline queue sent twice), and every repeat is answered
//! with the first one's id, for at least a day. The key travels inside the stored
//! record (`store::IDEMPOTENCY_KEY`, never shown to staff), so the journal makes it
//! durable with the submission itself; the index here is rebuilt at start from the
//! last day's records. Two requests with one key at once: the second waits for the
//! first. One key used for a different submission is refused (422).
use std::collections::{HashMap, VecDeque};
use std::hash::{DefaultHasher, Hash, Hasher};
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
/// The most keys remembered at once (a flood of keyed submissions forgets the oldest
/// first; each costs about 150 bytes).
const MOST: usize = 200_000;
/// The longest key accepted.
pub const LONGEST_KEY: usize = 128;

/// What became of the first request with a key, for those waiting on it.
type Outcome = Option<Result<Ulid, ()>>;

enum Entry {
    /// Being stored now; the outcome comes through the channel.
    Pending(watch::Receiver<Outcome>),
    Done {
        id: Ulid,
        digest: u64,
    },
}

/// The keys seen in the last day, per form.
#[derive(Default)]
pub struct Keys {
    inner: Mutex<Index>,
}

#[derive(Default)]
struct Index {
    entries: HashMap<(&'static str, String), Entry>,
    /// Done keys, oldest first, with when they were stored: forgotten in this order.
    order: VecDeque<(DateTime<Utc>, &'static str, String)>,
}

/// What to do with a keyed submission.
pub enum Begin {
    /// Store it; then tell the guard how it went.
    Fresh(Guard),
    /// Stored before: answer with this id.
    Replay(Ulid),
    /// The first with this key is being stored: wait for it.
    Wait(watch::Receiver<Outcome>),
    /// This key came with a different submission.
    Conflict,
}

/// The first request with a key; dropping it unfinished lets the next try afresh.
pub struct Guard {
    keys: Arc<Keys>,
    slot: Option<((&'static str, String), watch::Sender<Outcome>, u64)>,
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
                        (form.name, key.clone()),
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

    /// Looks up `key` for a submission of `form` fingerprinted `digest`.
    pub fn begin(self: &Arc<Self>, form: &'static str, key: &str, digest: u64) -> Begin {
        let mut index = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        index.forget_old(Utc::now());
        let slot = (form, key.to_string());
        match index.entries.get(&slot) {
            Some(Entry::Done { id, digest: seen }) if *seen == digest => Begin::Replay(*id),
            Some(Entry::Done { .. }) => Begin::Conflict,
            Some(Entry::Pending(receiver)) => Begin::Wait(receiver.clone()),
            None => {
                let (sender, receiver) = watch::channel(None);
                index.entries.insert(slot.clone(), Entry::Pending(receiver));
                Begin::Fresh(Guard {
                    keys: Arc::clone(self),
                    slot: Some((slot, sender, digest)),
                })
            }
        }
    }

    fn finish(&self, slot: (&'static str, String), stored: Option<(Ulid, u64)>) {
        let mut index = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        index.entries.remove(&slot);
        if let Some((id, digest)) = stored {
            index.remember(slot, id, digest, received_at(id));
        }
    }
}

impl Index {
    fn remember(&mut self, slot: (&'static str, String), id: Ulid, digest: u64, at: DateTime<Utc>) {
        self.order.push_back((at, slot.0, slot.1.clone()));
        self.entries.insert(slot, Entry::Done { id, digest });
        while self.order.len() > MOST {
            self.forget_first();
        }
    }

    fn forget_old(&mut self, now: DateTime<Utc>) {
        while self
            .order
            .front()
            .is_some_and(|(at, _, _)| now - *at > REMEMBERED)
        {
            self.forget_first();
        }
    }

    fn forget_first(&mut self) {
        if let Some((_, form, key)) = self.order.pop_front()
            && let Some(Entry::Done { .. }) = self.entries.get(&(form, key.clone()))
        {
            self.entries.remove(&(form, key));
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
}
