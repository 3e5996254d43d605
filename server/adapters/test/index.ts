/**
 * The adapter conformance suite, for anyone writing a Foyer (or Auth.js) adapter.
 *
 * ```ts
 * // my-adapter.test.ts
 * import { runAdapterTests } from "foyer-auth/adapters/test";
 * import MyAdapter from "./my-adapter.js";
 *
 * runAdapterTests({
 *   name: "my adapter",
 *   adapter: () => MyAdapter({ url: process.env.DATABASE_URL! }),
 *   cleanup: async () => { … close connections, drop the test database … },
 *   optional: true, // also test the Foyer capabilities the adapter has
 * });
 * ```
 *
 * It registers Vitest `describe`/`it` blocks covering what Auth.js's own adapter test suite checks
 * with Foyer's fixtures, the security cases that live in adapters (R-VTOK-03: a verification token
 * needs both identifier and token, and works once; R-WEBAUTHN-09: `updateAuthenticatorCounter`
 * rejects an unknown id), the deleteUser cascade, the WebAuthn methods (when the adapter has any of
 * them) and, with `optional`, each Foyer capability the adapter has.
 *
 * The adapter is created once (`beforeAll`) and shared by the tests; every test makes its own users
 * with unique ids and emails, so the suite can run against a database that holds other data.
 * Dates in the fixtures have their milliseconds zeroed, so adapters storing seconds also pass.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { FOYER_CAPABILITIES, REQUIRED_METHODS } from "../wrap.js";
import type {
  AccountTokensUpdate,
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterUser,
  NewAdapterAuthenticator,
  NewAdapterSession,
  VerificationToken,
} from "../types.js";

export interface AdapterTestOptions {
  /** Shown in the test names. */
  name: string;
  /** Creates the adapter under test (called once, before the tests). */
  adapter: () => Adapter | Promise<Adapter>;
  /** Runs after the tests: close connections, remove test data. */
  cleanup?: () => Promise<void>;
  /** Also test Foyer's optional capabilities (`listSessions`, `deleteSessions`, …) the adapter has. */
  optional?: boolean;
}

/** The methods the database session strategy needs, as configuration validation checks them (docs/adapters.md#authjs-methods). */
export const SESSION_METHODS = REQUIRED_METHODS.database;

/** The methods a WebAuthn provider needs besides users and accounts (docs/adapters.md#authjs-methods). */
export const WEBAUTHN_METHODS = ["getAccount", "getAuthenticator", "createAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter"] as const;

/** Foyer's optional capabilities. */
export { FOYER_CAPABILITIES };

const DAY = 24 * 60 * 60 * 1000;

/** A date with its milliseconds zeroed (databases storing seconds compare equal). */
function at(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}

function sha256hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Removes `undefined` fields, so `toMatchObject` checks only what a fixture sets. */
function set<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Calls an adapter method and always yields a promise (methods may return plain values or throw). */
function call<T>(fn: () => T): Promise<Awaited<T>> {
  return Promise.resolve().then(fn) as Promise<Awaited<T>>;
}

export function runAdapterTests(options: AdapterTestOptions): void {
  describe(`adapter conformance: ${options.name}`, () => {
    let adapter: Adapter;
    const run = randomUUID().slice(0, 8);
    let sequence = 0;

    beforeAll(async () => {
      adapter = await options.adapter();
    });
    afterAll(async () => {
      await options.cleanup?.();
    });

    /** The adapter method, bound; fails the test with a clear message when it is missing. */
    function method<K extends keyof Adapter>(name: K): NonNullable<Adapter[K]> {
      const fn = adapter[name];
      if (typeof fn !== "function") throw new Error(`The adapter has no ${String(name)}() method.`);
      return (fn as (...args: unknown[]) => unknown).bind(adapter) as NonNullable<Adapter[K]>;
    }

    const has = (name: keyof Adapter) => typeof adapter[name] === "function";

    /** Fresh fixtures: unique ids, emails and provider account ids for every call. */
    function fixtures() {
      const n = `${run}-${++sequence}`;
      const user: AdapterUser = {
        id: randomUUID(),
        name: "Ada Lovelace",
        email: `ada-${n}@example.com`,
        emailVerified: at(Date.now() - DAY),
        image: `https://example.com/avatars/${n}.png`,
      };
      const session = (userId: string, overrides: Partial<NewAdapterSession> = {}): NewAdapterSession => ({
        sessionToken: sha256hex(`session-${n}-${randomUUID()}`),
        userId,
        expires: at(Date.now() + 7 * DAY),
        ...overrides,
      });
      const account = (userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount => ({
        provider: "github",
        type: "oauth",
        providerAccountId: `gh-${n}-${randomUUID()}`,
        userId,
        access_token: `gho_${n}`,
        refresh_token: `ghr_${n}`,
        id_token: `eyJhbGciOiJSUzI1NiJ9.${n}.sig`,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        scope: "read:user user:email",
        token_type: "bearer",
        session_state: `state-${n}`,
        ...overrides,
      });
      const verificationToken = (overrides: Partial<VerificationToken> = {}): VerificationToken => ({
        identifier: user.email,
        token: sha256hex(`${randomUUID()}anything`),
        expires: at(Date.now() + DAY),
        ...overrides,
      });
      const authenticator = (userId: string, overrides: Partial<NewAdapterAuthenticator> = {}): NewAdapterAuthenticator => {
        const credentialID = Buffer.from(randomUUID()).toString("base64url");
        return {
          credentialID,
          userId,
          providerAccountId: credentialID,
          credentialPublicKey: Buffer.from(`public-key-${n}`).toString("base64"),
          counter: 0,
          credentialDeviceType: "multiDevice",
          credentialBackedUp: true,
          transports: "internal,hybrid",
          ...overrides,
        };
      };
      return { user, session, account, verificationToken, authenticator };
    }

    /** A stored user. */
    async function createUser(user: AdapterUser): Promise<AdapterUser> {
      const created = await call(() => method("createUser")(user));
      expect(created.id).toEqual(expect.any(String));
      return created;
    }

    // -------------------------------------------------------------------------------------------
    describe("users, accounts and sessions (Auth.js's adapter checklist)", () => {
      it("has the ten methods the database session strategy needs", () => {
        const missing = SESSION_METHODS.filter((name) => !has(name));
        expect(missing, `missing methods: ${missing.join(", ")}`).toEqual([]);
      });

      it("createUser returns the user with an id, and stores it", async () => {
        const { user } = fixtures();
        const created = await createUser(user);
        expect(created).toMatchObject(set({ ...user, id: created.id }));
        expect(await call(() => method("getUser")(created.id))).toMatchObject(set({ ...user, id: created.id }));
      });

      it("createUser stores emailVerified null as null", async () => {
        const { user } = fixtures();
        const created = await createUser({ ...user, emailVerified: null });
        expect(created.emailVerified).toBeNull();
        expect((await call(() => method("getUser")(created.id)))?.emailVerified).toBeNull();
      });

      it("getUser: unknown id → null; known id → the user", async () => {
        const { user } = fixtures();
        expect(await call(() => method("getUser")(randomUUID()))).toBeNull();
        const created = await createUser(user);
        const found = await call(() => method("getUser")(created.id));
        expect(found).toMatchObject(set({ ...user, id: created.id }));
        expect(found?.emailVerified).toBeInstanceOf(Date);
      });

      it("getUserByEmail: unknown email → null; known email → the user", async () => {
        const { user } = fixtures();
        expect(await call(() => method("getUserByEmail")(`nobody-${randomUUID()}@example.com`))).toBeNull();
        const created = await createUser(user);
        expect(await call(() => method("getUserByEmail")(user.email))).toMatchObject(set({ ...user, id: created.id }));
      });

      it("createSession returns the session", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const session = f.session(created.id);
        expect(await call(() => method("createSession")(session))).toMatchObject(session);
      });

      it("getSessionAndUser: unknown token → null; known token → { session, user }", async () => {
        const f = fixtures();
        expect(await call(() => method("getSessionAndUser")("invalid-token"))).toBeNull();
        const created = await createUser(f.user);
        const session = f.session(created.id);
        await call(() => method("createSession")(session));
        const found = await call(() => method("getSessionAndUser")(session.sessionToken));
        expect(found).not.toBeNull();
        expect(found!.session).toMatchObject(session);
        expect(found!.session.expires).toBeInstanceOf(Date);
        expect(found!.user).toMatchObject(set({ ...f.user, id: created.id }));
      });

      it("updateUser persists a changed name and returns the user", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const updated = await call(() => method("updateUser")({ id: created.id, name: "Ada King" }));
        expect(updated).toMatchObject(set({ ...f.user, id: created.id, name: "Ada King" }));
        expect(await call(() => method("getUser")(created.id))).toMatchObject({ id: created.id, name: "Ada King", email: f.user.email });
      });

      it("updateUser sets and clears emailVerified", async () => {
        const f = fixtures();
        const created = await createUser({ ...f.user, emailVerified: null });
        const verified = at(Date.now());
        await call(() => method("updateUser")({ id: created.id, emailVerified: verified }));
        expect((await call(() => method("getUser")(created.id)))?.emailVerified).toEqual(verified);
        await call(() => method("updateUser")({ id: created.id, emailVerified: null }));
        expect((await call(() => method("getUser")(created.id)))?.emailVerified).toBeNull();
      });

      it("updateSession updates expires", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const session = f.session(created.id);
        await call(() => method("createSession")(session));
        const expires = at(Date.now() + 30 * DAY);
        const updated = await call(() => method("updateSession")({ sessionToken: session.sessionToken, expires }));
        expect(updated).toMatchObject({ ...session, expires });
        expect((await call(() => method("getSessionAndUser")(session.sessionToken)))?.session.expires).toEqual(expires);
      });

      it("updateSession of an unknown token changes nothing and returns no session", async () => {
        const token = sha256hex(randomUUID());
        expect(await call(() => method("updateSession")({ sessionToken: token, expires: at(Date.now() + DAY) }))).toBeFalsy();
        expect(await call(() => method("getSessionAndUser")(token))).toBeNull();
      });

      it("linkAccount stores the account with its tokens", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const account = f.account(created.id);
        await call(() => method("linkAccount")(account));
        if (has("getAccount")) {
          expect(await call(() => method("getAccount")(account.providerAccountId, account.provider))).toMatchObject(set(account));
        }
        expect(await call(() => method("getUserByAccount")(account))).toMatchObject({ id: created.id });
      });

      it("getUserByAccount: unknown account → null; linked account → the user", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const account = f.account(created.id);
        expect(await call(() => method("getUserByAccount")({ provider: account.provider, providerAccountId: account.providerAccountId }))).toBeNull();
        await call(() => method("linkAccount")(account));
        expect(await call(() => method("getUserByAccount")({ provider: account.provider, providerAccountId: account.providerAccountId }))).toMatchObject(
          set({ ...f.user, id: created.id }),
        );
        // Same providerAccountId at another provider is another account.
        expect(await call(() => method("getUserByAccount")({ provider: "gitlab", providerAccountId: account.providerAccountId }))).toBeNull();
      });

      it("deleteSession removes the session", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const session = f.session(created.id);
        const other = f.session(created.id);
        await call(() => method("createSession")(session));
        await call(() => method("createSession")(other));
        await call(() => method("deleteSession")(session.sessionToken));
        expect(await call(() => method("getSessionAndUser")(session.sessionToken))).toBeNull();
        expect(await call(() => method("getSessionAndUser")(other.sessionToken))).not.toBeNull();
      });
    });

    // -------------------------------------------------------------------------------------------
    describe("verification tokens (Auth.js's adapter checklist, R-VTOK-03)", () => {
      it("has createVerificationToken and useVerificationToken", () => {
        expect(has("createVerificationToken"), "createVerificationToken").toBe(true);
        expect(has("useVerificationToken"), "useVerificationToken").toBe(true);
      });

      it("createVerificationToken stores the hashed token as given", async () => {
        const f = fixtures();
        const token = f.verificationToken();
        const created = await call(() => method("createVerificationToken")(token));
        if (created) expect(created).toMatchObject(token);
        expect(await call(() => method("useVerificationToken")({ identifier: token.identifier, token: token.token }))).toMatchObject(token);
      });

      it("useVerificationToken returns the token once, then null", async () => {
        const f = fixtures();
        const token = f.verificationToken();
        await call(() => method("createVerificationToken")(token));
        const used = await call(() => method("useVerificationToken")({ identifier: token.identifier, token: token.token }));
        expect(used).toMatchObject(token);
        expect(used?.expires).toBeInstanceOf(Date);
        expect(await call(() => method("useVerificationToken")({ identifier: token.identifier, token: token.token }))).toBeNull();
      });

      it("useVerificationToken needs both the identifier and the token (R-VTOK-03)", async () => {
        const f = fixtures();
        const token = f.verificationToken();
        await call(() => method("createVerificationToken")(token));
        const use = method("useVerificationToken");
        // Right identifier, wrong token.
        expect(await call(() => use({ identifier: token.identifier, token: sha256hex(`${randomUUID()}anything`) }))).toBeNull();
        // Right token, wrong identifier.
        expect(await call(() => use({ identifier: `mallory-${randomUUID()}@example.com`, token: token.token }))).toBeNull();
        // The failed attempts did not use the token up.
        expect(await call(() => use({ identifier: token.identifier, token: token.token }))).toMatchObject(token);
        expect(await call(() => use({ identifier: token.identifier, token: token.token }))).toBeNull();
      });

      it("of two concurrent uses of one token, exactly one gets it", async () => {
        const f = fixtures();
        const token = f.verificationToken();
        await call(() => method("createVerificationToken")(token));
        const use = method("useVerificationToken");
        const results = await Promise.all([1, 2, 3].map(() => call(() => use({ identifier: token.identifier, token: token.token }))));
        expect(results.filter((result) => result !== null)).toHaveLength(1);
      });

      it("two tokens for one identifier are independent", async () => {
        const f = fixtures();
        const first = f.verificationToken();
        const second = f.verificationToken();
        await call(() => method("createVerificationToken")(first));
        await call(() => method("createVerificationToken")(second));
        expect(await call(() => method("useVerificationToken")(first))).toMatchObject(first);
        expect(await call(() => method("useVerificationToken")(second))).toMatchObject(second);
      });

      it("useVerificationToken returns an expired token (the core checks expiry)", async () => {
        const f = fixtures();
        const token = f.verificationToken({ expires: at(Date.now() - DAY) });
        await call(() => method("createVerificationToken")(token));
        expect(await call(() => method("useVerificationToken")(token))).toMatchObject(token);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe("unlinking and deleting (Auth.js's adapter checklist)", () => {
      it("has unlinkAccount and deleteUser", () => {
        expect(has("unlinkAccount"), "unlinkAccount").toBe(true);
        expect(has("deleteUser"), "deleteUser").toBe(true);
      });

      it("unlinkAccount removes the account and only that one", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const account = f.account(created.id);
        const other = f.account(created.id, { provider: "google", type: "oidc" });
        await call(() => method("linkAccount")(account));
        await call(() => method("linkAccount")(other));
        await call(() => method("unlinkAccount")({ provider: account.provider, providerAccountId: account.providerAccountId }));
        expect(await call(() => method("getUserByAccount")(account))).toBeNull();
        expect(await call(() => method("getUserByAccount")(other))).toMatchObject({ id: created.id });
      });

      it("deleteUser removes the user and cascades to sessions, accounts and authenticators", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        const bystander = await createUser(fixtures().user);
        const session = f.session(created.id);
        const account = f.account(created.id);
        const bystanderSession = f.session(bystander.id);
        await call(() => method("createSession")(session));
        await call(() => method("createSession")(bystanderSession));
        await call(() => method("linkAccount")(account));
        const webauthn = has("createAuthenticator");
        const authenticator = f.authenticator(created.id);
        if (webauthn) {
          await call(() =>
            method("linkAccount")(f.account(created.id, { provider: "passkey", type: "webauthn", providerAccountId: authenticator.providerAccountId })),
          );
          await call(() => method("createAuthenticator")(authenticator));
        }

        await call(() => method("deleteUser")(created.id));

        expect(await call(() => method("getUser")(created.id))).toBeNull();
        expect(await call(() => method("getUserByEmail")(f.user.email))).toBeNull();
        expect(await call(() => method("getSessionAndUser")(session.sessionToken))).toBeNull();
        expect(await call(() => method("getUserByAccount")(account))).toBeNull();
        if (has("getAccount")) expect(await call(() => method("getAccount")(account.providerAccountId, account.provider))).toBeNull();
        if (webauthn) {
          expect(await call(() => method("getAuthenticator")(authenticator.credentialID))).toBeNull();
          expect(await call(() => method("listAuthenticatorsByUserId")(created.id))).toEqual([]);
        }
        // Nobody else's data went with it.
        expect(await call(() => method("getSessionAndUser")(bystanderSession.sessionToken))).toMatchObject({ user: { id: bystander.id } });
      });

      it("the user's email is free again after deleteUser", async () => {
        const f = fixtures();
        const created = await createUser(f.user);
        await call(() => method("deleteUser")(created.id));
        const again = await createUser({ ...f.user, id: randomUUID() });
        expect(await call(() => method("getUserByEmail")(f.user.email))).toMatchObject({ id: again.id });
      });
    });

    // -------------------------------------------------------------------------------------------
    describe("WebAuthn (Auth.js's opt-in adapter checks, R-WEBAUTHN-09)", () => {
      /** The WebAuthn tests run when the adapter has any WebAuthn method; then it needs all of them. */
      function needsWebAuthn(ctx: TestContext): void {
        if (!WEBAUTHN_METHODS.some((name) => has(name))) ctx.skip("the adapter has no WebAuthn methods");
      }

      it("has every WebAuthn method", (ctx) => {
        needsWebAuthn(ctx);
        const missing = WEBAUTHN_METHODS.filter((name) => !has(name));
        expect(missing, `missing methods: ${missing.join(", ")}`).toEqual([]);
      });

      it("getAccount: unknown → null; linked → the account", async (ctx) => {
        needsWebAuthn(ctx);
        const f = fixtures();
        const created = await createUser(f.user);
        const authenticator = f.authenticator(created.id);
        const account = f.account(created.id, { provider: "passkey", type: "webauthn", providerAccountId: authenticator.providerAccountId });
        expect(await call(() => method("getAccount")(account.providerAccountId, account.provider))).toBeNull();
        await call(() => method("linkAccount")(account));
        expect(await call(() => method("getAccount")(account.providerAccountId, account.provider))).toMatchObject(set(account));
        expect(await call(() => method("getAccount")(account.providerAccountId, "another-provider"))).toBeNull();
      });

      it("createAuthenticator and getAuthenticator round-trip every field", async (ctx) => {
        needsWebAuthn(ctx);
        const f = fixtures();
        const created = await createUser(f.user);
        const authenticator = f.authenticator(created.id, { counter: 4_000_000_000 }); // counters are unsigned 32-bit
        expect(await call(() => method("getAuthenticator")(authenticator.credentialID))).toBeNull();
        expect(await call(() => method("createAuthenticator")(authenticator))).toMatchObject(authenticator);
        const found = await call(() => method("getAuthenticator")(authenticator.credentialID));
        expect(found).toMatchObject(authenticator);
        expect(typeof found?.counter).toBe("number");
        expect(typeof found?.credentialBackedUp).toBe("boolean");
        const singleDevice = f.authenticator(created.id, { credentialBackedUp: false, credentialDeviceType: "singleDevice", transports: null });
        await call(() => method("createAuthenticator")(singleDevice));
        expect(await call(() => method("getAuthenticator")(singleDevice.credentialID))).toMatchObject({ ...singleDevice, credentialBackedUp: false });
      });

      it("listAuthenticatorsByUserId: unknown user → []; known → the user's authenticators", async (ctx) => {
        needsWebAuthn(ctx);
        const f = fixtures();
        expect(await call(() => method("listAuthenticatorsByUserId")(randomUUID()))).toEqual([]);
        const created = await createUser(f.user);
        const other = await createUser(fixtures().user);
        const first = f.authenticator(created.id);
        const second = f.authenticator(created.id);
        await call(() => method("createAuthenticator")(first));
        await call(() => method("createAuthenticator")(second));
        await call(() => method("createAuthenticator")(f.authenticator(other.id)));
        const list = await call(() => method("listAuthenticatorsByUserId")(created.id));
        expect(list.map((a) => a.credentialID).sort()).toEqual([first.credentialID, second.credentialID].sort());
        for (const a of list) expect(a).toMatchObject(a.credentialID === first.credentialID ? first : second);
      });

      it("updateAuthenticatorCounter stores the new counter and returns the authenticator", async (ctx) => {
        needsWebAuthn(ctx);
        const f = fixtures();
        const created = await createUser(f.user);
        const authenticator = f.authenticator(created.id);
        await call(() => method("createAuthenticator")(authenticator));
        const updated = await call(() => method("updateAuthenticatorCounter")(authenticator.credentialID, 42));
        expect(updated).toMatchObject({ ...authenticator, counter: 42 });
        expect((await call(() => method("getAuthenticator")(authenticator.credentialID)))?.counter).toBe(42);
      });

      it("updateAuthenticatorCounter rejects an unknown id (R-WEBAUTHN-09)", async (ctx) => {
        needsWebAuthn(ctx);
        const unknown = Buffer.from(randomUUID()).toString("base64url");
        await expect(call(() => method("updateAuthenticatorCounter")(unknown, 1))).rejects.toBeDefined();
        expect(await call(() => method("getAuthenticator")(unknown))).toBeNull();
      });
    });

    // -------------------------------------------------------------------------------------------
    describe("Foyer capabilities", () => {
      /** Skips unless `optional` is on and the adapter has every listed capability. */
      function needs(ctx: TestContext, ...names: (keyof Adapter)[]): void {
        if (!options.optional) ctx.skip("optional capabilities are not tested (optional: false)");
        const missing = names.filter((name) => !has(name));
        if (missing.length > 0) ctx.skip(`the adapter has no ${missing.join(", ")}`);
      }

      /**
       * Links `account`; `swap` is updateAccountTokens on it (the compare-and-set the refresh tests
       * exercise) and `stored` reads it back with getAccount.
       */
      async function linkedForTokens(account: AdapterAccount) {
        await call(() => method("linkAccount")(account));
        const where = { provider: account.provider, providerAccountId: account.providerAccountId };
        return {
          where,
          swap: (expected: { refresh_token: string | null }, next: AccountTokensUpdate) => call(() => method("updateAccountTokens")(where, expected, next)),
          stored: () => call(() => method("getAccount")(account.providerAccountId, account.provider)),
        };
      }

      it('users without an email (credentials sign-in, passed as "") coexist and match no email lookup', async (ctx) => {
        needs(ctx);
        const first = await createUser({ ...fixtures().user, email: "" });
        const second = await createUser({ ...fixtures().user, email: "" });
        expect(first.id).not.toBe(second.id);
        expect((await call(() => method("getUser")(second.id)))?.email || null).toBeNull();
        expect(await call(() => method("getUserByEmail")(""))).toBeNull();
      });

      it("stores session metadata (createdAt, lastSeenAt, userAgent, ip) and updates it; getSessionAndUserWithMetadata reads it", async (ctx) => {
        needs(ctx, "listSessions", "getSessionAndUserWithMetadata");
        const f = fixtures();
        const created = await createUser(f.user);
        const session = f.session(created.id);
        const createdAt = at(Date.now() - 2 * DAY);
        const metadata = { createdAt, lastSeenAt: createdAt, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", ip: "203.0.113.7" };
        await call(() => method("createSession")({ ...session, ...metadata }));
        const read = () => call(() => method("getSessionAndUserWithMetadata")(session.sessionToken));
        expect(await read()).toMatchObject({ session: { ...session, ...metadata }, user: { id: created.id } });

        const lastSeenAt = at(Date.now());
        await call(() => method("updateSession")({ sessionToken: session.sessionToken, lastSeenAt, ip: "2001:db8::1" }));
        expect((await read())?.session).toMatchObject({ ...session, ...metadata, lastSeenAt, ip: "2001:db8::1" });
        expect(await call(() => method("getSessionAndUserWithMetadata")(sha256hex(randomUUID())))).toBeNull();
      });

      it("keeps session metadata out of Auth.js's session methods", async (ctx) => {
        needs(ctx, "getSessionAndUserWithMetadata");
        const f = fixtures();
        const created = await createUser(f.user);
        const session = f.session(created.id);
        const metadata = { createdAt: at(Date.now() - DAY), lastSeenAt: at(Date.now()), userAgent: "curl/8.5.0", ip: "198.51.100.7" };
        const results = [
          await call(() => method("createSession")({ ...session, ...metadata })),
          (await call(() => method("getSessionAndUser")(session.sessionToken)))?.session,
          await call(() => method("updateSession")({ sessionToken: session.sessionToken, lastSeenAt: at(Date.now()) })),
          await call(() => method("deleteSession")(session.sessionToken)),
        ];
        for (const result of results) if (result) expect(Object.keys(result).filter((key) => key in metadata)).toEqual([]);
      });

      it("createSession without metadata sets createdAt and lastSeenAt to about now", async (ctx) => {
        needs(ctx, "listSessions", "getSessionAndUserWithMetadata");
        const f = fixtures();
        const created = await createUser(f.user);
        const before = Date.now() - 1000;
        const { sessionToken } = await call(() => method("createSession")(f.session(created.id)));
        const session = (await call(() => method("getSessionAndUserWithMetadata")(sessionToken)))!.session;
        expect(session.createdAt).toBeInstanceOf(Date);
        expect(session.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(session.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
        expect(session.lastSeenAt).toEqual(session.createdAt);
        expect(session.userAgent).toBeNull();
        expect(session.ip).toBeNull();
      });

      it("listSessions returns the user's live sessions, newest first, with metadata", async (ctx) => {
        needs(ctx, "listSessions");
        const f = fixtures();
        const created = await createUser(f.user);
        const other = await createUser(fixtures().user);
        const now = Date.now();
        const oldest = f.session(created.id, { createdAt: at(now - 3 * DAY), userAgent: "curl/8.5.0", ip: "198.51.100.1" });
        const newest = f.session(created.id, { createdAt: at(now - DAY), userAgent: "Safari", ip: "198.51.100.3" });
        const middle = f.session(created.id, { createdAt: at(now - 2 * DAY), userAgent: "Chrome", ip: "198.51.100.2" });
        const expired = f.session(created.id, { createdAt: at(now - 4 * DAY), expires: at(now - DAY) });
        for (const s of [oldest, newest, middle, expired, f.session(other.id)]) await call(() => method("createSession")(s));

        const list = await call(() => method("listSessions")(created.id));
        expect(list.map((s) => s.sessionToken)).toEqual([newest.sessionToken, middle.sessionToken, oldest.sessionToken]);
        expect(list[0]).toMatchObject({ ...newest, lastSeenAt: newest.createdAt });
        expect(list[2]).toMatchObject({ ...oldest, lastSeenAt: oldest.createdAt });
        expect(await call(() => method("listSessions")(randomUUID()))).toEqual([]);
      });

      it("deleteSessions deletes the user's sessions except those listed, and counts them", async (ctx) => {
        needs(ctx, "deleteSessions");
        const f = fixtures();
        const created = await createUser(f.user);
        const other = await createUser(fixtures().user);
        const keep = f.session(created.id);
        const drop = [f.session(created.id), f.session(created.id)];
        const bystander = f.session(other.id);
        for (const s of [keep, ...drop, bystander]) await call(() => method("createSession")(s));

        expect(await call(() => method("deleteSessions")(created.id, { except: [keep.sessionToken] }))).toBe(2);
        for (const s of drop) expect(await call(() => method("getSessionAndUser")(s.sessionToken))).toBeNull();
        expect(await call(() => method("getSessionAndUser")(keep.sessionToken))).not.toBeNull();
        expect(await call(() => method("getSessionAndUser")(bystander.sessionToken))).not.toBeNull();

        expect(await call(() => method("deleteSessions")(created.id))).toBe(1);
        expect(await call(() => method("getSessionAndUser")(keep.sessionToken))).toBeNull();
        expect(await call(() => method("deleteSessions")(created.id, { except: [] }))).toBe(0);
        expect(await call(() => method("getSessionAndUser")(bystander.sessionToken))).not.toBeNull();
      });

      it("listAccounts returns the user's accounts with their tokens", async (ctx) => {
        needs(ctx, "listAccounts");
        const f = fixtures();
        const created = await createUser(f.user);
        const other = await createUser(fixtures().user);
        const github = f.account(created.id);
        const google = f.account(created.id, { provider: "google", type: "oidc", expires_in: 3599, authorization_details: [{ type: "openid" }] });
        await call(() => method("linkAccount")(github));
        await call(() => method("linkAccount")(google));
        await call(() => method("linkAccount")(f.account(other.id)));
        const list = await call(() => method("listAccounts")(created.id));
        expect(list).toHaveLength(2);
        expect(list.find((a) => a.provider === "github")).toMatchObject(set(github));
        expect(list.find((a) => a.provider === "google")).toMatchObject(set(google));
        expect(await call(() => method("listAccounts")(randomUUID()))).toEqual([]);
      });

      it("updateAccountTokens writes the given token fields when the stored refresh token is the expected one", async (ctx) => {
        needs(ctx, "updateAccountTokens", "getAccount");
        const f = fixtures();
        const created = await createUser(f.user);
        const account = f.account(created.id);
        const { swap, stored } = await linkedForTokens(account);
        const next = { access_token: `${account.access_token}-2`, refresh_token: `${account.refresh_token}-2`, expires_at: account.expires_at! + 3600 };

        expect(await swap({ refresh_token: account.refresh_token! }, next)).toBe(true);
        // Only the fields given change.
        expect(await stored()).toMatchObject(set({ ...account, ...next }));

        // null clears a field; the next swap expects the refresh token just written.
        expect(await swap({ refresh_token: next.refresh_token }, { id_token: null, scope: "read:user" })).toBe(true);
        const cleared = await stored();
        expect(cleared?.id_token ?? null).toBeNull();
        expect(cleared).toMatchObject({ scope: "read:user", refresh_token: next.refresh_token, access_token: next.access_token });
      });

      it("updateAccountTokens writes nothing and returns false when the refresh token differs or the account is unknown", async (ctx) => {
        needs(ctx, "updateAccountTokens", "getAccount");
        const f = fixtures();
        const created = await createUser(f.user);
        const account = f.account(created.id);
        const { where, swap, stored } = await linkedForTokens(account);
        const before = await stored();
        const next = { access_token: "other", refresh_token: "other", expires_at: 1 };

        expect(await swap({ refresh_token: `${account.refresh_token}-stale` }, next)).toBe(false);
        expect(await swap({ refresh_token: null }, next)).toBe(false);
        expect(
          await call(() => method("updateAccountTokens")({ ...where, providerAccountId: randomUUID() }, { refresh_token: account.refresh_token! }, next)),
        ).toBe(false);
        expect(await stored()).toEqual(before);

        // An account without a refresh token matches `null`.
        const bare = f.account(created.id, { provider: "gitlab", refresh_token: undefined });
        const bareAccount = await linkedForTokens(bare);
        expect(await bareAccount.swap({ refresh_token: "anything" }, next)).toBe(false);
        expect(await bareAccount.swap({ refresh_token: null }, { refresh_token: "first" })).toBe(true);
        expect(await bareAccount.stored()).toMatchObject({ refresh_token: "first", access_token: bare.access_token });
      });

      it("of concurrent updateAccountTokens expecting the same refresh token, exactly one writes", async (ctx) => {
        needs(ctx, "updateAccountTokens", "getAccount");
        const f = fixtures();
        const created = await createUser(f.user);
        const account = f.account(created.id);
        const { swap, stored } = await linkedForTokens(account);
        const results = await Promise.all(
          [1, 2, 3, 4, 5].map((i) => swap({ refresh_token: account.refresh_token! }, { access_token: `a${i}`, refresh_token: `r${i}` })),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true) + 1;
        expect(await stored()).toMatchObject({ access_token: `a${winner}`, refresh_token: `r${winner}` });
      });

      it("updateAuthenticator sets and clears name and lastUsedAt; listAuthenticatorsWithMetadata reads them", async (ctx) => {
        needs(ctx, "updateAuthenticator", "createAuthenticator", "listAuthenticatorsWithMetadata");
        const f = fixtures();
        const created = await createUser(f.user);
        const authenticator = f.authenticator(created.id, { name: "Laptop" });
        await call(() => method("createAuthenticator")(authenticator));
        const stored = async () => {
          const list = await call(() => method("listAuthenticatorsWithMetadata")(created.id));
          expect(list).toHaveLength(1);
          return list[0]!;
        };
        const first = await stored();
        expect(first).toMatchObject({ ...authenticator, name: "Laptop", lastUsedAt: null });
        expect(first.createdAt).toBeInstanceOf(Date);

        const lastUsedAt = at(Date.now());
        expect(await call(() => method("updateAuthenticator")(authenticator.credentialID, { name: "Work laptop", lastUsedAt }))).toMatchObject({
          ...authenticator,
          name: "Work laptop",
          createdAt: first.createdAt,
          lastUsedAt,
        });
        expect(await stored()).toMatchObject({ name: "Work laptop", lastUsedAt });
        // Only the fields given change.
        await call(() => method("updateAuthenticator")(authenticator.credentialID, { name: null }));
        expect(await stored()).toMatchObject({ name: null, lastUsedAt, counter: authenticator.counter, createdAt: first.createdAt });
        expect(await call(() => method("updateAuthenticator")(Buffer.from(randomUUID()).toString("base64url"), { name: "x" }))).toBeNull();
        expect(await call(() => method("listAuthenticatorsWithMetadata")(randomUUID()))).toEqual([]);
      });

      it("keeps passkey metadata out of Auth.js's WebAuthn methods", async (ctx) => {
        needs(ctx, "listAuthenticatorsWithMetadata", "createAuthenticator");
        const f = fixtures();
        const created = await createUser(f.user);
        const metadata = { name: "Phone", createdAt: at(Date.now() - DAY), lastUsedAt: at(Date.now()) };
        const authenticator = f.authenticator(created.id, metadata);
        const results: (AdapterAuthenticator | null)[] = [
          await call(() => method("createAuthenticator")(authenticator)),
          await call(() => method("getAuthenticator")(authenticator.credentialID)),
          ...(await call(() => method("listAuthenticatorsByUserId")(created.id))),
          await call(() => method("updateAuthenticatorCounter")(authenticator.credentialID, 1)),
        ];
        expect(results).toHaveLength(4);
        for (const result of results) expect(Object.keys(result ?? {}).filter((key) => key in metadata)).toEqual([]);
        expect(await call(() => method("listAuthenticatorsWithMetadata")(created.id))).toMatchObject([metadata]);
      });

      it("deleteAuthenticator removes the passkey and its webauthn account", async (ctx) => {
        needs(ctx, "deleteAuthenticator", "createAuthenticator", "getAuthenticator", "listAuthenticatorsByUserId");
        const f = fixtures();
        const created = await createUser(f.user);
        const doomed = f.authenticator(created.id);
        const kept = f.authenticator(created.id);
        const oauth = f.account(created.id);
        for (const a of [doomed, kept]) {
          await call(() => method("linkAccount")(f.account(created.id, { provider: "passkey", type: "webauthn", providerAccountId: a.providerAccountId })));
          await call(() => method("createAuthenticator")(a));
        }
        await call(() => method("linkAccount")(oauth));

        expect(await call(() => method("deleteAuthenticator")(doomed.credentialID))).toMatchObject(doomed);
        expect(await call(() => method("getAuthenticator")(doomed.credentialID))).toBeNull();
        expect((await call(() => method("listAuthenticatorsByUserId")(created.id))).map((a) => a.credentialID)).toEqual([kept.credentialID]);
        expect(await call(() => method("getUserByAccount")({ provider: "passkey", providerAccountId: doomed.providerAccountId }))).toBeNull();
        expect(await call(() => method("getUserByAccount")({ provider: "passkey", providerAccountId: kept.providerAccountId }))).toMatchObject({
          id: created.id,
        });
        expect(await call(() => method("getUserByAccount")(oauth))).toMatchObject({ id: created.id });
        expect(await call(() => method("deleteAuthenticator")(doomed.credentialID))).toBeFalsy();
      });

      it("pruneExpired deletes expired sessions and verification tokens, and counts them", async (ctx) => {
        needs(ctx, "pruneExpired");
        const f = fixtures();
        const created = await createUser(f.user);
        const now = Date.now();
        const liveSession = f.session(created.id);
        const deadSession = f.session(created.id, { expires: at(now - 60_000) });
        const liveToken = f.verificationToken();
        const deadToken = f.verificationToken({ expires: at(now - 60_000) });
        await call(() => method("createSession")(liveSession));
        await call(() => method("createSession")(deadSession));
        await call(() => method("createVerificationToken")(liveToken));
        await call(() => method("createVerificationToken")(deadToken));

        // Other tests' expired rows may go too, so at least these two.
        expect(await call(() => method("pruneExpired")())).toBeGreaterThanOrEqual(2);
        expect(await call(() => method("getSessionAndUser")(deadSession.sessionToken))).toBeNull();
        expect(await call(() => method("getSessionAndUser")(liveSession.sessionToken))).not.toBeNull();
        expect(await call(() => method("useVerificationToken")(deadToken))).toBeNull();
        expect(await call(() => method("useVerificationToken")(liveToken))).toMatchObject(liveToken);
        expect(await call(() => method("pruneExpired")())).toBeGreaterThanOrEqual(0);
      });

      it("createUserWithAccount with an authenticator (a passkey sign-up) writes user, account and passkey together, or nothing", async (ctx) => {
        needs(ctx, "createUserWithAccount");
        const f = fixtures();
        const passkey = f.authenticator("ignored");
        const { userId: _ignored, ...authenticator } = passkey;
        const account = { provider: "passkey", type: "webauthn" as const, providerAccountId: passkey.credentialID };
        const result = await call(() => method("createUserWithAccount")({ user: { ...f.user, emailVerified: null }, account, authenticator }));
        expect(result.authenticator).toMatchObject({ ...authenticator, userId: result.user.id });
        expect(await call(() => method("getAuthenticator")(passkey.credentialID))).toMatchObject({ ...authenticator, userId: result.user.id });
        expect(await call(() => method("getUserByAccount")(account))).toMatchObject({ id: result.user.id });

        // The credential is taken: the second sign-up fails at the passkey, and its user and account must not stay.
        const g = fixtures();
        const other = { provider: "passkey", type: "webauthn" as const, providerAccountId: `other-${passkey.credentialID}` };
        await expect(
          call(() => method("createUserWithAccount")({ user: { ...g.user, emailVerified: null }, account: other, authenticator })),
        ).rejects.toBeDefined();
        expect(await call(() => method("getUserByEmail")(g.user.email))).toBeNull();
        expect(await call(() => method("getUserByAccount")(other))).toBeNull();
        expect(await call(() => method("getAuthenticator")(passkey.credentialID))).toMatchObject({ userId: result.user.id });
      });
    });
  });
}
