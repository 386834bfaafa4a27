#!/usr/bin/env python3
"""The figures of one tools/netns/run.sh scenario, from its work directory: the client's
counts (agora-chaos --json), the balancer's log (one line per call: epoch ms, replica,
HTTP status, grpc-status of a trailers-only answer, method, ms), the balancer's view of
each replica sampled every second, and the scenario's events.

usage: summarize.py SCENARIO WORKDIR
"""

import collections
import json
import sys
from pathlib import Path

MUST_BE_ZERO = ["lost", "duplicated", "gaps", "followers_incomplete", "cannot_finish"]
# grpc-status numbers as gRPC names them.
CODES = {
    "0": "OK", "1": "CANCELLED", "2": "UNKNOWN", "3": "INVALID_ARGUMENT",
    "4": "DEADLINE_EXCEEDED", "5": "NOT_FOUND", "6": "ALREADY_EXISTS",
    "7": "PERMISSION_DENIED", "8": "RESOURCE_EXHAUSTED", "9": "FAILED_PRECONDITION",
    "10": "ABORTED", "11": "OUT_OF_RANGE", "12": "UNIMPLEMENTED", "13": "INTERNAL",
    "14": "UNAVAILABLE", "15": "DATA_LOSS", "16": "UNAUTHENTICATED",
}


def events(path):
    """(epoch ms, text) per line of the event log."""
    out = []
    for line in path.read_text().splitlines():
        ms, _, text = line.partition(" ")
        out.append((int(ms), text))
    return out


def balancer_calls(path, start, end):
    """(ms, replica, answer, method) of every call the balancer logged in [start, end]."""
    calls = []
    for line in path.read_text(errors="replace").splitlines():
        f = line.split()
        if len(f) < 6 or not f[0].isdigit():
            continue  # HAProxy's own messages
        ms = int(f[0])
        if not start <= ms <= end:
            continue
        http, grpc = f[2], f[3]
        if grpc in CODES:
            answer = CODES[grpc]
        elif http == "200":
            answer = "OK or streamed"  # a status in trailers is not in the log
        else:
            answer = f"HTTP {http}"
        method = f[4].rsplit("/", 1)[-1]
        calls.append((ms, f[1], answer, method))
    return calls


def main():
    scenario, work = sys.argv[1], Path(sys.argv[2])
    summary = json.loads((work / f"{scenario}.json").read_text())
    evs = events(work / f"{scenario}.events")
    start, end = evs[0][0], evs[-1][0]

    print(f"== {scenario}: figures ==")
    print(
        f"calls {summary['calls']} (of which answered only after a retry: "
        f"{summary['cured_by_retry']}); sessions {summary['sessions']} "
        f"({summary['finished']} finished, {summary['cut_by_time']} cut by time); "
        f"acknowledged moves {summary['acked_moves']}; streamed messages "
        f"{summary['streamed_messages']} ({summary['stream_resumes']} stream resumes)"
    )
    print("must be 0: " + ", ".join(f"{k} {summary[k]}" for k in MUST_BE_ZERO))
    failed = summary["failed_attempts"]
    if failed:
        print("client-visible failed attempts (each retried), by method and code:")
        for method, code, n in failed:
            print(f"  {method:<14} {code:<20} {n}")
        for method, code, message in summary.get("failed_attempt_messages", []):
            print(f"  first {method} {code}: {message}")
    else:
        print("client-visible failed attempts: none")
    for f in summary["failures"][:10]:
        print(f"failure: {f}")

    calls = balancer_calls(work / "haproxy.log", start, end)
    per = collections.defaultdict(collections.Counter)
    for _, replica, answer, _ in calls:
        per[replica][answer] += 1
    print(f"balancer: {len(calls)} calls logged")
    for replica in sorted(per):
        answers = ", ".join(f"{a} {n}" for a, n in per[replica].most_common())
        print(f"  {replica:<10} {answers}")

    states = work / f"{scenario}.states"
    samples = []
    if states.exists():
        for line in states.read_text().splitlines():
            ms, *kv = line.split()
            samples.append((int(ms), dict(x.split("=", 1) for x in kv)))

    if scenario == "partition":
        cut = next(ms for ms, t in evs if t.startswith("cut "))
        healed = next(ms for ms, t in evs if t.startswith("healed "))
        replica = next(t.split()[1] for ms, t in evs if t.startswith("cut "))
        during = collections.Counter(a for ms, r, a, _ in calls if r == replica and cut <= ms < healed)
        after = [(ms, a) for ms, r, a, _ in calls if r == replica and ms >= healed]
        bad_after = [ms for ms, a in after if a not in ("OK or streamed", "OK")]
        print(f"{replica} during the cut: " + (", ".join(f"{a} {n}" for a, n in during.most_common()) or "no calls"))
        if bad_after:
            print(
                f"{replica} after the heal: {len(bad_after)} failed of {len(after)}; "
                f"last failure {(bad_after[-1] - healed) / 1000:.1f} s after the heal"
            )
        else:
            print(f"{replica} after the heal: {len(after)} calls, none failed")
        seen = collections.Counter(s.get(replica, "?") for ms, s in samples if cut <= ms < healed)
        print(
            f"balancer's health view of {replica} during the cut (1 s samples): "
            + ", ".join(f"{k} {n}" for k, n in seen.most_common())
        )
    if scenario == "rolling":
        for _, text in evs:
            if any(k in text for k in ("exited", "seen by the balancer", "UP at the balancer")):
                print(f"  {text}")
        down = collections.Counter()
        for _, s in samples:
            down[sum(1 for v in s.values() if v != "UP")] += 1
        print(
            "balancer's view, 1 s samples by replicas not UP: "
            + ", ".join(f"{k} down: {n}" for k, n in sorted(down.items()))
        )


if __name__ == "__main__":
    main()
