/**
 * A real OpenID Provider for tests: the testing kit's oidc-provider server (server/testing-kit/idp.ts)
 * with its development login and consent pages, driven over plain HTTP with a cookie jar. The Vitest
 * OAuth tests and the browser tests' fixture (e2e/fixtures/idp.ts) use it. Test-only; not built.
 *
 * The ID token carries only `sub` (oidc-provider's default, as with many real providers); `email`,
 * `email_verified` and `name` come from the userinfo endpoint.
 *
 * Refresh tokens are issued as a real OpenID Provider issues them: when the client asks for the
 * `offline_access` scope together with `prompt=consent`. Access-token lifetimes and refresh-token
 * rotation are options, so refresh tests need neither clocks nor sleeps; reusing a rotated refresh
 * token revokes the whole grant (oidc-provider's reuse detection), and `revokeToken` revokes one.
 *
 * ```ts
 * const idp = await startTestIdp({ clients: [{ client_id: "rp", client_secret: "s", redirect_uris: ["http://localhost:3000/auth/callback/idp"] }] });
 * const callback = await idp.completeLogin(authorizationUrl, { login: "ada" }); // …/callback/idp?code=…&state=…&iss=…
 * const denied = await idp.deny(authorizationUrl, { at: "consent" });      // …?error=access_denied&error_description=…&state=…&iss=…
 * await idp.close();
 * ```
 *
 * The second half drives Foyer's side through `Auth()` with real `Request`s: {@link startOAuthSignIn}
 * (CSRF, then `POST /signin/<id>`) and {@link oauthCallback}.
 */
import { Auth } from "../auth.js";
import { CookieJar, ORIGIN } from "../testing/harness.js";
import { startOidcServer, type OidcServer, type OidcServerClient, type OidcServerOptions, type OidcServerRequest } from "../testing-kit/idp.js";
import type { AuthConfig } from "../types.js";

/** One client the IdP knows. */
export type TestIdpClient = OidcServerClient;

/** The server's options, with oidc-provider's development pages (no `interact`). */
export type TestIdpOptions = Omit<OidcServerOptions, "interact" | "anyRedirectUri" | "intercept">;

/** One request the IdP received. */
export type TestIdpRequest = OidcServerRequest;

/** The end of a login: the RP callback as the browser would be sent to it. */
export interface CallbackAnswer {
  /** The callback URL (with `code`, `state`, `iss`, or `error`… for `response_mode=query`). */
  url: string;
  /** For `response_mode=form_post`: the fields the auto-submitting form posts to `url`. */
  form?: Record<string, string>;
}

export interface LoginOptions {
  /** The account to sign in as (becomes `sub`). Default `user`. */
  login?: string;
}

export interface DenyOptions extends LoginOptions {
  /** Which page's "[ Cancel ]" link to follow: the login page (default) or the consent page. */
  at?: "login" | "consent";
}

export interface TestIdp extends OidcServer {
  /**
   * Follows the authorization URL through the login and consent pages (fresh IdP cookies each time)
   * and returns the RP callback URL with `code`, `state` and `iss`. Throws for `form_post`.
   */
  completeLogin(authorizationUrl: string | URL, options?: LoginOptions): Promise<string>;
  /** Like {@link completeLogin}, also for `response_mode=form_post` (then `form` holds the fields). */
  completeLoginAnswer(authorizationUrl: string | URL, options?: LoginOptions): Promise<CallbackAnswer>;
  /**
   * Cancels on the login (or consent) page, as a user would: the IdP answers the RP callback with
   * `error=access_denied&error_description=End-User aborted interaction`, `state` and `iss`.
   */
  deny(authorizationUrl: string | URL, options?: DenyOptions): Promise<string>;
  /**
   * The callback URL an IdP would send for an error, built from the authorization URL's
   * `redirect_uri` and `state`, with this issuer's `iss` (e.g. a hostile `error_description`).
   */
  errorCallback(authorizationUrl: string | URL, error: string, description?: string): string;
}

/** The cookies of the IdP's origin, kept by name (paths are ignored: one login at a time). */
class Jar {
  private readonly cookies = new Map<string, string>();

  update(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      const expired = expires !== undefined && Date.parse(expires.slice(8)) <= Date.now();
      const maxAgeZero = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (value === "" || expired || maxAgeZero) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** The `form_post` page: its form's action and hidden fields. */
function parseFormPost(html: string): CallbackAnswer | undefined {
  const form = /<form[^>]*>/i.exec(html)?.[0];
  const action = form && attribute(form, "action");
  if (!action) return undefined;
  const fields: Record<string, string> = {};
  for (const input of html.match(/<input[^>]*>/gi) ?? []) {
    const name = attribute(input, "name");
    if (name) fields[name] = attribute(input, "value") ?? "";
  }
  return { url: action, form: fields };
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const server = await startOidcServer(options);
  const { issuer } = server;

  /** Drives the browser part: redirects, the login page, the consent page, until the IdP answers the RP. */
  async function drive(authorizationUrl: string | URL, login: string, cancelAt?: "login" | "consent"): Promise<CallbackAnswer> {
    const jar = new Jar();
    let url = new URL(authorizationUrl);
    let method = "GET";
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 20; step++) {
      if (url.origin !== issuer) return { url: url.href };
      const response = await fetch(url, {
        method,
        redirect: "manual",
        headers: { ...(jar.header ? { cookie: jar.header } : {}), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body,
      });
      jar.update(response);
      method = "GET";
      body = undefined;
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      const html = await response.text();
      if (response.status !== 200) throw new Error(`The test IdP answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
      const isLogin = /name="login"/.test(html);
      const isConsent = /name="prompt" value="consent"/.test(html);
      if (!isLogin && !isConsent) {
        const formPost = parseFormPost(html);
        if (formPost) return { url: new URL(formPost.url, url).href, form: formPost.form };
        throw new Error(`Unexpected page from the test IdP at ${url.pathname}: ${html.slice(0, 300)}`);
      }
      if (cancelAt === (isLogin ? "login" : "consent")) {
        const abort = /<a href="([^"]*\/abort)"/.exec(html)?.[1];
        if (!abort) throw new Error("The test IdP's page has no cancel link");
        url = new URL(decodeEntities(abort), url);
        continue;
      }
      const form = /<form[^>]*>/i.exec(html)?.[0];
      const action = form && attribute(form, "action");
      if (!action) throw new Error("The test IdP's page has no form");
      url = new URL(action, url);
      method = "POST";
      body = new URLSearchParams(isLogin ? { prompt: "login", login, password: "x" } : { prompt: "consent" });
    }
    throw new Error("Too many steps at the test IdP");
  }

  return {
    ...server,
    async completeLogin(authorizationUrl, { login = "user" } = {}) {
      const answer = await drive(authorizationUrl, login);
      if (answer.form) throw new Error("The IdP answered with form_post; use completeLoginAnswer()");
      return answer.url;
    },
    completeLoginAnswer: (authorizationUrl, { login = "user" } = {}) => drive(authorizationUrl, login),
    async deny(authorizationUrl, { login = "user", at = "login" } = {}) {
      return (await drive(authorizationUrl, login, at)).url;
    },
    errorCallback(authorizationUrl, error, description) {
      const authorization = new URL(authorizationUrl);
      const callback = new URL(authorization.searchParams.get("redirect_uri")!);
      callback.searchParams.set("error", error);
      if (description !== undefined) callback.searchParams.set("error_description", description);
      const state = authorization.searchParams.get("state");
      if (state) callback.searchParams.set("state", state);
      callback.searchParams.set("iss", issuer);
      return callback.href;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Foyer's side of the flow
// ---------------------------------------------------------------------------------------------

export interface OAuthStart {
  /** The browser's cookies for Foyer after the sign-in POST: CSRF, callback-url and the check cookies. */
  jar: CookieJar;
  response: Response;
  /** The `Location` of the sign-in answer (the IdP's authorization URL when all went well). */
  authorizationUrl: URL;
}

export interface StartOptions {
  /** The query string of the sign-in POST (forwarded authorization parameters), without `?`. */
  query?: string;
  /** More form fields (e.g. `callbackUrl`). */
  fields?: Record<string, string>;
  /** Cookies already in the browser (e.g. a session). Default: a fresh jar. */
  jar?: CookieJar;
  /** The deployment's origin. Default the harness's `http://localhost:3000`. */
  origin?: string;
  basePath?: string;
}

/** `GET /csrf`, then `POST /signin/<provider>` with the token, as the sign-in page's button does. */
export async function startOAuthSignIn(config: AuthConfig, provider: string, options: StartOptions = {}): Promise<OAuthStart> {
  const { query = "", fields = {}, jar = new CookieJar(), origin = ORIGIN, basePath = "/auth" } = options;
  const csrf = await Auth(new Request(`${origin}${basePath}/csrf`, { headers: jar.header ? { cookie: jar.header } : {} }), config);
  jar.update(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await Auth(
    new Request(`${origin}${basePath}/signin/${provider}${query ? `?${query}` : ""}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
      body: new URLSearchParams({ csrfToken, ...fields }),
    }),
    config,
  );
  jar.update(response);
  const location = response.headers.get("location");
  if (!location) throw new Error(`POST /signin/${provider} answered ${response.status} without a Location`);
  return { jar, response, authorizationUrl: new URL(location, origin) };
}

/**
 * The browser arriving at Foyer's callback: a GET of `url`, or for `form_post` a POST of `form` (from
 * the IdP's page, so with its `Origin`). A jar is updated with the answer's cookies; a string is sent
 * as the `Cookie` header as it is.
 */
export async function oauthCallback(
  config: AuthConfig,
  answer: string | CallbackAnswer,
  cookies: CookieJar | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const { url, form } = typeof answer === "string" ? { url: answer, form: undefined } : answer;
  const cookie = typeof cookies === "string" ? cookies : cookies.header;
  const request = form
    ? new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...headers },
        body: new URLSearchParams(form),
      })
    : new Request(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const response = await Auth(request, config);
  if (typeof cookies !== "string") cookies.update(response);
  return response;
}
