//! The lobby calls: create, describe, list, join and leave sessions.

use super::errors::ApiError;
use super::request_ids;
use super::{check_session_id, convert, GameApi, MAX_NAME_LEN};
use crate::auth;
use crate::clock::Clocks;
use crate::identity::Caller;
use crate::store::{
    now_ms, Claimed, JoinRecord, ListFilter, Loaded, Readable, SeatClaim, SeatRecord, SessionMeta,
    StoreError,
};
use crate::table::{Control, Table};
use agora_engine::registry::AnyState;
use agora_engine::{FieldViolation, Seat};
use agora_proto::v1 as pb;
use tracing::Span;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 500;
/// Most players a private session invites.
const MAX_INVITED: usize = 64;

/// The public description of a loaded session.
pub(crate) fn describe(loaded: &Loaded) -> pb::Session {
    let to_act: Vec<_> = loaded.state.to_act().iter().collect();
    convert::session_out(
        &loaded.meta,
        loaded.version,
        &to_act,
        loaded.state.outcome().as_ref(),
        &loaded.state.seats,
        &loaded
            .state
            .clocks_at(loaded.meta.started_ms, crate::store::now_ms()),
    )
}

impl GameApi {
    /// Sets the game up and stores it. With a request id the session id comes from the id,
    /// so a retry finds the session its first attempt stored (on any replica) and answers
    /// it; the store's atomic "already exists" check keeps racing retries to one session.
    #[tracing::instrument(skip_all, fields(session, game))]
    pub(crate) async fn create(
        &self,
        request: pb::CreateSessionRequest,
        caller: Caller,
    ) -> Result<pb::CreateSessionResponse, ApiError> {
        let request_id = request_ids::parse(&request.request_id)?;
        let options = convert::options_in(request.options.as_ref())?;
        let retry = request_id.map(|rid| {
            let fingerprint =
                request_ids::fingerprint(&request, |r: &mut pb::CreateSessionRequest| {
                    r.request_id.clear()
                });
            (
                request_ids::session_id(rid),
                request_ids::bound(fingerprint, &caller),
            )
        });
        if let Some((id, fingerprint)) = &retry {
            if let Some(answer) = self.created_before(id, fingerprint).await? {
                return Ok(answer);
            }
        }
        let seed = request.seed.unwrap_or_else(rand::random);
        let mut state = AnyState::setup(&options, seed)
            .map(Table::new)
            .map_err(|e| FieldViolation::new("options", e.to_string()))?;
        let time_control = request
            .time_control
            .as_ref()
            .map(convert::time_control_in)
            .transpose()?;
        state.clocks = time_control.map(|c| Clocks::new(c, state.seat_count()));
        let mut seats = vec![SeatRecord::default(); state.seat_count()];
        for (i, bot) in request.bots.iter().enumerate() {
            let kind = convert::bot_in(
                bot.kind,
                bot.strength.as_ref(),
                &format!("bots[{i}].kind"),
                &format!("bots[{i}].strength"),
            )?;
            let seat = seats.get_mut(bot.seat as usize).ok_or_else(|| {
                FieldViolation::new(
                    format!("bots[{i}].seat"),
                    format!("the game has {} seats.", state.seat_count()),
                )
            })?;
            if seat.taken() {
                return Err(FieldViolation::new(
                    format!("bots[{i}].seat"),
                    format!("seat {} is named twice.", bot.seat),
                )
                .into());
            }
            *seat = SeatRecord::bot(kind);
            state.seats[bot.seat as usize] = Control::Bot(kind);
        }
        if request.invited_player_ids.len() > MAX_INVITED {
            return Err(FieldViolation::new(
                "invited_player_ids",
                format!("at most {MAX_INVITED} players."),
            )
            .into());
        }
        for (i, player) in request.invited_player_ids.iter().enumerate() {
            if player.is_empty() || player.len() > crate::identity::MAX_PLAYER_ID_LEN {
                return Err(FieldViolation::new(
                    format!("invited_player_ids[{i}]"),
                    format!(
                        "a player id (a token's `sub`) of 1 to {} bytes.",
                        crate::identity::MAX_PLAYER_ID_LEN
                    ),
                )
                .into());
            }
        }
        self.check_chosen_seed(&request, seats.len())?;
        let (id, create_fingerprint) = match retry {
            Some((id, fingerprint)) => (id, Some(fingerprint)),
            None => (uuid::Uuid::new_v4().to_string(), None),
        };
        Span::current().record("session", id.as_str());
        Span::current().record("game", options.game_id());
        let mut meta = SessionMeta {
            create_fingerprint,
            time_control,
            allow_multiple_seats_per_player: request.allow_multiple_seats_per_player,
            invited_player_ids: request.invited_player_ids.clone(),
            spectators_may_chat: request.spectators_may_chat,
            seed_chosen: request.seed.is_some(),
            rated: !request.unrated
                && request.seed.is_none()
                && request.bots.is_empty()
                && crate::ratings::pools::pool_of(&options).is_some(),
            ..SessionMeta::new(id.clone(), options, seed, seats, now_ms())
        };
        if meta.all_seats_taken() {
            meta.started_ms = Some(meta.create_time_unix_ms);
        }
        // A session with bots or clocks is marked before it exists, so that its first turn
        // for the server is never lost (see `bots.rs`): at once when bots start it, else
        // as a poll while it waits for players. A mark whose session was never stored
        // clears itself at its first sweep.
        let bot_mark = if !request.bots.is_empty() || time_control.is_some() {
            Some(self.mark_bot_turn(&id).await?)
        } else {
            None
        };
        // Invited players are told: written before the create so that a replica dying
        // after it loses nothing (the worker waits for the session to appear, and drops
        // the invitations of one that never does).
        if let Some(notifier) = &self.notifier {
            notifier
                .invited(self.store.as_ref(), &meta, 0, &meta.invited_player_ids)
                .await?;
        }
        self.put_expiry_job(&id, meta.create_time_unix_ms).await?;
        match self
            .store
            .sessions()
            .create(meta.clone(), state.clone())
            .await
        {
            Ok(()) => {}
            // A retry racing its first attempt on another replica: that one stored it.
            Err(StoreError::AlreadyExists(_)) if meta.create_fingerprint.is_some() => {
                let fingerprint = meta.create_fingerprint.as_deref().unwrap_or_default();
                if let Some(answer) = self.created_before(&id, fingerprint).await? {
                    return Ok(answer);
                }
                // It vanished in between (expired at that very moment): a transient state
                // a retry resolves, not a conflict for the caller to fix.
                return Err(StoreError::Unavailable(format!(
                    "session {id} was being created and removed at once; retry"
                ))
                .into());
            }
            Err(e) => return Err(e.into()),
        }
        fail::fail_point!("create-stored", |_| crate::failpoints::crash(
            "create-stored"
        ));
        tracing::info!("session created");
        if let Some(mark) = bot_mark {
            self.drive_bots(&id, mark);
        }
        let loaded = Loaded {
            meta,
            version: 0,
            state,
        };
        Ok(pb::CreateSessionResponse {
            session: Some(describe(&loaded)),
        })
    }

    /// A chosen seed fixes every hidden card, so between people it is refused unless the
    /// creator asked for an unrated session (whose `seed_chosen` every player sees) or the
    /// operator allows it. Bot seats do not count: a bot cannot be cheated.
    fn check_chosen_seed(
        &self,
        request: &pb::CreateSessionRequest,
        seats: usize,
    ) -> Result<(), ApiError> {
        let people = seats.saturating_sub(request.bots.len());
        if request.seed.is_none() || people <= 1 || request.unrated || self.allow_chosen_seeds {
            return Ok(());
        }
        Err(FieldViolation::new(
            "seed",
            format!(
                "a chosen seed fixes every hidden card, so it is refused for a session with \
                 {people} seats left to people: leave it unset, or set `unrated` (every player \
                 then sees `seed_chosen`)."
            ),
        )
        .into())
    }

    /// The answer to a CreateSession retried with the request id that created session
    /// `id`: the session as it is now (seats may have been taken since). `None` when no
    /// such session exists (the first attempt never stored it, or it expired).
    async fn created_before(
        &self,
        id: &str,
        fingerprint: &str,
    ) -> Result<Option<pb::CreateSessionResponse>, ApiError> {
        let loaded = match self.store.sessions().load(id).await {
            Ok(loaded) => loaded,
            Err(StoreError::NotFound(_)) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        // A session created without a request id has no fingerprint: another request.
        let stored = loaded
            .meta
            .create_fingerprint
            .as_deref()
            .unwrap_or_default();
        match request_ids::compare(stored, fingerprint) {
            request_ids::Replay::Same if !stored.is_empty() => {}
            request_ids::Replay::OtherCaller => return Err(ApiError::RequestIdOfAnotherCaller),
            _ => return Err(request_id_reused()),
        }
        Span::current().record("session", id);
        Span::current().record("game", loaded.meta.game_id.as_str());
        // The first attempt may have died before listing it.
        self.store.lobby().relist(&loaded.meta).await?;
        tracing::info!("retried create answered with the session it made");
        Ok(Some(pb::CreateSessionResponse {
            session: Some(describe(&loaded)),
        }))
    }

    #[tracing::instrument(skip_all, fields(session = %request.session_id))]
    pub(crate) async fn get(
        &self,
        request: pb::GetSessionRequest,
    ) -> Result<pb::GetSessionResponse, ApiError> {
        let (readable, archived) = self.read_with_log(&request.session_id).await?;
        let session = match readable {
            Readable::Playable(loaded) => {
                let mut session = describe(&loaded);
                if archived.is_some() {
                    convert::ended_unfinished(&mut session, &loaded.meta);
                }
                session
            }
            Readable::Pinned(pinned) => convert::pinned_session_out(&pinned),
        };
        Ok(pb::GetSessionResponse {
            session: Some(session),
        })
    }

    #[tracing::instrument(skip_all)]
    pub(crate) async fn list(
        &self,
        request: pb::ListSessionsRequest,
    ) -> Result<pb::ListSessionsResponse, ApiError> {
        let limit = match request.page_size as usize {
            0 => DEFAULT_PAGE,
            n => n.min(MAX_PAGE),
        };
        let filter = ListFilter {
            game_id: (!request.game_id.is_empty()).then_some(request.game_id),
            include_full: request.include_full,
            limit,
        };
        let rows = self.store.lobby().list(&filter).await?;
        let sessions = rows
            .iter()
            .map(|r| {
                convert::session_out(&r.meta, r.version, &r.to_act, r.outcome.as_ref(), &[], &[])
            })
            .collect();
        Ok(pb::ListSessionsResponse { sessions })
    }

    /// Takes a seat. With a request id the token is derived from the id and a salt the
    /// store keeps with the claim, so a retry gets the same seat and the same token.
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat))]
    pub(crate) async fn join(
        &self,
        request: pb::JoinSessionRequest,
        caller: Caller,
    ) -> Result<pb::JoinSessionResponse, ApiError> {
        check_session_id(&request.session_id)?;
        let request_id = request_ids::parse(&request.request_id)?;
        let binding_caller = caller.clone();
        let player = match caller {
            Caller::Player(player) => Some(player),
            _ => None,
        };
        // Invitations and the seat rule are fixed at creation: read before claiming.
        let before = self.load(&request.session_id).await?;
        if before.meta.private()
            && !player
                .as_ref()
                .is_some_and(|p| before.meta.invited_player_ids.contains(&p.id))
        {
            return Err(ApiError::NotInvited);
        }
        // Nobody sits with a player they blocked or who blocked them (said without who).
        if let Some(player) = &player {
            let seated: Vec<&str> = before
                .meta
                .seats
                .iter()
                .filter_map(|s| s.player_id.as_deref())
                .collect();
            if crate::store::moderation::blocked_among(self.store.as_ref(), &player.id, &seated)
                .await?
            {
                return Err(ApiError::PlayerBlocked);
            }
        }
        // A signed-in player's name comes from its token when the request has none.
        let name = match (request.player_name.trim(), &player) {
            ("", Some(player)) => player.name.as_deref().unwrap_or_default(),
            (name, _) => name,
        };
        if name.chars().count() > MAX_NAME_LEN {
            return Err(FieldViolation::new(
                "player_name",
                format!("at most {MAX_NAME_LEN} characters."),
            )
            .into());
        }
        let id = request.session_id.as_str();
        let (token, retry) = match request_id {
            Some(rid) => {
                let salt = request_ids::new_salt();
                let token = auth::derived_token(rid, id, &salt);
                let record = JoinRecord {
                    key: request_ids::join_key(rid),
                    fingerprint: request_ids::bound(
                        request_ids::fingerprint(&request, |r: &mut pb::JoinSessionRequest| {
                            r.request_id.clear()
                        }),
                        &binding_caller,
                    ),
                    salt,
                    seat: Seat(0),
                };
                (token, Some(record))
            }
            None => (auth::new_token(), None),
        };
        let claim = SeatClaim {
            seat: request.seat,
            player_name: name.to_string(),
            token_hash: auth::hash_token(&token),
            retry: retry.clone(),
            player_id: player.as_ref().map(|p| p.id.clone()),
            allow_multiple: before.meta.allow_multiple_seats_per_player,
        };
        // The open-session limit is counted and the seat claimed under the player's lease,
        // so that joins racing on several replicas cannot both pass the limit.
        let lease = self.lease_joins(player.as_ref(), &before.meta).await?;
        let claimed = async {
            if let Some(player) = &player {
                self.check_open_sessions(player, &before.meta).await?;
            }
            // When this claim is expected to start the game, the first turn's notifications go
            // to the outbox before it, so a replica dying between the claim and its answer
            // loses none; until the game has started they wait (see `notify::verdict`).
            if let Some(last) =
                last_open_seat(&before.meta, request.seat, claim.player_id.as_deref())
            {
                let mut table = before.state.clone();
                let now = crate::store::now_ms();
                table.settle_clocks(Some(now));
                self.notify_start(&before.meta, &table, before.version, last, now)
                    .await?;
            }
            self.claim_loop(id, &request, &claim, request_id, retry.as_ref(), token)
                .await
        }
        .await;
        if let (Some(holder), Some(player)) = (lease, &player) {
            if let Err(e) = self
                .store
                .presence()
                .unlock_player(&player.id, &holder)
                .await
            {
                // Its TTL frees it: the player's next join waits at most that long.
                tracing::warn!(error = %e, "cannot give back the player's join lease");
            }
        }
        let (seat, token) = claimed?;
        Span::current().record("seat", seat.0);
        fail::fail_point!("join-stored", |_| crate::failpoints::crash("join-stored"));
        tracing::info!("seat taken");
        let loaded = self.store.sessions().load(id).await?;
        // The last seat taken starts the game: maybe on a bot's turn, maybe a clock.
        if loaded.meta.all_seats_taken() {
            let mut table = loaded.state.clone();
            table.settle_clocks(loaded.meta.started_ms);
            let now = crate::store::now_ms();
            // Written before the claim when it was expected to start the game; again here
            // (the same ids, kept once) for a start nobody expected (a seat left and was
            // taken again meanwhile).
            self.notify_start(&loaded.meta, &table, loaded.version, seat, now)
                .await?;
            if let Some(mark) = self.mark_server_work(id, &table, now).await? {
                if table.bot_to_act().is_some() {
                    self.drive_bots(id, mark);
                }
            }
        }
        Ok(pb::JoinSessionResponse {
            seat: seat.0.into(),
            seat_token: token,
            session: Some(describe(&loaded)),
        })
    }
}

impl GameApi {
    /// Gives the caller's seat back before the game starts. Idempotent rather than keyed
    /// by a request id: the call promises that afterwards the token holds no seat of the
    /// session, so a token that holds none (it left before, or it is another session's;
    /// the store keeps no trace of either to tell them apart) is answered OK and changes
    /// nothing. The store frees the seat and forgets the join records pointing at it in
    /// one atomic step, so a racing join either takes the seat after it is free or not
    /// at all.
    #[tracing::instrument(skip_all, fields(session = %request.session_id, seat))]
    pub(crate) async fn leave(
        &self,
        request: pb::LeaveSessionRequest,
        caller: crate::identity::Caller,
    ) -> Result<pb::LeaveSessionResponse, ApiError> {
        check_session_id(&request.session_id)?;
        let id = request.session_id.as_str();
        let token = match caller {
            Caller::Anonymous => return Err(auth::AuthError::Required.into()),
            Caller::Seat(token) => Some(token),
            // A player gives back the seat it holds, found by its id: the seat's token
            // hash names it to the store.
            Caller::Player(player) => {
                let loaded = self.load(id).await?;
                auth::players_seats(&loaded.meta, &player.id)
                    .first()
                    .and_then(|seat| loaded.meta.seats.get(seat.0 as usize))
                    .and_then(|record| record.token_hash.clone())
            }
        };
        let freed = match token {
            Some(token) => self.store.sessions().release_seat(id, &token).await?.0,
            None => None,
        };
        match freed {
            Some(seat) => {
                Span::current().record("seat", seat.0);
                // This replica's cached meta still seats the token. It could not act on it
                // (a cached session with an open seat is always reloaded before a move),
                // but nothing should read a seat that is gone.
                self.cache.forget(id);
                tracing::info!("seat given back");
            }
            None => tracing::debug!("the token holds no seat; nothing to give back"),
        }
        let loaded = self.store.sessions().load(id).await?;
        Ok(pb::LeaveSessionResponse {
            session: Some(describe(&loaded)),
        })
    }
}

impl GameApi {
    /// `--max-open-sessions-per-player`: a player about to take a seat in `meta`'s
    /// session (where it holds none yet) may hold seats in at most that many sessions
    /// that are not finished. Read from the player's index, not atomically with the
    /// claim: joins racing on several replicas may pass the limit by a few.
    /// Claims the seat `claim` asks for; a retry key's claim is answered with the seat and
    /// token it took before. `token` is the token of a fresh claim.
    async fn claim_loop(
        &self,
        id: &str,
        request: &pb::JoinSessionRequest,
        claim: &SeatClaim,
        request_id: Option<&str>,
        retry: Option<&JoinRecord>,
        token: String,
    ) -> Result<(Seat, String), ApiError> {
        // A retry's record is read in one step and the seat it names in another (Redis
        // reads the meta after the script): a LeaveSession in between frees that seat and
        // drops the record, so the seat no longer holds the token. Claiming once more then
        // takes a fresh seat, as a retry after the leave would; a second mismatch is not
        // a race but damaged data.
        let mut attempts = 0;
        loop {
            attempts += 1;
            match self.store.sessions().claim_seat(id, claim.clone()).await? {
                (Claimed::Taken(seat), _) => return Ok((seat, token)),
                // The player holds a seat already: that one is its answer (its token
                // acts for it, so no seat token is given again).
                (Claimed::Held(seat), _) => {
                    if request
                        .seat
                        .is_some_and(|wanted| wanted != u32::from(seat.0))
                    {
                        return Err(ApiError::AlreadySeated { seat: seat.0 });
                    }
                    tracing::info!("the player's join answered with the seat it holds");
                    return Ok((seat, String::new()));
                }
                (Claimed::Before(before), meta) => {
                    let (Some(rid), Some(retry)) = (request_id, &retry) else {
                        return Err(StoreError::Corrupt("a claim without retry key".into()).into());
                    };
                    match request_ids::compare(&before.fingerprint, &retry.fingerprint) {
                        request_ids::Replay::Same => {}
                        request_ids::Replay::OtherRequest => return Err(request_id_reused()),
                        request_ids::Replay::OtherCaller => {
                            return Err(ApiError::RequestIdOfAnotherCaller)
                        }
                    }
                    let token = auth::derived_token(rid, id, &before.salt);
                    if meta.seat_of(&auth::hash_token(&token)) == Some(before.seat) {
                        tracing::info!("retried join answered with its seat");
                        return Ok((before.seat, token));
                    }
                    if attempts >= 2 {
                        return Err(StoreError::Corrupt(format!(
                            "the join recorded for seat {} does not hold its token",
                            before.seat.0
                        ))
                        .into());
                    }
                    tracing::debug!("the recorded seat was given back meanwhile; claiming again");
                }
            }
        }
    }

    /// Takes `player`'s join lease when the open-session limit applies to this join (the
    /// player is not seated in the session yet); `None` when it does not. Waits a little
    /// for a lease held by another of the player's joins.
    async fn lease_joins(
        &self,
        player: Option<&crate::identity::Player>,
        meta: &SessionMeta,
    ) -> Result<Option<String>, ApiError> {
        let Some(player) = player else {
            return Ok(None);
        };
        if self.player_limits.max_open_sessions == 0 || meta.seat_of_player(&player.id).is_some() {
            return Ok(None);
        }
        let holder = uuid::Uuid::new_v4().to_string();
        for _ in 0..JOIN_LEASE_TRIES {
            if self
                .store
                .presence()
                .lock_player(&player.id, &holder, JOIN_LEASE_TTL_MS)
                .await?
            {
                return Ok(Some(holder));
            }
            tokio::time::sleep(JOIN_LEASE_STEP).await;
        }
        Err(StoreError::Unavailable(
            "another join of this player is in progress; retry in a moment".into(),
        )
        .into())
    }

    /// Puts the notifications of a game starting on `table` at `version` in the outbox:
    /// every player to act is told, but `starter`, the seat whose claim starts it.
    pub(super) async fn notify_start(
        &self,
        meta: &SessionMeta,
        table: &crate::table::Table,
        version: u64,
        starter: Seat,
        now: i64,
    ) -> Result<(), ApiError> {
        let to_act: Vec<Seat> = table.to_act().iter().collect();
        self.notify(&crate::notify::Change {
            meta,
            table,
            version,
            before: &[],
            to_act: &to_act,
            outcome: None,
            clocks: &table.clocks_at(None, now),
            caller: Some(starter),
            now,
        })
        .await?;
        Ok(())
    }

    async fn check_open_sessions(
        &self,
        player: &crate::identity::Player,
        meta: &SessionMeta,
    ) -> Result<(), ApiError> {
        let max = self.player_limits.max_open_sessions;
        if max == 0 || meta.seat_of_player(&player.id).is_some() {
            return Ok(());
        }
        let open = self
            .store
            .lobby()
            .player_sessions(&player.id, super::players::MAX_PLAYER_SESSIONS)
            .await?
            .iter()
            .filter(|row| row.outcome.is_none() && row.meta.id != meta.id)
            .count();
        if open >= max {
            return Err(crate::limits::LimitReached::PlayerSessions { max }.into());
        }
        Ok(())
    }
}

/// How long a player's join lease lasts when its holder dies, and how a join waits for one
/// another join holds (40 tries of 50 ms: 2 s, far longer than a join takes).
const JOIN_LEASE_TTL_MS: i64 = 5_000;
const JOIN_LEASE_TRIES: usize = 40;
const JOIN_LEASE_STEP: std::time::Duration = std::time::Duration::from_millis(50);

/// The seat a claim for `wanted` (the lowest open one when `None`) by `player` takes when
/// it is the last open seat, so that the claim starts the game; `None` otherwise (more
/// seats open, the wanted one taken, or the player seated already, whose join answers
/// with the seat it holds).
fn last_open_seat(meta: &SessionMeta, wanted: Option<u32>, player: Option<&str>) -> Option<Seat> {
    let seated = player.is_some_and(|p| meta.seat_of_player(p).is_some());
    if meta.open_seats() != 1 || (seated && !meta.allow_multiple_seats_per_player) {
        return None;
    }
    let open = meta.seats.iter().position(|s| !s.taken())?;
    match wanted {
        Some(w) if w as usize != open => None,
        _ => Some(Seat(u8::try_from(open).ok()?)),
    }
}

/// A request id sent again with a different request.
pub(super) fn request_id_reused() -> ApiError {
    FieldViolation::new(
        "request_id",
        "was already used with a different request; a new request needs a fresh id.",
    )
    .into()
}
