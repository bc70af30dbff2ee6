//! The notifications waiting to go out, kept in the submissions' own database: a
//! row per (submission, target) is written in the same transaction as the
//! submission (so a stored submission always has its notifications and an
//! unstored one never does) and removed once delivered. A failed delivery waits
//! longer each time (the first retry after `--notify-retry`, doubling up to 6
//! hours); one still failing 3 days after its submission is given up, kept in its
//! own table until `thewell notify retry` puts it back.
use chrono::Utc;
use redb::{ReadTransaction, ReadableTable, TableDefinition, WriteTransaction};
use serde::{Deserialize, Serialize};
use ulid::Ulid;

/// Who hears of submissions, as the store asks it: for each form, the ids of the
/// notification targets that want to hear of its submissions. The notification
/// targets answer it; the store only asks, once per batch.
pub trait Audience: Send + Sync {
    /// For each form name, in order, the ids of the targets that want it.
    fn who_wants(&self, forms: &[&'static str]) -> Vec<Vec<String>>;
}

/// Who is told of each submission, and how long a failed notification waits first.
pub struct Notifying {
    pub audience: std::sync::Arc<dyn Audience>,
    pub first_wait_ms: i64,
}

/// For each submission, the notification targets that want to hear of it.
pub type Notifications = Vec<(Ulid, &'static str, Vec<String>)>;

/// The notifications `submissions` call for, as `audience` (if any) wants them.
pub fn notifications_for(
    audience: Option<&dyn Audience>,
    submissions: impl Iterator<Item = (Ulid, &'static str)>,
) -> Notifications {
    let submissions: Vec<(Ulid, &'static str)> = submissions.collect();
    let forms: Vec<&'static str> = submissions.iter().map(|(_, form)| *form).collect();
    let mut wanted = audience.map(|a| a.who_wants(&forms)).unwrap_or_default();
    wanted.resize(submissions.len(), Vec::new());
    submissions
        .into_iter()
        .zip(wanted)
        .map(|((id, form), to)| (id, form, to))
        .collect()
}

/// (submission id, target id) → the notification's state (JSON).
const OUTBOX: TableDefinition<(u128, &str), &str> = TableDefinition::new("outbox");
/// The same, for the notifications given up.
const GIVEN_UP: TableDefinition<(u128, &str), &str> = TableDefinition::new("outbox-given-up");

/// The longest wait between two tries.
pub const MAX_WAIT_MS: i64 = 6 * 60 * 60 * 1000;
/// How long after its submission a notification is still tried.
pub const GIVE_UP_AFTER_MS: i64 = 3 * 24 * 60 * 60 * 1000;
/// At most this many rows are looked at for due ones per look (the oldest first).
const SCAN: usize = 4096;

/// One notification's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub form: String,
    /// Failed tries so far.
    pub attempts: u32,
    /// Not tried again before this instant (Unix milliseconds).
    pub next: i64,
    /// What the last try failed on.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub error: String,
}

/// A notification due now, with its submission's JSON (None once erased).
#[derive(Debug)]
pub struct Due {
    pub id: Ulid,
    pub target: String,
    pub pending: Pending,
    pub record: Option<String>,
}

/// What became of one try.
#[derive(Debug)]
pub enum Settled {
    /// Delivered, or nothing left to deliver (the target or the submission is gone).
    Done { id: Ulid, target: String },
    Failed {
        id: Ulid,
        target: String,
        pending: Pending,
        error: String,
    },
}

pub fn now_ms() -> i64 {
    Utc::now().timestamp_millis()
}

/// The wait after `attempts` failed tries: `first_ms`, doubling, at most 6 hours.
pub fn wait_ms(first_ms: i64, attempts: u32) -> i64 {
    let doublings = attempts.saturating_sub(1).min(30);
    first_ms.saturating_mul(1i64 << doublings).min(MAX_WAIT_MS)
}

/// A row's state: JSON once tried, or just the form's name while fresh (the
/// submission's own commit writes as little as it can).
fn read(value: &str) -> Option<Pending> {
    if value.starts_with('{') {
        serde_json::from_str(value).ok()
    } else {
        Some(Pending {
            form: value.to_string(),
            attempts: 0,
            next: 0,
            error: String::new(),
        })
    }
}

/// Creates the tables (the server does this when it opens the file).
pub fn create(txn: &WriteTransaction) -> Result<(), redb::TableError> {
    txn.open_table(OUTBOX)?;
    txn.open_table(GIVEN_UP)?;
    Ok(())
}

/// Queues a notification of submission `id` of `form` for each of `targets`.
pub fn add(txn: &WriteTransaction, rows: &[(Ulid, &str, Vec<String>)]) -> Result<(), redb::Error> {
    if rows.iter().all(|(_, _, targets)| targets.is_empty()) {
        return Ok(());
    }
    let mut table = txn.open_table(OUTBOX)?;
    for (id, form, targets) in rows {
        for target in targets {
            // A fresh notification is its form's name alone: due now, never tried.
            table.insert((u128::from(*id), target.as_str()), *form)?;
        }
    }
    Ok(())
}

/// Up to `limit` notifications due at `now`, oldest submission first, and the
/// soonest time another falls due.
pub fn due(
    txn: &ReadTransaction,
    now: i64,
    limit: usize,
    record: impl Fn(&str, Ulid) -> Option<String>,
) -> Result<(Vec<Due>, Option<i64>), redb::Error> {
    let table = match txn.open_table(OUTBOX) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok((Vec::new(), None)),
        Err(e) => return Err(e.into()),
    };
    let mut found = Vec::new();
    let mut soonest: Option<i64> = None;
    for row in table.iter()?.take(SCAN) {
        let (key, value) = row?;
        let (id, target) = key.value();
        let Some(pending) = read(value.value()) else {
            continue;
        };
        if pending.next <= now && found.len() < limit {
            let id = Ulid::from(id);
            found.push(Due {
                id,
                target: target.to_string(),
                record: record(&pending.form, id),
                pending,
            });
        } else if pending.next > now {
            soonest = Some(soonest.map_or(pending.next, |s| s.min(pending.next)));
        }
    }
    Ok((found, soonest))
}

/// Records what became of each try: delivered ones go, failed ones wait (or are given up).
pub fn settle(
    txn: &WriteTransaction,
    outcomes: &[Settled],
    first_wait_ms: i64,
) -> Result<(), redb::Error> {
    if outcomes.is_empty() {
        return Ok(());
    }
    let mut table = txn.open_table(OUTBOX)?;
    let mut given_up = txn.open_table(GIVEN_UP)?;
    let now = now_ms();
    for outcome in outcomes {
        match outcome {
            Settled::Done { id, target } => {
                table.remove((u128::from(*id), target.as_str()))?;
            }
            Settled::Failed {
                id,
                target,
                pending,
                error,
            } => {
                let key = (u128::from(*id), target.as_str());
                // Erased meanwhile (or settled twice): nothing to keep.
                if table.get(key)?.is_none() {
                    continue;
                }
                let attempts = pending.attempts + 1;
                let next = now + wait_ms(first_wait_ms, attempts);
                let state = Pending {
                    form: pending.form.clone(),
                    attempts,
                    next,
                    error: error.clone(),
                };
                let json = serde_json::to_string(&state).expect("JSON");
                let age = now - id.timestamp_ms() as i64;
                if age >= GIVE_UP_AFTER_MS {
                    table.remove(key)?;
                    given_up.insert(key, json.as_str())?;
                } else {
                    table.insert(key, json.as_str())?;
                }
            }
        }
    }
    Ok(())
}

/// Per target: (waiting for a first try, failed and waiting to retry, given up, last error).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Counts {
    pub pending: u64,
    pub failing: u64,
    pub given_up: u64,
    pub last_error: String,
}

pub fn counts(
    txn: &ReadTransaction,
) -> Result<std::collections::BTreeMap<String, Counts>, redb::Error> {
    let mut out: std::collections::BTreeMap<String, Counts> = Default::default();
    for (definition, gave_up) in [(OUTBOX, false), (GIVEN_UP, true)] {
        let table = match txn.open_table(definition) {
            Ok(t) => t,
            Err(redb::TableError::TableDoesNotExist(_)) => continue,
            Err(e) => return Err(e.into()),
        };
        for row in table.iter()? {
            let (key, value) = row?;
            let (_, target) = key.value();
            let entry = out.entry(target.to_string()).or_default();
            let pending = read(value.value());
            match (gave_up, pending.as_ref().map_or(0, |p| p.attempts)) {
                (true, _) => entry.given_up += 1,
                (false, 0) => entry.pending += 1,
                (false, _) => entry.failing += 1,
            }
            if let Some(p) = pending
                && !p.error.is_empty()
            {
                entry.last_error = p.error;
            }
        }
    }
    Ok(out)
}

/// Puts every given-up notification back in the queue, due now; returns how many.
pub fn retry(txn: &WriteTransaction) -> Result<u64, redb::Error> {
    let mut given_up = txn.open_table(GIVEN_UP)?;
    let mut table = txn.open_table(OUTBOX)?;
    let now = now_ms();
    let mut moved = 0;
    while let Some((key, value)) = given_up.pop_first()? {
        let (id, target) = key.value();
        let Some(mut pending) = read(value.value()) else {
            continue;
        };
        pending.attempts = 0;
        pending.next = now;
        table.insert(
            (id, target),
            serde_json::to_string(&pending).expect("JSON").as_str(),
        )?;
        moved += 1;
    }
    Ok(moved)
}

/// Makes every waiting notification due now (a server starting); returns how many
/// were waiting for a retry.
pub fn due_now(txn: &WriteTransaction) -> Result<u64, redb::Error> {
    let mut table = txn.open_table(OUTBOX)?;
    let now = now_ms();
    let mut waiting = Vec::new();
    for row in table.iter()? {
        let (key, value) = row?;
        if let Some(mut pending) = read(value.value())
            && pending.next > now
        {
            pending.next = now;
            let (id, target) = key.value();
            waiting.push((
                id,
                target.to_string(),
                serde_json::to_string(&pending).expect("JSON"),
            ));
        }
    }
    for (id, target, json) in &waiting {
        table.insert((*id, target.as_str()), json.as_str())?;
    }
    Ok(waiting.len() as u64)
}

/// Copies both tables into another database's transaction (a backup, a rewrite).
pub fn copy(from: &ReadTransaction, to: &WriteTransaction) -> Result<(), redb::Error> {
    for definition in [OUTBOX, GIVEN_UP] {
        let mut target = to.open_table(definition)?;
        if let Ok(source) = from.open_table(definition) {
            for row in source.iter()? {
                let (key, value) = row?;
                target.insert(key.value(), value.value())?;
            }
        }
    }
    Ok(())
}

/// Removes every notification of submission `id` (it is being erased).
pub fn forget(txn: &WriteTransaction, ids: &[u128]) -> Result<(), redb::Error> {
    for definition in [OUTBOX, GIVEN_UP] {
        let mut table = txn.open_table(definition)?;
        for id in ids {
            let doomed: Vec<String> = table
                .range((*id, "")..)?
                .map_while(|row| row.ok())
                .take_while(|(k, _)| k.value().0 == *id)
                .map(|(k, _)| k.value().1.to_string())
                .collect();
            for target in doomed {
                table.remove((*id, target.as_str()))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_from_the_first_up_to_six_hours() {
        assert_eq!(wait_ms(60_000, 1), 60_000);
        assert_eq!(wait_ms(60_000, 2), 120_000);
        assert_eq!(wait_ms(60_000, 5), 960_000);
        assert_eq!(wait_ms(60_000, 40), MAX_WAIT_MS);
    }
}
