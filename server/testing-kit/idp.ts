/**
 * A real OpenID Provider for tests: oidc-provider running in-process on loopback. Two ways to use it:
 *
 * - {@link startTestIdP} (public, `foyer-auth/testing`): one client, any redirect URI, and no pages —
 *   every authorization signs the scripted user in at once (or fails as scripted), so an app's OAuth
 *   sign-in runs offline in a browser test without typing anything at the IdP.
 * - {@link startOidcServer}: the same server with every option (clients, token lifetimes, refresh-token
 *   rotation, oidc-provider's development login and consent pages), which Foyer's own tests drive.
 *
 * The ID token carries only `sub` (oidc-provider's default, as with many real providers); `email`,
 * `email_verified` and `name` come from the userinfo endpoint. Needs the optional peer `oidc-provider`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ClientMetadata, default as OidcProvider, KoaContextWithOIDC } from "oidc-provider";
import { OIDC, type OAuthConfig } from "../providers/oauth.js";
import { importOptional, refuseProduction } from "./optional.js";

/** One client the IdP knows. */
export interface OidcServerClient {
  client_id: string;
  /** Needed unless `token_endpoint_auth_method` is `none`. */
  client_secret?: string;
  /** Default `client_secret_basic`; `none` makes a public client (PKCE required by the IdP). */
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

/** One request the IdP received. */
export interface OidcServerRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** The `Authorization` header, when sent (client authentication at the token endpoint). */
  authorization?: string;
}

/** How a login is completed: oidc-provider's development pages, or at once by {@link OidcServerOptions.interact}. */
export type Interaction = { name: "login" | "consent"; accountId?: string; loginHint?: string };

export interface OidcServerOptions {
  /** Default 0 (a free port). The issuer is `http://<host>:<port>`. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  clients: OidcServerClient[];
  /**
   * Userinfo claims of the account `sub`, merged over the defaults
   * `{ sub, email: "<sub>@example.test", email_verified: true, name: "User <sub>" }`.
   */
  claims?: (sub: string) => Record<string, unknown> | undefined;
  /**
   * Access-token lifetime in seconds (default 3600), or a function of the grant that issues the
   * token (`authorization_code` or `refresh_token`), e.g. short at sign-in and long after a refresh.
   */
  accessTokenTtl?: number | ((grantType: string) => number);
  /** `true`: every refresh returns a new refresh token and consumes the old one; `false`: never. Default: oidc-provider's rule. */
  rotateRefreshTokens?: boolean;
  /**
   * Without it, oidc-provider's development login and consent pages are shown. With it, the IdP shows
   * no page: each step asks this function, which returns the account to sign in (login), `true` to
   * consent, or `false` to cancel (the client gets `error=access_denied`). Every authorization then
   * starts with a login (an IdP session is never reused), so each one asks again.
   */
  interact?: (step: Interaction) => string | boolean;
  /** Accept any http(s) redirect URI, not only the clients' `redirect_uris`. */
  anyRedirectUri?: boolean;
  /**
   * Answers a request before oidc-provider sees it: return `true` when it was answered (e.g. a
   * scripted token-endpoint error).
   */
  intercept?: (request: IncomingMessage, response: ServerResponse, path: string) => boolean;
}

export interface OidcServer {
  issuer: string;
  port: number;
  /** Every request received since the start (or the last {@link clearRequests}). */
  readonly requests: OidcServerRequest[];
  /** How many requests were made to `path` (e.g. `/.well-known/openid-configuration`). */
  countRequests(path: string): number;
  clearRequests(): void;
  /** Exchanges a code at the token endpoint as `client` would (client_secret_basic), returning the JSON. */
  exchangeCode(
    client: { client_id: string; client_secret: string },
    code: string,
    redirectUri: string,
    codeVerifier?: string,
  ): Promise<Record<string, unknown>>;
  /** Revokes a token at the revocation endpoint as `client` would (client_secret_basic). */
  revokeToken(client: { client_id: string; client_secret: string }, token: string): Promise<void>;
  close(): Promise<void>;
}

const INTERACTION_PATH = "/interaction/";

/** Starts the OpenID Provider. */
export async function startOidcServer(options: OidcServerOptions): Promise<OidcServer> {
  const { default: Provider } = await importOptional("oidc-provider", "The test OpenID Provider", () => import("oidc-provider"));
  const host = options.host ?? "127.0.0.1";
  const requests: OidcServerRequest[] = [];
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    const authorization = req.headers.authorization;
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "GET", path, ...(authorization ? { authorization } : {}) });
    if (options.intercept?.(req, res, path)) return;
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;
  const ttl = options.accessTokenTtl ?? 3600;
  const accessTokenTtl = (grantType: string) => (typeof ttl === "function" ? ttl(grantType) : ttl);
  const basic = (client: { client_id: string; client_secret: string }) =>
    `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString("base64")}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client): ClientMetadata => ({
      client_id: client.client_id,
      ...(client.client_secret !== undefined ? { client_secret: client.client_secret } : {}),
      token_endpoint_auth_method: client.token_endpoint_auth_method ?? "client_secret_basic",
      redirect_uris: client.redirect_uris,
      post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    })),
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: `${sub}@example.test`, email_verified: true, name: `User ${sub}`, ...(options.claims?.(sub) ?? {}) };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["test-only-cookie-signing-key"] },
    ...(options.interact ? { interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${INTERACTION_PATH}${interaction.uid}` } } : {}),
    features: {
      devInteractions: { enabled: !options.interact },
      // A client may revoke its own tokens only (stated, which also silences oidc-provider's notice).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
    },
    // Explicit lifetimes (seconds), which also keeps oidc-provider from printing a notice for each default.
    ttl: {
      AccessToken: (ctx) => accessTokenTtl(String(ctx.oidc.params?.grant_type ?? "authorization_code")),
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 3600,
    },
    ...(options.rotateRefreshTokens !== undefined ? { rotateRefreshToken: options.rotateRefreshTokens } : {}),
  });
  if (options.anyRedirectUri) {
    // A loopback IdP for tests: whichever port the app under test got, its callback is accepted.
    provider.Client.prototype.redirectUriAllowed = (value: string) => /^https?:\/\//.test(value);
  }
  const callback = provider.callback();
  const interact = options.interact;
  handler = interact
    ? (req, res) => {
        const path = (req.url ?? "/").split("?")[0]!;
        // No IdP session is reused at the authorization endpoint: every authorization asks `interact`.
        if (path === "/auth") delete req.headers.cookie;
        if (path.startsWith(INTERACTION_PATH)) void finishInteraction(provider, interact, req, res);
        else callback(req, res);
      }
    : callback;

  return {
    issuer,
    port,
    requests,
    countRequests: (path) => requests.filter((request) => request.path === path).length,
    clearRequests: () => void requests.splice(0),
    async exchangeCode(client, code, redirectUri, codeVerifier) {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(client) },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        }),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`The token endpoint answered ${response.status}: ${JSON.stringify(json)}`);
      return json;
    },
    async revokeToken(client, token) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(client) },
        body: new URLSearchParams({ token }),
      });
      if (!response.ok) throw new Error(`The revocation endpoint answered ${response.status}: ${await response.text()}`);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Completes one step of an interaction without a page, as `interact` decides. */
async function finishInteraction(
  provider: OidcProvider,
  interact: NonNullable<OidcServerOptions["interact"]>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const details = await provider.interactionDetails(req, res);
    const name = details.prompt.name === "login" ? "login" : "consent";
    const loginHint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
    const answer = interact({ name, accountId: details.session?.accountId, ...(loginHint ? { loginHint } : {}) });
    if (answer === false) {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (name === "login") {
      const accountId = typeof answer === "string" ? answer : (loginHint ?? "user");
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  } catch (error) {
    if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain" }).end(`The test IdP could not complete the sign-in: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The public test IdP
// ---------------------------------------------------------------------------------------------

/** An account of the test IdP: `sub` and the claims its userinfo answers. */
export interface TestIdPUser {
  /** The account id (the `sub` claim, and Foyer's `providerAccountId`). */
  sub: string;
  /** Default `<sub>@example.test`. */
  email?: string;
  /** Default `User <sub>`. */
  name?: string;
  [claim: string]: unknown;
}

export interface TestIdPOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Claims every account gets (an object), or a function of the account's `sub`; merged over the defaults. */
  claims?: Record<string, unknown> | ((sub: string) => Record<string, unknown> | undefined);
  /** The accounts; the first one signs in unless a sign-in is scripted. Default one account, `user`. */
  users?: TestIdPUser[];
  /** Only these redirect URIs are accepted. Default: any http(s) URI (a loopback IdP for tests). */
  redirectUris?: string[];
  /** Default `foyer-test-client`. */
  clientId?: string;
  /** Default `foyer-test-secret`. */
  clientSecret?: string;
  /** Run even though `NODE_ENV` is `production`. */
  allowProduction?: boolean;
}

/** How the next authorization at the IdP ends. */
export interface ScriptedSignIn {
  /** The account that signs in (its `sub`). Default: the `login_hint` the app sent, else the first of `users`. */
  as?: string;
  /**
   * `success` (default); `access_denied`: the user cancels (the app's callback gets
   * `error=access_denied`); `token_error`: the sign-in completes at the IdP but its token endpoint
   * answers `400 invalid_grant` when the app exchanges the code.
   */
  outcome?: "success" | "access_denied" | "token_error";
}

export interface TestIdP {
  /** `http://127.0.0.1:<port>` (the discovery document is at `/.well-known/openid-configuration`). */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /**
   * A Foyer OIDC provider config pointing at this IdP (id `test-idp`, name `Test IdP`): pass it to the
   * app's `providers`. `options` override any field (`id`, `name`, `checks`, …).
   */
  provider(options?: Partial<OAuthConfig>): OAuthConfig;
  /** Scripts the next authorization (one; later ones sign the default account in). Calls queue up. */
  nextSignIn(script: ScriptedSignIn): void;
  /** Every request the IdP received, by method and path. */
  readonly requests: readonly OidcServerRequest[];
  close(): Promise<void>;
}

/**
 * Starts a local OpenID Provider for an app's OAuth tests: no network, no page to fill in. Each
 * authorization signs the first of `users` in at once (or the account scripted with `nextSignIn`, or
 * fails as scripted), so a browser test clicks "Sign in with Test IdP" and lands back in the app.
 *
 * ```ts
 * const idp = await startTestIdP({ users: [{ sub: "ada", email: "ada@example.com" }] });
 * const config = { providers: [idp.provider()], … };
 * idp.nextSignIn({ outcome: "access_denied" });   // the next sign-in is cancelled at the IdP
 * await idp.close();
 * ```
 *
 * Needs the optional peer `oidc-provider`. Refuses to run when `NODE_ENV` is `production` unless
 * `allowProduction` is set.
 */
export async function startTestIdP(options: TestIdPOptions = {}): Promise<TestIdP> {
  refuseProduction("startTestIdP", options.allowProduction);
  const users = options.users?.length ? options.users : [{ sub: "user" }];
  const clientId = options.clientId ?? "foyer-test-client";
  const clientSecret = options.clientSecret ?? "foyer-test-secret";
  const scripts: ScriptedSignIn[] = [];
  let failTokenRequests = 0;
  const extraClaims = (sub: string) => (typeof options.claims === "function" ? options.claims(sub) : options.claims);

  const server = await startOidcServer({
    port: options.port,
    host: options.host,
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris ?? ["http://localhost/callback"] }],
    anyRedirectUri: options.redirectUris === undefined,
    claims(sub) {
      const { sub: _sub, ...claims } = users.find((user) => user.sub === sub) ?? { sub };
      return { ...claims, ...extraClaims(sub) };
    },
    interact(step) {
      if (step.name === "consent") return true;
      const script = scripts.shift() ?? {};
      if (script.outcome === "access_denied") return false;
      if (script.outcome === "token_error") failTokenRequests++;
      return script.as ?? step.loginHint ?? users[0]!.sub;
    },
    intercept(request, response, path) {
      if (path !== "/token" || request.method !== "POST" || failTokenRequests === 0) return false;
      failTokenRequests--;
      // The body is left unread: the answer does not depend on it.
      request.resume();
      response
        .writeHead(400, { "content-type": "application/json", "cache-control": "no-store" })
        .end(JSON.stringify({ error: "invalid_grant", error_description: "scripted by the test (nextSignIn token_error)" }));
      return true;
    },
  });

  return {
    issuer: server.issuer,
    port: server.port,
    clientId,
    clientSecret,
    provider: (overrides = {}) => OIDC({ id: "test-idp", name: "Test IdP", issuer: server.issuer, clientId, clientSecret, ...overrides }),
    nextSignIn: (script) => void scripts.push(script),
    requests: server.requests,
    close: () => server.close(),
  };
}
