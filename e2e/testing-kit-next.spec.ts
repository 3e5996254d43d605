/**
 * The testing kit against the Next.js integration (the app of e2e/fixtures/next-app, served by
 * e2e/fixtures/next-server.ts): `signInAs` with the app's secret and its SQLite database signs a fresh
 * user in with jwt sessions and with database sessions (a real row in the app's database), and the
 * app's server component and route handler see that user.
 */
import { join } from "node:path";
import SQLiteAdapter from "../server/adapters/sqlite.js";
import { expect, signInAs, test } from "../server/testing-kit/playwright/index.js";
import type { AuthConfig } from "../server/types.js";
import { REPO_ROOT } from "./support/next-apps.js";
import { NEXT_DATABASE_ORIGIN, NEXT_ORIGIN } from "./support/ports.js";

const APPS = [
  { strategy: "jwt", origin: NEXT_ORIGIN },
  { strategy: "database", origin: NEXT_DATABASE_ORIGIN },
] as const;

for (const app of APPS) {
  test(`signInAs, ${app.strategy} sessions: the Next.js app's dashboard and route handler see the fresh user`, async ({ page, context }) => {
    // The app's config as far as a session needs it: its secret, strategy and database (next-server.ts).
    const config: AuthConfig = {
      secret: "next-e2e-secret-next-e2e-secret-0123456789",
      session: { strategy: app.strategy },
      adapter: SQLiteAdapter({ url: join(REPO_ROOT, "test-results/next-data", `${app.strategy}.db`) }),
      providers: [],
    };
    const email = `kit-${app.strategy}-${Date.now().toString(36)}@example.test`;
    const session = await signInAs(context, { url: app.origin, config, user: { email, name: "Kit Next" } });
    expect(session.session.user?.email).toBe(email);
    await page.goto(`${app.origin}/dashboard`);
    await expect(page.locator("#status")).toHaveText(`Signed in as ${email}`);
    await expect(page.locator("#name")).toHaveText("Kit Next");
    expect(await (await page.request.get(`${app.origin}/api/whoami`)).json()).toMatchObject({ session: { user: { email } } });
  });
}
