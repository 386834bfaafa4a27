//! RematchSession: the same game again, with the same players one seat further on.
//!
//! The new session's id is derived from the finished one's, so players asking at once, on
//! any replicas, make one session (the store's atomic "already exists" decides), and the
//! finished session records it once ([`crate::store::Lobby::set_rematch`]).

use super::errors::ApiError;
use super::sessions::describe;
use super::{request_ids, GameApi};
use crate::auth;
use crate::clock::Clocks;
use crate::store::{now_ms, Loaded, SessionMeta, StoreError};
use crate::table::{Control, Table};
use agora_engine::registry::AnyState;
use agora_engine::{RuleError, Seat};
use agora_proto::v1 as pb;

impl GameApi {
    #[tracing::instrument(skip_all, fields(session = %request.session_id))]
    pub(crate) async fn rematch(
        &self,
        request: pb::RematchSessionRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::RematchSessionResponse, ApiError> {
        let old = self.load(&request.session_id).await?;
        let seat = auth::require_seat(&old.meta, &caller)?;
        if !old.state.is_over() {
            return Err(RuleError::new(
                "GAME_IN_PROGRESS",
                "A rematch starts once the game is over.",
            )
            .into());
        }
        let id = match &old.meta.rematch {
            Some(id) => id.clone(),
            None => self.create_rematch(&old, seat).await?,
        };
        let new = self.store.sessions().load(&id).await?;
        Ok(pb::RematchSessionResponse {
            session: Some(describe(&new)),
        })
    }

    /// Creates the rematch of finished session `old` (or finds the one a racing call
    /// made), records it on `old`, and returns its id. `asker` is the caller's seat in `old`.
    async fn create_rematch(&self, old: &Loaded, asker: Seat) -> Result<String, ApiError> {
        let id = request_ids::session_id(&format!("rematch-of:{}", old.meta.id));
        let seats = old.meta.seats.len();
        let seed = rand::random();
        let mut state = AnyState::setup(&old.meta.options, seed)
            .map(Table::new)
            .map_err(|e| {
                StoreError::Corrupt(format!("the finished session no longer sets up: {e}"))
            })?;
        // Seat i of the finished game plays seat i + 1.
        let mut rotated = old.meta.seats.clone();
        rotated.rotate_right(1);
        for (i, seat) in rotated.iter().enumerate() {
            if let Some(kind) = seat.held_by_bot() {
                state.seats[i] = Control::Bot(kind);
            }
        }
        let time_control = old.meta.time_control;
        state.clocks = time_control.map(|c| Clocks::new(c, seats));
        let now = now_ms();
        let meta = SessionMeta {
            started_ms: Some(now),
            time_control,
            allow_multiple_seats_per_player: old.meta.allow_multiple_seats_per_player,
            invited_player_ids: old.meta.invited_player_ids.clone(),
            spectators_may_chat: old.meta.spectators_may_chat,
            rated: old.meta.rated,
            ..SessionMeta::new(id.clone(), old.meta.options.clone(), seed, rotated, now)
        };
        // As CreateSession does, the server's mark (a bot's first turn, a clock) and the
        // first turn's notifications go in before the create, so a replica dying after it
        // loses neither; a racing asker writes the same ones.
        let mut table = state.clone();
        table.settle_clocks(meta.started_ms);
        let mark = self.mark_server_work(&id, &table, now).await?;
        let starter = Seat(((usize::from(asker.0) + 1) % seats) as u8);
        self.notify_start(&meta, &table, 0, starter, now).await?;
        self.put_expiry_job(&id, now).await?;
        match self.store.sessions().create(meta, state).await {
            Ok(()) => {
                tracing::info!(rematch = %id, "rematch created");
                if let (Some(mark), Some(_)) = (mark, table.bot_to_act()) {
                    self.drive_bots(&id, mark);
                }
            }
            // Another player asked at the same moment: theirs is the rematch.
            Err(StoreError::AlreadyExists(_)) => {}
            Err(e) => return Err(e.into()),
        }
        Ok(self.store.lobby().set_rematch(&old.meta.id, &id).await?)
    }
}
