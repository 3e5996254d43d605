/**
 * PostgreSQL connections killed under load: a database restart, failover, pooler reap or idle
 * timeout ends backends while requests hold them. The app (a child process running
 * server/testing/postgres-fault-child.ts: Auth() with database sessions, credentials sign-ins and
 * passkey sign-ups) must survive it — the requests that lose their connection fail with the usual
 * error answer, no failed passkey sign-up leaves a half-made account, and every sign-in after the
 * faults works again. Both adapter forms: `{ connectionString }` (the
 * adapter's own pool) and `{ pool }` (the app's pool, with the `error` listener the docs ask for).
 *
 * The test terminates only the child's backends, found by the child's `application_name`, over and
 * over while the child signs users in; bounded by a kill count and a time limit.
 */
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startChild, type TestChild } from "../testing/child-process.js";
import type { Attempt } from "../testing/postgres-fault-child.js";
import { acquirePostgres } from "./test/postgres-harness.js";
import { reportPostgresMissing } from "./test/postgres-missing.js";

const CHILD = fileURLToPath(new URL("../testing/postgres-fault-child.ts", import.meta.url));
/** Sign-ins during the faults; the child runs them four at a time. */
const UNDER_FIRE = 300;
/** At most this many termination rounds, this far apart, for at most this long. */
const MAX_ROUNDS = 150;
const ROUND_MS = 40;
const MAX_FAULT_MS = 15_000;

const postgres = await acquirePostgres();
const children: TestChild[] = [];
afterAll(async () => {
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => child.exited));
  if (postgres.ok) await postgres.server.stop();
});

function attempts(child: TestChild, tag: string): Attempt[] {
  return child
    .lines()
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Attempt)
    .filter((attempt) => attempt.tag === tag);
}

function succeeded(attempt: Attempt): boolean {
  return attempt.failure === null && attempt.sessionEmail === `${attempt.tag}-${attempt.n}@example.com`;
}

/** Terminates the backends named `applicationName` until `stop` resolves or the bounds are reached; returns how many it ended. */
async function terminateRepeatedly(url: string, applicationName: string, stop: Promise<unknown>): Promise<number> {
  const killer = new pg.Client({ connectionString: url, application_name: "foyer-fault-killer" });
  killer.on("error", () => {});
  await killer.connect();
  let stopped = false;
  void stop.finally(() => (stopped = true));
  let terminated = 0;
  const deadline = Date.now() + MAX_FAULT_MS;
  try {
    for (let round = 0; round < MAX_ROUNDS && !stopped && Date.now() < deadline; round++) {
      const { rows } = await killer.query<{ n: string }>(
        `select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
        [applicationName],
      );
      terminated += Number(rows[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
    }
  } finally {
    await killer.end();
  }
  return terminated;
}

if (!postgres.ok) {
  describe("postgres connection faults", () => {
    reportPostgresMissing("PostgreSQL connection faults", postgres.reason);
  });
} else {
  const server = postgres.server;
  describe.each(["url", "pool"] as const)("postgres connection faults: PostgresAdapter({ %s })", (form) => {
    it("backends terminated during sign-ins: the process survives, failed sign-ins get the error page, every later sign-in works", async () => {
      const { url } = await server.createSchema();
      const applicationName = `foyer-fault-${form}-${process.pid}`;
      const child = startChild(CHILD, [form, url, applicationName]);
      children.push(child);
      await child.waitFor("READY");

      child.send("RUN before 8");
      await child.waitFor("DONE before");
      expect(attempts(child, "before").filter((a) => !succeeded(a))).toEqual([]);

      child.send(`RUN fire ${UNDER_FIRE}`);
      const done = child.waitFor("DONE fire");
      const terminated = await terminateRepeatedly(
        url,
        applicationName,
        done.catch(() => undefined),
      );
      await Promise.race([done.catch(() => undefined), child.exited]);

      // The process survived every termination.
      if (!child.alive()) expect.fail(`the app process died:\n${(await child.exited).stderr.slice(0, 2000)}`);
      await done;
      expect(terminated).toBeGreaterThan(10);

      // Under fire, a sign-in either worked or was answered like any failed sign-in: a redirect to
      // the error page — never a 5xx, a stack trace, or a throw out of Auth(). A session read that
      // lost its connection answers as Auth.js does for an unreadable session: 200 with null.
      const fire = attempts(child, "fire");
      expect(fire).toHaveLength(UNDER_FIRE);
      const refused = fire.filter((a) => a.location !== "http://localhost:3000");
      for (const attempt of fire) {
        expect(attempt.failure, JSON.stringify(attempt)).toBeNull();
        expect(attempt.status, JSON.stringify(attempt)).toBe(302);
        if (refused.includes(attempt)) {
          expect(attempt.location, JSON.stringify(attempt)).toMatch(/^http:\/\/localhost:3000\/auth\/error\?error=[A-Za-z]+$/);
        } else {
          expect(attempt.sessionStatus, JSON.stringify(attempt)).toBe(200);
          expect([null, `${attempt.tag}-${attempt.n}@example.com`], JSON.stringify(attempt)).toContain(attempt.sessionEmail);
        }
      }
      const unreadable = fire.filter((a) => !refused.includes(a) && a.sessionEmail === null);

      // No failed passkey sign-up left a half-made account (a user with a webauthn account and no passkey).
      const inspector = new pg.Client({ connectionString: url });
      await inspector.connect();
      try {
        const { rows } = await inspector.query<{ email: string }>(
          `select u.email from users u
            where exists (select 1 from accounts a where a.user_id = u.id and a.type = 'webauthn')
              and not exists (select 1 from authenticators t where t.user_id = u.id)`,
        );
        expect(rows).toEqual([]);
      } finally {
        await inspector.end();
      }

      // After the faults: every sign-in works again, on fresh connections.
      child.send("RUN after 20");
      await child.waitFor("DONE after");
      expect(attempts(child, "after").filter((a) => !succeeded(a))).toEqual([]);
      // Every sign-in that was answered as signed in under fire has a session that now reads back.
      child.send("RECHECK fire");
      const recheck = await child.waitFor("RECHECKED fire ", { prefix: true });
      expect(JSON.parse(recheck.slice("RECHECKED fire ".length))).toEqual({ signedIn: UNDER_FIRE - refused.length, missing: [] });
      expect(child.alive()).toBe(true);
      console.info(
        `PostgresAdapter({ ${form} }): ${terminated} backends terminated; of ${UNDER_FIRE} sign-ins under fire ` +
          `${refused.length} refused with the error page (${refused.filter((a) => a.kind === "passkey").length} passkey sign-ups), ` +
          `${unreadable.length} signed in but their first session read failed (200 null)`,
      );
    }, 60_000);
  });
}
