/**
 * The user record a sign-in hands to `createUser`. A user without an e-mail address (an OAuth profile
 * that hides it, `email: null` as GitHub's API answers, a credentials user with none) gets no `email`
 * at all, as Auth.js passes none: adapters store NULL. An empty string would be stored as an address,
 * and a unique `email` column (Drizzle's and Kysely's documented schemas) then refuses the second such
 * user.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { User } from "../types.js";

/** The address as a sign-in may store or look up: a non-empty string, or `undefined` for none. */
export function presentEmail(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * `user` as `createUser` takes it: `emailVerified` null, and `email` only when there is one (the key
 * left out otherwise). `AdapterUser` types `email` as a string, as Auth.js's does, so the absent key is
 * asserted here, in one place.
 */
export function newUserRecord(user: User & { id: string }): AdapterUser {
  const { email, ...rest } = user;
  const address = presentEmail(email);
  return { ...rest, ...(address === undefined ? {} : { email: address }), emailVerified: null } as AdapterUser;
}
