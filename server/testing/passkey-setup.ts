/**
 * A config for passkey tests: the Passkey provider, a MemoryAdapter or an in-memory SQLite adapter,
 * the chosen session strategy, and recorders for events and logged errors. Test-only; not built.
 */
import { afterEach } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import SQLiteAdapter from "../adapters/sqlite.js";
import type { Adapter } from "../adapters/types.js";
import Passkey from "../providers/passkey.js";
import type { AuthConfig, Provider } from "../types.js";
import { testConfig } from "./harness.js";

export type AdapterKind = "memory" | "sqlite";

export interface RecordedEvent {
  name: "signIn" | "createUser" | "updateUser" | "linkAccount";
  message: Record<string, any>;
}

export interface PasskeySetup {
  config: AuthConfig;
  adapter: Adapter;
  events: RecordedEvent[];
  errors: Error[];
  /** Event names in order. */
  eventNames(): string[];
  /** Logged error types (`error.type`, else the name) in order. */
  errorTypes(): string[];
  close(): Promise<void>;
}

export interface PasskeySetupOptions {
  adapter?: AdapterKind | Adapter;
  strategy?: "jwt" | "database";
  providers?: Provider[];
  overrides?: Partial<AuthConfig>;
}

export function passkeySetup(options: PasskeySetupOptions = {}): PasskeySetup {
  const kind = options.adapter ?? "memory";
  const adapter: Adapter = kind === "memory" ? MemoryAdapter() : kind === "sqlite" ? SQLiteAdapter({ url: ":memory:" }) : kind;
  const events: RecordedEvent[] = [];
  const errors: Error[] = [];
  const record = (name: RecordedEvent["name"]) => (message: unknown) => void events.push({ name, message: message as Record<string, any> });
  const config = testConfig({
    adapter,
    session: { strategy: options.strategy ?? "database" },
    providers: options.providers ?? [Passkey()],
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    events: { signIn: record("signIn"), createUser: record("createUser"), updateUser: record("updateUser"), linkAccount: record("linkAccount") },
    ...options.overrides,
  });
  return {
    config,
    adapter,
    events,
    errors,
    eventNames: () => events.map((event) => event.name),
    errorTypes: () => errors.map((error) => (error as { type?: string }).type ?? error.name),
    close: async () => {
      const closable = adapter as { close?: () => Promise<void> };
      if (kind === "sqlite" && closable.close) await closable.close();
    },
  };
}

/**
 * `passkeySetup` for a test file, closing every adapter it made after each test (an SQLite
 * `:memory:` database stays open otherwise). Call it once at the top of the file: it registers the
 * `afterEach` there.
 */
export function passkeySetups(): (options?: PasskeySetupOptions) => PasskeySetup {
  let open: PasskeySetup[] = [];
  afterEach(async () => {
    const closing = open;
    open = [];
    await Promise.all(closing.map((setup) => setup.close()));
  });
  return (options) => {
    const created = passkeySetup(options);
    open.push(created);
    return created;
  };
}

/** The stored form of a credential id the browser sent (Auth.js: standard base64, not base64url). */
export const storedCredentialId = (wireId: string): string => Buffer.from(wireId, "base64url").toString("base64");
