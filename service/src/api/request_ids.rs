//! Client request ids (AIP-155) on CreateSession and JoinSession: what the stores keep so
//! that a retry answers the first call's result. The request id itself is never stored:
//! only hashes of it, so a reader of the store cannot replay a join's token.

use super::MAX_ID_LEN;
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
    fn request_ids_are_bounded() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("r"), Ok(Some("r")));
        assert!(parse(&"r".repeat(MAX_ID_LEN + 1)).is_err());
    }
}
