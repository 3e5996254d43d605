/** The client build (`vite build`); adapters/node-server/vite.config.ts adds the server build. */
import { qwikCity } from "@builder.io/qwik-city/vite";
import { qwikVite } from "@builder.io/qwik/optimizer";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(() => ({
  plugins: [qwikCity(), qwikVite(), tsconfigPaths()],
  logLevel: "warn" as const,
}));
