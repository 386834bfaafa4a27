// Module build file (app/build.gradle.kts) of an Android app that talks to Agora with
// generated gRPC stubs: lite protobuf messages (Java, with Kotlin DSL builders), grpc-java
// stubs over OkHttp, and grpc-kotlin coroutine stubs. Copy it into your app module and copy
// Agora's proto/agora folder to <project root>/agora-proto/agora (see clients/java/README.md).
//
// NOT BUILT BY AGORA'S CI: neither Gradle, the Android SDK nor Maven Central / Google's Maven
// repository are reachable where Agora is built. The versions below are current releases that
// work together; the generated classes have the same names as the checked-in clients/java SDK
// (package dev.agora.v1, one class per message), so the Java example reads the same.
import com.google.protobuf.gradle.id
import com.google.protobuf.gradle.proto

plugins {
    id("com.android.application") version "8.5.2"
    id("org.jetbrains.kotlin.android") version "1.9.24"
    id("com.google.protobuf") version "0.9.4"
}

val protobufVersion = "3.25.5"
val grpcVersion = "1.66.0"
val grpcKotlinVersion = "1.4.1"

// The .proto files leave language options out (buf's managed mode sets them for the
// checked-in SDKs). This copy adds the same two Java options, so Gradle generates
// dev.agora.v1.CreateSessionRequest and not agora.v1.GameServiceOuterClass.CreateSessionRequest.
val agoraProto = tasks.register<Sync>("agoraProto") {
    from(rootProject.file("agora-proto")) { include("**/*.proto") }
    into(layout.buildDirectory.dir("agora-proto"))
    filter { line ->
        if (line == "package agora.v1;") {
            "$line\noption java_package = \"dev.agora.v1\";\noption java_multiple_files = true;"
        } else {
            line
        }
    }
}

android {
    namespace = "dev.agora.sample"
    compileSdk = 34
    defaultConfig {
        applicationId = "dev.agora.sample"
        minSdk = 24
        targetSdk = 34
        versionCode = 1
        versionName = "1.0"
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    kotlinOptions { jvmTarget = "17" }
    sourceSets {
        getByName("main") {
            proto { srcDir(layout.buildDirectory.dir("agora-proto")) }
        }
    }
}

protobuf {
    protoc { artifact = "com.google.protobuf:protoc:$protobufVersion" }
    plugins {
        id("grpc") { artifact = "io.grpc:protoc-gen-grpc-java:$grpcVersion" }
        id("grpckt") { artifact = "io.grpc:protoc-gen-grpc-kotlin:$grpcKotlinVersion:jdk8@jar" }
    }
    generateProtoTasks {
        all().forEach { task ->
            task.dependsOn(agoraProto)
            task.builtins {
                // Lite messages: the runtime Android apps use (smaller, no reflection).
                id("java") { option("lite") }
                id("kotlin") { option("lite") }
            }
            task.plugins {
                id("grpc") { option("lite") }
                id("grpckt") { option("lite") }
            }
        }
    }
}

dependencies {
    implementation("com.google.protobuf:protobuf-javalite:$protobufVersion")
    implementation("com.google.protobuf:protobuf-kotlin-lite:$protobufVersion")
    implementation("io.grpc:grpc-okhttp:$grpcVersion")
    implementation("io.grpc:grpc-protobuf-lite:$grpcVersion")
    implementation("io.grpc:grpc-stub:$grpcVersion")
    implementation("io.grpc:grpc-kotlin-stub:$grpcKotlinVersion")
    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-android:1.8.1")
    // grpc-java's generated code is annotated with javax.annotation.Generated.
    compileOnly("org.apache.tomcat:annotations-api:6.0.53")
}
