//! Keeping submissions no longer than they should be. `serve --keep
//! prayer-request=90d` erases that form's older submissions every
//! `--retention-every`; `thewell erase` (by email, by id, or a form before a day)
//! hands a running server a request (see `handoff`), which its writer carries
//! out. Every erasure ends with the database rewritten into a fresh file, so
//! nothing erased stays readable in free pages. A sweep that would erase far more
//! than the last day's did waits for the staff (a clock stepped ahead).
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use crate::data_dir::DataDir;
use crate::forms::{Form, find, names};
use crate::store::{Reader, Selector, StoreError, Writer};

/// How long one form's submissions are kept.
#[derive(Debug, Clone)]
pub struct Keep {
    pub form: &'static Form,
    pub period: Duration,
}

/// `prayer-request=90d`.
pub fn parse_keep(value: &str) -> Result<Keep, String> {
    let (form, period) = value
        .split_once('=')
        .ok_or_else(|| format!("{value}: write FORM=DURATION, e.g. prayer-request=90d"))?;
    let form = find(form.trim())
        .ok_or_else(|| format!("no form named {form}: one of {}", names().join(", ")))?;
    let period = humantime::parse_duration(period.trim())
        .map_err(|e| format!("{period}: {e}: write a duration such as 90d, 26weeks or 1y"))?;
    if period < Duration::from_secs(1) {
        return Err("keep them at least a second".into());
    }
    Ok(Keep { form, period })
}

/// "90 days" for the privacy page and the logs.
pub fn describe(period: Duration) -> String {
    let days = period.as_secs() / 86_400;
    match days {
        0 => humantime::format_duration(period).to_string(),
        1 => "1 day".into(),
        d => format!("{d} days"),
    }
}

/// A sweep erases this many of a form's submissions at once without asking, however
/// few it erased in the last day.
const SWEEP_FLOOR: u64 = 10;
const DAY: Duration = Duration::from_secs(86_400);

/// What bounds a sweep: the data directory (what is stored), whether off-site
/// copies are made (nothing is erased that is not in the bucket yet), and how the
/// staff are told of a sweep held back.
pub struct Bounds {
    pub dir: DataDir,
    pub offsite: bool,
    pub tell: crate::notify::sender::Tell,
}

/// Erases each form's submissions older than its period, now and every `every`.
///
/// With off-site copies, nothing is erased here that is not in the bucket yet: the
/// sweep stops at the newest submission copied. A sweep that would erase more of a
/// form than the last day's sweeps did (and more than `SWEEP_FLOOR`) waits: a clock
/// stepped ahead (a start with a wrong clock, a bad time server) must not erase
/// months of prayer requests at once. It says so in the log and tells the staff
/// (once while it waits), who erase them with `thewell erase` if the clock is right.
pub async fn sweep(writer: Writer, keeps: Vec<Keep>, every: Duration, bounds: Bounds) {
    if keeps.is_empty() {
        return;
    }
    // Per form: what each sweep erased (when, how many), and whether it waits.
    let mut erased_lately: HashMap<&'static str, Vec<(Instant, u64)>> = HashMap::new();
    let mut waiting: HashSet<&'static str> = HashSet::new();
    loop {
        // The newest submission the bucket holds bounds what may be erased.
        let copied_until = bounds.offsite.then(|| {
            crate::offsite::state::State::read(&bounds.dir)
                .and_then(|state| state.through)
                .map(|id| crate::store::received_at(id) + chrono::Duration::milliseconds(1))
        });
        for keep in &keeps {
            let Ok(period) = chrono::Duration::from_std(keep.period) else {
                continue;
            };
            let form = keep.form.name;
            let mut before = Utc::now() - period;
            match copied_until {
                Some(None) => continue,
                Some(Some(until)) => before = before.min(until),
                None => {}
            }
            let lately = erased_lately.entry(form).or_default();
            lately.retain(|(at, _)| at.elapsed() < DAY);
            let allowed = lately.iter().map(|(_, n)| n).sum::<u64>().max(SWEEP_FLOOR);
            let (dir, of) = (bounds.dir.clone(), keep.form);
            let counted = tokio::task::spawn_blocking(move || expired(&dir, of, before)).await;
            let expired = match counted {
                Ok(Ok(expired)) => expired,
                Ok(Err(error)) => {
                    tracing::error!(form, "cannot count older submissions: {error}");
                    continue;
                }
                Err(error) => {
                    tracing::error!(form, "counting older submissions failed: {error}");
                    continue;
                }
            };
            if expired > allowed {
                if waiting.insert(form) {
                    hold_back(&bounds, keep, expired, allowed, before);
                }
                continue;
            }
            waiting.remove(form);
            match writer
                .erase(Selector::Before {
                    form: form.to_string(),
                    before,
                })
                .await
            {
                Ok(counts) => {
                    let erased: usize = counts.iter().map(|(_, n)| n).sum();
                    if erased > 0 {
                        lately.push((Instant::now(), erased as u64));
                        tracing::info!(form, erased, kept = %describe(keep.period), "older submissions erased");
                    }
                }
                Err(StoreError::WriterStopped) => return,
                Err(error) => tracing::error!(form, "cannot erase older submissions: {error}"),
            }
        }
        tokio::time::sleep(every).await;
    }
}

/// How many of `form`'s submissions were received before `before`.
fn expired(dir: &DataDir, form: &Form, before: DateTime<Utc>) -> Result<u64, StoreError> {
    let mut count = 0;
    let until = crate::store::first_id_at(before);
    Reader::open(dir)?.scan::<StoreError>(form, 0, until, |_, _| {
        count += 1;
        Ok(())
    })?;
    Ok(count)
}

/// Logs and tells the staff that a sweep waits, and how to let it go on.
fn hold_back(bounds: &Bounds, keep: &Keep, expired: u64, allowed: u64, before: DateTime<Utc>) {
    let form = keep.form.name;
    let day = before.date_naive();
    let text = format!(
        "The {form} submissions are kept {}, so by this server's clock ({} UTC) {expired} of them, received before {}, are due to be erased at once: more than a sweep erases without asking ({allowed}: what the last day's sweeps erased, at least {SWEEP_FLOOR}). It waits, in case the clock is wrong. Check it (`date` on the server). If it is right, erase them with `thewell erase --form {form} --before {day}` and the sweeps go on as before; if it is wrong, set it right: nothing was erased.",
        describe(keep.period),
        Utc::now().format("%Y-%m-%d %H:%M"),
        before.format("%Y-%m-%d %H:%M UTC"),
    );
    tracing::warn!(
        form,
        expired,
        allowed,
        "older submissions not erased: {text}"
    );
    (bounds.tell)(
        format!("Erasing {expired} {form} submissions waits for you"),
        text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_takes_a_form_and_a_duration() {
        let keep = parse_keep("prayer-request=90d").unwrap();
        assert_eq!(keep.form.name, "prayer-request");
        assert_eq!(describe(keep.period), "90 days");
        assert!(
            parse_keep("prayers=90d")
                .unwrap_err()
                .contains("no form named prayers")
        );
        assert!(
            parse_keep("prayer-request")
                .unwrap_err()
                .contains("FORM=DURATION")
        );
        assert!(parse_keep("contact=0s").is_err());
    }
}
