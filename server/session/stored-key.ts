/**
 * Which row of the adapter holds a database session, given the token in the cookie. A row is keyed in
 * one of two forms:
 *
 * - `hashed`: the token's SHA-256 in lowercase hex. What Foyer writes by default, so that a copy of
 *   the sessions table opens no session.
 * - `raw`: the token itself. What Auth.js writes, and what Foyer writes with `session.storeRawTokens`
 *   so that Auth.js can read Foyer's sessions during a rollout (docs/compatibility.md#rolling-out-over-database-sessions).
 *
 * Lookups find either form, so reading, signing out and revoking work whichever wrote the row; a read
 * then moves the row to the form the config writes (`rekey`).
 */
import { findSessionAndUser } from "../adapters/metadata.js";
import type { Adapter, NewAdapterSession, SessionMetadata } from "../adapters/types.js";
import { HASHED_SESSION_KEY, hashSessionToken } from "../adapters/wrap.js";
import type { StoredSession } from "./types.js";

export type KeyForm = "hashed" | "raw";

/** A session row as found, with the form of its key. */
export interface LocatedSession extends StoredSession {
  form: KeyForm;
}

/** What the session options say about keys: `rawTokens` is `session.storeRawTokens`. */
export interface KeyPolicy {
  rawTokens: boolean;
  /** Whether the adapter stores Foyer's session metadata (copied when a row is re-keyed). */
  metadata: boolean;
}

/** The key a new session's row gets. */
export async function keyFor(token: string, policy: KeyPolicy): Promise<string> {
  return policy.rawTokens ? token : hashSessionToken(token);
}

/**
 * The row of `token` in either form, changing nothing. The form the config writes is tried first, and
 * once more last (see below).
 *
 * A raw lookup matches whatever string the cookie presents, so presenting a *hashed key* (someone's,
 * taken from a database dump or a log) would find that row. The raw lookup therefore skips tokens of
 * the hashed shape and accepts only rows whose key cannot be a hashed one: the decision rests on the
 * row the adapter returned, so no cookie value can make a hashed row pass as a raw one. The price: a
 * raw token that is itself 64 lowercase hex characters (only a custom `generateSessionToken` makes
 * one) is never found.
 */
export async function locateSession(adapter: Adapter, token: string, policy: KeyPolicy): Promise<LocatedSession | null> {
  const hashed = async (): Promise<LocatedSession | null> => {
    const key = await hashSessionToken(token);
    const found = await findSessionAndUser(adapter, key);
    return found ? { ...found, key, form: "hashed" } : null;
  };
  const raw = async (): Promise<LocatedSession | null> => {
    if (HASHED_SESSION_KEY.test(token)) return null;
    const found = await findSessionAndUser(adapter, token);
    if (!found || HASHED_SESSION_KEY.test(found.session.sessionToken)) return null;
    return { ...found, key: token, form: "raw" };
  };
  const [wanted, other] = policy.rawTokens ? [raw, hashed] : [hashed, raw];
  // The wanted form is looked at again when both miss: another request reading the same row can
  // re-key it (write it in the wanted form, then delete the other) between our two lookups, and the
  // row only ever moves towards the form this config writes.
  return (await wanted()) ?? (await other()) ?? (await wanted());
}

/**
 * Moves a row to the form the config writes — hashed by default, raw with `session.storeRawTokens` —
 * and returns it as stored now. The new row is written first: if deleting the old one then fails, the
 * next lookup finds the new one.
 */
export async function rekey(adapter: Adapter, located: LocatedSession, token: string, policy: KeyPolicy): Promise<StoredSession> {
  const wanted: KeyForm = policy.rawTokens ? "raw" : "hashed";
  if (located.form === wanted) return located;
  const key = await keyFor(token, policy);
  const { session, metadata } = located;
  try {
    await adapter.createSession!(rowFor(key, located, policy));
  } catch (error) {
    // Another request re-keyed the same row at the same moment: its copy is as good as ours.
    const moved = await findSessionAndUser(adapter, key);
    if (!moved) throw error;
    return { ...moved, key };
  }
  await adapter.deleteSession!(located.key);
  return { session: { sessionToken: key, userId: session.userId, expires: session.expires }, user: located.user, metadata, key };
}

/**
 * The row to write under `key`: the fields of Auth.js's session shape, plus Foyer's metadata when the
 * adapter stores it. Not the whole row: an adapter may return columns of its own (an `id`) that its
 * `createSession` refuses or would duplicate.
 */
function rowFor(key: string, { session, metadata }: LocatedSession, policy: KeyPolicy): NewAdapterSession {
  const row: NewAdapterSession = { sessionToken: key, userId: session.userId, expires: session.expires };
  return policy.metadata && metadata ? { ...row, ...(metadata satisfies SessionMetadata) } : row;
}
