//! A TCP proxy that fails on command, for network faults that are not a process death:
//! put it between a replica and Redis and switch its [`Mode`] while the replica runs.
//!
//! - [`Mode::Pass`]: bytes flow both ways.
//! - [`Mode::Blackhole`]: bytes are accepted and thrown away, both ways; connections stay
//!   open and new ones are accepted (a stuck middlebox, a path that forgot the
//!   connection). Whatever was thrown away is lost when the mode changes back.
//! - [`Mode::Slow`]: each chunk is delayed by the given time, each way.
//! - [`Mode::Reset`]: every open connection is closed with a TCP RST, and new ones are
//!   reset as soon as they are accepted.
//!
//! It runs on a thread of its own with its own Tokio runtime, so that it works the same
//! from synchronous code, from a test's runtime, or from a runtime that is busy; it stops
//! when dropped.

use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// What the proxy does to the bytes and connections passing through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Pass,
    Blackhole,
    Slow(Duration),
    Reset,
}

/// A running proxy: connect to [`addr`](FaultProxy::addr) instead of the upstream.
pub struct FaultProxy {
    pub addr: SocketAddr,
    pub upstream: SocketAddr,
    mode: watch::Sender<Mode>,
    stats: Arc<Stats>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Counts of what the proxy did, for reports.
#[derive(Debug, Default)]
struct Stats {
    accepted: AtomicU64,
    reset: AtomicU64,
    dropped_bytes: AtomicU64,
}

impl FaultProxy {
    /// Listens on a free loopback port and forwards to `upstream`, in [`Mode::Pass`].
    pub fn start(upstream: SocketAddr) -> io::Result<FaultProxy> {
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let (mode, modes) = watch::channel(Mode::Pass);
        let (stop, stopped) = tokio::sync::oneshot::channel();
        let stats = Arc::new(Stats::default());
        let counted = stats.clone();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let thread = std::thread::Builder::new()
            .name(format!("fault-proxy-{}", addr.port()))
            .spawn(move || {
                runtime.block_on(async move {
                    let listener = match TcpListener::from_std(listener) {
                        Ok(listener) => listener,
                        Err(e) => {
                            eprintln!("fault proxy: cannot listen: {e}");
                            return;
                        }
                    };
                    tokio::select! {
                        () = accept_loop(listener, upstream, modes, counted) => {}
                        _ = stopped => {}
                    }
                });
            })?;
        Ok(FaultProxy {
            addr,
            upstream,
            mode,
            stats,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Switches every connection, open or new, to `mode` at once.
    pub fn set_mode(&self, mode: Mode) {
        self.mode.send_replace(mode);
    }

    pub fn mode(&self) -> Mode {
        *self.mode.borrow()
    }

    /// `redis://` URL of the proxy (database 0).
    pub fn redis_url(&self) -> String {
        format!("redis://{}/0", self.addr)
    }

    /// Connections accepted so far.
    pub fn accepted(&self) -> u64 {
        self.stats.accepted.load(Ordering::Relaxed)
    }

    /// Connections closed with a reset so far.
    pub fn resets(&self) -> u64 {
        self.stats.reset.load(Ordering::Relaxed)
    }

    /// Bytes thrown away in [`Mode::Blackhole`] so far.
    pub fn dropped_bytes(&self) -> u64 {
        self.stats.dropped_bytes.load(Ordering::Relaxed)
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

async fn accept_loop(
    listener: TcpListener,
    upstream: SocketAddr,
    modes: watch::Receiver<Mode>,
    stats: Arc<Stats>,
) {
    loop {
        let Ok((client, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        stats.accepted.fetch_add(1, Ordering::Relaxed);
        let _ = client.set_nodelay(true);
        if *modes.borrow() == Mode::Reset {
            reset(&client, &stats);
            continue;
        }
        let modes = modes.clone();
        let stats = stats.clone();
        tokio::spawn(async move {
            // The upstream is always reachable: the fault is this proxy's to make.
            let Ok(server) = TcpStream::connect(upstream).await else {
                reset(&client, &stats);
                return;
            };
            let _ = server.set_nodelay(true);
            connection(client, server, modes, stats).await;
        });
    }
}

/// Closes `stream` with a RST (SO_LINGER 0) when it is dropped.
fn reset(stream: &TcpStream, stats: &Stats) {
    let _ = stream.set_zero_linger();
    stats.reset.fetch_add(1, Ordering::Relaxed);
}

/// One proxied connection: a pump each way, until both sides closed or a reset.
async fn connection(
    mut client: TcpStream,
    mut server: TcpStream,
    mut modes: watch::Receiver<Mode>,
    stats: Arc<Stats>,
) {
    let reset_now = {
        let (client_read, client_write) = client.split();
        let (server_read, server_write) = server.split();
        let up = pump(client_read, server_write, modes.clone(), &stats);
        let down = pump(server_read, client_write, modes.clone(), &stats);
        tokio::select! {
            _ = async { tokio::join!(up, down) } => false,
            _ = modes.wait_for(|m| *m == Mode::Reset) => true,
        }
    };
    if reset_now {
        reset(&client, &stats);
        reset(&server, &stats);
    }
}

/// Copies `from` to `to` as the mode says until `from` closes.
async fn pump(
    mut from: impl AsyncRead + Unpin,
    mut to: impl AsyncWrite + Unpin,
    modes: watch::Receiver<Mode>,
    stats: &Stats,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => {
                let _ = to.shutdown().await;
                return;
            }
            Ok(n) => n,
        };
        let mode = *modes.borrow();
        match mode {
            Mode::Pass => {}
            Mode::Blackhole => {
                stats.dropped_bytes.fetch_add(n as u64, Ordering::Relaxed);
                continue;
            }
            Mode::Slow(delay) => tokio::time::sleep(delay).await,
            // The connection is being reset.
            Mode::Reset => return,
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}
