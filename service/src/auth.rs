//! Seat tokens: 32 random bytes, shown once to the player who joins, stored only as a
//! SHA-256 hash, and presented on later calls as `authorization: Bearer <token>`. A join
//! with a request id gets a token derived from that id instead, so that its retry can
//! answer the same token without the token being stored anywhere.

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
    Ok(Some(hash_token(token)))
}

/// Who is looking: the token's seat, or a spectator without a token. A token that is not
/// one of this session's seats is refused rather than silently downgraded.
pub fn viewer(meta: &SessionMeta, token: Option<&TokenHash>) -> Result<Viewer, AuthError> {
    match token {
        None => Ok(Viewer::Spectator),
        Some(hash) => seat_of(meta, hash).map(Viewer::Seat),
    }
}

/// The caller's seat, for calls that act for a seat.
pub fn require_seat(meta: &SessionMeta, token: Option<&TokenHash>) -> Result<Seat, AuthError> {
    seat_of(meta, token.ok_or(AuthError::Required)?)
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
