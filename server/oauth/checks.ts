/**
 * OAuth checks (PKCE verifier, state, nonce) kept in sealed, short-lived cookies bound to the provider
 * id and issuer (R-OAUTH-05, V10.2.2): a cookie minted for provider A never satisfies provider B.
 * Reading a check that is missing, foreign or unreadable fails with a message naming the check; the
 * callback reports it to the user as `OAuthCallbackError` (try again), and logs the exact check.
 */
import { decode, encode } from "../jwt/index.js";
import type { RequestContext } from "../context/request-context.js";
import { OAuthCallbackError } from "../core/errors.js";
import type { Cookie, CookieOption } from "../types.js";
import { CHECK_COOKIE_MAX_AGE, deletionCookie } from "../cookies/defaults.js";

export type CheckName = "pkceCodeVerifier" | "state" | "nonce";

interface CheckPayload {
  value: string;
  provider: string;
  issuer: string;
  clientId: string;
  redirectUri: string;
  [key: string]: unknown;
}

/** What a check is bound to (R-OAUTH-05, V10.2.2): the provider id, its issuer, client and redirect URI. */
export interface CheckBinding {
  issuer: string;
  clientId: string;
  redirectUri: string;
}

/** The cookie that stores a check, with `SameSite=None; Secure` for `response_mode=form_post` (state and nonce). */
function cookieOption(ctx: RequestContext, name: CheckName, formPost: boolean): CookieOption {
  const option = ctx.cookies[name];
  if (formPost && name !== "pkceCodeVerifier") return { name: option.name, options: { ...option.options, sameSite: "none", secure: true } };
  return option;
}

/** Seals a check value into its cookie. */
export async function checkCookie(ctx: RequestContext, name: CheckName, value: string, binding: CheckBinding, formPost: boolean): Promise<Cookie> {
  const option = cookieOption(ctx, name, formPost);
  const payload: CheckPayload = { value, provider: ctx.provider!.id, ...binding };
  const sealed = await encode({ token: payload, secret: ctx.config.secret, salt: option.name, maxAge: CHECK_COOKIE_MAX_AGE });
  const expires = new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000);
  // Auth.js: the nonce cookie carries Expires but no Max-Age (docs/compatibility.md#quirks-kept-on-purpose).
  const options = name === "nonce" ? { ...option.options, maxAge: undefined, expires } : { ...option.options, expires };
  return { name: option.name, value: sealed, options };
}

/** Reads a check from its cookie; throws OAuthCallbackError naming the check when it cannot be used. */
export async function readCheck(ctx: RequestContext, name: CheckName, binding: CheckBinding): Promise<string> {
  const option = ctx.cookies[name];
  const sealed = ctx.req.cookies[option.name];
  if (!sealed) throw new OAuthCallbackError(`The ${name} check failed: its cookie is missing (expired, never set, or already used)`);
  let payload: CheckPayload | null;
  try {
    payload = await decode<CheckPayload>({ token: sealed, secret: ctx.config.secret, salt: option.name });
  } catch {
    throw new OAuthCallbackError(`The ${name} check failed: its cookie could not be opened (expired or tampered)`);
  }
  if (!payload || typeof payload.value !== "string") throw new OAuthCallbackError(`The ${name} check failed: its cookie holds no value`);
  if (payload.provider !== ctx.provider!.id) {
    throw new OAuthCallbackError(`The ${name} check failed: the cookie was made for provider "${payload.provider}", not "${ctx.provider!.id}"`);
  }
  if (payload.issuer !== binding.issuer) throw new OAuthCallbackError(`The ${name} check failed: the cookie was made for another issuer`);
  if (payload.clientId !== binding.clientId) throw new OAuthCallbackError(`The ${name} check failed: the cookie was made for another client_id`);
  if (payload.redirectUri !== binding.redirectUri) throw new OAuthCallbackError(`The ${name} check failed: the cookie was made for another redirect_uri`);
  return payload.value;
}

/** Deletions for every check cookie (after use, success or not). */
export function clearChecks(ctx: RequestContext): Cookie[] {
  return (["pkceCodeVerifier", "state", "nonce"] as const)
    .filter((name) => ctx.req.cookies[ctx.cookies[name].name] !== undefined)
    .map((name) => deletionCookie(ctx.cookies[name]));
}
