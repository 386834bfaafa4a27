#!/usr/bin/env python3
"""Dead relative links and dead #anchors in every Markdown file of the repository.

Python stdlib only, so CI needs nothing installed. External links (http:, mailto:, ...)
are not fetched: CI runs offline and they would make it flaky. Anchors follow GitHub's
heading slugs (lowercase, punctuation dropped, spaces to hyphens, "-1", "-2" for repeats)
plus explicit <a name="..."> / id="..." tags.

Usage: scripts/check-links.py [ROOT]   (exit status 1 when a link is dead)
"""
import os
import re
import sys
from urllib.parse import unquote

SKIP_DIRS = {"node_modules", "target", ".tools", ".git", ".venv", "venv", "__pycache__", "build", "dist"}
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target "title") and ![alt](target); the target stops at whitespace or ')'.
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ID = re.compile(r"<a\s+[^>]*(?:name|id)=\"([^\"]+)\"|\sid=\"([^\"]+)\"")
HTML_HREF = re.compile(r"<a\s+[^>]*href=\"([^\"]+)\"")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
# The project's design notes and rule sources sit beside the repository, not in it: a
# reader who clones it cannot follow even a plain-text mention, so those are flagged too.
OUTSIDE = re.compile(r"(?:\.\./)*\bshared/(?:DESIGN\.md|design-review\.md|rules\b|seeds\b)")


def markdown_files(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        for f in sorted(files):
            if f.lower().endswith(".md"):
                yield os.path.join(d, f)


def slug(text):
    """GitHub's heading anchor."""
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links keep their text
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text, flags=re.UNICODE)
    return text.replace(" ", "-")


def lines_outside_fences(path):
    inside = False
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield number, line


_anchor_cache = {}


def anchors(path):
    if path not in _anchor_cache:
        seen, result = {}, set()
        for _, line in lines_outside_fences(path):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(2))
                n = seen.get(base, 0)
                result.add(base if n == 0 else f"{base}-{n}")
                seen[base] = n + 1
            for a, b in HTML_ID.findall(line):
                result.add(a or b)
        _anchor_cache[path] = result
    return _anchor_cache[path]


def links(path):
    generated = False  # generated blocks quote the engine's comments, which may name them
    for number, line in lines_outside_fences(path):
        if line.startswith("<!-- generated:"):
            generated = True
        elif line.startswith("<!-- end generated"):
            generated = False
        plain = CODE_SPAN.sub("", line)
        for target in INLINE.findall(plain):
            yield number, target
        m = REFDEF.match(plain)
        if m:
            yield number, m.group(1)
        for target in HTML_HREF.findall(plain):
            yield number, target
        for mention in [] if generated else OUTSIDE.findall(line):
            yield number, "outside:" + mention


def check(root):
    dead = []
    for md in markdown_files(root):
        for number, target in links(md):
            if target.startswith("outside:"):
                dead.append((md, number, target[len("outside:"):], "names a file outside the repository"))
                continue
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
                continue  # external: not fetched
            file_part, _, anchor = target.partition("#")
            file_part = unquote(file_part.split("?", 1)[0])
            if file_part:
                dest = os.path.normpath(
                    os.path.join(root, file_part.lstrip("/")) if file_part.startswith("/")
                    else os.path.join(os.path.dirname(md), file_part))
                if not os.path.exists(dest):
                    dead.append((md, number, target, "no such file"))
                    continue
                if os.path.relpath(dest, root).startswith(".."):
                    dead.append((md, number, target, "outside the repository"))
                    continue
            else:
                dest = md
            if anchor and dest.lower().endswith(".md") and os.path.isfile(dest):
                if unquote(anchor).lower() not in anchors(dest):
                    dead.append((md, number, target, "no such anchor"))
    return dead


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    dead = check(root)
    for md, number, target, why in dead:
        print(f"{os.path.relpath(md, root)}:{number}: {target}: {why}")
    count = sum(1 for _ in markdown_files(root))
    print(f"check-links: {count} Markdown files, {len(dead)} dead links", file=sys.stderr)
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main())
