#!/usr/bin/env bash
# End-to-end check of the Java SDK against a running agora-server:
#   clients/java/e2e.sh HOST:PORT
# Installs (when missing) Debian's JDK and the jars the SDK is compiled against (protobuf-java
# 3.21.12, grpc-java 1.41.3 with its Netty transport, Guava, PerfMark), compiles the generated
# SDK (gen/, and gen-rpc/: the google.rpc messages), its hand-written helpers
# (sdk/src/main/java: AgoraErrors, EventFollower) and the examples (example/src/main/java)
# with javac, runs the helpers' tests (sdk/src/test/java: SdkTest, in-process gRPC), then plays
# whole games with a spectator that checks every version arrives once, in order: Origin junior
# 2 players and Attika 3 players; when AGORA_STREAM_DOUBLE names the StreamEvents double
# (clients/lib/stream-double.sh), FollowCheck: ABORTED and a dropped connection resumed. AGORA_JAVA_BUILD chooses the class output folder (default:
# a temporary one). Exits non-zero on any failure.
set -euo pipefail
ADDR=${1:-}
[[ -n $ADDR ]] || { echo "usage: $0 HOST:PORT" >&2; exit 2; }
ADDR=${ADDR#http://}
cd "$(dirname "$0")"
step() { printf '\n== java e2e: %s\n' "$*"; }
fail() { printf '\nJAVA E2E FAILED: %s\n' "$*" >&2; exit 1; }

source ../tools/lib/apt-install.sh
step "Debian packages: JDK, protobuf-java, grpc-java and its runtime"
command -v javac >/dev/null || agora_apt_install default-jdk-headless || fail "apt-get install default-jdk-headless"
agora_apt_install libprotobuf-java libgrpc-java libnetty-java libperfmark-java libguava-java libjsr305-java \
  libgeronimo-annotation-1.3-spec-java || fail "apt-get install of the Java libraries"

J=/usr/share/java
# Compile time: messages and stubs (grpc-java's @Generated is javax.annotation.Generated).
COMPILE_CP=$J/protobuf.jar:$J/grpc-api.jar:$J/grpc-stub.jar:$J/grpc-protobuf.jar:$J/grpc-protobuf-lite.jar
COMPILE_CP=$COMPILE_CP:$J/guava.jar:$J/jsr305.jar:$J/geronimo-annotation-1.3-spec.jar:$J/grpc-context.jar
# Run time: grpc-core with the Netty transport, and what they load.
RUN_CP=$COMPILE_CP:$J/grpc-core.jar:$J/grpc-netty.jar:$J/perfmark-api.jar
for m in buffer codec codec-http codec-http2 codec-socks common handler handler-proxy resolver transport; do
  RUN_CP=$RUN_CP:$J/netty-$m.jar
done

BUILD=${AGORA_JAVA_BUILD:-}
if [[ -z $BUILD ]]; then
  BUILD=$(mktemp -d "${TMPDIR:-/tmp}/agora-java.XXXXXX")
  trap 'rm -rf "$BUILD"' EXIT
fi
mkdir -p "$BUILD"
step "javac: the generated SDK, its helpers and the examples"
find gen gen-rpc sdk/src/main/java example/src/main/java -name '*.java' >"$BUILD/sources.txt"
# C1 only and the serial collector: half the CPU time of the defaults for this one-off
# compile of ~300 files on a small CI machine.
JVM_FAST=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
javac "${JVM_FAST[@]/#/-J}" -nowarn -encoding UTF-8 -proc:none -implicit:none -d "$BUILD/classes" -cp "$COMPILE_CP" @"$BUILD/sources.txt" ||
  fail "javac"

step "SdkTest: EventFollower and AgoraErrors without a server (in-process gRPC)"
javac "${JVM_FAST[@]/#/-J}" -nowarn -encoding UTF-8 -proc:none -implicit:none -d "$BUILD/test-classes" \
  -cp "$BUILD/classes:$RUN_CP" sdk/src/test/java/dev/agora/sdk/SdkTest.java || fail "javac SdkTest"
java "${JVM_FAST[@]}" -cp "$BUILD/test-classes:$BUILD/classes:$RUN_CP" dev.agora.sdk.SdkTest || fail "SdkTest"

run() { java "${JVM_FAST[@]}" -cp "$BUILD/classes:$RUN_CP" dev.agora.example.PlayGame --server "$ADDR" --quiet "$@"; }
step "PlayGame: Origin junior, 2 players, with a spectator"
run --game origin --players 2 --junior --seed 7 || fail "PlayGame (Origin junior 2p)"
step "PlayGame: Attika, 3 players, with a spectator"
run --game attika --players 3 --seed 8 || fail "PlayGame (Attika 3p)"
if [[ -n ${AGORA_STREAM_DOUBLE:-} ]]; then
  step "FollowCheck: EventFollower through the StreamEvents double ($AGORA_STREAM_DOUBLE)"
  java "${JVM_FAST[@]}" -cp "$BUILD/classes:$RUN_CP" dev.agora.example.FollowCheck --server "$ADDR" \
    --double "$AGORA_STREAM_DOUBLE" || fail "FollowCheck"
fi
printf '\n== java e2e: passed\n'
