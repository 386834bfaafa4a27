//! A store that delegates every call to another one, except the few a test intercepts:
//! the test writes only its [`Hooks`], not a whole [`SessionStore`] of pass-throughs.

use agora_engine::Seat;
use agora_service::store::{
    Claimed, Commit, CommitResult, DeadLetter, Finish, ListFilter, Loaded, LogEntry, LogStream,
    Notification, OutboxItem, SeatClaim, SessionMeta, SessionStore, StoreError, Summary,
};
use agora_service::table::Table;
use async_trait::async_trait;
use std::sync::Arc;

/// The calls tests intercept; each default passes the call on to `inner`.
#[async_trait]
pub trait Hooks: Send + Sync + 'static {
    async fn load(&self, inner: &dyn SessionStore, id: &str) -> Result<Loaded, StoreError> {
        inner.load(id).await
    }
    async fn claim_seat(
        &self,
        inner: &dyn SessionStore,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        inner.claim_seat(id, claim).await
    }
    async fn commit(
        &self,
        inner: &dyn SessionStore,
        id: &str,
        commit: Commit,
    ) -> Result<CommitResult, StoreError> {
        inner.commit(id, commit).await
    }
    async fn find_request(
        &self,
        inner: &dyn SessionStore,
        id: &str,
        request_id: &str,
    ) -> Result<Option<u64>, StoreError> {
        inner.find_request(id, request_id).await
    }
}

/// `inner` with `hooks` in front of it.
pub struct Intercepted<H> {
    pub inner: Arc<dyn SessionStore>,
    pub hooks: H,
}

impl<H: Hooks> Intercepted<H> {
    pub fn new(inner: Arc<dyn SessionStore>, hooks: H) -> Arc<Intercepted<H>> {
        Arc::new(Intercepted { inner, hooks })
    }
}

#[async_trait]
impl<H: Hooks> SessionStore for Intercepted<H> {
    async fn create(&self, meta: SessionMeta, state: Table) -> Result<(), StoreError> {
        self.inner.create(meta, state).await
    }
    async fn relist(&self, meta: &SessionMeta) -> Result<(), StoreError> {
        self.inner.relist(meta).await
    }
    async fn load(&self, id: &str) -> Result<Loaded, StoreError> {
        self.hooks.load(self.inner.as_ref(), id).await
    }
    async fn claim_seat(
        &self,
        id: &str,
        claim: SeatClaim,
    ) -> Result<(Claimed, SessionMeta), StoreError> {
        self.hooks.claim_seat(self.inner.as_ref(), id, claim).await
    }
    async fn release_seat(
        &self,
        id: &str,
        token_hash: &str,
    ) -> Result<(Option<Seat>, SessionMeta), StoreError> {
        self.inner.release_seat(id, token_hash).await
    }
    async fn commit(&self, id: &str, commit: Commit) -> Result<CommitResult, StoreError> {
        self.hooks.commit(self.inner.as_ref(), id, commit).await
    }
    async fn find_request(&self, id: &str, request_id: &str) -> Result<Option<u64>, StoreError> {
        self.hooks
            .find_request(self.inner.as_ref(), id, request_id)
            .await
    }
    async fn read_log(
        &self,
        id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Arc<LogEntry>>, StoreError> {
        self.inner.read_log(id, after, limit).await
    }
    async fn subscribe(&self, id: &str, after: u64) -> Result<LogStream, StoreError> {
        self.inner.subscribe(id, after).await
    }
    async fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        self.inner.list(filter).await
    }
    async fn player_sessions(
        &self,
        player_id: &str,
        limit: usize,
    ) -> Result<Vec<Summary>, StoreError> {
        self.inner.player_sessions(player_id, limit).await
    }
    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError> {
        self.inner.set_rematch(id, rematch).await
    }
    async fn schedule(&self, id: &str, due_ms: i64) -> Result<(), StoreError> {
        self.inner.schedule(id, due_ms).await
    }
    async fn claim_due(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        self.inner.claim_due(now_ms, lease_ms, limit).await
    }
    async fn reschedule(
        &self,
        id: &str,
        due_ms: i64,
        next: Option<i64>,
    ) -> Result<bool, StoreError> {
        self.inner.reschedule(id, due_ms, next).await
    }
    async fn outbox_put(&self, items: &[Notification]) -> Result<(), StoreError> {
        self.inner.outbox_put(items).await
    }
    async fn outbox_claim(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError> {
        self.inner.outbox_claim(now_ms, lease_ms, limit).await
    }
    async fn outbox_finish(
        &self,
        id: &str,
        lease: i64,
        finish: Finish,
    ) -> Result<bool, StoreError> {
        self.inner.outbox_finish(id, lease, finish).await
    }
    async fn dead_letters(&self, limit: usize) -> Result<Vec<DeadLetter>, StoreError> {
        self.inner.dead_letters(limit).await
    }
    async fn mark_present(&self, id: &str, player_id: &str, ttl_ms: i64) -> Result<(), StoreError> {
        self.inner.mark_present(id, player_id, ttl_ms).await
    }
    async fn is_present(&self, id: &str, player_id: &str) -> Result<bool, StoreError> {
        self.inner.is_present(id, player_id).await
    }
    async fn lock_player(
        &self,
        player_id: &str,
        holder: &str,
        ttl_ms: i64,
    ) -> Result<bool, StoreError> {
        self.inner.lock_player(player_id, holder, ttl_ms).await
    }
    async fn unlock_player(&self, player_id: &str, holder: &str) -> Result<(), StoreError> {
        self.inner.unlock_player(player_id, holder).await
    }
}
