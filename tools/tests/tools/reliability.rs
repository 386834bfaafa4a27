//! The failure-testing tools in their small CI form, run as a user runs them (the real
//! binaries, judged by their exit status and JSON summary): chaos with replica kills and
//! Redis restarts, the protocol fuzzer on both stores, and a few seconds of soak. Scale
//! runs are by hand (RELIABILITY.md).

use crate::support::server_binary;
use std::path::PathBuf;
use std::process::Command;

fn summary_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("agora-{name}-{}.json", std::process::id()))
}

/// Runs `binary` with `args`: its exit code and stdout, panicking if it could not run
/// its experiment at all (exit code 2).
fn run_tool(binary: &str, args: &[&str]) -> (i32, String) {
    let output = Command::new(binary)
        .args(args)
        .arg("--server-bin")
        .arg(server_binary())
        .output()
        .expect("run the tool");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let code = output.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1,
        "{binary} {args:?} exited with {}:\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    (code, stdout)
}

fn read_json(path: &PathBuf) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("the tool wrote its summary");
    let _ = std::fs::remove_file(path);
    serde_json::from_str(&text).expect("JSON summary")
}

/// `--target` (tools/netns/run.sh plays through a balancer with it): the bots play through
/// the given server only, start no replica and make no fault, and every call is counted.
#[test]
fn chaos_target_plays_through_a_running_server() {
    let mut server = agora_process::server_process::ServerProcess::start(server_binary(), &[], &[])
        .expect("start agora-server");
    let json = summary_path("chaos-target");
    let output = Command::new(env!("CARGO_BIN_EXE_agora-chaos"))
        .args(["--target", &server.addr.to_string()])
        .args(["--seconds", "3", "--concurrency", "2", "--max-moves", "100"])
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run agora-chaos");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let s = read_json(&json);
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
    assert_eq!(s["targets"][0], server.addr.to_string(), "{stdout}");
    assert_eq!(
        (n("replicas"), n("kills"), n("redis_restarts")),
        (0, 0, 0),
        "{stdout}"
    );
    assert!(n("acked_moves") >= 10, "too little play:\n{stdout}");
    // Every acknowledged move is one call; creating and joining sessions are more.
    assert!(n("calls") > n("acked_moves"), "{stdout}");
    assert_eq!(n("cured_by_retry"), 0, "no fault, no retry:\n{stdout}");
    assert!(server.exited().is_none(), "the server stayed up");
}

#[test]
fn chaos_small_kills_and_redis_restarts_lose_nothing() {
    let json = summary_path("chaos");
    let (code, stdout) = run_tool(
        env!("CARGO_BIN_EXE_agora-chaos"),
        &[
            "--replicas",
            "3",
            "--sessions",
            "8",
            "--keep-playing",
            "--concurrency",
            "6",
            "--kills",
            "6",
            "--redis-restarts",
            "2",
            "--fault-every-ms",
            "300",
            "--max-moves",
            "300",
            "--seconds",
            "60",
            // Sessions are created and joined while replicas die: with request ids a
            // retried CreateSession or JoinSession never loses or doubles a seat.
            "--join-under-fault",
            "--json",
            json.to_str().expect("utf-8 path"),
        ],
    );
    assert_eq!(code, 0, "every count that must be 0 is 0:\n{stdout}");
    let s = read_json(&json);
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
    // The exit status already says the must-be-0 counts are 0; this says every fault was
    // made (--keep-playing plays on until they are, or 60 s pass).
    assert_eq!((n("kills"), n("redis_restarts")), (6, 2), "{stdout}");
    assert!(
        n("acked_moves") >= 100,
        "too little play to prove anything:\n{stdout}"
    );
    assert!(n("streamed_messages") >= n("acked_moves"), "{stdout}");
    assert_eq!(
        n("lost") + n("duplicated") + n("gaps") + n("cannot_finish"),
        0
    );
}

fn fuzz(store: &str) {
    let json = summary_path(&format!("fuzz-{store}"));
    let (code, stdout) = run_tool(
        env!("CARGO_BIN_EXE_agora-fuzz"),
        &[
            "--requests",
            "10000",
            "--store",
            store,
            "--seed",
            "12",
            "--json",
            json.to_str().expect("utf-8 path"),
        ],
    );
    let s = read_json(&json);
    assert_eq!(s["requests"].as_u64(), Some(10_000), "{stdout}");
    // Every method was reached.
    let answers = s["answers"].as_array().expect("answers");
    for method in [
        "ListGames",
        "CreateSession",
        "GetSession",
        "ListSessions",
        "JoinSession",
        "GetState",
        "ListLegalActions",
        "SubmitAction",
        "StreamEvents",
    ] {
        assert!(
            answers.iter().any(|a| a[0] == method),
            "{method} never called:\n{stdout}"
        );
    }
    assert_eq!(s["crashed"], serde_json::Value::Null, "{stdout}");
    assert_eq!(s["unknown"], 0, "{stdout}");
    assert_eq!(s["healthy_after"], true, "{stdout}");
    assert_eq!(s["played_after"], "finished", "{stdout}");
    // Undecodable bodies are INVALID_ARGUMENT (the decode codec), oversized ones
    // RESOURCE_EXHAUSTED: no INTERNAL of any kind, and the fuzzer exits 0.
    assert_eq!(s["internal"], 0, "{stdout}");
    assert_eq!(s["decode_internal"], 0, "{stdout}");
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn fuzz_small_memory_store() {
    fuzz("memory");
}

#[test]
fn fuzz_small_redis_store() {
    fuzz("redis");
}

#[test]
fn soak_a_few_seconds_reports_memory_and_latency() {
    let csv = summary_path("soak").with_extension("csv");
    let (code, stdout) = run_tool(
        env!("CARGO_BIN_EXE_agora-soak"),
        &[
            "--sessions",
            "40",
            "--seconds",
            "6",
            "--interval",
            "2",
            "--think-min-ms",
            "10",
            "--think-max-ms",
            "50",
            "--csv",
            csv.to_str().expect("utf-8 path"),
        ],
    );
    assert_eq!(code, 0, "{stdout}");
    let text = std::fs::read_to_string(&csv).expect("CSV written");
    let _ = std::fs::remove_file(&csv);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert!(rows.len() >= 3, "a row per interval:\n{stdout}");
    let rss: f64 = rows[0][1].parse().expect("rss");
    let moves: usize = rows
        .iter()
        .map(|r| r[3].parse::<usize>().expect("moves"))
        .sum();
    assert!(rss > 1.0, "the server's RSS is read:\n{stdout}");
    assert!(moves > 100, "bots played:\n{stdout}");
    // Every slot holds a session, and the ledger counts their moves.
    let last = rows.last().expect("a row");
    let live: usize = last[12].parse().expect("live sessions");
    let live_moves: u64 = last[13].parse().expect("live moves");
    assert!(live >= 40, "40 slots each hold a session:\n{stdout}");
    assert!(live_moves > 0, "live sessions have moves:\n{stdout}");
}
