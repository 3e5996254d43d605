/**
 * Foyer's own adapters for suites that run the same cases on each: memory, SQLite in memory, and
 * PostgreSQL in a fresh schema when a server answers (the caller reports the skip with its reason).
 */
import MemoryAdapter from "../adapters/memory.js";
import PostgresAdapter from "../adapters/postgres.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import type { PostgresAvailability } from "../adapters/test/postgres-harness.js";
import type { Adapter } from "../adapters/types.js";

/** A named adapter factory; PostgreSQL factories push their `close` onto `closers` for `afterAll`. */
export type AdapterFactory = [name: string, create: () => Promise<Adapter>];

export function foyerAdapterFactories(postgres: PostgresAvailability, closers: (() => Promise<void>)[]): AdapterFactory[] {
  const factories: AdapterFactory[] = [
    ["memory", async () => MemoryAdapter()],
    ["SQLite", async () => SQLiteAdapter({ url: ":memory:" })],
  ];
  if (postgres.ok) {
    factories.push([
      "PostgreSQL",
      async () => {
        const adapter = PostgresAdapter({ connectionString: (await postgres.server.createSchema()).url });
        closers.push(() => adapter.close());
        return adapter;
      },
    ]);
  }
  return factories;
}
