//! A stand-in identity provider for player-token tests: ES256 keys it generates, a JWKS
//! it serves itself on loopback (and may change while the server runs), and tokens it
//! signs with any claims.

#![allow(dead_code)]

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use p256::pkcs8::{EncodePrivateKey, LineEnding};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const ISSUER: &str = "https://idp.test/";
pub const AUDIENCE: &str = "agora-tests";

/// One signing key and its id.
#[derive(Clone)]
pub struct SigningKey {
    pub kid: String,
    secret: p256::SecretKey,
}

impl SigningKey {
    pub fn generate(kid: &str) -> SigningKey {
        let secret = loop {
            if let Ok(key) = p256::SecretKey::from_slice(&rand::random::<[u8; 32]>()) {
                break key;
            }
        };
        SigningKey {
            kid: kid.to_string(),
            secret,
        }
    }

    /// The public half as a JWK with its `kid`.
    pub fn jwk(&self) -> Value {
        let mut jwk: Value =
            serde_json::from_str(&self.secret.public_key().to_jwk_string()).expect("jwk json");
        jwk["kid"] = json!(self.kid);
        jwk["alg"] = json!("ES256");
        jwk["use"] = json!("sig");
        jwk
    }

    /// The public half as an SPKI PEM file's text (`--jwt-public-key-file`).
    pub fn public_pem(&self) -> String {
        use p256::pkcs8::EncodePublicKey;
        self.secret
            .public_key()
            .to_public_key_pem(LineEnding::LF)
            .expect("public key pem")
    }

    /// `claims` signed with this key (header `ES256`, this key's id).
    pub fn sign(&self, claims: &Value) -> String {
        self.sign_with(claims, |_| {})
    }

    /// `claims` signed with this key under the header `edit` makes of the usual one.
    pub fn sign_with(&self, claims: &Value, edit: impl FnOnce(&mut Header)) -> String {
        let pem = self.secret.to_pkcs8_pem(LineEnding::LF).expect("pkcs8 pem");
        let key = EncodingKey::from_ec_pem(pem.as_bytes()).expect("encoding key");
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.kid.clone());
        edit(&mut header);
        jsonwebtoken::encode(&header, claims, &key).expect("sign")
    }
}

pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
}

/// Claims every check accepts: this issuer and audience, valid for an hour.
pub fn claims(sub: &str, name: &str) -> Value {
    json!({
        "iss": ISSUER,
        "aud": AUDIENCE,
        "sub": sub,
        "name": name,
        "iat": now(),
        "exp": now() + 3600,
    })
}

/// A JWKS served over HTTP on loopback; `set` changes what it serves.
pub struct Jwks {
    pub url: String,
    body: Arc<Mutex<String>>,
    fetches: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Jwks {
    pub async fn serve(keys: &[&SigningKey]) -> Jwks {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!(
            "http://{}/.well-known/jwks.json",
            listener.local_addr().expect("addr")
        );
        let body = Arc::new(Mutex::new(String::new()));
        let fetches = Arc::new(AtomicUsize::new(0));
        let (served, counted) = (body.clone(), fetches.clone());
        let task = tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else {
                    return;
                };
                let (served, counted) = (served.clone(), counted.clone());
                tokio::spawn(async move {
                    // One request per connection: read its head, answer, close.
                    let mut head = Vec::new();
                    let mut buf = [0u8; 1024];
                    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                        match socket.read(&mut buf).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => head.extend_from_slice(&buf[..n]),
                        }
                    }
                    counted.fetch_add(1, Ordering::SeqCst);
                    let body = served.lock().expect("jwks").clone();
                    let response = format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = socket.write_all(response.as_bytes()).await;
                    let _ = socket.shutdown().await;
                });
            }
        });
        let jwks = Jwks {
            url,
            body,
            fetches,
            task,
        };
        jwks.set(keys);
        jwks
    }

    /// Serves `keys` from now on.
    pub fn set(&self, keys: &[&SigningKey]) {
        let set = json!({ "keys": keys.iter().map(|k| k.jwk()).collect::<Vec<_>>() });
        *self.body.lock().expect("jwks") = set.to_string();
    }

    /// How many times the JWKS was fetched.
    pub fn fetches(&self) -> usize {
        self.fetches.load(Ordering::SeqCst)
    }
}

impl Drop for Jwks {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Sets `config` to trust `jwks` with this issuer and audience, fetching again on every
/// unknown key id (no minimum interval), so a test never waits for one.
/// The command-line flags of `trust`, for a server started as a process.
pub fn trust_flags(jwks: &Jwks) -> [&str; 6] {
    [
        "--jwks-url",
        jwks.url.as_str(),
        "--jwt-issuer",
        ISSUER,
        "--jwt-audience",
        AUDIENCE,
    ]
}

pub fn trust(config: &mut agora_service::Config, jwks: &Jwks) {
    config.jwks_url = Some(jwks.url.clone());
    config.jwt_issuer = vec![ISSUER.to_string()];
    config.jwt_audience = vec![AUDIENCE.to_string()];
    config.jwks_refresh_min_interval = std::time::Duration::ZERO;
}
