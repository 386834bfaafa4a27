//! A private PostgreSQL cluster: `initdb` into its own temporary directory, `postgres` on a
//! free loopback port with its socket in that directory, `fsync=off` (a test's data need
//! not survive a power cut), killed by pid and removed on drop. Never touches the
//! machine's own PostgreSQL. Debian's binaries live in `/usr/lib/postgresql/<version>/bin`
//! (the newest is used; `AGORA_PG_BIN` names another folder). PostgreSQL refuses to run as
//! root: run as root (CI), the cluster belongs to the `postgres` system user.

use crate::redis_process::free_port;
use std::io;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The superuser of the cluster (trust authentication on loopback: no password).
pub const SUPERUSER: &str = "agora";

pub struct PostgresProcess {
    child: Option<Child>,
    pub port: u16,
    dir: PathBuf,
    bin: PathBuf,
    /// The user the server runs as, when this process is root.
    user: Option<(u32, u32)>,
}

/// The folder of PostgreSQL's server binaries.
fn bin_dir() -> io::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("AGORA_PG_BIN") {
        return Ok(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "no /usr/lib/postgresql (is PostgreSQL installed? `.ci/run` installs it): {e}"
                ),
            )
        })?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            Some((version, e.path().join("bin")))
        })
        .filter(|(_, bin)| bin.join("initdb").exists())
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, bin)| bin)
        .ok_or_else(|| io::Error::other("no PostgreSQL server binaries under /usr/lib/postgresql"))
}

/// The uid and gid of `postgres`, when this process is root.
#[cfg(unix)]
fn server_user() -> io::Result<Option<(u32, u32)>> {
    // SAFETY: geteuid has no preconditions; getpwnam reads a static record we copy at once.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(None);
    }
    let name = c"postgres";
    let pw = unsafe { libc::getpwnam(name.as_ptr()) };
    if pw.is_null() {
        return Err(io::Error::other(
            "running as root, and there is no `postgres` user to run PostgreSQL as",
        ));
    }
    let (uid, gid) = unsafe { ((*pw).pw_uid, (*pw).pw_gid) };
    Ok(Some((uid, gid)))
}

#[cfg(not(unix))]
fn server_user() -> io::Result<Option<(u32, u32)>> {
    Ok(None)
}

impl PostgresProcess {
    /// initdb and start one; ready when this returns.
    pub fn start() -> io::Result<PostgresProcess> {
        let bin = bin_dir()?;
        let user = server_user()?;
        let port = free_port()?;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let dir = std::env::temp_dir().join(format!(
            "agora-postgres-{}-{port}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir)?;
        let mut pg = PostgresProcess {
            child: None,
            port,
            dir,
            bin,
            user,
        };
        pg.chown(&pg.dir.clone())?;
        let out = pg
            .command("initdb")
            .arg("-D")
            .arg(pg.data())
            .args([
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ])
            .output()?;
        if !out.status.success() {
            return Err(io::Error::other(format!(
                "initdb failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )));
        }
        // The port was free a moment ago; another process may take it first.
        for _ in 0..5 {
            if pg.try_spawn()? {
                return Ok(pg);
            }
            pg.port = free_port()?;
        }
        Err(io::Error::other(format!(
            "postgres did not start:\n{}",
            std::fs::read_to_string(pg.dir.join("postgres.log")).unwrap_or_default()
        )))
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn chown(&self, path: &Path) -> io::Result<()> {
        #[cfg(unix)]
        if let Some((uid, gid)) = self.user {
            std::os::unix::fs::chown(path, Some(uid), Some(gid))?;
        }
        let _ = path;
        Ok(())
    }

    fn command(&self, name: &str) -> Command {
        let mut cmd = Command::new(self.bin.join(name));
        #[cfg(unix)]
        if let Some((uid, gid)) = self.user {
            use std::os::unix::process::CommandExt;
            cmd.uid(uid).gid(gid);
        }
        cmd.stdin(Stdio::null());
        cmd
    }

    fn try_spawn(&mut self) -> io::Result<bool> {
        let log = std::fs::File::create(self.dir.join("postgres.log"))?;
        self.chown(&self.dir.join("postgres.log"))?;
        let child = self
            .command("postgres")
            .arg("-D")
            .arg(self.data())
            .args(["-p", &self.port.to_string()])
            .args(["-c", "listen_addresses=127.0.0.1"])
            .arg("-c")
            .arg(format!("unix_socket_directories={}", self.dir.display()))
            .args(["-c", "fsync=off", "-c", "synchronous_commit=off"])
            .args(["-c", "full_page_writes=off", "-c", "max_connections=200"])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()?;
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.ready() {
                return Ok(true);
            }
            if let Some(child) = self.child.as_mut() {
                if let Ok(Some(_)) = child.try_wait() {
                    self.child = None;
                    return Ok(false);
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.kill();
        Ok(false)
    }

    /// True when the server accepts connections (`pg_isready`).
    pub fn ready(&self) -> bool {
        if TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            return false;
        }
        Command::new(self.bin.join("pg_isready"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                SUPERUSER,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// A URL of database `db` on this cluster.
    pub fn url(&self, db: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{db}", self.port)
    }

    /// Creates database `db` (with `createdb`), for one test.
    pub fn create_database(&self, db: &str) -> io::Result<()> {
        let out = Command::new(self.bin.join("createdb"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                SUPERUSER,
                db,
            ])
            .output()?;
        if out.status.success() {
            Ok(())
        } else {
            Err(io::Error::other(format!(
                "createdb {db}: {}",
                String::from_utf8_lossy(&out.stderr)
            )))
        }
    }

    /// Stops the server at once, as a crash would: an immediate shutdown (SIGQUIT by pid:
    /// no checkpoint, crash recovery on restart), which also ends its backends; SIGKILL if
    /// it is still there after ten seconds.
    pub fn kill(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        #[cfg(unix)]
        {
            if let Ok(pid) = i32::try_from(child.id()) {
                // SAFETY: signals our own child by its pid.
                unsafe { libc::kill(pid, libc::SIGQUIT) };
            }
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = child.kill();
        let _ = child.wait();
    }

    /// Starts it again on the same port and data (after [`Self::kill`]); crash recovery
    /// replays its WAL first.
    pub fn restart(&mut self) -> io::Result<()> {
        self.kill();
        if self.try_spawn()? {
            Ok(())
        } else {
            Err(io::Error::other("postgres did not restart"))
        }
    }

    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }
}

impl Drop for PostgresProcess {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One cluster for a whole test binary, started on first use: each test makes its own
/// database on it ([`PostgresProcess::create_database`]), so a binary pays for one
/// `initdb` (about a second). A static is never dropped, so the cluster is stopped and its
/// directory removed when the process exits (`atexit`).
pub fn shared() -> Result<&'static PostgresProcess, String> {
    static SHARED: std::sync::OnceLock<Result<PostgresProcess, String>> =
        std::sync::OnceLock::new();
    SHARED
        .get_or_init(|| {
            let pg = PostgresProcess::start().map_err(|e| e.to_string())?;
            #[cfg(unix)]
            {
                let pid = pg.child.as_ref().map_or(0, |c| c.id() as i32);
                SHARED_PID.store(pid, std::sync::atomic::Ordering::SeqCst);
                let _ = SHARED_DIR.set(pg.dir.clone());
                // SAFETY: registers a plain `extern "C" fn` with no captured state.
                unsafe { libc::atexit(stop_shared) };
            }
            Ok(pg)
        })
        .as_ref()
        .map_err(Clone::clone)
}

#[cfg(unix)]
static SHARED_PID: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);
#[cfg(unix)]
static SHARED_DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

#[cfg(unix)]
extern "C" fn stop_shared() {
    let pid = SHARED_PID.load(std::sync::atomic::Ordering::SeqCst);
    if pid > 0 {
        // SAFETY: signals the cluster this process started, by its pid.
        unsafe { libc::kill(pid, libc::SIGQUIT) };
        let deadline = Instant::now() + Duration::from_secs(5);
        // SAFETY: signal 0 only asks whether the pid still exists.
        while Instant::now() < deadline && unsafe { libc::kill(pid, 0) } == 0 {
            let mut status = 0;
            // SAFETY: reaps our own child if it has exited.
            unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    if let Some(dir) = SHARED_DIR.get() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A database name no other test of this process uses.
pub fn unique_database(prefix: &str) -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("{prefix}_{}_{n}", std::process::id())
}
