/**
 * What a PostgreSQL suite registers when no server could be reached or started (see
 * postgres-harness.ts): on CI (`CI` set) a failing test, because CI machines run PostgreSQL and a
 * missing one means the run tested less than it claims; elsewhere a skipped test whose name says what
 * was not tested and why, plus a warning line, so a laptop without PostgreSQL still runs the rest.
 *
 * Call it where the suite's own `describe`/`it` calls are made (inside a `describe` to group it).
 */
import { it } from "vitest";

/** Registers the CI failure or the named skip for `subject` (e.g. "PostgreSQL crash safety"). */
export function reportPostgresMissing(subject: string, reason: string): void {
  const message = `${subject} NOT TESTED: ${reason}`;
  if (process.env.CI) {
    it("has a PostgreSQL server to test against", () => {
      throw new Error(message);
    });
    return;
  }
  it.skip(message, () => {});
  console.warn(`\n!!! ${message}\n`);
}
