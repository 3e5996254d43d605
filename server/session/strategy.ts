/**
 * Which session strategy a configuration uses, decided once per normalised config. The choice lives
 * here rather than in the normalised config because `config/` sits below `session/` in the layers
 * (docs/architecture.md): the config may not import the implementations it would have to hold.
 */
import type { NormalizedConfig } from "../config/types.js";
import { cookieSessions } from "./cookie-session.js";
import { databaseSessions } from "./database-session.js";
import type { SessionStrategy } from "./types.js";

const chosen = new WeakMap<NormalizedConfig, SessionStrategy>();

/** The session strategy of `config`: database sessions through the adapter, or encrypted cookies (`cookie` and `jwt`). */
export function sessionStrategyOf(config: NormalizedConfig): SessionStrategy {
  let strategy = chosen.get(config);
  if (!strategy) {
    strategy = config.session.strategy === "database" ? databaseSessions : cookieSessions;
    chosen.set(config, strategy);
  }
  return strategy;
}
