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

/**
 * Per-address resend cooldown, kept in memory per configuration: a second request for the same
 * address within the cooldown sends nothing and answers the same. (Several app servers each keep
 * their own: state shared across instances is not there yet, docs/compatibility.md#3-not-there-yet.)
 */
export class ResendCooldown {
  private readonly sent = new Map<string, number>();

  /** True when `identifier` may be sent a link now; records the send. */
  allow(identifier: string, cooldownSeconds: number, now = Date.now()): boolean {
    const last = this.sent.get(identifier);
    if (last !== undefined && now - last < cooldownSeconds * 1000) return false;
    if (this.sent.size > 10_000) {
      for (const [key, time] of this.sent) if (now - time >= cooldownSeconds * 1000) this.sent.delete(key);
    }
    this.sent.set(identifier, now);
    return true;
  }

  /** Forgets a send that failed, so the user can try again at once. */
  forget(identifier: string): void {
    this.sent.delete(identifier);
  }
}
