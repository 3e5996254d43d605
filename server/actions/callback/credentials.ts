/**
 * Credentials sign-in: `POST {basePath}/callback/<id>` with the form fields (wire §9.5). CSRF is
 * required. `authorize` decides; a falsy result or a thrown `CredentialsSignin` sends the user back
 * to the sign-in page with `error=CredentialsSignin&code=…`; any other throw is a server error.
 */
import type { RequestContext } from "../../core/context.js";
import { CredentialsSignin, InvalidProvider } from "../../core/errors.js";
import { requireCsrf } from "../../core/guards.js";
import { runSignInCallback } from "../../core/signin-callback.js";
import { crypto } from "../../jwt/crypto.js";
import { issueCookieSession } from "../../session/cookie-session.js";
import type { Account, ResponseInternal, User } from "../../types.js";
import type { CredentialsConfig } from "../../providers/credentials.js";

export async function credentialsCallback(ctx: RequestContext): Promise<ResponseInternal> {
  if (ctx.req.method !== "POST") throw new InvalidProvider("Callback for provider type (credentials) is not supported");
  requireCsrf(ctx);
  const provider = ctx.provider as unknown as CredentialsConfig;
  const credentials = { ...(ctx.req.body ?? {}) };

  const authorized = await provider.authorize(credentials, authorizeRequest(ctx, credentials));
  if (!authorized) throw new CredentialsSignin("authorize() returned no user");

  const rawUser = authorized as User;
  const user: User = { ...rawUser, id: rawUser.id === undefined || rawUser.id === null ? crypto.randomUUID() : String(rawUser.id) };
  const account: Account = { providerAccountId: user.id!, type: "credentials", provider: provider.id };

  const redirect = await runSignInCallback(ctx, { user, account, credentials });
  if (redirect) return { redirect };

  const cookies = await issueCookieSession(ctx, { user, account, isNewUser: false });
  // Like Auth.js, the signIn event gets what authorize() returned, extra fields included.
  await ctx.config.events.signIn({ user: rawUser, account });
  return { redirect: ctx.callbackUrl, cookies };
}

/** The request handed to `authorize`: original URL, method and headers; the parsed body as JSON. */
function authorizeRequest(ctx: RequestContext, credentials: Record<string, unknown>): Request {
  const headers = new Headers(ctx.req.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(ctx.req.url, { method: ctx.req.method, headers, body: JSON.stringify(credentials) });
}
