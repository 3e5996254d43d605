/**
 * Database sessions keep only the SHA-256 of the cookie's token, so that a database dump yields no
 * usable session. These tests present the stored value itself as the cookie — as someone with the
 * dump (or a log that printed it) would — on every adapter Foyer ships: it must open nothing, and the
 * real owner must stay signed in.
 */
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import { foyerAdapterFactories } from "../testing/foyer-adapters.js";
import { Auth } from "../auth.js";
import { DEMO_USER, get, signIn, testConfig } from "../testing/harness.js";

const SESSION = "authjs.session-token";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const postgres = await acquirePostgres();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  if (postgres.ok) await postgres.server.stop();
});

const adapters = foyerAdapterFactories(postgres, closers);
// Without a PostgreSQL server (acquirePostgres could neither reach nor start one) the report says so.
if (!postgres.ok) reportPostgresMissing("PostgreSQL leaked session keys", postgres.reason);

describe.each(adapters)("%s: a leaked stored session key is not a session", (_name, make) => {
  it("the SHA-256 from the database, presented as the cookie, finds no session on any route, and the owner stays signed in", async () => {
    const adapter = await make();
    const config = testConfig({ adapter });
    const { jar } = await signIn(config);
    const key = sha256(jar.get(SESSION)!);
    expect(await adapter.getSessionAndUser!(key)).toMatchObject({ user: { id: DEMO_USER.id } });

    const attack = await Auth(get("/auth/session", { cookie: `${SESSION}=${key}` }), config);
    expect(await attack.json()).toBeNull();
    const sessions = await Auth(get("/auth/account/sessions", { cookie: `${SESSION}=${key}` }), config);
    expect(sessions.status).toBe(401);

    // The row was neither re-keyed nor deleted by the attempt: the owner's own cookie still works.
    expect(await adapter.getSessionAndUser!(key)).toMatchObject({ user: { id: DEMO_USER.id } });
    const own = await Auth(get("/auth/session", { cookie: jar.header }), config);
    expect((await own.json()).user.email).toBe(DEMO_USER.email);
  });

  it("a stored row with a hash-shaped key is never taken for an Auth.js raw-token row, whatever the cookie says", async () => {
    const adapter = await make();
    const user = await adapter.createUser!({ id: "u-x", email: "x@example.com", emailVerified: null, name: "X" });
    const hashShaped = sha256("some-earlier-token");
    await adapter.createSession!({ sessionToken: hashShaped, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
    const response = await Auth(get("/auth/session", { cookie: `${SESSION}=${hashShaped}` }), testConfig({ adapter }));
    expect(await response.json()).toBeNull();
    expect(await adapter.getSessionAndUser!(hashShaped)).toMatchObject({ user: { id: "u-x" } });
  });

  it("an Auth.js row (raw UUID token) still migrates: found once, re-keyed by its hash", async () => {
    const adapter = await make();
    const user = await adapter.createUser!({ id: "u-legacy", email: "legacy@example.com", emailVerified: null, name: "Legacy" });
    const rawToken = "0b0cb0e4-0f0a-4b7c-9b0a-6f0a7d1c2e3f";
    await adapter.createSession!({ sessionToken: rawToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
    const response = await Auth(get("/auth/session", { cookie: `${SESSION}=${rawToken}` }), testConfig({ adapter }));
    expect((await response.json()).user.email).toBe("legacy@example.com");
    expect(await adapter.getSessionAndUser!(rawToken)).toBeNull();
    expect(await adapter.getSessionAndUser!(sha256(rawToken))).toMatchObject({ user: { id: "u-legacy" } });
  });
});
