//! `agora-fuzz`: the protocol fuzzer; exits 1 on a crash, INTERNAL or UNKNOWN, or a server
//! that cannot play afterwards. See RELIABILITY.md.

use agora_tools::fuzz::{run, FuzzArgs};
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    match run(FuzzArgs::parse()).await {
        Ok(summary) if summary.clean() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("agora-fuzz: {e}");
            ExitCode::from(2)
        }
    }
}
