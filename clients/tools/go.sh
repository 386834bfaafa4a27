# Sourced by clients/generate.sh: the plugins of proto/buf.gen.go.yaml, protoc-gen-go 1.28.1
# and protoc-gen-go-grpc 1.33.3 from Debian bookworm, matching the Go packages the Go SDK is
# built with (clients/go/e2e.sh).
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-install.sh"
agora_apt_install protoc-gen-go protoc-gen-go-grpc
command -v protoc-gen-go >/dev/null && command -v protoc-gen-go-grpc >/dev/null ||
  echo "clients/tools/go.sh: protoc-gen-go or protoc-gen-go-grpc not found" >&2
