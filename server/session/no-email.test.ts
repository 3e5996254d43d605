/**
 * Users without an e-mail address (X, GitHub or Discord accounts with a hidden address, a credentials
 * user whose `authorize` returns none): the address is absent everywhere — never `""` in an adapter
 * call, never a `getUserByEmail` without an address — so a second such user signs in like the first
 * even where the `email` column is unique. Black-box through `Auth()` with a real OpenID Provider
 * (server/oauth/test-idp.ts) and Foyer's own adapters; the `GET /session` answers are compared with
 * `@auth/core`'s for the same sign-ins on the same kind of adapter.
 */
import { Auth as AuthJs } from "@auth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import PostgresAdapter from "../adapters/postgres.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import { acquirePostgres } from "../adapters/test/postgres-harness.js";
import { reportPostgresMissing } from "../adapters/test/postgres-missing.js";
import type { Adapter } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { startTestIdp, type TestIdp } from "../oauth/test-idp.js";
import Credentials from "../providers/credentials.js";
import Passkey from "../providers/passkey.js";
import { OIDC } from "../providers/oauth.js";
import { CookieJar, ORIGIN, SECRET, get, postForm } from "../testing/harness.js";
import { PASSKEY_ORIGIN, fetchOptions, registerPasskey, sessionOf, signInWithPasskey } from "../testing/passkey-flow.js";
import { SoftAuthenticator, type SoftCreationOptions } from "../testing/soft-authenticator.js";
import type { AuthConfig } from "../types.js";

type Handler = (request: Request) => Promise<Response>;
type Strategy = "database" | "jwt";

const silent = { error() {}, warn() {}, debug() {} };
const CLIENT = { client_id: "no-email-rp", client_secret: "no-email-secret" };

/**
 * The IdP's accounts: "hidden-…" have no address at all, "null-…" say `email: null` (as GitHub's API
 * does), "empty-…" say `email: ""` (Foyer: no address; Auth.js would store "", docs/compatibility.md).
 */
function claimsOf(sub: string): Record<string, unknown> | undefined {
  if (sub.startsWith("hidden-")) return { email: undefined, email_verified: undefined };
  if (sub.startsWith("null-")) return { email: null, email_verified: undefined };
  if (sub.startsWith("empty-")) return { email: "", email_verified: undefined };
  return undefined;
}

const postgres = await acquirePostgres();
const closers: (() => Promise<void>)[] = [];
let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp({ clients: [{ ...CLIENT, redirect_uris: [`${ORIGIN}/auth/callback/idp`] }], claims: claimsOf });
});
afterAll(async () => {
  await idp?.close();
  for (const close of closers) await close();
  if (postgres.ok) await postgres.server.stop();
});

/** Every adapter call, with its arguments, in order. */
interface Recorded {
  adapter: Adapter;
  calls: { method: string; args: unknown[] }[];
}

function recording(inner: Adapter): Recorded {
  const calls: Recorded["calls"] = [];
  const adapter = new Proxy(inner, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || typeof key !== "string") return value;
      return (...args: unknown[]) => {
        calls.push({ method: key, args });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { adapter, calls };
}

/** The e-mail addresses the core handed the adapter for users: `createUser`, `updateUser`, `createUserWithAccount`. */
function userEmailsPassed(calls: Recorded["calls"]): unknown[] {
  const out: unknown[] = [];
  for (const { method, args } of calls) {
    const input = args[0] as Record<string, unknown> | undefined;
    if (method === "createUser" || method === "updateUser") {
      if (input && "email" in input) out.push(input.email);
    }
    if (method === "createUserWithAccount") {
      const user = input?.user as Record<string, unknown> | undefined;
      if (user && "email" in user) out.push(user.email);
    }
  }
  return out;
}

const kinds: [string, () => Promise<Adapter>][] = [
  ["memory", async () => MemoryAdapter()],
  [
    "SQLite",
    async () => {
      const adapter = SQLiteAdapter({ url: ":memory:" });
      closers.push(() => adapter.close());
      return adapter;
    },
  ],
];
if (postgres.ok) {
  const server = postgres.server;
  kinds.push([
    "PostgreSQL",
    async () => {
      const adapter = PostgresAdapter({ connectionString: (await server.createSchema()).url });
      closers.push(() => adapter.close());
      return adapter;
    },
  ]);
} else {
  reportPostgresMissing("PostgreSQL users without e-mail", postgres.reason);
}

function foyerConfig(adapter: Adapter | undefined, strategy: Strategy): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: silent,
    ...(adapter ? { adapter } : {}),
    session: { strategy },
    providers: [OIDC({ id: "idp", name: "IdP", issuer: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, idToken: false })],
  };
}

/** The same configuration for `@auth/core` (its OIDC provider shape, `basePath` spelled out). */
function authJsConfig(adapter: Adapter | undefined, strategy: Strategy): Record<string, unknown> {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: silent,
    ...(adapter ? { adapter } : {}),
    session: { strategy },
    providers: [{ id: "idp", name: "IdP", type: "oidc", issuer: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, idToken: false }],
  };
}

const foyer =
  (config: AuthConfig): Handler =>
  (request) =>
    Auth(request, config);
const authJs =
  (config: Record<string, unknown>): Handler =>
  (request) =>
    AuthJs(request, config as never) as Promise<Response>;

/** A browser signing in at the IdP as `login`: CSRF, `POST /signin/idp`, the IdP's pages, the callback. */
async function oauthSignIn(handler: Handler, login: string): Promise<{ jar: CookieJar; response: Response }> {
  const jar = new CookieJar();
  const csrf = await handler(get("/auth/csrf"));
  jar.update(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const start = await handler(postForm("/auth/signin/idp", { csrfToken, callbackUrl: ORIGIN }, { cookie: jar.header }));
  jar.update(start);
  const callback = await idp.completeLogin(start.headers.get("location")!, { login });
  const response = await handler(new Request(callback, { headers: { cookie: jar.header } }));
  jar.update(response);
  return { jar, response };
}

/** `GET /session` for the jar, without `expires` (the two sign-ins happen at different moments). */
async function sessionJson(handler: Handler, jar: CookieJar): Promise<unknown> {
  const body = (await (await handler(get("/auth/session", { cookie: jar.header }))).json()) as Record<string, unknown> | null;
  if (!body) return body;
  const { expires, ...rest } = body;
  expect(typeof expires).toBe("string");
  return rest;
}

let run = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++run}`;

describe.each(kinds)("%s adapter: OAuth users without an e-mail address", (_name, make) => {
  describe.each(["database", "jwt"] as const)("%s sessions", (strategy) => {
    it("such users all sign in as new users, stored with no address; no adapter call sees an empty one", async () => {
      const { adapter, calls } = recording(await make());
      const config = foyerConfig(adapter, strategy);
      const logins = [unique("hidden"), unique("null"), unique("empty")];
      const users = [];
      for (const login of logins) {
        const { response } = await oauthSignIn(foyer(config), login);
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe(ORIGIN);
        const user = await adapter.getUserByAccount!({ provider: "idp", providerAccountId: login });
        expect(user).not.toBeNull();
        expect(user!.email ?? null).toBeNull();
        users.push(user!);
      }
      expect(new Set(users.map((user) => user.id)).size).toBe(logins.length);
      expect(userEmailsPassed(calls)).not.toContain("");
      expect(userEmailsPassed(calls).every((email) => email === undefined || email === null)).toBe(true);
      // An address is looked up only when there is one.
      for (const call of calls.filter((c) => c.method === "getUserByEmail")) expect(call.args[0]).toBeTruthy();
    });

    it("GET /session answers as @auth/core's does for the same users on the same kind of adapter", async () => {
      const foyerHandler = foyer(foyerConfig(await make(), strategy));
      const authJsHandler = authJs(authJsConfig(await make(), strategy));
      for (const prefix of ["hidden", "null"]) {
        const login = unique(prefix);
        const ours = await oauthSignIn(foyerHandler, login);
        const theirs = await oauthSignIn(authJsHandler, login);
        expect(theirs.response.headers.get("location")).toBe(ORIGIN);
        const expected = await sessionJson(authJsHandler, theirs.jar);
        expect(expected).toMatchObject({ user: { name: `User ${login}` } });
        expect(await sessionJson(foyerHandler, ours.jar)).toEqual(expected);
      }
    });
  });
});

describe("no adapter (cookie sessions): a profile without an address", () => {
  it.each(["hidden", "null"])("%s: GET /session answers as @auth/core's does (no `email` key)", async (prefix) => {
    const foyerHandler = foyer(foyerConfig(undefined, "jwt"));
    const authJsHandler = authJs(authJsConfig(undefined, "jwt"));
    const login = unique(prefix);
    const ours = await oauthSignIn(foyerHandler, login);
    const theirs = await oauthSignIn(authJsHandler, login);
    const expected = (await sessionJson(authJsHandler, theirs.jar)) as { user: Record<string, unknown> };
    expect(expected.user).not.toHaveProperty("email");
    expect(await sessionJson(foyerHandler, ours.jar)).toEqual(expected);
  });
});

describe.each(kinds)("%s adapter: credentials users without an e-mail address (database sessions)", (_name, make) => {
  it("two such users are stored with no address; no adapter call sees an empty one", async () => {
    const { adapter, calls } = recording(await make());
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger: silent,
      adapter,
      session: { strategy: "database" },
      providers: [
        Credentials({
          credentials: { username: { label: "Username" } },
          authorize: (credentials) => ({ id: String(credentials.username), name: String(credentials.username) }),
        }),
      ],
    };
    for (const username of [unique("cred"), unique("cred")]) {
      const jar = new CookieJar();
      const csrf = await Auth(get("/auth/csrf"), config);
      jar.update(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const response = await Auth(postForm("/auth/callback/credentials", { csrfToken, username }, { cookie: jar.header }), config);
      jar.update(response);
      expect(response.headers.get("location")).toBe(ORIGIN);
      const session = (await (await Auth(get("/auth/session", { cookie: jar.header }), config)).json()) as { user: Record<string, unknown> };
      expect(session.user).toMatchObject({ name: username, email: null });
      expect((await adapter.getUser!(username))!.email ?? null).toBeNull();
    }
    expect(userEmailsPassed(calls)).not.toContain("");
    expect(calls.filter((c) => c.method === "getUserByEmail")).toEqual([]);
  });
});

describe("a signed-in OAuth user without an e-mail address adds a passkey", () => {
  it("the options name the passkey after the user; it signs them in again, still without an address", async () => {
    const adapter = MemoryAdapter();
    const config = foyerConfig(adapter, "database");
    config.providers = [...config.providers, Passkey()];
    const login = unique("hidden");
    const { jar } = await oauthSignIn(foyer(config), login);
    const user = (await adapter.getUserByAccount!({ provider: "idp", providerAccountId: login }))!;

    const { body } = await fetchOptions<SoftCreationOptions>(config, "passkey", { action: "register" }, jar);
    expect(body.options.user).toMatchObject({ name: `User ${login}`, displayName: `User ${login}` });
    const browser = { jar, authenticator: new SoftAuthenticator({ origin: PASSKEY_ORIGIN }) };
    expect((await registerPasskey(config, browser)).headers.get("location")).toBe(ORIGIN);
    expect(await adapter.listAuthenticatorsByUserId!(user.id)).toHaveLength(1);

    const fresh = { jar: new CookieJar(), authenticator: browser.authenticator };
    expect((await signInWithPasskey(config, fresh)).headers.get("location")).toBe(ORIGIN);
    expect(await sessionOf(config, fresh.jar)).toMatchObject({ user: { name: `User ${login}`, email: null } });
    expect((await adapter.getUser!(user.id))!.email).toBeNull();
  });
});
