//! Compiles agora/v1/*.proto with the protoc shipped by `protoc-bin-vendored`, so no
//! system protoc is needed, and writes a descriptor set for gRPC server reflection.

use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    // SAFETY: build scripts are single-threaded; prost-build reads PROTOC from the env.
    unsafe { env::set_var("PROTOC", protoc) };

    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    let files = [
        "agora/v1/game_service.proto",
        "agora/v1/session.proto",
        "agora/v1/games.proto",
        "agora/v1/origin.proto",
        "agora/v1/terra_nova.proto",
        "agora/v1/origins.proto",
        "agora/v1/attika.proto",
    ];
    tonic_prost_build::configure()
        .file_descriptor_set_path(out_dir.join("agora_descriptor.bin"))
        .compile_protos(&files, &["."])?;
    for file in files {
        println!("cargo:rerun-if-changed={file}");
    }
    Ok(())
}
