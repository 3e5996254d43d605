/**
 * Two instances of an app — two child processes (testing/store-instance-child.ts) — sharing one
 * Redis (`redisStore`) and one PostgreSQL schema, driven over HTTP as a browser behind a load
 * balancer would be, with requests landing on either instance:
 *
 * 1. A passkey assertion (real signatures from the software authenticator; counter 0, as synced
 *    passkeys report, so the counter rule cannot catch a replay) signs in on A; the same captured
 *    request replayed on B is refused: the spent challenge is in the shared store.
 *    Two assertions of a cloned authenticator with one counter, posted at once to A and B: the
 *    counter check runs under a lock in the store, so only one signs in.
 * 2. A jwt session without an adapter whose access token is due, read at once on A and B: one call
 *    to the provider's (rotating) token endpoint, and every read gets the new tokens.
 * 3. An e-mail link sent through A starts the resend cooldown on B too.
 * 4. Database sessions with the session cache on (`/db`): a session revoked through one instance is
 *    refused by both at once without its cache cookie, and with it once the cache's lifetime is over.
 * 5. Rate limits (`/limited`: 3 credentials attempts per username a minute): guesses sent alternately
 *    to A and B count together, so the fourth is refused with 429 on either, the right password too.
 * 6. A store that is down (a closed port): the e-mail and passkey sign-ins are refused with a
 *    redirect to `?error=Configuration` — no session, no e-mail, no 500 or stack trace — and the
 *    outage is logged once, not once per request.
 *
 * Without Redis or PostgreSQL: a failing test on CI, a named skip elsewhere.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import { decode, encode } from "../jwt/index.js";
import { startChild, type TestChild } from "../testing/child-process.js";
import { CookieJar, ORIGIN, SECRET } from "../testing/harness.js";
import { SoftAuthenticator, type AssertionOverrides, type SoftCreationOptions, type SoftRequestOptions } from "../testing/soft-authenticator.js";
import type { JWT } from "../types.js";
import { acquireRedis } from "./test/redis-harness.js";
import { reportRedisMissing } from "./test/redis-missing.js";

const CHILD = fileURLToPath(new URL("../testing/store-instance-child.ts", import.meta.url));
const SESSION_COOKIE = "authjs.session-token";
const CACHE_COOKIE = "foyer.session-cache";
/** The `/db` app's `session.cache.maxAge` in store-instance-child.ts. */
const CACHE_SECONDS = 2;

const redis = await acquireRedis();
const postgres = await acquirePostgres();
// Also when only one of them is there: a throwaway PostgreSQL cluster must not outlive the file.
afterAll(async () => {
  if (redis.ok) await redis.server.cleanup();
  if (postgres.ok) await postgres.server.stop();
});

/** A provider token endpoint that rotates refresh tokens and counts the refresh grants it answers. */
interface TokenEndpoint {
  url: string;
  grants: number;
  /** Makes `token` the one valid refresh token. */
  issue(token: string): void;
  server: Server;
}

async function startTokenEndpoint(): Promise<TokenEndpoint> {
  let valid = new Set<string>();
  const endpoint: TokenEndpoint = {
    url: "",
    grants: 0,
    issue: (token) => void (valid = new Set([token])),
    server: createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += String(chunk);
      const form = new URLSearchParams(body);
      if (req.url !== "/token" || form.get("grant_type") !== "refresh_token") return void res.writeHead(404).end();
      endpoint.grants++;
      // Slow enough that reads on both instances overlap with the one running refresh.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const presented = form.get("refresh_token") ?? "";
      res.setHeader("content-type", "application/json");
      if (!valid.delete(presented)) return void res.writeHead(400).end(JSON.stringify({ error: "invalid_grant" }));
      const next = `rt-${endpoint.grants + 1}`;
      valid.add(next);
      res.end(JSON.stringify({ access_token: `at-${endpoint.grants}`, token_type: "bearer", expires_in: 3600, refresh_token: next }));
    }),
  };
  endpoint.server.listen(0, "127.0.0.1");
  await once(endpoint.server, "listening");
  endpoint.url = `http://127.0.0.1:${(endpoint.server.address() as AddressInfo).port}/token`;
  return endpoint;
}

/** A port nothing listens on: bound once by this process, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

/** One instance: its child process and the port it answers on. */
interface Instance {
  child: TestChild;
  port: number;
}

/** A request to an instance, as a browser sends it (no redirects followed); the jar takes the cookies. */
async function call(instance: Instance, path: string, jar: CookieJar, form?: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header };
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  const response = await fetch(`http://127.0.0.1:${instance.port}${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  });
  jar.update(response);
  return response;
}

// Two child processes and real HTTP on a shared 2-core machine: generous time limits.
describe("two instances sharing Redis and PostgreSQL", { timeout: 60_000 }, () => {
  if (!redis.ok) return reportRedisMissing("Two instances sharing a Redis store", redis.reason);
  if (!postgres.ok) return reportPostgresMissing("Two instances sharing a Redis store", postgres.reason);

  let a: Instance;
  let b: Instance;
  let tokens: TokenEndpoint;

  beforeAll(async () => {
    tokens = await startTokenEndpoint();
    const { url } = await postgres.server.createSchema();
    const args = [redis.server.url, redis.server.prefix("instances"), url, tokens.url, String(await closedPort())];
    const start = async (): Promise<Instance> => {
      const child = startChild(CHILD, args);
      return { child, port: Number((await child.waitFor("LISTENING ", { prefix: true })).split(" ")[1]) };
    };
    [a, b] = await Promise.all([start(), start()]);
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.child.kill();
    await Promise.all([a, b].map((instance) => instance?.child.exited));
    tokens?.server.close();
  });

  /** Signs up with a passkey on `instance`; the browser's authenticator keeps the credential. */
  async function signUp(instance: Instance, authenticator: SoftAuthenticator, email: string, base = "/auth"): Promise<void> {
    const jar = new CookieJar();
    const options = await call(instance, `${base}/webauthn-options/passkey?action=register&email=${encodeURIComponent(email)}`, jar);
    const { options: creation } = (await options.json()) as { options: SoftCreationOptions };
    const data = await authenticator.register(creation);
    const answer = await call(instance, `${base}/callback/passkey`, jar, { action: "register", data: JSON.stringify(data) });
    expect(answer.headers.get("location")).toBe(ORIGIN);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
  }

  /** Fetches sign-in options and signs them: the request a browser would post, not posted yet. */
  async function assertion(
    instance: Instance,
    authenticator: SoftAuthenticator,
    base = "/auth",
    overrides: AssertionOverrides = {},
  ): Promise<{ jar: CookieJar; form: Record<string, string> }> {
    const jar = new CookieJar();
    const options = await call(instance, `${base}/webauthn-options/passkey?action=authenticate`, jar);
    const { options: request } = (await options.json()) as { options: SoftRequestOptions };
    return { jar, form: { action: "authenticate", data: JSON.stringify(await authenticator.authenticate(request, overrides)) } };
  }

  const logLines = (instance: Instance, prefix: string) => instance.child.lines().filter((line) => line.startsWith(prefix));
  let markers = 0;
  /**
   * Waits until everything `instance` printed so far has arrived: it sends one more e-mail and waits
   * for its line (a child's lines arrive in order; a response may overtake them).
   */
  async function flush(instance: Instance): Promise<void> {
    const jar = new CookieJar();
    const { csrfToken } = (await (await call(instance, "/auth/csrf", jar)).json()) as { csrfToken: string };
    const email = `marker-${++markers}@example.com`;
    await call(instance, "/auth/signin/email", jar, { csrfToken, email });
    await instance.child.waitFor(`SENT /auth ${email}`);
  }

  it("a passkey challenge spent on one instance is refused on the other (a replayed request, counter 0)", async () => {
    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 });
    await signUp(a, authenticator, "replay@example.com");
    const captured = await assertion(a, authenticator);
    const replayJar = new CookieJar();
    for (const [name, value] of captured.jar.cookies) replayJar.cookies.set(name, value);

    const first = await call(a, "/auth/callback/passkey", captured.jar, captured.form);
    expect(first.headers.get("location")).toBe(ORIGIN);
    expect(captured.jar.get(SESSION_COOKIE)).toBeTruthy();

    const replayed = await call(b, "/auth/callback/passkey", replayJar, captured.form);
    expect(replayed.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=WebAuthnVerificationError`);
    expect(replayJar.get(SESSION_COOKIE)).toBeUndefined();

    // The same passkey, with fresh options, still signs in on B: only the spent challenge was refused.
    const fresh = await assertion(b, authenticator);
    expect((await call(b, "/auth/callback/passkey", fresh.jar, fresh.form)).headers.get("location")).toBe(ORIGIN);
  });

  it("two assertions of a cloned authenticator with the same counter, posted at once to A and B: one signs in, the other is refused", async () => {
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await signUp(a, authenticator, "clone@example.com");
    // Both signed with counter 5: whichever instance checks second must see the first one's 5.
    const captured = await Promise.all([a, b].map((instance) => assertion(instance, authenticator, "/auth", { counter: 5 })));
    const answers = await Promise.all([a, b].map((instance, i) => call(instance, "/auth/callback/passkey", captured[i]!.jar, captured[i]!.form)));
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([ORIGIN, `${ORIGIN}/auth/signin?error=WebAuthnVerificationError`]);
  });

  it("a due access token read at once on both instances is refreshed once at the provider, and every read gets the new tokens", async () => {
    tokens.issue("rt-1");
    const before = tokens.grants;
    const token: JWT = {
      sub: "user-7",
      name: "Ada",
      provider: "acme",
      providerAccountId: "user-7",
      access_token: "at-old",
      expires_at: Math.floor(Date.now() / 1000) - 10,
      refresh_token: "rt-1",
    };
    const cookie = await encode({ token, secret: SECRET, salt: SESSION_COOKIE });
    const reads = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const jar = new CookieJar();
        jar.cookies.set(SESSION_COOKIE, cookie);
        return call(i % 2 ? b : a, "/tokens/session", jar).then(async (response) => ({ status: response.status, body: await response.json(), jar }));
      }),
    );
    expect(tokens.grants - before).toBe(1);
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ user: { name: "Ada" } });
      expect(read.body).not.toHaveProperty("error");
      const sealed = await decode({ token: read.jar.get(SESSION_COOKIE)!, secret: SECRET, salt: SESSION_COOKIE });
      expect(sealed).toMatchObject({ access_token: `at-${tokens.grants}`, refresh_token: `rt-${tokens.grants + 1}` });
    }
  });

  it("an e-mail link sent through one instance starts the resend cooldown on the other", async () => {
    const jar = new CookieJar();
    const { csrfToken } = (await (await call(a, "/auth/csrf", jar)).json()) as { csrfToken: string };
    const send = (instance: Instance, email: string) => call(instance, "/auth/signin/email", jar, { csrfToken, email });

    expect((await send(a, "cool@example.com")).headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`);
    expect((await send(b, "cool@example.com")).headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`);
    // B sends to another address at once: it was the cooldown, not B, that held the first one back.
    await send(b, "other@example.com");
    await Promise.all([flush(a), flush(b)]);
    const sent = [...logLines(a, "SENT /auth "), ...logLines(b, "SENT /auth ")];
    expect(sent.filter((line) => line.endsWith(" cool@example.com"))).toHaveLength(1);
    expect(logLines(b, "SENT /auth other@example.com")).toHaveLength(1);
  });

  it("credentials attempts are counted across both instances: the limit holds whichever instance a guess lands on", async () => {
    const jar = new CookieJar();
    const { csrfToken } = (await (await call(a, "/limited/csrf", jar)).json()) as { csrfToken: string };
    const attempt = (instance: Instance, username: string, password: string) =>
      call(instance, "/limited/callback/credentials", jar, { csrfToken, username, password });

    // Three wrong passwords, spread over both instances: each is an ordinary failed sign-in.
    for (const instance of [a, b, a]) {
      const wrong = await attempt(instance, "grace", "guess");
      expect(wrong.status).toBe(302);
      expect(wrong.headers.get("location")).toBe(`${ORIGIN}/limited/signin?error=CredentialsSignin&code=credentials`);
    }
    // The fourth, on B, is over the shared limit, and so is the right password on A.
    const fourth = await attempt(b, "grace", "guess");
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await attempt(a, "grace", "pw")).status).toBe(429);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    // Another username is not held back: the count is grace's, not a broken instance.
    const other = await attempt(b, "linus", "pw");
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe(ORIGIN);
  });

  /** A copy of a browser's cookies (each instance is asked with its own copy: a refusal deletes cookies). */
  const copy = (jar: CookieJar, without?: string) => {
    const out = new CookieJar();
    for (const [name, value] of jar.cookies) if (name !== without) out.cookies.set(name, value);
    return out;
  };
  const sessionOn = async (instance: Instance, jar: CookieJar) =>
    (await (await call(instance, "/db/session", jar)).json()) as { user?: { email?: string } } | null;

  async function dbSignIn(instance: Instance, username: string): Promise<CookieJar> {
    const jar = new CookieJar();
    const { csrfToken } = (await (await call(instance, "/db/csrf", jar)).json()) as { csrfToken: string };
    const answer = await call(instance, "/db/callback/credentials", jar, { csrfToken, username, password: "pw" });
    expect(answer.headers.get("location")).toBe(ORIGIN);
    return jar;
  }

  it("database sessions with the cache: a session revoked on one instance is refused by both within the cache's lifetime", async () => {
    const email = "revoked@db.example.com";
    const laptop = await dbSignIn(a, "revoked");
    const phone = await dbSignIn(b, "revoked");
    // The phone reads on A (the database, then a cache cookie), then on B from that cookie.
    expect(await sessionOn(a, phone)).toMatchObject({ user: { email } });
    const cachedAt = Date.now();
    expect(phone.get(CACHE_COOKIE)).toBeTruthy();
    expect(await sessionOn(b, copy(phone))).toMatchObject({ user: { email } });

    // The laptop revokes the phone's session through B's route; the row is gone for every instance.
    const list = (await (await call(b, "/db/account/sessions", laptop)).json()) as { sessions: { id: string; current: boolean }[] };
    expect(list.sessions).toHaveLength(2);
    const { csrfToken } = (await (await call(b, "/db/csrf", laptop)).json()) as { csrfToken: string };
    const revoke = await fetch(`http://127.0.0.1:${a.port}/db/account/sessions/revoke`, {
      method: "POST",
      headers: { cookie: laptop.header, "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, id: list.sessions.find((session) => !session.current)!.id }),
    });
    expect(await revoke.json()).toEqual({ revoked: 1 });

    // Without the cache cookie both instances ask the database: refused at once.
    for (const instance of [a, b]) expect(await sessionOn(instance, copy(phone, CACHE_COOKIE))).toBeNull();
    // With it, refused by both once the cache's lifetime (counted from before the revocation) is over.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cachedAt + CACHE_SECONDS * 1000 + 100 - Date.now())));
    for (const instance of [a, b]) {
      const jar = copy(phone);
      expect(await sessionOn(instance, jar)).toBeNull();
      expect(jar.get(SESSION_COOKIE)).toBeUndefined();
      expect(jar.get(CACHE_COOKIE)).toBeUndefined();
    }
    // The laptop is still signed in on both.
    for (const instance of [a, b]) expect(await sessionOn(instance, copy(laptop))).toMatchObject({ user: { email } });
  });

  it("with the store down, e-mail and passkey sign-ins are refused cleanly (no session, no e-mail, no 500) and the outage is logged once", async () => {
    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 });
    await signUp(a, authenticator, "down@example.com");
    const refused = `${ORIGIN}/down/error?error=Configuration`;
    const logsBefore = logLines(b, "LOG /down ").length;

    for (let round = 0; round < 2; round++) {
      const signIn = await assertion(b, authenticator, "/down");
      const answer = await call(b, "/down/callback/passkey", signIn.jar, signIn.form);
      expect({ status: answer.status, location: answer.headers.get("location") }).toEqual({ status: 302, location: refused });
      expect(await answer.text()).not.toMatch(/\bat .*\.ts:\d+/);
      expect(signIn.jar.get(SESSION_COOKIE)).toBeUndefined();
      expect(await (await call(b, "/down/session", signIn.jar)).json()).toBeNull();

      const jar = new CookieJar();
      const { csrfToken } = (await (await call(b, "/down/csrf", jar)).json()) as { csrfToken: string };
      const email = await call(b, "/down/signin/email", jar, { csrfToken, email: "down@example.com" });
      expect({ status: email.status, location: email.headers.get("location") }).toEqual({ status: 302, location: refused });
    }
    await flush(b);
    expect(logLines(b, "SENT /down ")).toEqual([]);
    expect(logLines(b, "LOG /down ").slice(logsBefore)).toEqual(["LOG /down StoreError StoreError"]);
  });
});
