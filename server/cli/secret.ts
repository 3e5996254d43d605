/**
 * `npx foyer-auth secret`: a fresh secret for `AUTH_SECRET`, printed or written to an env file.
 *
 * The secret is 32 random bytes in base64 (44 characters), the same shape as Auth.js's
 * `npx auth secret`, so either tool's output works for both. Writing never replaces a secret that is
 * already there: rotating one logs every user out and must be a deliberate edit (or a move of the
 * old value to `AUTH_SECRET_1`, which Foyer keeps accepting).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** 32 bytes from the operating system's CSPRNG, base64-encoded. */
export function generateSecret(): string {
  return randomBytes(32).toString("base64");
}

export type EnvFileResult = { written: true; created: boolean } | { written: false; reason: "exists" };

/** `AUTH_SECRET` (or the legacy `NEXTAUTH_SECRET`) set to a non-empty value in `text`. */
const HAS_SECRET = /^\s*(?:export\s+)?(?:AUTH_SECRET|NEXTAUTH_SECRET)\s*=\s*\S/m;

/**
 * Appends `AUTH_SECRET="<secret>"` to the env file at `path` (created when missing, mode 0600), unless
 * the file already sets `AUTH_SECRET` or `NEXTAUTH_SECRET`.
 */
export function writeSecretToEnvFile(path: string, secret: string): EnvFileResult {
  const exists = existsSync(path);
  const text = exists ? readFileSync(path, "utf8") : "";
  if (HAS_SECRET.test(text)) return { written: false, reason: "exists" };
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  const line = `AUTH_SECRET="${secret}" # Added by \`npx foyer-auth secret\`\n`;
  writeFileSync(path, `${text}${separator}${line}`, exists ? { encoding: "utf8" } : { encoding: "utf8", mode: 0o600 });
  return { written: true, created: !exists };
}
