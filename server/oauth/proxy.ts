/**
 * The redirect proxy (one stable redirect URI for preview deployments): the deployment that starts a
 * sign-in sends the provider to the proxy's callback and puts its own callback URL in the sealed
 * state; the proxy forwards the provider's answer there — but only to origins on an explicit allow
 * list, matched exactly (R-REDIR-14, R-REDIR-15): never to an arbitrary origin.
 */
import type { RequestContext } from "../context/request-context.js";
import type { OAuthConfig } from "../providers/oauth.js";
import { isLoopbackHost } from "./client.js";

/** The proxy this sign-in goes through, when one is configured and this deployment is not it. */
export function redirectProxyFor(ctx: RequestContext, provider: OAuthConfig): { url: string } | undefined {
  const configured = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  if (!configured) return undefined;
  const url = configured.replace(/\/$/, "");
  return new URL(url).origin === ctx.origin ? undefined : { url };
}

/** Whether the proxy may forward to `target` (a deployment's callback URL). */
export function isAllowedProxyTarget(ctx: RequestContext, target: string): boolean {
  let origin: string;
  try {
    origin = new URL(target).origin;
  } catch {
    return false;
  }
  const allowed = ctx.config.redirectProxyAllowedOrigins;
  if (!allowed.includes(origin)) return false;
  const local = isLoopbackHost(new URL(origin).hostname);
  // localhost only in development (R-REDIR-15).
  return !local || process.env.NODE_ENV !== "production";
}
