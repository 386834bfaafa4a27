#!/usr/bin/env bash
# The rolling-upgrade test (issue 35 item 6) in its small CI form: two agora-server
# binaries on one Redis, the old one as this tree builds it and a new one built with the
# test feature `state-layout-probe` (Attika's state one field longer, its state version 2),
# then `agora-upgrade` (tools/src/upgrade.rs) plays sessions of every configuration from
# the old one to the new one while both serve. Exits with agora-upgrade's status.
#
# The new binary is built in the same target directory, so only agora-engine, agora-service
# and the binary recompile; the normal binary is copied out first and rebuilt (relinked)
# at the end, so later steps still find the normal target/debug/agora-server.
#
#   tools/upgrade/run.sh                      # CI: 1 session per configuration
#   tools/upgrade/run.sh --sessions 10 --pinned 4 --json /tmp/upgrade.json   # by hand
#
# Arguments are passed to agora-upgrade (`agora-upgrade --help`).
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-target}"
bins="$target/upgrade-bins"
mkdir -p "$bins"
stage() { printf 'upgrade: %s (at %ss)\n' "$*" "$SECONDS"; }

stage "building the old release (this tree) and agora-upgrade"
cargo build --quiet -p agora-service --bin agora-server -p agora-tools --bin agora-upgrade
cp "$target/debug/agora-server" "$bins/agora-server-old"
cp "$target/debug/agora-upgrade" "$bins/agora-upgrade"

stage "building the new release (--features state-layout-probe)"
restore() {
  stage "rebuilding the normal agora-server"
  cargo build --quiet -p agora-service --bin agora-server
}
trap restore EXIT
cargo build --quiet -p agora-service --bin agora-server --features state-layout-probe
cp "$target/debug/agora-server" "$bins/agora-server-new"
restore
trap - EXIT

stage "agora-upgrade"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--sessions 1 --pinned 1)
"$bins/agora-upgrade" --old-bin "$bins/agora-server-old" --new-bin "$bins/agora-server-new" "${args[@]}"
stage "done"
