"""agora.v1, generated from proto/agora/v1 by clients/generate.sh: never edit the *_pb2* files."""
