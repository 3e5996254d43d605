/**
 * Verification tokens: random, stored only as `sha256hex(token + secret)` (an array secret
 * is comma-joined, as Auth.js hashes them), so a leaked row cannot be replayed (R-VTOK-06).
 */
import { crypto } from "../jwt/crypto.js";

export function randomToken(): string {
  return Buffer.from(crypto.randomBytes(32)).toString("hex");
}

export async function hashVerificationToken(token: string, secret: string | string[]): Promise<string> {
  return crypto.sha256Hex(`${token}${String(secret)}`);
}
