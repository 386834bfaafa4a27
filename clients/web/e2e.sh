#!/usr/bin/env bash
# End-to-end check of the web client (clients/web) in a real Chromium:
#   clients/web/e2e.sh [HOST:PORT]
# Builds the app (npm ci, tsc, vite build: dist/), then runs e2e/play.mjs (playwright-core
# driving Debian's chromium, installed with apt-get when /usr/bin/chromium is missing): for
# Origin (junior and standard rules), Attika, Terra Nova and Origins, two browser contexts take the two seats and play to
# the end by clicking, a third watches and must see the same final scores; one reload
# mid-game resumes; one illegal board click shows the refusal's sentence. Then e2e/follow.mjs:
# 10 games of server bots followed one after another in one page with @agora/sdk's
# followEvents over gRPC-Web (Chromium's 6 connections per host: a stream left open would
# stall the 7th).
# With no address, starts its own agora-server (AGORA_SERVER_BIN, default
# $CARGO_TARGET_DIR/debug/agora-server, else target/debug/agora-server) with --web-dir dist on
# a free loopback port, storing sessions in a private redis-server (another free port) and
# accepting HS256 player tokens (a fresh secret file): a supervisor loop restarts it on the
# same port whenever it dies, so play.mjs can kill it mid-game (AGORA_WEB_SERVER_PIDFILE) to
# prove the page resumes, and can sign players in (AGORA_WEB_JWT_SECRET_FILE). With
# HOST:PORT, that server must already serve this dist (agora-server --web-dir
# clients/web/dist); the restart and sign-in checks are then skipped. Node as in clients/typescript/e2e.sh: the one on
# PATH when >= 20, else from PyPI into AGORA_E2E_NODE_VENV (or a temporary virtualenv).
# AGORA_WEB_SHOTS=DIR saves a mid-game screenshot of each board; AGORA_WEB_GAMES="origin attika"
# plays only those. Exits non-zero on any failure.
set -euo pipefail
ADDR=${1:-}
ADDR=${ADDR#http://}
cd "$(dirname "$0")"
WEB_DIR=$(pwd)
PYTHON=${PYTHON:-python3}
START=$(date +%s)

step() { printf '\n== web e2e: %s\n' "$*"; }
fail() { printf '\nWEB E2E FAILED: %s\n' "$*" >&2; exit 1; }

# node_ok, ensure_node: the Node these checks need (from PyPI when none is installed).
source ../lib/node.sh

TMP_VENV_DIR=
SUPERVISOR_PID=
REDIS_PID=
RUN_DIR=
LOG=
cleanup() {
  local rc=$?
  if [[ -n $SUPERVISOR_PID ]]; then
    touch "$RUN_DIR/stop"
    local pid
    # Until the supervisor is gone (a server it was starting as stop appeared is stopped too).
    for _ in $(seq 50); do
      pid=$(cat "$RUN_DIR/server.pid" 2>/dev/null || true)
      if [[ -n $pid ]]; then kill -TERM "$pid" 2>/dev/null || true; fi
      kill -0 "$SUPERVISOR_PID" 2>/dev/null || break
      sleep 0.2
    done
    wait "$SUPERVISOR_PID" 2>/dev/null || true
  fi
  if [[ -n $REDIS_PID ]] && kill -0 "$REDIS_PID" 2>/dev/null; then
    kill -TERM "$REDIS_PID" 2>/dev/null || true
    wait "$REDIS_PID" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -n $LOG && -f $LOG ]]; then
    echo "--- last lines of the server log ($LOG):" >&2
    tail -n 20 "$LOG" >&2 || true
  fi
  if [[ -n $TMP_VENV_DIR ]]; then rm -rf "$TMP_VENV_DIR"; fi
  if [[ -n $RUN_DIR ]]; then rm -rf "$RUN_DIR"; fi
}
trap cleanup EXIT

if ! node_ok && [[ -n ${AGORA_E2E_NODE_VENV:-} && -x $AGORA_E2E_NODE_VENV/bin/node ]]; then
  export PATH=$AGORA_E2E_NODE_VENV/bin:$PATH
fi
ensure_node web
echo "node $(node --version), npm $(npm --version)"

step "chromium"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [[ ! -x $CHROMIUM ]]; then
  SUDO=
  if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; fi
  $SUDO apt-get install -y -qq chromium >/dev/null 2>&1 ||
    { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null; } ||
    fail "apt-get install chromium"
fi
"$CHROMIUM" --version || fail "no chromium at $CHROMIUM"
export CHROMIUM

step "npm ci and build (tsc, vite build)"
npm ci --no-audit --no-fund --loglevel=error || fail "npm ci"
npm run -s build || fail "the build"
du -b dist/assets/* | awk '{ printf "  %s: %d bytes\n", $2, $1 }'
gzip -c dist/assets/*.js | wc -c | awk '{ printf "  JavaScript gzipped: %d bytes\n", $1 }'

if [[ -z $ADDR ]]; then
  TARGET_DIR=${CARGO_TARGET_DIR:-$WEB_DIR/../../target}
  SERVER_BIN=${AGORA_SERVER_BIN:-$TARGET_DIR/debug/agora-server}
  [[ -x $SERVER_BIN ]] || fail "no agora-server at $SERVER_BIN (cargo build -p agora-service --bin agora-server, or set AGORA_SERVER_BIN)"
  free_port() { "$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  command -v redis-server >/dev/null || fail "no redis-server (apt-get install redis-server): the restart check needs a store that outlives the server"
  RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/agora-web-run.XXXXXX")
  LOG=$RUN_DIR/server.log
  REDIS_PORT=$(free_port)
  step "redis-server on 127.0.0.1:$REDIS_PORT (private, no persistence)"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$RUN_DIR" >"$RUN_DIR/redis.log" 2>&1 &
  REDIS_PID=$!
  for _ in $(seq 100); do
    if "$PYTHON" -c "import socket; socket.create_connection(('127.0.0.1', $REDIS_PORT), 0.2)" 2>/dev/null; then break; fi
    kill -0 "$REDIS_PID" 2>/dev/null || fail "redis-server exited"
    sleep 0.1
  done
  head -c 48 /dev/urandom | base64 | tr -d '\n' >"$RUN_DIR/jwt-secret"
  PORT=$(free_port)
  ADDR=127.0.0.1:$PORT
  step "agora-server --web-dir dist --store redis on $ADDR (restarted whenever it dies)"
  # The supervisor: each server's pid in server.pid; a second after one dies, the next starts
  # on the same port, until cleanup creates $RUN_DIR/stop.
  (
    while [[ ! -e $RUN_DIR/stop ]]; do
      "$SERVER_BIN" --listen "$ADDR" --web-dir "$WEB_DIR/dist" --store redis --redis-url "redis://127.0.0.1:$REDIS_PORT/0" \
        --jwt-hs256-secret-file "$RUN_DIR/jwt-secret" --jwt-audience agora-web-e2e --allow-chosen-seeds >>"$LOG" 2>&1 &
      echo $! >"$RUN_DIR/server.pid"
      wait $! || true
      sleep 1
    done
  ) &
  SUPERVISOR_PID=$!
  for _ in $(seq 100); do
    if curl -fsS "http://$ADDR/" -o /dev/null 2>/dev/null; then break; fi
    kill -0 "$SUPERVISOR_PID" 2>/dev/null || fail "the server supervisor exited"
    sleep 0.1
  done
  export AGORA_WEB_SERVER_PIDFILE=$RUN_DIR/server.pid AGORA_WEB_JWT_SECRET_FILE=$RUN_DIR/jwt-secret
fi
curl -fsS "http://$ADDR/" | grep -q '<div\|<main' || fail "http://$ADDR/ does not serve the app (is --web-dir set?)"

step "play every game in Chromium (e2e/play.mjs)"
# AGORA_WEB_GAMES: a space-separated subset of the games (origin, attika, terra-nova, origins,
# origin-standard; all by default).
# shellcheck disable=SC2086
node e2e/play.mjs "http://$ADDR" ${AGORA_WEB_GAMES:-} || fail "e2e/play.mjs"
step "10 games followed in one page over gRPC-Web (e2e/follow.mjs: followEvents frees each stream)"
node e2e/follow.mjs "http://$ADDR" 10 || fail "e2e/follow.mjs"
printf '\n== web e2e: all checks passed in %d s\n' $(( $(date +%s) - START ))
