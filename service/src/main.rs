//! `agora-server`: parse the configuration, start logging (and OTLP export when an
//! endpoint is configured), serve until SIGTERM/SIGINT, then flush telemetry.

use agora_service::{config::Config, server, telemetry};
use clap::Parser;
use std::process::ExitCode;

/// Allocation was a sixth of the server's CPU under load with glibc's malloc.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // `agora-server archive ...`: an operator command on the archive, not the server.
    if std::env::args_os().nth(1).is_some_and(|a| a == "archive") {
        return archive_command();
    }
    let config = Config::parse();
    let runtime = agora_service::runtime::build(config.worker_threads);
    match runtime {
        Ok(runtime) => {
            // Idle workers give closed streams' memory back (`alloc_trim`).
            #[cfg(feature = "mimalloc")]
            runtime.spawn(agora_service::alloc_trim::wake_workers(
                runtime.metrics().num_workers(),
            ));
            runtime.block_on(serve(config))
        }
        Err(e) => {
            eprintln!("agora-server: cannot start the runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> ExitCode {
    // Test builds only: crash points named in FAILPOINTS (see `failpoints`).
    let _failpoints = agora_service::failpoints::arm();
    let telemetry = match telemetry::init(&config) {
        Ok(telemetry) => telemetry,
        Err(e) => {
            eprintln!("agora-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(listen = %config.listen, error = %e, "cannot listen");
            telemetry.shutdown().await;
            return ExitCode::FAILURE;
        }
    };
    let served = server::serve(config, listener, server::shutdown_signal()).await;
    telemetry.shutdown().await;
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}

fn archive_command() -> ExitCode {
    use agora_service::archive::cli::{self, ArchiveCli};
    let cli = ArchiveCli::parse_from(std::env::args_os().skip(1));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let done = match runtime {
        Ok(runtime) => runtime.block_on(cli::run(cli)),
        Err(e) => Err(format!("cannot start the runtime: {e}")),
    };
    match done {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("agora-server archive: {e}");
            ExitCode::FAILURE
        }
    }
}
