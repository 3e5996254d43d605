/**
 * OAuth / OIDC sign-in, step two: `GET|POST {basePath}/callback/<id>`. openid-client checks the
 * answer (state, `iss`, PKCE, the ID token's issuer, audience and nonce) and exchanges the code. Any
 * failed check sends the user back to the sign-in page with `error=OAuthCallbackError` (try again)
 * while the log names the check — never the configuration page, never a stack trace.
 */
import * as client from "openid-client";
import { signinPageUrl, type RequestContext } from "../../context/request-context.js";
import { AUTHJS_TEXT, authjsError } from "../../core/authjs-wording.js";
import { AuthError, InvalidCheck, OAuthCallbackError, OAuthProfileParseError } from "../../core/errors.js";
import { withQuery } from "../../core/redirect.js";
import { runSignInCallback } from "../../context/signin-callback.js";
import { checksOf } from "../signin/oauth.js";
import { clientConfiguration } from "../../oauth/client.js";
import { clearChecks, readCheck } from "../../oauth/checks.js";
import { defaultAccount, defaultProfile, fetchProfile, tokenSet } from "../../oauth/profile.js";
import { isAllowedProxyTarget } from "../../oauth/proxy.js";
import { refreshPolicy } from "../../oauth/refresh.js";
import { canShareRefresh, replaceStoredTokens } from "../../oauth/refresh-stored.js";
import { openState } from "../../oauth/state.js";
import type { OAuthProvider } from "../../config/types.js";
import { signedInRedirect } from "../../session/signed-in-redirect.js";
import { sessionStrategyOf } from "../../session/strategy.js";
import { loginOrRegister } from "../../session/link.js";
import { presentEmail } from "../../session/new-user.js";
import type { Account, Profile, ResponseInternal } from "../../types.js";

export async function oauthCallback(ctx: RequestContext, provider: OAuthProvider): Promise<ResponseInternal> {
  const params = callbackParams(ctx);

  const forward = await proxyForward(ctx, provider, params);
  if (forward) return forward;

  if (params.has("error")) {
    // The description is the provider's text: logged (shortened), never rendered (R-OAUTH-08).
    throw new OAuthCallbackError(`The provider answered error=${params.get("error")!.slice(0, 64)}`);
  }

  const configuration = await clientConfiguration(provider);
  const issuer = configuration.serverMetadata().issuer;
  const redirectUri = (provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl) ? proxyRedirectUri(ctx, provider) : `${ctx.authUrl}/callback/${provider.id}`;
  const binding = { issuer, clientId: provider.clientId ?? "", redirectUri };
  const checks = checksOf(provider);
  const pkceCodeVerifier = checks.has("pkce") ? await readCheck(ctx, "pkceCodeVerifier", binding) : undefined;
  const stateSent = checks.has("state") || ctx.req.cookies[ctx.cookies.state.name] !== undefined;
  const expectedState = stateSent ? await readCheck(ctx, "state", binding) : client.skipStateCheck;
  const expectedNonce = checks.has("nonce") ? await readCheck(ctx, "nonce", binding) : undefined;

  const currentUrl = new URL(redirectUri);
  for (const [key, value] of params) currentUrl.searchParams.append(key, value);

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier,
      expectedState,
      expectedNonce,
      idTokenExpected: provider.type === "oidc" && provider.idToken !== false,
    });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // openid-client's message is generic ("invalid response encountered"); the check is in the cause.
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : "";
    throw new OAuthCallbackError(`The code exchange or its checks failed: ${(error as Error).message}${detail}`, error as Error);
  }

  const scope = authorizationScope(provider);
  let profile: Profile;
  try {
    profile = await fetchProfile(ctx, provider, configuration, tokens, scope);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new OAuthCallbackError(`Fetching the profile failed: ${(error as Error).message}`, error as Error);
  }

  // Apple posts the user's name once, as JSON in the callback's `user` form field (form_post).
  const postedUser = ctx.req.method === "POST" ? ctx.req.body?.user : undefined;
  if (typeof postedUser === "string" && postedUser.length < 4096) {
    try {
      const parsed: unknown = JSON.parse(postedUser);
      if (parsed && typeof parsed === "object") profile = { ...profile, user: parsed };
    } catch {
      // not JSON: ignore, as Auth.js does
    }
  }

  const set = tokenSet(tokens);
  let mapped: Awaited<ReturnType<typeof defaultProfile>>;
  try {
    const result = provider.profile ? await provider.profile(profile as never, set) : defaultProfile(profile);
    mapped = { ...result, id: result.id === undefined || result.id === null ? crypto.randomUUID() : String(result.id) };
  } catch (error) {
    // Auth.js redirects to "<request URL>/signin" here; Foyer to the sign-in page with a documented code
    // (docs/compatibility.md#oauth-and-openid-connect).
    ctx.logger.error(new OAuthProfileParseError(`The profile() of provider "${provider.id}" threw`, error as Error));
    return { redirect: signinPage(ctx, "Callback"), cookies: clearChecks(ctx) };
  }

  // As Auth.js (`email?.toLowerCase()`): a missing or null address becomes no address; Foyer also drops "".
  const email = presentEmail(mapped.email)?.toLowerCase();
  const user = { ...mapped, id: crypto.randomUUID(), email };
  const account: Account = {
    ...(provider.account ? provider.account(set) : defaultAccount(set)),
    provider: provider.id,
    type: provider.type,
    providerAccountId: mapped.id,
  };

  const adapter = ctx.config.adapter;
  const userByAccount = adapter ? ((await adapter.getUserByAccount!({ provider: provider.id, providerAccountId: account.providerAccountId })) ?? null) : null;
  const redirect = await runSignInCallback(ctx, { user: userByAccount ?? user, account, profile });
  if (redirect) return { redirect, cookies: clearChecks(ctx) };

  const linked = await loginOrRegister(ctx, {
    user,
    account,
    profile,
    userByAccount,
    allowDangerousEmailAccountLinking: provider.allowDangerousEmailAccountLinking,
  });
  if (userByAccount && refreshPolicy(provider) !== undefined && canShareRefresh(adapter)) {
    // A returning user: the row keeps the tokens of the first sign-in unless replaced. With
    // `refreshTokens` the row is what refreshes work from, and signing in again is how a user
    // recovers from a RefreshTokenError, so the new tokens go in. Not storing them fails nothing.
    const stored = await replaceStoredTokens(adapter, ctx.config.secret, account).catch(() => false);
    if (!stored) ctx.logger.debug("the new provider tokens were not stored on the account", { provider: provider.id });
  }
  const sessionCookies = await sessionStrategyOf(ctx.config).issue(ctx, {
    user: linked.user,
    account,
    profile,
    isNewUser: linked.isNewUser,
    userId: linked.user.id,
  });
  await ctx.config.events.signIn({ user: linked.user, account, profile, isNewUser: linked.isNewUser });
  return {
    redirect: signedInRedirect(ctx, linked.isNewUser),
    cookies: [...clearChecks(ctx), ...sessionCookies],
  };
}

/** The authorization response: the query, or the form body for `response_mode=form_post`. */
function callbackParams(ctx: RequestContext): URLSearchParams {
  const params = new URLSearchParams();
  const source = ctx.req.method === "POST" ? (ctx.req.body ?? {}) : ctx.req.query;
  for (const [key, value] of Object.entries(source)) if (typeof value === "string" && key !== "callbackUrl") params.set(key, value);
  return params;
}

function authorizationScope(provider: OAuthProvider): string {
  const params = typeof provider.authorization === "object" ? provider.authorization.params : undefined;
  const scope = params?.scope;
  return typeof scope === "string" ? scope : provider.type === "oidc" ? "openid profile email" : "";
}

function proxyRedirectUri(ctx: RequestContext, provider: OAuthProvider): string {
  const proxy = (provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl)!.replace(/\/$/, "");
  return `${proxy}/callback/${provider.id}`;
}

/**
 * On the proxy deployment: a sign-in started elsewhere comes back here; forward the provider's answer
 * to the starting deployment's callback — only to an allowed origin.
 */
async function proxyForward(ctx: RequestContext, provider: OAuthProvider, params: URLSearchParams): Promise<ResponseInternal | undefined> {
  const proxyUrl = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  if (!proxyUrl || new URL(proxyUrl).origin !== ctx.origin) return undefined;
  const state = params.get("state");
  if (!state) return undefined;
  const payload = await openState(ctx.config.secret, state);
  if (!payload)
    throw authjsError(InvalidCheck, AUTHJS_TEXT.stateNotDecoded, "The redirect proxy could not open the state (foreign secret, tampered or expired).");
  if (!payload.origin || new URL(payload.origin).origin === ctx.origin) return undefined;
  if (!isAllowedProxyTarget(ctx, payload.origin)) {
    throw new InvalidCheck(`The redirect proxy refused to forward to ${new URL(payload.origin).origin}: not in redirectProxyAllowedOrigins`);
  }
  ctx.logger.debug("Proxy redirecting to", { origin: new URL(payload.origin).origin });
  return { redirect: `${payload.origin}?${params}` };
}

function signinPage(ctx: RequestContext, error: string): string {
  return withQuery(signinPageUrl(ctx), { error });
}
