/**
 * A bounded memory of values that passed a deterministic check under a given secret (a CSRF cookie
 * whose hash matched): the same value under the same secret would pass again, so the check can be
 * skipped for it. Nothing that failed is stored, a value is only found under the exact secret string
 * it was checked with, and both the number of secrets and of values per secret are capped (values
 * come from clients; the oldest entry goes first), so hostile input cannot grow memory.
 */
export interface VerifiedValuesOptions {
  /** Values kept per secret (default 1000). */
  maxValues?: number;
  /** Secrets kept (default 4): a rotation leaves the old secret's values to age out. */
  maxSecrets?: number;
  /** Longer values are never stored (they are checked every time). */
  maxValueLength: number;
}

export class VerifiedValues {
  private readonly bySecret = new Map<string, Set<string>>();
  private readonly maxValues: number;
  private readonly maxSecrets: number;
  private readonly maxValueLength: number;

  constructor(options: VerifiedValuesOptions) {
    this.maxValues = options.maxValues ?? 1000;
    this.maxSecrets = options.maxSecrets ?? 4;
    this.maxValueLength = options.maxValueLength;
  }

  /** Whether `value` passed the check under exactly `secret` before. */
  has(secret: string, value: string): boolean {
    return this.bySecret.get(secret)?.has(value) === true;
  }

  /** Remembers that `value` passed the check under `secret`. Call only after it did. */
  add(secret: string, value: string): void {
    if (value.length > this.maxValueLength) return;
    let values = this.bySecret.get(secret);
    if (!values) {
      if (this.bySecret.size >= this.maxSecrets) this.bySecret.delete(this.bySecret.keys().next().value as string);
      this.bySecret.set(secret, (values = new Set()));
    }
    if (values.size >= this.maxValues) values.delete(values.values().next().value as string);
    values.add(value);
  }

  /** Values held for `secret` (tests). */
  size(secret: string): number {
    return this.bySecret.get(secret)?.size ?? 0;
  }
}
