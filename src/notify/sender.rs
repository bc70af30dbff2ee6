//! The background sender: takes the notifications that are due from the outbox,
//! delivers them (several at once, a few per target, each bounded in time), and
//! reports back what became of each as it ends, so the writer removes the
//! delivered ones and reschedules the others. It never holds up a submission: it only talks to the writer between
//! commits. (After a start every waiting notification is due at once: the writer
//! makes it so, since the mail server may have been fixed while the server was down.)
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};
use tokio::task::JoinSet;
use ulid::Ulid;

use super::deliver::{Failure, Mailer, Poster};
use super::message::{self, Submission};
use super::targets::{Registry, Target, Via};
use crate::store::Writer;
use crate::store::outbox::{Due, Settled, now_ms};

/// Notifications taken per round.
const ROUND: usize = 32;
/// The longest the sender sleeps without looking (a retry may fall due meanwhile).
const IDLE: Duration = Duration::from_secs(30);

/// How the sender reaches people.
#[derive(Clone)]
pub struct Channels {
    pub mailer: Option<Mailer>,
    pub poster: Poster,
}

impl Channels {
    /// Sends one notification of `submission` to `target`.
    pub async fn send(&self, target: &Target, submission: &Submission<'_>) -> Result<(), Failure> {
        match &target.via {
            Via::Email { to } => {
                let mailer = self.mailer.as_ref().ok_or(Failure::NoMailer)?;
                let (subject, body) = message::email(submission, target);
                mailer.send(to, &subject, &body).await
            }
            Via::Webhook { url, secret } => {
                let body = message::webhook(submission, target);
                self.poster
                    .post(url, secret, &submission.id.to_string(), body)
                    .await
            }
        }
    }
}

/// How the server tells the staff about itself (a subject and a text), in the background.
pub type Tell = Arc<dyn Fn(String, String) + Send + Sync>;

impl Channels {
    /// A `Tell` to every target of `registry`, as the webhook event `event`.
    pub fn teller(&self, registry: Arc<Registry>, event: &'static str) -> Tell {
        let channels = self.clone();
        Arc::new(move |subject: String, text: String| {
            let (channels, registry) = (channels.clone(), Arc::clone(&registry));
            tokio::spawn(async move {
                channels.tell_staff(&registry, event, &subject, &text).await;
            });
        })
    }

    /// Tells every target about the server itself (not a submission): an email with
    /// `subject` and `text`, or a webhook body `{"event": …, "subject": …, "text": …}`.
    /// Tried once each; a failure is logged.
    pub async fn tell_staff(&self, registry: &Registry, event: &str, subject: &str, text: &str) {
        for target in registry.current().iter().filter(|t| !t.paused) {
            let sent = match &target.via {
                Via::Email { to } => match &self.mailer {
                    Some(mailer) => mailer.send(to, subject, text).await,
                    None => Err(Failure::NoMailer),
                },
                Via::Webhook { url, secret } => {
                    let body =
                        serde_json::json!({"event": event, "subject": subject, "text": text});
                    self.poster
                        .post(url, secret, &Ulid::generate().to_string(), body.to_string())
                        .await
                }
            };
            if let Err(failure) = sent {
                tracing::warn!(to = %target.describe(), "staff not told \"{subject}\": {failure}");
            }
        }
    }
}

/// One due notification, tried.
async fn try_one(due: Due, targets: Arc<Vec<Target>>, channels: Channels) -> Settled {
    let done = Settled::Done {
        id: due.id,
        target: due.target.clone(),
    };
    // A removed target, or an erased submission: nothing left to tell.
    let Some(target) = targets.iter().find(|t| t.id == due.target) else {
        return done;
    };
    let Some(record) = due
        .record
        .as_deref()
        .and_then(|json| serde_json::from_str::<Map<String, Value>>(json).ok())
    else {
        return done;
    };
    let submission = Submission {
        form: &due.pending.form,
        id: due.id,
        record: &record,
        test: false,
    };
    match channels.send(target, &submission).await {
        Ok(()) => done,
        Err(failure) => {
            tracing::warn!(
                target_id = %target.id,
                to = %target.describe(),
                submission = %due.id,
                attempt = due.pending.attempts + 1,
                "notification not delivered: {failure}"
            );
            Settled::Failed {
                id: due.id,
                target: due.target,
                pending: due.pending,
                error: failure.to_string(),
            }
        }
    }
}

/// Deliveries under way at once, in all.
const IN_FLIGHT: usize = 32;
/// Deliveries under way at once to one target: a slow one never holds up the others.
const PER_TARGET: usize = 8;

/// Runs until the writer stops: keeps up to IN_FLIGHT deliveries going, takes more
/// due notifications as slots free up, and reports each outcome as it comes.
pub async fn run(writer: Writer, registry: Arc<Registry>, channels: Channels) {
    let mut tries: JoinSet<Settled> = JoinSet::new();
    // What is being tried now, by (submission, target): not taken twice.
    let mut busy: HashSet<(Ulid, String)> = HashSet::new();
    let mut wait = Duration::ZERO;
    loop {
        if busy.len() < IN_FLIGHT {
            match writer.due(now_ms(), ROUND + busy.len()).await {
                Ok((due, soonest)) => {
                    let targets = registry.current();
                    let mut per_target: HashMap<String, usize> = HashMap::new();
                    for (_, target) in &busy {
                        *per_target.entry(target.clone()).or_default() += 1;
                    }
                    let mut started = 0;
                    for item in due {
                        let key = (item.id, item.target.clone());
                        let count = per_target.entry(item.target.clone()).or_default();
                        if busy.len() >= IN_FLIGHT || *count >= PER_TARGET || busy.contains(&key) {
                            continue;
                        }
                        *count += 1;
                        busy.insert(key);
                        started += 1;
                        tries.spawn(try_one(item, Arc::clone(&targets), channels.clone()));
                    }
                    wait = match (started, soonest) {
                        (0, Some(at)) => Duration::from_millis(
                            (at - now_ms()).clamp(50, IDLE.as_millis() as i64) as u64,
                        ),
                        (0, None) => IDLE,
                        // More may be due than were taken: look again when a slot frees up.
                        _ => IDLE,
                    };
                }
                Err(crate::store::StoreError::WriterStopped) => return,
                Err(error) => {
                    tracing::error!("cannot read the notifications waiting: {error}");
                    wait = Duration::from_secs(5);
                }
            }
        }
        // Wait for a delivery to end, a new submission, or the next retry's time.
        let mut outcomes = Vec::new();
        tokio::select! {
            Some(done) = tries.join_next(), if !tries.is_empty() => {
                outcomes.extend(done.ok());
                while let Some(more) = tries.try_join_next() {
                    outcomes.extend(more.ok());
                }
            }
            () = writer.queued() => {}
            () = tokio::time::sleep(wait) => {}
        }
        if outcomes.is_empty() {
            continue;
        }
        for outcome in &outcomes {
            let (Settled::Done { id, target } | Settled::Failed { id, target, .. }) = outcome;
            busy.remove(&(*id, target.clone()));
        }
        if let Err(error) = writer.settle(outcomes).await {
            tracing::error!("cannot record the notifications sent: {error}");
        }
    }
}
