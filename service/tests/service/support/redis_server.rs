//! A private `redis-server` for one test: a free loopback port, its own temporary
//! directory, optionally append-only persistence, killed (and its directory removed) on
//! drop. Never touches a Redis on the default port.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisServer {
    child: Option<Child>,
    pub port: u16,
    dir: PathBuf,
    aof: bool,
}

/// A port nobody listens on right now.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
    listener.local_addr().expect("local address").port()
}

impl RedisServer {
    /// Without persistence.
    pub fn start() -> RedisServer {
        RedisServer::launch(false)
    }

    /// With `--appendonly yes --appendfsync always`: survives a `kill -9`.
    pub fn start_with_aof() -> RedisServer {
        RedisServer::launch(true)
    }

    fn launch(aof: bool) -> RedisServer {
        let port = free_port();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let dir =
            std::env::temp_dir().join(format!("agora-redis-{}-{port}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create the Redis directory");
        let mut server = RedisServer {
            child: None,
            port,
            dir,
            aof,
        };
        // The port was free a moment ago; another process may take it first, so a
        // server that exits at once is tried again on a fresh port.
        for _ in 0..5 {
            if server.try_spawn() {
                return server;
            }
            server.port = free_port();
        }
        server.spawn();
        server
    }

    fn try_spawn(&mut self) -> bool {
        self.launch_child();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.ping() {
                return true;
            }
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(_)) = child.try_wait() {
                    self.child = None;
                    return false;
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        false
    }

    fn spawn(&mut self) {
        self.launch_child();
        self.wait_ready();
    }

    fn launch_child(&mut self) {
        let mut cmd = Command::new("redis-server");
        cmd.arg("--port")
            .arg(self.port.to_string())
            .arg("--bind")
            .arg("127.0.0.1")
            .arg("--dir")
            .arg(&self.dir)
            .arg("--save")
            .arg("")
            .arg("--daemonize")
            .arg("no")
            .arg("--logfile")
            .arg(self.dir.join("redis.log"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if self.aof {
            cmd.args(["--appendonly", "yes", "--appendfsync", "always"]);
        } else {
            cmd.args(["--appendonly", "no"]);
        }
        let child = cmd
            .spawn()
            .expect("start redis-server (is it installed? `.ci/run` installs it)");
        self.child = Some(child);
    }

    fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.ping() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let log = std::fs::read_to_string(self.dir.join("redis.log")).unwrap_or_default();
        panic!("redis-server on port {} did not start:\n{log}", self.port);
    }

    /// True when the server answers PING with PONG (and is not loading).
    pub fn ping(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
        if stream.write_all(b"PING\r\n").is_err() {
            return false;
        }
        let mut buf = [0u8; 64];
        matches!(stream.read(&mut buf), Ok(n) if buf[..n].starts_with(b"+PONG"))
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// `kill -9`: no goodbye, no final save.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port and directory (reloading the AOF if enabled).
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
