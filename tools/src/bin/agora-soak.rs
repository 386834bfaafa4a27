//! `agora-soak`: many sessions of mixed play for a long time; prints server memory and
//! move latency per interval. See RELIABILITY.md.

use agora_tools::soak::{run, SoakArgs};
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    match run(SoakArgs::parse()).await {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("agora-soak: {e}");
            ExitCode::from(2)
        }
    }
}
