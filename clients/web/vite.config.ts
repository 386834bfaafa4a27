import { defineConfig } from "vite";

// The SDK is a file: dependency (a symlink to ../typescript/sdk): resolving its imports from
// this package's node_modules (preserveSymlinks) gives one copy of protobuf-es and Connect.
export default defineConfig({
  base: "./",
  resolve: { preserveSymlinks: true, dedupe: ["@bufbuild/protobuf", "@connectrpc/connect"] },
  build: { target: "es2022", reportCompressedSize: true, chunkSizeWarningLimit: 1024 },
  // `npm run dev`: gRPC-Web calls go to the server named by AGORA_SERVER (same origin, no CORS).
  server: {
    proxy: { "/agora.v1.GameService": process.env.AGORA_SERVER ?? "http://127.0.0.1:50051" },
  },
});
