//! PostgreSQL for the archive tests: one throwaway cluster per test binary
//! ([`agora_process::postgres_process::shared`]) and a fresh database per test, or a
//! private cluster for a test that stops it.

#![allow(dead_code)]

use agora_process::postgres_process::{self, PostgresProcess};

/// The URL of a new, empty database on the binary's shared cluster.
pub fn fresh_database() -> String {
    let pg = postgres_process::shared().expect("start the tests' PostgreSQL");
    let db = postgres_process::unique_database("archive");
    pg.create_database(&db).expect("create a test database");
    pg.url(&db)
}

/// A cluster of the test's own, with database `agora` made.
pub fn private_cluster() -> (PostgresProcess, String) {
    let pg = PostgresProcess::start().expect("start a private PostgreSQL");
    pg.create_database("agora").expect("create a database");
    let url = pg.url("agora");
    (pg, url)
}
