# Sourced by clients/generate.sh: the plugins of proto/buf.gen.java.yaml, protoc (its built-in
# `java` generator, protobuf 3.21.12) and grpc-java's protoc plugin 1.41.3 (`grpc_java_plugin`
# in /usr/bin), both from Debian bookworm (installed when missing), so they match the
# protobuf-java and grpc-java jars the Java SDK is compiled against (clients/java/e2e.sh).
source "$ROOT/clients/tools/lib/apt-install.sh"
agora_apt_install protobuf-compiler protobuf-compiler-grpc-java-plugin
