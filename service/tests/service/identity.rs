//! Player tokens (JWTs of the operator's identity provider): a stand-in provider serves
//! its JWKS on loopback; valid tokens are accepted, each kind of bad token is refused
//! with UNAUTHENTICATED and a sentence naming the check, and a rotated key set is picked
//! up without a restart.

use crate::support::harness::*;
use crate::support::idp::{self, claims, Jwks, SigningKey};
use agora_proto::v1 as pb;
use base64::Engine;
use serde_json::json;
use tonic::Code;

async fn get_state(
    client: &mut Client,
    id: &str,
    token: &str,
) -> Result<pb::GetStateResponse, tonic::Status> {
    client
        .get_state(authed(
            pb::GetStateRequest {
                session_id: id.to_string(),
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// `token` with its payload replaced by `claims`, the signature kept.
fn tampered(token: &str, claims: &serde_json::Value) -> String {
    let parts: Vec<&str> = token.split('.').collect();
    format!(
        "{}.{}.{}",
        parts[0],
        b64(claims.to_string().as_bytes()),
        parts[2]
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn valid_tokens_are_accepted_and_each_bad_one_refused_with_its_reason() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(StoreKind::Memory, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, false, 1).await;

    // A valid player token: the player holds no seat here, so it watches as a spectator.
    let valid = key.sign(&claims("alice", "Alice"));
    let view = get_state(&mut client, &id, &valid)
        .await
        .expect("a valid token is accepted");
    assert!(view.view.is_some());
    // Seat tokens keep working beside player tokens.
    legal(&mut client, &id, &tokens[0]).await;

    let now = idp::now();
    let mut expired = claims("alice", "Alice");
    expired["exp"] = json!(now - 3600);
    let mut early = claims("alice", "Alice");
    early["nbf"] = json!(now + 3600);
    let mut wrong_issuer = claims("alice", "Alice");
    wrong_issuer["iss"] = json!("https://someone-else.test/");
    let mut wrong_audience = claims("alice", "Alice");
    wrong_audience["aud"] = json!("another-app");
    let mut no_audience = claims("alice", "Alice");
    no_audience.as_object_mut().expect("object").remove("aud");
    // RFC 7515 §4.1.11: an extension the issuer marks critical must be understood, and
    // this server understands none (the signature is valid: only `crit` refuses it).
    let critical = key.sign_with(&claims("alice", "Alice"), |h| {
        h.crit = Some(vec!["exp-ext".to_string()]);
    });
    let mut no_sub = claims("alice", "Alice");
    no_sub.as_object_mut().expect("object").remove("sub");
    let stranger = SigningKey::generate("not-in-the-set");
    let unsigned = format!(
        "{}.{}.",
        b64(br#"{"alg":"none","typ":"JWT"}"#),
        b64(claims("alice", "Alice").to_string().as_bytes())
    );
    let hs256 = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims("alice", "Alice"),
        &jsonwebtoken::EncodingKey::from_secret(b"guessable"),
    )
    .expect("sign");
    let cases = [
        ("expired", key.sign(&expired), "has expired"),
        ("not yet valid", key.sign(&early), "not valid yet"),
        ("wrong issuer", key.sign(&wrong_issuer), "issuer"),
        ("wrong audience", key.sign(&wrong_audience), "audience"),
        ("no audience", key.sign(&no_audience), "audience"),
        ("crit", critical, "marks extensions \"exp-ext\" as critical"),
        ("missing sub", key.sign(&no_sub), "`sub`"),
        (
            "unknown key",
            stranger.sign(&claims("alice", "Alice")),
            "unknown key id \"not-in-the-set\"",
        ),
        ("alg none", unsigned, "algorithm \"none\" is not allowed"),
        (
            "HS256 not allowed",
            hs256,
            "algorithm \"HS256\" is not allowed",
        ),
        (
            "tampered",
            tampered(&valid, &claims("mallory", "Mallory")),
            "signature does not verify",
        ),
        ("malformed", "abc.def.ghi".to_string(), "malformed"),
    ];
    for (what, token, says) in cases {
        let status = assert_code(
            get_state(&mut client, &id, &token).await,
            Code::Unauthenticated,
        );
        assert!(
            status.message().contains(says),
            "{what}: {:?} should say {says:?}",
            status.message()
        );
    }
    // Refusals change nothing.
    assert_eq!(session(&mut client, &id).await.version, 0);
}

/// Static keys from PEM files (`--jwt-public-key-file`, no JWKS): a token signed by one of
/// the files' keys is accepted whatever its key id, one signed by another key is refused
/// as badly signed, and a file that holds no public key stops the server from starting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn static_pem_keys_verify_tokens() {
    let key = SigningKey::generate("k1");
    let other = SigningKey::generate("k2");
    let dir = std::env::temp_dir().join(format!("agora-pem-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let pem = dir.join("idp.pem");
    std::fs::write(&pem, key.public_pem()).expect("write pem");
    let server = TestServer::start_with(StoreKind::Memory, |c| {
        c.jwt_public_key_file = vec![pem.clone()];
        c.jwt_issuer = vec![idp::ISSUER.to_string()];
        c.jwt_audience = vec![idp::AUDIENCE.to_string()];
    })
    .await;
    let mut client = server.client().await;
    let (id, _tokens) = started(&mut client, 2, false, 1).await;
    get_state(&mut client, &id, &key.sign(&claims("alice", "Alice")))
        .await
        .expect("a token signed by the file's key is accepted");
    let status = assert_code(
        get_state(&mut client, &id, &other.sign(&claims("alice", "Alice"))).await,
        Code::Unauthenticated,
    );
    assert!(status.message().contains("signature"), "{status:?}");
    // A file that is not a public key: the identity settings are refused at start.
    let junk = dir.join("junk.pem");
    std::fs::write(&junk, "not a key").expect("write junk");
    let mut config = agora_service::Config::for_tests();
    config.jwt_public_key_file = vec![junk];
    config.jwt_issuer = vec![idp::ISSUER.to_string()];
    let refused = agora_service::identity::Identity::from_config(&config);
    let Err(message) = refused else {
        panic!("a junk key file is refused");
    };
    assert!(
        message.contains("not an RSA, EC or Ed25519 public key"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_key_set_is_picked_up_without_a_restart() {
    let old = SigningKey::generate("2026-old");
    let new = SigningKey::generate("2026-new");
    let jwks = Jwks::serve(&[&old]).await;
    let server = TestServer::start_with(StoreKind::Memory, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 2).await;
    get_state(&mut client, &id, &old.sign(&claims("bob", "Bob")))
        .await
        .expect("the first key verifies");

    // The provider rotates: the new key only.
    jwks.set(&[&new]);
    get_state(&mut client, &id, &new.sign(&claims("bob", "Bob")))
        .await
        .expect("a token of the new key verifies once its unknown key id fetched the set");
    // The old key left the set, so its tokens no longer verify.
    let status = assert_code(
        get_state(&mut client, &id, &old.sign(&claims("bob", "Bob"))).await,
        Code::Unauthenticated,
    );
    assert!(status.message().contains("unknown key id"), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_key_ids_fetch_the_set_once_per_interval() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(StoreKind::Memory, |c| {
        idp::trust(c, &jwks);
        // Long enough that no second fetch can be due during the test.
        c.jwks_refresh_min_interval = std::time::Duration::from_secs(3600);
    })
    .await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 3).await;
    // Known keys verify (the first call may be the one that fetches the set).
    get_state(&mut client, &id, &key.sign(&claims("carol", "Carol")))
        .await
        .expect("accepted");
    let before = jwks.fetches();
    // A storm of forged key ids, at once: at most one fetch between them.
    let calls = (0..8).map(|i| {
        let mut client = client.clone();
        let id = id.clone();
        let forged = SigningKey::generate(&format!("forged-{i}")).sign(&claims("eve", "Eve"));
        async move { get_state(&mut client, &id, &forged).await }
    });
    for result in futures::future::join_all(calls).await {
        assert_code(result, Code::Unauthenticated);
    }
    assert!(
        jwks.fetches() <= before + 1,
        "{} fetches for 8 unknown key ids",
        jwks.fetches() - before
    );
    // Known keys still verify.
    get_state(&mut client, &id, &key.sign(&claims("carol", "Carol")))
        .await
        .expect("accepted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_identity_a_jwt_is_only_an_unknown_seat_token() {
    let key = SigningKey::generate("k1");
    let server = TestServer::start(StoreKind::Memory).await;
    let mut client = server.client().await;
    let (id, _) = started(&mut client, 2, false, 4).await;
    // As before identity existed: a bearer value that is no seat of the session.
    assert_code(
        get_state(&mut client, &id, &key.sign(&claims("alice", "Alice"))).await,
        Code::PermissionDenied,
    );
}

/// A JoinSession or CreateSession request id belongs to the caller that used it first:
/// the same player retrying replays the first answer, anybody else (another player, an
/// anonymous caller) is refused with ALREADY_EXISTS, and the refusal tells nothing about
/// the first caller (no seat, no token, no name).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_ids_are_bound_to_the_caller_that_used_them() {
    let key = SigningKey::generate("k1");
    let jwks = Jwks::serve(&[&key]).await;
    let server = TestServer::start_with(StoreKind::Memory, |c| idp::trust(c, &jwks)).await;
    let mut client = server.client().await;
    let alice = key.sign(&claims("alice", "Alice"));
    let bob = key.sign(&claims("bob", "Bob"));

    let create = |rid: &str| pb::CreateSessionRequest {
        options: Some(origin_options(2, true)),
        request_id: rid.to_string(),
        ..Default::default()
    };
    let rid = "create-1";
    let made = client
        .create_session(authed(create(rid), &alice))
        .await
        .expect("alice creates")
        .into_inner()
        .session
        .expect("session");
    let again = client
        .create_session(authed(create(rid), &alice))
        .await
        .expect("alice's retry replays")
        .into_inner()
        .session
        .expect("session");
    assert_eq!(again.session_id, made.session_id);
    for (who, result) in [
        (
            "bob",
            client.create_session(authed(create(rid), &bob)).await,
        ),
        ("anonymous", client.create_session(create(rid)).await),
    ] {
        let status = assert_code(result, Code::AlreadyExists);
        assert!(
            status.message().contains("used by another caller"),
            "{who}: {status:?}"
        );
        assert!(
            !status.message().contains(&made.session_id),
            "{who}: {status:?}"
        );
    }

    let join = |rid: &str| pb::JoinSessionRequest {
        session_id: made.session_id.clone(),
        seat: Some(0),
        player_name: String::new(),
        request_id: rid.to_string(),
    };
    let first = client
        .join_session(authed(join("join-1"), &alice))
        .await
        .expect("alice joins")
        .into_inner();
    assert!(!first.seat_token.is_empty());
    for (who, result) in [
        (
            "bob",
            client.join_session(authed(join("join-1"), &bob)).await,
        ),
        ("anonymous", client.join_session(join("join-1")).await),
        (
            "a seat token",
            client
                .join_session(authed(join("join-1"), &first.seat_token))
                .await,
        ),
    ] {
        let status = assert_code(result, Code::AlreadyExists);
        let message = status.message();
        assert!(
            message.contains("used by another caller"),
            "{who}: {message}"
        );
        for secret in [first.seat_token.as_str(), "alice", "Alice", "seat 0"] {
            assert!(
                !message.contains(secret),
                "{who}: {message} tells {secret:?}"
            );
        }
    }
    let replayed = client
        .join_session(authed(join("join-1"), &alice))
        .await
        .expect("alice's retry replays")
        .into_inner();
    assert_eq!(replayed.seat, first.seat);
    assert_eq!(replayed.seat_token, first.seat_token);
    // Bob never sat: the session still has its second seat open for him.
    let seats = session(&mut client, &made.session_id).await.seats;
    assert!(seats.iter().all(|s| s.player_id != "bob"), "{seats:?}");
}
