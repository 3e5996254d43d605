/**
 * The soak (bench/soak.ts): its arithmetic, and one tiny real run (a few hundred reads over HTTP
 * against its server process, in-memory SQLite) that shows it reads the session, counts no error,
 * and measures the server's heap. No timing or heap figure is asserted: the soak reports them.
 */
import { describe, expect, it } from "vitest";
import { formatSoak, HEAP_TARGET_BYTES, runSoak, summarizeSoak } from "./soak.js";

const none = { errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 };
const MB = 1024 * 1024;

describe("summarizeSoak", () => {
  it("adds every kind of failure into errors, and meets the target only with none and under 5 MB of heap growth", () => {
    const ok = summarizeSoak({ database: "PostgreSQL", requests: 100_000, counts: none, heapBefore: 20 * MB, heapAfter: 21 * MB, seconds: 20 });
    expect(ok).toMatchObject({ errors: 0, heapGrowth: MB, requestsPerSecond: 5000, meetsTarget: true });
    const failing = summarizeSoak({
      database: "PostgreSQL",
      requests: 100_000,
      counts: { errors: 1, timeouts: 2, non2xx: 3, mismatches: 4 },
      heapBefore: 20 * MB,
      heapAfter: 21 * MB,
      seconds: 20,
    });
    expect(failing).toMatchObject({ errors: 10, meetsTarget: false });
    const growing = summarizeSoak({ database: "SQLite", requests: 10, counts: none, heapBefore: 0, heapAfter: HEAP_TARGET_BYTES, seconds: 1 });
    expect(growing.meetsTarget).toBe(false);
    expect(formatSoak(growing, { requests: 10, connections: 2, warmupRequests: 0 })).toContain("NOT met");
    expect(formatSoak(ok, { requests: 100_000, connections: 32, warmupRequests: 5000 })).toContain("growth 1.00 MB; errors 0");
  });
});

describe("runSoak", { timeout: 60_000 }, () => {
  it("a tiny soak reads the session from the cache on every request, without an error, and reads the heap twice", async () => {
    const result = await runSoak({ requests: 300, connections: 4, warmupRequests: 50 });
    expect(result.database).toBe("SQLite");
    expect(result.requests).toBeGreaterThanOrEqual(300);
    expect(result.errors).toBe(0);
    expect(result.heapBefore).toBeGreaterThan(0);
    expect(result.heapAfter).toBeGreaterThan(0);
  });
});
