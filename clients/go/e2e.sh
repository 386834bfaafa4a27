#!/usr/bin/env bash
# End-to-end check of the Go SDK against a running agora-server:
#   clients/go/e2e.sh HOST:PORT
# Installs (when missing) Debian's Go toolchain (1.19) and Go packages (grpc 1.33.3,
# protobuf 1.28.1, and github.com/golang/protobuf 1.5.2, through which grpc's codec marshals:
# Debian's default 1.3 cannot marshal APIv2 messages and is replaced), builds the example offline against them, then plays whole games with a
# spectator that checks every version arrives once, in order: Origin junior 2 players and
# Terra Nova 2 players; `go test` of the hand-written helpers (sdk/: DescribeError,
# FollowEvents); and, when AGORA_STREAM_DOUBLE names the StreamEvents double
# (clients/lib/stream-double.sh), example/followcheck: ABORTED and a dropped connection resumed. The Go module proxy is not used: Debian's sources under
# /usr/share/gocode are built in GOPATH mode (GO111MODULE=off), with this module linked into a
# temporary GOPATH at its import path agora.dev/clients/go. Exits non-zero on any failure.
set -euo pipefail
ADDR=${1:-}
[[ -n $ADDR ]] || { echo "usage: $0 HOST:PORT" >&2; exit 2; }
ADDR=${ADDR#http://}
cd "$(dirname "$0")"
HERE=$(pwd)
step() { printf '\n== go e2e: %s\n' "$*"; }
fail() { printf '\nGO E2E FAILED: %s\n' "$*" >&2; exit 1; }

source ../tools/lib/apt-install.sh
step "Debian packages: Go toolchain, grpc and protobuf sources"
agora_apt_install golang-go golang-google-grpc-dev golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev \
  golang-google-genproto-dev ||
  fail "apt-get install of the Go toolchain and packages"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agora-go.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/gopath/src/agora.dev/clients"
ln -s "$HERE" "$WORK/gopath/src/agora.dev/clients/go"
export GO111MODULE=off GOPATH=$WORK/gopath:/usr/share/gocode GOFLAGS= GOPROXY=off

step "gofmt, go vet, go test and go build: the generated SDK, its helpers (sdk/) and the examples"
unformatted=$(gofmt -l .)
[[ -z $unformatted ]] || fail "not gofmt-formatted: $unformatted"
(cd "$WORK/gopath/src/agora.dev/clients/go" && go vet ./... && go test ./sdk/ &&
  go build -o "$WORK/playgame" ./example/playgame && go build -o "$WORK/followcheck" ./example/followcheck) ||
  fail "go build"

step "playgame: Origin junior, 2 players, with a spectator"
"$WORK/playgame" -server "$ADDR" -game origin -players 2 -junior -seed 7 -quiet || fail "playgame (Origin junior 2p)"
step "playgame: Terra Nova, 2 players, with a spectator"
"$WORK/playgame" -server "$ADDR" -game terra-nova -players 2 -seed 8 -quiet || fail "playgame (Terra Nova 2p)"
if [[ -n ${AGORA_STREAM_DOUBLE:-} ]]; then
  step "followcheck: sdk.FollowEvents through the StreamEvents double ($AGORA_STREAM_DOUBLE)"
  "$WORK/followcheck" -server "$ADDR" -double "$AGORA_STREAM_DOUBLE" || fail "followcheck"
fi
printf '\n== go e2e: passed\n'
