#!/usr/bin/env bash
# Smoke test of what the container image runs, without Docker: the release agora-server
# started with the environment of deploy/Dockerfile + deploy/compose.yaml, two replicas
# on one private Redis with AOF (as in compose), checked with the image's HEALTHCHECK
# command (`agora health --service agora.v1.GameService`) and the bundled CLI:
#   - health of each replica; `agora play --bots --game origin` against each;
#   - shared sessions: a game played on replica A is listed and replayed on B, and a
#     live event stream opened on B follows moves submitted on A;
#   - logs are JSON lines (AGORA_LOG_FORMAT=json); Redis wrote its append-only file;
#   - SIGTERM (docker stop / Kubernetes) ends the server gracefully with exit code 0.
# Ports are free ones on 127.0.0.1 (AGORA_LISTEN binds loopback here instead of the
# image's 0.0.0.0). Honours CARGO_TARGET_DIR; builds the two binaries only when they
# are missing (AGORA_SMOKE_BUILD=1 runs cargo build anyway, a no-op when up to date);
# AGORA_SMOKE_PROFILE=release|test|dev (default release). Needs redis-server, redis-cli.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
# release by default (what the image ships); CI may pass test to reuse `cargo test`'s build.
PROFILE=${AGORA_SMOKE_PROFILE:-release}
case $PROFILE in
  dev | test) PROFILE_DIR=debug ;;
  bench) PROFILE_DIR=release ;;
  *) PROFILE_DIR=$PROFILE ;;
esac
SERVER_BIN=$TARGET_DIR/$PROFILE_DIR/agora-server
AGORA_BIN=$TARGET_DIR/$PROFILE_DIR/agora
PYTHON=${PYTHON:-python3}

step() { printf '\n== smoke: %s\n' "$*"; }
fail() { printf '\nSMOKE FAILED: %s\n' "$*" >&2; exit 1; }

for tool in redis-server redis-cli "$PYTHON"; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done

if [[ ! -x $SERVER_BIN || ! -x $AGORA_BIN || ${AGORA_SMOKE_BUILD:-0} == 1 ]]; then
  step "build agora-server and agora ($PROFILE, into $TARGET_DIR)"
  cargo build --profile "$PROFILE" -p agora-service --bin agora-server -p agora-cli --bin agora
else
  step "using the binaries in $TARGET_DIR/$PROFILE_DIR (AGORA_SMOKE_BUILD=1 rebuilds)"
fi
[[ -x $SERVER_BIN && -x $AGORA_BIN ]] || fail "no binaries in $TARGET_DIR/$PROFILE_DIR"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agora-smoke.XXXXXX")
PIDS=()
cleanup() {
  local rc=$?
  local pid
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  if [[ $rc -ne 0 ]]; then
    local log
    for log in "$WORK"/*.log; do
      [[ -f $log ]] || continue
      echo "--- last lines of $log:" >&2
      tail -n 15 "$log" >&2 || true
    done
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# Three free loopback ports, held together while they are chosen so they differ.
read -r REDIS_PORT PORT_A PORT_B < <("$PYTHON" -c '
import socket
socks = [socket.socket() for _ in range(3)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))
for s in socks:
    s.close()')

step "redis-server on 127.0.0.1:$REDIS_PORT (appendonly yes, dir $WORK/redis)"
mkdir -p "$WORK/redis"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --appendonly yes --appendfsync everysec \
  --maxmemory-policy noeviction --save "" --dir "$WORK/redis" >"$WORK/redis.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do
  [[ $(redis-cli -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]] && break
  sleep 0.1
done
[[ $(redis-cli -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]] || fail "redis-server did not start"

# The environment of a compose replica: the image's ENV, then compose's environment.
# `env -i` so nothing else from this shell leaks in.
start_replica() { # start_replica NAME PORT
  env -i PATH=/usr/bin:/bin HOME="$WORK" \
    AGORA_LISTEN="127.0.0.1:$2" \
    AGORA_STORE=redis \
    AGORA_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0" \
    AGORA_LOG_FORMAT=json \
    AGORA_FINISHED_TTL=24h \
    AGORA_ABANDONED_TTL=7d \
    RUST_LOG=info \
    "$SERVER_BIN" >"$WORK/$1.log" 2>&1 &
  PIDS+=($!)
  LAST_PID=$!
}
step "two agora-server replicas: A on :$PORT_A, B on :$PORT_B (AGORA_STORE=redis)"
start_replica server-a "$PORT_A"
PID_A=$LAST_PID
start_replica server-b "$PORT_B"
A=http://127.0.0.1:$PORT_A
B=http://127.0.0.1:$PORT_B
agora() { env -u AGORA_TOKEN "$AGORA_BIN" "$@"; }

step "health: the image's HEALTHCHECK command against each replica"
for server in "$A" "$B"; do
  agora --server "$server" health --wait 60 >/dev/null || fail "$server never became healthy"
  # Exactly what the Dockerfile's HEALTHCHECK runs (it reads AGORA_SERVER).
  AGORA_SERVER=$server "$AGORA_BIN" health --service agora.v1.GameService || fail "HEALTHCHECK command failed on $server"
done

step "agora play --bots --game origin, on each replica"
SID_A=$(agora --server "$A" play --bots --game origin --players 4 --seed 42 --quiet | tee "$WORK/play-a.txt" |
  sed -n 's/.*, session \(.*\)$/\1/p')
grep "game over" "$WORK/play-a.txt" || true
[[ -n $SID_A ]] || fail "agora play on replica A printed no session id"
SID_B=$(agora --server "$B" play --bots --game origin --players 2 --set rules=junior --seed 7 --quiet | tee "$WORK/play-b.txt" |
  sed -n 's/.*, session \(.*\)$/\1/p')
grep "game over" "$WORK/play-b.txt" || true
[[ -n $SID_B ]] || fail "agora play on replica B printed no session id"

step "shared store: each replica sees the other's sessions"
agora --server "$B" sessions --all >"$WORK/sessions-b.txt" || fail "sessions on B"
grep -q "$SID_A" "$WORK/sessions-b.txt" || fail "the game played on A is not listed by B"
agora --server "$A" sessions --all >"$WORK/sessions-a.txt" || fail "sessions on A"
grep -q "$SID_B" "$WORK/sessions-a.txt" || fail "the game played on B is not listed by A"
agora --server "$B" watch "$SID_A" >"$WORK/watch-replay.txt" || fail "agora watch on B of A's game"
grep -q "final standings" "$WORK/watch-replay.txt" || fail "B did not replay A's game to its outcome"
echo "B replays A's game: $(grep -c '^v[0-9]' "$WORK/watch-replay.txt") versions, then the outcome"

step "live stream across replicas: watch on B, moves submitted on A"
out=$(agora --server "$A" create origin --players 2 --seed 3) || fail "create on A"
SID=$(sed -n 's/^join with: agora join //p' <<<"$out")
[[ -n $SID ]] || fail "no session id from create"
T0=$(agora --server "$B" join "$SID" --seat 0 --name Ada | sed -n 's/^token: //p')
T1=$(agora --server "$A" join "$SID" --seat 1 --name Bob | sed -n 's/^token: //p')
[[ -n $T0 && -n $T1 ]] || fail "join printed no token"
START=$(agora --server "$A" session "$SID" | sed -n 's/^status: .*, version \([0-9]*\)$/\1/p')
"$AGORA_BIN" --server "$B" watch "$SID" --after "${START:-0}" >"$WORK/watch-live.txt" 2>&1 &
WATCH_PID=$!
PIDS+=("$WATCH_PID")
for _ in $(seq 50); do grep -q '^watching' "$WORK/watch-live.txt" && break; sleep 0.1; done
sleep 0.5 # let the stream open before the moves
for _ in 1 2 3; do
  TOACT=$(agora --server "$A" session "$SID" | sed -n 's/^to act: seat \([0-9]*\).*/\1/p')
  [[ $TOACT == 0 ]] && TOK=$T0 || TOK=$T1
  agora --server "$A" --token "$TOK" submit "$SID" --index 0 >/dev/null || fail "submit on A"
done
VERSION=$(agora --server "$A" session "$SID" | sed -n 's/^status: .*, version \([0-9]*\)$/\1/p')
for _ in $(seq 100); do grep -q "^v$VERSION by" "$WORK/watch-live.txt" && break; sleep 0.1; done
cat "$WORK/watch-live.txt"
grep -q "^v$VERSION by" "$WORK/watch-live.txt" || fail "the stream on B did not deliver v$VERSION committed on A"
kill -TERM "$WATCH_PID" 2>/dev/null || true

step "JSON logs and the append-only file"
"$PYTHON" - "$WORK/server-a.log" "$WORK/server-b.log" <<'EOF' || fail "a server log line is not JSON"
import json, sys
for path in sys.argv[1:]:
    lines = [l for l in open(path) if l.strip()]
    records = [json.loads(l) for l in lines]
    assert records, f"{path} is empty"
    assert any("agora-server ready" in json.dumps(r) for r in records), f"{path}: no ready line"
    print(f"{path.rsplit('/', 1)[-1]}: {len(records)} JSON lines, level={records[0].get('level')}")
EOF
AOF=$(find "$WORK/redis" -name '*.aof' -size +0 | head -n 1)
[[ -n $AOF ]] || fail "Redis wrote no append-only file"
grep -aq XADD "$WORK"/redis/appendonlydir/* 2>/dev/null || grep -aq XADD "$AOF" || fail "the AOF holds no session events"
echo "append-only file: $(du -sh "$WORK/redis" | cut -f1) in $WORK/redis"

step "SIGTERM: replica A shuts down gracefully"
kill -TERM "$PID_A"
STATUS=0
wait "$PID_A" || STATUS=$?
[[ $STATUS == 0 ]] || fail "agora-server exited with $STATUS after SIGTERM"
grep -q '"stopped"\|stopped' "$WORK/server-a.log" || fail "no 'stopped' log line"
if agora --server "$A" health >/dev/null 2>&1; then fail "A still answers after SIGTERM"; fi
agora --server "$B" health --service agora.v1.GameService >/dev/null || fail "B is not healthy after A stopped"
agora --server "$B" session "$SID" >/dev/null || fail "B cannot read the session after A stopped"
echo "A exited 0; B still serves the session"

echo
echo "deploy smoke test: ok"
