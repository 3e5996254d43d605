/**
 * The example suite on its own: `npx playwright test -c examples/testing` (after `npm run build`:
 * the suite imports foyer-auth by name, as an app does). The repository's playwright.config.ts runs
 * the same tests as its `examples-testing` project. The system Chromium (`CHROMIUM_PATH`, default
 * /usr/bin/chromium) is used.
 */
import { defineConfig, devices } from "@playwright/test";

export default defineConfig({
  testDir: "./tests",
  outputDir: "../../test-results/examples-testing",
  workers: 2,
  reporter: "list",
  use: {
    ...devices["Desktop Chrome"],
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] },
  },
});
