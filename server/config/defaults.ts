/**
 * The defaults Foyer fills in for what a config leaves out: the session options and codec, the
 * callbacks, and event handlers that never break a flow.
 */
import { decode, encode, DEFAULT_MAX_AGE } from "../jwt/index.js";
import { crypto as cryptoBackend } from "../jwt/crypto.js";
import { EventError } from "../core/errors.js";
import type { LoggerInstance } from "../core/logger.js";
import { defaultRedirect } from "../core/redirect.js";
import type { AuthConfig, EventCallbacks, Session } from "../types.js";
import type { ResolvedCallbacks, ResolvedSessionOptions } from "./types.js";

export function resolveSession(config: AuthConfig, logger: LoggerInstance): ResolvedSessionOptions {
  const options = config.session ?? {};
  const legacyEncode = config.jwt?.encode;
  const legacyDecode = config.jwt?.decode;
  if ((legacyEncode || legacyDecode) && !options.seal && !options.unseal) logger.warn("jwt-option-deprecated");
  const seal = options.seal ?? legacyEncode ?? encode;
  const unseal = options.unseal ?? legacyDecode ?? decode;
  return {
    strategy: options.strategy ?? (config.adapter ? "database" : "cookie"),
    maxAge: options.maxAge ?? DEFAULT_MAX_AGE,
    updateAge: options.updateAge ?? 24 * 60 * 60,
    // 256 bits from the CSPRNG (Auth.js: a UUID, 122 random bits; ASVS V7.2.3 asks for ≥ 128).
    generateSessionToken: options.generateSessionToken ?? (() => Buffer.from(cryptoBackend.randomBytes(32)).toString("base64url")),
    // Checked by the configuration rules (a boolean, tokens that cannot pass for a hash).
    storeRawTokens: options.storeRawTokens === true,
    seal,
    unseal,
    defaultCodec: seal === encode && unseal === decode,
    // Checked by the configuration rules (positive numbers; the cache only with database sessions).
    ...(options.absoluteMaxAge !== undefined ? { absoluteMaxAge: options.absoluteMaxAge } : {}),
    ...(options.cache !== undefined ? { cacheMaxAge: options.cache?.maxAge } : {}),
  };
}

export function resolveCallbacks(config: AuthConfig): ResolvedCallbacks {
  return {
    signIn: config.callbacks?.signIn ?? (() => true),
    redirect: config.callbacks?.redirect ?? defaultRedirect,
    session: config.callbacks?.session ?? defaultSessionCallback,
    jwt: config.callbacks?.jwt ?? ((params) => params.token),
    authorized: config.callbacks?.authorized,
  };
}

/** The session callback's default: name, email and image of the user, the expiry, and a refresh `error`. */
export function defaultSessionCallback({ session }: { session: Session }): Session {
  const user = session.user ?? {};
  const expires = session.expires as unknown;
  const out: Session = {
    user: { name: user.name, email: user.email, image: user.image },
    expires: expires instanceof Date ? expires.toISOString() : (session.expires as string),
  };
  if (session.error === "RefreshTokenError") out.error = session.error;
  return out;
}

/** Events are awaited, and a throwing handler is logged as `EventError` without breaking the flow. */
export function wrapEvents(events: EventCallbacks, logger: LoggerInstance): Required<EventCallbacks> {
  const names = [
    "signIn",
    "signOut",
    "createUser",
    "updateUser",
    "linkAccount",
    "session",
    "rateLimited",
    "accountUpdated",
    "sessionRevoked",
    "passkeyRenamed",
    "passkeyRemoved",
    "accountUnlinked",
    "accountDeleted",
  ] as const;
  const wrapped = {} as Record<(typeof names)[number], (message: any) => Promise<void>>;
  for (const name of names) {
    const handler = events[name] as ((message: unknown) => unknown) | undefined;
    wrapped[name] = async (message: unknown) => {
      if (!handler) return;
      try {
        await handler(message);
      } catch (error) {
        logger.error(new EventError(`The ${name} event handler threw`, error as Error));
      }
    };
  }
  return wrapped as Required<EventCallbacks>;
}
