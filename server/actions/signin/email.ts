/**
 * E-mail sign-in, step one (Auth.js's flow, hardened: docs/email.md): canonicalise the address (R-EMAIL-*), run the signIn
 * callback with `email.verificationRequest`, store only the token's hash, send the link, and answer
 * the verify-request redirect — the same answer whether or not the address has an account, and
 * whether or not the resend cooldown held the e-mail back (no enumeration, no inbox flooding).
 * The verify-request page's "Send another link" form posts `resend=1` and no address: the address
 * comes from the sealed cookie this browser got with its first request (./email-sent.ts), and only
 * that answer says whether the cooldown held the link back (the browser already knows the address).
 */
import { createTranslator } from "../../../locales/index.js";
import { pageLocale } from "../page-context.js";
import { signinPageUrl, type RequestContext } from "../../context/request-context.js";
import { EmailSignInError } from "../../core/errors.js";
import { withQuery } from "../../core/redirect.js";
import { runSignInCallback } from "../../context/signin-callback.js";
import { normalizeEmail } from "../../email/identifier.js";
import { renderVerificationEmail } from "../../email/message.js";
import { hashVerificationToken, randomToken } from "../../email/tokens.js";
import { crypto } from "../../jwt/crypto.js";
import { storeKey } from "../../stores/keys.js";
import { consume } from "../../ratelimit/counter.js";
import { normalise } from "../../ratelimit/subjects.js";
import { emailSentCookie, readEmailSent } from "./email-sent.js";
import type { AdapterUser } from "../../adapters/types.js";
import type { EmailProvider } from "../../config/types.js";
import type { Account, ResponseInternal } from "../../types.js";

export async function emailSignin(ctx: RequestContext, provider: EmailProvider): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  const resend = ctx.req.body?.resend === "1" && ctx.req.body.email === undefined;
  const previous = resend ? await readEmailSent(ctx) : null;
  // A resend whose cookie has expired (or names another provider) starts over on the sign-in page.
  if (resend && previous?.provider !== provider.id) return { redirect: signinPageUrl(ctx) };
  const email = previous ? previous.email : canonical(ctx, provider);
  if (!email) return { redirect: signinPageError(ctx) };
  // The rate limiter counted a resend by client address only (its address is in the cookie, not the
  // body): count it in the address's own bucket too, as if it had been typed.
  const perIdentifier = ctx.config.rateLimits?.routes.email?.perIdentifier;
  if (previous && perIdentifier && (await consume(ctx.config.store, `email:i:${normalise(email)}`, perIdentifier)) > 0) {
    return { redirect: withQuery(signinPageUrl(ctx), { error: "RateLimited" }) };
  }

  const user: AdapterUser = (await adapter.getUserByEmail!(email)) ?? { id: crypto.randomUUID(), email, emailVerified: null };
  const account: Account = { providerAccountId: email, userId: user.id, type: "email", provider: provider.id };
  const redirect = await runSignInCallback(ctx, { user, account, email: { verificationRequest: true } });
  if (redirect) return { redirect };

  const verifyRequestUrl = `${ctx.authUrl}/verify-request?provider=${encodeURIComponent(provider.id)}&type=email`;
  const cooldown = await startCooldown(ctx, provider, email);
  if (!cooldown.started) {
    ctx.logger.debug("e-mail link not sent again within the resend cooldown", { provider: provider.id });
    // The time of the link that did go out, where this browser knows it; otherwise now (close enough).
    const sent = previous?.email === email ? previous.sent : Math.floor(Date.now() / 1000);
    const cookies = [await emailSentCookie(ctx, { email, provider: provider.id, sent })];
    return { redirect: resend ? `${verifyRequestUrl}&resend=cooldown` : verifyRequestUrl, cookies };
  }

  const token = (await provider.generateVerificationToken?.()) ?? randomToken();
  const { maxAge } = provider;
  const expires = new Date(Date.now() + maxAge * 1000);
  const secret = provider.secret ?? ctx.config.secret;
  const hashed = await hashVerificationToken(token, secret);
  // `ctx.authUrl` is on AUTH_URL or on a host the app vouches for: `Auth()` refuses an e-mail sign-in on
  // any other host before this action runs (server/core/hosts.ts), so the link cannot point elsewhere.
  const url = `${ctx.authUrl}/callback/${encodeURIComponent(provider.id)}?${new URLSearchParams({ callbackUrl: ctx.callbackUrl, token, email })}`;

  // Stored before sending: a link must never arrive for a token that does not exist.
  await adapter.createVerificationToken!({ identifier: email, token: hashed, expires });
  try {
    const translator = createTranslator(pageLocale(ctx), ctx.config.messages);
    const message = renderVerificationEmail({
      url,
      host: new URL(ctx.origin).host,
      t: translator.t,
      locale: translator.locale,
      dir: translator.dir,
      theme: ctx.config.theme,
      minutes: Math.max(1, Math.round(maxAge / 60)),
    });
    await provider.sendVerificationRequest({
      identifier: email,
      url,
      expires,
      provider,
      token,
      theme: ctx.config.theme,
      request: ctx.req.request,
      locale: translator.locale,
      message,
    });
  } catch (error) {
    // Nothing half-done stays behind: the unsent token is used up, and the address may retry at once.
    await Promise.resolve(adapter.useVerificationToken!({ identifier: email, token: hashed })).catch(() => undefined);
    await cooldown.forget();
    ctx.logger.error(new EmailSignInError(`Sending the sign-in e-mail through "${provider.id}" failed`, error as Error));
    return { redirect: signinPageError(ctx) };
  }
  const cookies = [await emailSentCookie(ctx, { email, provider: provider.id, sent: Math.floor(Date.now() / 1000) })];
  return { redirect: resend ? `${verifyRequestUrl}&resend=sent` : verifyRequestUrl, cookies };
}

/**
 * The per-address resend cooldown, in the shared store so that every instance sees it: the first
 * request within `resendCooldown` seconds claims the address and sends; the others send nothing and
 * answer the same. A send that fails lets go of the claim, so the user may retry at once. A store
 * that cannot be reached throws `StoreError` (nothing is sent: no cooldown, no e-mail).
 */
async function startCooldown(ctx: RequestContext, provider: EmailProvider, email: string): Promise<{ started: boolean; forget(): Promise<void> }> {
  if (!(provider.resendCooldown > 0)) return { started: true, forget: async () => {} };
  const key = await storeKey("email-cooldown", provider.id, email);
  const started = await ctx.config.store.claim(key, "1", provider.resendCooldown * 1000);
  return { started, forget: () => ctx.config.store.delete(key).catch(() => undefined) };
}

/** The canonical address, or `undefined` (logged) when the input is refused. */
function canonical(ctx: RequestContext, provider: EmailProvider): string | undefined {
  const raw = ctx.req.body?.email;
  if (provider.normalizeIdentifier) {
    try {
      const value = provider.normalizeIdentifier(typeof raw === "string" ? raw : "");
      // The app's normaliser decides, but its result still has to be one plain address.
      const checked = normalizeEmail(value);
      if (checked.ok) return checked.email;
      ctx.logger.warn("email-address-refused");
      ctx.logger.debug("e-mail address refused after normalizeIdentifier", { reason: checked.reason });
    } catch (error) {
      ctx.logger.debug("normalizeIdentifier refused the address", { reason: (error as Error).message });
    }
    return undefined;
  }
  const result = normalizeEmail(raw);
  if (result.ok) return result.email;
  ctx.logger.debug("e-mail address refused", { reason: result.reason });
  return undefined;
}

/** Back to the sign-in page with `error=EmailSignin` (Auth.js would show the Configuration page). */
function signinPageError(ctx: RequestContext): string {
  return withQuery(signinPageUrl(ctx), { error: "EmailSignin" });
}
