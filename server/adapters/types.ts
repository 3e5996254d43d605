/**
 * The adapter interface: Auth.js's, method for method (docs/adapters.md#authjs-methods), so an existing Auth.js adapter
 * object works with Foyer unchanged. Every method is optional; configuration validation names the
 * ones a configured feature needs.
 *
 * Foyer adds optional, feature-detected capabilities (session metadata, listing and revoking
 * sessions, managing passkeys, pruning). Foyer's own adapters implement all of them; an Auth.js
 * adapter simply lacks them, and the features that need them say so.
 *
 * Session tokens: the core passes adapters the SHA-256 hex of the session token, never the token
 * itself, so a database leak yields no usable sessions. Adapters store what they are given.
 */
import type { Account, Awaitable, User } from "../types.js";

export interface AdapterUser extends User {
  id: string;
  email: string;
  emailVerified: Date | null;
}

export interface AdapterAccount extends Account {
  userId: string;
  type: "oauth" | "oidc" | "email" | "webauthn" | "credentials";
}

export interface AdapterSession {
  /** What the core gave the adapter: the SHA-256 hex of the cookie's token. */
  sessionToken: string;
  userId: string;
  expires: Date;
  /** Foyer session metadata (adapters with session management). */
  createdAt?: Date;
  lastSeenAt?: Date;
  userAgent?: string | null;
  ip?: string | null;
}

export interface VerificationToken {
  identifier: string;
  expires: Date;
  /** Already hashed by the core (`sha256hex(token + secret)`). */
  token: string;
}

export interface AdapterAuthenticator {
  credentialID: string;
  userId: string;
  providerAccountId: string;
  credentialPublicKey: string;
  counter: number;
  credentialDeviceType: string;
  credentialBackedUp: boolean;
  transports?: string | null;
  /** Foyer passkey management. */
  name?: string | null;
  createdAt?: Date;
  lastUsedAt?: Date | null;
}

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

/** Auth.js's adapter methods. */
export interface AuthjsAdapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  deleteUser?(userId: string): Awaitable<AdapterUser | null | undefined | void>;
  linkAccount?(account: AdapterAccount): Awaitable<AdapterAccount | null | undefined | void>;
  unlinkAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterAccount | undefined | void>;
  createSession?(session: AdapterSession): Awaitable<AdapterSession>;
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  /** Updates `expires` and the metadata the core sends (`lastSeenAt`); `createdAt` never changes. */
  updateSession?(session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">): Awaitable<AdapterSession | null | undefined>;
  deleteSession?(sessionToken: string): Awaitable<AdapterSession | null | undefined | void>;
  createVerificationToken?(verificationToken: VerificationToken): Awaitable<VerificationToken | null | undefined>;
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>;
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>;
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
   * The user's unexpired sessions, newest first. Its presence also says the adapter stores session metadata
   * (`createdAt`, `lastSeenAt`, `userAgent`, `ip`), so the core passes those fields.
   */
  listSessions?(userId: string): Awaitable<AdapterSession[]>;
  /** Deletes every session of the user except those listed; returns how many were deleted. */
  deleteSessions?(userId: string, options?: { except?: string[] }): Awaitable<number>;
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
  /** Deletes a passkey and the `webauthn` account it signs in. */
  deleteAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null | undefined>;
  updateAuthenticator?(credentialID: string, data: { name?: string | null; lastUsedAt?: Date | null }): Awaitable<AdapterAuthenticator | null>;
  /** Deletes expired sessions and verification tokens; returns how many rows went. */
  pruneExpired?(): Awaitable<number>;
  /**
   * Creates a user and links the account they signed in with (and optionally a session and a
   * passkey's authenticator), all or nothing. When present, the core uses it for first sign-ins and
   * passkey sign-ups, so a crash never leaves a user without their account, nor a passkey account
   * without its passkey. An adapter that has the method must honour `authenticator`.
   */
  createUserWithAccount?(input: {
    user: Omit<AdapterUser, "id"> & { id?: string };
    account: Omit<AdapterAccount, "userId">;
    session?: Omit<AdapterSession, "userId">;
    authenticator?: Omit<AdapterAuthenticator, "userId">;
  }): Awaitable<{ user: AdapterUser; account: AdapterAccount; session?: AdapterSession; authenticator?: AdapterAuthenticator }>;
}

export interface Adapter extends AuthjsAdapter, FoyerAdapterCapabilities {}

/** An adapter holding a connection to release. */
export interface ClosableAdapter extends Adapter {
  close(): Promise<void>;
  /** Applies pending schema migrations (they also run by themselves before the first query). */
  migrate?(): Promise<void>;
}
