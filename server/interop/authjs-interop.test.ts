/**
 * Differential tests: Foyer's `Auth()` and `@auth/core`'s `Auth()` side by side, with the same requests and equivalent
 * configs: statuses, `Location`, `Set-Cookie` names and attributes, and JSON bodies must match.
 * Every case builds fresh config objects (upstream keeps its "has an e-mail provider"
 * assertion flags at module level and never resets them, so one config would leak into the next).
 */
import { describe, expect, it } from "vitest";
import { Auth as AuthJs } from "@auth/core";
import AuthJsCredentials from "@auth/core/providers/credentials";
import { encode as authjsEncode, decode as authjsDecode } from "@auth/core/jwt";
import { Auth as FoyerAuth } from "../index.js";
import FoyerCredentials from "../providers/credentials.js";
import { encode as foyerEncode, decode as foyerDecode } from "../jwt/index.js";

const ORIGIN = "http://localhost:3000";
const HTTPS_ORIGIN = "https://example.com";
const SECRET_A = "interop-secret-A-0123456789abcdef0123456789ab";
const SECRET_B = "interop-secret-B-fedcba9876543210fedcba987654";
const SESSION = "authjs.session-token";

type Side = "foyer" | "authjs";
type Secret = string | string[];

interface Options {
  secret?: Secret;
  /** Adds ~8 KB to the token on sign-in, so the session cookie is chunked. */
  big?: boolean;
  session?: Record<string, unknown>;
}

const USER = { id: "user-1", name: "Ada Lovelace", email: "ada@example.com", image: "https://img.example.com/ada.png" };
const BLOB = "0123456789abcdef".repeat(512); // 8 KB

function authorize(credentials: Partial<Record<string, unknown>>) {
  return credentials.username === "ada" && credentials.password === "correct horse" ? { ...USER } : null;
}

const credentialFields = { username: { label: "Username" }, password: { label: "Password", type: "password" } };

function callbacks(big: boolean | undefined) {
  return {
    jwt({ token, user }: { token: Record<string, unknown>; user?: unknown }) {
      return big && user ? { ...token, blob: BLOB } : token;
    },
    session({ session, token }: { session: Record<string, unknown>; token: Record<string, unknown> }) {
      return { ...session, sub: token.sub, blobLength: typeof token.blob === "string" ? token.blob.length : 0 };
    },
  };
}

const silent = { error() {}, warn() {}, debug() {} };

/** A fresh config object for either implementation. */
function config(side: Side, options: Options = {}) {
  const secret = options.secret ?? SECRET_A;
  const base = {
    secret,
    trustHost: true,
    callbacks: callbacks(options.big),
    ...(options.session ? { session: options.session } : {}),
  };
  if (side === "foyer") {
    return { ...base, logger: silent, providers: [FoyerCredentials({ credentials: credentialFields, authorize })] };
  }
  return { ...base, logger: silent, providers: [AuthJsCredentials({ credentials: credentialFields, authorize: authorize as never })] };
}

function call(side: Side, request: Request, options: Options = {}): Promise<Response> {
  const cfg = config(side, options);
  return side === "foyer" ? (FoyerAuth(request, cfg as never) as Promise<Response>) : (AuthJs(request, cfg as never) as Promise<Response>);
}

interface SetCookie {
  name: string;
  value: string;
  attributes: string;
}

function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split("; ");
    const eq = pair!.indexOf("=");
    return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attributes: attrs.join("; ") };
  });
}

/** Set-Cookie lines with values and dates blanked: what must be identical between the two. */
function shape(response: Response): string[] {
  return response.headers.getSetCookie().map((line) =>
    line
      .split("; ")
      .map((part, i) => {
        if (i === 0) return part.replace(/=.*$/s, (v) => (v === "=" ? "=" : "=<value>"));
        if (part.startsWith("Expires=")) return "Expires=<date>";
        return part;
      })
      .join("; "),
  );
}

function cookieHeader(cookies: SetCookie[]): string {
  return cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; ");
}

const sessionCookies = (response: Response) => setCookies(response).filter((c) => c.name.includes("session-token") && c.value !== "");

function get(path: string, cookie?: string, origin = ORIGIN): Request {
  return new Request(`${origin}${path}`, { headers: cookie ? { cookie } : {} });
}

function post(path: string, fields: Record<string, string>, cookie?: string, origin = ORIGIN): Request {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(`${origin}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** GET /csrf on one side: the token and the CSRF cookie. */
async function csrf(side: Side, options: Options = {}, origin = ORIGIN) {
  const response = await call(side, get("/auth/csrf", undefined, origin), options);
  expect(response.status).toBe(200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = setCookies(response).find((c) => c.name.endsWith("authjs.csrf-token"));
  expect(cookie).toBeDefined();
  return { csrfToken, cookie: cookie!, response };
}

/** A full credentials sign-in on one side; returns the sign-in response and its session cookies. */
async function signIn(side: Side, options: Options = {}, password = "correct horse") {
  const { csrfToken, cookie } = await csrf(side, options);
  const response = await call(side, post("/auth/callback/credentials", { csrfToken, username: "ada", password }, cookieHeader([cookie])), options);
  return { response, session: sessionCookies(response), csrfCookie: cookie };
}

async function readSession(side: Side, cookies: SetCookie[], options: Options = {}) {
  const response = await call(side, get("/auth/session", cookieHeader(cookies)), options);
  expect(response.status).toBe(200);
  return { response, body: (await response.json()) as Record<string, unknown> | null };
}

const expectedUser = { name: USER.name, email: USER.email, image: USER.image };

describe("(a) session cookies cross over", () => {
  it("a session cookie made by @auth/core's credentials sign-in is accepted by Foyer's GET /auth/session", async () => {
    const { response, session } = await signIn("authjs");
    expect(response.status).toBe(302);
    expect(session.map((c) => c.name)).toEqual([SESSION]);
    const foyer = await readSession("foyer", session);
    const upstream = await readSession("authjs", session);
    expect(foyer.body).toMatchObject({ user: expectedUser, sub: USER.id });
    expect(foyer.body!.user).toEqual(upstream.body!.user);
    expect(foyer.body!.sub).toBe(upstream.body!.sub);
    expect(typeof foyer.body!.expires).toBe("string");
  });

  it("a session cookie made by Foyer's credentials sign-in is accepted by @auth/core", async () => {
    const { response, session } = await signIn("foyer");
    expect(response.status).toBe(302);
    expect(session.map((c) => c.name)).toEqual([SESSION]);
    const upstream = await readSession("authjs", session);
    const foyer = await readSession("foyer", session);
    expect(upstream.body).toMatchObject({ user: expectedUser, sub: USER.id });
    expect(upstream.body!.user).toEqual(foyer.body!.user);
    // Auth.js re-seals on every read; the cookie it writes back opens in Foyer too.
    const resealed = sessionCookies(upstream.response);
    expect(resealed.map((c) => c.name)).toEqual([SESSION]);
    expect((await readSession("foyer", resealed)).body).toMatchObject({ user: expectedUser });
  });

  it("the same cookie under a https origin uses the __Secure- name on both sides, and crosses over", async () => {
    for (const [from, to] of [
      ["authjs", "foyer"],
      ["foyer", "authjs"],
    ] as const) {
      const { csrfToken, cookie } = await csrf(from, {}, HTTPS_ORIGIN);
      expect(cookie.name).toBe("__Host-authjs.csrf-token");
      const response = await call(
        from,
        post("/auth/callback/credentials", { csrfToken, username: "ada", password: "correct horse" }, cookieHeader([cookie]), HTTPS_ORIGIN),
      );
      const session = sessionCookies(response);
      expect(session.map((c) => c.name)).toEqual([`__Secure-${SESSION}`]);
      const read = await call(to, get("/auth/session", cookieHeader(session), HTTPS_ORIGIN));
      expect(await read.json()).toMatchObject({ user: expectedUser });
      // The plain (http) name carrying that token is a different salt: no session.
      const wrongName = await call(to, get("/auth/session", `${SESSION}=${session[0]!.value}`, HTTPS_ORIGIN));
      expect(await wrongName.json()).toBeNull();
    }
  });

  it("tokens: Foyer's encode ↔ @auth/core's decode and the reverse", async () => {
    const foyerToken = await foyerEncode({ token: { sub: "1", name: "x" }, secret: SECRET_A, salt: SESSION });
    expect(await authjsDecode({ token: foyerToken, secret: SECRET_A, salt: SESSION })).toMatchObject({ sub: "1", name: "x" });
    const upstreamToken = await authjsEncode({ token: { sub: "2", name: "y" }, secret: SECRET_A, salt: SESSION });
    expect(await foyerDecode({ token: upstreamToken, secret: SECRET_A, salt: SESSION })).toMatchObject({ sub: "2", name: "y" });
    // Identical protected headers (deterministic kid).
    expect(foyerToken.split(".")[0]).toBe(upstreamToken.split(".")[0]);
  });
});

describe("(b) secret orders and rotation", () => {
  const cases: [string, Side, Secret, Side, Secret][] = [
    ["@auth/core [A, B] → Foyer [B, A]", "authjs", [SECRET_A, SECRET_B], "foyer", [SECRET_B, SECRET_A]],
    ["Foyer [A, B] → @auth/core [B, A]", "foyer", [SECRET_A, SECRET_B], "authjs", [SECRET_B, SECRET_A]],
    ["rotation: @auth/core seals with A → Foyer [B, A] (sealing secret second)", "authjs", SECRET_A, "foyer", [SECRET_B, SECRET_A]],
    ["rotation: Foyer seals with A → @auth/core [B, A] (sealing secret second)", "foyer", SECRET_A, "authjs", [SECRET_B, SECRET_A]],
    ["rotation: @auth/core [B, A] → Foyer A", "authjs", [SECRET_B, SECRET_A], "foyer", [SECRET_A, "unused-secret-000000000000000000000"]],
  ];
  for (const [label, from, fromSecret, to, toSecret] of cases) {
    it(label, async () => {
      const { session } = await signIn(from, { secret: fromSecret });
      expect(session).toHaveLength(1);
      const read = await readSession(to, session, { secret: toSecret });
      // The [B, A] → [A, …] case: sealed by B, which the reader does not list → no session.
      const sealer = Array.isArray(fromSecret) ? fromSecret[0] : fromSecret;
      const readerHas = (Array.isArray(toSecret) ? toSecret : [toSecret]).includes(sealer!);
      if (readerHas) expect(read.body).toMatchObject({ user: expectedUser, sub: USER.id });
      else expect(read.body).toBeNull();
    });
  }

  it("R-SESS-07 a token sealed by a secret the reader does not list → null on both, cookie deleted", async () => {
    const { session } = await signIn("authjs", { secret: SECRET_B });
    for (const side of ["foyer", "authjs"] as const) {
      const read = await readSession(side, session, { secret: SECRET_A });
      expect(read.body).toBeNull();
      const deletion = setCookies(read.response).find((c) => c.name === SESSION);
      expect(deletion).toMatchObject({ value: "" });
      expect(deletion!.attributes).toContain("Max-Age=0");
    }
  });
});

describe("(c) chunked and unchunked cookies", () => {
  it("a chunked cookie (~8 KB jwt callback data) from @auth/core is read by Foyer, and the reverse", async () => {
    const upstream = await signIn("authjs", { big: true });
    const foyer = await signIn("foyer", { big: true });
    // Both chunk identically: .0 .1 .2 with full 3936-character leading chunks.
    for (const { session } of [upstream, foyer]) {
      expect(session.map((c) => c.name)).toEqual([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`]);
      expect(session[0]!.value.length).toBe(3936);
      expect(session[1]!.value.length).toBe(3936);
    }
    expect(shape(upstream.response)).toEqual(shape(foyer.response));

    const byFoyer = await readSession("foyer", upstream.session, { big: true });
    expect(byFoyer.body).toMatchObject({ user: expectedUser, sub: USER.id, blobLength: BLOB.length });
    const byAuthJs = await readSession("authjs", foyer.session, { big: true });
    expect(byAuthJs.body).toMatchObject({ user: expectedUser, sub: USER.id, blobLength: BLOB.length });
  });

  it("chunks in reverse order in the Cookie header still reassemble on both sides", async () => {
    const { session } = await signIn("authjs", { big: true });
    const reversed = [...session].reverse();
    for (const side of ["foyer", "authjs"] as const) {
      expect((await readSession(side, reversed, { big: true })).body).toMatchObject({ blobLength: BLOB.length });
    }
  });

  it("an unchunked cookie from either side is read by the other (no data added)", async () => {
    const upstream = await signIn("authjs");
    const foyer = await signIn("foyer");
    expect(upstream.session.map((c) => c.name)).toEqual([SESSION]);
    expect(foyer.session.map((c) => c.name)).toEqual([SESSION]);
    expect((await readSession("foyer", upstream.session)).body).toMatchObject({ user: expectedUser, blobLength: 0 });
    expect((await readSession("authjs", foyer.session)).body).toMatchObject({ user: expectedUser, blobLength: 0 });
  });

  it("R-SESS-08 a chunked cookie with its middle chunk missing → null and all chunks deleted, on both sides", async () => {
    const { session } = await signIn("foyer", { big: true });
    const broken = [session[0]!, session[2]!];
    for (const side of ["foyer", "authjs"] as const) {
      const read = await readSession(side, broken, { big: true });
      expect(read.body).toBeNull();
      const deleted = setCookies(read.response).filter((c) => c.name.startsWith(SESSION) && c.value === "" && c.attributes.includes("Max-Age=0"));
      expect(deleted.map((c) => c.name).sort()).toEqual([`${SESSION}.0`, `${SESSION}.2`]);
    }
  });
});

describe("(d) CSRF cookies cross over", () => {
  for (const [from, to] of [
    ["authjs", "foyer"],
    ["foyer", "authjs"],
  ] as const) {
    it(`a CSRF cookie from ${from} validates POST /auth/signout on ${to}`, async () => {
      const { csrfToken, cookie } = await csrf(from);
      expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
      expect(cookie.value).toMatch(/^[0-9a-f]{64}\|[0-9a-f]{64}$/);
      const response = await call(to, post("/auth/signout", { csrfToken }, cookieHeader([cookie])));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(ORIGIN);
      expect(response.headers.get("location")).not.toContain("MissingCSRF");
      // The cookie verified: no new CSRF cookie is issued.
      expect(setCookies(response).some((c) => c.name === "authjs.csrf-token")).toBe(false);
    });

    it(`a CSRF cookie from ${from} validates POST /auth/callback/credentials on ${to}`, async () => {
      const { csrfToken, cookie } = await csrf(from);
      const response = await call(to, post("/auth/callback/credentials", { csrfToken, username: "ada", password: "correct horse" }, cookieHeader([cookie])));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(ORIGIN);
      expect(sessionCookies(response).map((c) => c.name)).toEqual([SESSION]);
    });

    it(`a CSRF cookie from ${from} with secret [A, B] validates on ${to} with [A, B] but not [B, A] (comma-joined hash)`, async () => {
      const { csrfToken, cookie } = await csrf(from, { secret: [SECRET_A, SECRET_B] });
      const ok = await call(to, post("/auth/signout", { csrfToken }, cookieHeader([cookie])), { secret: [SECRET_A, SECRET_B] });
      expect(ok.headers.get("location")).toBe(ORIGIN);
      const bad = await call(to, post("/auth/signout", { csrfToken }, cookieHeader([cookie])), { secret: [SECRET_B, SECRET_A] });
      expect(bad.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    });
  }

  it("R-REQ-03 a CSRF cookie with a wrong hash: both sides mint a new cookie and reject the POST", async () => {
    const { csrfToken } = await csrf("foyer");
    const forged = { name: "authjs.csrf-token", value: `${csrfToken}|${"0".repeat(64)}`, attributes: "" };
    const shapes: string[][] = [];
    for (const side of ["foyer", "authjs"] as const) {
      const response = await call(side, post("/auth/signout", { csrfToken }, cookieHeader([forged])));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
      shapes.push(shape(response));
    }
    // The error path answers without cookies on both sides (docs/compatibility.md#quirks-kept-on-purpose).
    expect(shapes[0]).toEqual(shapes[1]);
  });

  it("R-REQ-03 a token copied from another browser (valid cookie, other token) → MissingCSRF on both", async () => {
    const mine = await csrf("authjs");
    const theirs = await csrf("authjs");
    for (const side of ["foyer", "authjs"] as const) {
      const response = await call(side, post("/auth/signout", { csrfToken: theirs.csrfToken }, cookieHeader([mine.cookie])));
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    }
  });

  it("a CSRF cookie from another secret is replaced on GET /csrf by both", async () => {
    const { cookie } = await csrf("authjs", { secret: SECRET_B });
    for (const side of ["foyer", "authjs"] as const) {
      const response = await call(side, get("/auth/csrf", cookieHeader([cookie])));
      const reissued = setCookies(response).find((c) => c.name === "authjs.csrf-token");
      expect(reissued).toBeDefined();
      expect(reissued!.value).not.toBe(cookie.value);
    }
  });
});

describe("(e) identical wire shapes", () => {
  it("GET /auth/csrf without cookies: same status, headers, Set-Cookie names and attributes", async () => {
    const [foyer, upstream] = await Promise.all([call("foyer", get("/auth/csrf")), call("authjs", get("/auth/csrf"))]);
    expect(foyer.status).toBe(upstream.status);
    expect(shape(foyer)).toEqual(shape(upstream));
    expect(shape(foyer)).toEqual(["authjs.csrf-token=<value>; Path=/; HttpOnly; SameSite=Lax", "authjs.callback-url=<value>; Path=/; HttpOnly; SameSite=Lax"]);
    for (const header of ["content-type", "cache-control", "expires", "pragma"]) {
      expect(foyer.headers.get(header)).toBe(upstream.headers.get(header));
    }
    expect(Object.keys((await foyer.json()) as object)).toEqual(Object.keys((await upstream.json()) as object));
    expect(setCookies(foyer)[1]!.value).toBe(setCookies(upstream)[1]!.value); // callback-url = origin
  });

  it("GET /auth/csrf over https: same __Host-/__Secure- names and Secure attribute", async () => {
    const [foyer, upstream] = await Promise.all([
      call("foyer", get("/auth/csrf", undefined, HTTPS_ORIGIN)),
      call("authjs", get("/auth/csrf", undefined, HTTPS_ORIGIN)),
    ]);
    expect(shape(foyer)).toEqual(shape(upstream));
    expect(shape(foyer)[0]).toBe("__Host-authjs.csrf-token=<value>; Path=/; HttpOnly; Secure; SameSite=Lax");
  });

  it("GET /auth/session without cookies: body null, same Set-Cookie names and attributes", async () => {
    const [foyer, upstream] = await Promise.all([call("foyer", get("/auth/session")), call("authjs", get("/auth/session"))]);
    expect(foyer.status).toBe(200);
    expect(upstream.status).toBe(200);
    expect(await foyer.text()).toBe(await upstream.text());
    expect(shape(foyer)).toEqual(shape(upstream));
    expect(shape(foyer).map((l) => l.split("=")[0])).toEqual(["authjs.csrf-token", "authjs.callback-url"]);
    expect(foyer.headers.get("cache-control")).toBe(upstream.headers.get("cache-control"));
  });

  it("credentials sign-in: same status, Location, Set-Cookie names and attributes", async () => {
    const foyer = await signIn("foyer");
    const upstream = await signIn("authjs");
    expect(foyer.response.status).toBe(upstream.response.status);
    expect(foyer.response.headers.get("location")).toBe(upstream.response.headers.get("location"));
    expect(shape(foyer.response)).toEqual(shape(upstream.response));
    expect(shape(foyer.response)).toContain(`${SESSION}=<value>; Path=/; Expires=<date>; HttpOnly; SameSite=Lax`);
  });

  it("credentials sign-in replacing a chunked cookie with a small one: same deletions on both", async () => {
    const big = await signIn("authjs", { big: true });
    const results: string[][] = [];
    for (const side of ["foyer", "authjs"] as const) {
      const { csrfToken, cookie } = await csrf(side);
      const response = await call(
        side,
        post("/auth/callback/credentials", { csrfToken, username: "ada", password: "correct horse" }, cookieHeader([cookie, ...big.session])),
      );
      results.push(shape(response));
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]).toEqual(
      expect.arrayContaining([
        `${SESSION}.0=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
        `${SESSION}.1=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
        `${SESSION}.2=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
        `${SESSION}=<value>; Path=/; Expires=<date>; HttpOnly; SameSite=Lax`,
      ]),
    );
  });

  it("POST /auth/signout with a session: same Location and cookie deletions", async () => {
    const { session } = await signIn("authjs");
    const results: { location: string | null; shape: string[] }[] = [];
    for (const side of ["foyer", "authjs"] as const) {
      const { csrfToken, cookie } = await csrf(side);
      const response = await call(side, post("/auth/signout", { csrfToken }, cookieHeader([cookie, ...session])));
      results.push({ location: response.headers.get("location"), shape: shape(response) });
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]!.shape).toContain(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  const errorCases: [string, () => Request, number, string | null][] = [
    ["unknown action → 400", () => get("/auth/unknown"), 400, null],
    ["GET /auth/session/x → 400", () => get("/auth/session/x"), 400, null],
    ["PUT → 400", () => new Request(`${ORIGIN}/auth/session`, { method: "PUT" }), 400, null],
    ["POST /auth/csrf → Configuration redirect", () => post("/auth/csrf", {}), 302, `${ORIGIN}/auth/error?error=Configuration`],
    [
      "POST /auth/signin/nope (unknown provider) → Configuration redirect",
      () => post("/auth/signin/nope", {}),
      302,
      `${ORIGIN}/auth/error?error=Configuration`,
    ],
    [
      "bad CSRF on the credentials callback → MissingCSRF redirect",
      () => post("/auth/callback/credentials", { csrfToken: "nope", username: "ada", password: "correct horse" }),
      302,
      `${ORIGIN}/auth/signin?error=MissingCSRF`,
    ],
    ["POST /auth/signout without CSRF → MissingCSRF redirect", () => post("/auth/signout", {}), 302, `${ORIGIN}/auth/signin?error=MissingCSRF`],
    ["POST /auth/session without CSRF → 400", () => post("/auth/session", {}), 400, null],
  ];
  for (const [label, make, status, location] of errorCases) {
    it(`error mapping: ${label}`, async () => {
      const [foyer, upstream] = await Promise.all([call("foyer", make()), call("authjs", make())]);
      expect(upstream.status).toBe(status);
      expect(foyer.status).toBe(upstream.status);
      expect(foyer.headers.get("location")).toBe(upstream.headers.get("location"));
      expect(foyer.headers.get("location")).toBe(location);
      if (status === 400) expect(await foyer.text()).toBe(await upstream.text());
      if (status === 302) expect(shape(foyer)).toEqual(shape(upstream));
    });
  }

  it("error mapping: wrong password → CredentialsSignin&code=credentials, no session cookie, on both", async () => {
    const foyer = await signIn("foyer", {}, "wrong");
    const upstream = await signIn("authjs", {}, "wrong");
    expect(foyer.response.status).toBe(302);
    expect(foyer.response.status).toBe(upstream.response.status);
    expect(foyer.response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(foyer.response.headers.get("location")).toBe(upstream.response.headers.get("location"));
    expect(foyer.session).toEqual([]);
    expect(upstream.session).toEqual([]);
    expect(shape(foyer.response)).toEqual(shape(upstream.response));
  });
});

describe("deliberate deviation: session reads within updateAge (docs/compatibility.md#sessions-and-tokens)", () => {
  it("Auth.js re-sends the session cookie on a plain read; Foyer does not, and the session is the same", async () => {
    const { session } = await signIn("foyer");
    const upstream = await readSession("authjs", session);
    const foyer = await readSession("foyer", session);
    expect(sessionCookies(upstream.response).map((c) => c.name)).toEqual([SESSION]);
    expect(setCookies(foyer.response).filter((c) => c.name.startsWith(SESSION))).toEqual([]);
    expect(foyer.body!.user).toEqual(upstream.body!.user);
    // Foyer reports the expiry of the cookie the browser holds; Auth.js the new one. Both are ISO dates.
    expect(new Date(foyer.body!.expires as string).toISOString()).toBe(foyer.body!.expires);
    expect(new Date(upstream.body!.expires as string).toISOString()).toBe(upstream.body!.expires);
  });

  it("with updateAge: 0 Foyer re-seals on every read, like Auth.js, with the same cookie shape", async () => {
    const { session } = await signIn("authjs");
    const upstream = await readSession("authjs", session, { session: { updateAge: 0 } });
    const foyer = await readSession("foyer", session, { session: { updateAge: 0 } });
    expect(shape(foyer.response).filter((l) => l.startsWith(SESSION))).toEqual(shape(upstream.response).filter((l) => l.startsWith(SESSION)));
    expect(sessionCookies(foyer.response).map((c) => c.name)).toEqual([SESSION]);
    // The re-sealed Foyer cookie opens in Auth.js.
    expect((await readSession("authjs", sessionCookies(foyer.response))).body).toMatchObject({ user: expectedUser });
  });
});
