#!/usr/bin/env bash
# docs/adding-a-game.md's promise, checked: no per-game list outside a game's own folders.
# A game's names (its Rust type or module, its proto messages) may appear in the service,
# the engine's shared code (engine/src/core, the fuzz target, the benches) and the
# hand-written clients only in:
#   - the optional board files: clients/rust/src/render/<game>.rs with the renderer table
#     clients/rust/src/render.rs, and clients/web/src/games/ (one file per game and the map
#     index.ts);
#   - comments, and Rust test modules (from the first #[cfg(test)] of a file to its end:
#     option-parsing and error tests use real games as examples).
# The files a new game must edit (engine/src/lib.rs, engine/src/registry.rs,
# proto/agora/v1/games.proto, scripts/check-rules.py, README.md) are not scanned.
# Usage: scripts/check-game-lists.sh (exit status 1, with the lines, when a list is found).
set -euo pipefail
cd "$(dirname "$0")/.."

NAMES='TerraNova|Attika|FirstBuilders|terra_nova|first_builders'
SCANNED=(service/src engine/src/core engine/fuzz engine/benches clients/rust/src clients/web/src
  clients/typescript/src clients/python/play.py)
EXEMPT=(':!clients/rust/src/render.rs' ':!clients/rust/src/render/*' ':!clients/web/src/games/*'
  ':!*.md' ':!*.lock' ':!*package-lock.json')

found=$(git ls-files -- "${SCANNED[@]}" "${EXEMPT[@]}" | while read -r file; do
  awk -v file="$file" -v names="$NAMES" '
    /^[[:space:]]*#\[cfg\(test\)\]/ && file ~ /\.rs$/ { exit }
    /^[[:space:]]*(\/\/|\/\*|\*|#[^\[!])/ { next }
    $0 ~ names { printf "%s:%d: %s\n", file, FNR, $0 }
  ' "$file"
done)

if [[ -n $found ]]; then
  echo "A per-game list outside the game's folders (docs/adding-a-game.md):" >&2
  echo "$found" >&2
  exit 1
fi
echo "check-game-lists: no per-game list in ${SCANNED[*]} (board files exempt)"
