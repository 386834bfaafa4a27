//! A private `redis-server` for one test ([`agora_process::redis_process`],
//! which the failure-testing tools share), panicking when it cannot start: a test without
//! its Redis has nothing to say.

#![allow(dead_code)]

use agora_process::redis_process::{self, RedisProcess};
use std::ops::{Deref, DerefMut};

pub struct RedisServer(RedisProcess);

/// A port nobody listens on right now.
pub fn free_port() -> u16 {
    redis_process::free_port().expect("bind an ephemeral port")
}

impl RedisServer {
    /// Without persistence.
    pub fn start() -> RedisServer {
        RedisServer(RedisProcess::start(false).expect("start redis-server"))
    }

    /// With `--appendonly yes --appendfsync always`: survives a `kill -9`.
    pub fn start_with_aof() -> RedisServer {
        RedisServer(RedisProcess::start(true).expect("start redis-server"))
    }

    /// Starts it again on the same port and directory (reloading the AOF if enabled).
    pub fn restart(&mut self) {
        self.0.restart().expect("restart redis-server");
    }
}

impl Deref for RedisServer {
    type Target = RedisProcess;
    fn deref(&self) -> &RedisProcess {
        &self.0
    }
}

impl DerefMut for RedisServer {
    fn deref_mut(&mut self) -> &mut RedisProcess {
        &mut self.0
    }
}
