//! The tools' integration tests, one binary: each file beside this one is a module. They
//! run the tools as a user runs them (the real binaries, judged by exit status and JSON
//! summary) against a real `agora-server` (`support::server_binary`). Filter by module to
//! run one group, e.g. `cargo test -p agora-tools --test tools reliability::`.

mod support;

mod load;
mod reliability;
mod upgrade;
