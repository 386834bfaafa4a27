"""Agora's protobuf packages; the code of `agora.v1` is generated (clients/generate.sh)."""
