//! `agora-load` as the side-by-side benchmark runs it (bench/vs-boardgameio.sh): against a
//! separately started `agora-server`, with a configuration chosen by name, open loop, JSON
//! summary. Checks the accounting of arrivals, not speed (figures go to BENCHMARKS.md).

use crate::support::server_binary;
use agora_process::server_process::ServerProcess;
use std::process::Command;

fn agora_load(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_agora-load"))
        .args(args)
        .output()
        .expect("run agora-load");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "agora-load {args:?} exited with {}:\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn open_loop_against_a_separate_server_accounts_for_every_arrival() {
    let configs = agora_load(&["--list-configs"]);
    // The last configuration listed, so that `--config` (not the default) is what plays.
    let config = configs.lines().last().expect("at least one configuration");
    let server = ServerProcess::start(server_binary(), &["--store", "memory"], &[])
        .expect("start agora-server");
    let addr = server.addr.to_string();
    let json = std::env::temp_dir().join(format!("agora-load-open-{}.json", std::process::id()));
    let stdout = agora_load(&[
        "--addr",
        &addr,
        "--config",
        config,
        "--json",
        json.to_str().expect("utf-8 path"),
        "submit",
        "--sessions",
        "4",
        "--seconds",
        "1",
        "--rate",
        "200",
    ]);
    let text = std::fs::read_to_string(&json).expect("the JSON summary");
    let _ = std::fs::remove_file(&json);
    let summary: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(summary["loop"], "open", "{text}");
    assert_eq!(summary["store"], "external", "{text}");
    assert_eq!(summary["config"], config, "{text}");
    // 200/s for the 1 s window after the 1 s warm-up: arrivals 200..400, 5 ms apart.
    let offered = summary["offered"].as_u64().expect("offered");
    assert_eq!(offered, 200, "{text}");
    let completed = summary["completed"].as_u64().expect("completed");
    let not_sent = summary["not_sent"].as_u64().expect("not_sent");
    assert_eq!(
        completed + not_sent,
        offered,
        "each arrival is answered or counted as unsent:\n{stdout}"
    );
    assert!(
        summary["busy_arrivals"].as_u64().expect("busy") <= offered,
        "{text}"
    );
    let p50 = summary["p50_ms"].as_f64().expect("p50");
    let p99 = summary["p99_ms"].as_f64().expect("p99");
    let max = summary["max_ms"].as_f64().expect("max");
    assert!(0.0 < p50 && p50 <= p99 && p99 <= max, "{text}");
}
