/**
 * Browser tests (`npm run test:e2e`, also the last step of `npm test`). They drive the system
 * Chromium (Debian package `chromium`, or `CHROMIUM_PATH`); Playwright never downloads a browser.
 *
 * Two servers run for the suite:
 *   - the demo on port 3100, with its data (the development secret) under test-results/demo-data;
 *   - e2e/fixtures/pages-server.ts on port 3101: the built-in pages under three themes.
 * Screenshots for people to look at go to test-results/screenshots/.
 */
import { defineConfig, devices } from "@playwright/test";

const DEMO_PORT = 3100;
const PAGES_PORT = 3101;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  outputDir: "test-results",
  workers: 2,
  reporter: "list",
  forbidOnly: Boolean(process.env.CI),
  use: {
    // "localhost", never 127.0.0.1 (WebAuthn needs it; the servers bind 127.0.0.1 and both work).
    baseURL: `http://localhost:${DEMO_PORT}`,
    headless: true,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM,
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx demo/server.ts",
      url: `http://localhost:${DEMO_PORT}/`,
      env: { PORT: String(DEMO_PORT), HOST: "127.0.0.1", FOYER_DEMO_DATA: "test-results/demo-data" },
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx e2e/fixtures/pages-server.ts",
      url: `http://localhost:${PAGES_PORT}/plain/auth/signin`,
      env: { PORT: String(PAGES_PORT), HOST: "127.0.0.1" },
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
