//! A private `redis-server` child: a free loopback port, its own temporary directory,
//! optionally append-only persistence with `appendfsync always`, killed (and its
//! directory removed) on drop. Never touches a Redis on the default port. Shared by the
//! service tests and the failure-testing tools.

use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisProcess {
    child: Option<Child>,
    pub port: u16,
    dir: PathBuf,
    aof: bool,
}

/// A loopback port nobody listens on right now.
pub fn free_port() -> io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl RedisProcess {
    /// Starts one; with `aof`, `--appendonly yes --appendfsync always`, so that a
    /// `kill -9` loses no acknowledged write.
    pub fn start(aof: bool) -> io::Result<RedisProcess> {
        let port = free_port()?;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let dir =
            std::env::temp_dir().join(format!("agora-redis-{}-{port}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let mut server = RedisProcess {
            child: None,
            port,
            dir,
            aof,
        };
        // The port was free a moment ago; another process may take it first, so a
        // server that exits at once is tried again on a fresh port.
        for _ in 0..5 {
            if server.try_spawn()? {
                return Ok(server);
            }
            server.port = free_port()?;
        }
        server.spawn()?;
        Ok(server)
    }

    fn try_spawn(&mut self) -> io::Result<bool> {
        self.launch_child()?;
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.ping() {
                return Ok(true);
            }
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(_)) = child.try_wait() {
                    self.child = None;
                    return Ok(false);
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        Ok(false)
    }

    fn spawn(&mut self) -> io::Result<()> {
        self.launch_child()?;
        self.wait_ready()
    }

    fn launch_child(&mut self) -> io::Result<()> {
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
        let child = cmd.spawn().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot start redis-server (is it installed? `.ci/run` installs it): {e}"),
            )
        })?;
        self.child = Some(child);
        Ok(())
    }

    fn wait_ready(&self) -> io::Result<()> {
        // Reloading a large append-only file takes a while.
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.ping() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let log = std::fs::read_to_string(self.dir.join("redis.log")).unwrap_or_default();
        Err(io::Error::other(format!(
            "redis-server on port {} did not start:\n{log}",
            self.port
        )))
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

    /// The `agora-server` flags choosing the store: this Redis, or memory without one.
    pub fn store_flags(redis: Option<&RedisProcess>) -> Vec<String> {
        match redis {
            None => vec!["--store".into(), "memory".into()],
            Some(r) => vec![
                "--store".into(),
                "redis".into(),
                "--redis-url".into(),
                r.url(),
            ],
        }
    }

    /// `kill -9`: no goodbye, no final save.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port and directory (reloading the AOF if enabled).
    pub fn restart(&mut self) -> io::Result<()> {
        self.kill();
        self.spawn()
    }

    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }
}

impl Drop for RedisProcess {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
