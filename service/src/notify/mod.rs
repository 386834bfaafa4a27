//! Turn notifications for players who are away, as signed webhooks (issue 15, part 4).
//!
//! **What is told.** At each commit (a move, an undo, a resignation, a seat handed to a
//! bot, a bot's move, a clock running out) and when the last seat is taken, [`plan`]
//! lists what the new version means for each seat bound to a player (`player_id`): the
//! seat became to act ([`Reason::YourTurn`]), the game ended ([`Reason::GameOver`]), or its
//! clock will run out ([`Reason::ClockWarning`], due `--webhook-clock-warning-ms` before
//! the deadline). Invitations ([`Reason::Invited`]) are put by [`Notifier::invited`]. The
//! player whose own call made the change is not told about it.
//!
//! **Durable outbox.** Notifications go into the store's outbox before the commit, with
//! ids derived from (session, version, player, reason), so a retried or racing write puts
//! the same id once ([`Outbox::put`](crate::store::Outbox::put)). Because the outbox is written before
//! the commit, a commit that then fails (a lost race, a dead replica) may leave an item
//! for a version that never happened: the worker checks every item against the session
//! before sending ([`verdict`]), and only sends what the committed log says and what is
//! still true (the seat is still to act, the clock's version is still current). A player
//! with an open stream on the session (a presence mark in the store, refreshed by the
//! stream, so every replica sees it) is not sent anything.
//!
//! **Delivery.** Every replica runs [`Notifier::run`]: it claims due items with a lease
//! ([`Outbox::claim`](crate::store::Outbox::claim)), so two replicas never hold the same attempt and a
//! replica that dies mid-delivery leaves the item to come due again. A failed POST is
//! retried with exponential backoff and jitter; after `--webhook-max-attempts` it goes to
//! the dead-letter list ([`Outbox::dead_letters`](crate::store::Outbox::dead_letters)). Every attempt of one
//! notification carries the same `webhook-id`; receivers deduplicate by it (delivery is at
//! least once). Requests follow Standard Webhooks (see docs/notifications.md).

use crate::clock::SeatClock;
use crate::config::Config;
use crate::metrics::Metrics;
use crate::store::{
    now_ms, Finish, Notification, OutboxItem, Reason, SessionMeta, Store, StoreError,
};
use crate::table::{Control, Table};
use agora_engine::{Outcome, Seat};
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How often a replica looks for due notifications, and how many it takes at once.
const POLL: Duration = Duration::from_millis(200);
const BATCH: usize = 32;

/// How long an item may wait for the commit that makes it to become visible; after this,
/// that commit never happened and the item is dropped.
const COMMIT_WAIT_MS: i64 = 30_000;

/// How often a not-yet-visible commit is looked for again.
const WAIT_STEP_MS: i64 = 500;

/// How often a game that has not started is looked at again once [`COMMIT_WAIT_MS`] has
/// passed: the first turn's notifications are written before the claim of the last seat,
/// and if that claim failed the seat may still be taken later by someone else (the
/// session's expiry ends the wait).
const NOT_STARTED_STEP_MS: i64 = 30_000;

/// The webhook settings (`--webhook-*` flags, `AGORA_WEBHOOK_*` variables).
#[derive(Debug, Clone)]
pub struct WebhookConfig {
    pub url: String,
    /// The key under `whsec_`, decoded.
    pub secret: Vec<u8>,
    /// Longest one POST may take.
    pub timeout: Duration,
    /// Attempts before a notification is dead.
    pub max_attempts: u32,
    /// Delay after the first failure; it doubles after each, up to `backoff_max`.
    pub backoff: Duration,
    pub backoff_max: Duration,
    /// How long before a deadline a clock warning goes out (`None`: none do).
    pub clock_warning: Option<Duration>,
    /// How long an open stream's presence mark lasts without a refresh.
    pub presence_ttl: Duration,
}

impl WebhookConfig {
    /// The settings of `config`, `None` without a webhook URL (nothing is written to the
    /// outbox then). A URL without a valid `whsec_` secret is an error.
    pub fn from_config(config: &Config) -> Result<Option<WebhookConfig>, String> {
        let Some(url) = config.webhook_url.clone().filter(|u| !u.is_empty()) else {
            return Ok(None);
        };
        reqwest::Url::parse(&url).map_err(|e| format!("--webhook-url {url:?}: {e}"))?;
        let secret = config.webhook_secret.as_deref().ok_or(
            "--webhook-url needs --webhook-secret (or AGORA_WEBHOOK_SECRET), a Standard Webhooks secret like whsec_<base64>",
        )?;
        let secret = parse_secret(secret)?;
        if config.webhook_max_attempts == 0 {
            return Err("--webhook-max-attempts must be at least 1".into());
        }
        Ok(Some(WebhookConfig {
            url,
            secret,
            timeout: Duration::from_millis(config.webhook_timeout_ms.max(1)),
            max_attempts: config.webhook_max_attempts,
            backoff: Duration::from_millis(config.webhook_backoff_ms.max(1)),
            backoff_max: Duration::from_millis(
                config
                    .webhook_backoff_max_ms
                    .max(config.webhook_backoff_ms.max(1)),
            ),
            clock_warning: (config.webhook_clock_warning_ms > 0)
                .then(|| Duration::from_millis(config.webhook_clock_warning_ms)),
            presence_ttl: Duration::from_millis(config.webhook_presence_ttl_ms.max(300)),
        }))
    }

    /// How long a worker holds a claimed item: the POST's timeout twice over plus room for
    /// the store calls around it, so a live worker always finishes before another may claim.
    fn lease(&self) -> Duration {
        self.timeout * 2 + Duration::from_secs(5)
    }

    /// The wait before the attempt after `failures` failed ones: exponential, capped, with
    /// "equal jitter" (half fixed, half random) so retries of many items spread out.
    pub fn backoff_after(&self, failures: u32) -> Duration {
        let exp = self
            .backoff
            .saturating_mul(1u32 << failures.saturating_sub(1).min(20));
        let capped = exp.min(self.backoff_max);
        let half = capped / 2;
        let jitter = rand::rng().random_range(0..=half.as_millis() as u64);
        half + Duration::from_millis(jitter)
    }
}

/// The key of a `whsec_<base64>` secret.
pub fn parse_secret(secret: &str) -> Result<Vec<u8>, String> {
    let encoded = secret
        .strip_prefix("whsec_")
        .ok_or("the webhook secret must look like whsec_<base64> (Standard Webhooks)")?;
    let key = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .map_err(|e| format!("the webhook secret's base64 is invalid: {e}"))?;
    if key.len() < 24 || key.len() > 64 {
        return Err("the webhook secret's key must be 24 to 64 bytes".into());
    }
    Ok(key)
}

/// `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`: the `webhook-signature` header.
pub fn sign(secret: &[u8], id: &str, timestamp: i64, body: &[u8]) -> String {
    // HMAC takes keys of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).unwrap_or_else(|_| unreachable!());
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let tag = mac.finalize().into_bytes();
    format!(
        "v1,{}",
        base64::engine::general_purpose::STANDARD.encode(tag)
    )
}

/// The JSON body of a notification: the same bytes on every attempt.
pub fn body(n: &Notification) -> Vec<u8> {
    let payload = serde_json::json!({
        "type": format!("agora.{}", n.reason.as_str()),
        "timestamp": rfc3339(n.created_ms),
        "data": {
            "id": n.id,
            "reason": n.reason.as_str(),
            "player_id": n.player_id,
            "session_id": n.session_id,
            "game_id": n.game_id,
            "version": n.version,
            "seat": n.seat,
        },
    });
    payload.to_string().into_bytes()
}

/// `2026-11-24T20:30:00.123Z` for ms since the epoch (UTC, proleptic Gregorian).
pub fn rfc3339(ms: i64) -> String {
    let (days, rem) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s, milli) = (
        rem / 3_600_000,
        rem / 60_000 % 60,
        rem / 1000 % 60,
        rem % 1000,
    );
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}.{milli:03}Z")
}

/// What one version means for the session's players (see the module's doc).
pub struct Change<'a> {
    pub meta: &'a SessionMeta,
    /// The state after the change.
    pub table: &'a Table,
    pub version: u64,
    /// Who was to act before it (nobody before the game started).
    pub before: &'a [Seat],
    pub to_act: &'a [Seat],
    pub outcome: Option<&'a Outcome>,
    /// Every seat's clock after it.
    pub clocks: &'a [SeatClock],
    /// The seat whose call made the change, which is not told about it.
    pub caller: Option<Seat>,
    pub now: i64,
}

/// The notifications of `change`, with `clock_warning` ahead of each deadline.
pub fn plan(change: &Change<'_>, clock_warning: Option<Duration>) -> Vec<Notification> {
    let meta = change.meta;
    let make = |seat: usize, player: &str, reason: Reason, not_before: i64| Notification {
        id: Notification::derive_id(&meta.id, change.version, player, reason),
        reason,
        player_id: player.to_string(),
        session_id: meta.id.clone(),
        game_id: meta.game_id.clone(),
        version: change.version,
        seat: Some(seat as u8),
        created_ms: change.now,
        not_before_ms: not_before,
    };
    let mut out = Vec::new();
    for (i, record) in meta.seats.iter().enumerate() {
        let Some(player) = record.player_id.as_deref() else {
            continue;
        };
        let seat = Seat(i as u8);
        let told = change.caller != Some(seat);
        if change.outcome.is_some() {
            if told {
                out.push(make(i, player, Reason::GameOver, change.now));
            }
            continue;
        }
        let plays = change.table.control(seat) == Control::Player;
        let acts = change.to_act.contains(&seat) && plays;
        if acts && told && !change.before.contains(&seat) {
            out.push(make(i, player, Reason::YourTurn, change.now));
        }
        let deadline = change
            .clocks
            .iter()
            .find(|c| c.seat == seat)
            .and_then(|c| c.deadline_ms);
        if let (true, Some(warning), Some(deadline)) = (acts, clock_warning, deadline) {
            if deadline > change.now {
                let at = (deadline - warning.as_millis() as i64).max(change.now);
                out.push(make(i, player, Reason::ClockWarning, at));
            }
        }
    }
    // One per (player, reason): a player with two seats is told once.
    let mut seen = std::collections::HashSet::new();
    out.retain(|n| seen.insert(n.id.clone()));
    out
}

/// What to do with a claimed notification now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Deliver,
    /// Not worth sending (the reason is logged).
    Drop(&'static str),
    /// The write that makes it true (a commit, a create, the last seat's claim) is not
    /// visible yet: look again in this many milliseconds.
    Wait(i64),
}

/// Whether `n` is true of the session as committed, and still worth sending.
pub async fn verdict(store: &dyn Store, n: &Notification, now: i64) -> Result<Verdict, StoreError> {
    let young = now - n.created_ms <= COMMIT_WAIT_MS;
    let loaded = match store.sessions().load(&n.session_id).await {
        Ok(loaded) => loaded,
        // Invitations and a rematch's first turn are written before the create.
        Err(StoreError::NotFound(_)) if young => return Ok(Verdict::Wait(WAIT_STEP_MS)),
        Err(StoreError::NotFound(_)) => return Ok(Verdict::Drop("the session is gone")),
        Err(e) => return Err(e),
    };
    if !matches!(n.reason, Reason::Invited | Reason::Matched) {
        if loaded.version < n.version {
            return Ok(if young {
                Verdict::Wait(WAIT_STEP_MS)
            } else {
                Verdict::Drop("its version was never committed")
            });
        }
        // The first turn's notifications are written before the claim that starts the game.
        if loaded.meta.started_ms.is_none() {
            return Ok(Verdict::Wait(if young {
                WAIT_STEP_MS
            } else {
                NOT_STARTED_STEP_MS
            }));
        }
        let seat = n.seat.map(Seat);
        let bound = seat
            .and_then(|s| loaded.meta.seats.get(usize::from(s.0)))
            .and_then(|r| r.player_id.as_deref());
        if bound != Some(n.player_id.as_str()) {
            return Ok(Verdict::Drop("the seat is not the player's"));
        }
        let Some(seat) = seat else {
            return Ok(Verdict::Drop("no seat"));
        };
        // What the version said: from the state when it is current, else from its log entry
        // (version 0, the start, has none: what is true now decides alone).
        let (to_act, over): (Vec<Seat>, bool) = if loaded.version == n.version {
            (
                loaded.state.to_act().iter().collect(),
                loaded.state.is_over(),
            )
        } else if n.version == 0 {
            (loaded.state.to_act().iter().collect(), false)
        } else {
            let entries = store
                .sessions()
                .read_log(&n.session_id, n.version - 1, 1)
                .await?;
            match entries.into_iter().find(|e| e.version == n.version) {
                Some(entry) => (entry.to_act.clone(), entry.outcome.is_some()),
                None => return Ok(Verdict::Drop("its version is no longer in the log")),
            }
        };
        let acts_now =
            loaded.state.to_act().contains(seat) && loaded.state.control(seat) == Control::Player;
        let true_then = match n.reason {
            Reason::GameOver => over,
            Reason::YourTurn => to_act.contains(&seat) && acts_now,
            Reason::ClockWarning => loaded.version == n.version && acts_now,
            Reason::Invited | Reason::Matched => true,
        };
        if !true_then {
            return Ok(Verdict::Drop("no longer true of the session"));
        }
    }
    if store
        .presence()
        .is_present(&n.session_id, &n.player_id)
        .await?
    {
        return Ok(Verdict::Drop("the player has a stream open on the session"));
    }
    Ok(Verdict::Deliver)
}

/// Writes notifications to the outbox and delivers them. One per replica.
pub struct Notifier {
    pub config: WebhookConfig,
    client: reqwest::Client,
    metrics: Arc<Metrics>,
}

impl Notifier {
    pub fn new(config: WebhookConfig, metrics: Arc<Metrics>) -> Result<Notifier, String> {
        let client = reqwest::Client::builder()
            .timeout(config.timeout)
            .user_agent(concat!("agora-server/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("cannot build the webhook client: {e}"))?;
        Ok(Notifier {
            config,
            client,
            metrics,
        })
    }

    /// The notifications of `change`.
    pub fn plan(&self, change: &Change<'_>) -> Vec<Notification> {
        plan(change, self.config.clock_warning)
    }

    /// Puts `items` in `store`'s outbox (nothing to do for none).
    pub async fn put(&self, store: &dyn Store, items: &[Notification]) -> Result<(), StoreError> {
        if items.is_empty() {
            return Ok(());
        }
        store.outbox().put(items).await
    }

    /// The hook for invitations: tells `players` they were invited to `meta`'s session
    /// (at `version`), unless they have a stream open on it.
    pub async fn invited(
        &self,
        store: &dyn Store,
        meta: &SessionMeta,
        version: u64,
        players: &[String],
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let items: Vec<Notification> = players
            .iter()
            .map(|player| Notification {
                id: Notification::derive_id(&meta.id, version, player, Reason::Invited),
                reason: Reason::Invited,
                player_id: player.clone(),
                session_id: meta.id.clone(),
                game_id: meta.game_id.clone(),
                version,
                seat: None,
                created_ms: now,
                not_before_ms: now,
            })
            .collect();
        self.put(store, &items).await
    }

    /// Tells every player seated in `meta`'s new session that its quick-match ticket was
    /// matched (written before the create, like invitations).
    pub async fn matched(&self, store: &dyn Store, meta: &SessionMeta) -> Result<(), StoreError> {
        let now = now_ms();
        let items: Vec<Notification> = meta
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, record)| {
                let player = record.player_id.as_ref()?;
                Some(Notification {
                    id: Notification::derive_id(&meta.id, 0, player, Reason::Matched),
                    reason: Reason::Matched,
                    player_id: player.clone(),
                    session_id: meta.id.clone(),
                    game_id: meta.game_id.clone(),
                    version: 0,
                    seat: Some(seat as u8),
                    created_ms: now,
                    not_before_ms: now,
                })
            })
            .collect();
        self.put(store, &items).await
    }

    /// Delivers due notifications every [`POLL`] until the server shuts down.
    pub async fn run(self: Arc<Self>, store: Arc<dyn Store>, mut shutdown: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(POLL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let lease = self.config.lease().as_millis() as i64;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            let claimed = match store.outbox().claim(now_ms(), lease, BATCH).await {
                Ok(claimed) => claimed,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot claim notifications");
                    continue;
                }
            };
            // One after another, in the order they came due: a player's notifications
            // arrive in the order they were made (a turn before the end of the game).
            // Replicas deliver side by side.
            for item in claimed {
                self.handle(store.as_ref(), item).await;
            }
        }
    }

    /// Checks, sends and finishes one claimed item. A store failure leaves it claimed: it
    /// comes due again when its lease ends.
    async fn handle(&self, store: &dyn Store, item: OutboxItem) {
        let n = &item.notification;
        let now = now_ms();
        let finish = match verdict(store, n, now).await {
            Err(e) => {
                tracing::warn!(notification = %n.id, error = %e, "cannot check a notification; retrying after its lease");
                return;
            }
            Ok(Verdict::Wait(step)) => Finish::Wait { at_ms: now + step },
            Ok(Verdict::Drop(why)) => {
                tracing::debug!(notification = %n.id, why, "notification not sent");
                self.metrics.notification_dropped(n.reason.as_str());
                Finish::Done
            }
            Ok(Verdict::Deliver) => match self.post(n).await {
                Ok(()) => {
                    fail::fail_point!("webhook-delivered", |_| crate::failpoints::crash(
                        "webhook-delivered"
                    ));
                    tracing::debug!(notification = %n.id, "notification delivered");
                    self.metrics.notification_delivered(n.reason.as_str());
                    Finish::Done
                }
                Err(error) => {
                    let attempts = item.failures + 1;
                    if attempts >= self.config.max_attempts {
                        tracing::warn!(notification = %n.id, attempts, %error, "notification is dead");
                        self.metrics.notification_dead(n.reason.as_str());
                        Finish::Dead { error, now_ms: now }
                    } else {
                        let wait = self.config.backoff_after(attempts);
                        tracing::info!(notification = %n.id, attempts, %error, retry_in_ms = wait.as_millis() as u64, "webhook failed; retrying");
                        self.metrics.notification_retried(n.reason.as_str());
                        Finish::Failed {
                            at_ms: now_ms() + wait.as_millis() as i64,
                        }
                    }
                }
            },
        };
        match store.outbox().finish(&n.id, item.lease, finish).await {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(notification = %n.id, "a notification's lease ran out before it was finished")
            }
            Err(e) => {
                tracing::warn!(notification = %n.id, error = %e, "cannot finish a notification; it comes due again")
            }
        }
    }

    /// One signed POST; any status outside 2xx is a failure.
    async fn post(&self, n: &Notification) -> Result<(), String> {
        let body = body(n);
        let timestamp = now_ms() / 1000;
        let signature = sign(&self.config.secret, &n.id, timestamp, &body);
        let response = self
            .client
            .post(&self.config.url)
            .header("content-type", "application/json")
            .header("webhook-id", &n.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signature)
            .body(body)
            .send()
            .await
            .map_err(|e| format!("POST failed: {e}"))?;
        let status = response.status();
        if status.is_success() {
            Ok(())
        } else {
            Err(format!("the endpoint answered {status}"))
        }
    }
}

#[cfg(test)]
mod tests;
