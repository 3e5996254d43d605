import { resolve } from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

/** The system Chromium (toolchain §5); browsers are never downloaded. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

// One config for the browser bundles and the test projects: server code is tested in plain Node,
// elements and stories in the real browser.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["server/**/*.test.{ts,tsx}", "locales/**/*.test.ts", "demo/**/*.test.ts", "bench/**/*.test.ts", "ui/client/**/*.test.ts", "ui/**/*.node.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        // Element tests in the real browser (ui-kit §13): Lit, light-DOM forms, shadow parts, events.
        optimizeDeps: { exclude: ["lit", "lit-html", "lit-element", "@lit/reactive-element"] },
        test: {
          name: "elements",
          include: ["ui/elements/**/*.test.ts", "ui/internal/**/*.test.ts"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
          },
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
