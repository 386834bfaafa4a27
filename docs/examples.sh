#!/usr/bin/env bash
# Runs the shell examples of docs/api.md against a real agora-server and checks what each
# one prints, so the API guide cannot drift from the server.
#
# Every ```sh block of docs/api.md that follows a `<!-- run: NAME -->` line is run, in
# page order, in this one shell (so SESSION, ADA, ... carry over), its stdout and stderr
# captured; then `check_NAME` below asserts on that output. A block without a check, or a
# check without a block, fails the run.
#
# Usage: docs/examples.sh [path/to/agora-server]
#   (default: $CARGO_TARGET_DIR or target, debug build; build it with
#    `cargo build -p agora-service --bin agora-server`). Needs buf (pip install buf-bin) and jq.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SERVER=${1:-${CARGO_TARGET_DIR:-$ROOT/target}/debug/agora-server}
command -v buf >/dev/null || python3 -m pip install -q buf-bin
command -v jq >/dev/null || { apt-get update -qq && apt-get install -y -qq jq; }
[ -x "$SERVER" ] || { echo "examples.sh: no server binary at $SERVER" >&2; exit 2; }

WORK=$(mktemp -d)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$SERVER" --listen "127.0.0.1:$PORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do
  grep -q 'agora-server ready' "$WORK/server.log" && break
  sleep 0.1
done
grep -q 'agora-server ready' "$WORK/server.log" || { cat "$WORK/server.log" >&2; exit 1; }
export AGORA="http://127.0.0.1:$PORT"

python3 - "$ROOT/docs/api.md" "$WORK" <<'PY'
import re, sys
page, work = sys.argv[1], sys.argv[2]
lines = open(page, encoding="utf-8").read().split("\n")
names, i = [], 0
while i < len(lines):
    m = re.match(r"<!-- run: ([a-z0-9_]+) -->$", lines[i].strip())
    if m:
        i += 1
        assert lines[i].startswith("```sh"), f"{page}:{i+1}: a run marker must precede a ```sh block"
        i += 1
        body = []
        while not lines[i].startswith("```"):
            body.append(lines[i]); i += 1
        names.append(m.group(1))
        open(f"{work}/{len(names):02d}-{m.group(1)}.sh", "w").write("\n".join(body) + "\n")
    i += 1
print(" ".join(names))
PY

failures=0
fail() { echo "FAIL [$1]: $2" >&2; failures=$((failures + 1)); }
has() { grep -q -- "$2" "$OUT" || fail "$1" "expected output to contain: $2"; }
hasnt() { ! grep -q -- "$2" "$OUT" || fail "$1" "expected output not to contain: $2"; }
count() { [ "$(grep -c -- "$2" "$OUT")" -eq "$3" ] || fail "$1" "expected $3 lines with: $2"; }

check_setup() {
  for m in ListGames CreateSession JoinSession ListLegalActions SubmitAction StreamEvents; do
    has setup "agora.v1.GameService/$m"
  done
}
check_leaderboard() { has leaderboard '^\[1500,350,0.06\]$'; has leaderboard '^\[\]$'; }
check_health() { has health '"status": "SERVING"'; }
check_games() { for g in origin terra-nova origins attika; do has games "^$g\$"; done; }
check_create() {
  [[ "$SESSION" =~ ^[A-Za-z0-9_-]+$ ]] || fail create "no session id: $SESSION"
  [[ "$ADA" =~ ^[0-9a-f]{64}$ && "$BOB" =~ ^[0-9a-f]{64}$ ]] || fail create "no seat tokens"
  has create '"status": "SESSION_STATUS_IN_PROGRESS"'
  has create '"playerName": "Ada"'; has create '"playerName": "Bob"'
}
check_auth() {
  has auth '"code": "unauthenticated"'
  has auth '"code": "permission_denied"'
}
check_legal() {
  has legal '"objectiveDraft"'
  has legal '"count": [1-9]'
  has legal '"origin"'
}
check_submit() {
  # The retry answers the first call's version: two identical lines.
  count submit '"version": "1"' 2
}
check_refusals() {
  has refusals '^failed_precondition$'
  # The reason is one of the refusal codes Origin's catalog entry lists.
  local reason
  reason=$(reason < refused.json)
  call ListGames '{}' | jq -e --arg r "$reason" '.games[] | select(.gameId == "origin") | .refusalCodes | index($r)' >/dev/null \
    || fail refusals "reason '$reason' is not in Origin's refusalCodes"
  has refusals '"code": "aborted"'
  has refusals 'is stale'
  has refusals '"code": "invalid_argument"'
}
check_resume() {
  # The submit's answer, then the stream: version 2 only.
  count resume '{"version":"2"' 2
  hasnt resume '{"version":"1"'
}
check_stream() {
  has stream '{"version":"1"'
  has stream 'deadline_exceeded'
}

# Blocks run in $WORK, so their scratch files (bob.json, legal.json, refused.json) stay out
# of the tree; docs/ there is the repository's, as a reader at the root sees it.
ln -s "$ROOT/docs" "$WORK/docs"
cd "$WORK"
for block in "$WORK"/[0-9][0-9]-*.sh; do
  name=$(basename "$block" .sh); name=${name#*-}
  OUT="$WORK/$name.out"
  # shellcheck disable=SC1090
  . "$block" >"$OUT" 2>&1
  echo "== $name"; sed 's/^/   /' "$OUT"
  if declare -F "check_$name" >/dev/null; then "check_$name"; else fail "$name" "no check_$name in docs/examples.sh"; fi
done
for f in $(declare -F | awk '{print $3}' | grep '^check_'); do
  ls "$WORK"/[0-9][0-9]-"${f#check_}".sh >/dev/null 2>&1 || fail "${f#check_}" "check without a block in docs/api.md"
done
if [ "$failures" -ne 0 ]; then
  echo "docs/examples.sh: $failures failed check(s); server log:" >&2
  cat "$WORK/server.log" >&2
  exit 1
fi
echo "docs/examples.sh: every example of docs/api.md ran and printed what it should"
