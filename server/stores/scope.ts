/**
 * Which store serves an object that code deep in a flow holds without its config: a normalised
 * provider (the refresh token grant is handed the provider only). The config binds each of its
 * providers to its store when it is normalised; normalised providers are new objects per config, so
 * two configs never share an entry.
 */
import type { Store } from "./types.js";

const bound = new WeakMap<object, Store>();

/** Makes `store` the store of `owner`. */
export function bindStore(owner: object, store: Store): void {
  bound.set(owner, store);
}

/** The store bound to `owner`, if any. */
export function storeOf(owner: object): Store | undefined {
  return bound.get(owner);
}
