//! Client request ids (AIP-155) on CreateSession and JoinSession: what the stores keep so
//! that a retry answers the first call's result. The request id itself is never stored:
//! only hashes of it, so a reader of the store cannot replay a join's token.
//!
//! A request id is bound to its caller: the stored fingerprint folds in who made the
//! call (the player id when signed in, the seat token's hash when the caller sent one),
//! so the same id from anybody else is refused instead of answering the first caller's
//! seat token. An anonymous caller holds nothing but the request id itself, which the
//! store never keeps: for it the id is the secret (a random UUID, as the API asks), and
//! anonymous retries replay as before.

use super::MAX_ID_LEN;
use crate::identity::Caller;
use agora_engine::FieldViolation;
use prost::Message;
use sha2::{Digest, Sha256};

/// A request's `request_id` field: `None` when empty, refused when too long.
pub(crate) fn parse(request_id: &str) -> Result<Option<&str>, FieldViolation> {
    if request_id.len() > MAX_ID_LEN {
        return Err(FieldViolation::new(
            "request_id",
            format!("at most {MAX_ID_LEN} bytes."),
        ));
    }
    Ok((!request_id.is_empty()).then_some(request_id))
}

/// What a retry must repeat: the SHA-256 of the request's encoding with its request id
/// cleared (`clear` does that), hex. Equal requests encode equally.
pub(crate) fn fingerprint<M: Message + Clone>(request: &M, clear: impl FnOnce(&mut M)) -> String {
    let mut bare = request.clone();
    clear(&mut bare);
    hex::encode(Sha256::digest(bare.encode_to_vec()))
}

/// Who a request id belongs to, as a hash (no player id is stored in the clear here).
pub(crate) fn binding(caller: &Caller) -> String {
    let bytes = match caller {
        Caller::Anonymous => tagged("agora.v1 anonymous caller", ""),
        Caller::Seat(hash) => tagged("agora.v1 seat caller", hash),
        Caller::Player(player) => tagged("agora.v1 player caller", &player.id),
    };
    hex::encode(Sha256::digest(bytes))
}

/// The fingerprint stored for a request of `caller`: the request's, a dot, the caller's.
pub(crate) fn bound(fingerprint: String, caller: &Caller) -> String {
    format!("{fingerprint}.{}", binding(caller))
}

/// How a request with the same id compares with the stored one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Replay {
    /// The same caller with the same request: answer what the first call did.
    Same,
    /// The same caller with another request.
    OtherRequest,
    /// Somebody else: refused whatever the request, so nothing about the first call
    /// (not even whether the requests match) is told.
    OtherCaller,
}

/// Compares `fresh` ([`bound`]) with `stored`. A fingerprint stored by an earlier release
/// has no caller part and compares by request only, so retries across an upgrade work.
pub(crate) fn compare(stored: &str, fresh: &str) -> Replay {
    let (fresh_request, fresh_caller) = fresh.split_once('.').unwrap_or((fresh, ""));
    let (stored_request, stored_caller) = match stored.split_once('.') {
        Some((request, caller)) => (request, Some(caller)),
        None => (stored, None),
    };
    if stored_caller.is_some_and(|c| c != fresh_caller) {
        Replay::OtherCaller
    } else if stored_request != fresh_request {
        Replay::OtherRequest
    } else {
        Replay::Same
    }
}

/// The session id a CreateSession with `request_id` creates: a UUID (version 8) made from
/// a hash of the id, so every replica picks the same one and the store's "already
/// exists" check is the atomic guard against a second session. It tells nothing about
/// the request id.
pub(crate) fn session_id(request_id: &str) -> String {
    let digest = Sha256::digest(tagged("agora.v1.CreateSession", request_id));
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Uuid::new_v8(bytes).to_string()
}

/// The session id an ImportSession with `request_id` creates, as [`session_id`] does for
/// CreateSession (another tag: one id sent to both calls names two sessions).
pub(crate) fn imported_session_id(request_id: &str) -> String {
    let digest = Sha256::digest(tagged("agora.v1.ImportSession", request_id));
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Uuid::new_v8(bytes).to_string()
}

/// Where a JoinSession with `request_id` is recorded in its session.
pub(crate) fn join_key(request_id: &str) -> String {
    hex::encode(Sha256::digest(tagged("agora.v1.JoinSession", request_id)))
}

/// A fresh random salt for a join's token.
pub(crate) fn new_salt() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// `tag`, a zero byte, then `id`: hashes of one id for different uses never meet.
fn tagged(tag: &str, id: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(tag.len() + 1 + id.len());
    bytes.extend_from_slice(tag.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(id.as_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1 as pb;

    #[test]
    fn the_session_id_of_a_request_id_is_a_stable_uuid() {
        let a = session_id("7f1c");
        assert_eq!(a, session_id("7f1c"));
        assert_ne!(a, session_id("7f1d"));
        let uuid = uuid::Uuid::parse_str(&a).expect("a UUID");
        assert_eq!(uuid.get_version_num(), 8);
        assert!(!a.contains("7f1c"));
        assert_ne!(
            imported_session_id("7f1c"),
            a,
            "imports and creates never meet"
        );
        assert_eq!(imported_session_id("7f1c"), imported_session_id("7f1c"));
    }

    #[test]
    fn fingerprints_ignore_the_request_id_only() {
        let request = |rid: &str, name: &str| pb::JoinSessionRequest {
            session_id: "s".into(),
            seat: Some(1),
            player_name: name.into(),
            request_id: rid.into(),
        };
        let clear = |r: &mut pb::JoinSessionRequest| r.request_id.clear();
        let a = fingerprint(&request("x", "Ada"), clear);
        assert_eq!(a, fingerprint(&request("y", "Ada"), clear));
        assert_ne!(a, fingerprint(&request("x", "Bob"), clear));
    }

    #[test]
    fn request_ids_are_bound_to_their_caller() {
        use crate::identity::Player;
        let player = |id: &str| {
            Caller::Player(Player {
                id: id.into(),
                name: None,
            })
        };
        let ann = bound("f1".into(), &player("ann"));
        assert_eq!(
            compare(&ann, &bound("f1".into(), &player("ann"))),
            Replay::Same
        );
        assert_eq!(
            compare(&ann, &bound("f2".into(), &player("ann"))),
            Replay::OtherRequest
        );
        for other in [player("bob"), Caller::Anonymous, Caller::Seat("ab".into())] {
            assert_eq!(
                compare(&ann, &bound("f1".into(), &other)),
                Replay::OtherCaller
            );
            assert_eq!(
                compare(&ann, &bound("f2".into(), &other)),
                Replay::OtherCaller
            );
        }
        assert!(!ann.contains("ann"), "no player id in the clear");
        let anonymous = bound("f1".into(), &Caller::Anonymous);
        assert_eq!(
            compare(&anonymous, &bound("f1".into(), &Caller::Anonymous)),
            Replay::Same
        );
        // Stored by an earlier release: by request only.
        assert_eq!(compare("f1", &ann), Replay::Same);
        assert_eq!(compare("f2", &ann), Replay::OtherRequest);
    }

    #[test]
    fn request_ids_are_bounded() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("r"), Ok(Some("r")));
        assert!(parse(&"r".repeat(MAX_ID_LEN + 1)).is_err());
    }
}
