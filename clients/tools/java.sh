# Sourced by clients/generate.sh: the plugins of proto/buf.gen.java.yaml. protoc (its
# built-in `java` generator, protobuf 3.21.12) and grpc-java's protoc plugin 1.41.3, both
# from Debian bookworm, so they match the protobuf-java and grpc-java jars the Java SDK is
# compiled against (clients/java/e2e.sh).
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-install.sh"
agora_apt_install protobuf-compiler protobuf-compiler-grpc-java-plugin
# buf runs `local: grpc_java_plugin` from PATH; Debian installs it in /usr/bin.
command -v grpc_java_plugin >/dev/null || echo "clients/tools/java.sh: grpc_java_plugin not found" >&2
