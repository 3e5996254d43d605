/**
 * Proves that `npm run bench` runs and measures what it claims: every case answers with its expected
 * status for both implementations, and a tiny run produces a result per case. No timing is asserted
 * (test machines are too noisy for that; docs/performance.md holds the numbers).
 */
import { describe, expect, it } from "vitest";
import { CASES } from "./cases.js";
import { formatResult, median, prepare, runBench, runPool } from "./harness.js";
import { countingStore, prepareRateLimited, RATE_LIMITED_SIGN_IN } from "./rate-limits.js";

describe("bench", () => {
  it("the rate-limited sign-in case signs in for both and really counts every Foyer request", async () => {
    const store = countingStore();
    const { implementations, states } = await prepareRateLimited(store);
    const before = store.increments;
    expect(before).toBeGreaterThan(0);
    for (const impl of implementations) {
      const response = await impl.handle(RATE_LIMITED_SIGN_IN.request(states.get(impl.name)!));
      expect(response.status, impl.name).toBe(RATE_LIMITED_SIGN_IN.expectedStatus);
    }
    // Both rules of the credentials route: one increment each.
    expect(store.increments - before).toBe(2);
  });

  it("every case answers with its expected status for both implementations", async () => {
    const { implementations, states } = await prepare();
    expect(implementations.map((impl) => impl.name)).toEqual(["foyer", "@auth/core"]);
    for (const benchCase of CASES) {
      for (const impl of implementations) {
        const response = await impl.handle(benchCase.request(states.get(impl.name)!));
        expect(response.status, `${impl.name}: ${benchCase.name}`).toBe(benchCase.expectedStatus);
      }
    }
  });

  it("the valid-cookie case really reads a session, and the no-cookie case really has none", async () => {
    const { implementations, states } = await prepare();
    const [withCookie, withoutCookie] = CASES;
    for (const impl of implementations) {
      const session = await (await impl.handle(withCookie!.request(states.get(impl.name)!))).json();
      expect(session, impl.name).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.com" } });
      expect(await (await impl.handle(withoutCookie!.request(states.get(impl.name)!))).json(), impl.name).toBeNull();
    }
  });

  it("a tiny run gives one result per case with a throughput for each side", async () => {
    const results = await runBench({ rounds: 1, requests: 4, slices: 2, concurrency: 2, warmupRounds: 0 });
    expect(results.map((result) => result.name)).toEqual(CASES.map((benchCase) => benchCase.name));
    for (const result of results) {
      expect(result.throughput.foyer).toHaveLength(1);
      expect(result.throughput["@auth/core"]).toHaveLength(1);
      expect(result.medianRatio).toBeGreaterThan(0);
      expect(formatResult(result)).toMatch(/^.+: foyer [\d,]+ req\/s, @auth\/core [\d,]+ req\/s, ratio \d+\.\d×$/);
    }
  });

  it("database sessions: both implementations read a session from the same SQLite adapter", async () => {
    const { default: SQLiteAdapter } = await import("../server/adapters/sqlite.js");
    const { databaseCase, prepareDatabase } = await import("./database.js");
    const adapter = SQLiteAdapter({ url: ":memory:" });
    try {
      const { implementations, states } = await prepareDatabase(adapter);
      const benchCase = databaseCase("SQLite");
      for (const impl of implementations) {
        const response = await impl.handle(benchCase.request(states.get(impl.name)!));
        expect(response.status, impl.name).toBe(200);
        expect(await response.json(), impl.name).toMatchObject({ user: { name: "Ada Lovelace" } });
      }
    } finally {
      await adapter.close();
    }
  });

  it("database sessions with Foyer's session cache: Foyer's measured reads never reach the adapter; @auth/core's still do", async () => {
    const { default: SQLiteAdapter } = await import("../server/adapters/sqlite.js");
    const { CACHE_COOKIE, databaseCase, prepareDatabase } = await import("./database.js");
    const adapter = SQLiteAdapter({ url: ":memory:" });
    try {
      const { implementations, states } = await prepareDatabase(adapter, { cache: true });
      expect(states.get("foyer")!.jar.has(CACHE_COOKIE)).toBe(true);
      const benchCase = databaseCase("SQLite", true);
      expect(benchCase.name).toBe("session GET (database, SQLite, Foyer's session cache on)");
      const reads = { count: 0 };
      const getSessionAndUser = adapter.getSessionAndUser!.bind(adapter);
      const withMetadata = adapter.getSessionAndUserWithMetadata?.bind(adapter);
      adapter.getSessionAndUser = (token) => (reads.count++, getSessionAndUser(token));
      if (withMetadata) adapter.getSessionAndUserWithMetadata = (token) => (reads.count++, withMetadata(token));
      for (const impl of implementations) {
        const before = reads.count;
        const response = await impl.handle(benchCase.request(states.get(impl.name)!));
        expect(response.status, impl.name).toBe(200);
        expect(await response.json(), impl.name).toMatchObject({ user: { name: "Ada Lovelace" } });
        // Without the cache Foyer's read would count 1 here, as @auth/core's does.
        expect(reads.count - before, impl.name).toBe(impl.name === "foyer" ? 0 : 1);
      }
    } finally {
      await adapter.close();
    }
  });

  it("the sign-in page case renders HTML for both", async () => {
    const { implementations, states } = await prepare();
    const page = CASES.find((c) => c.name.startsWith("sign-in page"))!;
    for (const impl of implementations) {
      const response = await impl.handle(page.request(states.get(impl.name)!));
      expect(await response.text(), impl.name).toMatch(/<form[^>]+callback\/credentials/);
    }
  });

  it("a wrong status aborts the run instead of counting as a fast answer", async () => {
    const handle = async () => new Response(null, { status: 500 });
    await expect(runPool(handle, [new Request("http://localhost/")], 1, 200)).rejects.toThrow(/expected status 200, got 500/);
  });

  it("median", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
