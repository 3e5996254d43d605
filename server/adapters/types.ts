/**
 * The adapter interface: Auth.js's, method for method (docs/adapters.md#authjs-methods), so an existing Auth.js adapter
 * object works with Foyer unchanged. Every method is optional; configuration validation names the
 * ones a configured feature needs. Auth.js's methods return exactly Auth.js's shapes
 * (`AdapterUser`, `AdapterAccount`, `AdapterSession`, `VerificationToken`, `AdapterAuthenticator`).
 *
 * Foyer adds optional, feature-detected capabilities (session and passkey metadata, listing and
 * revoking sessions, managing passkeys, pruning). Foyer's own adapters implement all of them; an
 * Auth.js adapter simply lacks them, and the features that need them say so. Metadata is read only
 * through these capabilities (`getSessionAndUserWithMetadata`, `listSessions`,
 * `listAuthenticatorsWithMetadata`, …), never from Auth.js's methods.
 *
 * Session tokens: the core passes adapters the SHA-256 hex of the session token, never the token
 * itself, so a database leak yields no usable sessions. Adapters store what they are given.
 */
import type { Account, Awaitable, User } from "../types.js";

/**
 * A stored user, as Auth.js's user methods return it: `id`, `name`, `email`, `emailVerified` and
 * `image` (`null` when not set). Foyer's adapters store no other user fields.
 */
export interface AdapterUser extends User {
  id: string;
  /** Typed `string` as in Auth.js; Foyer's adapters return `null` for a user without an address. */
  email: string;
  /** When the address was proven (an e-mail sign-in), or `null`. */
  emailVerified: Date | null;
}

/** A linked account, as `linkAccount` took it: the token fields the provider returned, and any others. */
export interface AdapterAccount extends Account {
  userId: string;
  type: "oauth" | "oidc" | "email" | "webauthn" | "credentials";
}

/** A database session, as Auth.js's session methods take and return it: these three fields and no others. */
export interface AdapterSession {
  /** What the core gave the adapter: the SHA-256 hex of the cookie's token. */
  sessionToken: string;
  userId: string;
  expires: Date;
}

/**
 * What Foyer records about a database session besides Auth.js's fields, for the user's list of
 * sessions. Stored by adapters that have `listSessions`; read through `listSessions` and
 * `getSessionAndUserWithMetadata`.
 */
export interface SessionMetadata {
  /** When the session was created (the sign-in). */
  createdAt: Date;
  /** When the session was last used; the core updates it at most every five minutes. */
  lastSeenAt: Date;
  /** The browser's `User-Agent` at sign-in (at most 512 characters), or `null`. */
  userAgent: string | null;
  /** The client address at sign-in, when the integration reports it (foyer-auth/node does), or `null`. */
  ip: string | null;
}

/** A session with Foyer's metadata, as `listSessions` and `getSessionAndUserWithMetadata` return it. */
export interface AdapterSessionWithMetadata extends AdapterSession, SessionMetadata {}

/**
 * What `createSession` takes. Foyer's core passes the metadata fields only to adapters that have
 * `listSessions` (which store them); an adapter without metadata gets Auth.js's three fields.
 */
export type NewAdapterSession = AdapterSession & Partial<SessionMetadata>;

/**
 * What `updateSession` takes: the session's key and the fields to change. `lastSeenAt`, `userAgent`
 * and `ip` reach only adapters with `listSessions`; `createdAt` never changes.
 */
export type AdapterSessionUpdate = Partial<AdapterSession> & Pick<AdapterSession, "sessionToken"> & Partial<Omit<SessionMetadata, "createdAt">>;

/** An e-mail sign-in token, as the verification-token methods take and return it. */
export interface VerificationToken {
  /** The address the link was sent to. */
  identifier: string;
  expires: Date;
  /** Already hashed by the core (`sha256hex(token + secret)`). */
  token: string;
}

/** A passkey's authenticator, as Auth.js's WebAuthn methods take and return it: these fields and no others. */
export interface AdapterAuthenticator {
  /** The credential id, standard base64. */
  credentialID: string;
  userId: string;
  /** The `webauthn` account this passkey signs in (Foyer: the credential id). */
  providerAccountId: string;
  /** The credential's public key, standard base64. */
  credentialPublicKey: string;
  /** The signature counter. */
  counter: number;
  /** `"singleDevice"` or `"multiDevice"`. */
  credentialDeviceType: string;
  credentialBackedUp: boolean;
  /** The transports, comma-joined (`"internal,hybrid"`); `null` when the browser named none. */
  transports?: string | null;
}

/**
 * What Foyer records about a passkey besides Auth.js's fields, for passkey management. Read through
 * `listAuthenticatorsWithMetadata`, `updateAuthenticator` and `deleteAuthenticator`.
 */
export interface AuthenticatorMetadata {
  /** The name the user gave the passkey, or `null`. */
  name: string | null;
  /** When the passkey was registered. */
  createdAt: Date;
  /** When it last signed someone in, or `null`. */
  lastUsedAt: Date | null;
}

/** A passkey's authenticator with Foyer's metadata. */
export interface AdapterAuthenticatorWithMetadata extends AdapterAuthenticator, AuthenticatorMetadata {}

/** What `createAuthenticator` takes; Foyer's adapters also store the metadata fields given (missing: `null`, and `createdAt` now). */
export type NewAdapterAuthenticator = AdapterAuthenticator & Partial<AuthenticatorMetadata>;

/**
 * The token fields `updateAccountTokens` writes. A field that is absent stays as it is; `null` clears
 * it. Values arrive as they are to be stored (sealed when the adapter asked for `"encrypted"`).
 */
export interface AccountTokensUpdate {
  access_token?: string | null;
  refresh_token?: string | null;
  /** Seconds since the epoch. */
  expires_at?: number | null;
  id_token?: string | null;
  token_type?: string | null;
  scope?: string | null;
}

/**
 * Auth.js's adapter methods, with Auth.js's signatures. Each returns exactly Auth.js's shape (no
 * Foyer metadata): Foyer's adapters pass a suite that compares every result with `toStrictEqual`
 * (server/adapters/authjs-shapes.test.ts).
 */
export interface AuthjsAdapter {
  /** Stores the user (the core gives it an `id`) and returns it. */
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  /** The user with this id, or `null`. */
  getUser?(id: string): Awaitable<AdapterUser | null>;
  /** The user with this address, or `null`. */
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  /** The user this provider account is linked to, or `null`. */
  getUserByAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterUser | null>;
  /** Changes the fields given and returns the whole updated user. */
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  /** Deletes the user with their sessions, accounts and passkeys. Foyer's adapters return the deleted user (`null` when unknown). */
  deleteUser?(userId: string): Awaitable<AdapterUser | null | undefined | void>;
  /** Stores the account. Foyer's adapters return it as given. */
  linkAccount?(account: AdapterAccount): Awaitable<AdapterAccount | null | undefined | void>;
  /** Deletes the account. Foyer's adapters return it, `undefined` when there was none. */
  unlinkAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterAccount | undefined | void>;
  /** Stores the session and returns it as an `AdapterSession` (without metadata, even when given some). */
  createSession?(session: NewAdapterSession): Awaitable<AdapterSession>;
  /** The session (`AdapterSession`, without metadata) and its user, or `null`. */
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  /** Changes `expires` (and the metadata the core sends: `lastSeenAt`); returns the session without metadata, `null` when unknown. */
  updateSession?(session: AdapterSessionUpdate): Awaitable<AdapterSession | null | undefined>;
  /** Deletes the session. Foyer's adapters return it (without metadata), `null` when unknown; the `signOut` event gets it. */
  deleteSession?(sessionToken: string): Awaitable<AdapterSession | null | undefined | void>;
  /** Stores the token and returns it. */
  createVerificationToken?(verificationToken: VerificationToken): Awaitable<VerificationToken | null | undefined>;
  /** Deletes and returns the token matching both fields, or `null`: a token works once. */
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;
  /** The account, or `null`. */
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>;
  /** The authenticator (without metadata), or `null`. */
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  /** Stores the authenticator and returns it as an `AdapterAuthenticator` (without metadata, even when given some). */
  createAuthenticator?(authenticator: NewAdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  /** The user's authenticators (without metadata); `[]` for an unknown user. */
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>;
  /** Sets the counter and returns the authenticator (without metadata); rejects for an unknown id. */
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>;
}

/** Foyer's optional capabilities, detected by presence. */
export interface FoyerAdapterCapabilities {
  /**
   * `"encrypted"`: the core seals `access_token`, `refresh_token` and `id_token` with the secret list
   * before `linkAccount` (read them back with `readAccountTokens`). Foyer's adapters default to it;
   * absent (Auth.js adapters) or `"raw"`: tokens are stored as they are.
   */
  providerTokens?: "encrypted" | "raw";
  /**
   * The user's unexpired sessions with their metadata, newest first. Its presence also says the
   * adapter stores session metadata (`createdAt`, `lastSeenAt`, `userAgent`, `ip`), so the core
   * passes those fields to `createSession` and `updateSession`.
   */
  listSessions?(userId: string): Awaitable<AdapterSessionWithMetadata[]>;
  /**
   * `getSessionAndUser` with the session's metadata. When present, the core reads sessions through it
   * (one query, as before), so it knows when `lastSeenAt` was written and updates it at most every
   * five minutes; without it, an adapter with `listSessions` gets `lastSeenAt` on every session read.
   */
  getSessionAndUserWithMetadata?(sessionToken: string): Awaitable<{ session: AdapterSessionWithMetadata; user: AdapterUser } | null>;
  /** Deletes every session of the user except those listed; returns how many were deleted. */
  deleteSessions?(userId: string, options?: { except?: string[] }): Awaitable<number>;
  /** The user's linked accounts, by provider and provider account id. */
  listAccounts?(userId: string): Awaitable<AdapterAccount[]>;
  /**
   * Compare-and-swap of an account's provider tokens, for refreshing them (`refreshTokens` on a
   * provider): writes `next` only if the account's stored `refresh_token` is still exactly
   * `expected.refresh_token` (as stored, sealed or not; `null` matches an account without one), in
   * one atomic step. Returns `true` when it wrote, `false` when the account is gone or its refresh
   * token differs — and then writes nothing. This is what lets several processes share one refresh.
   */
  updateAccountTokens?(
    account: Pick<AdapterAccount, "provider" | "providerAccountId">,
    expected: { refresh_token: string | null },
    next: AccountTokensUpdate,
  ): Awaitable<boolean>;
  /**
   * The user's authenticators with their metadata, oldest first (`[]` for an unknown user). Passkey
   * management lists passkeys through it; without it, the list has no names or dates.
   */
  listAuthenticatorsWithMetadata?(userId: string): Awaitable<AdapterAuthenticatorWithMetadata[]>;
  /** Deletes a passkey and the `webauthn` account it signs in; returns the deleted authenticator, `null` for an unknown id. */
  deleteAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticatorWithMetadata | null | undefined>;
  /** Renames a passkey (`name`) or records its use (`lastUsedAt`); fields not given stay. `null` for an unknown id. */
  updateAuthenticator?(credentialID: string, data: { name?: string | null; lastUsedAt?: Date | null }): Awaitable<AdapterAuthenticatorWithMetadata | null>;
  /** Deletes expired sessions and verification tokens; returns how many rows went. */
  pruneExpired?(): Awaitable<number>;
  /**
   * Creates a user and links the account they signed in with (and optionally a session and a
   * passkey's authenticator), all or nothing. When present, the core uses it for first sign-ins and
   * passkey sign-ups, so a crash never leaves a user without their account, nor a passkey account
   * without its passkey. An adapter that has the method must honour `authenticator`. Returns what
   * it wrote in Auth.js's shapes, as `createUser`, `linkAccount`, `createSession` and
   * `createAuthenticator` would.
   */
  createUserWithAccount?(input: {
    user: Omit<AdapterUser, "id"> & { id?: string };
    account: Omit<AdapterAccount, "userId">;
    session?: Omit<NewAdapterSession, "userId">;
    authenticator?: Omit<NewAdapterAuthenticator, "userId">;
  }): Awaitable<{ user: AdapterUser; account: AdapterAccount; session?: AdapterSession; authenticator?: AdapterAuthenticator }>;
}

/** What `adapter` in the configuration takes: Auth.js's methods and Foyer's capabilities, all optional. */
export interface Adapter extends AuthjsAdapter, FoyerAdapterCapabilities {}

/** An adapter holding a connection to release. */
export interface ClosableAdapter extends Adapter {
  close(): Promise<void>;
  /** Applies pending schema migrations (they also run by themselves before the first query). */
  migrate?(): Promise<void>;
}
