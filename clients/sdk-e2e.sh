#!/usr/bin/env bash
# End-to-end check of the Java and Go SDKs against a running agora-server:
#   clients/sdk-e2e.sh HOST:PORT
# Runs clients/java/e2e.sh and clients/go/e2e.sh (each builds its SDK and example and plays
# whole games with a spectator). Exits non-zero on the first failure.
set -euo pipefail
ADDR=${1:-}
[[ -n $ADDR ]] || { echo "usage: $0 HOST:PORT" >&2; exit 2; }
cd "$(dirname "$0")"
java/e2e.sh "$ADDR"
go/e2e.sh "$ADDR"
