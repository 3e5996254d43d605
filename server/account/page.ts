/**
 * `GET {basePath}/account`: the hosted account page for the signed-in user (a visitor without a
 * session is sent to sign in, and comes back here). Gathers what the page shows, with the same
 * functions the JSON routes answer with, and renders server/pages/account.tsx.
 */
import { accountTranslator, ACCOUNT_EN, type AccountOverrides } from "../../locales/account.js";
import { listAuthenticators } from "../adapters/metadata.js";
import type { AdapterUser } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { signinPageUrl } from "../context/request-context.js";
import { withQuery } from "../core/redirect.js";
import { pageContext } from "../actions/page-context.js";
import { ACCOUNT_CSS } from "../pages/account-styles.generated.js";
import { AccountPage, type AccountPageProps } from "../pages/account.js";
import { formActionSources } from "../pages/form-action.js";
import { pageDocument } from "../pages/markup.js";
import { pageHeaders } from "../pages/headers.js";
import { sessionStrategyOf } from "../session/strategy.js";
import { transportsOf } from "../webauthn/encoding.js";
import type { ResponseInternal } from "../types.js";
import { renderToString } from "preact-render-to-string";
import { connectedAccounts } from "./connected.js";
import { profileOf } from "./profile.js";
import { keepsAWayIn } from "./ways-in.js";
import { managementUnavailable, sessionId } from "./sessions.js";
import { parseUserAgent } from "./user-agent.js";
import { DELETE_WORD } from "./deletion.js";
import { knownAuthorizationEndpoint } from "../oauth/client.js";

/** A `?status=` / `?error=` value the page shows, when it is one of the catalogue's. */
function known(prefix: "account.status." | "account.error.", value: string | undefined): string | undefined {
  return value && /^[A-Za-z]{1,40}$/.test(value) && Object.hasOwn(ACCOUNT_EN, `${prefix}${value}`) ? value : undefined;
}

export async function accountPageRoute(ctx: RequestContext): Promise<ResponseInternal> {
  const profile = await profileOf(ctx);
  if (!profile) {
    // Nobody signed in (or this device was just signed out): sign in, then come back here.
    return { redirect: withQuery(signinPageUrl(ctx), { callbackUrl: `${ctx.authUrl}/account` }) };
  }
  const page = pageContext(ctx);
  const a = accountTranslator(page.locale, ctx.config.messages as AccountOverrides | undefined);
  const stored = await sessionStrategyOf(ctx.config).currentUser(ctx);
  const props: AccountPageProps = {
    a,
    user: profile.user,
    status: known("account.status.", ctx.req.query.status),
    error: known("account.error.", ctx.req.query.error),
    sessions: await sessionsOf(ctx),
    passkeys: stored ? await passkeysOf(ctx, stored) : null,
    accounts: stored && typeof ctx.config.adapter?.listAccounts === "function" ? await accountsOf(ctx, stored) : null,
    deleteWord: profile.deletion ? (profile.user.email ?? DELETE_WORD) : undefined,
  };
  const css = ctx.config.pageCss + ACCOUNT_CSS;
  const body = renderToString(AccountPage({ page, props }));
  const headers = pageHeaders({ css, carriesToken: true, scripts: false, formAction: formAction(ctx) }, ctx.config.pageHeaders);
  const referrerPolicy = Object.entries(headers).find(([name]) => name.toLowerCase() === "referrer-policy")?.[1] ?? null;
  return { status: 200, headers, body: pageDocument(page, { status: 200, title: a("account.title"), body, scripts: [] }, css, referrerPolicy) };
}

async function sessionsOf(ctx: RequestContext): Promise<AccountPageProps["sessions"]> {
  if (managementUnavailable(ctx)) return null;
  const current = await sessionStrategyOf(ctx.config).storedSession(ctx);
  if (!current) return null;
  const sessions = await ctx.config.adapter!.listSessions!(current.user.id);
  const live = sessions.filter((session) => new Date(session.expires).valueOf() >= Date.now());
  return Promise.all(
    live.map(async (session) => ({
      id: await sessionId(session.sessionToken),
      current: session.sessionToken === current.key,
      ...parseUserAgent(session.userAgent),
      lastSeenAt: session.lastSeenAt ? new Date(session.lastSeenAt).toISOString() : null,
      createdAt: session.createdAt ? new Date(session.createdAt).toISOString() : null,
    })),
  );
}

async function passkeysOf(ctx: RequestContext, user: AdapterUser): Promise<AccountPageProps["passkeys"]> {
  const adapter = ctx.config.adapter;
  if (!adapter || !ctx.config.providers.some((p) => p.type === "webauthn") || typeof adapter.listAuthenticatorsByUserId !== "function") return null;
  const items = await listAuthenticators(adapter, user.id);
  const canRemove = items.length > 1 || (await keepsAWayIn(ctx, user, { passkeys: items.map((item) => item.credentialID) }));
  return {
    canRemove,
    items: items.map((item) => ({
      id: item.credentialID,
      name: item.name ?? null,
      transports: transportsOf(item.transports),
      deviceType: item.credentialDeviceType === "multiDevice" ? ("multiDevice" as const) : ("singleDevice" as const),
      lastUsedAt: item.lastUsedAt ? new Date(item.lastUsedAt).toISOString() : null,
    })),
  };
}

async function accountsOf(ctx: RequestContext, user: AdapterUser): Promise<AccountPageProps["accounts"]> {
  const { accounts, available } = await connectedAccounts(ctx, user);
  return { items: accounts, available };
}

/** The page's `form-action`: Foyer's own routes, and the providers' authorization endpoints the "Connect" buttons lead to. */
function formAction(ctx: RequestContext): string {
  const providerUrls: (string | undefined)[] = [ctx.config.redirectProxyUrl];
  for (const provider of ctx.config.providers) {
    if (provider.type !== "oauth" && provider.type !== "oidc") continue;
    providerUrls.push(knownAuthorizationEndpoint(provider), provider.issuer, provider.wellKnown);
  }
  return formActionSources({
    page: "signin",
    authUrl: ctx.authUrl,
    callbackUrl: ctx.callbackUrl,
    customPages: [ctx.config.pages.signIn, ctx.config.pages.error],
    providerUrls,
  });
}
