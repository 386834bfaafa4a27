//! A real `agora-server` child process on a loopback port, killed on drop: for several
//! replicas sharing one Redis (one dying with `kill -9` and coming back on the same
//! address), for what the server sets up process-wide, and for the failure-testing tools,
//! which must see a crash as a process exit. Shared by the service tests and the tools.

use crate::redis_process::free_port;
use std::io;
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub struct ServerProcess {
    child: Option<Child>,
    binary: PathBuf,
    args: Vec<String>,
    env: Vec<(String, String)>,
    pub addr: SocketAddr,
    pub log: PathBuf,
}

/// `agora-server` beside the running executable (where cargo puts every binary of the
/// package), for the tools; tests name `CARGO_BIN_EXE_agora-server` instead.
pub fn sibling_server_binary() -> io::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let dir = exe
        .parent()
        .ok_or_else(|| io::Error::other("the executable has no directory"))?;
    let binary = dir.join(format!("agora-server{}", std::env::consts::EXE_SUFFIX));
    if binary.exists() {
        Ok(binary)
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "{} not found: build it (cargo build --release -p agora-service --bin agora-server) or pass --server-bin",
                binary.display()
            ),
        ))
    }
}

impl ServerProcess {
    /// `binary` with `args` (besides `--listen`) and `env` set on top of this process's
    /// environment, with `RUST_LOG=warn` unless `env` names it; returns once it listens.
    pub fn start(binary: &Path, args: &[&str], env: &[(&str, &str)]) -> io::Result<ServerProcess> {
        let mut server = ServerProcess {
            child: None,
            binary: binary.to_path_buf(),
            args: args.iter().map(|s| s.to_string()).collect(),
            env: env
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            log: PathBuf::new(),
        };
        // A port free a moment ago may be taken by the time the server binds it: a server
        // that exits at once is started again on a fresh port.
        for _ in 0..5 {
            server.addr = SocketAddr::from(([127, 0, 0, 1], free_port()?));
            server.spawn()?;
            if server.wait_ready()? {
                return Ok(server);
            }
        }
        Err(io::Error::other(format!(
            "agora-server did not start: {}",
            server.log_text()
        )))
    }

    fn spawn(&mut self) -> io::Result<()> {
        // Several servers of one process may start at once: the sequence number keeps
        // their logs apart even if two of them drew the same port.
        static SPAWNED: AtomicUsize = AtomicUsize::new(0);
        let n = SPAWNED.fetch_add(1, Ordering::Relaxed);
        let _ = std::fs::remove_file(&self.log);
        self.log = std::env::temp_dir().join(format!(
            "agora-server-{}-{}-{n}.log",
            std::process::id(),
            self.addr.port()
        ));
        let file = std::fs::File::create(&self.log)?;
        let child = Command::new(&self.binary)
            .arg("--listen")
            .arg(self.addr.to_string())
            .args(&self.args)
            .env_remove("AGORA_STORE")
            .env_remove("AGORA_REDIS_URL")
            .env("RUST_LOG", "warn")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            // Its log goes to stdout, panics and early errors to stderr: both to one file.
            .stdout(Stdio::from(file.try_clone()?))
            .stderr(Stdio::from(file))
            .spawn()
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot start {}: {e}", self.binary.display()),
                )
            })?;
        self.child = Some(child);
        Ok(())
    }

    /// True once it listens; false if it exited first.
    fn wait_ready(&mut self) -> io::Result<bool> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if TcpStream::connect(self.addr).is_ok() {
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
        Err(io::Error::other(format!(
            "agora-server did not listen on {}: {}",
            self.addr,
            self.log_text()
        )))
    }

    /// Starts it again, on the same address, after [`kill9`](Self::kill9) or a crash.
    pub fn restart(&mut self) -> io::Result<()> {
        self.kill9();
        // The old socket may linger a moment.
        for _ in 0..50 {
            self.spawn()?;
            if self.wait_ready()? {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(io::Error::other(format!(
            "agora-server did not start again on {}: {}",
            self.addr,
            self.log_text()
        )))
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(|c| c.id())
    }

    /// Some(status) once the process has exited by itself (a crash, for a server that
    /// was never asked to stop); None while it runs or after [`kill9`](Self::kill9).
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child
            .as_mut()
            .and_then(|c| c.try_wait().ok().flatten())
    }

    /// Its exit status once it has exited by itself within `timeout`; `None` if it still
    /// runs then.
    pub fn exited_within(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.exited() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Resident memory in KiB, from `/proc/<pid>/status` (Linux only; None elsewhere).
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()?)).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|n| n.parse().ok())
    }

    /// SIGTERM, as an orchestrator stops a replica: the server drains its calls and flushes
    /// its telemetry before it exits. Its exit status, once it has exited (SIGKILL after
    /// 30 s).
    #[cfg(unix)]
    pub fn terminate(&mut self) -> io::Result<ExitStatus> {
        let mut child = self
            .child
            .take()
            .ok_or_else(|| io::Error::other("the server is not running"))?;
        let pid = libc::pid_t::try_from(child.id()).map_err(io::Error::other)?;
        // SAFETY: `kill` only sends a signal; `pid` is our own child, not yet reaped.
        if unsafe { libc::kill(pid, libc::SIGTERM) } != 0 {
            return Err(io::Error::last_os_error());
        }
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match child.try_wait()? {
                Some(status) => return Ok(status),
                None if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
                None => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(io::Error::other(format!(
                        "agora-server did not stop on SIGTERM: {}",
                        self.log_text()
                    )));
                }
            }
        }
    }

    /// `kill -9` (SIGKILL): no graceful shutdown, streams cut mid-flight.
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
