//! A store that delegates every call to another one, except the few a test intercepts:
//! the test writes only its [`Hooks`], and only the sessions role is wrapped; every other
//! role is the inner store's own.

use agora_engine::Seat;
use agora_service::store::{
    Claimed, Commit, CommitResult, Loaded, Lobby, LogEntry, LogStream, Matchmaking, Outbox,
    Presence, Readable, SeatClaim, SessionMeta, Sessions, Store, StoreError, Timers, Work,
};
use agora_service::table::Table;
use async_trait::async_trait;
use std::sync::Arc;

/// The calls tests intercept; each default passes the call on to `inner`.
#[async_trait]
pub trait Hooks: Send + Sync + 'static {
    async fn load(&self, inner: &dyn Sessions, id: &str) -> Result<Loaded, StoreError> {
        inner.load(id).await
    }
    async fn claim_seat(
        &self,
        inner: &dyn Sessions,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        inner.claim_seat(id, claim).await
    }
    async fn commit(
        &self,
        inner: &dyn Sessions,
        id: &str,
        commit: Commit,
    ) -> Result<CommitResult, StoreError> {
        inner.commit(id, commit).await
    }
    async fn find_request(
        &self,
        inner: &dyn Sessions,
        id: &str,
        request_id: &str,
    ) -> Result<Option<u64>, StoreError> {
        inner.find_request(id, request_id).await
    }
}

/// `inner` with `hooks` in front of its sessions.
pub struct Intercepted<H> {
    pub inner: Arc<dyn Store>,
    pub hooks: H,
}

impl<H: Hooks> Intercepted<H> {
    pub fn new(inner: Arc<dyn Store>, hooks: H) -> Arc<Intercepted<H>> {
        Arc::new(Intercepted { inner, hooks })
    }
}

impl<H: Hooks> Store for Intercepted<H> {
    fn sessions(&self) -> &dyn Sessions {
        self
    }
    fn lobby(&self) -> &dyn Lobby {
        self.inner.lobby()
    }
    fn timers(&self) -> &dyn Timers {
        self.inner.timers()
    }
    fn outbox(&self) -> &dyn Outbox {
        self.inner.outbox()
    }
    fn presence(&self) -> &dyn Presence {
        self.inner.presence()
    }
    fn work(&self) -> &dyn Work {
        self.inner.work()
    }
    fn chat(&self) -> &dyn agora_service::store::Chat {
        self.inner.chat()
    }
    fn moderation(&self) -> &dyn agora_service::store::Moderation {
        self.inner.moderation()
    }
    fn matchmaking(&self) -> &dyn Matchmaking {
        self.inner.matchmaking()
    }
    fn ratings(&self) -> &dyn agora_service::store::Ratings {
        self.inner.ratings()
    }
    fn ping(&self) -> futures::future::BoxFuture<'_, Result<(), StoreError>> {
        self.inner.ping()
    }
}

#[async_trait]
impl<H: Hooks> Sessions for Intercepted<H> {
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError> {
        self.inner.sessions().create(meta, state).await
    }
    async fn load(&self, id: &str) -> Result<Loaded, StoreError> {
        self.hooks.load(self.inner.sessions(), id).await
    }
    /// Reads go through the `load` hook too; a pinned session is the inner store's.
    async fn read(&self, id: &str) -> Result<Readable, StoreError> {
        match self.hooks.load(self.inner.sessions(), id).await {
            Ok(loaded) => Ok(Readable::Playable(loaded)),
            Err(StoreError::Pinned { .. }) => self.inner.sessions().read(id).await,
            Err(e) => Err(e),
        }
    }
    async fn replace_snapshot(
        &self,
        id: &str,
        version: u64,
        state: &Table,
    ) -> Result<bool, StoreError> {
        self.inner
            .sessions()
            .replace_snapshot(id, version, state)
            .await
    }
    async fn claim_seat(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        self.hooks
            .claim_seat(self.inner.sessions(), id, claim)
            .await
    }
    async fn release_seat(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError> {
        self.inner.sessions().release_seat(id, token_hash).await
    }
    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError> {
        self.hooks.commit(self.inner.sessions(), id, commit).await
    }
    async fn find_request(&self, id: &str, request_id: &str) -> Result<Option<u64>, StoreError> {
        self.hooks
            .find_request(self.inner.sessions(), id, request_id)
            .await
    }
    async fn lifetime(&self, id: &str) -> Result<agora_service::store::Lifetime, StoreError> {
        self.inner.sessions().lifetime(id).await
    }
    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        self.inner.sessions().read_log(id, after, limit).await
    }
    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError> {
        self.inner.sessions().subscribe(id, after).await
    }
}
