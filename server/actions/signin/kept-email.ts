/**
 * The address of a failed credentials sign-in from a form post, kept for the sign-in page it lands on.
 *
 * Without JavaScript the built-in page's form posts, fails and is redirected to
 * `{basePath}/signin?error=CredentialsSignin&code=…` exactly as Auth.js does; that URL names no
 * address, and adding one would put it in history, logs and the address bar of whoever uses the
 * browser next. So the typed address travels in a short-lived sealed cookie instead (encrypted with
 * the secret, salted with its own name, `HttpOnly`, five minutes): the sign-in page it lands on fills
 * the e-mail field with it and deletes it. It is set only where it helps and changes nothing a client
 * reads: for a form post (never with `X-Auth-Return-Redirect`, where the caller keeps its own fields
 * and Auth.js answers errors without cookies), to the built-in page (not a custom `pages.signIn`),
 * with an `email` field of at most 320 characters. The password is never kept.
 */
import type { RequestContext } from "../../context/request-context.js";
import { CredentialsSignin } from "../../core/errors.js";
import { decode, encode } from "../../jwt/index.js";
import type { Cookie } from "../../types.js";

/** How long the address is kept: long enough to land on the page, short enough not to linger. */
export const KEPT_EMAIL_MAX_AGE = 5 * 60;

/** `foyer.signin-email`, with the `__Secure-` prefix where the other cookies have it. */
export function keptEmailCookieName(ctx: RequestContext): string {
  return `${ctx.cookies.callbackUrl.options.secure ? "__Secure-" : ""}foyer.signin-email`;
}

/** The cookie that keeps the posted address after `error`, when it applies (see the module comment). */
export async function keptEmailCookie(ctx: RequestContext, error: unknown): Promise<Cookie | undefined> {
  if (!(error instanceof CredentialsSignin) || ctx.req.method !== "POST" || ctx.config.pages.signIn) return undefined;
  const email = ctx.req.body?.email;
  if (typeof email !== "string" || email === "" || email.length > 320) return undefined;
  const name = keptEmailCookieName(ctx);
  const sealed = await encode({ token: { email }, secret: ctx.config.secret, salt: name, maxAge: KEPT_EMAIL_MAX_AGE });
  return {
    name,
    value: sealed,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure: ctx.cookies.callbackUrl.options.secure, maxAge: KEPT_EMAIL_MAX_AGE },
  };
}

/** The kept address when the cookie opens; `undefined` otherwise (absent, expired, tampered with). */
export async function readKeptEmail(ctx: RequestContext): Promise<string | undefined> {
  const name = keptEmailCookieName(ctx);
  const sealed = ctx.req.cookies[name];
  if (!sealed) return undefined;
  try {
    const payload = await decode<Record<string, unknown>>({ token: sealed, secret: ctx.config.secret, salt: name });
    const email = payload?.email;
    return typeof email === "string" && email.length <= 320 ? email : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes the cookie once the page has used it. */
export function clearKeptEmail(ctx: RequestContext): Cookie {
  return {
    name: keptEmailCookieName(ctx),
    value: "",
    options: { httpOnly: true, sameSite: "lax", path: "/", secure: ctx.cookies.callbackUrl.options.secure, maxAge: 0 },
  };
}
