#!/usr/bin/env python3
"""Consistency checks of deploy/ that schema validators cannot make (run by validate.sh).

    python3 deploy/check_deploy.py compose      compose.yaml + envoy/envoy.yaml
    python3 deploy/check_deploy.py k8s [FILE]   the manifests (FILE: `kubectl kustomize` output)
    python3 deploy/check_deploy.py dockerfile   Dockerfile and .dockerignore against the workspace
    python3 deploy/check_deploy.py env          every AGORA_* variable used here exists

Prints one line per problem and exits 1 if there is any. Needs PyYAML.
"""

from __future__ import annotations

import glob
import os
import re
import sys
from urllib.parse import urlparse

import yaml

DEPLOY = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(DEPLOY)
PROBLEMS: list[str] = []


def problem(text: str) -> None:
    PROBLEMS.append(text)
    print(f"  problem: {text}")


def expect(condition: bool, text: str) -> None:
    if not condition:
        problem(text)


def load(path: str) -> object:
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def load_all(path: str) -> list:
    with open(path, encoding="utf-8") as f:
        return [d for d in yaml.safe_load_all(f) if d is not None]


def dockerfile_env() -> dict[str, str]:
    """The ENV of the Dockerfile's last stage, as key -> value."""
    text = open(os.path.join(DEPLOY, "Dockerfile"), encoding="utf-8").read()
    text = text.replace("\\\n", " ")
    last_stage = text[text.rindex("\nFROM ") :]
    env: dict[str, str] = {}
    for line in last_stage.splitlines():
        if line.startswith("ENV "):
            for key, value in re.findall(r"(\w+)=(\S+)", line[4:]):
                env[key] = value
    return env


# ---------------------------------------------------------------------------- compose
def check_compose() -> None:
    path = os.path.join(DEPLOY, "compose.yaml")
    doc = load(path)
    expect(isinstance(doc, dict), "compose.yaml is not a mapping")
    services = doc.get("services", {})
    for name in ("redis", "agora", "lb"):
        expect(name in services, f"compose.yaml has no service {name!r}")
    if PROBLEMS:
        return
    redis, agora, lb = services["redis"], services["agora"], services["lb"]

    command = " ".join(map(str, redis.get("command", [])))
    expect("--appendonly yes" in command, "redis does not run with --appendonly yes")
    expect(any(str(v).endswith(":/data") for v in redis.get("volumes", [])), "redis has no volume on /data")
    expect("healthcheck" in redis, "redis has no healthcheck")

    expect(agora.get("deploy", {}).get("replicas") == 3, "agora does not have deploy.replicas: 3")
    env = {**dockerfile_env(), **{k: str(v) for k, v in agora.get("environment", {}).items()}}
    expect(env.get("AGORA_STORE") == "redis", "agora does not set AGORA_STORE=redis")
    url = urlparse(env.get("AGORA_REDIS_URL", ""))
    expect(url.scheme == "redis" and url.hostname in services, f"AGORA_REDIS_URL host {url.hostname!r} is not a compose service")
    expect(url.port == 6379, "AGORA_REDIS_URL does not use port 6379")
    expect(agora.get("depends_on", {}).get("redis", {}).get("condition") == "service_healthy",
           "agora does not wait for a healthy redis")
    postgres = services.get("postgres")
    expect(postgres is not None, "no postgres service (the archive)")
    if postgres:
        expect(any(str(v).endswith(":/var/lib/postgresql/data") for v in postgres.get("volumes", [])),
               "postgres has no volume on its data")
        expect("healthcheck" in postgres, "postgres has no healthcheck")
        archive = urlparse(str(env.get("AGORA_ARCHIVE_URL", "")))
        expect(archive.scheme == "postgres" and archive.hostname == "postgres",
               "AGORA_ARCHIVE_URL does not point at the postgres service")
    expect("ports" not in agora, "agora publishes ports: with several replicas they would clash")
    build = agora.get("build", {})
    dockerfile = os.path.normpath(os.path.join(DEPLOY, build.get("context", "."), build.get("dockerfile", "Dockerfile")))
    expect(os.path.isfile(dockerfile), f"the build dockerfile {dockerfile} does not exist")
    expect(os.path.normpath(os.path.join(DEPLOY, build.get("context", "."))) == ROOT, "the build context is not the repository root")

    listen_port = int(env.get("AGORA_LISTEN", "0.0.0.0:50051").rsplit(":", 1)[1])
    envoy_file = None
    for volume in lb.get("volumes", []):
        source, target = str(volume).split(":")[:2]
        if target == "/etc/envoy/envoy.yaml":
            envoy_file = os.path.normpath(os.path.join(DEPLOY, source))
    expect(envoy_file is not None and os.path.isfile(envoy_file), "lb does not mount an existing envoy.yaml")
    if envoy_file and os.path.isfile(envoy_file):
        envoy = load(envoy_file)
        clusters = {c["name"]: c for c in envoy["static_resources"]["clusters"]}
        listeners = envoy["static_resources"]["listeners"]
        expect("agora" in clusters, "envoy has no cluster 'agora'")
        cluster = clusters.get("agora", {})
        expect(cluster.get("type") == "STRICT_DNS", "the envoy cluster is not STRICT_DNS (it would not see every replica)")
        http = cluster.get("typed_extension_protocol_options", {}).get(
            "envoy.extensions.upstreams.http.v3.HttpProtocolOptions", {})
        expect("http2_protocol_options" in http.get("explicit_http_config", {}), "the envoy cluster does not speak HTTP/2 upstream")
        for group in cluster.get("load_assignment", {}).get("endpoints", []):
            for endpoint in group["lb_endpoints"]:
                address = endpoint["endpoint"]["address"]["socket_address"]
                expect(address["address"] in services, f"envoy upstream {address['address']!r} is not a compose service")
                expect(address["port_value"] == listen_port, f"envoy upstream port {address['port_value']} != AGORA_LISTEN port {listen_port}")
        expect(any("grpc_health_check" in h for h in cluster.get("health_checks", [])), "the envoy cluster has no gRPC health check")
        ports = {l["address"]["socket_address"]["port_value"] for l in listeners}
        published = {int(str(p).rsplit(":", 1)[1]) for p in lb.get("ports", [])}
        expect(bool(ports & published), f"no envoy listener port {ports} is published by lb ({published})")


# ------------------------------------------------------------------------------- k8s
def matches(selector: dict, labels: dict) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def check_k8s(rendered: str | None) -> None:
    k8s = os.path.join(DEPLOY, "k8s")
    kustomization = load(os.path.join(k8s, "kustomization.yaml"))
    listed = list(kustomization.get("resources", []))
    files = sorted(os.path.basename(p) for p in glob.glob(os.path.join(k8s, "*.yaml")) if not p.endswith("kustomization.yaml"))
    expect(sorted(listed) == files, f"kustomization.yaml resources {sorted(listed)} != manifests {files}")

    if rendered:
        docs = load_all(rendered)
    else:
        docs = [d for f in files for d in load_all(os.path.join(k8s, f))]
    by_kind: dict[str, list[dict]] = {}
    for doc in docs:
        by_kind.setdefault(doc["kind"], []).append(doc)
        expect("namespace" not in doc["metadata"], f"{doc['kind']}/{doc['metadata']['name']} names a namespace")
        expect("app.kubernetes.io/name" in doc["metadata"].get("labels", {}),
               f"{doc['kind']}/{doc['metadata']['name']} has no app.kubernetes.io/name label")
    for kind in ("Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap", "StatefulSet"):
        expect(kind in by_kind, f"no {kind}")
    if PROBLEMS:
        return
    names = {(d["kind"], d["metadata"]["name"]): d for d in docs}
    deployment = by_kind["Deployment"][0]
    spec = deployment["spec"]
    pod = spec["template"]
    pod_labels = pod["metadata"]["labels"]
    expect(matches(spec["selector"]["matchLabels"], pod_labels), "the Deployment selector does not match its pods")
    expect(spec.get("replicas") == 3, "the Deployment does not start with 3 replicas")
    container = pod["spec"]["containers"][0]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    expect(ports.get("grpc") == 50051, "the container has no port grpc: 50051")
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        grpc = container.get(probe, {}).get("grpc", {})
        expect(grpc.get("port") == 50051, f"{probe} is not a native gRPC probe on 50051")
    # Readiness follows the store (agora.v1.GameService); liveness must not, or a Redis
    # outage would restart every replica.
    for probe in ("startupProbe", "readinessProbe"):
        service = container.get(probe, {}).get("grpc", {}).get("service")
        expect(service == "agora.v1.GameService", f"{probe} does not ask agora.v1.GameService")
    expect(not container.get("livenessProbe", {}).get("grpc", {}).get("service"), "the livenessProbe asks a service (it must ask the whole server, \"\")")
    expect("sleep" in container.get("lifecycle", {}).get("preStop", {}), "no preStop sleep")
    grace = pod["spec"].get("terminationGracePeriodSeconds", 30)
    expect(container["lifecycle"]["preStop"]["sleep"]["seconds"] < grace, "the preStop sleep is not shorter than the grace period")
    sc = container.get("securityContext", {})
    expect(sc.get("readOnlyRootFilesystem") is True, "the root filesystem is not read-only")
    expect(sc.get("allowPrivilegeEscalation") is False, "privilege escalation is allowed")
    expect(sc.get("capabilities", {}).get("drop") == ["ALL"], "capabilities are not all dropped")
    expect(pod["spec"].get("securityContext", {}).get("runAsNonRoot") is True, "runAsNonRoot is not set")
    expect("cpu" in container.get("resources", {}).get("requests", {}), "no CPU request (the HPA needs one)")

    env: dict[str, str] = {}
    for source in container.get("envFrom", []):
        if "secretRef" in source:
            # The archive's URL: a Secret the operator makes (postgres.yaml); optional.
            expect(source["secretRef"].get("optional") is True, "the Deployment needs a Secret it does not ship")
            continue
        ref = source.get("configMapRef", {}).get("name")
        expect(("ConfigMap", ref) in names, f"envFrom names a missing ConfigMap {ref!r}")
        env.update(names.get(("ConfigMap", ref), {}).get("data", {}))
    expect(env.get("AGORA_STORE") == "redis", "the ConfigMap does not set AGORA_STORE=redis")
    url = urlparse(env.get("AGORA_REDIS_URL", ""))
    redis_service = names.get(("Service", url.hostname))
    expect(redis_service is not None, f"AGORA_REDIS_URL host {url.hostname!r} is not a Service here")
    if redis_service:
        expect(any(p["port"] == url.port for p in redis_service["spec"]["ports"]), "the Redis Service does not expose the URL's port")
        selected = [s for s in by_kind["StatefulSet"]
                    if matches(redis_service["spec"]["selector"], s["spec"]["template"]["metadata"]["labels"])]
        expect(len(selected) == 1, "the Redis Service does not select the Redis pods")
        statefulset = selected[0] if selected else by_kind["StatefulSet"][0]
        expect(("Service", statefulset["spec"]["serviceName"]) in names, "the StatefulSet's serviceName is not a Service here")
        redis = statefulset["spec"]["template"]["spec"]["containers"][0]
        args = " ".join(map(str, redis.get("command", []) + redis.get("args", [])))
        expect("--appendonly yes" in args, "Redis does not run with --appendonly yes")
        mounts = {m["name"]: m["mountPath"] for m in redis.get("volumeMounts", [])}
        templates = {t["metadata"]["name"] for t in statefulset["spec"].get("volumeClaimTemplates", [])}
        expect(mounts.get("data") == "/data" and "data" in templates, "Redis /data is not on a volumeClaimTemplate")

    # The archive's PostgreSQL: a Service selecting a StatefulSet whose data is on a volume.
    postgres = names.get(("Service", "agora-postgres"))
    expect(postgres is not None, "no agora-postgres Service (the archive)")
    if postgres:
        expect(any(p["port"] == 5432 for p in postgres["spec"]["ports"]), "agora-postgres does not expose 5432")
        pg_sets = [s for s in by_kind["StatefulSet"]
                   if matches(postgres["spec"]["selector"], s["spec"]["template"]["metadata"]["labels"])]
        expect(len(pg_sets) == 1, "agora-postgres does not select one StatefulSet")
        for pg in pg_sets:
            container_pg = pg["spec"]["template"]["spec"]["containers"][0]
            mounts = {m["name"]: m["mountPath"] for m in container_pg.get("volumeMounts", [])}
            templates = {t["metadata"]["name"] for t in pg["spec"].get("volumeClaimTemplates", [])}
            expect(mounts.get("data") == "/var/lib/postgresql/data" and "data" in templates,
                   "PostgreSQL's data is not on a volumeClaimTemplate")
            env_pg = {e["name"]: e for e in container_pg.get("env", [])}
            expect("secretKeyRef" in env_pg.get("POSTGRES_PASSWORD", {}).get("valueFrom", {}),
                   "PostgreSQL's password is not read from a Secret")

    services = [s for s in by_kind["Service"] if matches(s["spec"].get("selector", {}), pod_labels)]
    expect(len(services) == 1, "exactly one Service should select the agora pods")
    for service in services:
        port = service["spec"]["ports"][0]
        expect(port.get("name") == "grpc" and port.get("appProtocol") == "kubernetes.io/h2c", "the agora Service port is not grpc/h2c")
        expect(port.get("targetPort") in ports or port.get("targetPort") in ports.values(), "the agora Service targets no container port")
    hpa = by_kind["HorizontalPodAutoscaler"][0]
    target = hpa["spec"]["scaleTargetRef"]
    expect((target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"]), "the HPA does not scale the Deployment")
    expect(hpa["spec"]["minReplicas"] <= spec["replicas"] <= hpa["spec"]["maxReplicas"], "3 replicas is outside the HPA range")
    pdb = by_kind["PodDisruptionBudget"][0]
    expect(matches(pdb["spec"]["selector"]["matchLabels"], pod_labels), "the PDB does not select the agora pods")


# ------------------------------------------------------------------------ dockerfile
def cargo_bins(manifest: str) -> set[str]:
    text = open(os.path.join(ROOT, manifest), encoding="utf-8").read()
    return set(re.findall(r'\[\[bin\]\]\s*name\s*=\s*"([^"]+)"', text))


def check_dockerfile() -> None:
    text = open(os.path.join(DEPLOY, "Dockerfile"), encoding="utf-8").read()
    joined = text.replace("\\\n", " ")
    stages = re.findall(r"^FROM\s+(\S+)(?:\s+AS\s+(\S+))?", joined, re.M)
    expect(len(stages) >= 2, "the Dockerfile is not multi-stage")
    expect(any(s[0].startswith("gcr.io/distroless/") or "slim" in s[0] for s in stages[-1:]), "the runtime image is not small")
    builds = re.findall(r"cargo build[^\n]*", joined)
    expect(len(builds) == 1, "expected one cargo build")
    build = builds[0] if builds else ""
    expect("--locked" in build and "--release" in build, "cargo build is not --locked --release")
    expect("--bin agora-server" in build and "agora-server" in cargo_bins("service/Cargo.toml"), "agora-server is not built")
    expect("--bin agora " in build + " " and "agora" in cargo_bins("clients/rust/Cargo.toml"), "the agora CLI is not built")
    entry = re.search(r'^ENTRYPOINT\s+\["([^"]+)"', joined, re.M)
    expect(entry is not None and entry.group(1) == "/usr/local/bin/agora-server", "ENTRYPOINT is not /usr/local/bin/agora-server")
    env = dockerfile_env()
    port = env.get("AGORA_LISTEN", ":").rsplit(":", 1)[1]
    expect(re.search(rf"^EXPOSE\s+{port}\b", joined, re.M) is not None, f"EXPOSE does not match AGORA_LISTEN port {port}")
    expect(env.get("AGORA_LOG_FORMAT") == "json", "AGORA_LOG_FORMAT is not json")
    expect(env.get("AGORA_SERVER", "").endswith(f":{port}"), "AGORA_SERVER (used by the HEALTHCHECK) does not dial AGORA_LISTEN's port")
    health = re.search(r"^HEALTHCHECK.*CMD\s+(\[.*\])", joined, re.M)
    expect(health is not None and "/usr/local/bin/agora" in health.group(1) and "health" in health.group(1),
           "HEALTHCHECK does not run the bundled `agora health` (exec form; distroless has no shell)")
    expect(re.search(r"^USER\s+(?!0|root)", joined, re.M) is not None or ":nonroot" in stages[-1][0], "the runtime user is root")
    # Every workspace member's manifest is COPY'd before the sources (cargo fetch loads them all).
    members = re.search(r"^members\s*=\s*\[([^\]]*)\]", open(os.path.join(ROOT, "Cargo.toml"), encoding="utf-8").read(), re.M)
    for member in re.findall(r'"([^"]+)"', members.group(1) if members else ""):
        expect(re.search(rf"^COPY\s+{re.escape(member)}/Cargo\.toml\s", text, re.M) is not None,
               f"the Dockerfile does not COPY {member}/Cargo.toml before the sources")
    # Everything COPY'd before the sources must exist.
    for source in re.findall(r"^COPY\s+(?!--from)(\S+)\s", text, re.M):
        if source != ".":
            expect(os.path.exists(os.path.join(ROOT, source)), f"COPY source {source} does not exist")

    # .dockerignore must keep what cargo needs.
    patterns = [l.strip() for l in open(os.path.join(ROOT, ".dockerignore"), encoding="utf-8") if l.strip() and not l.startswith("#")]
    import fnmatch

    needed = ["Cargo.toml", "Cargo.lock", "proto/agora/v1/game_service.proto", "proto/build.rs",
              "engine/data/origin/map.toml", "engine/benches/games.rs", "service/src/main.rs",
              "service/src/store/redis/commit.lua", "clients/rust/src/main.rs"]
    for path in needed:
        expect(os.path.exists(os.path.join(ROOT, path)), f"{path} (needed by the build) does not exist")
        parts = path.split("/")
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        for pattern in patterns:
            if pattern.startswith("!"):
                continue
            bare = pattern.rstrip("/")
            hit = any(fnmatch.fnmatch(p, bare) or fnmatch.fnmatch(p, bare.replace("**/", "")) for p in prefixes)
            expect(not hit, f".dockerignore pattern {pattern!r} excludes {path}, which the build needs")

    # The builder's Rust must be new enough for the locked crates (when their sources are here).
    version = re.search(r"^ARG RUST_VERSION=(\d+)\.(\d+)", text, re.M)
    expect(version is not None, "no ARG RUST_VERSION")
    if version:
        check_rust_version((int(version.group(1)), int(version.group(2))))


def check_rust_version(builder: tuple[int, int]) -> None:
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        print("  skip: the locked crates' rust-version (needs Python 3.11 tomllib)")
        return
    lock = tomllib.load(open(os.path.join(ROOT, "Cargo.lock"), "rb"))
    cargo_home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    registries = glob.glob(os.path.join(cargo_home, "registry", "src", "*"))
    packages = [p for p in lock["package"] if str(p.get("source", "")).startswith("registry+")]
    found, needs = 0, []
    for package in packages:
        for registry in registries:
            manifest = os.path.join(registry, f"{package['name']}-{package['version']}", "Cargo.toml")
            if os.path.exists(manifest):
                found += 1
                rust = tomllib.load(open(manifest, "rb")).get("package", {}).get("rust-version")
                if isinstance(rust, str):
                    v = tuple(int(x) for x in rust.split(".")[:2])
                    if v > builder:
                        needs.append(f"{package['name']} {package['version']} needs {rust}")
                break
    if found < len(packages) // 2:
        print(f"  skip: the locked crates' rust-version (only {found}/{len(packages)} crate sources in {cargo_home})")
        return
    # wasm-only crates are never compiled for Linux.
    needs = [n for n in needs if not n.startswith(("wasi", "wasm", "js-sys", "web-sys"))]
    expect(not needs, f"ARG RUST_VERSION={builder[0]}.{builder[1]} is too old: " + "; ".join(needs))
    print(f"  rust-version: {found}/{len(packages)} locked crates checked against rustc {builder[0]}.{builder[1]}")


# ------------------------------------------------------------------------------- env
def check_env() -> None:
    declared = set()
    for source in ("service/src/config.rs", "clients/rust/src/main.rs"):
        declared |= set(re.findall(r'env\s*=\s*"(AGORA_\w+)"', open(os.path.join(ROOT, source), encoding="utf-8").read()))
    expect(len(declared) > 5, "found no AGORA_* variables in config.rs")
    used: dict[str, set[str]] = {}
    for path in glob.glob(os.path.join(DEPLOY, "**", "*"), recursive=True):
        if os.path.isfile(path) and not path.endswith((".md", ".py", ".sh")):
            for name in re.findall(r"\b(AGORA_[A-Z_]+)\b", open(path, encoding="utf-8").read()):
                used.setdefault(name, set()).add(os.path.relpath(path, ROOT))
    # AGORA_PORT is compose's own host-port knob, not a server variable.
    for name, paths in sorted(used.items()):
        if name != "AGORA_PORT":
            expect(name in declared, f"{name} (in {', '.join(sorted(paths))}) is not a flag of agora-server or agora")
    used.pop("AGORA_PORT", None)
    print(f"  {len(used)} AGORA_* variables used, all among the {len(declared)} declared ones" if not PROBLEMS else "")


def main() -> int:
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    checks = {"compose": check_compose, "dockerfile": check_dockerfile, "env": check_env}
    if what == "k8s":
        check_k8s(sys.argv[2] if len(sys.argv) > 2 else None)
    elif what in checks:
        checks[what]()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 1 if PROBLEMS else 0


if __name__ == "__main__":
    sys.exit(main())
