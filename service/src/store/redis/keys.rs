//! Key names: every key of one session carries the `{<session id>}` hash tag (see the
//! layout table in `mod.rs`); the two indexes cannot, and live under the prefix alone.

use super::RedisStore;

/// The session keys, in the order every script takes them.
#[derive(Clone)]
pub struct Keys {
    pub meta: String,
    pub snap: String,
    pub log: String,
    pub req: String,
    pub join: String,
    /// A finished game's log compacted into one record (codec format 3).
    pub logz: String,
    /// The table's chat: a stream, entry id `<sequence>-0`, field `m` = the message.
    pub chat: String,
    /// Chat request key → the sequence it stored.
    pub chatreq: String,
}

impl Keys {
    /// The keys of session `id` under key prefix `prefix` (`--redis-prefix`); public so
    /// tools that measure the store (`agora-load footprint`) name keys the store's way.
    pub fn of_session(prefix: &str, id: &str) -> Keys {
        let p = prefix;
        Keys {
            meta: format!("{p}:{{{id}}}:meta"),
            snap: format!("{p}:{{{id}}}:snap"),
            log: format!("{p}:{{{id}}}:log"),
            req: format!("{p}:{{{id}}}:req"),
            join: format!("{p}:{{{id}}}:join"),
            logz: format!("{p}:{{{id}}}:logz"),
            chat: format!("{p}:{{{id}}}:chat"),
            chatreq: format!("{p}:{{{id}}}:chatreq"),
        }
    }

    /// Each key with its short name, for reports.
    pub fn named(&self) -> [(&'static str, &str); 6] {
        [
            ("meta", &self.meta),
            ("snap", &self.snap),
            ("log", &self.log),
            ("logz", &self.logz),
            ("req", &self.req),
            ("join", &self.join),
        ]
    }
}

impl RedisStore {
    pub(super) fn keys(&self, id: &str) -> Keys {
        Keys::of_session(&self.inner.config.prefix, id)
    }

    /// Sessions with an open seat, scored by creation time.
    pub(super) fn lobby_key(&self) -> String {
        format!("{}:lobby", self.inner.config.prefix)
    }

    /// The sessions a player was bound to a seat of, scored by when (ms). Its own hash
    /// tag (a hash of the player id, so any id makes a valid key).
    pub(super) fn player_key(&self, player_id: &str) -> String {
        format!("{}:sessions", self.player_prefix(player_id))
    }

    /// The lease a player's joins hold while they count its open sessions and claim (see
    /// [`crate::store::Presence::lock_player`]); in the same slot as its index.
    pub(super) fn player_lock_key(&self, player_id: &str) -> String {
        format!("{}:lock", self.player_prefix(player_id))
    }

    fn player_prefix(&self, player_id: &str) -> String {
        use sha2::{Digest, Sha256};
        let tag = hex::encode(&Sha256::digest(player_id.as_bytes())[..16]);
        format!("{}:{{player:{tag}}}", self.inner.config.prefix)
    }

    /// `player`'s set of players it holds in a relation (`mutes`, `blocks`) or that
    /// blocked it (`blockedby`), in the slot of its session index.
    pub(super) fn player_set_key(&self, player_id: &str, set: &str) -> String {
        format!("{}:{set}", self.player_prefix(player_id))
    }

    /// Players' reports: a hash by id and a sorted set by time, in one slot.
    pub(super) fn report_keys(&self) -> (String, String) {
        let p = &self.inner.config.prefix;
        (
            format!("{p}:{{reports}}:items"),
            format!("{p}:{{reports}}:time"),
        )
    }

    /// Every session, scored by creation time.
    pub(super) fn all_key(&self) -> String {
        format!("{}:sessions", self.inner.config.prefix)
    }
}
