/**
 * How the core calls an adapter: every call is logged at debug level (`adapter_<method>`, arguments
 * redacted) and a failure is re-thrown as `AdapterError`, as in Auth.js. Session tokens reach the
 * adapter only as their SHA-256, so a database leak yields no usable sessions — unless the app turns
 * on `session.storeRawTokens` for a rollout beside Auth.js.
 */
import { AdapterError } from "../core/errors.js";
import type { LoggerInstance } from "../core/logger.js";
import { crypto } from "../jwt/crypto.js";
import type { Adapter } from "./types.js";

/** The value stored for a session token: lowercase hex SHA-256. */
export async function hashSessionToken(token: string): Promise<string> {
  return crypto.sha256Hex(token);
}

/** The shape of what `hashSessionToken` returns; no Auth.js (UUID) or Foyer (base64url) default token has it. */
export const HASHED_SESSION_KEY = /^[0-9a-f]{64}$/;

/** A copy of `adapter` whose methods log and wrap errors. Methods the adapter lacks stay absent. */
export function wrapAdapter(adapter: Adapter, logger: LoggerInstance): Adapter {
  // Known names rather than Object.keys: a class-based adapter keeps its methods on the prototype.
  const wrapped: Record<string, unknown> = { providerTokens: adapter.providerTokens };
  for (const key of ADAPTER_METHODS) {
    const method = adapter[key] as unknown;
    if (typeof method !== "function") continue;
    wrapped[key] = async (...args: unknown[]) => {
      logger.debug(`adapter_${key}`, { args: loggableArgs(key, args) });
      try {
        return await (method as (...a: unknown[]) => unknown).apply(adapter, args);
      } catch (error) {
        throw new AdapterError(`Adapter method ${key}() failed`, error as Error);
      }
    };
  }
  return wrapped as Adapter;
}

/**
 * Methods whose first argument is a stored session key. Keys are hashes, but until a row is re-keyed
 * from Auth.js's raw form the key *is* the cookie value, and a log is no place for either.
 */
const SESSION_KEY_FIRST: ReadonlySet<string> = new Set(["getSessionAndUser", "getSessionAndUserWithMetadata", "deleteSession"]);

/** The arguments as logged: session keys replaced; object fields with sensitive names go in `redact()`. */
function loggableArgs(method: string, args: unknown[]): unknown[] {
  if (SESSION_KEY_FIRST.has(method)) return ["[redacted]", ...args.slice(1)];
  // deleteSessions(userId, { except: [keys of the sessions to keep] })
  if (method === "deleteSessions" && args.length > 1) return [args[0], "[redacted]"];
  return args;
}

/** Foyer's optional adapter capabilities (session and passkey metadata, session listing, token updates, passkey management, pruning). */
export const FOYER_CAPABILITIES = [
  "getSessionAndUserWithMetadata",
  "listSessions",
  "deleteSessions",
  "listAccounts",
  "updateAccountTokens",
  "listAuthenticatorsWithMetadata",
  "deleteAuthenticator",
  "updateAuthenticator",
  "pruneExpired",
] as const satisfies readonly (keyof Adapter)[];

/** Every method the core may call: Auth.js's, then Foyer's capabilities. */
export const ADAPTER_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  ...FOYER_CAPABILITIES,
  "createUserWithAccount",
] as const satisfies readonly (keyof Adapter)[];

/** Auth.js's required methods per feature (docs/adapters.md#authjs-methods), plus what Foyer's extra features use. */
export const REQUIRED_METHODS = {
  database: [
    "createUser",
    "getUser",
    "getUserByEmail",
    "getUserByAccount",
    "updateUser",
    "linkAccount",
    "createSession",
    "getSessionAndUser",
    "updateSession",
    "deleteSession",
  ],
  email: ["createVerificationToken", "useVerificationToken", "getUserByEmail"],
  // Foyer adds getUserByEmail: a passkey sign-up must be able to see that an address is taken.
  webauthn: [
    "createUser",
    "getUser",
    "getUserByEmail",
    "linkAccount",
    "getAccount",
    "getAuthenticator",
    "createAuthenticator",
    "listAuthenticatorsByUserId",
    "updateAuthenticatorCounter",
  ],
  credentialsDatabase: ["getUserByAccount", "createUser", "linkAccount", "createSession"],
} as const satisfies Record<string, readonly (keyof Adapter)[]>;
