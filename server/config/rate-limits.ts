/**
 * `rateLimits` resolved once per config: which routes are limited, by how much, and how the client's
 * address is found. On by default in production only, so that development and test servers (and
 * their test suites, which sign in many times a second) are not limited unless they ask to be.
 */
import { parseNetwork, type Network } from "../core/client-address.js";
import { InvalidConfiguration } from "../core/errors.js";
import type { RateLimitRule, RateLimitsOptions, RouteRateLimits } from "../types.js";

/** The routes that are limited. */
export type LimitName = "credentials" | "email" | "passkey" | "sessionUpdate";
export const LIMIT_NAMES: readonly LimitName[] = ["credentials", "email", "passkey", "sessionUpdate"];

/** One rule in milliseconds; `backoff` doubles the lockout each time the limit is hit again within a day. */
export interface ResolvedRule {
  max: number;
  windowMs: number;
  backoff: boolean;
}

export interface ResolvedRouteLimits {
  perAddress?: ResolvedRule;
  perIdentifier?: ResolvedRule;
}

export interface ResolvedRateLimits {
  routes: Partial<Record<LimitName, ResolvedRouteLimits>>;
  trustedProxies: Network[];
  clientAddress?: (request: Request) => string | null | undefined;
  /** Whether `rate-limit-no-address` was logged for this config (once is enough). */
  warnedNoAddress: boolean;
}

const MINUTE = 60;

/**
 * The defaults (docs/rate-limits.md). Sized against the attacks they stop: a guesser gets 5 tries per
 * account per 15 minutes, then waits 15, 30, 60… minutes; a sprayer 50 tries per address; an e-mail
 * flood 3 mails per address and 10 per client in 10 minutes. A person who mistypes a password four
 * times, or asks for a second link, is not bothered.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<LimitName, RouteRateLimits>> = {
  credentials: { perIdentifier: { max: 5, window: 15 * MINUTE, backoff: true }, perAddress: { max: 50, window: 15 * MINUTE } },
  email: { perIdentifier: { max: 3, window: 10 * MINUTE }, perAddress: { max: 10, window: 10 * MINUTE } },
  passkey: { perIdentifier: { max: 30, window: 5 * MINUTE }, perAddress: { max: 60, window: 5 * MINUTE } },
  sessionUpdate: { perAddress: { max: 60, window: MINUTE } },
};

/** The rate limits of a config, `undefined` when none apply, or the error that says what is wrong. */
export function resolveRateLimits(option: unknown, production: boolean): ResolvedRateLimits | undefined | InvalidConfiguration {
  if (option === false || (option === undefined && !production)) return undefined;
  if (option !== undefined && option !== true && (typeof option !== "object" || option === null))
    return new InvalidConfiguration(`rateLimits must be true, false or an object; got ${JSON.stringify(option)}.`);
  const options = (typeof option === "object" ? option : {}) as RateLimitsOptions;
  const routes: ResolvedRateLimits["routes"] = {};
  for (const name of LIMIT_NAMES) {
    const given = options[name];
    if (given === false) continue;
    if (given !== undefined && (typeof given !== "object" || given === null))
      return new InvalidConfiguration(`rateLimits.${name} must be false or an object; got ${JSON.stringify(given)}.`);
    const defaults = DEFAULT_RATE_LIMITS[name];
    const route: ResolvedRouteLimits = {};
    for (const scope of ["perAddress", "perIdentifier"] as const) {
      const rule = given?.[scope] === undefined ? defaults[scope] : given[scope];
      if (rule === false || rule === undefined) continue;
      const resolved = resolveRule(rule);
      if (!resolved)
        return new InvalidConfiguration(
          `rateLimits.${name}.${scope} must be false or { max, window } with positive integers (window in seconds); got ${JSON.stringify(rule)}.`,
        );
      route[scope] = resolved;
    }
    routes[name] = route;
  }
  const trustedProxies: Network[] = [];
  for (const entry of options.trustedProxies ?? []) {
    const network = typeof entry === "string" ? parseNetwork(entry) : undefined;
    if (!network) return new InvalidConfiguration(`rateLimits.trustedProxies must list IP addresses or CIDR ranges; got ${JSON.stringify(entry)}.`);
    trustedProxies.push(network);
  }
  if (options.clientAddress !== undefined && typeof options.clientAddress !== "function")
    return new InvalidConfiguration("rateLimits.clientAddress must be a function of the request.");
  return { routes, trustedProxies, clientAddress: options.clientAddress, warnedNoAddress: false };
}

function resolveRule(rule: RateLimitRule & { backoff?: boolean }): ResolvedRule | undefined {
  if (typeof rule !== "object" || rule === null) return undefined;
  const { max, window } = rule;
  if (!Number.isInteger(max) || max < 1 || typeof window !== "number" || !(window > 0) || !Number.isFinite(window)) return undefined;
  return { max, windowMs: Math.round(window * 1000), backoff: rule.backoff === true };
}
