/**
 * The time claims of a token (`exp`, `nbf`, `iat`), checked the same way wherever a payload is read:
 * when a token is decrypted, and when the session reader takes an already opened token from its cache.
 */

/** Seconds of clock skew tolerated when checking `exp` and `nbf`. */
export const CLOCK_TOLERANCE = 15;

export class JWTExpired extends Error {
  override name = "JWTExpired";
}
export class JWTClaimInvalid extends Error {
  override name = "JWTClaimInvalid";
}

/** Throws when a time claim is not a number, `exp` has passed or `nbf` has not come (with {@link CLOCK_TOLERANCE}). */
export function checkTimeClaims(payload: Record<string, unknown>): void {
  const now = Math.floor(Date.now() / 1000);
  for (const claim of ["exp", "nbf", "iat"] as const) {
    if (payload[claim] !== undefined && typeof payload[claim] !== "number") {
      throw new JWTClaimInvalid(`"${claim}" claim must be a number`);
    }
  }
  if (typeof payload.exp === "number" && payload.exp <= now - CLOCK_TOLERANCE) {
    throw new JWTExpired('"exp" claim timestamp check failed');
  }
  if (typeof payload.nbf === "number" && payload.nbf > now + CLOCK_TOLERANCE) {
    throw new JWTClaimInvalid('"nbf" claim timestamp check failed');
  }
}
