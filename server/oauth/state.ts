/**
 * The `state` parameter's value: a sealed `{ random, origin? }` (salt `encodedState`, as Auth.js), so
 * a redirect proxy can read which deployment started the sign-in — and only that, only for 15 minutes.
 */
import * as client from "openid-client";
import { decode, encode } from "../jwt/index.js";
import { CHECK_COOKIE_MAX_AGE } from "../cookies/defaults.js";

const SALT = "encodedState";

export interface StatePayload {
  random: string;
  /** The callback URL of the deployment that started the sign-in (redirect proxy only). */
  origin?: string;
  [key: string]: unknown;
}

export function sealState(secret: string[], origin?: string): Promise<string> {
  const payload: StatePayload = { random: client.randomState(), ...(origin ? { origin } : {}) };
  return encode({ token: payload, secret, salt: SALT, maxAge: CHECK_COOKIE_MAX_AGE });
}

/** The state's payload, or `null` when it does not open (foreign secret, tampered, expired). */
export async function openState(secret: string[], state: string): Promise<StatePayload | null> {
  try {
    return await decode<StatePayload>({ token: state, secret, salt: SALT });
  } catch {
    return null;
  }
}
