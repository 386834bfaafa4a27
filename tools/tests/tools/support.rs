//! The `agora-server` the tools drive. It belongs to another package, so cargo gives these
//! tests no `CARGO_BIN_EXE_agora-server`: they use `AGORA_SERVER_BIN` when set, else the
//! `agora-server` of this build's target directory, which `cargo test --workspace` builds
//! in the same run; when it is missing (`cargo test -p agora-tools` on a fresh target) it
//! is built once here. After changing the server, run `cargo test --workspace` or
//! `cargo build -p agora-service --bin agora-server` first, so that the binary is current.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

pub fn server_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        if let Some(path) = std::env::var_os("AGORA_SERVER_BIN") {
            return PathBuf::from(path);
        }
        // This test executable is <target>/<profile>/deps/tools-<hash>.
        let exe = std::env::current_exe().expect("the test executable's path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("the test executable is in <target>/<profile>/deps");
        let binary = profile_dir.join(format!("agora-server{}", std::env::consts::EXE_SUFFIX));
        if !binary.exists() {
            build_server(profile_dir);
        }
        assert!(binary.exists(), "{} not built", binary.display());
        binary
    })
}

/// `cargo build -p agora-service --bin agora-server` into the profile directory of this
/// test executable (`debug` is the test profile's).
fn build_server(profile_dir: &Path) {
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => "test",
        Some(name) => name,
    };
    let target_dir = profile_dir.parent().expect("<target>/<profile>");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../service/Cargo.toml");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--bin", "agora-server", "--profile", profile])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--target-dir")
        .arg(target_dir)
        .status()
        .expect("run cargo");
    assert!(status.success(), "cargo build agora-server: {status}");
}
