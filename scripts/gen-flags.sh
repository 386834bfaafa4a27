#!/usr/bin/env bash
# Writes the configuration table of docs/operations.md from `agora-server --help`, between
# the `<!-- generated: scripts/gen-flags.sh -->` and `<!-- end generated -->` lines, so the
# page lists exactly the flags, variables and defaults of the binary.
#
# Usage: scripts/gen-flags.sh [--check] [path/to/agora-server]
#   --check: write nothing; fail (exit 1, with a diff) when the page differs.
#   The binary defaults to ${CARGO_TARGET_DIR:-target}/debug/agora-server
#   (`cargo build -p agora-service --bin agora-server`).
set -euo pipefail
cd "$(dirname "$0")/.."
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
SERVER=${1:-${CARGO_TARGET_DIR:-target}/debug/agora-server}
[[ -x $SERVER ]] || { echo "gen-flags.sh: no server binary at $SERVER" >&2; exit 2; }
HELP=$(mktemp)
trap 'rm -f "$HELP"' EXIT
"$SERVER" --help >"$HELP"
python3 - "$CHECK" docs/operations.md "$HELP" <<'PY'
import difflib, re, sys
check, page = sys.argv[1] == "1", sys.argv[2]
help_text = open(sys.argv[3], encoding="utf-8").read()

# clap's long help: an option line "      --name <VALUE>", then indented paragraphs, with
# "[env: NAME=]", "[default: x]" and "Possible values:" / "[possible values: a, b]".
rows = []
for block in re.split(r"\n(?= {2,6}(?:-\w, )?--[\w-])", help_text.split("Options:", 1)[1]):
    head = re.match(r"\s*(?:-\w, )?(--[\w-]+)(?: <\w+>)?", block)
    if not head or head.group(1) in ("--help", "--version"):
        continue
    env = re.search(r"\[env: (\w+)=?[^\]]*\]", block)
    default = re.search(r"\[default: ([^\]]*)\]", block)
    values = [f"`{v}`: {d.strip()}" for v, d in re.findall(r"^\s+- ([\w-]+):(.*)$", block, re.M)]
    inline = re.search(r"\[possible values: ([^\]]*)\]", block)
    if inline:
        values = [f"`{v.strip()}`" for v in inline.group(1).split(",")]
    text = []
    for line in block.splitlines()[1:]:
        line = line.strip()
        if not line or line.startswith("[") or line == "Possible values:" or line.startswith("- "):
            continue
        text.append(line)
    desc = " ".join(text).replace("|", "\\|").rstrip(".") + "."
    if values:
        desc += " Values: " + "; ".join(values).replace("|", "\\|") + "."
    rows.append("| `{}` | {} | {} | {} |".format(
        head.group(1),
        f"`{env.group(1)}`" if env else "",
        f"`{default.group(1)}`" if default else "",
        desc))
if len(rows) < 10:
    sys.exit(f"gen-flags.sh: only {len(rows)} options parsed from --help; the parser needs a look")
block = ["<!-- generated: scripts/gen-flags.sh -->",
         "| flag | environment variable | default | meaning |", "|---|---|---|---|", *rows,
         "<!-- end generated -->"]

lines = open(page, encoding="utf-8").read().split("\n")
start = lines.index("<!-- generated: scripts/gen-flags.sh -->")
end = lines.index("<!-- end generated -->", start)
new = lines[:start] + block + lines[end + 1:]
if check:
    if new != lines:
        sys.stdout.writelines(difflib.unified_diff(
            [l + "\n" for l in lines], [l + "\n" for l in new], page, page + " (from --help)"))
        sys.exit(f"{page}: the flags table differs from agora-server --help; run scripts/gen-flags.sh")
    print(f"{page}: flags table matches agora-server --help ({len(rows)} options)")
else:
    open(page, "w", encoding="utf-8").write("\n".join(new))
    print(f"{page}: wrote {len(rows)} options")
PY
