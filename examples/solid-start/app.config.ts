import { defineConfig } from "@solidjs/start/config";

// A Node.js server in .output/server (npm start). On @solidjs/start 2, the same app takes a
// vite.config.ts with the solidStart() plugin instead (docs/solid-start.md).
export default defineConfig({ server: { preset: "node-server" } });
