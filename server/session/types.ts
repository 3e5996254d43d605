/**
 * The one interface between the request handlers and the two session strategies: sessions kept in an
 * encrypted cookie (`cookie-session.ts`) and sessions kept by the adapter (`database-session.ts`).
 * Handlers never ask which strategy is configured; they ask the strategy (`sessionStrategyOf` in
 * `strategy.ts`) and, where the strategies differ in what they can do, read `storesSessions`.
 */
import type { AdapterSession, AdapterUser, SessionMetadata } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import type { Account, Cookie, Profile, ResponseInternal, Session, User } from "../types.js";

/** What a successful sign-in of any provider kind hands to the session. */
export interface SignInResult {
  user: User;
  account: Account | null;
  profile?: Profile;
  isNewUser?: boolean;
  /**
   * The stored user's id, which a database session points at. A cookie session names its user by
   * `user.id` instead (a fresh random id when that is empty, as Auth.js).
   */
  userId: string;
}

/** A database session as found through the adapter. */
export interface StoredSession {
  /** As the adapter's `getSessionAndUser` returns it (no Foyer metadata). */
  session: AdapterSession;
  user: AdapterUser;
  /** Foyer's session metadata, when the adapter has `getSessionAndUserWithMetadata`; else `null`. */
  metadata: SessionMetadata | null;
  /** The stored key: the token's hash, or the token itself in a raw row (`stored-key.ts`). */
  key: string;
}

export interface SessionStrategy {
  /**
   * Whether each session is a row in the adapter that points at a stored user. Then every signed-in
   * user must exist in the adapter (a credentials user is stored on first sign-in), and the server can
   * list a user's sessions and end them one by one.
   */
  readonly storesSessions: boolean;
  /** `GET /session` and, with the client's data as `update`, `POST /session`. */
  read(ctx: RequestContext, update?: { data: unknown }): Promise<ResponseInternal<Session | null>>;
  /** Starts the session after a successful sign-in; returns the cookies that carry it. */
  issue(ctx: RequestContext, result: SignInResult): Promise<Cookie[]>;
  /**
   * Ends this browser's session and fires the `signOut` event; returns the cookies that delete it
   * (none when the browser had no session cookie).
   */
  signOut(ctx: RequestContext): Promise<Cookie[]>;
  /** The signed-in user as the adapter stores them; `null` when nobody is, or on any error. */
  currentUser(ctx: RequestContext): Promise<AdapterUser | null>;
  /** This browser's unexpired session row (deleted when it has expired); always `null` for cookie sessions. */
  storedSession(ctx: RequestContext): Promise<StoredSession | null>;
  /**
   * Whether this browser holds a valid session for a user the adapter does not store — a credentials
   * user with cookie sessions, whom Foyer (like Auth.js) never writes to the adapter. Such a user is
   * signed in, yet has nothing passkeys could be attached to.
   */
  signedInButNotStored(ctx: RequestContext): Promise<boolean>;
}
