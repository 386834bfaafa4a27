//! A private three-node Redis Cluster for one test: three `redis-server --cluster-enabled`
//! on free loopback ports (each with its cluster bus port, +10000, free too), joined by
//! `redis-cli --cluster create`, killed and removed on drop.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisCluster {
    nodes: Vec<Child>,
    pub ports: Vec<u16>,
    dir: PathBuf,
}

/// A port free now whose cluster bus port (port + 10000) is free too.
fn free_cluster_port(taken: &[u16]) -> u16 {
    for _ in 0..1000 {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
        let port = listener.local_addr().expect("local address").port();
        if port > 55_000 || taken.contains(&port) || taken.contains(&(port + 10_000)) {
            continue;
        }
        if TcpListener::bind(("127.0.0.1", port + 10_000)).is_ok() {
            return port;
        }
    }
    panic!("no free port pair for a cluster node");
}

impl RedisCluster {
    pub fn start() -> RedisCluster {
        RedisCluster::start_announcing(|_, _| None)
    }

    /// A cluster whose node `i` (on `port`) tells clients to reach it on the port
    /// `announce(i, port)` gives, when it gives one (a fault proxy in front of it); the
    /// cluster bus stays direct, so the nodes see each other whatever the proxy does.
    pub fn start_announcing(mut announce: impl FnMut(usize, u16) -> Option<u16>) -> RedisCluster {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let dir = std::env::temp_dir().join(format!(
            "agora-redis-cluster-{}-{nanos}",
            std::process::id()
        ));
        let mut cluster = RedisCluster {
            nodes: Vec::new(),
            ports: Vec::new(),
            dir,
        };
        for i in 0..3 {
            let port = free_cluster_port(&cluster.ports);
            cluster.ports.push(port);
            let node_dir = cluster.dir.join(port.to_string());
            std::fs::create_dir_all(&node_dir).expect("create a node directory");
            let announced: Vec<String> = match announce(i, port) {
                Some(front) => vec![
                    "--cluster-announce-port".into(),
                    front.to_string(),
                    "--cluster-announce-bus-port".into(),
                    (port + 10_000).to_string(),
                ],
                None => Vec::new(),
            };
            let child = Command::new("redis-server")
                .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                .args(&announced)
                .args([
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                ])
                .args(["--cluster-node-timeout", "2000"])
                .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
                .arg("--dir")
                .arg(&node_dir)
                .arg("--logfile")
                .arg(node_dir.join("redis.log"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start redis-server (is it installed? `.ci/run` installs it)");
            cluster.nodes.push(child);
        }
        for &port in &cluster.ports {
            cluster.wait(port, |reply| reply.contains("PONG"), &["PING"]);
        }
        let addrs: Vec<String> = cluster
            .ports
            .iter()
            .map(|p| format!("127.0.0.1:{p}"))
            .collect();
        let created = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&addrs)
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .output()
            .expect("run redis-cli --cluster create");
        assert!(
            created.status.success(),
            "redis-cli --cluster create failed: {}{}",
            String::from_utf8_lossy(&created.stdout),
            String::from_utf8_lossy(&created.stderr)
        );
        for &port in &cluster.ports {
            cluster.wait(
                port,
                |reply| reply.contains("cluster_state:ok"),
                &["CLUSTER", "INFO"],
            );
        }
        cluster
    }

    /// Waits until `redis-cli -p port <command>` answers what `ready` wants.
    fn wait(&self, port: u16, ready: impl Fn(&str) -> bool, command: &[&str]) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(out) = Command::new("redis-cli")
                .args(["-p", &port.to_string()])
                .args(command)
                .output()
            {
                if ready(&String::from_utf8_lossy(&out.stdout)) {
                    return;
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("cluster node {port} is not ready for {command:?}");
    }

    /// Seed nodes, as `--redis-url` takes them for `--store redis-cluster`.
    pub fn urls(&self) -> String {
        self.ports
            .iter()
            .map(|p| format!("redis://127.0.0.1:{p}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// How many keys matching `pattern` each node holds.
    pub fn keys_per_node(&self, pattern: &str) -> Vec<usize> {
        self.ports
            .iter()
            .map(|port| {
                let out = Command::new("redis-cli")
                    .args(["-p", &port.to_string(), "--scan", "--pattern", pattern])
                    .output()
                    .expect("redis-cli --scan");
                String::from_utf8_lossy(&out.stdout).lines().count()
            })
            .collect()
    }
}

impl Drop for RedisCluster {
    fn drop(&mut self) {
        for child in &mut self.nodes {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
