/**
 * What a Redis suite registers when no server answers (see redis-harness.ts): on CI (`CI` set) a
 * failing test, because CI machines run Redis and a missing one means the run tested less than it
 * claims; elsewhere a skipped test whose name says what was not tested and why, plus a warning line,
 * so a laptop without Redis still runs the rest.
 *
 * Call it where the suite's own `describe`/`it` calls are made (inside a `describe` to group it).
 */
import { it } from "vitest";

/** Registers the CI failure or the named skip for `subject` (e.g. "the Redis store's conformance"). */
export function reportRedisMissing(subject: string, reason: string): void {
  const message = `${subject} NOT TESTED: ${reason}`;
  if (process.env.CI) {
    it("has a Redis server to test against", () => {
      throw new Error(message);
    });
    return;
  }
  it.skip(message, () => {});
  console.warn(`\n!!! ${message}\n`);
}
