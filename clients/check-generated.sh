#!/usr/bin/env bash
# Regenerates every SDK (clients/generate.sh) and fails when the checked-in code under
# clients/ differs from what the proto generates: a .proto changed without regeneration, or
# generated code edited by hand. Run on a clean tree (CI's fresh clone): any change under
# clients/ counts, and the diff summary says where.
set -euo pipefail
cd "$(dirname "$0")/.."
bash clients/generate.sh
changes=$(git status --porcelain --untracked-files=all -- clients/)
if [[ -n $changes ]]; then
  echo "check-generated: the generated SDKs differ from the proto; run clients/generate.sh and commit:" >&2
  echo "$changes" >&2
  git --no-pager diff --stat -- clients/ >&2
  exit 1
fi
echo "check-generated: every generated SDK matches the proto"
