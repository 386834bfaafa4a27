//! A real `agora-server` process on a free loopback port, killed on drop: for tests of
//! several replicas sharing one Redis, including one dying with `kill -9`.

#![allow(dead_code)]

use crate::support::redis_server::free_port;
use agora_proto::v1::game_service_client::GameServiceClient;
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
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
        // A port free a moment ago may be taken by the time the server binds it: a server
        // that exits at once is started again on a fresh port.
        for _ in 0..4 {
            let mut server = ServerProcess::spawn(store, redis_url, extra);
            if server.wait_ready() {
                return server;
            }
        }
        let mut server = ServerProcess::spawn(store, redis_url, extra);
        if !server.wait_ready() {
            panic!("agora-server did not start: {}", server.log_text());
        }
        server
    }

    fn spawn(store: &str, redis_url: &str, extra: &[&str]) -> ServerProcess {
        let port = free_port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let log =
            std::env::temp_dir().join(format!("agora-server-{}-{port}.log", std::process::id()));
        let file = std::fs::File::create(&log).expect("server log file");
        let child = Command::new(env!("CARGO_BIN_EXE_agora-server"))
            .arg("--listen")
            .arg(addr.to_string())
            .args(["--store", store, "--redis-url", redis_url])
            .args(extra)
            .env_remove("AGORA_STORE")
            .env_remove("AGORA_REDIS_URL")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
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
