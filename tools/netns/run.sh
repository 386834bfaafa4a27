#!/usr/bin/env bash
# Faults between machines, with machines made of Linux network namespaces: a Redis host,
# three replica hosts (agora-server --store redis), a balancer host (HAProxy, HTTP/2 to
# the replicas, gRPC health checks) and a client host playing whole games through the
# balancer with agora-chaos --target (bots that retry without a definite answer, and an
# audit of every acknowledged move). Scenarios:
#
#   rolling    every replica in turn: SIGTERM, wait for it to drain and exit, leave it
#              down for --down seconds, start it again, wait until it is ready and the
#              balancer's health check sees it SERVING, next.
#   partition  one replica host cut from the Redis host (its switch port on the Redis
#              network disabled: every frame dropped both ways, silently) for
#              --partition-seconds, then healed; the balancer and the client still
#              reach it.
#
# Run as root on Linux (needs `ip netns`, veth, bridge, haproxy, redis-server, python3). Where namespaces are not allowed it says "skipped: needs root and ip netns"
# and exits 0. Exits 1 when a count that must be 0 is not (see RELIABILITY.md), 2 when
# the experiment could not run. Everything it made is removed on exit, even on failure;
# the logs stay in the work directory it prints. See RELIABILITY.md, "Faults between
# hosts".
set -euo pipefail

usage() {
    cat <<'EOF'
usage: tools/netns/run.sh [options]
  --scenario rolling|partition|all   (default all)
  --bin-dir DIR          agora-server and agora-chaos (default $CARGO_TARGET_DIR/release
                         when both are there, else $CARGO_TARGET_DIR/debug; CARGO_TARGET_DIR
                         defaults to ./target)
  --concurrency N        sessions played at once (default 8)
  --warmup S             load before the first fault (default 10)
  --partition-seconds S  how long the cut lasts (default 30)
  --after S              load after the last fault (default 40)
  --down S               how long a stopped replica stays down in the rolling restart
                         (default 3: long enough for the balancer to mark it DOWN)
  --partitioned rN       the replica cut from Redis (default r2)
  --seed N               agora-chaos seed (default 1)
EOF
}

SCENARIO=all
BIN_DIR=
CONCURRENCY=8
WARMUP=10
PARTITION_SECONDS=30
AFTER=40
PARTITIONED=r2
DOWN=3
SEED=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --scenario) SCENARIO=$2; shift 2 ;;
        --bin-dir) BIN_DIR=$2; shift 2 ;;
        --concurrency) CONCURRENCY=$2; shift 2 ;;
        --warmup) WARMUP=$2; shift 2 ;;
        --partition-seconds) PARTITION_SECONDS=$2; shift 2 ;;
        --after) AFTER=$2; shift 2 ;;
        --partitioned) PARTITIONED=$2; shift 2 ;;
        --down) DOWN=$2; shift 2 ;;
        --seed) SEED=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$SCENARIO" in
    rolling|partition) SCENARIOS=("$SCENARIO") ;;
    all) SCENARIOS=(rolling partition) ;;
    *) echo "--scenario: rolling, partition or all" >&2; exit 2 ;;
esac
case "$PARTITIONED" in r1|r2|r3) ;; *) echo "--partitioned: r1, r2 or r3" >&2; exit 2 ;; esac

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

skip() {
    echo "skipped: needs root and ip netns ($1)"
    exit 0
}
[[ "$(uname -s)" == Linux ]] || skip "not Linux"
[[ "$(id -u)" -eq 0 ]] || skip "not root"
command -v ip >/dev/null || skip "no ip command (iproute2)"

# Every name this script makes starts with this.
P=agora-nn
HOSTS=(sw redis r1 r2 r3 lb client)

ip netns add "$P-probe" 2>/dev/null || skip "ip netns add was refused"
if ! ip -n "$P-probe" link add probe0 type veth peer name probe1 2>/dev/null ||
    ! ip -n "$P-probe" link add probebr type bridge 2>/dev/null; then
    ip netns del "$P-probe"
    skip "no veth or bridge in a namespace"
fi
ip netns del "$P-probe"

for tool in haproxy redis-server python3 bridge timeout; do
    command -v "$tool" >/dev/null || {
        echo "run.sh: $tool is missing (Debian: apt-get install -y haproxy redis-server python3 iproute2)" >&2
        exit 2
    }
done
if [[ -z "$BIN_DIR" ]]; then
    target=${CARGO_TARGET_DIR:-$REPO/target}
    if [[ -x "$target/release/agora-server" && -x "$target/release/agora-chaos" ]]; then
        BIN_DIR=$target/release
    else
        BIN_DIR=$target/debug
    fi
fi
for bin in agora-server agora-chaos; do
    [[ -x "$BIN_DIR/$bin" ]] || {
        echo "run.sh: no $BIN_DIR/$bin (cargo build [--release] -p agora-service -p agora-tools)" >&2
        exit 2
    }
done

WORK=$(mktemp -d /tmp/agora-netns.XXXXXX)
export AGORA_NETNS_WORK=$WORK

# Stops what this script started (its background jobs, by process id, and whatever is left
# inside its own namespaces), then deletes the namespaces: on every exit, failures included.
cleanup() {
    set +e
    local pids
    pids=$(jobs -p)
    for h in "${HOSTS[@]}"; do
        pids+=" $(ip netns pids "$P-$h" 2>/dev/null)"
    done
    for pid in $pids; do kill -TERM "$pid" 2>/dev/null; done
    sleep 1
    for pid in $pids; do kill -KILL "$pid" 2>/dev/null; done
    for h in "${HOSTS[@]}"; do ip netns del "$P-$h" 2>/dev/null; done
    echo "logs: $WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Leftovers of a run that could not clean up (killed with SIGKILL): ours by name.
for h in "${HOSTS[@]}"; do
    if ip netns list | grep -qw "$P-$h"; then
        for pid in $(ip netns pids "$P-$h"); do kill -KILL "$pid" 2>/dev/null || true; done
        ip netns del "$P-$h"
    fi
done

in_ns() {
    local host=$1
    shift
    ip netns exec "$P-$host" "$@"
}

# For `spawn HOST CMD... &`: the background job becomes CMD itself (exec), so that $! is
# the process to signal and wait for, not a subshell around it.
spawn() {
    local host=$1
    shift
    exec ip netns exec "$P-$host" "$@"
}

now_ms() { date +%s%3N; }

# sleep that a signal interrupts at once (bash runs a trap only between commands, but
# `wait` returns on a signal).
pause() {
    sleep "$1" &
    wait $!
}

# A line in the scenario's event log (epoch ms first) and on the terminal.
EVENTS=/dev/null
event() {
    echo "$(now_ms) $*" >>"$EVENTS"
    echo "[$(date -u +%H:%M:%S)] $*"
}

# --- the hosts -------------------------------------------------------------------------
# A switch host holds two bridges: front (10.77.1.0/24: client, balancer, replicas) and
# back (10.77.2.0/24: replicas, Redis). A replica has a leg on each, so that cutting its
# back leg cuts it from Redis only.
for h in "${HOSTS[@]}"; do
    ip netns add "$P-$h"
    ip -n "$P-$h" link set lo up
done
for side in f b; do
    ip -n "$P-sw" link add "br$side" type bridge
    ip -n "$P-sw" link set "br$side" up
done
# wire HOST SIDE(f|b) IFNAME ADDRESS
wire() {
    ip link add "$2-$1" netns "$P-sw" type veth peer name "$3" netns "$P-$1"
    ip -n "$P-sw" link set "$2-$1" master "br$2" up
    ip -n "$P-$1" addr add "$4/24" dev "$3"
    ip -n "$P-$1" link set "$3" up
}
wire redis b eth0 10.77.2.2
wire lb f eth0 10.77.1.2
wire client f eth0 10.77.1.3
for i in 1 2 3; do
    wire "r$i" f eth0 "10.77.1.1$i"
    wire "r$i" b eth1 "10.77.2.1$i"
done

# --- the services ----------------------------------------------------------------------
spawn redis redis-server --bind 10.77.2.2 --port 6379 --protected-mode no --save '' \
    --appendonly no --dir "$WORK" >"$WORK/redis.log" 2>&1 &

declare -A REPLICA_PID STARTS
start_replica() {
    local r=$1
    STARTS[$r]=$((${STARTS[$r]:-0} + 1))
    spawn "$r" "$BIN_DIR/agora-server" --listen "10.77.1.1${r#r}:50051" --store redis \
        --redis-url redis://10.77.2.2:6379 --max-sessions 1000000 >>"$WORK/$r.log" 2>&1 &
    REPLICA_PID[$r]=$!
}
for r in r1 r2 r3; do start_replica "$r"; done

spawn lb haproxy -db -f "$HERE/haproxy.cfg" >"$WORK/haproxy.log" 2>&1 &
LB_PID=$!

# The balancer's view of a replica: UP, DOWN, or a check in between ("UP 1/2").
lb_state() {
    in_ns lb python3 - "$WORK/haproxy.sock" "$1" <<'EOF'
import socket, sys
s = socket.socket(socket.AF_UNIX)
try:
    s.connect(sys.argv[1])
    s.sendall(b"show stat\n")
    data = b""
    while chunk := s.recv(65536):
        data += chunk
except OSError:
    print("no-balancer"); sys.exit()
for line in data.decode().splitlines():
    f = line.split(",")
    if len(f) > 17 and f[0] == "replicas" and f[1] == sys.argv[2]:
        print(f[17].replace(" ", "")); break
else:
    print("unknown")
EOF
}

# Waits until the replica's current process is ready and the balancer sees it UP; fails
# after $2 seconds.
wait_up() {
    local deadline=$((SECONDS + $2))
    until [[ "$(grep -c 'agora-server ready' "$WORK/$1.log")" -ge "${STARTS[$1]}" &&
        "$(lb_state "$1")" == UP ]]; do
        if ! kill -0 "$LB_PID" 2>/dev/null; then
            echo "run.sh: the balancer stopped:" >&2
            tail -5 "$WORK/haproxy.log" >&2
            return 1
        fi
        if ((SECONDS > deadline)); then
            echo "run.sh: $1 not UP at the balancer after $2 s (state $(lb_state "$1"))" >&2
            return 1
        fi
        sleep 0.2
    done
}
for r in r1 r2 r3; do wait_up "$r" 120; done
echo "hosts up: Redis 10.77.2.2, replicas 10.77.1.11-13 (back 10.77.2.11-13), balancer 10.77.1.2:50051, client 10.77.1.3; binaries from $BIN_DIR"

# --- load ------------------------------------------------------------------------------
LOAD_PID=
start_load() {
    local scenario=$1 seconds=$2
    spawn client "$BIN_DIR/agora-chaos" --target 10.77.1.2:50051 --seconds "$seconds" \
        --concurrency "$CONCURRENCY" --seed "$SEED" --json "$WORK/$scenario.json" \
        >"$WORK/$scenario.chaos.txt" 2>&1 &
    LOAD_PID=$!
}
# Samples the balancer's view of every replica once a second while the load runs.
sample_states() {
    while kill -0 "$LOAD_PID" 2>/dev/null; do
        echo "$(now_ms) r1=$(lb_state r1) r2=$(lb_state r2) r3=$(lb_state r3)" >>"$1"
        sleep 1
    done
}

# --- scenarios -------------------------------------------------------------------------
rolling() {
    # Long enough for three drains and restarts of a debug build; the load ends by itself.
    start_load rolling $((WARMUP + 3 * 30 + AFTER))
    sample_states "$WORK/rolling.states" &
    pause "$WARMUP"
    local r t0 rc
    for r in r1 r2 r3; do
        t0=$(now_ms)
        event "SIGTERM $r"
        kill -TERM "${REPLICA_PID[$r]}"
        rc=0
        wait "${REPLICA_PID[$r]}" || rc=$?
        event "$r exited with status $rc after $(($(now_ms) - t0)) ms"
        pause "$DOWN"
        event "$r seen by the balancer as $(lb_state "$r")"
        start_replica "$r"
        event "$r started"
        wait_up "$r" 60
        kill -0 "${REPLICA_PID[$r]}" 2>/dev/null || {
            echo "run.sh: the new $r exited:" >&2
            tail -3 "$WORK/$r.log" >&2
            return 1
        }
        event "$r UP at the balancer, $(($(now_ms) - t0)) ms after its SIGTERM"
        pause 5
    done
}

# True when a new TCP connection from the replica host to Redis opens within 2 s.
can_reach_redis() {
    in_ns "$1" timeout 2 bash -c 'exec 3<>/dev/tcp/10.77.2.2/6379' 2>/dev/null
}

partition() {
    start_load partition $((WARMUP + PARTITION_SECONDS + AFTER))
    sample_states "$WORK/partition.states" &
    pause "$WARMUP"
    # The switch port of the replica's back leg disabled: every frame dropped both ways,
    # silently; both ends keep their carrier, as with a switch or a path that forgot
    # the flow (no reset, no "unreachable").
    event "cut $PARTITIONED from Redis"
    in_ns sw bridge link set dev "b-$PARTITIONED" state 0
    if can_reach_redis "$PARTITIONED"; then
        echo "run.sh: $PARTITIONED still reaches Redis through a disabled port" >&2
        return 1
    fi
    pause "$PARTITION_SECONDS"
    in_ns sw bridge link set dev "b-$PARTITIONED" state 3
    event "healed $PARTITIONED"
    can_reach_redis "$PARTITIONED" || echo "run.sh: $PARTITIONED cannot reach Redis after the heal" >&2
}

STATUS=0
for scenario in "${SCENARIOS[@]}"; do
    EVENTS=$WORK/$scenario.events
    event "start $scenario"
    "$scenario"
    rc=0
    wait "$LOAD_PID" || rc=$?
    event "end $scenario (agora-chaos exit $rc)"
    cat "$WORK/$scenario.chaos.txt"
    python3 "$HERE/summarize.py" "$scenario" "$WORK" || rc=2
    ((rc > STATUS)) && STATUS=$rc
    # Every replica up again before the next scenario.
    for r in r1 r2 r3; do wait_up "$r" 60; done
done
exit "$STATUS"
