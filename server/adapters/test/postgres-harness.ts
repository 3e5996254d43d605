/**
 * A PostgreSQL server for tests, found or started (docs/adapters.md#running-foyers-adapter-tests), with a fresh schema per use.
 *
 * Order of attempts:
 * 1. `FOYER_TEST_POSTGRES_URL`, when set;
 * 2. `postgres://postgres@127.0.0.1:5432/test` (the project's machines run one there);
 * 3. a throwaway cluster: `initdb` (as user `postgres` when running as root) into a temp dir,
 *    started on 127.0.0.1:54329 (or the next free port up to 54339), stopped and removed by `stop()`.
 *
 * Every `createSchema()` makes a uniquely named schema and returns a connection string whose
 * `search_path` is that schema, so parallel runs and reruns never see each other's tables.
 * `stop()` drops the schemas it made (and the throwaway cluster, if it started one).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";
const THROWAWAY_PORTS = Array.from({ length: 11 }, (_, i) => 54329 + i);

export interface PostgresTestServer {
  /** Where the server came from. */
  source: "env" | "default" | "throwaway";
  /** The server's connection string (its default schema). */
  url: string;
  /** Creates a fresh, uniquely named schema; the returned URL has it as `search_path`. */
  createSchema(): Promise<{ schema: string; url: string }>;
  /** Drops the schemas made by `createSchema`, and stops a throwaway cluster. Idempotent. */
  stop(): Promise<void>;
}

export type PostgresAvailability = { ok: true; server: PostgresTestServer } | { ok: false; reason: string };

export interface AcquireOptions {
  /** Servers to try before starting a throwaway cluster. Default: the env URL (if set), then the default URL. */
  urls?: { url: string; source: "env" | "default" }[];
  /** Start a throwaway cluster when none of `urls` answers. Default true. */
  throwaway?: boolean;
}

function defaultCandidates(): { url: string; source: "env" | "default" }[] {
  const fromEnv = process.env.FOYER_TEST_POSTGRES_URL?.trim();
  const candidates: { url: string; source: "env" | "default" }[] = [];
  if (fromEnv) candidates.push({ url: fromEnv, source: "env" });
  candidates.push({ url: DEFAULT_POSTGRES_URL, source: "default" });
  return candidates;
}

/** `url` with `search_path` set to `schema` through the libpq `options` parameter. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/** Connects and runs `select 1`; returns the error message, or null when the server answers. */
async function probe(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.constructor.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The directory holding initdb and pg_ctl: the newest /usr/lib/postgresql/<n>/bin, else PATH. */
function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  const initdb = which.stdout.trim();
  if (which.status === 0 && initdb) {
    // Follow a symlink such as /usr/local/bin/initdb → /usr/lib/postgresql/15/bin/initdb.
    const real = spawnSync("readlink", ["-f", initdb], { encoding: "utf8" }).stdout.trim() || initdb;
    return real.slice(0, real.lastIndexOf("/"));
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as user `postgres` when we are root (initdb refuses to run as root). */
function runPg(bin: string, args: string[]): void {
  const [file, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(file, argv, { encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0) {
    throw new Error(
      `${[bin, ...args].join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}): ${(result.stderr || result.stdout || "").trim()}`,
    );
  }
}

async function startThrowaway(): Promise<{ url: string; stop: () => void }> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error("no PostgreSQL binaries (initdb) found; install them with `apt-get install -y postgresql`");
  }
  const root = mkdtempSync(join(tmpdir(), "foyer-pg-"));
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(root, uid, gid);
  }
  const data = join(root, "data");
  const pgCtl = join(bin, "pg_ctl");
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      try {
        runPg(pgCtl, ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch {
        // Best effort: the directory goes anyway.
      }
    }
    rmSync(root, { recursive: true, force: true });
    process.off("exit", stop);
  };
  // If the test process ends without calling stop(), the cluster must not outlive it.
  process.on("exit", stop);
  try {
    runPg(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale", "--no-sync"]);
    // The first free port; another test process may grab the same one at the same moment, so a
    // failed start moves on to the next port.
    const failures: string[] = [];
    for (const port of THROWAWAY_PORTS) {
      if (await portInUse(port)) continue;
      try {
        running = true;
        runPg(pgCtl, [
          "-D",
          data,
          "-l",
          join(root, "pg.log"),
          "-w",
          "-o",
          `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
          "start",
        ]);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      } catch (error) {
        running = false;
        failures.push(`port ${port}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    throw new Error(
      `could not start a cluster on ports ${THROWAWAY_PORTS[0]}–${THROWAWAY_PORTS.at(-1)}${failures.length ? `: ${failures.join("; ")}` : " (all in use)"}`,
    );
  } catch (error) {
    stop();
    throw error;
  }
}

/** Finds or starts a PostgreSQL server for tests; `{ ok: false, reason }` when none can be had. */
export async function acquirePostgres(options: AcquireOptions = {}): Promise<PostgresAvailability> {
  const failures: string[] = [];
  let found: { url: string; source: PostgresTestServer["source"]; stopCluster?: () => void } | undefined;
  for (const candidate of options.urls ?? defaultCandidates()) {
    const error = await probe(candidate.url);
    if (error === null) {
      found = candidate;
      break;
    }
    failures.push(`${redact(candidate.url)} (${candidate.source}): ${error}`);
  }
  if (!found && options.throwaway !== false) {
    try {
      const cluster = await startThrowaway();
      const error = await probe(cluster.url);
      if (error !== null) {
        cluster.stop();
        throw new Error(`started, but does not answer: ${error}`);
      }
      found = { url: cluster.url, source: "throwaway", stopCluster: cluster.stop };
    } catch (error) {
      failures.push(`throwaway cluster: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!found) {
    return {
      ok: false,
      reason: `no PostgreSQL server could be reached or started. Tried: ${failures.join("; ")}. Set FOYER_TEST_POSTGRES_URL, or install PostgreSQL (docs/adapters.md).`,
    };
  }

  const { url, source, stopCluster } = found;
  const schemas: string[] = [];
  let stopped: Promise<void> | undefined;
  const server: PostgresTestServer = {
    source,
    url,
    async createSchema() {
      const schema = `foyer_test_${process.pid}_${randomBytes(5).toString("hex")}`;
      await withClient(url, (client) => client.query(`create schema "${schema}"`));
      schemas.push(schema);
      return { schema, url: withSearchPath(url, schema) };
    },
    stop() {
      stopped ??= (async () => {
        if (schemas.length > 0) {
          await withClient(url, async (client) => {
            await client.query("set lock_timeout = '10s'");
            for (const schema of schemas.splice(0)) await client.query(`drop schema if exists "${schema}" cascade`).catch(() => {});
          }).catch(() => {});
        }
        stopCluster?.();
      })();
      return stopped;
    },
  };
  return { ok: true, server };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
