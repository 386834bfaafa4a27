#!/usr/bin/env bash
# Side-by-side SubmitAction benchmark: boardgame.io 0.50.2 against agora-server (memory
# store; Redis store without persistence, with AOF everysec, with AOF always), server side
# pinned to one core (its Redis too), load generator pinned to another. Prints one
# markdown table. See bench/README.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/vs-boardgameio.sh [options]
  --seconds N       timed window of every run (default 10)
  --warmup N        boardgame.io driver warm-up before its window (default 2;
                    agora-load always warms up for 1 s)
  --sessions N      concurrent matches/sessions, one move in flight each (default 100)
  --skip-bgio       do not run boardgame.io (give --rate for the open-loop runs)
  --bgio-g KIND     boardgame.io's game state: counter (a move counter only), view (the
                    counter plus Agora's seat-0 view of the game agora-load plays, after 40
                    moves, as JSON: a real game's size), or both (default: both runs, one
                    ratio column each; the open loop offers the faster one's rate)
  --rate R          open-loop offered load (default: boardgame.io's measured moves/s)
  --server-bin P    agora-server binary (default: release build, built if missing)
  --load-bin P      agora-load binary (default: beside --server-bin)
  --server-cpu C    core for the servers and Redis (default 0)
  --load-cpu C      core for the load drivers (default 1)
  --game ID         agora-load --game (default: agora-load's default)
  --config NAME     agora-load --config
  --keep DIR        keep logs and JSON results in DIR (default: a temporary directory,
                    removed at the end)
EOF
}

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
seconds=10
warmup=2
sessions=100
skip_bgio=0
bgio_g=both
rate=""
server_bin=""
load_bin=""
server_cpu=0
load_cpu=1
game_args=()
keep=""

die() {
  echo "vs-boardgameio: $*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="${2:?--seconds needs a value}"; shift 2 ;;
    --warmup) warmup="${2:?--warmup needs a value}"; shift 2 ;;
    --sessions) sessions="${2:?--sessions needs a value}"; shift 2 ;;
    --skip-bgio) skip_bgio=1; shift ;;
    --bgio-g) bgio_g="${2:?--bgio-g needs a value}"; shift 2 ;;
    --rate) rate="${2:?--rate needs a value}"; shift 2 ;;
    --server-bin) server_bin="${2:?--server-bin needs a value}"; shift 2 ;;
    --load-bin) load_bin="${2:?--load-bin needs a value}"; shift 2 ;;
    --server-cpu) server_cpu="${2:?--server-cpu needs a value}"; shift 2 ;;
    --load-cpu) load_cpu="${2:?--load-cpu needs a value}"; shift 2 ;;
    --game) game_args+=(--game "${2:?--game needs a value}"); shift 2 ;;
    --config) game_args+=(--config "${2:?--config needs a value}"); shift 2 ;;
    --keep) keep="${2:?--keep needs a value}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing: $2"
}
need taskset "install util-linux"
need jq "install jq (apt-get install jq)"
need redis-server "install redis-server (apt-get install redis-server)"
need redis-cli "install redis-tools (apt-get install redis-tools)"
if [ "$skip_bgio" = 0 ]; then
  need node "install Node.js 18 or newer"
  need npm "install npm"
fi
[ "$skip_bgio" = 0 ] || [ -n "$rate" ] || echo "vs-boardgameio: --skip-bgio without --rate: no open-loop runs" >&2
taskset -c "$server_cpu" true 2>/dev/null || die "--server-cpu $server_cpu: not a usable core"
taskset -c "$load_cpu" true 2>/dev/null || die "--load-cpu $load_cpu: not a usable core"

if [ -z "$server_bin" ]; then
  server_bin="${CARGO_TARGET_DIR:-$repo/target}/release/agora-server"
  if [ ! -x "$server_bin" ] || [ ! -x "$(dirname "$server_bin")/agora-load" ]; then
    need cargo "install Rust, or give --server-bin and --load-bin"
    echo "vs-boardgameio: building agora-server and agora-load (release)" >&2
    (cd "$repo" && taskset -c "$load_cpu" cargo build --release -p agora-service \
      -p agora-tools --bin agora-server --bin agora-load) || die "the release build failed"
  fi
fi
[ -n "$load_bin" ] || load_bin="$(dirname "$server_bin")/agora-load"
[ -x "$server_bin" ] || die "--server-bin $server_bin: not an executable"
[ -x "$load_bin" ] || die "--load-bin $load_bin: not an executable"

# Everything this script starts is recorded here and stopped on any exit.
pids=()
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/vs-boardgameio.XXXXXX")"
fi

stop_pid() {
  local pid="$1" i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    stop_pid "$pid"
  done
  pids=()
  if [ -z "$keep" ]; then
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'echo "vs-boardgameio: interrupted" >&2; exit 130' INT TERM

# Starts a command in the background with its output in $1; its pid in $last_pid.
start() {
  local log="$1"
  shift
  "$@" >"$log" 2>&1 &
  pids+=("$!")
  last_pid="$!"
}

# Runs a command to its end in the background and waits for it: bash runs a signal's
# trap only between foreground commands, while `wait` returns at once.
run() {
  "$@" &
  pids+=("$!")
  wait "$!"
}

# A loopback port nobody listens on now.
free_port() {
  local port
  for _ in $(seq 100); do
    # Below Linux's ephemeral range (32768-60999): a port still held by an old client
    # connection accepts no connection yet cannot be bound either.
    port=$((20000 + RANDOM % 12000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  die "no free loopback port found"
}

# Waits until pid $1 listens on port $2 (or dies, or 30 s pass).
wait_listening() {
  local pid="$1" port="$2" log="$3"
  for _ in $(seq 300); do
    kill -0 "$pid" 2>/dev/null || die "the process logging to $log exited early: $(tail -5 "$log")"
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    sleep 0.1
  done
  die "nothing listens on port $port after 30 s (log: $log)"
}

echo "vs-boardgameio: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), server side on core $server_cpu, load on core $load_cpu, $sessions sessions, ${seconds}s windows; work dir $work" >&2
echo "vs-boardgameio: agora $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?'), $(redis-server --version | cut -d' ' -f1-3)$( [ "$skip_bgio" = 1 ] || echo ", node $(node --version)")" >&2
if [ "$server_cpu" = "$load_cpu" ]; then
  echo "vs-boardgameio: server and load share core $server_cpu: development figures only" >&2
fi

rows=()
bgio_rate=""

# --- boardgame.io -------------------------------------------------------------------
bgio_view_rate=""
if [ "$skip_bgio" = 0 ]; then
  case "$bgio_g" in
    counter) kinds=(counter) ;;
    view) kinds=(view) ;;
    both) kinds=(counter view) ;;
    *) die "--bgio-g $bgio_g: one of counter, view, both" ;;
  esac
  bgio_dir="$here/vs-boardgameio"
  if [ ! -d "$bgio_dir/node_modules/boardgame.io" ]; then
    echo "vs-boardgameio: installing boardgame.io from npm" >&2
    (cd "$bgio_dir" && npm ci --no-audit --no-fund >"$work/npm.log" 2>&1) ||
      die "npm ci failed (see $work/npm.log)"
  fi
  for kind in "${kinds[@]}"; do
    g_env=(-u BENCH_G)
    label="a move counter as G"
    if [ "$kind" = view ]; then
      "$load_bin" "${game_args[@]}" view --moves 40 >"$work/bgio-g.json" ||
        die "agora-load view failed"
      g_env=(BENCH_G="$work/bgio-g.json")
      label="G of the game's size (Agora's view as JSON, $(wc -c <"$work/bgio-g.json") bytes)"
    fi
    port="$(free_port)"
    log="$work/bgio-$kind-server.log"
    start "$log" env -u FLATFILE_DIR "${g_env[@]}" NODE_ENV=production taskset -c "$server_cpu" node "$bgio_dir/server.js" "$port"
    bgio_pid="$last_pid"
    wait_listening "$bgio_pid" "$port" "$log"
    echo "vs-boardgameio: boardgame.io ($label), $sessions matches, closed loop" >&2
    run env "${g_env[@]}" NODE_ENV=production taskset -c "$load_cpu" node "$bgio_dir/driver.js" \
      --server "http://127.0.0.1:$port" --matches "$sessions" --warmup "$warmup" \
      --seconds "$seconds" >"$work/bgio-$kind.json" || die "the boardgame.io driver failed"
    stop_pid "$bgio_pid"
    if [ "$kind" = counter ]; then
      bgio_rate="$(jq -r '.moves_per_s' "$work/bgio-$kind.json")"
    else
      bgio_view_rate="$(jq -r '.moves_per_s' "$work/bgio-$kind.json")"
    fi
    rows+=("$(jq -r --arg what "$label" '"| boardgame.io 0.50.2, in-memory storage, \($what) (closed loop) | \(.moves_per_s | round) | — | — | \(.p50_ms * 100 | round / 100) ms | \(.p99_ms * 100 | round / 100) ms |"' "$work/bgio-$kind.json")")
  done
  # The open loop offers the faster boardgame.io's rate.
  [ -n "$bgio_rate" ] || bgio_rate="$bgio_view_rate"
fi
bgio_counter_rate=""
[ "$bgio_g" = view ] || bgio_counter_rate="$bgio_rate"
[ -n "$rate" ] || rate="$(printf '%.0f' "${bgio_rate:-0}")"
[ "$rate" != 0 ] || rate=""

# --- agora-server -------------------------------------------------------------------
# One row per agora-load run; the ratios only for closed-loop runs, against each
# boardgame.io run (counter G, then game-sized G).
row() {
  local name="$1" json="$2"
  jq -r --arg name "$name" --arg bgio "${bgio_counter_rate:-}" --arg view "${bgio_view_rate:-}" '
    def r2: . * 100 | round / 100;
    def ratio($to): if .loop == "closed" and $to != "" then "\((.per_s / ($to | tonumber)) * 10 | round / 10)×" else "—" end;
    "| \($name)" +
    (if .loop == "open" then "; \(.busy_arrivals) of \(.offered) arrivals found every session busy, \(.not_sent) never sent" else "" end) +
    " | \(.per_s | round) | \(ratio($bgio)) | \(ratio($view)) | \(.p50_ms | r2) ms | \(.p99_ms | r2) ms |"
  ' "$json"
}

# Runs the closed loop, then the open loop, against a started agora-server on $1.
agora_runs() {
  local port="$1" label="$2" tag="$3"
  echo "vs-boardgameio: Agora $label, closed loop" >&2
  run taskset -c "$load_cpu" "$load_bin" --addr "127.0.0.1:$port" "${game_args[@]}" \
    --json "$work/$tag-closed.json" submit --sessions "$sessions" --seconds "$seconds" \
    >"$work/$tag-closed.txt" 2>&1 || die "agora-load failed: $(tail -3 "$work/$tag-closed.txt")"
  rows+=("$(row "Agora, $label (closed loop)" "$work/$tag-closed.json")")
  if [ -n "$rate" ]; then
    echo "vs-boardgameio: Agora $label, open loop at $rate/s" >&2
    run taskset -c "$load_cpu" "$load_bin" --addr "127.0.0.1:$port" "${game_args[@]}" \
      --json "$work/$tag-open.json" submit --sessions "$sessions" --seconds "$seconds" \
      --rate "$rate" >"$work/$tag-open.txt" 2>&1 ||
      die "agora-load --rate failed: $(tail -3 "$work/$tag-open.txt")"
    rows+=("$(row "Agora, $label (open loop at $rate/s)" "$work/$tag-open.json")")
  fi
}

start_agora() {
  local port="$1" log="$2"
  shift 2
  start "$log" taskset -c "$server_cpu" "$server_bin" --listen "127.0.0.1:$port" \
    --max-sessions 1000000 "$@"
  agora_pid="$last_pid"
  wait_listening "$agora_pid" "$port" "$log"
}

port="$(free_port)"
start_agora "$port" "$work/agora-memory.log" --store memory
agora_runs "$port" "memory store" memory
stop_pid "$agora_pid"

for persistence in none everysec always; do
  case "$persistence" in
    none) redis_args=(--appendonly no); label="Redis store, no persistence" ;;
    everysec) redis_args=(--appendonly yes --appendfsync everysec); label="Redis store, AOF everysec" ;;
    always) redis_args=(--appendonly yes --appendfsync always); label="Redis store, AOF always" ;;
  esac
  redis_port="$(free_port)"
  redis_dir="$work/redis-$persistence"
  mkdir -p "$redis_dir"
  start "$work/redis-$persistence.log" taskset -c "$server_cpu" redis-server --port "$redis_port" \
    --bind 127.0.0.1 --dir "$redis_dir" --save "" "${redis_args[@]}"
  redis_pid="$last_pid"
  wait_listening "$redis_pid" "$redis_port" "$work/redis-$persistence.log"
  redis-cli -p "$redis_port" ping >/dev/null || die "redis-server on port $redis_port does not answer"
  port="$(free_port)"
  start_agora "$port" "$work/agora-redis-$persistence.log" --store redis \
    --redis-url "redis://127.0.0.1:$redis_port"
  agora_runs "$port" "$label" "redis-$persistence"
  stop_pid "$agora_pid"
  stop_pid "$redis_pid"
done

echo
echo "| system | moves/s | ratio to boardgame.io, counter G | ratio to boardgame.io, game-sized G | p50 | p99 |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
