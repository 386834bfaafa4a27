#!/usr/bin/env bash
# Regenerates every SDK (clients/generate.sh) and fails
#   - when the checked-in code under clients/ differs from what the proto generates (a .proto
#     changed without regeneration, or generated code edited by hand): run it on a clean tree
#     (CI's fresh clone), as any change under clients/ counts, and the diff summary says where;
#   - when a file the generators write is not marked linguist-generated=true by .gitattributes
#     (a new generated folder, or a pattern that no longer matches): the generators run a
#     second time into a scratch folder (AGORA_SDK_OUT), whose files are all they write.
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

scratch=$(mktemp -d "${TMPDIR:-/tmp}/agora-generated.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
AGORA_SDK_OUT=$scratch bash clients/generate.sh >/dev/null
written=$(cd "$scratch" && find clients -type f | sort)
[[ -n $written ]] || { echo "check-generated: the generators wrote no file under $scratch" >&2; exit 1; }
unmarked=$(git check-attr --stdin linguist-generated <<<"$written" | grep -v ': linguist-generated: true$' || true)
if [[ -n $unmarked ]]; then
  echo "check-generated: generated files not marked linguist-generated=true in .gitattributes:" >&2
  echo "$unmarked" >&2
  exit 1
fi
echo "check-generated: every generated SDK matches the proto; its $(wc -l <<<"$written") files are marked linguist-generated"
