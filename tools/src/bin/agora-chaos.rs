//! `agora-chaos`: replica kills and Redis restarts while bots play; exits 1 when any
//! count that must be 0 is not. See RELIABILITY.md.

use agora_tools::chaos::{run, ChaosArgs};
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    match run(ChaosArgs::parse()).await {
        Ok(summary) if summary.clean() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("agora-chaos: {e}");
            ExitCode::from(2)
        }
    }
}
