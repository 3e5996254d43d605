/**
 * The suite's `test`: foyer-auth/testing/playwright's (fixtures `mailbox`, `idp`, `authenticator`,
 * `testUser`, `signedIn`) plus the app under test, started once per worker with that worker's test
 * SMTP server and test IdP. `baseURL` and `authConfig` point the kit's fixtures at it.
 *
 * `FOYER_EXAMPLE_TESTING_PORT` fixes the first worker's port (the next workers take the ports after it);
 * unset, each worker takes a free port.
 */
import { test as base } from "foyer-auth/testing/playwright";
import { authConfig, startApp, type RunningApp } from "../app.js";

export { expect } from "foyer-auth/testing/playwright";
export { PASSWORD, USER } from "../app.js";

export const test = base.extend<object, { strategy: "jwt" | "database"; app: RunningApp }>({
  strategy: ["jwt", { option: true, scope: "worker" }],
  app: [
    async ({ strategy, mailbox, idp }, use, workerInfo) => {
      const first = Number(process.env.FOYER_EXAMPLE_TESTING_PORT ?? 0);
      const app = await startApp(authConfig({ strategy, smtp: mailbox.url, oidc: idp.provider() }), first ? first + workerInfo.parallelIndex : 0);
      await use(app);
      await app.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ app }, use) => use(app.url),
  authConfig: async ({ app }, use) => use(app.config),
});
