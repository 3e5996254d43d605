/**
 * An in-memory adapter for tests and demos: every Auth.js method and every Foyer capability,
 * behaving like the SQL adapters (same uniqueness rules and foreign keys, same orderings, same
 * cascades). Data lives as long as the adapter object; nothing is shared between two
 * `MemoryAdapter()` calls.
 *
 * ```ts
 * import MemoryAdapter from "foyer-auth/adapters/memory";
 * const adapter = MemoryAdapter();
 * ```
 */
import { randomUUID } from "node:crypto";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterAuthenticatorWithMetadata,
  AdapterSession,
  AdapterSessionWithMetadata,
  AdapterUser,
  NewAdapterAuthenticator,
  NewAdapterSession,
  VerificationToken,
} from "./types.js";

/** A deep copy, so callers never hold a reference to stored state (Dates stay Dates). */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Drops `undefined` fields, so a partial update never overwrites with `undefined`. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const key = (...parts: string[]) => JSON.stringify(parts);

/** A stored session as Auth.js's methods return it: without Foyer's metadata. */
function plainSession({ sessionToken, userId, expires }: AdapterSessionWithMetadata): AdapterSession {
  return copy({ sessionToken, userId, expires });
}

/** A stored authenticator as Auth.js's methods return it: without Foyer's metadata. */
function plainAuthenticator({
  name: _name,
  createdAt: _createdAt,
  lastUsedAt: _lastUsedAt,
  ...authenticator
}: AdapterAuthenticatorWithMetadata): AdapterAuthenticator {
  return copy(authenticator);
}

/** The account fields `updateAccountTokens` may write. */
const TOKEN_FIELDS = ["access_token", "refresh_token", "expires_at", "id_token", "token_type", "scope"] as const;

export interface MemoryAdapterOptions {
  /** `"encrypted"` (default): OAuth tokens stored sealed with the secret list; `"raw"` to keep them readable. */
  providerTokens?: "encrypted" | "raw";
}

export default function MemoryAdapter(options: MemoryAdapterOptions = {}): Adapter {
  const users = new Map<string, AdapterUser>();
  const accounts = new Map<string, AdapterAccount>(); // by [provider, providerAccountId]
  const sessions = new Map<string, AdapterSessionWithMetadata>(); // by sessionToken
  const tokens = new Map<string, VerificationToken>(); // by [identifier, token]
  const authenticators = new Map<string, AdapterAuthenticatorWithMetadata>(); // by credentialID

  /** The user with this email; "" and null mean "no email" and match nobody. */
  function userWithEmail(email: string | null | undefined): AdapterUser | undefined {
    if (!email) return undefined;
    for (const user of users.values()) if (user.email === email) return user;
    return undefined;
  }

  /** Like the SQL adapters' foreign keys: rows belong to an existing user. */
  function requireUser(userId: string, method: string): void {
    if (!users.has(userId)) throw new Error(`${method}: no user with id ${JSON.stringify(userId)}`);
  }

  function userFields(user: Partial<AdapterUser>): Partial<AdapterUser> {
    const { name, email, emailVerified, image } = user;
    return defined({ name, email, emailVerified, image });
  }

  function sessionFor(session: NewAdapterSession): AdapterSessionWithMetadata {
    const createdAt = session.createdAt ?? new Date();
    return {
      sessionToken: session.sessionToken,
      userId: session.userId,
      expires: session.expires,
      createdAt,
      lastSeenAt: session.lastSeenAt ?? createdAt,
      userAgent: session.userAgent ?? null,
      ip: session.ip ?? null,
    };
  }

  function byCreation(a: AdapterAuthenticatorWithMetadata, b: AdapterAuthenticatorWithMetadata): number {
    return a.createdAt.getTime() - b.createdAt.getTime() || (a.credentialID < b.credentialID ? -1 : a.credentialID > b.credentialID ? 1 : 0);
  }

  /** The user's stored authenticators, oldest first (the stored objects: copy before returning). */
  function authenticatorsOf(userId: string): AdapterAuthenticatorWithMetadata[] {
    return [...authenticators.values()].filter((a) => a.userId === userId).sort(byCreation);
  }

  function deleteWhere<V>(map: Map<string, V>, predicate: (value: V) => boolean): number {
    let deleted = 0;
    for (const [k, v] of map) {
      if (predicate(v)) {
        map.delete(k);
        deleted++;
      }
    }
    return deleted;
  }

  const adapter: Adapter = {
    providerTokens: options.providerTokens ?? "encrypted",

    // --- users -------------------------------------------------------------------------------

    createUser(user) {
      const id = user.id || randomUUID();
      if (users.has(id)) throw new Error(`createUser: a user with id ${JSON.stringify(id)} exists`);
      if (userWithEmail(user.email)) throw new Error("createUser: a user with this email exists");
      const stored: AdapterUser = {
        id,
        name: null,
        image: null,
        ...userFields(user),
        email: (user.email || null) as string,
        emailVerified: user.emailVerified ?? null,
      };
      users.set(id, stored);
      return copy(stored);
    },

    getUser(id) {
      const user = users.get(id);
      return user ? copy(user) : null;
    },

    getUserByEmail(email) {
      const user = userWithEmail(email);
      return user ? copy(user) : null;
    },

    getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(key(provider, providerAccountId));
      const user = account && users.get(account.userId);
      return user ? copy(user) : null;
    },

    updateUser(user) {
      const stored = users.get(user.id);
      if (!stored) throw new Error(`updateUser: no user with id ${JSON.stringify(user.id)}`);
      const changes = userFields(user);
      if (changes.email !== undefined && changes.email !== stored.email && userWithEmail(changes.email)) {
        throw new Error("updateUser: a user with this email exists");
      }
      if (changes.email !== undefined) changes.email = (changes.email || null) as string;
      const updated = { ...stored, ...changes };
      users.set(user.id, updated);
      return copy(updated);
    },

    deleteUser(userId) {
      const user = users.get(userId);
      deleteWhere(sessions, (s) => s.userId === userId);
      deleteWhere(accounts, (a) => a.userId === userId);
      deleteWhere(authenticators, (a) => a.userId === userId);
      users.delete(userId);
      return user ? copy(user) : null;
    },

    // --- accounts ----------------------------------------------------------------------------

    linkAccount(account) {
      const k = key(account.provider, account.providerAccountId);
      requireUser(account.userId, "linkAccount");
      if (accounts.has(k)) throw new Error("linkAccount: this provider account is linked already");
      const stored = copy(defined(account)) as AdapterAccount;
      accounts.set(k, stored);
      return copy(stored);
    },

    unlinkAccount({ provider, providerAccountId }) {
      const k = key(provider, providerAccountId);
      const account = accounts.get(k);
      accounts.delete(k);
      return account ? copy(account) : undefined;
    },

    getAccount(providerAccountId, provider) {
      const account = accounts.get(key(provider, providerAccountId));
      return account ? copy(account) : null;
    },

    listAccounts(userId) {
      return [...accounts.values()]
        .filter((a) => a.userId === userId)
        .sort((a, b) => (a.provider === b.provider ? (a.providerAccountId < b.providerAccountId ? -1 : 1) : a.provider < b.provider ? -1 : 1))
        .map(copy);
    },

    updateAccountTokens({ provider, providerAccountId }, expected, next) {
      const stored = accounts.get(key(provider, providerAccountId));
      // Synchronous from check to write: nothing can run in between, so this is a true compare-and-swap.
      if (!stored || (stored.refresh_token ?? null) !== expected.refresh_token) return false;
      const fields = stored as Record<string, unknown>;
      for (const field of TOKEN_FIELDS) {
        const value = next[field];
        if (value === undefined) continue;
        if (value === null) delete fields[field];
        else fields[field] = value;
      }
      return true;
    },

    // --- sessions ----------------------------------------------------------------------------

    createSession(session) {
      requireUser(session.userId, "createSession");
      if (sessions.has(session.sessionToken)) throw new Error("createSession: this session token exists");
      const stored = sessionFor(session);
      sessions.set(stored.sessionToken, stored);
      return plainSession(stored);
    },

    getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session && users.get(session.userId);
      return session && user ? { session: plainSession(session), user: copy(user) } : null;
    },

    getSessionAndUserWithMetadata(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session && users.get(session.userId);
      return session && user ? { session: copy(session), user: copy(user) } : null;
    },

    updateSession(session) {
      const stored = sessions.get(session.sessionToken);
      if (!stored) return null;
      const { expires, userId, lastSeenAt, userAgent, ip } = session;
      if (userId !== undefined) requireUser(userId, "updateSession");
      const updated = { ...stored, ...defined({ expires, userId, lastSeenAt, userAgent, ip }) };
      sessions.set(updated.sessionToken, updated);
      return plainSession(updated);
    },

    deleteSession(sessionToken) {
      const session = sessions.get(sessionToken);
      sessions.delete(sessionToken);
      return session ? plainSession(session) : null;
    },

    listSessions(userId) {
      const now = Date.now();
      return [...sessions.values()]
        .filter((s) => s.userId === userId && s.expires.getTime() > now)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.sessionToken < b.sessionToken ? -1 : 1))
        .map(copy);
    },

    deleteSessions(userId, options) {
      const except = new Set(options?.except ?? []);
      return deleteWhere(sessions, (s) => s.userId === userId && !except.has(s.sessionToken));
    },

    // --- verification tokens -----------------------------------------------------------------

    createVerificationToken(token) {
      const k = key(token.identifier, token.token);
      if (tokens.has(k)) throw new Error("createVerificationToken: this token exists");
      const stored = { identifier: token.identifier, token: token.token, expires: token.expires };
      tokens.set(k, stored);
      return copy(stored);
    },

    useVerificationToken({ identifier, token }) {
      // Both fields must match (R-VTOK-03); the token is gone after its first use.
      const k = key(identifier, token);
      const stored = tokens.get(k);
      tokens.delete(k);
      return stored ? copy(stored) : null;
    },

    // --- authenticators ----------------------------------------------------------------------

    createAuthenticator(authenticator) {
      requireUser(authenticator.userId, "createAuthenticator");
      if (authenticators.has(authenticator.credentialID)) throw new Error("createAuthenticator: this credential exists");
      const stored: AdapterAuthenticatorWithMetadata = {
        ...copy(defined(authenticator) as NewAdapterAuthenticator),
        transports: authenticator.transports ?? null,
        name: authenticator.name ?? null,
        createdAt: authenticator.createdAt ?? new Date(),
        lastUsedAt: authenticator.lastUsedAt ?? null,
      };
      authenticators.set(stored.credentialID, stored);
      return plainAuthenticator(stored);
    },

    getAuthenticator(credentialID) {
      const authenticator = authenticators.get(credentialID);
      return authenticator ? plainAuthenticator(authenticator) : null;
    },

    listAuthenticatorsByUserId(userId) {
      return authenticatorsOf(userId).map(plainAuthenticator);
    },

    listAuthenticatorsWithMetadata(userId) {
      return authenticatorsOf(userId).map(copy);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const stored = authenticators.get(credentialID);
      if (!stored) throw new Error(`updateAuthenticatorCounter: no authenticator with id ${JSON.stringify(credentialID)}`);
      stored.counter = newCounter;
      return plainAuthenticator(stored);
    },

    updateAuthenticator(credentialID, data) {
      const stored = authenticators.get(credentialID);
      if (!stored) return null;
      if (data.name !== undefined) stored.name = data.name;
      if (data.lastUsedAt !== undefined) stored.lastUsedAt = data.lastUsedAt;
      return copy(stored);
    },

    deleteAuthenticator(credentialID) {
      const stored = authenticators.get(credentialID);
      if (!stored) return null;
      authenticators.delete(credentialID);
      const stillUsed = [...authenticators.values()].some((a) => a.userId === stored.userId && a.providerAccountId === stored.providerAccountId);
      if (!stillUsed) {
        deleteWhere(accounts, (a) => a.userId === stored.userId && a.type === "webauthn" && a.providerAccountId === stored.providerAccountId);
      }
      return copy(stored);
    },

    // --- housekeeping ------------------------------------------------------------------------

    pruneExpired() {
      const now = Date.now();
      return deleteWhere(sessions, (s) => s.expires.getTime() < now) + deleteWhere(tokens, (t) => t.expires.getTime() < now);
    },

    // --- several rows at once ----------------------------------------------------------------

    createUserWithAccount({ user, account, session, authenticator }) {
      // All or nothing, like the SQL adapters' transaction: every write below is synchronous, so
      // nothing else runs in between, and a write that throws (a taken address, account, credential
      // or token) takes the new user and everything written for it with it.
      const created = adapter.createUser!(user as AdapterUser) as AdapterUser;
      try {
        const linked = adapter.linkAccount!({ ...account, userId: created.id } as AdapterAccount) as AdapterAccount;
        const result: { user: AdapterUser; account: AdapterAccount; session?: AdapterSession; authenticator?: AdapterAuthenticator } = {
          user: created,
          account: linked,
        };
        if (authenticator) result.authenticator = adapter.createAuthenticator!({ ...authenticator, userId: created.id }) as AdapterAuthenticator;
        if (session) result.session = adapter.createSession!({ ...session, userId: created.id }) as AdapterSession;
        return result;
      } catch (error) {
        adapter.deleteUser!(created.id);
        throw error;
      }
    },
  };
  return adapter;
}
