/**
 * OAuth / OIDC sign-in, step one (Auth.js's flow, hardened: docs/compatibility.md#oauth-and-openid-connect): build the authorization URL with openid-client
 * and set the check cookies. By default PKCE and `state` for every provider and `nonce` for OIDC
 * (Auth.js: PKCE only); a provider's own `checks` win. Query parameters of the sign-in request are
 * forwarded (`prompt`, `login_hint`, …) but can never override the protocol's own (R-OAUTH-14).
 */
import * as client from "openid-client";
import type { RequestContext } from "../../context/request-context.js";
import { clientConfiguration } from "../../oauth/client.js";
import { checkCookie } from "../../oauth/checks.js";
import { redirectProxyFor } from "../../oauth/proxy.js";
import { sealState } from "../../oauth/state.js";
import type { OAuthProvider } from "../../config/types.js";
import type { OAuthCheck } from "../../providers/oauth.js";
import type { Cookie, ResponseInternal } from "../../types.js";

/** Parameters only Foyer sets. */
const PROTECTED = new Set(["client_id", "redirect_uri", "response_type", "state", "nonce", "code_challenge", "code_challenge_method"]);

export function checksOf(provider: OAuthProvider): Set<OAuthCheck> {
  return new Set(provider.checks.filter((check) => check !== "none"));
}

export async function oauthSignin(ctx: RequestContext, provider: OAuthProvider): Promise<ResponseInternal> {
  const configuration = await clientConfiguration(provider);
  const issuer = configuration.serverMetadata().issuer;
  const proxy = redirectProxyFor(ctx, provider);
  const redirectUri = proxy ? `${proxy.url}/callback/${provider.id}` : `${ctx.authUrl}/callback/${provider.id}`;

  const params: Record<string, string> = {};
  const authorization = typeof provider.authorization === "object" ? provider.authorization : undefined;
  for (const [key, raw] of Object.entries(authorization?.params ?? {})) {
    // A function parameter sees the final provider (after AUTH_<ID>_* filled it), e.g. TikTok's client_key.
    const value = typeof raw === "function" ? (raw as (p: OAuthProvider) => unknown)(provider) : raw;
    if (value !== undefined && value !== null) params[key] = typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  if (provider.type === "oidc" && !params.scope) params.scope = "openid profile email";
  for (const [key, value] of Object.entries(ctx.req.query)) if (!PROTECTED.has(key)) params[key] = value;
  params.redirect_uri = redirectUri;
  // Always the code flow. Azure DevOps names its code flow `response_type=Assertion` (its provider sets it).
  params.response_type = authorization?.params?.response_type === "Assertion" ? "Assertion" : "code";

  const checks = checksOf(provider);
  const formPost = params.response_mode === "form_post";
  const binding = { issuer, clientId: provider.clientId ?? "", redirectUri };
  const cookies: Cookie[] = [];
  if (checks.has("pkce")) {
    const verifier = client.randomPKCECodeVerifier();
    params.code_challenge = await client.calculatePKCECodeChallenge(verifier);
    params.code_challenge_method = "S256";
    cookies.push(await checkCookie(ctx, "pkceCodeVerifier", verifier, binding, formPost));
  }
  if (checks.has("state") || proxy) {
    params.state = await sealState(ctx.config.secret, proxy ? `${ctx.authUrl}/callback/${provider.id}` : undefined);
    cookies.push(await checkCookie(ctx, "state", params.state, binding, formPost));
  }
  if (checks.has("nonce")) {
    params.nonce = client.randomNonce();
    cookies.push(await checkCookie(ctx, "nonce", params.nonce, binding, formPost));
  }
  const url = client.buildAuthorizationUrl(configuration, params);
  ctx.logger.debug("authorization url is ready", { provider: provider.id, checks: [...checks] });
  return { redirect: url.href, cookies };
}
