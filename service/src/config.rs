//! Server configuration: every flag also reads an `AGORA_*` environment variable, so the
//! same binary is configured by a shell, a compose file or a Kubernetes manifest.

use clap::{Parser, ValueEnum};
use std::{net::SocketAddr, path::PathBuf, time::Duration};

/// Where sessions live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StoreKind {
    /// In this process only (the embedded default; lost on restart).
    Memory,
    /// A Redis server shared by every replica.
    Redis,
    /// A Redis Cluster shared by every replica (`--redis-url` lists seed nodes).
    RedisCluster,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// `agora-server`: hosts turn-based board games over gRPC (and gRPC-Web).
#[derive(Debug, Clone, Parser)]
#[command(name = "agora-server", version, about)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "AGORA_LISTEN", default_value = "0.0.0.0:50051")]
    pub listen: SocketAddr,

    /// Session store.
    #[arg(long, value_enum, env = "AGORA_STORE", default_value = "memory")]
    pub store: StoreKind,

    /// Redis URL for `--store redis` (e.g. redis://127.0.0.1:6379/0); for
    /// `--store redis-cluster`, comma-separated seed nodes
    /// (e.g. redis://10.0.0.1:6379,redis://10.0.0.2:6379).
    #[arg(long, env = "AGORA_REDIS_URL")]
    pub redis_url: Option<String>,

    /// How long a finished session is kept (e.g. 90s, 30m, 24h, 7d).
    #[arg(long, env = "AGORA_FINISHED_TTL", default_value = "24h", value_parser = parse_duration)]
    pub finished_ttl: Duration,

    /// How long a session without any write is kept before it expires.
    #[arg(long, env = "AGORA_ABANDONED_TTL", default_value = "7d", value_parser = parse_duration)]
    pub abandoned_ttl: Duration,

    /// Log lines as human text or as one JSON object per line.
    #[arg(long, value_enum, env = "AGORA_LOG_FORMAT", default_value = "text")]
    pub log_format: LogFormat,

    /// Most sessions the store keeps; CreateSession beyond it gets RESOURCE_EXHAUSTED.
    #[arg(long, env = "AGORA_MAX_SESSIONS", default_value_t = 10_000)]
    pub max_sessions: usize,

    /// Largest request or response message, in bytes.
    #[arg(long, env = "AGORA_MAX_MESSAGE_BYTES", default_value_t = 1 << 20)]
    pub max_message_bytes: usize,

    /// Largest request metadata (headers), in bytes as HTTP/2 counts them (name + value +
    /// 32 per field); a call over it is refused with RESOURCE_EXHAUSTED, its connection
    /// kept. HTTP/2 header lists over four times this are refused by HTTP/2 itself.
    #[arg(long, env = "AGORA_MAX_METADATA_BYTES", default_value_t = 16 << 10)]
    pub max_metadata_bytes: usize,

    /// Deadline of a unary call, in milliseconds (streams are not cut by it).
    #[arg(long, env = "AGORA_REQUEST_TIMEOUT_MS", default_value_t = 10_000)]
    pub request_timeout_ms: u64,

    /// Open StreamEvents subscriptions one connection may hold; one more is refused at once
    /// with RESOURCE_EXHAUSTED. The HTTP/2 stream limit advertised to clients is this plus
    /// 256, so open subscriptions never block a connection's unary calls.
    #[arg(long, env = "AGORA_MAX_CONCURRENT_STREAMS", default_value_t = 256)]
    pub max_concurrent_streams: u32,

    /// Open StreamEvents subscriptions one client IP address may hold over all its
    /// connections; one more is refused at once with RESOURCE_EXHAUSTED. 0: no limit.
    /// Behind a proxy every client shares the proxy's address: set 0 there and rely on
    /// the per-player limit (and the proxy's own).
    #[arg(long, env = "AGORA_MAX_STREAMS_PER_ADDRESS", default_value_t = 4096)]
    pub max_streams_per_address: usize,

    /// Open StreamEvents subscriptions one player may hold over all connections (a
    /// signed-in player by its id, a seat token's holder by the token; spectators count
    /// only per connection and address); one more is refused with RESOURCE_EXHAUSTED.
    /// 0: no limit.
    #[arg(long, env = "AGORA_MAX_STREAMS_PER_PLAYER", default_value_t = 64)]
    pub max_streams_per_player: usize,

    /// Calls served at once by this process, over all connections; one more is refused at
    /// once with RESOURCE_EXHAUSTED ("retry with backoff"), never queued. A StreamEvents
    /// call counts only until its stream is open; health checks never count.
    #[arg(long, env = "AGORA_MAX_CONCURRENT_REQUESTS", default_value_t = 4096)]
    pub max_concurrent_requests: usize,

    /// Retries of a SubmitAction without `expected_version` that lost a race.
    #[arg(long, env = "AGORA_COMMIT_RETRIES", default_value_t = 5)]
    pub commit_retries: u32,

    /// Sessions whose decoded state this replica keeps, least recently used evicted, so a
    /// move on a warm session is one store call. 0 turns the cache off. Safe with any
    /// number of replicas: a commit built on a stale entry is refused by the store.
    #[arg(long, env = "AGORA_STATE_CACHE_SESSIONS", default_value_t = crate::api::DEFAULT_STATE_CACHE)]
    pub state_cache_sessions: usize,

    /// Threads that run calls: 0 is one per CPU the process may use (its affinity and cgroup
    /// quota). With one, everything runs on tokio's current-thread scheduler, which sends
    /// the responses that are ready in one write per connection.
    #[arg(long, env = "AGORA_WORKER_THREADS", default_value_t = 0)]
    pub worker_threads: usize,

    /// Versions a live subscriber may fall behind before its stream is ended.
    #[arg(long, env = "AGORA_STREAM_BUFFER", default_value_t = 1024)]
    pub stream_buffer: usize,

    /// A stream whose replica cannot read the game's log for this long (its store is
    /// unreachable from here) ends with UNAVAILABLE "resume from version N", so that the
    /// client moves to a replica that can (at least 1s).
    #[arg(long, env = "AGORA_STREAM_STORE_TIMEOUT", default_value = "5s", value_parser = parse_duration)]
    pub stream_store_timeout: Duration,

    /// An HTTP/2 PING is sent on a connection quiet for this long: a client sees that an
    /// idle stream's connection is alive, and a peer that vanished is noticed (0s: none).
    #[arg(long, env = "AGORA_HTTP2_KEEPALIVE_INTERVAL", default_value = "20s", value_parser = parse_duration)]
    pub http2_keepalive_interval: Duration,

    /// A connection whose peer does not answer a keepalive PING within this long is closed.
    #[arg(long, env = "AGORA_HTTP2_KEEPALIVE_TIMEOUT", default_value = "10s", value_parser = parse_duration)]
    pub http2_keepalive_timeout: Duration,

    /// OTLP/gRPC collector to export traces and metrics to (e.g. http://127.0.0.1:4317).
    /// Read from the standard `OTEL_EXPORTER_OTLP_ENDPOINT`; unset, nothing is exported
    /// and no exporter is built. The service name is `agora-server` unless
    /// `OTEL_SERVICE_NAME` says otherwise; metrics are sent every 60 s
    /// (`OTEL_METRIC_EXPORT_INTERVAL`, in ms) and at shutdown.
    #[arg(long, env = "OTEL_EXPORTER_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,

    /// The permanent archive: a PostgreSQL URL (`postgres://user:pass@host:5432/db`).
    /// Every finished game is written there and read from there once the live store has
    /// dropped it (docs/operations.md, "Archive"). Unset, nothing is archived.
    #[arg(long, env = "AGORA_ARCHIVE_URL", hide_env_values = true)]
    pub archive_url: Option<String>,

    /// Connections this replica keeps to the archive database at most.
    #[arg(long, env = "AGORA_ARCHIVE_POOL_SIZE", default_value_t = 4)]
    pub archive_pool_size: u32,

    /// Longest one archive statement may run (and a connection be waited for).
    #[arg(long, env = "AGORA_ARCHIVE_STATEMENT_TIMEOUT", default_value = "5s", value_parser = parse_duration)]
    pub archive_statement_timeout: Duration,

    /// How long archived games are kept: `forever`, or a duration (`400d`). Older ones are
    /// deleted by an hourly job that runs on one replica at a time (docs/operations.md,
    /// "Retention").
    #[arg(long, env = "AGORA_ARCHIVE_KEEP", default_value = "forever", value_parser = parse_keep)]
    pub archive_keep: Keep,

    /// Turn notifications: the operator's endpoint that receives them as signed webhooks
    /// (Standard Webhooks; docs/notifications.md). Unset, none are made.
    #[arg(long, env = "AGORA_WEBHOOK_URL")]
    pub webhook_url: Option<String>,

    /// The webhooks' signing secret, `whsec_<base64 of 24 to 64 random bytes>`.
    #[arg(long, env = "AGORA_WEBHOOK_SECRET", hide_env_values = true)]
    pub webhook_secret: Option<String>,

    /// Longest one webhook POST may take, in milliseconds.
    #[arg(long, env = "AGORA_WEBHOOK_TIMEOUT_MS", default_value_t = 5_000)]
    pub webhook_timeout_ms: u64,

    /// Attempts per notification before it goes to the dead-letter list.
    #[arg(long, env = "AGORA_WEBHOOK_MAX_ATTEMPTS", default_value_t = 10)]
    pub webhook_max_attempts: u32,

    /// Wait after a notification's first failed attempt, in milliseconds; it doubles
    /// after each failure (with jitter) up to `--webhook-backoff-max-ms`.
    #[arg(long, env = "AGORA_WEBHOOK_BACKOFF_MS", default_value_t = 1_000)]
    pub webhook_backoff_ms: u64,

    /// Longest wait between two attempts, in milliseconds.
    #[arg(long, env = "AGORA_WEBHOOK_BACKOFF_MAX_MS", default_value_t = 600_000)]
    pub webhook_backoff_max_ms: u64,

    /// A player whose clock runs is warned this many milliseconds before its deadline
    /// (0: no warnings).
    #[arg(long, env = "AGORA_WEBHOOK_CLOCK_WARNING_MS", default_value_t = 60_000)]
    pub webhook_clock_warning_ms: u64,

    /// How long an open stream counts as the player being there after its last refresh
    /// (streams refresh it every third of this), in milliseconds.
    #[arg(long, env = "AGORA_WEBHOOK_PRESENCE_TTL_MS", default_value_t = 15_000)]
    pub webhook_presence_ttl_ms: u64,

    /// Table chat: messages one player (or seat) may send a minute on this replica, in
    /// bursts of up to a sixth of it; more get RESOURCE_EXHAUSTED with the wait.
    #[arg(long, env = "AGORA_CHAT_MESSAGES_PER_MINUTE", default_value_t = 30)]
    pub chat_messages_per_minute: u32,

    /// Table chat: a file of words (one a line, `#` comments) masked as *** in messages.
    #[arg(long, env = "AGORA_CHAT_WORD_LIST")]
    pub chat_word_list: Option<String>,

    /// Table chat: the operator's filter, asked before each text message is stored
    /// (signed like the notification webhooks); it answers accept, mask or reject.
    #[arg(long, env = "AGORA_CHAT_FILTER_URL")]
    pub chat_filter_url: Option<String>,

    /// The chat filter's signing secret (`whsec_...`); `--webhook-secret` when unset.
    #[arg(long, env = "AGORA_CHAT_FILTER_SECRET", hide_env_values = true)]
    pub chat_filter_secret: Option<String>,

    /// Longest the chat filter may take to answer, in milliseconds.
    #[arg(long, env = "AGORA_CHAT_FILTER_TIMEOUT_MS", default_value_t = 1_000)]
    pub chat_filter_timeout_ms: u64,

    /// The verdict when the chat filter fails or is late: reject (the message is refused
    /// with UNAVAILABLE, to retry) or accept (stored, word list applied).
    #[arg(
        long,
        env = "AGORA_CHAT_FILTER_DEFAULT",
        value_enum,
        default_value = "reject"
    )]
    pub chat_filter_default: crate::chat_filter::DefaultVerdict,

    /// Player tokens: the issuer (`iss`) they must name; repeat or comma-separate to
    /// accept several. Unset: any issuer. See docs/identity.md.
    #[arg(long, env = "AGORA_JWT_ISSUER", value_delimiter = ',')]
    pub jwt_issuer: Vec<String>,

    /// Player tokens: the audience (`aud`) they must include (one of these); repeat or
    /// comma-separate. Required when identity is on (the server refuses to start without
    /// it); `any` accepts tokens minted for every audience.
    #[arg(long, env = "AGORA_JWT_AUDIENCE", value_delimiter = ',')]
    pub jwt_audience: Vec<String>,

    /// Player tokens: the signature algorithms accepted (`none` never is). With
    /// --jwt-hs256-secret-file only HS256 applies.
    #[arg(
        long,
        env = "AGORA_JWT_ALGORITHMS",
        value_delimiter = ',',
        default_value = "RS256,ES256"
    )]
    pub jwt_algorithms: Vec<String>,

    /// Player tokens: the identity provider's JWKS URL (fetched at start, every 5
    /// minutes, and when a token names an unknown key id). Setting a key source turns
    /// player identity on.
    #[arg(long, env = "AGORA_JWKS_URL")]
    pub jwks_url: Option<String>,

    /// Player tokens: public keys in PEM (RSA, EC or Ed25519) instead of a JWKS URL;
    /// repeat or comma-separate.
    #[arg(long, env = "AGORA_JWT_PUBLIC_KEY_FILE", value_delimiter = ',')]
    pub jwt_public_key_file: Vec<PathBuf>,

    /// Player tokens: a file holding an HS256 shared secret (at least 32 bytes) instead
    /// of public keys, for an operator backend that signs its own tokens.
    #[arg(long, env = "AGORA_JWT_HS256_SECRET_FILE")]
    pub jwt_hs256_secret_file: Option<PathBuf>,

    /// Player tokens: the claim holding the player's display name.
    #[arg(long, env = "AGORA_JWT_NAME_CLAIM", default_value = "name")]
    pub jwt_name_claim: String,

    /// Shortest time between two JWKS fetches started by tokens with unknown key ids
    /// (forged key ids cannot make the server hammer the identity provider).
    #[arg(long, env = "AGORA_JWKS_REFRESH_MIN_INTERVAL", default_value = "10s", value_parser = parse_duration)]
    pub jwks_refresh_min_interval: Duration,

    /// Sessions a signed-in player may hold seats in that are not finished; one more
    /// JoinSession gets RESOURCE_EXHAUSTED. 0: no limit.
    #[arg(long, env = "AGORA_MAX_OPEN_SESSIONS_PER_PLAYER", default_value_t = 0)]
    pub max_open_sessions_per_player: usize,

    /// Calls per second one signed-in player may make to this replica (bursts of as
    /// many); more get RESOURCE_EXHAUSTED. Counted per replica. 0: no limit.
    #[arg(long, env = "AGORA_PLAYER_CALLS_PER_SECOND", default_value_t = 0)]
    pub player_calls_per_second: u32,

    /// Quick-match tickets (StartQuickMatch) one signed-in player may start per minute on
    /// this replica (bursts of as many); more get RESOURCE_EXHAUSTED with a RetryInfo.
    /// 0: no limit.
    #[arg(
        long,
        env = "AGORA_QUICK_MATCH_TICKETS_PER_MINUTE",
        default_value_t = 30
    )]
    pub quick_match_tickets_per_minute: u32,

    /// How long a quick-match ticket waits for a match before it expires.
    #[arg(long, env = "AGORA_QUICK_MATCH_TICKET_TTL", default_value = "5m", value_parser = parse_duration)]
    pub quick_match_ticket_ttl: Duration,

    /// Accept a CreateSession `seed` for sessions with more than one seat left to people
    /// without `unrated` (tests, tournaments replaying fixed deals). A chosen seed fixes
    /// every hidden card, so its chooser may know the others' hands; off, such a session
    /// must be created `unrated` and shows `seed_chosen` to every player.
    #[arg(long, env = "AGORA_ALLOW_CHOSEN_SEEDS")]
    pub allow_chosen_seeds: bool,

    /// A built web client (e.g. clients/web/dist) served on the same port beside the
    /// gRPC routes, so a browser needs no second server and no CORS: unknown paths get
    /// its index.html (client-side routes).
    #[arg(long, env = "AGORA_WEB_DIR")]
    pub web_dir: Option<std::path::PathBuf>,

    /// An origin (e.g. http://localhost:5173) whose pages may call the server over
    /// gRPC-Web; repeatable. Only needed for pages not served by `--web-dir`.
    #[arg(
        long = "cors-allow-origin",
        env = "AGORA_CORS_ALLOW_ORIGINS",
        value_delimiter = ','
    )]
    pub cors_allow_origins: Vec<String>,
}

/// HTTP/2 streams a connection may use for calls beside its open event streams.
pub const UNARY_STREAMS_PER_CONNECTION: u32 = 256;

/// A duration as digits and a unit: `s`, `m`, `h` or `d` (`90s`, `30m`, `24h`, `7d`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("{text:?}: expected digits then a unit, like 24h"))?;
    let secs = match unit {
        "s" | "" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(format!("{text:?}: the unit must be s, m, h or d")),
    };
    n.checked_mul(secs)
        .map(Duration::from_secs)
        .ok_or_else(|| format!("{text:?}: too long"))
}

/// How long something is kept: for ever, or a duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    Forever,
    For(Duration),
}

/// `forever`, or a duration as [`parse_duration`] reads it (not zero).
pub fn parse_keep(text: &str) -> Result<Keep, String> {
    if text.trim() == "forever" {
        return Ok(Keep::Forever);
    }
    match parse_duration(text)? {
        d if d.is_zero() => Err(format!("{text:?}: keep for longer than 0, or `forever`")),
        d => Ok(Keep::For(d)),
    }
}

impl Config {
    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.request_timeout_ms)
    }

    /// `--stream-store-timeout`, at least a second (a feed reads every two).
    pub fn stream_store_timeout(&self) -> Duration {
        self.stream_store_timeout.max(Duration::from_secs(1))
    }

    /// `--http2-keepalive-interval`, `None` for 0s.
    pub fn http2_keepalive_interval(&self) -> Option<Duration> {
        Some(self.http2_keepalive_interval).filter(|d| !d.is_zero())
    }

    /// The HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS advertised: room for every event stream
    /// a connection may open plus [`UNARY_STREAMS_PER_CONNECTION`] calls beside them.
    pub fn http2_max_streams(&self) -> u32 {
        self.max_concurrent_streams
            .saturating_add(UNARY_STREAMS_PER_CONNECTION)
    }

    /// Defaults for tests and embedding: every value as if no flag were given, listening
    /// on an ephemeral loopback port.
    pub fn for_tests() -> Config {
        let mut config = Config::parse_from(["agora-server"]);
        config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent_and_defaults_match_the_design() {
        Config::command().debug_assert();
        let config = Config::parse_from(["agora-server"]);
        assert_eq!(config.listen.to_string(), "0.0.0.0:50051");
        assert_eq!(config.store, StoreKind::Memory);
        assert_eq!(config.stream_store_timeout(), Duration::from_secs(5));
        assert_eq!(
            config.http2_keepalive_interval(),
            Some(Duration::from_secs(20))
        );
        let config = Config::parse_from([
            "agora-server",
            "--http2-keepalive-interval",
            "0s",
            "--stream-store-timeout",
            "0s",
        ]);
        assert_eq!(config.http2_keepalive_interval(), None);
        assert_eq!(config.stream_store_timeout(), Duration::from_secs(1));
    }

    #[test]
    fn archive_keep_is_forever_or_a_positive_duration() {
        assert_eq!(parse_keep("forever"), Ok(Keep::Forever));
        assert_eq!(
            parse_keep("400d"),
            Ok(Keep::For(Duration::from_secs(400 * 86_400)))
        );
        assert!(parse_keep("0s").is_err());
        assert!(parse_keep("soon").is_err());
        assert_eq!(Config::for_tests().archive_keep, Keep::Forever);
    }

    #[test]
    fn flags_override_defaults() {
        let config = Config::parse_from([
            "agora-server",
            "--store",
            "redis",
            "--redis-url",
            "redis://127.0.0.1:1/",
            "--log-format",
            "json",
        ]);
        assert_eq!(config.store, StoreKind::Redis);
        assert_eq!(config.log_format, LogFormat::Json);
    }

    #[test]
    fn ttls_default_to_a_day_and_a_week_and_parse_units() {
        let config = Config::parse_from(["agora-server"]);
        assert_eq!(config.finished_ttl, Duration::from_secs(86_400));
        assert_eq!(config.abandoned_ttl, Duration::from_secs(7 * 86_400));
        let config = Config::parse_from(["agora-server", "--finished-ttl", "90s"]);
        assert_eq!(config.finished_ttl, Duration::from_secs(90));
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert!(parse_duration("3 weeks").is_err());
    }
}
