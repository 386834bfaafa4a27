//! A real `agora-server` process on a free loopback port, killed on drop: for tests of
//! several replicas sharing one Redis, including one dying with `kill -9`, and for tests
//! of what the server sets up process-wide (its tracing subscriber and OpenTelemetry
//! providers), which cannot share the test binary's process.

#![allow(dead_code)]

use crate::support::redis_server::free_port;
use agora_proto::v1::game_service_client::GameServiceClient;
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tonic::transport::Channel;

pub struct ServerProcess {
    child: Option<Child>,
    pub addr: SocketAddr,
    pub log: PathBuf,
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
    /// process's environment, with `RUST_LOG=warn` unless `env` names it. Its log (stdout)
    /// and stderr go to one file, read with [`ServerProcess::log_text`].
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> ServerProcess {
        // A port free a moment ago may be taken by the time the server binds it: a server
        // that exits at once is started again on a fresh port.
        for _ in 0..4 {
            let mut server = ServerProcess::spawn(args, env);
            if server.wait_ready() {
                return server;
            }
        }
        let mut server = ServerProcess::spawn(args, env);
        if !server.wait_ready() {
            panic!("agora-server did not start: {}", server.log_text());
        }
        server
    }

    fn spawn(args: &[&str], env: &[(&str, &str)]) -> ServerProcess {
        let port = free_port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        // Several tests of one binary start servers at once: the sequence number keeps
        // their logs apart even if two of them drew the same port.
        static SPAWNED: AtomicUsize = AtomicUsize::new(0);
        let n = SPAWNED.fetch_add(1, Ordering::Relaxed);
        let log = std::env::temp_dir().join(format!(
            "agora-server-{}-{port}-{n}.log",
            std::process::id()
        ));
        let file = std::fs::File::create(&log).expect("server log file");
        let child = Command::new(env!("CARGO_BIN_EXE_agora-server"))
            .arg("--listen")
            .arg(addr.to_string())
            .args(args)
            .env_remove("AGORA_STORE")
            .env_remove("AGORA_REDIS_URL")
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::from(file.try_clone().expect("server log file")))
            .stderr(Stdio::from(file))
            .spawn()
            .expect("start agora-server");
        ServerProcess {
            child: Some(child),
            addr,
            log,
        }
    }

    /// True once it listens; false if it exited first.
    fn wait_ready(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if TcpStream::connect(self.addr).is_ok() {
                return true;
            }
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(status)) = child.try_wait() {
                    eprintln!("agora-server exited with {status}: {}", self.log_text());
                    self.child = None;
                    return false;
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "agora-server did not listen on {}: {}",
            self.addr,
            self.log_text()
        );
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
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

    /// SIGTERM, as an orchestrator stops a replica: the server drains its calls and flushes
    /// its telemetry before it exits. Its exit status, once it has exited.
    #[cfg(unix)]
    pub fn terminate(&mut self) -> ExitStatus {
        let mut child = self.child.take().expect("the server is running");
        let pid = libc::pid_t::try_from(child.id()).expect("a process id");
        // SAFETY: `kill` only sends a signal; `pid` is our own child, not yet reaped.
        let sent = unsafe { libc::kill(pid, libc::SIGTERM) };
        assert_eq!(sent, 0, "SIGTERM to agora-server");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!("agora-server did not stop on SIGTERM: {}", self.log_text());
                }
            }
        }
    }

    /// Its exit status once it has exited by itself, within `timeout`; None if it still
    /// runs then.
    pub fn exited_within(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let child = self.child.as_mut()?;
        let deadline = Instant::now() + timeout;
        loop {
            match child.try_wait() {
                Ok(Some(status)) => {
                    self.child = None;
                    return Some(status);
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                _ => return None,
            }
        }
    }

    /// `kill -9`: no graceful shutdown, streams cut mid-flight.
    pub fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill9();
        let _ = std::fs::remove_file(&self.log);
    }
}
