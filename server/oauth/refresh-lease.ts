/**
 * The claim a process puts on an account's refresh token while it refreshes it (see refresh-stored.ts):
 * the stored `refresh_token` is swapped, with the adapter's compare-and-swap, for a marker that names
 * when the claim lapses and wraps the stored value. Other processes see the marker and wait instead
 * of spending the same refresh token; if the claimer dies, the claim lapses and the wrapped value is
 * still there to take over. Readers of stored tokens (`readAccountTokens`) see through the marker.
 */
import { crypto } from "../jwt/crypto.js";

const PREFIX = "foyer.refreshing.";
const MARKER = /^foyer\.refreshing\.(\d{1,15})\.([\w-]{8,64})~([\s\S]*)$/;

export interface Lease {
  /** When the claim lapses (epoch ms). */
  until: number;
  /** The stored refresh token the claim wraps (sealed or raw, exactly as it was stored). */
  stored: string;
}

/** A new claim on `stored`, lapsing after `ms`. The random part makes every claim a distinct value. */
export function leaseMarker(stored: string, ms: number): string {
  return `${PREFIX}${Date.now() + ms}.${Buffer.from(crypto.randomBytes(9)).toString("base64url")}~${stored}`;
}

/** The claim in a stored refresh token, or `undefined` for an ordinary value. */
export function parseLease(value: string | null | undefined): Lease | undefined {
  if (typeof value !== "string" || !value.startsWith(PREFIX)) return undefined;
  const match = MARKER.exec(value);
  return match ? { until: Number(match[1]), stored: match[3]! } : undefined;
}

/** The stored value without a claim around it. */
export function withoutLease(value: string): string {
  return parseLease(value)?.stored ?? value;
}
