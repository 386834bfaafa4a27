//! `agora-server`: parse the configuration, start logging, serve until SIGTERM/SIGINT.

use agora_service::{config::Config, server, telemetry};
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    telemetry::init(config.log_format);
    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(listen = %config.listen, error = %e, "cannot listen");
            return ExitCode::FAILURE;
        }
    };
    match server::serve(config, listener, server::shutdown_signal()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}
