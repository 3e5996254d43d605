/**
 * The store as Foyer's code uses it: every failure of the app's store becomes a `StoreError`, so
 * callers fail closed with one error class, and the log gets one line per outage instead of one per
 * request — the first failure, then at most one a minute while it lasts; a success ends the outage.
 * (The request that meets a `StoreError` does not log it again: `Auth()` knows it was reported.)
 */
import { StoreError } from "../core/errors.js";
import type { LoggerInstance } from "../core/logger.js";
import type { Store } from "./types.js";

/** While an outage lasts, a reminder is logged at most this often. */
const REMIND_EVERY_MS = 60_000;

const OPERATIONS = ["get", "set", "delete", "getAndDelete", "increment", "claim", "release"] as const;

/** `store` with its failures turned into `StoreError`s, logged once per outage through `logger`. */
export function guardedStore(store: Store, logger: LoggerInstance): Store {
  let failing = false;
  let loggedAt = 0;
  const guarded: Partial<Store> = {};
  for (const operation of OPERATIONS) {
    const call = store[operation] as (...args: unknown[]) => Promise<unknown>;
    (guarded as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
      let result: unknown;
      try {
        result = await call.apply(store, args);
      } catch (error) {
        const reported = new StoreError(`The shared store failed (${operation}); requests that need it are refused until it answers again`, error as Error);
        const now = Date.now();
        if (!failing || now - loggedAt >= REMIND_EVERY_MS) {
          logger.error(reported);
          loggedAt = now;
        }
        failing = true;
        throw reported;
      }
      if (failing) {
        failing = false;
        logger.debug("the shared store answers again");
      }
      return result;
    };
  }
  if (store.close) guarded.close = () => store.close!();
  return guarded as Store;
}
