/**
 * The migration promise, tested: an app written for next-auth v5 (e2e/fixtures/next-auth-app, pinned
 * next-auth 5.0.0-beta.32) works on Foyer after scripts/migrate-next-auth.ts changed its import paths
 * and nothing else. Both apps are production builds (`next build`, once per set of inputs, see
 * e2e/support/next-apps.ts) served by `next start`, and every flow below runs against both:
 *
 *   - credentials through the built-in sign-in page, reached through the proxy's `authorized` check;
 *   - credentials through the app's server-action form, and a wrong password caught by next-auth's
 *     documented try/catch (`CredentialsSignin` with its `code`);
 *   - OpenID Connect through a server action against a real OpenID Provider (oidc-provider);
 *   - an e-mail link through Nodemailer to a real SMTP server;
 *   - the session in a server component, a route handler and `useSession`;
 *   - sign-out by server action and from the client; `unstable_update`.
 *
 * Then: the migrated app type-checks (`tsc --noEmit`) with its session type extended through
 * `declare module "foyer-auth/next"`, and a session cookie issued by the next-auth app is accepted by
 * the Foyer app, so switching logs nobody out.
 *
 * Servers, all on 127.0.0.1, each port from its variable or picked free: the next-auth app
 * (FOYER_E2E_NEXTAUTH_APP_PORT), the Foyer app (FOYER_E2E_FOYER_APP_PORT), the OpenID Provider
 * (FOYER_E2E_MIGRATION_IDP_PORT) and the SMTP capture (FOYER_E2E_MIGRATION_SMTP_PORT). Both apps share
 * one PostgreSQL schema (the official @auth/pg-adapter's tables), as one app would before and after
 * switching, and one AUTH_SECRET; each app has its AUTH_URL.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { startTestIdp } from "../server/oauth/test-idp.js";
import { startSmtpCapture, type SmtpCapture } from "../server/email/test-smtp.js";
import { acquirePostgres, type PostgresTestServer } from "../server/adapters/test/postgres-harness.js";
import { appEnvironment, buildNextApp, portFrom, startNextApp, type NextAppBuild, type NextAppName, type RunningNextApp } from "./support/next-apps.js";

const APP_NAMES: NextAppName[] = ["next-auth", "foyer"];
const ADA = { email: "ada@example.com", password: "correct horse battery staple", name: "Ada Lovelace" };
const SECRET = randomBytes(32).toString("base64url");

/** The tables @auth/pg-adapter reads and writes, with the column names its queries use. */
const PG_ADAPTER_SCHEMA = `
  create table users (id serial primary key, name varchar(255), email varchar(255), "emailVerified" timestamptz, image text);
  create table accounts (
    id serial primary key, "userId" integer not null, type varchar(255) not null, provider varchar(255) not null,
    "providerAccountId" varchar(255) not null, refresh_token text, access_token text, expires_at bigint, id_token text,
    scope text, session_state text, token_type text
  );
  create table sessions (id serial primary key, "userId" integer not null, expires timestamptz not null, "sessionToken" varchar(255) not null);
  create table verification_token (identifier text not null, expires timestamptz not null, token text not null, primary key (identifier, token));
`;

/** What every app shares: the OpenID Provider, the SMTP capture, the database, the ports. */
interface Environment {
  ports: Record<NextAppName, number>;
  runtime: NodeJS.ProcessEnv;
  smtp: SmtpCapture;
  idpIssuer: string;
  close(): Promise<void>;
}

let env: Environment | undefined;
/** Each app is built (or its build reused) and started when its first test needs it. */
const apps = new Map<NextAppName, Promise<{ build: NextAppBuild; server: RunningNextApp }>>();

function app(name: NextAppName): Promise<{ build: NextAppBuild; server: RunningNextApp }> {
  let started = apps.get(name);
  if (!started) {
    started = (async () => {
      const build = await buildNextApp(name);
      // Its public URL, as a deployment sets it: Foyer builds e-mail links in production only on a
      // configured host, never on whatever Host a request names (docs/compatibility.md).
      const authUrl = `http://localhost:${env!.ports[name]}/api/auth`;
      const server = await startNextApp(build, env!.ports[name], { ...env!.runtime, AUTH_URL: authUrl });
      return { build, server };
    })();
    apps.set(name, started);
  }
  return started;
}

/** The origin of a started app. */
async function originOf(name: NextAppName): Promise<string> {
  return (await app(name)).server.origin;
}

function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
}

test.beforeAll(async () => {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const ports = {
      "next-auth": await portFrom("FOYER_E2E_NEXTAUTH_APP_PORT"),
      foyer: await portFrom("FOYER_E2E_FOYER_APP_PORT"),
    };

    const postgres = await acquirePostgres();
    if (!postgres.ok) throw new Error(postgres.reason);
    const database: PostgresTestServer = postgres.server;
    cleanups.push(() => database.stop());
    const { url: databaseUrl } = await database.createSchema();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(PG_ADAPTER_SCHEMA).finally(() => client.end());

    const smtp = await startSmtpCapture({ port: await portFrom("FOYER_E2E_MIGRATION_SMTP_PORT") });
    cleanups.push(() => smtp.close());
    const idp = await startTestIdp({
      port: await portFrom("FOYER_E2E_MIGRATION_IDP_PORT"),
      clients: [
        {
          client_id: "migration-client",
          client_secret: "migration-secret",
          redirect_uris: APP_NAMES.map((name) => `http://localhost:${ports[name]}/api/auth/callback/test-idp`),
        },
      ],
    });
    cleanups.push(() => idp.close());

    const runtime = appEnvironment({
      AUTH_SECRET: SECRET,
      DATABASE_URL: databaseUrl,
      TEST_IDP_ISSUER: idp.issuer,
      AUTH_TEST_IDP_ID: "migration-client",
      AUTH_TEST_IDP_SECRET: "migration-secret",
      EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}`,
      EMAIL_FROM: "app@example.com",
    });
    cleanups.push(async () => {
      for (const started of apps.values())
        await started.then(
          ({ server }) => server.stop(),
          () => {},
        );
      apps.clear();
    });
    env = { ports, runtime, smtp, idpIssuer: idp.issuer, close };
  } catch (error) {
    await close();
    throw error;
  }
});

test.afterAll(async () => {
  await env?.close();
  env = undefined;
});

/** oidc-provider's development pages (their web font is never fetched). */
async function signInAtIdp(page: Page, issuer: string, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Authorize" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The built-in page's form whose submit button says `button`. */
function builtInForm(page: Page, button: string) {
  return page.locator("form").filter({ has: page.getByRole("button", { name: button }) });
}

/** The server-action form's error message (Next.js has a `role="alert"` route announcer of its own). */
function loginError(page: Page) {
  return page.locator('p[role="alert"]');
}

/**
 * next-auth shows a stale session after a server action changed it until the page is loaded again
 * (next-auth issues #9504, #10016, #12447): neither the action's own render nor `useSession` sees the
 * new cookie, and its `SessionProvider` keeps the session it was first given. Foyer shows the new
 * session at once (the provider takes the session of a later server render); for next-auth the test
 * reloads first.
 */
function showsNewSessionWithoutReload(name: NextAppName): boolean {
  return name === "foyer";
}

async function expectSignedIn(page: Page, origin: string, text: string): Promise<void> {
  await page.goto(`${origin}/`);
  await expect(page.getByTestId("server-user")).toHaveText(text);
  await expect(page.getByTestId("client-status")).toHaveText("authenticated");
}

for (const name of APP_NAMES) {
  test.describe(`the ${name} app`, () => {
    test.afterEach(async ({}, testInfo) => {
      // A failure on the server side shows in the browser as a generic error page: keep the server's log.
      if (testInfo.status !== testInfo.expectedStatus && apps.has(name)) {
        const { server } = await apps.get(name)!;
        const path = testInfo.outputPath(`${name}-server-stderr.txt`);
        writeFileSync(path, server.stderr());
        await testInfo.attach(`${name} server stderr`, { path, contentType: "text/plain" });
      }
    });
    test.beforeEach(async ({ context }) => {
      await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
    });

    test.beforeAll(async ({}, testInfo) => {
      // A production build when none of these inputs is cached yet: about a minute on two cores.
      testInfo.setTimeout(10 * 60_000);
      await app(name);
    });

    test("a signed-out visit to /dashboard goes through the proxy to the built-in page; credentials bring it back", async ({ page }) => {
      const origin = await originOf(name);
      await page.goto(`${origin}/dashboard`);
      await expect(page).toHaveURL(new RegExp(`^${origin}/api/auth/signin\\?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}$`));
      // Auth.js: a form per provider; Foyer: one form whose primary button is "Continue".
      const button = name === "foyer" ? "Continue" : "Sign in with Credentials";
      const form = builtInForm(page, button);
      await form.getByLabel("Email").fill(ADA.email);
      await form.getByLabel("Password").fill(ADA.password);
      await form.getByRole("button", { name: button, exact: true }).click();
      await expect(page).toHaveURL(`${origin}/dashboard`);
      await expect(page.getByTestId("dashboard-user")).toHaveText(`${ADA.name} <${ADA.email}>, admin`);
      await expectSignedIn(page, origin, `Signed in as ${ADA.email} (ADMIN) with credentials`);
    });

    test("the server-action form signs in, and a wrong password or an unknown user is caught by the documented try/catch", async ({ page }) => {
      const origin = await originOf(name);
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill(ADA.email);
      await page.getByLabel("Password").fill("wrong password");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(loginError(page)).toHaveText("Invalid credentials (invalid_credentials).");
      await expect(page).toHaveURL(`${origin}/login`);

      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByLabel("Password").fill("whatever");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(loginError(page)).toHaveText("Invalid credentials (credentials).");

      await page.getByLabel("Email").fill(ADA.email);
      await page.getByLabel("Password").fill(ADA.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(`${origin}/dashboard`);
      await expect(page.getByTestId("dashboard-user")).toHaveText(`${ADA.name} <${ADA.email}>, admin`);
    });

    test("OpenID Connect through a server action and the local OpenID Provider", async ({ page }) => {
      const origin = await originOf(name);
      const login = unique(`oidc-${name}`);
      await page.goto(`${origin}/login`);
      await page.getByRole("button", { name: "Continue with the Test IdP" }).click();
      await signInAtIdp(page, env!.idpIssuer, login);
      await expect(page).toHaveURL(`${origin}/dashboard`);
      await page.goto(`${origin}/`);
      await expect(page.getByTestId("server-user")).toContainText("(MEMBER) with test-idp");
      await expect(page.getByTestId("client-status")).toHaveText("authenticated");
    });

    test("an e-mail link through Nodemailer and a real SMTP server", async ({ page }) => {
      const origin = await originOf(name);
      const address = `${unique(`mail-${name}`)}@example.com`;
      await page.goto(`${origin}/api/auth/signin`);
      // Foyer: the e-mail link is a secondary action of the one sign-in form (which has credentials too).
      const button = name === "foyer" ? "Email me a sign-in link" : "Sign in with Nodemailer";
      const form = builtInForm(page, button);
      await form.getByLabel("Email").fill(address);
      await form.getByRole("button", { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/api/auth/verify-request`));
      const message = await env!.smtp.waitForMessage(address, 15_000);
      const link = /https?:\/\/\S+\/api\/auth\/callback\/nodemailer\?\S+/.exec(message.text)?.[0];
      expect(link, "a sign-in link in the e-mail").toBeTruthy();
      await page.goto(link!);
      await expectSignedIn(page, origin, `Signed in as ${address} (MEMBER) with nodemailer`);
    });

    test("the session in a route handler, and useSession from loading to authenticated to unauthenticated (server-action sign-out)", async ({ page }) => {
      const origin = await originOf(name);
      // On /client the provider gets no session from the server: server-rendered, useSession is "loading".
      const html = await (await page.request.get(`${origin}/client`)).text();
      expect(html).toMatch(/data-testid="client-status">loading</);

      expect(await (await page.request.get(`${origin}/api/me`)).json()).toEqual({ signedIn: false, email: null, role: null });
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill(ADA.email);
      await page.getByLabel("Password").fill(ADA.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(`${origin}/dashboard`);
      expect(await (await page.request.get(`${origin}/api/me`)).json()).toEqual({ signedIn: true, email: ADA.email, role: "admin" });
      // …and once it has fetched the session, "authenticated".
      await page.goto(`${origin}/client`);
      await expect(page.getByTestId("client-status")).toHaveText("authenticated");
      await expect(page.getByTestId("client-email")).toHaveText(ADA.email);

      // The home page hands the server's session to its provider; a server action signs out.
      await expectSignedIn(page, origin, `Signed in as ${ADA.email} (ADMIN) with credentials`);
      await expect(page.getByTestId("client-email")).toHaveText(ADA.email);
      await page.getByRole("button", { name: "Sign out on the server" }).click();
      await expect(page.getByTestId("server-user")).toHaveText("Not signed in");
      if (showsNewSessionWithoutReload(name)) await expect(page.getByTestId("client-status")).toHaveText("unauthenticated");
      await page.reload();
      await expect(page.getByTestId("server-user")).toHaveText("Not signed in");
      await expect(page.getByTestId("client-status")).toHaveText("unauthenticated");
      expect(await (await page.request.get(`${origin}/api/me`)).json()).toEqual({ signedIn: false, email: null, role: null });
      await page.goto(`${origin}/client`);
      await expect(page.getByTestId("client-status")).toHaveText("unauthenticated");
      await page.goto(`${origin}/dashboard`);
      await expect(page).toHaveURL(new RegExp(`^${origin}/api/auth/signin\\?`));
    });

    test("sign-out from the client (next-auth/react's signOut)", async ({ page }) => {
      const origin = await originOf(name);
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill(ADA.email);
      await page.getByLabel("Password").fill(ADA.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(`${origin}/dashboard`);
      await expectSignedIn(page, origin, `Signed in as ${ADA.email} (ADMIN) with credentials`);
      await expect(page.getByRole("region", { name: "Client session" })).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("button", { name: "Sign out from the client" }).click();
      await expect(page.getByTestId("server-user")).toHaveText("Not signed in");
      await expect(page.getByTestId("client-status")).toHaveText("unauthenticated");
    });

    test("unstable_update renames the signed-in user through the jwt callback", async ({ page }) => {
      const origin = await originOf(name);
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill(ADA.email);
      await page.getByLabel("Password").fill(ADA.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(`${origin}/dashboard`);
      const newName = unique("Ada");
      await page.getByLabel("New name").fill(newName);
      // The server action's answer (a POST to the page itself) carries the new cookie.
      const actionDone = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/dashboard");
      await page.getByRole("button", { name: "Rename" }).click();
      expect((await actionDone).ok()).toBe(true);
      if (showsNewSessionWithoutReload(name)) await expect(page.getByTestId("dashboard-user")).toHaveText(`${newName} <${ADA.email}>, admin`);
      await page.reload();
      await expect(page.getByTestId("dashboard-user")).toHaveText(`${newName} <${ADA.email}>, admin`);
    });
  });
}

test("a session cookie issued by the next-auth app is accepted by the Foyer app: switching logs nobody out", async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const nextAuth = { origin: await originOf("next-auth") };
  const foyer = { origin: await originOf("foyer") };
  await page.goto(`${nextAuth.origin}/login`);
  await page.getByLabel("Email").fill(ADA.email);
  await page.getByLabel("Password").fill(ADA.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${nextAuth.origin}/dashboard`);
  const issued = (await page.context().cookies(nextAuth.origin)).find((cookie) => cookie.name === "authjs.session-token");
  expect(issued, "next-auth's session cookie").toBeTruthy();

  // Cookies do not depend on the port: the Foyer app on the same host gets the very same cookie.
  await page.goto(`${foyer.origin}/dashboard`);
  await expect(page).toHaveURL(`${foyer.origin}/dashboard`);
  await expect(page.getByTestId("dashboard-user")).toHaveText(`${ADA.name} <${ADA.email}>, admin`);
  await expectSignedIn(page, foyer.origin, `Signed in as ${ADA.email} (ADMIN) with credentials`);
  expect(await (await page.request.get(`${foyer.origin}/api/me`)).json()).toEqual({ signedIn: true, email: ADA.email, role: "admin" });
});

test("both apps list the same providers (what getProviders() and the built-in page show)", async ({ request }) => {
  test.setTimeout(10 * 60_000);
  const listed = async (name: NextAppName) => {
    const origin = await originOf(name);
    const response = await request.get(`${origin}/api/auth/providers`);
    expect(response.status()).toBe(200);
    // Each app names its own origin in the URLs.
    return JSON.parse((await response.text()).replaceAll(origin, "<origin>")) as Record<string, { id: string; name: string; type: string }>;
  };
  const [nextAuth, foyer] = [await listed("next-auth"), await listed("foyer")];
  // Foyer may add keys of its own (docs/compatibility.md); next-auth's must be there with the same values.
  for (const [id, provider] of Object.entries(nextAuth)) expect(foyer[id], id).toMatchObject(provider);
  expect(Object.keys(foyer).sort()).toEqual(Object.keys(nextAuth).sort());
});

test('the migrated app type-checks with its session type extended through declare module "foyer-auth/next"', async ({}, testInfo) => {
  testInfo.setTimeout(10 * 60_000);
  const { dir } = (await app("foyer")).build;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const typecheck = (project: string) =>
    promisify(execFile)(process.execPath, [tsc, "-p", project, "--noEmit"], { cwd: dir }).then(
      () => ({ ok: true, output: "" }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
    );
  const result = await typecheck("tsconfig.json");
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);

  // The check means something: without the augmentation, the app's use of `session.user.role` fails.
  writeFileSync(join(dir, "tsconfig.without-augmentation.json"), JSON.stringify({ extends: "./tsconfig.json", exclude: ["node_modules", "types"] }));
  const without = await typecheck("tsconfig.without-augmentation.json");
  expect(without.ok).toBe(false);
  expect(without.output).toMatch(/Property 'role' does not exist/);
});
