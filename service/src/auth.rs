//! Seat tokens: 32 random bytes, shown once to the player who joins, stored only as a
//! SHA-256 hash, and presented on later calls as `authorization: Bearer <token>`. A join
//! with a request id gets a token derived from that id instead, so that its retry can
//! answer the same token without the token being stored anywhere.

pub use crate::identity::{Caller, Player};
use crate::store::{SessionMeta, TokenHash};
use agora_engine::{Seat, Viewer};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use tonic::metadata::MetadataMap;

/// Why a caller is not let in; `api::errors` says it to the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthError {
    /// The authorization header is not text.
    Unreadable,
    /// The authorization header is not `Bearer <token>`.
    NotBearer,
    /// The call acts for a seat and no token was sent.
    Required,
    /// The token is not one of this session's seats.
    NotASeat,
    /// The signed-in player holds no seat of this session.
    NotPlayersSeat,
    /// The call needs a signed-in player (a JWT), and none was sent.
    PlayerRequired,
}

/// A fresh secret seat token (64 hex characters).
pub fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// The token of a join with `request_id`: HMAC-SHA256 keyed by the request id over the
/// session id and a random `salt` the store keeps. Without the request id (which only
/// the caller holds) the stored salt and hash do not give the token back.
pub fn derived_token(request_id: &str, session_id: &str, salt: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(request_id.as_bytes())
        .expect("HMAC takes a key of any length");
    for part in ["agora.v1 seat token", session_id, salt] {
        mac.update(&(part.len() as u64).to_be_bytes());
        mac.update(part.as_bytes());
    }
    hex::encode(mac.finalize().into_bytes())
}

pub fn hash_token(token: &str) -> TokenHash {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The hash of the bearer token in `metadata`, if the caller sent one.
pub fn bearer(metadata: &MetadataMap) -> Result<Option<TokenHash>, AuthError> {
    Ok(bearer_value(metadata)?.map(hash_token))
}

/// The bearer value in `metadata` as sent (a seat token or a JWT), if any.
pub fn bearer_value(metadata: &MetadataMap) -> Result<Option<&str>, AuthError> {
    let Some(value) = metadata.get("authorization") else {
        return Ok(None);
    };
    let value = value.to_str().map_err(|_| AuthError::Unreadable)?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(AuthError::NotBearer)?;
    Ok(Some(token))
}

/// Who is looking: the token's seat, the signed-in player's seat (a spectator when it
/// holds none: anyone may watch), or a spectator without a token. A seat token that is
/// not one of this session's seats is refused rather than silently downgraded.
pub fn viewer(meta: &SessionMeta, caller: &Caller) -> Result<Viewer, AuthError> {
    match caller {
        Caller::Anonymous => Ok(Viewer::Spectator),
        Caller::Seat(hash) => seat_of(meta, hash).map(Viewer::Seat),
        Caller::Player(player) => Ok(players_seats(meta, &player.id)
            .first()
            .map_or(Viewer::Spectator, |s| Viewer::Seat(*s))),
    }
}

/// The caller's seat, for calls that act for a seat (a player holding several: its
/// lowest).
pub fn require_seat(meta: &SessionMeta, caller: &Caller) -> Result<Seat, AuthError> {
    acting_seat(meta, caller, &[])
}

/// The seat a call acts for: a player holding several acts for the lowest of them that
/// must decide now (in `to_act`), else for its lowest.
pub fn acting_seat(
    meta: &SessionMeta,
    caller: &Caller,
    to_act: &[Seat],
) -> Result<Seat, AuthError> {
    match caller {
        Caller::Anonymous => Err(AuthError::Required),
        Caller::Seat(hash) => seat_of(meta, hash),
        Caller::Player(player) => {
            let seats = players_seats(meta, &player.id);
            seats
                .iter()
                .find(|s| to_act.contains(s))
                .or(seats.first())
                .copied()
                .ok_or(AuthError::NotPlayersSeat)
        }
    }
}

/// The seats `player_id` holds, lowest first.
pub fn players_seats(meta: &SessionMeta, player_id: &str) -> Vec<Seat> {
    meta.seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.player_id.as_deref() == Some(player_id))
        .map(|(i, _)| Seat(i as u8))
        .collect()
}

fn seat_of(meta: &SessionMeta, hash: &TokenHash) -> Result<Seat, AuthError> {
    meta.seat_of(hash).ok_or(AuthError::NotASeat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), a);
    }

    #[test]
    fn derived_tokens_need_the_request_id() {
        let token = derived_token("rid-1", "s", "salt");
        assert_eq!(token, derived_token("rid-1", "s", "salt"));
        assert_eq!(token.len(), 64);
        assert_ne!(token, derived_token("rid-2", "s", "salt"));
        assert_ne!(token, derived_token("rid-1", "t", "salt"));
        assert_ne!(token, derived_token("rid-1", "s", "salt2"));
    }

    #[test]
    fn bearer_parses_and_refuses_other_schemes() {
        let mut md = MetadataMap::new();
        assert_eq!(bearer(&md).unwrap(), None);
        md.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&md).unwrap(), Some(hash_token("abc")));
        md.insert("authorization", "Basic abc".parse().unwrap());
        assert_eq!(bearer(&md), Err(AuthError::NotBearer));
    }
}
