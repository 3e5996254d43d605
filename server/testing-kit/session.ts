/**
 * `createTestSession`: a signed-in session for a test, made without any page — the same cookies a
 * real sign-in sets, through the same code. It builds the request context a sign-in would have at
 * `options.url` (so the cookie names, `__Secure-` prefixes and chunking are Foyer's own), runs the
 * `signIn` callback, then asks the config's session strategy to issue the session: for cookie
 * sessions the `jwt` callback runs and the token is sealed exactly as at a sign-in; for database
 * sessions the user is found or created through the adapter and a real session row is stored. The
 * session is then read back as `GET /session` reads it (the `session` callback runs), so a test sees
 * what the app will see.
 */
import type { AdapterUser } from "../adapters/types.js";
import { normalizeConfig } from "../config/normalize.js";
import type { NormalizedConfig } from "../config/types.js";
import { createContext, type RequestContext } from "../context/request-context.js";
import { runSignInCallback } from "../context/signin-callback.js";
import type { RequestInternal } from "../core/request.js";
import { crypto } from "../jwt/crypto.js";
import { newUserRecord } from "../session/new-user.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { Account, AuthConfig, Cookie, Session, User } from "../types.js";
import { refuseProduction } from "./optional.js";

/** The user to sign in. Only `email` is required. */
export interface TestUser {
  /** The user's id. Database sessions: the stored user with this id, else the one with this e-mail, else a new one. */
  id?: string;
  email: string;
  name?: string | null;
  image?: string | null;
}

export interface TestSessionOptions {
  /**
   * The app's URL as the browser opens it (e.g. `http://localhost:3000`). Its scheme decides the
   * cookie names (`__Secure-authjs.session-token` on https, as Foyer names them) and its host the
   * cookies' domain. Default: `AUTH_URL`, else `http://localhost:3000`.
   */
  url?: string | URL;
  /**
   * The provider id the sign-in is reported as, in the `account` the `signIn` and `jwt` callbacks
   * get. Default: the config's first credentials provider, else its first provider, else `"credentials"`.
   */
  provider?: string;
  /**
   * Store the user through the adapter when the config has one (found by id, else by e-mail, else
   * created). Always done for database sessions; with cookie sessions it defaults to `true` when
   * there is an adapter (as an OAuth, e-mail or passkey sign-in would), so passkey management works.
   */
  storeUser?: boolean;
  /** Run even though `NODE_ENV` is `production`. Off by default: this mints sessions without a password. */
  allowProduction?: boolean;
}

/** A cookie as Playwright's `browserContext.addCookies()` takes it (also fine for other tools). */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since the epoch; `-1` for a cookie that ends with the browser session. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
}

export interface TestSession {
  /** The session cookies (one, or several chunks of a large token) for `browserContext.addCookies()`. */
  cookies: BrowserCookie[];
  /** `{ Cookie: "…" }` for `fetch`, supertest's `.set(headers)`, or any HTTP client. */
  headers: { Cookie: string };
  /** The session as the app's `GET /session` answers it (after the `session` callback). */
  session: Session;
  /** The signed-in user: as stored by the adapter when there is one, else as given (with its id). */
  user: User & { id: string };
}

/** Thrown when the config cannot sign anyone in (no secret, no adapter for database sessions) or its `signIn` callback refuses. */
export class TestSessionError extends Error {
  override name = "TestSessionError";
}

/**
 * Signs `user` in for a test, without any page: returns the session cookies (for Playwright's
 * `addCookies`), a `Cookie` header (for fetch or supertest), the session as the app reads it, and the
 * user. `config` is the same object the app passes to Foyer (`NextAuth(config)`, `ExpressAuth(config)`, …);
 * the test and the app must share the secret, and for database sessions the database.
 *
 * @throws {TestingInProductionError} When `NODE_ENV` is `production` and `options.allowProduction` is not set.
 * @throws {TestSessionError} When the config has a problem, or its `signIn` callback refuses the user.
 */
export async function createTestSession(config: AuthConfig, user: TestUser, options: TestSessionOptions = {}): Promise<TestSession> {
  refuseProduction("createTestSession", options.allowProduction);
  if (!user || typeof user.email !== "string" || user.email === "") throw new TypeError("createTestSession needs a user with an `email`.");
  const normalized = normalizeConfig(config);
  if (normalized.error) throw new TestSessionError(`The config cannot sign anyone in: ${normalized.error.message}`, { cause: normalized.error });
  const url = new URL(options.url ?? process.env.AUTH_URL ?? "http://localhost:3000");
  const strategy = sessionStrategyOf(normalized);
  const ctx = await createContext(normalized, sessionRequest(normalized, url, {}));

  const provider = providerFor(normalized, options.provider);
  const wanted: User = { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null };
  const stores = strategy.storesSessions || (options.storeUser ?? normalized.adapter !== undefined);
  if (strategy.storesSessions && !normalized.adapter) throw new TestSessionError("Database sessions need the config's adapter.");
  const stored = stores && normalized.adapter ? await findOrCreateUser(ctx, wanted) : undefined;
  const signedIn: User & { id: string } = stored?.user ?? { ...wanted, id: wanted.id ?? crypto.randomUUID() };
  const account: Account = { type: provider.type, provider: provider.id, providerAccountId: signedIn.id };

  let redirect: string | undefined;
  try {
    redirect = await runSignInCallback(ctx, { user: signedIn, account });
  } catch (error) {
    throw new TestSessionError(`The config's signIn callback refused ${user.email}: ${(error as Error).message}`, { cause: error });
  }
  if (redirect) throw new TestSessionError(`The config's signIn callback refused ${user.email} (it redirects to ${redirect}).`);

  const issued = (await strategy.issue(ctx, { user: signedIn, account, isNewUser: stored?.isNewUser ?? false, userId: signedIn.id })).filter(
    (cookie) => cookie.value !== "" && cookie.options.maxAge !== 0,
  );
  if (issued.length === 0) throw new TestSessionError("The config's jwt callback returned no token: nobody is signed in.");
  await normalized.events.signIn(stored ? { user: signedIn, account, isNewUser: stored.isNewUser } : { user: signedIn, account });

  const header = issued.map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value)}`).join("; ");
  const session = await readBack(normalized, url, issued);
  return { cookies: issued.map((cookie) => browserCookie(cookie, url)), headers: { Cookie: header }, session, user: signedIn };
}

/** A GET of `{basePath}/session` at `url`'s origin carrying `cookies`: the request a sign-in's context is built from. */
function sessionRequest(config: NormalizedConfig, url: URL, cookies: Record<string, string>): RequestInternal {
  const basePath = config.basePath === "/" ? "" : config.basePath;
  const target = new URL(`${basePath}/session`, url.origin);
  const headers = new Headers({ "user-agent": "foyer-auth/testing" });
  const request = new Request(target, { headers });
  return { request, url: target, method: "GET", action: "session", headers, header: (name) => headers.get(name), cookies, query: {} };
}

/** The provider the test sign-in is reported as. */
function providerFor(config: NormalizedConfig, id: string | undefined): { id: string; type: Account["type"] } {
  const known = id === undefined ? (config.providers.find((p) => p.type === "credentials") ?? config.providers[0]) : config.providerById.get(id);
  if (id !== undefined && !known) throw new TestSessionError(`The config has no provider "${id}".`);
  if (!known) return { id: "credentials", type: "credentials" };
  return { id: known.id, type: known.type as Account["type"] };
}

/** The stored user with `user.id`, else with `user.email`, else a new one made through the adapter. */
async function findOrCreateUser(ctx: RequestContext, user: User): Promise<{ user: AdapterUser; isNewUser: boolean }> {
  const adapter = ctx.config.adapter!;
  const byId = user.id ? await adapter.getUser?.(user.id) : null;
  const existing = byId ?? (await adapter.getUserByEmail?.(user.email!));
  if (existing) return { user: existing, isNewUser: false };
  if (!adapter.createUser) throw new TestSessionError("The adapter cannot create users (no createUser).");
  const created = await adapter.createUser(newUserRecord({ ...user, id: user.id ?? crypto.randomUUID() }));
  await ctx.config.events.createUser({ user: created });
  return { user: created, isNewUser: true };
}

/** The session as `GET /session` answers it for `cookies`. */
async function readBack(config: NormalizedConfig, url: URL, cookies: Cookie[]): Promise<Session> {
  const jar = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value]));
  const ctx = await createContext(config, sessionRequest(config, url, jar));
  const answer = await sessionStrategyOf(config).read(ctx);
  if (!answer.body) throw new TestSessionError("The session that was just issued does not read back (see the config's logger).");
  return answer.body;
}

const SAME_SITE = { lax: "Lax", strict: "Strict", none: "None" } as const;

/** Foyer's cookie as a browser cookie for `url`'s host. */
function browserCookie(cookie: Cookie, url: URL): BrowserCookie {
  const { options } = cookie;
  const expires =
    options.expires instanceof Date
      ? Math.floor(options.expires.valueOf() / 1000)
      : options.maxAge !== undefined
        ? Math.floor(Date.now() / 1000) + options.maxAge
        : -1;
  const sameSite = typeof options.sameSite === "string" ? SAME_SITE[options.sameSite] : options.sameSite === true ? "Strict" : "Lax";
  return {
    name: cookie.name,
    value: encodeURIComponent(cookie.value),
    domain: options.domain ?? url.hostname,
    path: options.path ?? "/",
    expires,
    httpOnly: options.httpOnly ?? false,
    secure: options.secure ?? false,
    sameSite,
  };
}
