import { resolve } from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

/** The system Chromium (toolchain §5); browsers are never downloaded. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

// One config for the browser bundles (added with the web-component issue) and the test projects:
// server code is tested in plain Node, stories in the real browser.
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
      {
        plugins: [storybookTest({ configDir: resolve(import.meta.dirname, ".storybook") })],
        optimizeDeps: { exclude: ["lit", "lit-html", "lit-element", "@lit/reactive-element"] },
        test: {
          name: "storybook",
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
