/**
 * The WebAuthn challenge, kept in a sealed cookie (`authjs.challenge`, 15 minutes) bound to the
 * provider id and the ceremony (authenticate or register), in the style of the OAuth check cookies
 * (server/oauth/checks.ts). A cookie minted for provider A, or for registration, never
 * satisfies provider B or an authentication. Reading a cookie that is missing, foreign or expired
 * fails with `InvalidCheck` (logged); the callback shows `WebAuthnVerificationError`. A challenge is
 * spent only once a response over it has verified (`spendVerifiedChallenge`), and a second verified
 * response over the same challenge — a replayed request — fails with `InvalidCheck` too.
 */
import { decode, encode } from "../jwt/index.js";
import type { RequestContext } from "../context/request-context.js";
import { AUTHJS_TEXT, authjsError } from "../core/authjs-wording.js";
import { InvalidCheck } from "../core/errors.js";
import { CHECK_COOKIE_MAX_AGE, deletionCookie } from "../cookies/defaults.js";
import type { Cookie } from "../types.js";
import { storeKey } from "../stores/keys.js";

export type CeremonyAction = "authenticate" | "register";

/** Who a registration is for, fixed when the options were issued. */
export interface RegistrationIntent {
  /** The WebAuthn user handle sent in the options (base64url). */
  handle: string;
  /** The address the passkey is registered under (the signed-in user's, or the typed one for a sign-up); `null` for a signed-in user without one. */
  email: string | null;
  name?: string | null;
  /** The signed-in user the passkey is for; `null` for a sign-up. */
  userId: string | null;
}

interface ChallengePayload {
  value: string;
  provider: string;
  action: CeremonyAction;
  user?: RegistrationIntent;
  exp?: number;
  [key: string]: unknown;
}

export interface OpenedChallenge {
  challenge: string;
  user?: RegistrationIntent;
  /** When the cookie stops opening (epoch ms): how long the spent challenge must be remembered. */
  expiresAt: number;
}

/** Seals the challenge (and, for registration, who it is for) into the challenge cookie. */
export async function challengeCookie(ctx: RequestContext, action: CeremonyAction, challenge: string, user?: RegistrationIntent): Promise<Cookie> {
  const option = ctx.cookies.webauthnChallenge;
  const payload: ChallengePayload = { value: challenge, provider: ctx.provider!.id, action, ...(user ? { user } : {}) };
  const value = await encode({ token: payload, secret: ctx.config.secret, salt: option.name, maxAge: CHECK_COOKIE_MAX_AGE });
  return { name: option.name, value, options: { ...option.options, expires: new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000) } };
}

/**
 * A challenge that cannot be used: Auth.js's message for it (the cookie "could not be parsed"), and
 * what exactly is wrong in `cause.detail`.
 */
function challengeError(detail: string): InvalidCheck {
  return authjsError(InvalidCheck, AUTHJS_TEXT.challengeNotParsed, detail);
}

/**
 * Opens the challenge cookie for `action` at this provider. Throws `InvalidCheck` naming what is
 * wrong. Nothing is remembered yet: a response that does not verify leaves no trace, so bogus
 * responses over freely minted challenges cannot fill the spent-challenge memory.
 */
export async function openChallenge(ctx: RequestContext, action: CeremonyAction): Promise<OpenedChallenge> {
  const option = ctx.cookies.webauthnChallenge;
  const sealed = ctx.req.cookies[option.name];
  if (!sealed) throw challengeError("The WebAuthn challenge cookie is missing (expired, never set, or already used)");
  let payload: ChallengePayload | null;
  try {
    payload = await decode<ChallengePayload>({ token: sealed, secret: ctx.config.secret, salt: option.name });
  } catch {
    throw challengeError("The WebAuthn challenge cookie could not be opened (expired or tampered)");
  }
  if (!payload || typeof payload.value !== "string" || payload.value === "") throw challengeError("The WebAuthn challenge cookie holds no challenge");
  if (payload.provider !== ctx.provider!.id) {
    throw challengeError(`The WebAuthn challenge cookie was made for provider "${String(payload.provider)}", not "${ctx.provider!.id}"`);
  }
  if (payload.action !== action) throw challengeError(`The WebAuthn challenge cookie was made to ${String(payload.action)}, not to ${action}`);
  if (action === "register" && !isIntent(payload.user)) throw challengeError("The WebAuthn challenge cookie holds no registration user");
  const expiresAt = typeof payload.exp === "number" ? payload.exp * 1000 : Date.now() + CHECK_COOKIE_MAX_AGE * 1000;
  return action === "register" ? { challenge: payload.value, user: payload.user, expiresAt } : { challenge: payload.value, expiresAt };
}

/**
 * Marks the challenge of a response that has just VERIFIED as used, so one challenge signs in (or
 * registers) once. Call it right after the verification and before anything is stored. Throws
 * `InvalidCheck` for the second verified response over one challenge — a replayed request, in this
 * instance or any other that shares the store — and `StoreError` when the store cannot be reached
 * (the ceremony is refused: a replay could not be ruled out).
 *
 * Why remember at all: the challenge lives in a stateless sealed cookie. Deleting the cookie stops an
 * honest browser from reusing it, but a captured request (cookie and body) could be replayed within
 * the cookie's 15 minutes — and passkeys that always report signature counter 0 cannot be caught by
 * the counter rule. The shared store's atomic `claim` refuses the second use, for as long as the
 * cookie could still be opened.
 *
 * Why only verified ceremonies: options, and so challenges, are free — `GET webauthn-options` needs no
 * session. If every callback were remembered, one client posting well-formed but bogus responses could
 * fill the store. Only a response signed by an authenticator registered here is remembered.
 *
 * Why it may forget: the default memory store is bounded, and a client holding a registered passkey
 * (sign-up is open) can complete verified ceremonies in bulk. When full it forgets the entries
 * closest to expiry instead of refusing new ones (refusing would lock every passkey user out):
 * those are the challenges whose cookies are about to stop opening, a replay also needs the victim's
 * captured request, and authenticators that count are still caught by the counter rule.
 */
export async function spendVerifiedChallenge(ctx: RequestContext, opened: OpenedChallenge): Promise<void> {
  const key = await storeKey("webauthn-spent", opened.challenge);
  if (!(await ctx.config.store.claim(key, "1", opened.expiresAt - Date.now()))) {
    throw challengeError("The WebAuthn challenge was already used (a replayed request)");
  }
}

/** The deletion of the challenge cookie: sent after every callback, whatever its outcome. */
export function clearChallenge(ctx: RequestContext): Cookie {
  return deletionCookie(ctx.cookies.webauthnChallenge);
}

function isIntent(value: unknown): value is RegistrationIntent {
  if (!value || typeof value !== "object") return false;
  const intent = value as Record<string, unknown>;
  return (
    typeof intent.handle === "string" &&
    (intent.email === null || typeof intent.email === "string") &&
    (intent.userId === null || typeof intent.userId === "string")
  );
}
