//! `agora-upgrade` in `cargo test`, where only this release's agora-server exists: a
//! rolling restart of one release (old and new the same binary, no game changed) must play
//! every game on both servers and lose nothing; and the same run told that Attika changed
//! must fail, because the old server then reads what it should refuse and a rewritten log
//! is not pinned. The real two-release run needs a second build: tools/upgrade/run.sh (CI)
//! and RELIABILITY.md (the full form).

use crate::support::server_binary;
use std::path::PathBuf;
use std::process::Command;

/// Runs agora-upgrade with `server_binary()` as both releases: its exit code, stdout and
/// JSON summary.
fn upgrade_same_release(name: &str, args: &[&str]) -> (i32, String, serde_json::Value) {
    let json: PathBuf =
        std::env::temp_dir().join(format!("agora-upgrade-{name}-{}.json", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_agora-upgrade"))
        .arg("--old-bin")
        .arg(server_binary())
        .arg("--new-bin")
        .arg(server_binary())
        .args(args)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run agora-upgrade");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let code = output.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1,
        "agora-upgrade {args:?} could not run ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&json).expect("agora-upgrade wrote its summary");
    let _ = std::fs::remove_file(&json);
    (
        code,
        stdout,
        serde_json::from_str(&text).expect("JSON summary"),
    )
}

#[test]
fn a_rolling_restart_of_one_release_plays_every_game_on_both_servers() {
    let (code, stdout, s) = upgrade_same_release(
        "same",
        &[
            "--changed-games",
            "",
            "--configs",
            "2p",
            "--sessions",
            "1",
            "--pinned",
            "0",
        ],
    );
    assert_eq!(code, 0, "every count that must be 0 is 0:\n{stdout}");
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
    // Every 2-player configuration of every game, each finished and exported.
    assert!(n("sessions") >= 4, "{stdout}");
    assert_eq!(n("finished"), n("sessions"), "{stdout}");
    assert_eq!(n("exported"), n("sessions"), "{stdout}");
    // Both servers played: the old one before the new one started and in each round.
    assert!(n("moves_on_old") > n("sessions") * 2, "{stdout}");
    assert!(n("moves_on_new") > 0, "{stdout}");
    assert!(n("views_checked") > n("sessions") * 4, "{stdout}");
    assert_eq!(n("refused_cleanly"), 0, "no game changed:\n{stdout}");
    assert_eq!(n("lost") + n("misread") + n("unexpected"), 0, "{stdout}");
}

/// The audit can fail: told that Attika changed while both servers are the same release,
/// the old server answers what it should refuse (unexpected), and a session whose log was
/// rewritten is still played (its snapshot is current, so it is never replayed), not pinned.
#[test]
fn a_changed_game_the_old_server_still_answers_fails_the_run() {
    let (code, stdout, s) = upgrade_same_release(
        "unchanged",
        &[
            "--changed-games",
            "attika",
            "--configs",
            "attika/2p",
            "--sessions",
            "1",
            "--pinned",
            "1",
            "--rounds",
            "1",
        ],
    );
    assert_eq!(code, 1, "{stdout}");
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
    assert!(n("unexpected") >= 1, "{stdout}");
    assert_eq!(n("refused_cleanly"), 0, "{stdout}");
    assert_eq!(n("pinned_not_refused"), 1, "{stdout}");
    assert!(stdout.contains("the old server answered"), "{stdout}");
}
