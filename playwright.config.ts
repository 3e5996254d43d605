/**
 * Browser tests (`npm run test:e2e`, also the last step of `npm test`). They drive the system
 * Chromium (Debian package `chromium`, or `CHROMIUM_PATH`); Playwright never downloads a browser.
 *
 * Five servers run for the suite:
 *   - the demo on port 3100, with its data (the development secret) under test-results/demo-data,
 *     sending its sign-in e-mails to the SMTP capture below; database sessions (its SQLite adapter);
 *   - the same demo on port 3102 with `FOYER_DEMO_SESSION_STRATEGY=jwt` (sessions in the encrypted
 *     cookie, users and passkeys still in SQLite), its data under test-results/demo-data-jwt, the same
 *     SMTP capture: e2e/passkey.spec.ts runs every passkey scenario against both strategies;
 *   - e2e/fixtures/pages-server.ts on port 3101: the built-in pages under three themes;
 *   - e2e/fixtures/idp.ts: an OpenID Provider (oidc-provider) on 127.0.0.1:3001, the demo's "Test IdP"
 *     (client test-client / test-secret) for e2e/oauth.spec.ts;
 *   - e2e/fixtures/smtp-server.ts: a real SMTP server on 127.0.0.1:2525 that keeps every message, and
 *     its HTTP API on 127.0.0.1:2526 (`GET /messages?to=…`) that e2e/email.spec.ts polls.
 * Screenshots for people to look at go to test-results/screenshots/.
 */
import { defineConfig, devices } from "@playwright/test";

const DEMO_PORT = 3100;
const DEMO_JWT_PORT = 3102;
const PAGES_PORT = 3101;
const SMTP_PORT = 2525;
const MAIL_API_PORT = 2526;
const IDP_PORT = 3001;
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
      env: {
        PORT: String(DEMO_PORT),
        HOST: "127.0.0.1",
        FOYER_DEMO_DATA: "test-results/demo-data",
        // Sign-in e-mails go to the SMTP capture (the last server below) instead of the development mailbox.
        AUTH_NODEMAILER_SERVER: `smtp://127.0.0.1:${SMTP_PORT}`,
        // The "Test IdP" OIDC provider (demo/config.ts), served by e2e/fixtures/idp.ts below.
        FOYER_DEMO_OIDC_ISSUER: `http://127.0.0.1:${IDP_PORT}`,
      },
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The demo again, with jwt sessions (e2e/passkey.spec.ts). No OIDC provider: the Test IdP
      // redirects to the database demo only.
      command: "npx tsx demo/server.ts",
      url: `http://localhost:${DEMO_JWT_PORT}/`,
      env: {
        PORT: String(DEMO_JWT_PORT),
        HOST: "127.0.0.1",
        FOYER_DEMO_DATA: "test-results/demo-data-jwt",
        FOYER_DEMO_SESSION_STRATEGY: "jwt",
        AUTH_NODEMAILER_SERVER: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
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
    {
      command: "npx tsx e2e/fixtures/idp.ts",
      url: `http://127.0.0.1:${IDP_PORT}/.well-known/openid-configuration`,
      env: { PORT: String(IDP_PORT), HOST: "127.0.0.1", REDIRECT_URI: `http://localhost:${DEMO_PORT}/auth/callback/test-idp` },
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx e2e/fixtures/smtp-server.ts",
      url: `http://127.0.0.1:${MAIL_API_PORT}/messages`,
      env: { SMTP_PORT: String(SMTP_PORT), PORT: String(MAIL_API_PORT), HOST: "127.0.0.1" },
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
