//! StartQuickMatch, GetMatchTicket, CancelQuickMatch and WatchMatchTicket: a signed-in
//! player's tickets in the quick-match pools (see [`crate::matchmaking`] and the store's
//! [`matchmaking`](crate::store::matchmaking) role). The matcher that turns tickets
//! into sessions is `matcher.rs`.

use super::errors::ApiError;
use super::{convert, request_ids, GameApi, MAX_ID_LEN};
use crate::identity::{Caller, Player};
use crate::matchmaking;
use crate::store::matchmaking::{Opened, Pool, Ticket, TicketStatus, TicketView, TICKET_FORMAT};
use crate::store::now_ms;
use agora_engine::registry::{AnyOptions, AnyState};
use agora_engine::FieldViolation;
use agora_proto::v1 as pb;
use std::pin::Pin;
use std::time::Duration;
use tonic::Status;
use tonic_types::StatusExt;

/// How often a watch reads its ticket again, and how often it sends the ticket while
/// nothing changes (a heartbeat).
const WATCH_POLL: Duration = Duration::from_millis(250);
const WATCH_HEARTBEAT: Duration = Duration::from_secs(10);

pub type TicketStream =
    Pin<Box<dyn futures::Stream<Item = Result<pb::WatchMatchTicketResponse, Status>> + Send>>;

/// Refusals of the quick-match calls.
#[derive(Debug)]
pub enum MatchError {
    /// No ticket of the caller's with this id.
    NoSuchTicket(String),
    /// The player waits in the pool already, with other options.
    OtherOptions { ticket_id: String },
    /// Over `--quick-match-tickets-per-minute`.
    TicketRate { per_minute: u32, wait: Duration },
}

impl MatchError {
    pub fn status(self) -> Status {
        match self {
            MatchError::NoSuchTicket(id) => {
                Status::not_found(format!("You have no quick-match ticket {id:?}."))
            }
            MatchError::OtherOptions { ticket_id } => Status::already_exists(format!(
                "You already wait in this pool with other options (ticket {ticket_id:?}); \
                 cancel it (CancelQuickMatch) before asking for these."
            )),
            MatchError::TicketRate { per_minute, wait } => {
                let wait = wait.max(Duration::from_secs(1));
                Status::with_error_details(
                    tonic::Code::ResourceExhausted,
                    format!(
                        "You started more than {per_minute} quick-match tickets in a minute, \
                         this server's limit; retry in {} s.",
                        wait.as_secs_f64().ceil()
                    ),
                    tonic_types::ErrorDetails::with_retry_info(Some(wait)),
                )
            }
        }
    }
}

impl From<MatchError> for ApiError {
    fn from(error: MatchError) -> ApiError {
        ApiError::Match(error)
    }
}

fn signed_in(caller: Caller) -> Result<Player, ApiError> {
    match caller {
        Caller::Player(player) => Ok(player),
        _ => Err(crate::auth::AuthError::PlayerRequired.into()),
    }
}

fn check_ticket_id(id: &str) -> Result<(), FieldViolation> {
    if id.is_empty() {
        Err(FieldViolation::new("ticket_id", "required."))
    } else if id.len() > MAX_ID_LEN {
        Err(FieldViolation::new("ticket_id", "too long."))
    } else {
        Ok(())
    }
}

/// The options a pool's session is played with when every ticket took any options:
/// the game's defaults for the player count.
pub(crate) fn pool_options(game_id: &str, players: u32) -> Option<AnyOptions> {
    let kind = agora_engine::registry::GameKind::from_id(game_id)?;
    kind.options_for(u8::try_from(players).ok()?)
}

/// The ticket as the API shows it.
pub(crate) fn ticket_out(view: &TicketView) -> pb::MatchTicket {
    let t = &view.ticket;
    let mut out = pb::MatchTicket {
        ticket_id: t.id.clone(),
        game_id: t.pool.game_id.clone(),
        players: t.pool.seats.into(),
        unrated: !t.pool.rated,
        options: t.options.as_ref().map(convert::options_out),
        state: pb::MatchTicketState::Waiting as i32,
        session_id: String::new(),
        seat: 0,
        create_time_unix_ms: t.created_ms,
        expire_time_unix_ms: t.expires_ms,
        rating: t.rating,
    };
    match &view.status {
        TicketStatus::Waiting => {}
        TicketStatus::Cancelled => out.state = pb::MatchTicketState::Cancelled as i32,
        TicketStatus::Expired => out.state = pb::MatchTicketState::Expired as i32,
        // Told once the session exists, so the player can play at once.
        TicketStatus::Matched {
            session_created: false,
            ..
        } => {}
        TicketStatus::Matched { record, .. } => {
            let seats = matchmaking::seats(record);
            if let Some(i) = record.tickets.iter().position(|id| *id == t.id) {
                out.state = pb::MatchTicketState::Matched as i32;
                out.session_id = matchmaking::session_id(record);
                out.seat = seats.get(i).copied().unwrap_or_default() as u32;
            }
        }
    }
    out
}

impl GameApi {
    /// The pool and options a StartQuickMatch asks for.
    fn pool_of(
        request: &pb::StartQuickMatchRequest,
    ) -> Result<(Pool, Option<AnyOptions>), ApiError> {
        let rated = !request.unrated;
        if let Some(options) = &request.options {
            let options = convert::options_in(Some(options))?;
            let seats = AnyState::setup(&options, 0)
                .map_err(|e| FieldViolation::new("options", e.to_string()))?
                .seat_count();
            if !request.game_id.is_empty() && request.game_id != options.game_id() {
                return Err(FieldViolation::new(
                    "game_id",
                    format!(
                        "{:?} differs from the options' game {:?}; leave it empty.",
                        request.game_id,
                        options.game_id()
                    ),
                )
                .into());
            }
            if request.players != 0 && request.players as usize != seats {
                return Err(FieldViolation::new(
                    "players",
                    format!(
                        "{} differs from the options' {seats} players; leave it 0.",
                        request.players
                    ),
                )
                .into());
            }
            check_seats(seats)?;
            let pool = Pool {
                game_id: options.game_id().to_string(),
                seats: seats as u8,
                rated,
            };
            return Ok((pool, Some(options)));
        }
        if request.game_id.is_empty() {
            return Err(FieldViolation::new("game_id", "required when options are unset.").into());
        }
        let Some(info) = agora_engine::registry::game_info(&request.game_id) else {
            return Err(FieldViolation::new(
                "game_id",
                format!("no game {:?}; ListGames lists them.", request.game_id),
            )
            .into());
        };
        let players = request.players;
        if players < u32::from(info.min_players) || players > u32::from(info.max_players) {
            return Err(FieldViolation::new(
                "players",
                format!(
                    "{} plays with {} to {} players.",
                    info.id, info.min_players, info.max_players
                ),
            )
            .into());
        }
        check_seats(players as usize)?;
        if pool_options(info.id, players).is_none() {
            return Err(FieldViolation::new(
                "players",
                format!(
                    "{} has no default options for {players} players; set options.",
                    info.id
                ),
            )
            .into());
        }
        Ok((
            Pool {
                game_id: info.id.to_string(),
                seats: players as u8,
                rated,
            },
            None,
        ))
    }

    /// The rating a ticket of `player_id` carries: the player's Glicko-2 rating (inactivity
    /// applied) in the rating pool of the ticket's options, or of the pool's default options
    /// when it takes any; a game with no rating pool matches everyone at the start rating.
    async fn ticket_rating(
        &self,
        pool: &Pool,
        options: Option<&AnyOptions>,
        player_id: &str,
        now: i64,
    ) -> Result<f64, ApiError> {
        let options = match options {
            Some(options) => Some(options.clone()),
            None => pool_options(&pool.game_id, u32::from(pool.seats)),
        };
        match options.as_ref().and_then(crate::ratings::pools::pool_of) {
            Some(rating_pool) => Ok(self
                .store
                .ratings()
                .rating(&rating_pool, player_id, now)
                .await?
                .rating),
            None => Ok(crate::ratings::glicko2::Rating::NEW.rating),
        }
    }

    #[tracing::instrument(skip_all, fields(ticket))]
    pub(crate) async fn start_quick_match(
        &self,
        request: pb::StartQuickMatchRequest,
        caller: Caller,
    ) -> Result<pb::StartQuickMatchResponse, ApiError> {
        let player = signed_in(caller)?;
        let request_id = request_ids::parse(&request.request_id)?;
        let (pool, options) = Self::pool_of(&request)?;
        let id = matchmaking::ticket_id(&pool, &player.id, request_id);
        tracing::Span::current().record("ticket", id.as_str());
        let now = now_ms();
        let mm = self.store.matchmaking();
        // A retry is answered without counting against the rate.
        if request_id.is_some() {
            if let Some(view) = mm.ticket(&id, now).await? {
                return answer_same(&view, &options);
            }
        }
        if let Err((per_minute, wait)) = self.ticket_rate.admit(&player.id) {
            return Err(MatchError::TicketRate { per_minute, wait }.into());
        }
        let rating = self
            .ticket_rating(&pool, options.as_ref(), &player.id, now)
            .await?;
        let ticket = Ticket {
            format: TICKET_FORMAT,
            id: id.clone(),
            player_id: player.id.clone(),
            player_name: player.name.clone().unwrap_or_else(|| "Player".into()),
            pool,
            options,
            rating,
            created_ms: now,
            expires_ms: now + self.ticket_ttl.as_millis() as i64,
        };
        let view = match mm.open(&ticket).await? {
            Opened::New => {
                tracing::info!("ticket waiting");
                TicketView {
                    ticket,
                    status: TicketStatus::Waiting,
                }
            }
            Opened::Same(view) => return answer_same(&view, &ticket.options),
            Opened::Open(view) => {
                if view.ticket.options_key() != ticket.options_key() {
                    return Err(MatchError::OtherOptions {
                        ticket_id: view.ticket.id,
                    }
                    .into());
                }
                tracing::info!(open = %view.ticket.id, "answered with the player's open ticket");
                view
            }
        };
        Ok(pb::StartQuickMatchResponse {
            ticket: Some(ticket_out(&view)),
        })
    }

    /// The caller's ticket `id`.
    async fn own_ticket(&self, id: &str, player: &Player) -> Result<TicketView, ApiError> {
        check_ticket_id(id)?;
        match self.store.matchmaking().ticket(id, now_ms()).await? {
            Some(view) if view.ticket.player_id == player.id => Ok(view),
            _ => Err(MatchError::NoSuchTicket(id.to_string()).into()),
        }
    }

    pub(crate) async fn get_match_ticket(
        &self,
        request: pb::GetMatchTicketRequest,
        caller: Caller,
    ) -> Result<pb::GetMatchTicketResponse, ApiError> {
        let player = signed_in(caller)?;
        let view = self.own_ticket(&request.ticket_id, &player).await?;
        Ok(pb::GetMatchTicketResponse {
            ticket: Some(ticket_out(&view)),
        })
    }

    #[tracing::instrument(skip_all, fields(ticket = %request.ticket_id))]
    pub(crate) async fn cancel_quick_match(
        &self,
        request: pb::CancelQuickMatchRequest,
        caller: Caller,
    ) -> Result<pb::CancelQuickMatchResponse, ApiError> {
        let player = signed_in(caller)?;
        self.own_ticket(&request.ticket_id, &player).await?;
        let view = self
            .store
            .matchmaking()
            .cancel(&request.ticket_id, now_ms())
            .await?
            .ok_or_else(|| MatchError::NoSuchTicket(request.ticket_id.clone()))?;
        tracing::info!("ticket cancelled");
        Ok(pb::CancelQuickMatchResponse {
            ticket: Some(ticket_out(&view)),
        })
    }

    pub(crate) async fn watch_match_ticket(
        &self,
        request: pb::WatchMatchTicketRequest,
        caller: Caller,
    ) -> Result<TicketStream, ApiError> {
        let player = signed_in(caller)?;
        let first = ticket_out(&self.own_ticket(&request.ticket_id, &player).await?);
        let (tx, rx) = tokio::sync::mpsc::channel(4);
        let store = self.store.clone();
        let mut shutdown = self.shutdown.clone();
        tokio::spawn(async move {
            let mut last = first;
            let mut last_sent = tokio::time::Instant::now();
            if tx
                .send(Ok(pb::WatchMatchTicketResponse {
                    ticket: Some(last.clone()),
                }))
                .await
                .is_err()
            {
                return;
            }
            while last.state == pb::MatchTicketState::Waiting as i32 {
                tokio::select! {
                    _ = tokio::time::sleep(WATCH_POLL) => {}
                    _ = tx.closed() => return,
                    _ = shutdown.changed() => {
                        let _ = tx.send(Err(Status::unavailable(
                            "server shutting down; watch the ticket again",
                        ))).await;
                        return;
                    }
                }
                let now = match store.matchmaking().ticket(&last.ticket_id, now_ms()).await {
                    Ok(Some(view)) => ticket_out(&view),
                    // Kept a day after it ends: gone means dropped, said as expired.
                    Ok(None) => pb::MatchTicket {
                        state: pb::MatchTicketState::Expired as i32,
                        ..last.clone()
                    },
                    Err(e) => {
                        let _ = tx.send(Err(Status::from(ApiError::from(e)))).await;
                        return;
                    }
                };
                if now != last || last_sent.elapsed() >= WATCH_HEARTBEAT {
                    last = now;
                    last_sent = tokio::time::Instant::now();
                    let item = pb::WatchMatchTicketResponse {
                        ticket: Some(last.clone()),
                    };
                    if tx.send(Ok(item)).await.is_err() {
                        return;
                    }
                }
            }
        });
        Ok(Box::pin(tokio_stream::wrappers::ReceiverStream::new(rx)))
    }
}

/// A quick match needs two players at least; a pool key holds at most 8.
fn check_seats(seats: usize) -> Result<(), FieldViolation> {
    if (2..=8).contains(&seats) {
        Ok(())
    } else {
        Err(FieldViolation::new(
            "players",
            "a quick match is for 2 to 4 players (solo games need no opponent).",
        ))
    }
}

/// A retried StartQuickMatch: its ticket, if it asked for the same options.
fn answer_same(
    view: &TicketView,
    options: &Option<AnyOptions>,
) -> Result<pb::StartQuickMatchResponse, ApiError> {
    if view.ticket.options != *options {
        return Err(super::sessions::request_id_reused());
    }
    tracing::info!("retried ticket answered");
    Ok(pb::StartQuickMatchResponse {
        ticket: Some(ticket_out(view)),
    })
}
