//! A real `agora-server` process of this build ([`agora_process::server_process`],
//! which the failure-testing tools share), panicking when it cannot start: for tests of
//! several replicas sharing one Redis, including one dying with `kill -9`, and for tests
//! of what the server sets up process-wide (its tracing subscriber and OpenTelemetry
//! providers), which cannot share the test binary's process.

#![allow(dead_code)]

use agora_process::server_process::ServerProcess as Process;
use agora_proto::v1::game_service_client::GameServiceClient;
use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::process::ExitStatus;
use std::time::Duration;
use tonic::transport::Channel;

pub struct ServerProcess(Process);

/// The `agora-server` binary cargo built for these tests.
pub fn server_binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_agora-server"))
}

impl ServerProcess {
    /// `agora-server --store redis --redis-url <url>` plus `extra` flags.
    pub fn start(redis_url: &str, extra: &[&str]) -> ServerProcess {
        ServerProcess::start_on("redis", redis_url, extra)
    }

    /// `agora-server --store <store> --redis-url <url>` plus `extra` flags.
    pub fn start_on(store: &str, redis_url: &str, extra: &[&str]) -> ServerProcess {
        let mut args = vec!["--store", store, "--redis-url", redis_url];
        args.extend_from_slice(extra);
        ServerProcess::start_with(&args, &[])
    }

    /// `agora-server` with `args` (besides `--listen`) and `env` set on top of this
    /// process's environment, with `RUST_LOG=warn` unless `env` names it.
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> ServerProcess {
        ServerProcess(Process::start(server_binary(), args, env).expect("start agora-server"))
    }

    pub async fn client(&self) -> GameServiceClient<Channel> {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", self.addr))
            .expect("endpoint")
            .connect_timeout(Duration::from_secs(2))
            .connect()
            .await
            .expect("connect to agora-server");
        GameServiceClient::new(channel)
    }

    /// SIGTERM, as an orchestrator stops a replica; its exit status once it has exited.
    #[cfg(unix)]
    pub fn terminate(&mut self) -> ExitStatus {
        self.0.terminate().expect("agora-server stops on SIGTERM")
    }
}

impl Deref for ServerProcess {
    type Target = Process;
    fn deref(&self) -> &Process {
        &self.0
    }
}

impl DerefMut for ServerProcess {
    fn deref_mut(&mut self) -> &mut Process {
        &mut self.0
    }
}
