import { defineConfig } from "vitest/config";

// One config for the build of the browser bundles (added with the web-component issue)
// and for the test projects. Server tests run in plain Node: what users run.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["server/**/*.test.{ts,tsx}", "locales/**/*.test.ts", "demo/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
    ],
  },
});
