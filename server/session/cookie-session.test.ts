/**
 * Cookie sessions through `Auth()`: Auth.js's reading and update rules with Foyer's updateAge rule
 * (docs/compatibility.md#sessions-and-tokens); hostile cases R-SESS-* (docs/security.md).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import MemoryAdapter from "../adapters/memory.js";
import { decode, encode, getToken } from "../jwt/index.js";
import { CookieJar, DEMO_USER, ORIGIN, PASSWORD, SECRET, csrf, get, postForm, postJson, signIn, testConfig } from "../testing/harness.js";
import type { JWT } from "../types.js";

const SESSION = "authjs.session-token";

afterEach(() => {
  vi.useRealTimers();
});

async function readSession(config: Parameters<typeof Auth>[1], jar: CookieJar) {
  const response = await Auth(get("/auth/session", { cookie: jar.header }), config);
  return { response, body: await response.json() };
}

describe("GET /session", () => {
  it("without a cookie: 200, the literal null, no-cache headers, the two init cookies", async () => {
    const response = await Auth(get("/auth/session"), testConfig());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("null");
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["authjs.csrf-token", "authjs.callback-url"]);
  });

  it("after sign-in: the user's name, email and image, and the expiry", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const { body } = await readSession(config, jar);
    expect(body).toEqual({
      user: { name: DEMO_USER.name, email: DEMO_USER.email, image: DEMO_USER.image },
      expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(new Date(body.expires).valueOf()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("the session token is an Auth.js-shaped JWT: name, email, picture, sub, iat, exp, jti", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const token = await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION });
    expect(token).toMatchObject({ name: DEMO_USER.name, email: DEMO_USER.email, picture: DEMO_USER.image, sub: DEMO_USER.id });
    expect(token!.exp! - token!.iat!).toBe(30 * 24 * 3600);
    expect(token!.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("within updateAge a read sends no session cookie (a deliberate difference from Auth.js, which re-seals on every read)", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const { response } = await readSession(config, jar);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
  });

  it("once updateAge has passed, a read re-seals the cookie with a new expiry", async () => {
    const config = testConfig({ session: { updateAge: 60 } });
    const { jar } = await signIn(config);
    const before = await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION });
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    const { response, body } = await readSession(config, jar);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(cookie).toMatch(/; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
    jar.update(response);
    const after = await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION });
    expect(after!.iat).toBeGreaterThanOrEqual(before!.iat! + 61);
    expect(Math.abs(new Date(body.expires).valueOf() / 1000 - after!.exp!)).toBeLessThan(1);
  });

  it("updateAge 0 re-seals on every read", async () => {
    const config = testConfig({ session: { updateAge: 0 } });
    const { jar } = await signIn(config);
    const { response } = await readSession(config, jar);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=ey`))).toBe(true);
  });

  it("a jwt callback that changes the token re-seals at once", async () => {
    let reads = 0;
    const config = testConfig({
      callbacks: {
        jwt: ({ token }) => {
          if (token.iat) token.reads = ++reads; // mutates in place: the change must still be seen
          return token;
        },
      },
    });
    const { jar } = await signIn(config);
    const { response } = await readSession(config, jar);
    jar.update(response);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=ey`))).toBe(true);
    expect((await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION }))!.reads).toBe(1);
  });

  it("a jwt callback returning the token unchanged does not re-seal", async () => {
    const config = testConfig({ callbacks: { jwt: ({ token }) => ({ ...token }) } });
    const { jar } = await signIn(config);
    const { response } = await readSession(config, jar);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
  });

  it("a jwt callback returning null clears the cookie and answers null", async () => {
    let signedIn = false;
    const config = testConfig({
      callbacks: {
        jwt: ({ token }) => {
          if (!signedIn) {
            signedIn = true;
            return token;
          }
          return null;
        },
      },
    });
    const { jar } = await signIn(config);
    const { response, body } = await readSession(config, jar);
    expect(body).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("the session callback shapes the body and the session event fires with the token", async () => {
    const events: unknown[] = [];
    const config = testConfig({
      callbacks: { session: ({ session, token }) => ({ ...session, userId: token.sub }) },
      events: { session: (message) => void events.push(message) },
    });
    const { jar } = await signIn(config);
    const { body } = await readSession(config, jar);
    expect(body.userId).toBe(DEMO_USER.id);
    expect(events).toEqual([{ session: body, token: expect.objectContaining({ sub: DEMO_USER.id }) }]);
  });

  it("a throwing session event does not break the read", async () => {
    const config = testConfig({ events: { session: () => Promise.reject(new Error("audit log down")) } });
    const { jar } = await signIn(config);
    const { body } = await readSession(config, jar);
    expect(body.user.email).toBe(DEMO_USER.email);
  });
});

describe("absolute maxAge (a Date)", () => {
  it("the session expires at that date and is never extended", async () => {
    const end = new Date(Date.now() + 3600_000);
    end.setMilliseconds(0);
    const config = testConfig({ session: { maxAge: end, updateAge: 0 } });
    const { jar, response } = await signIn(config);
    expect(response.headers.getSetCookie().find((c) => c.startsWith(SESSION))).toContain(`Expires=${end.toUTCString()}`);
    vi.useFakeTimers({ now: Date.now() + 600_000, toFake: ["Date"] });
    const read = await readSession(config, jar);
    expect(read.body.expires).toBe(end.toISOString());
    jar.update(read.response);
    const token = await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION });
    expect(token!.exp).toBe(end.valueOf() / 1000);
  });

  it("after that date the session is gone", async () => {
    const end = new Date(Date.now() + 3600_000);
    const config = testConfig({ session: { maxAge: end } });
    const { jar } = await signIn(config);
    vi.useFakeTimers({ now: end.valueOf() + 60_000, toFake: ["Date"] });
    const { body, response } = await readSession(config, jar);
    expect(body).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });
});

describe("POST /session (update)", () => {
  it("passes data to the jwt callback with trigger update and re-seals", async () => {
    const calls: unknown[] = [];
    const config = testConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          calls.push({ trigger, session });
          if (trigger === "update") token.name = (session as { name: string }).name;
          return token;
        },
      },
    });
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postJson("/auth/session", { csrfToken, data: { name: "Ada King" } }, { cookie: jar.header }), config);
    expect(response.status).toBe(200);
    // Auth.js sends no Cache-Control here; Foyer keeps the answer (a session) out of caches as the read does.
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect((await response.json()).user.name).toBe("Ada King");
    expect(calls.at(-1)).toEqual({ trigger: "update", session: { name: "Ada King" } });
    jar.update(response);
    expect((await readSession(config, jar)).body.user.name).toBe("Ada King");
  });

  it("works with a form body too", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postForm("/auth/session", { csrfToken, data: "x" }, { cookie: jar.header }), config);
    expect(response.status).toBe(200);
    expect((await response.json()).user.email).toBe(DEMO_USER.email);
  });

  it("R-SESS-11 data that tries to change sub, id or email changes nothing with the default callbacks", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(
      postJson(
        "/auth/session",
        { csrfToken, data: { sub: "admin", id: "admin", email: "root@evil.com", user: { email: "root@evil.com" } } },
        { cookie: jar.header },
      ),
      config,
    );
    jar.update(response);
    expect((await response.json()).user.email).toBe(DEMO_USER.email);
    const token = await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION });
    expect(token).toMatchObject({ sub: DEMO_USER.id, email: DEMO_USER.email });
  });

  it("without a session: 200 null", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(postJson("/auth/session", { csrfToken, data: {} }, { cookie: jar.header }), config);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("null");
  });
});

describe("hostile session cookies", () => {
  async function withSessionCookie(value: string, name = SESSION) {
    const config = testConfig();
    const response = await Auth(get("/auth/session", { cookie: `${name}=${value}` }), config);
    return { response, body: await response.json() };
  }

  it("R-SESS-02 a sealed check cookie (salt authjs.state), the CSRF cookie or the callback-url value in the session slot → null, cookie deleted", async () => {
    const stateToken = await encode({ token: { value: "x", provider: "github" } as JWT, secret: SECRET, salt: "authjs.state" });
    const { jar } = await csrf(testConfig());
    for (const value of [stateToken, jar.cookies.get("authjs.csrf-token")!, encodeURIComponent(ORIGIN)]) {
      const { response, body } = await withSessionCookie(value);
      expect(body).toBeNull();
      expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    }
  });

  it("R-SESS-02 a token sealed under the session salt but without the user claim (sub) is not a session: null, cookie deleted", async () => {
    for (const claims of [
      { email: "a@b.c", name: "No Subject" },
      { sub: "", email: "a@b.c" },
      { sub: 42, email: "a@b.c" },
    ]) {
      const token = await encode({ token: claims as JWT, secret: SECRET, salt: SESSION });
      const { response, body } = await withSessionCookie(token);
      expect(body).toBeNull();
      expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    }
  });

  it("a jwt callback that drops sub still yields a readable session: Foyer puts the user's id back, on sign-in and on renewal", async () => {
    const config = testConfig({
      session: { updateAge: 0 },
      // An app that builds its own token object, as some Auth.js apps do.
      callbacks: { jwt: ({ token, user }) => ({ email: user?.email ?? token.email, role: "admin" }) },
    });
    const { jar } = await signIn(config);
    expect(await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION })).toMatchObject({ sub: DEMO_USER.id, role: "admin" });
    const first = await readSession(config, jar);
    expect(first.body.user.email).toBe(DEMO_USER.email);
    jar.update(first.response); // re-sealed (updateAge 0) by a callback that dropped sub again
    expect(await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION })).toMatchObject({ sub: DEMO_USER.id });
    expect((await readSession(config, jar)).body.user.email).toBe(DEMO_USER.email);
  });

  it("R-SESS-03 a token sealed for the http cookie name does not open under the __Secure- name", async () => {
    const token = await encode({ token: { sub: "1", email: "a@b.c" }, secret: SECRET, salt: SESSION });
    const response = await Auth(new Request("https://example.com/auth/session", { headers: { cookie: `__Secure-${SESSION}=${token}` } }), testConfig());
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`__Secure-${SESSION}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`);
  });

  it("R-SESS-05 a tampered token → null and deleted", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    const token = jar.get(SESSION)!;
    const parts = token.split(".");
    parts[3] = parts[3]!.slice(0, 10) + (parts[3]![10] === "A" ? "B" : "A") + parts[3]!.slice(11);
    const { body, response } = await withSessionCookie(parts.join("."));
    expect(body).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("R-SESS-06 an expired token (exp beyond the 15 s tolerance) → null and deleted", async () => {
    const config = testConfig();
    const { jar } = await signIn(config);
    vi.useFakeTimers({ now: Date.now() + (30 * 24 * 3600 + 20) * 1000, toFake: ["Date"] });
    const { body, response } = await readSession(config, jar);
    expect(body).toBeNull();
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("R-SESS-07 a token sealed with a secret that was removed → null", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "an-old-secret-that-was-rotated-out-x", salt: SESSION });
    const { body } = await withSessionCookie(token);
    expect(body).toBeNull();
  });

  it("secret rotation: a token sealed with a listed older secret opens and is re-sealed with the first", async () => {
    const old = "old-secret-old-secret-old-secret-old";
    const token = await encode({ token: { sub: "1", email: "a@b.c" }, secret: old, salt: SESSION, maxAge: 3600 });
    const config = testConfig({ secret: [SECRET, old], session: { updateAge: 0 } });
    const response = await Auth(get("/auth/session", { cookie: `${SESSION}=${token}` }), config);
    expect((await response.json()).user.email).toBe("a@b.c");
    const jar = new CookieJar().update(response);
    expect(await decode({ token: jar.get(SESSION), secret: SECRET, salt: SESSION })).toMatchObject({ sub: "1" });
  });

  it("R-SESS-08 a failed decode of chunked cookies deletes every chunk", async () => {
    const cookie = `${SESSION}.0=garbage; ${SESSION}.1=more; ${SESSION}.3=stale`;
    const response = await Auth(get("/auth/session", { cookie }), testConfig());
    expect(await response.json()).toBeNull();
    const deleted = response.headers
      .getSetCookie()
      .filter((c) => c.includes("Max-Age=0"))
      .map((c) => c.split("=")[0]);
    expect(deleted.sort()).toEqual([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.3`]);
  });

  it("R-SESS-08 hundreds of chunk cookies → null, no 500", async () => {
    const cookie = Array.from({ length: 300 }, (_, i) => `${SESSION}.${i}=x`).join("; ");
    const response = await Auth(get("/auth/session", { cookie }), testConfig());
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("R-SESS-12 a large token is chunked at 3936 characters and read back", async () => {
    const warnings: string[] = [];
    const config = testConfig({
      logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} },
      callbacks: { jwt: ({ token, user }) => (user ? { ...token, blob: "x".repeat(8000) } : token) },
    });
    const { jar, response } = await signIn(config);
    const names = response.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toEqual(expect.arrayContaining([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`]));
    for (const c of response.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION}.`))) {
      expect(c.split(";")[0]!.split("=")[1]!.length).toBeLessThanOrEqual(3936);
    }
    expect(warnings).toContain("session-cookie-chunked");
    expect((await readSession(config, jar)).body.user.email).toBe(DEMO_USER.email);
  });
});

describe("chunk amplification: a Cookie header full of fake session-token chunks", () => {
  /** 452 chunk cookies `authjs.session-token.0` … `.451` in about 12 KB, the header the attack sent. */
  const FAKE_CHUNKS = Array.from({ length: 452 }, (_, i) => `${SESSION}.${i}=x`).join("; ");
  const setCookieBytes = (response: Response) => response.headers.getSetCookie().reduce((sum, c) => sum + c.length, 0);
  const deletedNames = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((c) => c.includes("Max-Age=0"))
      .map((c) => c.split("=")[0]);

  it("GET /session answers null with a handful of deletions, not one per fake chunk (Set-Cookie under 2 KB)", async () => {
    expect(FAKE_CHUNKS.length).toBeGreaterThan(12_000);
    const response = await Auth(get("/auth/session", { cookie: FAKE_CHUNKS }), testConfig());
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(deletedNames(response).length).toBeLessThanOrEqual(9);
    expect(setCookieBytes(response)).toBeLessThan(2048);
  });

  it("sign-out with the fake chunks deletes a handful of cookies, not hundreds", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: `${jar.header}; ${FAKE_CHUNKS}` }), config);
    expect(response.status).toBe(302);
    expect(deletedNames(response).length).toBeLessThanOrEqual(9);
    expect(setCookieBytes(response)).toBeLessThan(2048);
  });

  it("signing in over the fake chunks writes a small response, and the new session reads back while the junk is still sent", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(
      postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD }, { cookie: `${jar.header}; ${FAKE_CHUNKS}` }),
      config,
    );
    expect(response.status).toBe(302);
    expect(setCookieBytes(response)).toBeLessThan(4096);
    jar.update(response);
    // The browser keeps sending every fake chunk that was not deleted.
    const kept = FAKE_CHUNKS.split("; ").filter((pair) => !deletedNames(response).includes(pair.split("=")[0]!));
    const read = await Auth(get("/auth/session", { cookie: `${jar.header}; ${kept.join("; ")}` }), config);
    expect((await read.json())?.user?.email).toBe(DEMO_USER.email);
  });

  it("with database sessions the fake chunks cost nothing either: null and at most one deletion", async () => {
    const config = testConfig({ adapter: MemoryAdapter() });
    const response = await Auth(get("/auth/session", { cookie: `${SESSION}=forged; ${FAKE_CHUNKS}` }), config);
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(deletedNames(response).length).toBeLessThanOrEqual(1);
    expect(setCookieBytes(response)).toBeLessThan(2048);
  });

  it("a jwt callback whose token needs more than MAX_CHUNKS cookies fails the sign-in with a logged error, not a session that silently never reads back", async () => {
    const errors: Error[] = [];
    const config = testConfig({
      logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
      callbacks: { jwt: ({ token, user }) => (user ? { ...token, blob: "x".repeat(40_000) } : token) },
    });
    const { response } = await signIn(config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/session token is \d+ characters: more than 8 cookies/)]);
  });

  it("getToken() reads a request over the chunk cap as no session, without throwing", async () => {
    const config = testConfig({ callbacks: { jwt: ({ token, user }) => (user ? { ...token, blob: "b".repeat(8000) } : token) } });
    const { jar } = await signIn(config);
    const real = [...jar.cookies].filter(([name]) => name.startsWith(`${SESSION}.`));
    expect(real.length).toBe(3);
    const padded = `${jar.header}; ${Array.from({ length: 40 }, (_, i) => `${SESSION}.${i + 3}=x`).join("; ")}`;
    const request = get("/auth/session", { cookie: padded });
    expect(await getToken({ req: request, secret: SECRET })).toBeNull();
    expect(await getToken({ req: get("/auth/session", { cookie: jar.header }), secret: SECRET })).toMatchObject({ email: DEMO_USER.email });
  });
});

describe("sign-out", () => {
  it("deletes the session cookie, fires signOut with the token, and redirects to the callback URL", async () => {
    const events: unknown[] = [];
    const config = testConfig({ events: { signOut: (message) => void events.push(message) } });
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken, callbackUrl: "/bye" }, { cookie: jar.header }), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/bye`);
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(events).toEqual([{ token: expect.objectContaining({ sub: DEMO_USER.id }) }]);
    jar.update(response);
    expect((await readSession(config, jar)).body).toBeNull();
  });

  it("deletes every chunk of a chunked session", async () => {
    const config = testConfig({ callbacks: { jwt: ({ token, user }) => (user ? { ...token, blob: "y".repeat(8000) } : token) } });
    const { jar, csrfToken } = await signIn(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
    const deleted = response.headers
      .getSetCookie()
      .filter((c) => c.includes("Max-Age=0"))
      .map((c) => c.split("=")[0]);
    expect(deleted).toEqual(expect.arrayContaining([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`]));
  });

  it("without a session just redirects", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config);
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
  });

  it("with an unreadable session cookie still clears it and fires signOut with token null", async () => {
    const events: unknown[] = [];
    const config = testConfig({ events: { signOut: (m) => void events.push(m) } });
    const { jar, csrfToken } = await csrf(config);
    jar.cookies.set(SESSION, "garbage");
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header }), config);
    expect(response.headers.getSetCookie()).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(events).toEqual([{ token: null }]);
  });
});

describe("seal/unseal hooks and the deprecated jwt option", () => {
  it("session.seal / session.unseal replace the token format", async () => {
    const config = testConfig({
      session: {
        seal: ({ token }) => Buffer.from(JSON.stringify(token)).toString("base64url"),
        unseal: ({ token }) => JSON.parse(Buffer.from(token!, "base64url").toString()),
      },
    });
    const { jar } = await signIn(config);
    expect(JSON.parse(Buffer.from(jar.get(SESSION)!, "base64url").toString())).toMatchObject({ sub: DEMO_USER.id });
    expect((await readSession(config, jar)).body.user.email).toBe(DEMO_USER.email);
  });

  it("jwt.encode / jwt.decode still work, with a deprecation warning", async () => {
    const warnings: string[] = [];
    const config = testConfig({
      logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} },
      jwt: {
        encode: ({ token }) => `v1.${Buffer.from(JSON.stringify(token)).toString("base64url")}`,
        decode: ({ token }) => JSON.parse(Buffer.from(token!.slice(3), "base64url").toString()),
      },
    });
    const { jar } = await signIn(config);
    expect(jar.get(SESSION)!.startsWith("v1.")).toBe(true);
    expect((await readSession(config, jar)).body.user.email).toBe(DEMO_USER.email);
    expect(warnings).toContain("jwt-option-deprecated");
  });

  it("an unseal that returns null ends the session", async () => {
    const config = testConfig({ session: { unseal: () => null } });
    const { jar } = await signIn(config);
    expect((await readSession(config, jar)).body).toBeNull();
  });
});
