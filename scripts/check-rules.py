#!/usr/bin/env python3
"""Keeps the generated parts of docs/rules/<game>.md true to the engine.

For each game it builds three tables from the sources, and writes them between
`<!-- generated: scripts/check-rules.py -->` and `<!-- end generated -->` in the page:

1. every provisional component value: each row of engine/data/<game>/*.toml whose
   provenance (`provenance`, or any `*_provenance` key) is `assumed`, with its file, its
   row, its values and its note; then a count of every row per file and provenance;
2. the refusal codes: the game's `refusals!` enum (engine/src/<module>/), code and doc;
3. the readings marked in the code: every comment line of engine/src/<module>/ (tests
   left out) that names an ASSUMPTION or PROVISIONAL value, with its file.

Without arguments it checks (exit 1 with a diff when a page differs: a row that became
provisional or was corrected, a new refusal code, a reading added or dropped); with
`--write` it rewrites the blocks. The prose around the blocks is written by hand and is
not checked. Python stdlib only (tomllib: Python 3.11+).
"""
import difflib
import os
import re
import sys
import tomllib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
GAMES = {  # page -> (engine module folder, data folder)
    "origin": ("origin", "origin"),
    "terra-nova": ("terra_nova", "terra_nova"),
    "origins": ("first_builders", "origins"),
    "attika": ("attika", "attika"),
}
BEGIN, END = "<!-- generated: scripts/check-rules.py -->", "<!-- end generated -->"
SKIP_KEYS = {"provenance", "note", "name_fr"}


def cell(value):
    if isinstance(value, str):
        text = value
    elif isinstance(value, bool):
        text = str(value).lower()
    elif isinstance(value, list):
        text = "[" + ", ".join(cell(v) for v in value) + "]"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k} = {cell(v)}" for k, v in value.items()) + "}"
    else:
        text = str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def rows(node, path):
    """Every table that carries a provenance key, with a readable path to it."""
    if isinstance(node, dict):
        if any(k == "provenance" or k.endswith("_provenance") for k in node):
            yield path, node
        for key, value in node.items():
            if isinstance(value, (dict, list)):
                yield from rows(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            label = next((item[k] for k in ("id", "code", "name") if k in item), None) \
                if isinstance(item, dict) else None
            yield from rows(item, f"{path}[{label if label is not None else i}]")


def has_rows(value):
    """A child table or list of tables with provenance: listed as rows of their own."""
    return any(True for _ in rows(value, "")) if isinstance(value, (dict, list)) else False


def data_tables(data_dir):
    provisional, counts = [], []
    folder = os.path.join(ROOT, "engine", "data", data_dir)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".toml"):
            continue
        rel = f"engine/data/{data_dir}/{name}"
        with open(os.path.join(folder, name), "rb") as fh:
            doc = tomllib.load(fh)
        tally = {}
        for path, row in rows(doc, ""):
            for key, prov in row.items():
                if not (key == "provenance" or key.endswith("_provenance")):
                    continue
                tally[prov] = tally.get(prov, 0) + 1
                if prov == "assumed":
                    values = "; ".join(f"{k} = {cell(v)}" for k, v in row.items()
                                       if k not in SKIP_KEYS and not k.endswith("_provenance")
                                       and not has_rows(v))
                    what = "" if key == "provenance" else f" ({key})"
                    provisional.append(f"| `{rel}` | `{path or '(top level)'}`{what} | {values} | {cell(row.get('note', ''))} |")
        counts.append(f"| `{rel}` | " + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())) + " |")
    return provisional, counts


def refusal_codes(module):
    out = []
    src = os.path.join(ROOT, "engine", "src", module)
    for d, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            text = open(os.path.join(d, name), encoding="utf-8").read()
            m = re.search(r"refusals!\s*\{(.*?)\n\}", text, re.S)
            if not m:
                continue
            doc = []
            for line in m.group(1).splitlines():
                line = line.strip()
                if line.startswith("///"):
                    doc.append(line[3:].strip())
                    continue
                v = re.match(r'\w+\s*=\s*"([A-Z0-9_]+)"', line)
                if v:
                    out.append(f"| `{v.group(1)}` | {cell(' '.join(doc)) or '(no doc comment)'} |")
                doc = []
    return out


def markers(module):
    out = []
    src = os.path.join(ROOT, "engine", "src", module)
    for d, dirs, files in os.walk(src):
        dirs[:] = sorted(x for x in dirs if x != "tests")
        for name in sorted(files):
            if not name.endswith(".rs") or name == "tests.rs":
                continue
            rel = os.path.relpath(os.path.join(d, name), ROOT)
            comment = []  # the contiguous comment lines around a marker are one reading
            for line in open(os.path.join(d, name), encoding="utf-8").read().split("\n") + [""]:
                stripped = line.strip()
                if stripped.startswith("//"):
                    comment.append(stripped.lstrip("/!").strip())
                    continue
                text = " ".join(x for x in comment if x)
                if re.search(r"ASSUMPTION|ASSUMED|PROVISIONAL", text):
                    out.append(f"| `{rel}` | {cell(text)} |")
                comment = []
    return out


def block(game):
    module, data = GAMES[game]
    provisional, counts = data_tables(data)
    lines = [BEGIN, "", "### Provisional component values (generated)", "",
             "Every data row marked `assumed`: a placeholder until someone reads the printed "
             "component; correct the row in its file, nothing else.", ""]
    if provisional:
        lines += ["| file | row | values | note |", "|---|---|---|---|", *provisional]
    else:
        lines.append("None.")
    lines += ["", "Rows per file and provenance (`seed`: the French rulebook; `source`: a "
              "secondary source; `bga`: Board Game Arena; `derived`: follows from other rows "
              "or rules; `assumed`: provisional):", "",
              "| file | rows |", "|---|---|", *counts,
              "", "### Refusal codes (generated)", "",
              "Besides the codes every game shares (`NOT_YOUR_TURN`, `GAME_OVER`, and the "
              "session's own, in [the API guide](../api.md#submitting-refusals-and-retries)):", "",
              "| code | when |", "|---|---|", *refusal_codes(module),
              "", "### Readings marked in the code (generated)", "",
              "Every comment of the engine's rules code that names an ASSUMPTION or a "
              "provisional value:", ""]
    found = markers(module)
    lines += ["| file | comment |", "|---|---|", *found] if found else ["None."]
    lines += ["", END]
    return lines


def main():
    write = "--write" in sys.argv[1:]
    bad = 0
    # A game added to the engine must get its page: every data folder belongs to a page.
    known = {data for _, data in GAMES.values()}
    for folder in sorted(os.listdir(os.path.join(ROOT, "engine", "data"))):
        if folder not in known:
            print(f"engine/data/{folder}: no rules page; add it to GAMES in scripts/check-rules.py "
                  "and write docs/rules/<game>.md", file=sys.stderr)
            bad += 1
    for game in GAMES:
        page = os.path.join(ROOT, "docs", "rules", f"{game}.md")
        rel = os.path.relpath(page, ROOT)
        if not os.path.exists(page):
            print(f"{rel}: missing", file=sys.stderr)
            bad += 1
            continue
        lines = open(page, encoding="utf-8").read().split("\n")
        try:
            start = lines.index(BEGIN)
            end = lines.index(END, start)
        except ValueError:
            print(f"{rel}: no `{BEGIN}` ... `{END}` block", file=sys.stderr)
            bad += 1
            continue
        new = lines[:start] + block(game) + lines[end + 1:]
        if new == lines:
            continue
        if write:
            open(page, "w", encoding="utf-8").write("\n".join(new))
            print(f"{rel}: rewritten")
        else:
            sys.stdout.writelines(difflib.unified_diff(
                [l + "\n" for l in lines], [l + "\n" for l in new], rel, rel + " (from the engine)"))
            print(f"{rel}: differs from the engine's data and code; run scripts/check-rules.py --write "
                  "and review the diff", file=sys.stderr)
            bad += 1
    if not bad:
        print(f"check-rules: {len(GAMES)} rules pages agree with engine/data and engine/src",
              file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
