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
    // The messages and the client, with tonic-prost's codec.
    tonic_prost_build::configure()
        .build_server(false)
        .file_descriptor_set_path(out_dir.join("agora_descriptor.bin"))
        .compile_protos(&files, &[PathBuf::from(".")])?;
    // The server alone, on the messages above, with the codec that refuses an undecodable
    // request as INVALID_ARGUMENT (`src/codec.rs`).
    let server_dir = out_dir.join("server");
    std::fs::create_dir_all(&server_dir)?;
    tonic_prost_build::configure()
        .build_client(false)
        .out_dir(&server_dir)
        .extern_path(".agora.v1", "crate::v1")
        // Sent encoded once per viewer and shared by that viewer's streams (`src/encoded.rs`).
        .extern_path(
            ".agora.v1.StreamEventsResponse",
            "crate::encoded::EncodedStreamEventsResponse",
        )
        .codec_path("crate::codec::RequestCodec")
        .compile_protos(&files, &[PathBuf::from(".")])?;
    // The folder itself too, so an added file triggers a rebuild.
    println!("cargo:rerun-if-changed=agora/v1");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    Ok(())
}
