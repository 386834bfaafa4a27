//! Compiles agora/v1/*.proto with the protoc shipped by `protoc-bin-vendored`, so no
//! system protoc is needed, and writes a descriptor set for gRPC server reflection.

use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    // SAFETY: build scripts are single-threaded; prost-build reads PROTOC from the env.
    unsafe { env::set_var("PROTOC", protoc) };

    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    // Every file of the package: a new game's proto is found without an edit here.
    let mut files: Vec<PathBuf> = std::fs::read_dir("agora/v1")?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|path| path.extension().is_some_and(|ext| ext == "proto"));
    files.sort();
    tonic_prost_build::configure()
        .file_descriptor_set_path(out_dir.join("agora_descriptor.bin"))
        .compile_protos(&files, &[PathBuf::from(".")])?;
    // The folder itself too, so an added file triggers a rebuild.
    println!("cargo:rerun-if-changed=agora/v1");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    Ok(())
}
