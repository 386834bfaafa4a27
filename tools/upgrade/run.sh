#!/usr/bin/env bash
# The rolling-upgrade test (issue 35 item 6) in its small CI form: two agora-server
# binaries on one Redis, the old one as this tree builds it and a new one built with the
# test feature `state-layout-probe` (Attika's state one field longer, its state version 2),
# then `agora-upgrade` (tools/src/upgrade.rs) plays sessions of every configuration from
# the old one to the new one while both serve. Exits with agora-upgrade's status.
#
# Builds reuse `cargo test --workspace`'s (the test profile, the workspace's features):
# after it, the old binary and agora-upgrade are only linked. The new binary is built in
# the same target directory with the same features plus the probe, so only agora-engine,
# agora-service, the binary (and one small engine example, whose only job is to keep the
# dev-dependencies' features those of the test build) recompile. The normal binary is
# copied out first and linked again at the end, so later steps still find this tree's
# target/debug/agora-server.
#
#   tools/upgrade/run.sh                      # CI: 1 session per configuration, 1 pinned
#   tools/upgrade/run.sh --sessions 10 --pinned 8 --json /tmp/upgrade.json   # the full form
#
# Arguments are passed to agora-upgrade (`agora-upgrade --help`).
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-target}"
bins="$target/upgrade-bins"
mkdir -p "$bins"
stage() { printf 'upgrade: %s (at %ss)\n' "$*" "$SECONDS"; }

normal=(cargo build --quiet --profile test --workspace --bins --tests)
stage "the old release: this tree's agora-server, and agora-upgrade"
"${normal[@]}"
cp "$target/debug/agora-server" "$bins/agora-server-old"
cp "$target/debug/agora-upgrade" "$bins/agora-upgrade"

restore() {
  stage "linking this tree's agora-server again"
  "${normal[@]}"
}
trap restore EXIT
stage "the new release: --features agora-service/state-layout-probe"
cargo build --quiet --profile test --workspace --bin agora-server \
  --example origins_game_length --features agora-service/state-layout-probe
cp "$target/debug/agora-server" "$bins/agora-server-new"
trap - EXIT
restore
cmp -s "$target/debug/agora-server" "$bins/agora-server-old" ||
  { echo "upgrade: target/debug/agora-server is not this tree's binary again" >&2; exit 2; }

stage "agora-upgrade"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--sessions 1 --pinned 1)
"$bins/agora-upgrade" --old-bin "$bins/agora-server-old" --new-bin "$bins/agora-server-new" "${args[@]}"
stage "done"
