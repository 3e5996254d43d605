/**
 * Provider tokens at rest. Adapters that declare `providerTokens: "encrypted"` (Foyer's own, by
 * default) receive `access_token`, `refresh_token` and `id_token` sealed as JWE with the secret list —
 * the key id picks the secret, so rotation keeps old rows readable. Adapters that do not declare it
 * (any Auth.js adapter, or Foyer's with `providerTokens: "raw"`) get them as they are.
 */
import { decode, encode } from "../jwt/index.js";
import type { Account } from "../types.js";
import { withoutLease } from "./refresh-lease.js";

/** Marks sealed values, so raw values written earlier still read back as they are. */
export const SEALED_PREFIX = "foyer.v1.";
const SALT = "foyer.provider-token";
const FIELDS = ["access_token", "refresh_token", "id_token"] as const;
/** Rows outlive sessions: a sealed value itself never expires (the token inside may). */
const MAX_AGE = 100 * 365 * 24 * 60 * 60;

export async function sealProviderTokens<A extends Partial<Account>>(account: A, secret: string[]): Promise<A> {
  const out: Record<string, unknown> = { ...account };
  for (const field of FIELDS) {
    const value = account[field];
    if (typeof value === "string" && !value.startsWith(SEALED_PREFIX)) {
      out[field] = SEALED_PREFIX + (await encode({ token: { v: value }, secret, salt: SALT, maxAge: MAX_AGE }));
    }
  }
  return out as A;
}

/**
 * The account with its provider tokens readable. A value sealed with a secret that has since been
 * removed from the list comes back `undefined` (the provider must be asked again). A refresh token
 * claimed by a refresh in progress (refresh-lease.ts) reads as the token inside the claim.
 */
export async function openProviderTokens<A extends Partial<Account>>(account: A, secret: string[]): Promise<A> {
  const out: Record<string, unknown> = { ...account };
  for (const field of FIELDS) {
    let value = account[field];
    if (typeof value === "string" && field === "refresh_token") out[field] = value = withoutLease(value);
    if (typeof value !== "string" || !value.startsWith(SEALED_PREFIX)) continue;
    try {
      const payload = await decode<{ v?: unknown }>({ token: value.slice(SEALED_PREFIX.length), secret, salt: SALT });
      out[field] = typeof payload?.v === "string" ? payload.v : undefined;
    } catch {
      out[field] = undefined;
    }
  }
  return out as A;
}
