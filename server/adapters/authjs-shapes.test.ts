/**
 * Foyer's adapters return exactly Auth.js's shapes from Auth.js's methods, so code written against
 * `@auth/core/adapters` (and test suites comparing results with `toEqual`) sees what it expects.
 *
 * The expectations come from the `Adapter` interface of `@auth/core/adapters` and the types it
 * names (`AdapterUser`, `AdapterAccount`, `AdapterSession`, `VerificationToken`,
 * `AdapterAuthenticator`): which keys a result has, `Date` for dates, `null` for "not found" (and
 * `undefined` from `unlinkAccount`). Every comparison is `toStrictEqual`: no key more, none fewer.
 * Foyer's metadata (a session's `createdAt`, `lastSeenAt`, `userAgent`, `ip`; a passkey's `name`,
 * `createdAt`, `lastUsedAt`) comes only from Foyer's own methods, checked at the end.
 *
 * Runs against the memory adapter, SQLite (libsql, a file) and PostgreSQL (a schema of its own; see
 * conformance.test.ts for how the server is found).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MemoryAdapter from "./memory.js";
import PostgresAdapter from "./postgres.js";
import SQLiteAdapter from "./sqlite.js";
import { acquirePostgres } from "./test/postgres-harness.js";
import { reportPostgresMissing } from "./test/postgres-missing.js";
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "./types.js";

const postgres = await acquirePostgres();
afterAll(async () => {
  if (postgres.ok) await postgres.server.stop();
});

interface Target {
  name: string;
  open: () => Promise<{ adapter: Adapter; dispose: () => Promise<void> }>;
}

const targets: Target[] = [
  { name: "memory", open: async () => ({ adapter: MemoryAdapter(), dispose: async () => {} }) },
  {
    name: "sqlite",
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), "foyer-shapes-"));
      const adapter = SQLiteAdapter({ url: join(dir, "auth.db") });
      return {
        adapter,
        dispose: async () => {
          await adapter.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (postgres.ok) {
  const server = postgres.server;
  targets.push({
    name: "postgres",
    open: async () => {
      const adapter = PostgresAdapter({ connectionString: (await server.createSchema()).url, max: 2 });
      return { adapter, dispose: () => adapter.close() };
    },
  });
} else {
  describe("Auth.js shapes: postgres", () => reportPostgresMissing("PostgreSQL adapter shapes", postgres.reason));
}

/** The adapter's methods (not its `providerTokens` setting). */
type MethodName = { [K in keyof Adapter]-?: NonNullable<Adapter[K]> extends (...args: never[]) => unknown ? K : never }[keyof Adapter];
type Method<K extends MethodName> = Extract<NonNullable<Adapter[K]>, (...args: never[]) => unknown>;

const DAY = 24 * 60 * 60 * 1000;
/** Dates with milliseconds, all distinct: what goes in must come back to the millisecond. */
const base = Date.UTC(2031, 4, 6, 7, 8, 9, 123);
const at = (offset: number) => new Date(base + offset);
const sha256hex = (value: string) => createHash("sha256").update(value).digest("hex");

describe.each(targets)("Auth.js shapes: $name", (target) => {
  let adapter: Adapter;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ adapter, dispose } = await target.open());
  });
  afterAll(async () => {
    await dispose();
  });

  /** An adapter method, called so that a plain return value and a thrown error both become a promise. */
  function call<K extends MethodName>(name: K, ...args: Parameters<Method<K>>): Promise<Awaited<ReturnType<Method<K>>>> {
    const fn = adapter[name] as ((...a: unknown[]) => unknown) | undefined;
    if (typeof fn !== "function") return Promise.reject(new Error(`The adapter has no ${name}()`));
    return Promise.resolve().then(() => fn.apply(adapter, args)) as Promise<Awaited<ReturnType<Method<K>>>>;
  }

  let sequence = 0;
  /** A complete user: every `AdapterUser` field set. */
  function newUser(): AdapterUser {
    const n = ++sequence;
    return {
      id: randomUUID(),
      name: `Grace ${n}`,
      email: `grace-${n}-${randomUUID()}@example.com`,
      emailVerified: at(-n * DAY),
      image: `https://example.com/${n}.png`,
    };
  }
  async function storedUser(): Promise<AdapterUser> {
    const user = newUser();
    await call("createUser", user);
    return user;
  }
  function newSession(userId: string): AdapterSession {
    return { sessionToken: sha256hex(randomUUID()), userId, expires: at(30 * DAY) };
  }
  function newAccount(userId: string): AdapterAccount {
    return {
      userId,
      type: "oidc",
      provider: "example",
      providerAccountId: randomUUID(),
      access_token: "access",
      refresh_token: "refresh",
      expires_at: Math.floor(base / 1000) + 3600,
      token_type: "bearer",
      scope: "openid email profile",
      id_token: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
      session_state: "state",
    };
  }
  function newAuthenticator(userId: string): AdapterAuthenticator {
    const credentialID = Buffer.from(randomUUID()).toString("base64");
    return {
      credentialID,
      userId,
      providerAccountId: credentialID,
      credentialPublicKey: Buffer.from(`key ${credentialID}`).toString("base64"),
      counter: 0,
      credentialDeviceType: "multiDevice",
      credentialBackedUp: true,
      transports: "internal,hybrid",
    };
  }

  describe("users", () => {
    it("createUser returns the user as given", async () => {
      const user = newUser();
      expect(await call("createUser", user)).toStrictEqual(user);
    });

    it("createUser without name and image returns them as null", async () => {
      const { name: _name, image: _image, ...user } = { ...newUser(), emailVerified: null };
      expect(await call("createUser", user)).toStrictEqual({ ...user, name: null, image: null });
    });

    it("getUser, getUserByEmail and getUserByAccount return the user, or null", async () => {
      const user = await storedUser();
      const account = newAccount(user.id);
      await call("linkAccount", account);
      expect(await call("getUser", user.id)).toStrictEqual(user);
      expect(await call("getUserByEmail", user.email)).toStrictEqual(user);
      expect(await call("getUserByAccount", { provider: account.provider, providerAccountId: account.providerAccountId })).toStrictEqual(user);
      expect(await call("getUser", randomUUID())).toBeNull();
      expect(await call("getUserByEmail", `nobody-${randomUUID()}@example.com`)).toBeNull();
      expect(await call("getUserByAccount", { provider: account.provider, providerAccountId: randomUUID() })).toBeNull();
    });

    it("updateUser returns the whole updated user", async () => {
      const user = await storedUser();
      const changes = { id: user.id, name: "Grace Hopper", emailVerified: at(1) };
      expect(await call("updateUser", changes)).toStrictEqual({ ...user, ...changes });
      expect(await call("getUser", user.id)).toStrictEqual({ ...user, ...changes });
    });

    it("deleteUser returns the deleted user", async () => {
      const user = await storedUser();
      expect(await call("deleteUser", user.id)).toStrictEqual(user);
      expect(await call("getUser", user.id)).toBeNull();
    });
  });

  describe("accounts", () => {
    it("linkAccount and getAccount return the account as linked, getAccount null when unknown", async () => {
      const user = await storedUser();
      const account = newAccount(user.id);
      expect(await call("linkAccount", account)).toStrictEqual(account);
      expect(await call("getAccount", account.providerAccountId, account.provider)).toStrictEqual(account);
      expect(await call("getAccount", randomUUID(), account.provider)).toBeNull();
    });

    it("unlinkAccount returns the unlinked account, undefined when there is none", async () => {
      const user = await storedUser();
      const account = newAccount(user.id);
      await call("linkAccount", account);
      const key = { provider: account.provider, providerAccountId: account.providerAccountId };
      expect(await call("unlinkAccount", key)).toStrictEqual(account);
      expect(await call("getAccount", account.providerAccountId, account.provider)).toBeNull();
      expect(await call("unlinkAccount", key)).toBeUndefined();
    });
  });

  describe("sessions", () => {
    it("createSession returns { sessionToken, userId, expires } and nothing else", async () => {
      const user = await storedUser();
      const session = newSession(user.id);
      expect(await call("createSession", session)).toStrictEqual(session);
    });

    it("getSessionAndUser returns { session, user } with exactly Auth.js's fields, or null", async () => {
      const user = await storedUser();
      const session = newSession(user.id);
      await call("createSession", session);
      expect(await call("getSessionAndUser", session.sessionToken)).toStrictEqual({ session, user });
      expect(await call("getSessionAndUser", sha256hex(randomUUID()))).toBeNull();
    });

    it("updateSession returns the updated session, null when unknown", async () => {
      const user = await storedUser();
      const session = newSession(user.id);
      await call("createSession", session);
      const expires = at(60 * DAY);
      expect(await call("updateSession", { sessionToken: session.sessionToken, expires })).toStrictEqual({ ...session, expires });
      expect(await call("getSessionAndUser", session.sessionToken)).toStrictEqual({ session: { ...session, expires }, user });
      expect(await call("updateSession", { sessionToken: sha256hex(randomUUID()), expires })).toBeNull();
    });

    it("deleteSession returns the deleted session, null when unknown", async () => {
      const user = await storedUser();
      const session = newSession(user.id);
      await call("createSession", session);
      expect(await call("deleteSession", session.sessionToken)).toStrictEqual(session);
      expect(await call("getSessionAndUser", session.sessionToken)).toBeNull();
      expect(await call("deleteSession", session.sessionToken)).toBeNull();
    });
  });

  describe("verification tokens", () => {
    it("createVerificationToken and useVerificationToken return { identifier, token, expires }; a used token is null", async () => {
      const token: VerificationToken = { identifier: `v-${randomUUID()}@example.com`, token: sha256hex(randomUUID()), expires: at(DAY) };
      expect(await call("createVerificationToken", token)).toStrictEqual(token);
      expect(await call("useVerificationToken", { identifier: token.identifier, token: token.token })).toStrictEqual(token);
      expect(await call("useVerificationToken", { identifier: token.identifier, token: token.token })).toBeNull();
    });
  });

  describe("authenticators", () => {
    it("createAuthenticator and getAuthenticator return exactly Auth.js's fields, getAuthenticator null when unknown", async () => {
      const user = await storedUser();
      const authenticator = newAuthenticator(user.id);
      expect(await call("createAuthenticator", authenticator)).toStrictEqual(authenticator);
      expect(await call("getAuthenticator", authenticator.credentialID)).toStrictEqual(authenticator);
      expect(await call("getAuthenticator", Buffer.from(randomUUID()).toString("base64"))).toBeNull();
    });

    it("an authenticator created without transports has transports null", async () => {
      const user = await storedUser();
      const { transports: _transports, ...authenticator } = newAuthenticator(user.id);
      expect(await call("createAuthenticator", authenticator)).toStrictEqual({ ...authenticator, transports: null });
      expect(await call("getAuthenticator", authenticator.credentialID)).toStrictEqual({ ...authenticator, transports: null });
    });

    it("listAuthenticatorsByUserId returns the user's authenticators, [] for an unknown user", async () => {
      const user = await storedUser();
      const authenticators = [newAuthenticator(user.id), newAuthenticator(user.id)];
      for (const authenticator of authenticators) await call("createAuthenticator", authenticator);
      const byId = (a: AdapterAuthenticator, b: AdapterAuthenticator) => (a.credentialID < b.credentialID ? -1 : 1);
      expect((await call("listAuthenticatorsByUserId", user.id)).sort(byId)).toStrictEqual(authenticators.sort(byId));
      expect(await call("listAuthenticatorsByUserId", randomUUID())).toStrictEqual([]);
    });

    it("updateAuthenticatorCounter returns the updated authenticator", async () => {
      const user = await storedUser();
      const authenticator = newAuthenticator(user.id);
      await call("createAuthenticator", authenticator);
      expect(await call("updateAuthenticatorCounter", authenticator.credentialID, 7)).toStrictEqual({ ...authenticator, counter: 7 });
      expect(await call("getAuthenticator", authenticator.credentialID)).toStrictEqual({ ...authenticator, counter: 7 });
    });
  });

  describe("Foyer's metadata stays out of Auth.js's methods, and comes from Foyer's own", () => {
    it("a session created with metadata: Auth.js's methods show none of it; getSessionAndUserWithMetadata and listSessions show it", async () => {
      const user = await storedUser();
      const session = newSession(user.id);
      const metadata = { createdAt: at(-2 * DAY), lastSeenAt: at(-DAY), userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", ip: "203.0.113.9" };
      expect(await call("createSession", { ...session, ...metadata })).toStrictEqual(session);
      expect(await call("getSessionAndUser", session.sessionToken)).toStrictEqual({ session, user });

      const lastSeenAt = at(0);
      expect(await call("updateSession", { sessionToken: session.sessionToken, lastSeenAt })).toStrictEqual(session);
      const withMetadata = { ...session, ...metadata, lastSeenAt };
      expect(await call("getSessionAndUserWithMetadata", session.sessionToken)).toStrictEqual({ session: withMetadata, user });
      expect(await call("getSessionAndUserWithMetadata", sha256hex(randomUUID()))).toBeNull();
      expect(await call("listSessions", user.id)).toStrictEqual([withMetadata]);
      expect(await call("deleteSession", session.sessionToken)).toStrictEqual(session);
    });

    it("a passkey's name and dates: Auth.js's methods show none of them; listAuthenticatorsWithMetadata and updateAuthenticator show them", async () => {
      const user = await storedUser();
      const authenticator = newAuthenticator(user.id);
      const metadata = { name: "Laptop", createdAt: at(-DAY), lastUsedAt: null };
      expect(await call("createAuthenticator", { ...authenticator, ...metadata })).toStrictEqual(authenticator);
      const lastUsedAt = at(0);
      expect(await call("updateAuthenticator", authenticator.credentialID, { lastUsedAt })).toStrictEqual({ ...authenticator, ...metadata, lastUsedAt });
      expect(await call("getAuthenticator", authenticator.credentialID)).toStrictEqual(authenticator);
      expect(await call("listAuthenticatorsByUserId", user.id)).toStrictEqual([authenticator]);
      expect(await call("updateAuthenticatorCounter", authenticator.credentialID, 3)).toStrictEqual({ ...authenticator, counter: 3 });
      expect(await call("listAuthenticatorsWithMetadata", user.id)).toStrictEqual([{ ...authenticator, ...metadata, lastUsedAt, counter: 3 }]);
      expect(await call("listAuthenticatorsWithMetadata", randomUUID())).toStrictEqual([]);
    });

    it("createUserWithAccount returns Auth.js's shapes for the user, account, session and authenticator it writes", async () => {
      const user = newUser();
      const { userId: _a, ...account } = newAccount(user.id);
      const { userId: _s, ...session } = newSession(user.id);
      const { userId: _p, ...authenticator } = newAuthenticator(user.id);
      const created = await call("createUserWithAccount", {
        user,
        account,
        session: { ...session, createdAt: at(0), lastSeenAt: at(0), userAgent: "curl/8.5.0", ip: null },
        authenticator: { ...authenticator, name: "Phone" },
      });
      expect(created).toStrictEqual({
        user,
        account: { ...account, userId: user.id },
        session: { ...session, userId: user.id },
        authenticator: { ...authenticator, userId: user.id },
      });
    });
  });
});
