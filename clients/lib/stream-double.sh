# Sourced by the e2e scripts: `start_stream_double UPSTREAM LOG` starts the StreamEvents double
# (clients/typescript/src/stream-double.ts: ends each session's first StreamEvents call with
# ABORTED "resume from version N" and drops the second one's connection) in front of the
# server UPSTREAM (host:port), and sets STREAM_DOUBLE (its host:port) and STREAM_DOUBLE_PID.
# Needs node on PATH and `npm ci` done in clients/typescript. The caller stops it
# (kill "$STREAM_DOUBLE_PID") in its cleanup.
start_stream_double() {
  local upstream=$1 log=$2 ts_dir
  ts_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../typescript" && pwd)
  (cd "$ts_dir" && exec node --import tsx src/stream-double.ts --upstream "$upstream") >"$log" 2>&1 &
  STREAM_DOUBLE_PID=$!
  STREAM_DOUBLE=
  for _ in $(seq 100); do
    STREAM_DOUBLE=$(sed -n 's/^stream-double listening on //p' "$log")
    [[ -n $STREAM_DOUBLE ]] && return 0
    kill -0 "$STREAM_DOUBLE_PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$log" >&2
  return 1
}
