/**
 * Where the last sign-in link went, for the verify-request page and its "Send another link" form.
 *
 * Auth.js's redirect to `verify-request?provider=<id>&type=email` names no address, and adding one to
 * the URL would put it in history, logs and the address bar of whoever uses the browser next. So the
 * address travels in a short-lived sealed cookie instead (encrypted with the secret, salted with its
 * own name, `HttpOnly`): only the browser that typed the address gets it back, the page shows it
 * masked, and a resend reads it on the server — the page's HTML never holds the whole address. The
 * cookie is set whether or not the address has an account, like every other part of that answer.
 */
import type { RequestContext } from "../../context/request-context.js";
import { decode, encode } from "../../jwt/index.js";
import type { Cookie } from "../../types.js";

/** How long the page can show the address and offer a resend (a link lasts 10 minutes by default). */
export const EMAIL_SENT_MAX_AGE = 15 * 60;

export interface EmailSent {
  email: string;
  /** The e-mail provider's id. */
  provider: string;
  /** When a link last actually went out (epoch seconds): the cooldown counts from here. */
  sent: number;
}

/** `foyer.email-sent`, with the `__Secure-` prefix where the other cookies have it. */
function cookieName(ctx: RequestContext): string {
  return `${ctx.cookies.callbackUrl.options.secure ? "__Secure-" : ""}foyer.email-sent`;
}

export async function emailSentCookie(ctx: RequestContext, value: EmailSent): Promise<Cookie> {
  const name = cookieName(ctx);
  const sealed = await encode({ token: { ...value }, secret: ctx.config.secret, salt: name, maxAge: EMAIL_SENT_MAX_AGE });
  const { secure } = ctx.cookies.callbackUrl.options;
  return { name, value: sealed, options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: EMAIL_SENT_MAX_AGE } };
}

/** The cookie's content when it opens and names a configured e-mail provider; else `null`. */
export async function readEmailSent(ctx: RequestContext): Promise<EmailSent | null> {
  const name = cookieName(ctx);
  const sealed = ctx.req.cookies[name];
  if (!sealed) return null;
  let payload: Record<string, unknown> | null;
  try {
    payload = await decode<Record<string, unknown>>({ token: sealed, secret: ctx.config.secret, salt: name });
  } catch {
    return null;
  }
  const { email, provider, sent } = payload ?? {};
  if (typeof email !== "string" || typeof provider !== "string" || typeof sent !== "number") return null;
  if (ctx.config.providerById.get(provider)?.type !== "email") return null;
  return { email, provider, sent };
}

/** `jane@example.com` → `j•••@example.com`: enough to spot a typo, not enough to read the address off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
