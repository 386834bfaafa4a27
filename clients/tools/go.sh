# Sourced by clients/generate.sh: the plugins of proto/buf.gen.go.yaml, protoc-gen-go 1.28.1
# and protoc-gen-go-grpc 1.33.3 from Debian bookworm (installed when missing), matching the Go
# packages the Go SDK is built with (clients/go/e2e.sh).
source "$ROOT/clients/tools/lib/apt-install.sh"
agora_apt_install protoc-gen-go protoc-gen-go-grpc
# The template does not clean its output folder (go.mod and the example are there too):
# remove the generated files so that a removed .proto leaves none behind.
rm -f "$OUT"/clients/go/agora/v1/*.pb.go
