/**
 * Reading Foyer's metadata through an adapter that may not have Foyer's capabilities. Auth.js's
 * methods return Auth.js's shapes only, so the metadata comes from Foyer's own methods when the
 * adapter has them; an Auth.js adapter gets the same answers without metadata.
 */
import type { Adapter, AdapterAuthenticator, AdapterSession, AdapterUser, AuthenticatorMetadata, SessionMetadata } from "./types.js";

/** A session found by its key: Auth.js's session and user, and the metadata when the adapter has it. */
export interface SessionAndUserWithMetadata {
  /** As `getSessionAndUser` returns it (an Auth.js adapter's extra fields included). */
  session: AdapterSession;
  user: AdapterUser;
  /** `null` when the adapter has no `getSessionAndUserWithMetadata`. */
  metadata: SessionMetadata | null;
}

/**
 * The session stored under `key` and its user, in one adapter call: `getSessionAndUserWithMetadata`
 * when the adapter has it (its metadata split off, so `session` is what `getSessionAndUser` would
 * have returned), else `getSessionAndUser`.
 */
export async function findSessionAndUser(adapter: Adapter, key: string): Promise<SessionAndUserWithMetadata | null> {
  if (typeof adapter.getSessionAndUserWithMetadata === "function") {
    const found = await adapter.getSessionAndUserWithMetadata(key);
    if (!found) return null;
    const { createdAt, lastSeenAt, userAgent, ip, ...session } = found.session;
    return { session, user: found.user, metadata: { createdAt, lastSeenAt, userAgent, ip } };
  }
  const found = await adapter.getSessionAndUser!(key);
  return found ? { session: found.session, user: found.user, metadata: null } : null;
}

/** An authenticator with whatever metadata the adapter keeps (none for an Auth.js adapter). */
export type AuthenticatorWithAnyMetadata = AdapterAuthenticator & Partial<AuthenticatorMetadata>;

/** The user's authenticators: with metadata through `listAuthenticatorsWithMetadata`, else `listAuthenticatorsByUserId`'s. */
export async function listAuthenticators(adapter: Adapter, userId: string): Promise<AuthenticatorWithAnyMetadata[]> {
  if (typeof adapter.listAuthenticatorsWithMetadata === "function") return adapter.listAuthenticatorsWithMetadata(userId);
  return adapter.listAuthenticatorsByUserId!(userId);
}
