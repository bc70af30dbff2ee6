//! Keeping submissions no longer than they should be. `serve --keep
//! prayer-request=90d` erases that form's older submissions every
//! `--retention-every`; `thewell erase` (by email, by id, or a form before a day)
//! hands a running server a request (see `handoff`), which its writer carries
//! out. Every erasure ends with the database rewritten into a fresh file, so
//! nothing erased stays readable in free pages.
use std::time::Duration;

use chrono::Utc;

use crate::data_dir::DataDir;
use crate::forms::{Form, find, names};
use crate::store::{Selector, StoreError, Writer};

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

/// Erases each form's submissions older than its period, now and every `every`.
///
/// With off-site copies (`offsite`: the data directory), nothing is erased here that
/// is not in the bucket yet: the sweep stops at the newest submission copied.
pub async fn sweep(writer: Writer, keeps: Vec<Keep>, every: Duration, offsite: Option<DataDir>) {
    if keeps.is_empty() {
        return;
    }
    loop {
        // The newest submission the bucket holds bounds what may be erased.
        let copied_until = offsite.as_ref().map(|dir| {
            crate::offsite::copier::State::read(dir)
                .and_then(|state| state.through)
                .map(|id| crate::store::received_at(id) + chrono::Duration::milliseconds(1))
        });
        for keep in &keeps {
            let Ok(period) = chrono::Duration::from_std(keep.period) else {
                continue;
            };
            let mut before = Utc::now() - period;
            match copied_until {
                Some(None) => continue,
                Some(Some(until)) => before = before.min(until),
                None => {}
            }
            let selector = Selector::Before {
                form: keep.form.name.to_string(),
                before,
            };
            match writer.erase(selector).await {
                Ok(counts) => {
                    let erased: usize = counts.iter().map(|(_, n)| n).sum();
                    if erased > 0 {
                        tracing::info!(form = keep.form.name, erased, kept = %describe(keep.period), "older submissions erased");
                    }
                }
                Err(StoreError::WriterStopped) => return,
                Err(error) => tracing::error!(
                    form = keep.form.name,
                    "cannot erase older submissions: {error}"
                ),
            }
        }
        tokio::time::sleep(every).await;
    }
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
