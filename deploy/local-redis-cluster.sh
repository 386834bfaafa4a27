#!/usr/bin/env bash
# A throwaway Redis Cluster on loopback for trying `--store redis-cluster` and for the
# benchmarks in BENCHMARKS.md: N primaries (default 3, no replicas, no persistence) in a
# temporary directory.
#
#   eval "$(bash deploy/local-redis-cluster.sh start)"   # sets AGORA_REDIS_CLUSTER_DIR and
#                                                         # AGORA_REDIS_URL (the seed nodes)
#   agora-server --store redis-cluster                    # reads AGORA_REDIS_URL
#   bash deploy/local-redis-cluster.sh stop               # kills the nodes, removes the dir
#
# Ports: BASE (default 17000) .. BASE+N-1, and their cluster bus ports +10000.
set -euo pipefail
NODES=${NODES:-3}
BASE=${BASE:-17000}

case ${1:-} in
  start)
    command -v redis-server >/dev/null && command -v redis-cli >/dev/null \
      || { echo "needs redis-server and redis-cli" >&2; exit 1; }
    DIR=$(mktemp -d "${TMPDIR:-/tmp}/agora-redis-cluster.XXXXXX")
    addrs=() urls=()
    for i in $(seq 0 $((NODES - 1))); do
      port=$((BASE + i))
      mkdir -p "$DIR/$port"
      redis-server --port "$port" --bind 127.0.0.1 --cluster-enabled yes \
        --cluster-config-file nodes.conf --cluster-node-timeout 2000 \
        --save "" --appendonly no --dir "$DIR/$port" --logfile "$DIR/$port/redis.log" \
        --daemonize yes --pidfile "$DIR/$port/redis.pid" >&2
      addrs+=("127.0.0.1:$port") urls+=("redis://127.0.0.1:$port")
    done
    for a in "${addrs[@]}"; do
      for _ in $(seq 100); do redis-cli -p "${a#*:}" ping >/dev/null 2>&1 && break; sleep 0.1; done
    done
    redis-cli --cluster create "${addrs[@]}" --cluster-replicas 0 --cluster-yes >&2
    for a in "${addrs[@]}"; do
      for _ in $(seq 200); do
        redis-cli -p "${a#*:}" cluster info | grep -q cluster_state:ok && break
        sleep 0.1
      done
    done
    seeds=$(IFS=,; echo "${urls[*]}")
    echo "export AGORA_REDIS_CLUSTER_DIR=$DIR"
    echo "export AGORA_REDIS_URL=$seeds"
    ;;
  stop)
    DIR=${AGORA_REDIS_CLUSTER_DIR:?run start first (eval its output)}
    for pidfile in "$DIR"/*/redis.pid; do
      [[ -f $pidfile ]] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    sleep 0.5
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
