#!/usr/bin/env bash
# End-to-end check of the clients against a real agora-server on a free loopback port:
#   1. the Rust CLI: a few single commands (and their errors), then `agora play --bots`
#      (and `agora watch`, `agora export`, `agora replay` of one finished game)
#      for Origin standard 4 players and junior 2 players, Terra Nova 4 players and 2 players
#      on the 2-player board, Origins: First Builders 3 players, solo and with both expansion modules, Attika 2 and 4
#      players;
#   2. the Python SDK (clients/python, agora-sdk) installed with pip into a fresh virtualenv,
#      mypy on play.py and the SDK's helpers, then play.py (stream follower checks) for both
#      Origin rule sets, Terra Nova, Origins (4 players, solo, both expansion modules) and Attika;
#   3. the TypeScript SDK and client (clients/typescript/e2e.sh; Node from PyPI when none is installed);
#      then the StreamEvents double (clients/typescript/src/stream-double.ts: ABORTED, then a
#      dropped connection) in front of the server, and Python's follow_check.py against both;
#   4. the web client in Debian's Chromium (clients/web/e2e.sh: its own server with --web-dir);
#   5. the Java and Go SDKs' examples, each playing whole games with a spectator (clients/sdk-e2e.sh).
# Exits non-zero on any failure. Honours CARGO_TARGET_DIR; AGORA_E2E_VENV chooses the
# Python virtualenv (default: a temporary one); AGORA_E2E_PROFILE=dev|release|test (default test) chooses the cargo profile.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
# The test profile by default: `cargo test --workspace` (run before this in CI) has already
# compiled every dependency for it, so only the two binaries are built here.
PROFILE=${AGORA_E2E_PROFILE:-test}
PYTHON=${PYTHON:-python3}

step() { printf '\n== e2e: %s\n' "$*"; }
fail() { printf '\nE2E FAILED: %s\n' "$*" >&2; exit 1; }

step "build agora-server and agora ($PROFILE)"
if [[ $PROFILE == test ]]; then
  # The targets (and so the features) of `cargo test --workspace`: after it, only the two
  # binaries are linked; a narrower build would recompile every crate whose features differ.
  cargo build --profile test --workspace --bins --tests
else
  cargo build --profile "$PROFILE" -p agora-service --bin agora-server -p agora-cli --bin agora
fi
case $PROFILE in
  dev | test) PROFILE_DIR=debug ;;
  bench) PROFILE_DIR=release ;;
  *) PROFILE_DIR=$PROFILE ;;
esac
SERVER_BIN=$TARGET_DIR/$PROFILE_DIR/agora-server
AGORA_BIN=$TARGET_DIR/$PROFILE_DIR/agora
[[ -x $SERVER_BIN ]] || fail "no server binary at $SERVER_BIN"
[[ -x $AGORA_BIN ]] || fail "no CLI binary at $AGORA_BIN"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agora-e2e.XXXXXX")
SERVER_PID=
DOUBLE_PID=
cleanup() {
  local rc=$?
  if [[ -n $DOUBLE_PID ]]; then kill "$DOUBLE_PID" 2>/dev/null || true; fi
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -f $WORK/server.log ]]; then
    echo "--- last lines of the server log ($WORK/server.log):" >&2
    tail -n 25 "$WORK/server.log" >&2 || true
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

PORT=$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
ADDR=127.0.0.1:$PORT
step "start agora-server on $ADDR (memory store)"
AGORA_LOG_FORMAT=text "$SERVER_BIN" --listen "$ADDR" --store memory --allow-chosen-seeds >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
export AGORA_SERVER=http://$ADDR
unset AGORA_TOKEN
if ! "$AGORA_BIN" health --wait 60; then
  fail "the server did not become healthy on $ADDR"
fi

agora() { "$AGORA_BIN" "$@"; }

step "CLI: catalog, create, join, state, actions, submit, errors"
agora games
out=$(agora create origin --players 2 --set rules=junior --seed 11) || fail "create"
echo "$out"
SID=$(sed -n 's/^join with: agora join //p' <<<"$out")
[[ -n $SID ]] || fail "no session id in the output of create"
agora sessions >"$WORK/sessions.txt" || fail "sessions"
grep -q "$SID" "$WORK/sessions.txt" || fail "the new session is not listed by agora sessions"
T0=$(agora join "$SID" --seat 0 --name Ada | sed -n 's/^token: //p')
T1=$(agora join "$SID" --name Bob | sed -n 's/^token: //p')
[[ -n $T0 && -n $T1 ]] || fail "join printed no token"
agora state "$SID" >"$WORK/spectator.txt" || fail "state as a spectator"
agora --token "$T0" state "$SID" >"$WORK/seat0.txt" || fail "state as seat 0"
head -n 30 "$WORK/seat0.txt"
TOACT=$(agora session "$SID" | sed -n 's/^to act: seat \([0-9]*\).*/\1/p')
[[ $TOACT == 0 ]] && TOK=$T0 || TOK=$T1
agora --token "$TOK" actions "$SID" --json >"$WORK/actions.txt" || fail "actions"
head -n 12 "$WORK/actions.txt"
agora --token "$TOK" submit "$SID" --index 0 || fail "submit --index 0"
if agora --token "$TOK" submit "$SID" --json '{"end_turn": {}}' --expected-version 0 2>"$WORK/err.txt"; then
  fail "a stale expected_version was accepted"
fi
grep -q ABORTED "$WORK/err.txt" || { cat "$WORK/err.txt"; fail "a stale expected_version did not print ABORTED"; }
if agora --token not-a-token actions "$SID" 2>"$WORK/err.txt"; then
  fail "a wrong token was accepted"
fi
grep -Eq 'PERMISSION_DENIED|UNAUTHENTICATED' "$WORK/err.txt" || { cat "$WORK/err.txt"; fail "a wrong token did not print PERMISSION_DENIED/UNAUTHENTICATED"; }
if agora state no-such-session 2>"$WORK/err.txt"; then fail "an unknown session was found"; fi
grep -q NOT_FOUND "$WORK/err.txt" || { cat "$WORK/err.txt"; fail "an unknown session did not print NOT_FOUND"; }
cat "$WORK/err.txt"

# Terra Nova with fixed factions: an action's JSON form (from `actions --json`) submits.
out=$(agora create terra-nova --players 2 --set factions=genies,golems --set turn_order_variant=true --seed 12) || fail "create terra-nova"
grep -q "factions=\[genies, golems\] turn_order_variant=true" <<<"$out" || { echo "$out"; fail "terra-nova options not echoed"; }
TSID=$(sed -n 's/^join with: agora join //p' <<<"$out")
TT0=$(agora join "$TSID" --seat 0 | sed -n 's/^token: //p')
TT1=$(agora join "$TSID" --seat 1 | sed -n 's/^token: //p')
TOACT=$(agora session "$TSID" | sed -n 's/^to act: seat \([0-9]*\).*/\1/p')
[[ $TOACT == 0 ]] && TOK=$TT0 || TOK=$TT1
agora --token "$TOK" actions "$TSID" --json >"$WORK/tn-actions.txt" || fail "terra-nova actions --json"
JSON=$(sed -n '3s/^ *//p' "$WORK/tn-actions.txt")
[[ $JSON == \{* ]] || { cat "$WORK/tn-actions.txt"; fail "no JSON form for a Terra Nova action"; }
agora --token "$TOK" submit "$TSID" --json "$JSON" || fail "submit --json $JSON (terra-nova)"
if agora --token "$TOK" submit "$TSID" --json '{"no_such_action": {}}' 2>"$WORK/err.txt"; then
  fail "a JSON action of no known kind was accepted"
fi
grep -q -- "--json" "$WORK/err.txt" || { cat "$WORK/err.txt"; fail "a bad --json did not say what was wrong"; }
out=$(agora create origins --set solo=true --players 1) || fail "create origins --set solo=true"
grep -q "origins: players=1 solo=true" <<<"$out" || { echo "$out"; fail "origins solo options not echoed"; }
out=$(agora create attika --players 3 --set amphora_for_card=true) || fail "create attika"
grep -q "attika: players=3 amphora_for_card=true" <<<"$out" || { echo "$out"; fail "attika options not echoed"; }
if agora create attika --set amphora=true 2>"$WORK/err.txt"; then fail "an unknown option was accepted"; fi
grep -q "its options are: players (a number), amphora_for_card (true or false)" "$WORK/err.txt" ||
  { cat "$WORK/err.txt"; fail "an unknown option did not list the game's options"; }
agora --token "$T0" state "$SID" --fields >"$WORK/fields.txt" || fail "state --fields"
grep -q "^options: {players=2 rules=junior}" "$WORK/fields.txt" || { head "$WORK/fields.txt"; fail "state --fields did not print the view's fields"; }
echo "CLI single commands: ok"

step "CLI: agora play --bots, Origin standard, 4 players"
agora play --bots --game origin --players 4 --set rules=standard --seed 42 --quiet || fail "agora play (standard 4p)"
step "CLI: agora play --bots, Origin junior, 2 players"
agora play --bots --game origin --players 2 --set rules=junior --seed 7 --quiet || fail "agora play (junior 2p)"
step "CLI: agora play --bots, Terra Nova, 4 players"
agora play --bots --game terra-nova --players 4 --seed 42 --quiet || fail "agora play (terra-nova 4p)"
step "CLI: agora play --bots, Terra Nova, 2-player board with planner neutral houses"
agora play --bots --game terra-nova --players 2 --set neutral_variant=planner --seed 8 --quiet || fail "agora play (terra-nova 2p planner)"
step "CLI: agora play --bots, Origins: First Builders, 3 players"
agora play --bots --game origins --players 3 --seed 9 --quiet || fail "agora play (origins 3p)"
step "CLI: agora play --bots, Origins: First Builders, solo training mode"
agora play --bots --game origins --set solo=true --players 1 --seed 10 --quiet || fail "agora play (origins solo)"
step "CLI: agora play --bots, Origins with the Ancient Wonders expansion (both modules, options as flags)"
agora play --bots --game origins --wonders --challenges normal --seed 13 --quiet || fail "agora play (origins wonders + challenges)"
step "CLI: agora play --bots, Attika, 2 and 4 players"
agora play --bots --game attika --players 2 --seed 11 --quiet || fail "agora play (attika 2p)"
agora play --bots --game attika --players 4 --seed 12 --quiet || fail "agora play (attika 4p)"
step "CLI: agora watch replays a finished game"
GAME=$(agora play --bots --players 3 --set rules=junior --seed 5 --quiet | sed -n 's/.*, session \(.*\)$/\1/p')
[[ -n $GAME ]] || fail "no session id printed by agora play"
agora watch "$GAME" >"$WORK/watch.txt" || fail "agora watch"
grep -q "final standings" "$WORK/watch.txt" || fail "agora watch did not print the outcome"
tail -n 8 "$WORK/watch.txt"
step "CLI: agora export and agora replay the finished game"
agora export "$GAME" --out "$WORK/game.json" || fail "agora export"
grep -q '"seed"' "$WORK/game.json" || fail "a finished game's export has no seed"
agora replay "$WORK/game.json" >"$WORK/replay.txt" || fail "agora replay"
grep -q "final standings" "$WORK/replay.txt" || fail "agora replay did not print the outcome"
agora replay "$WORK/game.json" --stop-at 3 >"$WORK/replay3.txt" || fail "agora replay --stop-at 3"
grep -q "^stopped at version 3 " "$WORK/replay3.txt" || { cat "$WORK/replay3.txt"; fail "agora replay --stop-at 3 did not stop at 3"; }

step "Python: pip install ./clients/python (agora-sdk, with its typing extra) into a virtualenv; mypy"
VENV=${AGORA_E2E_VENV:-$WORK/venv}
REUSED_VENV=true
if [[ ! -x $VENV/bin/python ]]; then
  REUSED_VENV=false
  "$PYTHON" -m venv "$VENV" || fail "cannot create a virtualenv (python3 -m venv)"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "./clients/python[typing]" || fail "pip install ./clients/python"
if $REUSED_VENV; then
  # The same version number as the SDK already there: install this tree's anyway.
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps ./clients/python ||
    fail "pip install ./clients/python (reinstall)"
fi
# From another folder, so that the installed package (not the source tree) is what runs.
(cd "$WORK" && "$VENV/bin/python" -c 'import agora_sdk, agora.v1.game_service_pb2_grpc') || fail "the installed SDK does not import"
(cd clients/python && "$VENV/bin/python" -m mypy --cache-dir "$WORK/mypy-cache" play.py follow_check.py) || fail "mypy play.py follow_check.py"
(cd "$WORK" && "$VENV/bin/python" -m mypy --cache-dir "$WORK/mypy-cache" -p agora_sdk) || fail "mypy -p agora_sdk"
(cd "$WORK" && "$VENV/bin/python" -m unittest discover -s "$ROOT/clients/python/tests") || fail "agora_sdk unit tests"

step "Python: play.py, Origin standard, 4 players"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --players 4 --set rules=standard --seed 3 --quiet) || fail "play.py (standard 4p)"
step "Python: play.py, Origin junior, 2 players"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --players 2 --set rules=junior --seed 4 --quiet) || fail "play.py (junior 2p)"

step "Python: play.py, Origins: First Builders, 4 players and solo"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --game origins --players 4 --seed 6 --quiet) || fail "play.py (origins 4p)"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --game origins --set solo=true --players 1 --seed 7 --quiet) || fail "play.py (origins solo)"
step "Python: play.py, Origins with Ancient Wonders and Builders' Challenges, 2 players"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --game origins --players 2 --set wonders=true --set challenges=normal --seed 8 --quiet) || fail "play.py (origins wonders + challenges)"
step "Python: play.py, Terra Nova, 3 players"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --game terra-nova --players 3 --seed 5 --quiet) || fail "play.py (terra-nova 3p)"

step "Python: play.py, Attika, 3 players"
(cd clients/python && "$VENV/bin/python" play.py --server "$ADDR" --game attika --players 3 --seed 8 --quiet) || fail "play.py (attika 3p)"

step "TypeScript: npm ci, typecheck, play.ts (Origin 3p, Terra Nova 2p planner, Origins 2p and solo, Attika 2p)"
AGORA_E2E_NODE_VENV=$VENV PYTHON=$PYTHON clients/typescript/e2e.sh "$ADDR" || fail "TypeScript client (clients/typescript/e2e.sh)"

step "StreamEvents double in front of the server (clients/typescript/src/stream-double.ts) for the SDK followers' resumption"
# Node as the TypeScript step found or installed it (ensure_node: from PyPI into $VENV).
node_ok() { command -v node >/dev/null 2>&1; }
node_ok || export PATH=$VENV/bin:$PATH
source clients/lib/stream-double.sh
start_stream_double "$ADDR" "$WORK/stream-double.log" || fail "the StreamEvents double did not start"
DOUBLE_PID=$STREAM_DOUBLE_PID
export AGORA_STREAM_DOUBLE=$STREAM_DOUBLE

step "Python: follow_check.py (300 games followed on one channel; ABORTED and a dropped connection resumed)"
(cd clients/python && "$VENV/bin/python" follow_check.py --server "$ADDR" --double "$AGORA_STREAM_DOUBLE") || fail "follow_check.py"

step "Web client: build it, serve it from agora-server --web-dir, play every game by clicking in Chromium (clients/web/e2e.sh)"
AGORA_SERVER_BIN=$SERVER_BIN AGORA_E2E_NODE_VENV=$VENV PYTHON=$PYTHON clients/web/e2e.sh || fail "web client (clients/web/e2e.sh)"

step "Java and Go SDKs: build the examples, play whole games with a spectator (clients/sdk-e2e.sh)"
clients/sdk-e2e.sh "$ADDR" || fail "Java and Go SDKs (clients/sdk-e2e.sh)"

kill -0 "$SERVER_PID" 2>/dev/null || fail "the server died during the run"
printf '\n== e2e: all client checks passed\n'
