#!/usr/bin/env bash
# Regenerates every SDK under clients/ from proto/: runs `buf generate --template T` (from
# proto/) for every template proto/buf.gen.*.yaml, after sourcing every clients/tools/*.sh,
# which installs (pinned) and puts on PATH the plugins its language's template names.
#
# AGORA_SDK_OUT=DIR writes the SDKs under DIR (DIR/clients/...) instead of the repository
# (buf's --output; clients/check-generated.sh lists what the generators write that way).
#
# A tools script is sourced with ROOT (the repository), OUT (where the SDKs are written: ROOT
# or AGORA_SDK_OUT), TOOLS (a gitignored folder for installed tools, AGORA_SDK_TOOLS or
# clients/.tools), TOOLS_VENV (a Python virtualenv in it, with buf) and PYTHON set; it must be
# quick when its tools are already installed, and may remove the files its template generates
# under OUT so that a removed .proto leaves none behind.
# Adding a language = adding proto/buf.gen.<lang>.yaml and, if it needs plugins,
# clients/tools/<lang>.sh: nothing here changes.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${AGORA_SDK_OUT:-$ROOT}
TOOLS=${AGORA_SDK_TOOLS:-$ROOT/clients/.tools}
TOOLS_VENV=$TOOLS/venv
PYTHON=${PYTHON:-python3}
BUF_VERSION=1.75.0
export ROOT OUT TOOLS TOOLS_VENV PYTHON
mkdir -p "$TOOLS"

if [[ ! -x $TOOLS_VENV/bin/python ]]; then
  "$PYTHON" -m venv "$TOOLS_VENV"
fi
if [[ $("$TOOLS_VENV/bin/buf" --version 2>/dev/null || true) != "$BUF_VERSION" ]]; then
  "$TOOLS_VENV/bin/python" -m pip install -q --disable-pip-version-check "buf-bin==$BUF_VERSION"
fi
# clients/tools/bin: the small plugins kept in this repository (protoc-gen-grpc_python).
export PATH=$TOOLS_VENV/bin:$ROOT/clients/tools/bin:$PATH

for tools in "$ROOT"/clients/tools/*.sh; do
  [[ -e $tools ]] || continue
  printf 'generate: tools %s\n' "${tools#"$ROOT"/}"
  # shellcheck source=/dev/null
  source "$tools"
done

cd "$ROOT/proto"
shopt -s nullglob
templates=(buf.gen.*.yaml)
[[ ${#templates[@]} -gt 0 ]] || { echo "generate: no proto/buf.gen.*.yaml" >&2; exit 1; }
for template in "${templates[@]}"; do
  printf 'generate: buf generate --template proto/%s\n' "$template"
  # The templates' out folders are relative to proto/ (../clients/...): --output moves that base.
  buf generate --template "$template" --output "$OUT/proto"
done
echo "generate: done (${#templates[@]} templates)"
