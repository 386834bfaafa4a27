#!/usr/bin/env python3
"""Import circles inside one game folder (default engine/src/first_builders; issue 33 keeps it
circle-free, and CI runs this on it). The import graph: one node per .rs file (a folder's mod.rs is the
folder). An edge A -> B when A's code names a path (use line or inline path) that resolves
to file B: `super::x`, `super::super::x`, `crate::<game>::x`, or a child `x::` of a
mod.rs declared with `mod x;`. `#[cfg(test)]` test files are included; inline `#[cfg(test)] mod x { .. }` blocks are dropped. Prints the strongly
connected components with more than one file (the circles)."""
import os, re, sys
root = sys.argv[1] if len(sys.argv) > 1 else 'engine/src/first_builders'
game = re.escape(os.path.basename(os.path.normpath(root)))
files = {}
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.rs'):
            p = os.path.relpath(os.path.join(d, f), root)
            files[p] = open(os.path.join(d, f)).read()

def module_of(p):
    # module path (list) of a file
    parts = p[:-3].split('/')
    if parts[-1] == 'mod':
        parts = parts[:-1]
    return parts

def file_of(mod):
    for cand in ('/'.join(mod) + '.rs', '/'.join(mod + ['mod']) + '.rs'):
        if cand in files:
            return cand
    if not mod:
        return 'mod.rs'
    return None

def resolve(mod):
    # longest prefix of mod that is a file
    for k in range(len(mod), -1, -1):
        f = file_of(mod[:k])
        if f:
            return f
    return None

path_re = re.compile(r'\b((?:super::)+|crate::' + game + r'::|self::)((?:[a-z_][a-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*)')
group_re = re.compile(r'\b((?:super::)+|crate::' + game + r'::)((?:[a-z_][a-z0-9_]*::)*)\{([^}]*)\}', re.S)
edges = {p: set() for p in files}
for p, text in files.items():
    text = re.sub(r'//[^\n]*', '', text)
    # an inline test module at the end of a file (`mod tests { use super::*; }`) speaks of
    # the file itself: drop it
    text = re.split(r'#\[cfg\(test\)\]\s*mod \w+ \{', text)[0]
    me = module_of(p)
    # a file's own inline test module is dropped above
    def add(prefix, rest):
        if prefix.startswith('crate'):
            base = []
        elif prefix == 'self::':
            base = list(me)
        else:
            n = prefix.count('super::')
            base = me[:len(me) - n] if n <= len(me) else []
        target = resolve(base + [x for x in rest.split('::') if x])
        if target and target != p:
            edges[p].add(target)
    for m in group_re.finditer(text):
        for item in m.group(3).split(','):
            item = item.strip().split(' as ')[0].strip()
            if item and item != 'self' and item[0].islower():
                add(m.group(1), m.group(2) + item)
            else:
                add(m.group(1), m.group(2))
    for m in path_re.finditer(text):
        add(m.group(1), m.group(2))
    # children used by plain name from a folder's mod.rs (`tasks::legal`, `modules::setup`)
    if p.endswith('mod.rs') or p == 'mod.rs':
        for child in re.findall(r'^\s*(?:pub(?:\([a-z]+\))? )?mod ([a-z_0-9]+);', text, re.M):
            if re.search(r'(?<![:\w])' + child + r'::', text):
                t = file_of(me + [child])
                if t:
                    edges[p].add(t)
# Tarjan
index, low, stack, on, out = {}, {}, [], set(), []
sys.setrecursionlimit(10000)
def sc(v):
    index[v] = low[v] = len(index); stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            sc(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        out.append(comp)
for v in files:
    if v not in index:
        sc(v)
circles = [sorted(c) for c in out if len(c) > 1]
print(f'{len(files)} files, {sum(len(e) for e in edges.values())} arrows, {len(circles)} circles')
for c in circles:
    print('  circle:', ', '.join(c))
    for a in c:
        print('    ', a, '->', ', '.join(sorted(e for e in edges[a] if e in c)))
if '-v' in sys.argv:
    for p in sorted(edges): print(p, '->', ', '.join(sorted(edges[p])))
sys.exit(1 if circles else 0)
