/**
 * Browser tests (`npm run test:e2e`, also the last step of `npm test`). They drive the system
 * Chromium (Debian package `chromium`, or `CHROMIUM_PATH`); Playwright never downloads a browser.
 *
 * The servers below run for the suite, each on a port picked free when the run starts, or on the one its
 * environment variable names (e2e/support/ports.ts):
 *   - the demo (FOYER_E2E_DEMO_PORT), with its data (the development secret) under
 *     test-results/demo-data, sending its sign-in e-mails to the SMTP capture below; database
 *     sessions (its SQLite adapter);
 *   - the same demo with `FOYER_DEMO_SESSION_STRATEGY=jwt` (FOYER_E2E_DEMO_JWT_PORT): sessions in the
 *     encrypted cookie, users and passkeys still in SQLite, its data under test-results/demo-data-jwt,
 *     the same SMTP capture; e2e/passkey.spec.ts runs every passkey scenario against both strategies;
 *   - e2e/fixtures/pages-server.ts (FOYER_E2E_PAGES_PORT): the built-in pages under three themes;
 *   - e2e/fixtures/idp.ts (FOYER_E2E_IDP_PORT): an OpenID Provider (oidc-provider) on 127.0.0.1, the
 *     demo's "Test IdP" (client test-client / test-secret) for e2e/oauth.spec.ts;
 *   - e2e/fixtures/smtp-server.ts: a real SMTP server on 127.0.0.1 (FOYER_E2E_SMTP_PORT) that keeps
 *     every message, and its HTTP API on 127.0.0.1 (FOYER_E2E_MAIL_API_PORT, `GET /messages?to=…`)
 *     that e2e/email.spec.ts polls;
 *   - e2e/fixtures/next-server.ts: the Next.js 16 test app (e2e/fixtures/next-app), built once per run
 *     (cached while its inputs are the same) and served by `next start` twice, with jwt sessions
 *     (FOYER_E2E_NEXT_PORT) and database sessions (FOYER_E2E_NEXT_DATABASE_PORT), for e2e/next.spec.ts;
 *   - e2e/fixtures/express-server.ts: an Express 5 app (FOYER_E2E_EXPRESS_PORT) and an Express 4 app
 *     (FOYER_E2E_EXPRESS4_PORT) on `foyer-auth/express`, and the Express 4 app's code on `@auth/express`
 *     (FOYER_E2E_EXPRESS_AUTHJS_PORT), for e2e/express.spec.ts;
 *   - e2e/fixtures/qwik-server.ts: the Qwik City test app (e2e/fixtures/qwik-app), built once per run
 *     (cached while its inputs are the same; its packages installed apart, under tmp/qwik/) on
 *     `foyer-auth/qwik` (FOYER_E2E_QWIK_PORT) and on `@auth/qwik` (FOYER_E2E_QWIK_AUTHJS_PORT), for
 *     e2e/qwik.spec.ts and e2e/qwik-migration.spec.ts.
 *   - e2e/fixtures/solid-start-server.ts: the SolidStart app on `foyer-auth/solid-start`, on
 *     `@solidjs/start` 1.3 (FOYER_E2E_SOLID_START_PORT) and 2 (FOYER_E2E_SOLID_START_V2_PORT), the `solid-start` 0.2 app on `@auth/solid-start`
 *     (FOYER_E2E_SOLID_START_AUTHJS_PORT) and its copy migrated to Foyer
 *     (FOYER_E2E_SOLID_START_MIGRATED_PORT), each with its own install under tmp/, for
 *     e2e/solid-start.spec.ts.
 *   - e2e/fixtures/sveltekit-server.ts: the SvelteKit test app, built with cached builds, on Foyer
 *     (SvelteKit 2: FOYER_E2E_SVELTEKIT_PORT, and with a custom basePath FOYER_E2E_SVELTEKIT_CUSTOM_PORT;
 *     SvelteKit 3: FOYER_E2E_SVELTEKIT3_PORT, and built with paths.base FOYER_E2E_SVELTEKIT_BASE_PORT) and on @auth/sveltekit (FOYER_E2E_SVELTEKIT_AUTHJS_PORT),
 *     for e2e/sveltekit.spec.ts.
 * Outside CI a server already answering on its URL is reused, so set the variables to run the suite
 * against servers you started yourself.
 * Screenshot baselines (e2e/screenshots.spec.ts) sit beside their spec, named after the project and
 * the platform (`snapshotPathTemplate` below); they are taken with the Debian Chromium this machine and
 * CI share. `npx playwright test e2e/screenshots.spec.ts --update-snapshots` regenerates them.
 */
import { defineConfig, devices } from "@playwright/test";
import { PORTS } from "./e2e/support/ports.js";

const {
  demo: DEMO_PORT,
  demoJwt: DEMO_JWT_PORT,
  pages: PAGES_PORT,
  smtp: SMTP_PORT,
  mailApi: MAIL_API_PORT,
  idp: IDP_PORT,
  next: NEXT_PORT,
  nextDatabase: NEXT_DATABASE_PORT,
  express: EXPRESS_PORT,
  express4: EXPRESS4_PORT,
  expressAuthjs: EXPRESS_AUTHJS_PORT,
  sveltekit: SVELTEKIT_PORT,
  sveltekitCustom: SVELTEKIT_CUSTOM_PORT,
  sveltekit3: SVELTEKIT3_PORT,
  sveltekitAuthjs: SVELTEKIT_AUTHJS_PORT,
  sveltekitBase: SVELTEKIT_BASE_PORT,
  qwik: QWIK_PORT,
  qwikAuthjs: QWIK_AUTHJS_PORT,
  solidStart: SOLID_START_PORT,
  solidStartAuthjs: SOLID_START_AUTHJS_PORT,
  solidStartV2: SOLID_START_V2_PORT,
  solidStartMigrated: SOLID_START_MIGRATED_PORT,
} = PORTS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether this run includes e2e/next.spec.ts: the whole suite, or a command line that names it. The
 * Next.js app takes a `next build` when its inputs changed, so a run of other specs only
 * (`npx playwright test e2e/signin.spec.ts`) does not start it.
 */
const FILE_FILTERS = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && /(\.spec\.ts|^e2e\/)/.test(arg));
const RUNS_NEXT_SPEC = FILE_FILTERS.length === 0 || FILE_FILTERS.some((arg) => /next/.test(arg));

/** Whether this run includes e2e/sveltekit.spec.ts, whose apps take three Vite builds when their inputs changed. */
const RUNS_SVELTEKIT_SPEC = FILE_FILTERS.length === 0 || FILE_FILTERS.some((arg) => /sveltekit/.test(arg));

/**
 * e2e/fixtures/sveltekit-server.ts: the SvelteKit app (e2e/fixtures/sveltekit-app) on Foyer with
 * SvelteKit 2 (default and custom base path) and SvelteKit 3, and as written on @auth/sveltekit.
 */
const SVELTEKIT_SERVER = {
  command: "npx tsx e2e/fixtures/sveltekit-server.ts",
  // Ready when the last server started answers.
  url: `http://localhost:${SVELTEKIT_AUTHJS_PORT}/login`,
  env: {
    FOYER_PORT: String(SVELTEKIT_PORT),
    FOYER_CUSTOM_PORT: String(SVELTEKIT_CUSTOM_PORT),
    FOYER_KIT3_PORT: String(SVELTEKIT3_PORT),
    AUTHJS_PORT: String(SVELTEKIT_AUTHJS_PORT),
    FOYER_BASE_PORT: String(SVELTEKIT_BASE_PORT),
  },
  // Cold: SvelteKit 2's install and three Vite builds, a few minutes on two cores.
  timeout: 480_000,
  reuseExistingServer: !process.env.CI,
  stdout: "ignore",
  stderr: "pipe",
} as const;

/** Whether this run includes e2e/solid-start.spec.ts (its apps need their own installs and builds). */
const RUNS_SOLID_START_SPEC = FILE_FILTERS.length === 0 || FILE_FILTERS.some((arg) => /solid/.test(arg));

/** e2e/fixtures/solid-start-server.ts: three SolidStart apps (see the list above). */
const SOLID_START_SERVER = {
  command: "npx tsx e2e/fixtures/solid-start-server.ts",
  // Ready when the last app started answers.
  url: `http://localhost:${SOLID_START_MIGRATED_PORT}/api/auth/providers`,
  env: {
    PORT: String(SOLID_START_PORT),
    V2_PORT: String(SOLID_START_V2_PORT),
    AUTHJS_PORT: String(SOLID_START_AUTHJS_PORT),
    MIGRATED_PORT: String(SOLID_START_MIGRATED_PORT),
  },
  // Cold: two npm installs and four builds, three to five minutes on two cores.
  timeout: 600_000,
  reuseExistingServer: !process.env.CI,
  stdout: "ignore",
  stderr: "pipe",
} as const;

/** e2e/fixtures/next-server.ts: the Next.js test app, jwt and database sessions from one build. */
const NEXT_SERVER = {
  command: "npx tsx e2e/fixtures/next-server.ts",
  // Ready when the second server (started after the build, like the first) answers.
  url: `http://localhost:${NEXT_DATABASE_PORT}/api/auth/providers`,
  env: {
    PORT: String(NEXT_PORT),
    DATABASE_PORT: String(NEXT_DATABASE_PORT),
    SMTP_PORT: String(SMTP_PORT),
    IDP_ISSUER: `http://127.0.0.1:${IDP_PORT}`,
  },
  // `next build` takes up to a minute or two on two cores when the cached build is out of date.
  timeout: 300_000,
  reuseExistingServer: !process.env.CI,
  stdout: "ignore",
  stderr: "pipe",
} as const;

/** Whether this run includes the Qwik specs: the Qwik apps take an install and two builds when their inputs changed. */
const RUNS_QWIK_SPECS = FILE_FILTERS.length === 0 || FILE_FILTERS.some((arg) => /qwik/.test(arg));

/** e2e/fixtures/qwik-server.ts: the Qwik City test app on foyer-auth/qwik and on @auth/qwik. */
const QWIK_SERVER = {
  command: "npx tsx e2e/fixtures/qwik-server.ts",
  // Ready when the second app (started after both builds) answers.
  url: `http://localhost:${QWIK_AUTHJS_PORT}/auth/providers`,
  env: { PORT: String(QWIK_PORT), AUTHJS_PORT: String(QWIK_AUTHJS_PORT) },
  // A cold run installs the app's packages and builds it twice (about two minutes on two cores).
  timeout: 400_000,
  reuseExistingServer: !process.env.CI,
  stdout: "ignore",
  stderr: "pipe",
} as const;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "test-results",
  // Playwright's default layout, spelled out: e2e/<spec>-snapshots/<name>-<project>-<platform>.png.
  snapshotPathTemplate: "{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-projectName}{-platform}{ext}",
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
      // The example app's suite (examples/testing): it imports only foyer-auth/testing and
      // foyer-auth/testing/playwright, by name, from dist/ (npm test builds first), and starts its own
      // app, SMTP server and IdP in each worker (FOYER_EXAMPLE_TESTING_PORT fixes the app's port).
      name: "examples-testing",
      testDir: "./examples/testing/tests",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"] },
      },
    },
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
      env: {
        PORT: String(IDP_PORT),
        HOST: "127.0.0.1",
        REDIRECT_URI: `http://localhost:${DEMO_PORT}/auth/callback/test-idp`,
        NEXT_REDIRECT_URIS: [NEXT_PORT, NEXT_DATABASE_PORT].map((port) => `http://localhost:${port}/api/auth/callback/test-idp`).join(","),
      },
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
    {
      command: "npx tsx e2e/fixtures/express-server.ts",
      url: `http://localhost:${EXPRESS_AUTHJS_PORT}/auth/providers`,
      env: { PORT: String(EXPRESS_PORT), EXPRESS4_PORT: String(EXPRESS4_PORT), AUTHJS_PORT: String(EXPRESS_AUTHJS_PORT), HOST: "127.0.0.1" },
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
    ...(RUNS_NEXT_SPEC ? [NEXT_SERVER] : []),
    ...(RUNS_QWIK_SPECS ? [QWIK_SERVER] : []),
    ...(RUNS_SOLID_START_SPEC ? [SOLID_START_SERVER] : []),
    ...(RUNS_SVELTEKIT_SPEC ? [SVELTEKIT_SERVER] : []),
  ],
});
