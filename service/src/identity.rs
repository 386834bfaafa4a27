//! Player identity: the operator's identity provider (Firebase Auth, Auth0, Cognito...)
//! signs JWTs for its users, and a client sends one as `authorization: Bearer <JWT>`.
//! Agora verifies it (signature, `exp`, `nbf`, issuer, audience, allowed algorithms) and
//! takes the player id from `sub` and the display name from a configurable claim; it
//! never issues player tokens itself.
//!
//! Keys come from a JWKS URL (fetched at start, cached in memory, fetched again every few
//! minutes and when a token names a key id the cache lacks) or from static PEM files or an
//! HS256 secret. A token with an unknown `kid` starts at most one fetch at a time, and at
//! most one per `--jwks-refresh-min-interval`: calls whose key is cached never wait for
//! it, and the call that needs the new key waits for that one fetch, bounded by
//! [`REFRESH_WAIT`].
//!
//! With none of `--jwks-url`, `--jwt-public-key-file` or `--jwt-hs256-secret-file` set,
//! identity is off and every bearer value is a seat token, as before.

use crate::config::Config;
use crate::store::TokenHash;
use base64::Engine;
use futures::future::{BoxFuture, FutureExt, Shared};
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, Validation};
use std::str::FromStr;
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

/// Longest a call waits for the key fetch its unknown key id started.
pub const REFRESH_WAIT: Duration = Duration::from_secs(5);

/// The JWKS is fetched again this often, so removed keys stop verifying.
pub const PERIODIC_REFRESH: Duration = Duration::from_secs(300);

/// Longest player id (`sub`) accepted: ids are stored in seat records and index keys.
pub const MAX_PLAYER_ID_LEN: usize = 256;

/// Largest JWKS document read.
const MAX_JWKS_BYTES: usize = 1 << 20;

/// Who makes a call, resolved once per call from its `authorization` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    /// No authorization header: a spectator.
    Anonymous,
    /// A seat token (its SHA-256).
    Seat(TokenHash),
    /// A player signed in with the operator's identity provider.
    Player(Player),
}

/// A signed-in player, as its verified token names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The token's `sub`.
    pub id: String,
    /// The configured name claim, when the token has one.
    pub name: Option<String>,
}

/// Why a player token is refused; each says which check failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenError {
    Expired,
    NotYetValid,
    BadSignature,
    WrongIssuer,
    WrongAudience,
    UnknownKey(String),
    AlgorithmNotAllowed(String),
    Malformed(String),
    MissingSub,
    /// The header's `crit` names extensions that must be understood (RFC 7515 §4.1.11);
    /// this server understands none, so any `crit` is refused.
    CriticalExtension(String),
    /// The JWKS could not be fetched, so the token's key cannot be known (UNAVAILABLE:
    /// not the caller's fault, and a retry may succeed).
    KeysUnavailable(String),
}

impl TokenError {
    /// The sentence the caller reads.
    pub fn sentence(&self) -> String {
        match self {
            TokenError::Expired => {
                "The player token has expired; sign in again for a fresh one.".into()
            }
            TokenError::NotYetValid => {
                "The player token is not valid yet (its `nbf` is in the future).".into()
            }
            TokenError::BadSignature => "The player token's signature does not verify: it \
                 was tampered with or not signed by the identity provider this server trusts."
                .into(),
            TokenError::WrongIssuer => "The player token was issued by another issuer than \
                 the one this server trusts (--jwt-issuer)."
                .into(),
            TokenError::WrongAudience => "The player token is meant for another audience \
                 than this server's (--jwt-audience)."
                .into(),
            TokenError::UnknownKey(kid) => format!(
                "The player token is signed with an unknown key id {kid:?}: the identity \
                 provider's key set does not hold it."
            ),
            TokenError::AlgorithmNotAllowed(alg) => format!(
                "The player token's algorithm {alg:?} is not allowed by this server \
                 (--jwt-algorithms)."
            ),
            TokenError::Malformed(detail) => format!("The player token is malformed: {detail}."),
            TokenError::MissingSub => {
                "The player token has no `sub` claim, which names the player.".into()
            }
            TokenError::CriticalExtension(names) => format!(
                "The player token's header marks extensions {names} as critical (`crit`), \
                 and this server understands none, so it must refuse the token (RFC 7515)."
            ),
            TokenError::KeysUnavailable(detail) => format!(
                "The identity provider's keys could not be fetched ({detail}); retry shortly."
            ),
        }
    }
}

/// True when `value` has the shape of a JWT: three base64url segments joined by dots (the
/// last may be empty, as in an unsigned token, which is then refused by name). Seat
/// tokens are hex without dots, so the two never mix.
pub fn looks_like_jwt(value: &str) -> bool {
    let parts: Vec<&str> = value.split('.').collect();
    let b64url = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'=')
    };
    parts.len() == 3
        && !parts[0].is_empty()
        && !parts[1].is_empty()
        && parts.iter().all(|p| b64url(p))
}

/// One verification key, with what its JWK says about it.
struct KeyEntry {
    kid: Option<String>,
    /// The JWK's `alg`, when it names one: the key verifies only that algorithm.
    alg: Option<Algorithm>,
    family: AlgorithmFamily,
    key: DecodingKey,
}

impl KeyEntry {
    fn fits(&self, kid: Option<&str>, alg: Algorithm) -> bool {
        self.family == alg.family()
            && self.alg.is_none_or(|a| a == alg)
            && match kid {
                Some(kid) => self.kid.as_deref().is_none_or(|k| k == kid),
                None => true,
            }
    }
}

enum Keys {
    /// PEM files or a shared secret, fixed at start.
    Static(Vec<KeyEntry>),
    Jwks(Arc<Jwks>),
}

/// The `--jwt-audience` value that turns the audience check off, spelled out so that
/// accepting every audience is the operator's choice, never a forgotten flag.
pub const ANY_AUDIENCE: &str = "any";

/// The verifier of player tokens.
pub struct Identity {
    issuers: Vec<String>,
    /// Empty only with `--jwt-audience any`.
    audiences: Vec<String>,
    algorithms: Vec<Algorithm>,
    name_claim: String,
    keys: Keys,
}

impl std::fmt::Debug for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Identity")
            .field("issuers", &self.issuers)
            .field("audiences", &self.audiences)
            .field("algorithms", &self.algorithms)
            .finish_non_exhaustive()
    }
}

impl Identity {
    /// The verifier `config` asks for, or `None` when no key source is configured
    /// (identity off). Reads key files now, so a bad path fails the start.
    pub fn from_config(config: &Config) -> Result<Option<Arc<Identity>>, String> {
        let sources = usize::from(config.jwks_url.is_some())
            + usize::from(!config.jwt_public_key_file.is_empty())
            + usize::from(config.jwt_hs256_secret_file.is_some());
        if sources == 0 {
            if !config.jwt_issuer.is_empty() || !config.jwt_audience.is_empty() {
                return Err(
                    "--jwt-issuer / --jwt-audience need a key source: --jwks-url, \
                            --jwt-public-key-file or --jwt-hs256-secret-file"
                        .into(),
                );
            }
            return Ok(None);
        }
        if sources > 1 {
            return Err("give one key source: --jwks-url, --jwt-public-key-file or \
                        --jwt-hs256-secret-file"
                .into());
        }
        let mut algorithms = Vec::new();
        for name in &config.jwt_algorithms {
            let name = name.trim();
            if name.is_empty() {
                continue;
            }
            let alg = Algorithm::from_str(name)
                .map_err(|_| format!("--jwt-algorithms: unknown algorithm {name:?}"))?;
            algorithms.push(alg);
        }
        let keys = if let Some(url) = &config.jwks_url {
            Keys::Jwks(Jwks::new(url.clone(), config.jwks_refresh_min_interval)?)
        } else if let Some(path) = &config.jwt_hs256_secret_file {
            let secret = std::fs::read(path)
                .map_err(|e| format!("--jwt-hs256-secret-file {}: {e}", path.display()))?;
            let secret = secret.trim_ascii();
            if secret.len() < 32 {
                return Err("--jwt-hs256-secret-file: the secret needs at least 32 bytes".into());
            }
            // A shared secret means HS256, whatever the default list says.
            algorithms.retain(|a| a.family() == AlgorithmFamily::Hmac);
            if algorithms.is_empty() {
                algorithms.push(Algorithm::HS256);
            }
            Keys::Static(vec![KeyEntry {
                kid: None,
                alg: None,
                family: AlgorithmFamily::Hmac,
                key: DecodingKey::from_secret(secret),
            }])
        } else {
            let mut entries = Vec::new();
            for path in &config.jwt_public_key_file {
                let pem = std::fs::read(path)
                    .map_err(|e| format!("--jwt-public-key-file {}: {e}", path.display()))?;
                let (family, key) = if let Ok(key) = DecodingKey::from_rsa_pem(&pem) {
                    (AlgorithmFamily::Rsa, key)
                } else if let Ok(key) = DecodingKey::from_ec_pem(&pem) {
                    (AlgorithmFamily::Ec, key)
                } else if let Ok(key) = DecodingKey::from_ed_pem(&pem) {
                    (AlgorithmFamily::Ed, key)
                } else {
                    return Err(format!(
                        "--jwt-public-key-file {}: not an RSA, EC or Ed25519 public key in PEM",
                        path.display()
                    ));
                };
                entries.push(KeyEntry {
                    kid: None,
                    alg: None,
                    family,
                    key,
                });
            }
            Keys::Static(entries)
        };
        if algorithms.is_empty() {
            return Err("--jwt-algorithms: at least one algorithm is needed".into());
        }
        let trimmed = |list: &[String]| -> Vec<String> {
            list.iter()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        };
        let audiences = audiences(&trimmed(&config.jwt_audience))?;
        Ok(Some(Arc::new(Identity {
            issuers: trimmed(&config.jwt_issuer),
            audiences,
            algorithms,
            name_claim: config.jwt_name_claim.clone(),
            keys,
        })))
    }

    /// Fetches the JWKS now and every [`PERIODIC_REFRESH`] after, while this verifier
    /// lives. A failed first fetch is only logged: the server serves seat tokens anyway,
    /// and an unknown key id fetches again.
    pub fn start(self: &Arc<Self>) {
        let Keys::Jwks(jwks) = &self.keys else {
            return;
        };
        let weak: Weak<Jwks> = Arc::downgrade(jwks);
        tokio::spawn(async move {
            loop {
                let Some(jwks) = weak.upgrade() else {
                    return;
                };
                if let Err(e) = jwks.fetch().await {
                    tracing::warn!(url = %jwks.url, error = %e, "cannot fetch the JWKS");
                }
                drop(jwks);
                tokio::time::sleep(PERIODIC_REFRESH).await;
            }
        });
    }

    /// The player a token names, once every check passed.
    pub async fn verify(&self, token: &str) -> Result<Player, TokenError> {
        let header = header_of(token)?;
        if let Some(names) = header.crit {
            return Err(TokenError::CriticalExtension(names));
        }
        let alg = Algorithm::from_str(&header.alg)
            .ok()
            .filter(|a| self.algorithms.contains(a))
            .ok_or_else(|| TokenError::AlgorithmNotAllowed(header.alg.clone()))?;
        let kid = header.kid.as_deref();
        let candidates = match &self.keys {
            Keys::Static(entries) => entries
                .iter()
                .filter(|e| e.fits(kid, alg))
                .map(|e| e.key.clone())
                .collect(),
            Keys::Jwks(jwks) => jwks.keys_for(kid, alg).await?,
        };
        let validation = self.validation(alg);
        let mut failure = TokenError::BadSignature;
        for key in &candidates {
            match jsonwebtoken::decode::<serde_json::Map<String, serde_json::Value>>(
                token,
                key,
                &validation,
            ) {
                Ok(data) => return self.player(&data.claims),
                // Another key of the set may have signed it.
                Err(e) if matches!(e.kind(), ErrorKind::InvalidSignature) => continue,
                Err(e) => {
                    failure = refusal(&e);
                    break;
                }
            }
        }
        Err(failure)
    }

    fn validation(&self, alg: Algorithm) -> Validation {
        let mut validation = Validation::new(alg);
        validation.leeway = 30;
        validation.validate_nbf = true;
        let mut required = vec!["exp", "sub"];
        if !self.issuers.is_empty() {
            validation.set_issuer(&self.issuers);
            required.push("iss");
        }
        if self.audiences.is_empty() {
            validation.validate_aud = false;
        } else {
            validation.set_audience(&self.audiences);
            required.push("aud");
        }
        validation.set_required_spec_claims(&required);
        validation
    }

    fn player(
        &self,
        claims: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Player, TokenError> {
        let id = match claims.get("sub") {
            Some(serde_json::Value::String(s)) if !s.is_empty() => s.clone(),
            Some(serde_json::Value::String(_)) | None => return Err(TokenError::MissingSub),
            Some(_) => return Err(TokenError::Malformed("`sub` is not a string".into())),
        };
        if id.len() > MAX_PLAYER_ID_LEN {
            return Err(TokenError::Malformed(format!(
                "`sub` is longer than {MAX_PLAYER_ID_LEN} bytes"
            )));
        }
        let name = claims
            .get(&self.name_claim)
            .and_then(|v| v.as_str())
            .map(|s| s.trim().chars().take(crate::api::MAX_NAME_LEN).collect())
            .filter(|s: &String| !s.is_empty());
        Ok(Player { id, name })
    }
}

/// The audiences `--jwt-audience` asks for: at least one, or exactly `any` (then none is
/// checked, returned as an empty list). Identity without an audience would accept a token
/// minted for any other app of the same provider (one Firebase project, one Cognito
/// pool), so the server refuses to start rather than guess.
fn audiences(configured: &[String]) -> Result<Vec<String>, String> {
    match configured {
        [] => Err(
            "player identity is on but --jwt-audience is not set: give the audience \
                   (`aud`) your identity provider puts in tokens for this app (see \
                   docs/identity.md), or --jwt-audience any to accept tokens minted for \
                   every audience"
                .into(),
        ),
        [one] if one == ANY_AUDIENCE => Ok(Vec::new()),
        list if list.iter().any(|a| a == ANY_AUDIENCE) => Err(format!(
            "--jwt-audience: `{ANY_AUDIENCE}` turns the audience check off and cannot be \
             combined with audiences ({list:?})"
        )),
        list => Ok(list.to_vec()),
    }
}

/// What a JWT's header says, read before any key is chosen.
struct Header {
    alg: String,
    kid: Option<String>,
    /// The `crit` parameter's names, as the sentence shows them, when the header has one.
    crit: Option<String>,
}

fn header_of(token: &str) -> Result<Header, TokenError> {
    let segment = token
        .split('.')
        .next()
        .ok_or_else(|| TokenError::Malformed("no header".into()))?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(segment.trim_end_matches('='))
        .map_err(|_| TokenError::Malformed("the header is not base64url".into()))?;
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|_| TokenError::Malformed("the header is not JSON".into()))?;
    let alg = value
        .get("alg")
        .and_then(|a| a.as_str())
        .ok_or_else(|| TokenError::Malformed("the header names no `alg`".into()))?
        .to_string();
    let kid = value
        .get("kid")
        .and_then(|k| k.as_str())
        .map(str::to_string);
    // Any `crit`, even malformed or empty (which RFC 7515 forbids), is refused: a token
    // whose issuer demands an extension we cannot check must not pass without it.
    let crit = value
        .get("crit")
        .map(|c| match c {
            serde_json::Value::Array(names) if !names.is_empty() => names
                .iter()
                .map(|n| {
                    n.as_str()
                        .map_or_else(|| n.to_string(), |s| format!("{s:?}"))
                })
                .collect::<Vec<_>>()
                .join(", "),
            other => other.to_string(),
        })
        // The sentence quotes it: a bounded part of it.
        .map(|names| names.chars().take(120).collect());
    Ok(Header { alg, kid, crit })
}

/// A verification failure of `jsonwebtoken` as the check that failed.
fn refusal(error: &jsonwebtoken::errors::Error) -> TokenError {
    match error.kind() {
        ErrorKind::ExpiredSignature => TokenError::Expired,
        ErrorKind::ImmatureSignature => TokenError::NotYetValid,
        ErrorKind::InvalidSignature => TokenError::BadSignature,
        ErrorKind::InvalidIssuer => TokenError::WrongIssuer,
        ErrorKind::InvalidAudience => TokenError::WrongAudience,
        ErrorKind::InvalidAlgorithm | ErrorKind::InvalidAlgorithmName => {
            TokenError::AlgorithmNotAllowed("(does not match the key)".into())
        }
        ErrorKind::MissingRequiredClaim(claim) if claim == "sub" => TokenError::MissingSub,
        ErrorKind::MissingRequiredClaim(claim) if claim == "iss" => TokenError::WrongIssuer,
        ErrorKind::MissingRequiredClaim(claim) if claim == "aud" => TokenError::WrongAudience,
        ErrorKind::MissingRequiredClaim(claim) => {
            TokenError::Malformed(format!("the required `{claim}` claim is missing"))
        }
        ErrorKind::InvalidClaimFormat(claim) => {
            TokenError::Malformed(format!("the `{claim}` claim has the wrong type"))
        }
        other => TokenError::Malformed(format!("{other:?}")),
    }
}

type Fetch = Shared<BoxFuture<'static, Result<(), String>>>;

/// The identity provider's key set, cached.
struct Jwks {
    url: String,
    client: reqwest::Client,
    keys: RwLock<Arc<Vec<KeyEntry>>>,
    min_interval: Duration,
    refresh: Mutex<Refresh>,
}

#[derive(Default)]
struct Refresh {
    /// When an unknown key id last started a fetch.
    last: Option<Instant>,
    /// The fetch under way (or the last one, done).
    fetch: Option<Fetch>,
    /// Why the last fetch failed, if it did.
    error: Option<String>,
}

impl Jwks {
    fn new(url: String, min_interval: Duration) -> Result<Arc<Jwks>, String> {
        let client = reqwest::Client::builder()
            .timeout(REFRESH_WAIT)
            .connect_timeout(Duration::from_secs(2))
            .build()
            .map_err(|e| format!("--jwks-url: cannot build an HTTP client: {e}"))?;
        Ok(Arc::new(Jwks {
            url,
            client,
            keys: RwLock::new(Arc::new(Vec::new())),
            min_interval,
            refresh: Mutex::new(Refresh::default()),
        }))
    }

    fn cached(&self, kid: Option<&str>, alg: Algorithm) -> Vec<DecodingKey> {
        let keys = self.keys.read().unwrap_or_else(|p| p.into_inner()).clone();
        keys.iter()
            .filter(|e| e.fits(kid, alg))
            .map(|e| e.key.clone())
            .collect()
    }

    /// The cached keys for `kid`; a miss fetches the set again (one fetch at a time, at
    /// most one per `min_interval`) and waits for it at most [`REFRESH_WAIT`].
    async fn keys_for(
        self: &Arc<Self>,
        kid: Option<&str>,
        alg: Algorithm,
    ) -> Result<Vec<DecodingKey>, TokenError> {
        let keys = self.cached(kid, alg);
        if !keys.is_empty() {
            return Ok(keys);
        }
        if let Some(fetch) = self.refresh_once() {
            if tokio::time::timeout(REFRESH_WAIT, fetch).await.is_err() {
                return Err(TokenError::KeysUnavailable(
                    "the identity provider did not answer in time".into(),
                ));
            }
        }
        let keys = self.cached(kid, alg);
        if !keys.is_empty() {
            return Ok(keys);
        }
        let error = lock(&self.refresh).error.clone();
        match (error, kid) {
            (Some(error), _) => Err(TokenError::KeysUnavailable(error)),
            (None, Some(kid)) => Err(TokenError::UnknownKey(kid.to_string())),
            (None, None) => Err(TokenError::UnknownKey(String::new())),
        }
    }

    /// The fetch to wait for: the one under way, or a new one unless one started less
    /// than `min_interval` ago (`None`: answer from the cache as it is).
    fn refresh_once(self: &Arc<Self>) -> Option<Fetch> {
        let mut state = lock(&self.refresh);
        if let Some(fetch) = &state.fetch {
            if fetch.peek().is_none() {
                return Some(fetch.clone());
            }
        }
        if state
            .last
            .is_some_and(|last| last.elapsed() < self.min_interval)
        {
            return None;
        }
        state.last = Some(Instant::now());
        let me = self.clone();
        // Its own task: it completes (and fills the cache) even if every waiter gave up.
        let task = tokio::spawn(async move {
            let result = me.fetch().await;
            if let Err(e) = &result {
                tracing::warn!(url = %me.url, error = %e, "cannot fetch the JWKS");
            }
            result
        });
        let fetch = async move { task.await.unwrap_or_else(|e| Err(e.to_string())) }
            .boxed()
            .shared();
        state.fetch = Some(fetch.clone());
        Some(fetch)
    }

    /// Fetches the set and replaces the cache with its usable keys (keys of a type this
    /// server cannot use are skipped, not fatal).
    async fn fetch(&self) -> Result<(), String> {
        let result = self.download().await;
        lock(&self.refresh).error = result.as_ref().err().cloned();
        let entries = result?;
        tracing::debug!(url = %self.url, keys = entries.len(), "JWKS fetched");
        *self.keys.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(entries);
        Ok(())
    }

    async fn download(&self) -> Result<Vec<KeyEntry>, String> {
        let response = self
            .client
            .get(&self.url)
            .send()
            .await
            .map_err(|e| format!("GET {}: {e}", self.url))?;
        if !response.status().is_success() {
            return Err(format!("GET {} answered {}", self.url, response.status()));
        }
        if response
            .content_length()
            .is_some_and(|n| n as usize > MAX_JWKS_BYTES)
        {
            return Err("the JWKS is larger than 1 MiB".into());
        }
        let body = response
            .bytes()
            .await
            .map_err(|e| format!("GET {}: {e}", self.url))?;
        parse_jwks(&body)
    }
}

/// The usable keys of a JWKS document.
fn parse_jwks(body: &[u8]) -> Result<Vec<KeyEntry>, String> {
    #[derive(serde::Deserialize)]
    struct Set {
        keys: Vec<serde_json::Value>,
    }
    let set: Set = serde_json::from_slice(body).map_err(|e| format!("not a JWKS: {e}"))?;
    let mut entries = Vec::new();
    for raw in set.keys {
        let Ok(jwk) = serde_json::from_value::<jsonwebtoken::jwk::Jwk>(raw) else {
            continue;
        };
        let Ok(key) = DecodingKey::from_jwk(&jwk) else {
            continue;
        };
        let alg = jwk
            .common
            .key_algorithm
            .and_then(|a| Algorithm::from_str(&a.to_string()).ok());
        entries.push(KeyEntry {
            kid: jwk.common.key_id.clone(),
            alg,
            family: key.family(),
            key,
        });
    }
    Ok(entries)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jwt_shapes_are_told_from_seat_tokens() {
        assert!(looks_like_jwt("eyJhbGciOiJub25lIn0.eyJzdWIiOiJhIn0."));
        assert!(looks_like_jwt("a.b.c"));
        assert!(!looks_like_jwt(&"ab".repeat(32)));
        assert!(!looks_like_jwt("a.b"));
        assert!(!looks_like_jwt("a..c"));
        assert!(!looks_like_jwt("a.b.c.d"));
        assert!(!looks_like_jwt("a b.c.d"));
    }

    #[test]
    fn headers_are_read_before_keys() {
        let enc = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
        let token = format!("{}.{}.", enc(r#"{"alg":"none"}"#), enc("{}"));
        let header = header_of(&token).unwrap();
        assert_eq!(header.alg, "none");
        assert_eq!(header.kid, None);
        assert!(matches!(header_of("!!.a.b"), Err(TokenError::Malformed(_))));
    }

    #[test]
    fn jwks_keys_of_unknown_types_are_skipped() {
        let body = br#"{"keys":[{"kty":"oct","k":"c2VjcmV0"},{"kty":"XYZ"},
            {"kty":"EC","crv":"P-256","kid":"k1","alg":"ES256",
             "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
             "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}"#;
        let keys = parse_jwks(body).unwrap();
        assert!(keys.iter().any(|k| k.kid.as_deref() == Some("k1")));
        assert!(parse_jwks(b"not json").is_err());
    }

    fn hs256_identity(dir: &std::path::Path) -> Arc<Identity> {
        use clap::Parser;
        let path = dir.join("secret");
        std::fs::write(&path, "0123456789abcdef0123456789abcdef\n").unwrap();
        let config = Config::parse_from([
            "agora-server",
            "--jwt-hs256-secret-file",
            path.to_str().unwrap(),
            "--jwt-issuer",
            "https://backend.test",
            "--jwt-audience",
            "game,other",
        ]);
        Identity::from_config(&config)
            .unwrap()
            .expect("identity on")
    }

    fn sign(secret: &[u8], claims: serde_json::Value) -> String {
        jsonwebtoken::encode(
            &jsonwebtoken::Header::new(Algorithm::HS256),
            &claims,
            &jsonwebtoken::EncodingKey::from_secret(secret),
        )
        .unwrap()
    }

    #[tokio::test]
    async fn a_shared_secret_verifies_and_names_the_player() {
        let dir = std::env::temp_dir().join(format!("agora-identity-{}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).unwrap();
        let identity = hs256_identity(&dir);
        let exp = jsonwebtoken::get_current_timestamp() + 600;
        let secret = b"0123456789abcdef0123456789abcdef";
        let claims = serde_json::json!({
            "iss": "https://backend.test", "aud": "game", "sub": "p1", "name": " Ann ", "exp": exp
        });
        let player = identity
            .verify(&sign(secret, claims.clone()))
            .await
            .unwrap();
        assert_eq!(player.id, "p1");
        assert_eq!(player.name.as_deref(), Some("Ann"));
        let forged = sign(b"another secret of thirty-two bytes!", claims.clone());
        assert_eq!(
            identity.verify(&forged).await,
            Err(TokenError::BadSignature)
        );
        let mut no_aud = claims.clone();
        no_aud.as_object_mut().unwrap().remove("aud");
        assert_eq!(
            identity.verify(&sign(secret, no_aud)).await,
            Err(TokenError::WrongAudience)
        );
        let mut long_sub = claims;
        long_sub["sub"] = serde_json::json!("x".repeat(MAX_PLAYER_ID_LEN + 1));
        assert!(matches!(
            identity.verify(&sign(secret, long_sub)).await,
            Err(TokenError::Malformed(_))
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Identity on needs an audience, or `any` said outright: a forgotten flag must not
    /// accept tokens minted for other apps of the same provider.
    #[test]
    fn identity_needs_an_audience_or_an_explicit_any() {
        use clap::Parser;
        let dir = std::env::temp_dir().join(format!("agora-aud-{}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("secret");
        std::fs::write(&path, "0123456789abcdef0123456789abcdef\n").unwrap();
        let with = |extra: &[&str]| {
            let mut args = vec![
                "agora-server",
                "--jwt-hs256-secret-file",
                path.to_str().unwrap(),
            ];
            args.extend_from_slice(extra);
            Identity::from_config(&Config::parse_from(args))
        };
        let refused = with(&[]).unwrap_err();
        assert!(refused.contains("--jwt-audience is not set"), "{refused}");
        assert!(refused.contains("--jwt-audience any"), "{refused}");
        assert!(with(&["--jwt-audience", "game,any"]).is_err());
        let any = with(&["--jwt-audience", "any"]).unwrap().unwrap();
        assert!(any.audiences.is_empty());
        let one = with(&["--jwt-audience", "game"]).unwrap().unwrap();
        assert_eq!(one.audiences, vec!["game".to_string()]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_crit_header_is_refused_whatever_it_names() {
        let enc = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
        let token = |header: &str| format!("{}.{}.", enc(header), enc("{}"));
        let header = header_of(&token(r#"{"alg":"ES256","crit":["exp-ext"],"exp-ext":1}"#));
        assert_eq!(header.unwrap().crit.as_deref(), Some("\"exp-ext\""));
        let header = header_of(&token(r#"{"alg":"ES256","crit":[]}"#));
        assert_eq!(header.unwrap().crit.as_deref(), Some("[]"));
        let header = header_of(&token(r#"{"alg":"ES256"}"#));
        assert_eq!(header.unwrap().crit, None);
    }

    #[test]
    fn identity_is_off_without_a_key_source_and_refuses_two() {
        use clap::Parser;
        let config = Config::parse_from(["agora-server"]);
        assert!(Identity::from_config(&config).unwrap().is_none());
        // An issuer without keys would leave identity silently off.
        let config = Config::parse_from(["agora-server", "--jwt-issuer", "x"]);
        assert!(Identity::from_config(&config).is_err());
        let config = Config::parse_from([
            "agora-server",
            "--jwks-url",
            "http://127.0.0.1:1/jwks",
            "--jwt-hs256-secret-file",
            "/nonexistent",
        ]);
        assert!(Identity::from_config(&config).is_err());
    }

    #[test]
    fn every_refusal_has_a_sentence() {
        for error in [
            TokenError::Expired,
            TokenError::NotYetValid,
            TokenError::BadSignature,
            TokenError::WrongIssuer,
            TokenError::WrongAudience,
            TokenError::UnknownKey("k".into()),
            TokenError::AlgorithmNotAllowed("none".into()),
            TokenError::Malformed("x".into()),
            TokenError::MissingSub,
            TokenError::CriticalExtension("\"b64\"".into()),
            TokenError::KeysUnavailable("down".into()),
        ] {
            assert!(error.sentence().ends_with('.'), "{error:?}");
        }
    }
}
