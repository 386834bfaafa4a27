//! `agora-upgrade`: two agora-server releases on one Redis, sessions started on the old one
//! finished on the new one while both serve; exits 1 when any count that must be 0 is not.
//! See RELIABILITY.md and tools/upgrade/run.sh.

use agora_tools::upgrade::{run, UpgradeArgs};
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    match run(UpgradeArgs::parse()).await {
        Ok(summary) if summary.clean() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("agora-upgrade: {e}");
            ExitCode::from(2)
        }
    }
}
