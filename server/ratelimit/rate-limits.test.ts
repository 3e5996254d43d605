/**
 * Rate limits, black-box through the real `Auth()`, as an attacker would meet them: password
 * guessing against one account, spraying many accounts from one address, e-mail floods, passkey
 * option and ceremony floods, and session-update floods. Windows are made short (1–2 s) where the
 * test must see a window end; the defaults are tested as they ship where it does not.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import { Auth } from "../auth.js";
import { setPeerAddress } from "../core/client-address.js";
import { createAuthHandler } from "../integrations/node.js";
import Email from "../providers/email-alias.js";
import Passkey from "../providers/passkey.js";
import { memoryStore } from "../stores/memory.js";
import { redisStore } from "../stores/redis.js";
import { acquireRedis } from "../stores/test/redis-harness.js";
import { reportRedisMissing } from "../stores/test/redis-missing.js";
import type { Store } from "../stores/types.js";
import { resolveRateLimits } from "../config/rate-limits.js";
import { csrf, ORIGIN, PASSWORD, postForm, testConfig } from "../testing/harness.js";
import type { AuthConfig, RateLimitedEvent, RateLimitsOptions } from "../types.js";

const redis = await acquireRedis();
afterAll(async () => {
  if (redis.ok) await redis.server.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request from `address` (as the app's `clientAddress` reads it, the way a platform header would be). */
const FROM = "x-test-client";

function limitedConfig(rateLimits: RateLimitsOptions | boolean | undefined, overrides: Partial<AuthConfig> = {}) {
  const events: RateLimitedEvent[] = [];
  const config = testConfig({
    rateLimits: typeof rateLimits === "object" ? { clientAddress: (request) => request.headers.get(FROM), ...rateLimits } : rateLimits,
    events: { rateLimited: (event) => void events.push(event) },
    ...overrides,
  });
  return { config, events };
}

/** One credentials attempt from `address`: the raw answer (the client's `X-Auth-Return-Redirect` form). */
async function attempt(config: AuthConfig, username: string, password: string, address = "203.0.113.7", json = true): Promise<Response> {
  const { jar, csrfToken } = await csrf(config);
  return Auth(
    postForm(
      "/auth/callback/credentials",
      { csrfToken, username, password },
      { cookie: jar.header, headers: { [FROM]: address, ...(json ? { "x-auth-return-redirect": "1" } : {}) } },
    ),
    config,
  );
}

/** Whether an attempt signed in (the JSON answer's URL is the callback, not an error page). */
async function signedIn(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  const { url } = (await response.json()) as { url: string };
  return !url.includes("error=");
}

describe("password guessing against one account", () => {
  it("is cut off after 5 attempts per identifier (the default), and the right password is refused too, then accepted after the window", async () => {
    const { config, events } = limitedConfig({ credentials: { perIdentifier: { max: 5, window: 1, backoff: true } } });
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await attempt(config, "ada", `guess-${i}`, `198.51.100.${i}`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    // The sixth guess, from yet another address: refused, and so is the right password now.
    const sixth = await attempt(config, "ada", "guess-6", "198.51.100.99");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await sixth.json()).toMatchObject({ error: "RateLimited", url: `${ORIGIN}/auth/signin?error=RateLimited` });
    const right = await attempt(config, "ada", PASSWORD);
    expect(right.status).toBe(429);
    expect(events.map((e) => [e.limit, e.scope])).toEqual([
      ["credentials", "identifier"],
      ["credentials", "identifier"],
    ]);
    // After the lockout (one window at the first strike), the real user signs in.
    await sleep(1100);
    expect(await signedIn(await attempt(config, "ada", PASSWORD))).toBe(true);
  });

  it("forgets the count after a successful sign-in (a few typos do not add up), but never the per-address count", async () => {
    const { config } = limitedConfig({ credentials: { perIdentifier: { max: 5, window: 60 }, perAddress: { max: 12, window: 60 } } });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await attempt(config, "ada", "typo")).status).toBe(200);
      expect(await signedIn(await attempt(config, "ada", PASSWORD))).toBe(true);
    }
    // 10 requests so far from this address; the per-address count was not forgiven.
    expect((await attempt(config, "ada", "typo")).status).toBe(200);
    expect((await attempt(config, "ada", "typo")).status).toBe(200);
    expect((await attempt(config, "ada", PASSWORD)).status).toBe(429);
  });

  it("counts case and surrounding space as the same identifier", async () => {
    const { config } = limitedConfig({ credentials: { perIdentifier: { max: 2, window: 60 } } });
    expect((await attempt(config, "ada", "x")).status).toBe(200);
    expect((await attempt(config, " ADA ", "x")).status).toBe(200);
    expect((await attempt(config, "Ada", "x")).status).toBe(429);
  });

  it("grows the lockout when the limit is hit again (back-off)", async () => {
    const { config } = limitedConfig({ credentials: { perIdentifier: { max: 1, window: 1, backoff: true }, perAddress: false } });
    expect((await attempt(config, "ada", "x")).status).toBe(200);
    const first = await attempt(config, "ada", "x");
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    await sleep(1100);
    expect((await attempt(config, "ada", "x")).status).toBe(200);
    const second = await attempt(config, "ada", "x");
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("2");
  });

  it("answers an unknown identifier exactly as a known one once limited", async () => {
    const { config } = limitedConfig({ credentials: { perIdentifier: { max: 1, window: 60 }, perAddress: false } });
    for (const name of ["ada", "nobody"]) await attempt(config, name, "x");
    const known = await attempt(config, "ada", "x");
    const unknown = await attempt(config, "nobody", "x");
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect(await known.text()).toBe(await unknown.text());
    expect([...known.headers.keys()]).toEqual([...unknown.headers.keys()]);
  });

  it("limits the default production config: a thousand guesses get nowhere", async () => {
    const config = testConfig({ rateLimits: true });
    const statuses = new Map<number, number>();
    for (let i = 0; i < 40; i++) {
      const status = (await attempt(config, "ada", `guess-${i}`)).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBe(5);
    expect(statuses.get(429)).toBe(35);
    expect(await signedIn(await attempt(config, "ada", PASSWORD))).toBe(false);
  });
});

describe("password spraying from one address", () => {
  it("is cut off by the per-address limit (default 50 per 15 min)", async () => {
    const { config, events } = limitedConfig({});
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await attempt(config, `user-${i}`, "Winter2026!", "203.0.113.50")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual(new Array(10).fill(429));
    expect(events.at(-1)).toMatchObject({ limit: "credentials", scope: "address", address: "4:203.0.113.50" });
    // Another client is not affected.
    expect(await signedIn(await attempt(config, "ada", PASSWORD, "203.0.113.51"))).toBe(true);
  });
});

describe("the page path and the JSON path", () => {
  it("answers a plain form post with 429, Retry-After and a page that goes on to ?error=RateLimited", async () => {
    const { config } = limitedConfig({ credentials: { perIdentifier: { max: 1, window: 60 } } });
    await attempt(config, "ada", "x", undefined, false);
    const page = await attempt(config, "ada", "x", undefined, false);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`url=${ORIGIN}/auth/signin?error=RateLimited`);
    // The sign-in page it goes to shows the localised message.
    const signin = await Auth(new Request(`${ORIGIN}/auth/signin?error=RateLimited`, { headers: { "accept-language": "de" } }), config);
    expect(await signin.text()).toContain("Zu viele Versuche");
  });

  it("answers session updates with JSON 429", async () => {
    const { config } = limitedConfig({ sessionUpdate: { perAddress: { max: 2, window: 60 } } });
    const { jar, csrfToken } = await csrf(config);
    const update = () =>
      Auth(
        new Request(`${ORIGIN}/auth/session`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: jar.header, [FROM]: "192.0.2.1" },
          body: JSON.stringify({ csrfToken, data: {} }),
        }),
        config,
      );
    const statuses = [(await update()).status, (await update()).status];
    const third = await update();
    expect(statuses.every((s) => s !== 429)).toBe(true);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
    expect(await third.json()).toMatchObject({ error: "RateLimited" });
  });
});

describe("e-mail floods", () => {
  function emailConfig(rateLimits: RateLimitsOptions) {
    const sent: string[] = [];
    const { config } = limitedConfig(rateLimits, {
      adapter: MemoryAdapter(),
      providers: [Email({ resendCooldown: 0, sendVerificationRequest: (params) => void sent.push(params.identifier) })],
    });
    return { config, sent };
  }

  async function requestLink(config: AuthConfig, email: string, address: string): Promise<Response> {
    const { jar, csrfToken } = await csrf(config);
    return Auth(
      postForm("/auth/signin/email", { csrfToken, email }, { cookie: jar.header, headers: { [FROM]: address, "x-auth-return-redirect": "1" } }),
      config,
    );
  }

  it("to many addresses from one client: cut off at 10, no e-mail beyond", async () => {
    const { config, sent } = emailConfig({});
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await requestLink(config, `victim-${i}@example.com`, "203.0.113.9")).status);
    expect(sent).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("to one address many times (from many clients): cut off at 3, no e-mail beyond", async () => {
    const { config, sent } = emailConfig({});
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await requestLink(config, i % 2 ? "Victim@Example.com" : "victim@example.com", `198.51.100.${i}`)).status);
    expect(sent).toHaveLength(3);
    expect(statuses.slice(3)).toEqual(new Array(9).fill(429));
  });
});

describe("passkey floods", () => {
  function passkeyConfig(rateLimits: RateLimitsOptions) {
    return limitedConfig(rateLimits, { adapter: MemoryAdapter(), session: { strategy: "database" }, providers: [Passkey()] });
  }

  it("cuts off option requests per address (default 60 per 5 min)", async () => {
    const { config } = passkeyConfig({});
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      statuses.push(
        (await Auth(new Request(`${ORIGIN}/auth/webauthn-options/passkey?action=authenticate`, { headers: { [FROM]: "203.0.113.20" } }), config)).status,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual(new Array(10).fill(429));
  });

  it("cuts off ceremony posts per credential id, whatever the address", async () => {
    const { config } = passkeyConfig({ passkey: { perIdentifier: { max: 3, window: 60 } } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { jar, csrfToken } = await csrf(config);
      const data = JSON.stringify({ id: "Y3JlZC0x", rawId: "Y3JlZC0x", type: "public-key", response: {} });
      const response = await Auth(
        postForm(
          "/auth/callback/passkey",
          { csrfToken, action: "authenticate", data },
          { cookie: jar.header, headers: { [FROM]: `198.51.100.${i}`, "x-auth-return-redirect": "1" } },
        ),
        config,
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });
});

describe("the client address", () => {
  /** A request whose socket peer is `peer` (what foyer-auth/node attaches), with an optional X-Forwarded-For. */
  async function fromSocket(config: AuthConfig, peer: string, forwardedFor?: string): Promise<number> {
    const { jar, csrfToken } = await csrf(config);
    const request = postForm(
      "/auth/callback/credentials",
      { csrfToken, username: `user-${Math.random()}`, password: "x" },
      { cookie: jar.header, headers: { "x-auth-return-redirect": "1", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) } },
    );
    setPeerAddress(request, peer);
    return (await Auth(request, config)).status;
  }

  const perAddress = (extra: Partial<RateLimitsOptions> = {}): AuthConfig =>
    testConfig({ rateLimits: { credentials: { perAddress: { max: 2, window: 60 }, perIdentifier: false }, ...extra } });

  it("groups IPv6 addresses by /64", async () => {
    const config = perAddress();
    expect(await fromSocket(config, "2001:db8:1:2::1")).toBe(200);
    expect(await fromSocket(config, "2001:db8:1:2:ffff:1:2:3")).toBe(200);
    expect(await fromSocket(config, "2001:0db8:0001:0002::dead")).toBe(429);
    // The next /64 is someone else.
    expect(await fromSocket(config, "2001:db8:1:3::1")).toBe(200);
    // An IPv4-mapped address is the IPv4 address.
    expect(await fromSocket(config, "192.0.2.5")).toBe(200);
    expect(await fromSocket(config, "::ffff:192.0.2.5")).toBe(200);
    expect(await fromSocket(config, "192.0.2.5")).toBe(429);
  });

  it("reads X-Forwarded-For only from trusted proxies", async () => {
    const untrusted = perAddress();
    // A client that makes up a new X-Forwarded-For each time is still counted by its socket.
    expect(await fromSocket(untrusted, "203.0.113.30", "10.0.0.1")).toBe(200);
    expect(await fromSocket(untrusted, "203.0.113.30", "10.0.0.2")).toBe(200);
    expect(await fromSocket(untrusted, "203.0.113.30", "10.0.0.3")).toBe(429);

    const trusted = perAddress({ trustedProxies: ["10.1.0.0/16"] });
    // Behind the trusted proxy, each client is counted on its own: the proxy's address is not a bucket.
    expect(await fromSocket(trusted, "10.1.2.3", "198.51.100.1")).toBe(200);
    expect(await fromSocket(trusted, "10.1.2.3", "198.51.100.1")).toBe(200);
    expect(await fromSocket(trusted, "10.1.2.3", "198.51.100.1")).toBe(429);
    expect(await fromSocket(trusted, "10.1.2.3", "198.51.100.2")).toBe(200);
    // A client's own entry to the left of what the trusted proxy wrote changes nothing.
    expect(await fromSocket(trusted, "10.1.2.3", "1.2.3.4, 198.51.100.1")).toBe(429);
  });
});

describe("the client address over a real socket (foyer-auth/node)", () => {
  /** Sign-in attempts through a real HTTP server, each with the X-Forwarded-For of `claims`; their statuses. */
  async function throughServer(rateLimits: RateLimitsOptions, claims: string[]): Promise<number[]> {
    const config = testConfig({ rateLimits: { credentials: { perAddress: { max: 2, window: 60 }, perIdentifier: false }, ...rateLimits } });
    const auth = createAuthHandler(config);
    const server = createServer((req, res) => void auth(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statuses: number[] = [];
      for (const claimed of claims) {
        const csrfAnswer = await fetch(`${origin}/auth/csrf`);
        const { csrfToken } = (await csrfAnswer.json()) as { csrfToken: string };
        const cookie = csrfAnswer.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const response = await fetch(`${origin}/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-auth-return-redirect": "1", "x-forwarded-for": claimed },
          body: new URLSearchParams({ csrfToken, username: `u-${claimed}`, password: "x" }),
        });
        statuses.push(response.status);
        await response.body?.cancel();
      }
      return statuses;
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it("counts the socket's address when no proxy is trusted, whatever X-Forwarded-For claims", async () => {
    expect(await throughServer({}, ["198.51.100.1", "198.51.100.2", "198.51.100.3"])).toEqual([200, 200, 429]);
  });

  it("counts the forwarded client when the socket's peer is a trusted proxy", async () => {
    const claims = ["198.51.100.1", "198.51.100.2", "198.51.100.1", "198.51.100.1", "198.51.100.2"];
    expect(await throughServer({ trustedProxies: ["127.0.0.0/8"] }, claims)).toEqual([200, 200, 200, 429, 200]);
  });
});

describe("counted across instances sharing one store", () => {
  async function acrossTwo(store: Store): Promise<number[]> {
    const options: RateLimitsOptions = { credentials: { perIdentifier: { max: 4, window: 60 } } };
    const a = limitedConfig(options, { store }).config;
    const b = limitedConfig(options, { store }).config;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 ? a : b, "ada", `guess-${i}`, `198.51.100.${i}`)).status);
    return statuses;
  }

  it("one memory store object", async () => {
    expect(await acrossTwo(memoryStore())).toEqual([200, 200, 200, 200, 429, 429]);
  });

  if (redis.ok) {
    const server = redis.server;
    it("one Redis", async () => {
      const store = redisStore({ client: server.client as never, prefix: server.prefix("ratelimit") });
      expect(await acrossTwo(store)).toEqual([200, 200, 200, 200, 429, 429]);
    });
  } else {
    reportRedisMissing("rate limits counted in Redis across instances", redis.reason);
  }
});

describe("a store that is down", () => {
  it("refuses sign-in (fail closed), never signs in", async () => {
    const broken = memoryStore();
    broken.increment = () => Promise.reject(new Error("connection refused"));
    broken.get = () => Promise.reject(new Error("connection refused"));
    const { config } = limitedConfig({}, { store: broken });
    const response = await attempt(config, "ada", PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/error?error=Configuration` });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false);
  });
});

describe("when limits apply", () => {
  it("outside production, nothing is limited unless configured", async () => {
    const config = testConfig();
    for (let i = 0; i < 8; i++) expect((await attempt(config, "ada", "x")).status).toBe(200);
  });

  it("rateLimits: false and a route set to false turn limits off", async () => {
    for (const rateLimits of [false, { credentials: false as const }]) {
      const config = testConfig({ rateLimits });
      for (let i = 0; i < 8; i++) expect((await attempt(config, "ada", "x")).status).toBe(200);
    }
  });

  it("warns once when a limited request comes without the client's address", async () => {
    const warnings: string[] = [];
    const config = testConfig({ rateLimits: true, logger: { error() {}, warn: (code) => void warnings.push(code), debug() {} } });
    for (let i = 0; i < 3; i++) await attempt(config, "ada", "x");
    expect(warnings.filter((code) => code === "rate-limit-no-address")).toHaveLength(1);
  });

  it("a broken rateLimits option is a configuration error", async () => {
    const config = testConfig({ rateLimits: { credentials: { perIdentifier: { max: 0, window: 60 } } } });
    const response = await attempt(config, "ada", PASSWORD);
    expect(response.status).toBe(500);
  });

  it("in production the defaults apply without any option; outside it only when asked", () => {
    const production = resolveRateLimits(undefined, true);
    expect(production).toMatchObject({ routes: { credentials: { perIdentifier: { max: 5, windowMs: 900_000, backoff: true } } } });
    expect(resolveRateLimits(undefined, false)).toBeUndefined();
    expect(resolveRateLimits(false, true)).toBeUndefined();
  });
});
