/**
 * The name of a passkey's provider from its AAGUID (the authenticator model id in the attestation),
 * so a new passkey is listed as "iCloud Keychain" or "Google Password Manager" rather than "Passkey".
 * The table is data (aaguid-names.generated.ts), refreshed by `node scripts/refresh-aaguids.mjs`.
 */
import { AAGUID_NAMES } from "./aaguid-names.generated.js";

/** The all-zero AAGUID: what authenticators send when they do not say who they are. */
const ANONYMOUS = "00000000-0000-0000-0000-000000000000";
const AAGUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The provider's name for `aaguid` (any case), or `null` when it is unknown, anonymous or malformed. */
export function authenticatorName(aaguid: string | null | undefined): string | null {
  if (typeof aaguid !== "string") return null;
  const key = aaguid.toLowerCase();
  if (key === ANONYMOUS || !AAGUID.test(key)) return null;
  return Object.hasOwn(AAGUID_NAMES, key) ? AAGUID_NAMES[key]! : null;
}
