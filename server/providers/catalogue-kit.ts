/**
 * Shared pieces of the catalogue's providers that do not speak plain OAuth 2 / OpenID Connect:
 *
 * - {@link readApi}: one JSON request to a provider's API (a profile behind POST, on a second
 *   endpoint, with extra headers or another token scheme), its error answer turned into an error that
 *   names the provider and the service's own error fields, so a refused token fails the sign-in
 *   (`OAuthCallbackError`) instead of signing in an empty profile;
 * - {@link tokenAnswerLayer}: a fix for a token endpoint's non-standard answers, applied over the
 *   user's fetch (`null` fields, errors sent with HTTP 200, another error vocabulary);
 * - {@link instanceUrl}: the URL of a self-hosted service (Mastodon, Nextcloud, …), from `issuer` or
 *   `AUTH_<ID>_ISSUER`;
 * - {@link oidcProfile}: the standard claims as a user.
 *
 * Internal: not exported from the package (`./providers/catalogue-kit` is mapped to null).
 */
import type { FetchLayer } from "../core/custom-fetch.js";
import type { Profile, User } from "../types.js";
import { baseUrlOption } from "./base-url.js";
import type { OAuthConfig } from "./oauth.js";

/** The fetch a provider's own requests use: the configured one (custom fetch and fixes), else the global. */
export function fetchOf(provider: OAuthConfig): typeof fetch {
  return provider.customFetch ?? ((input, init) => fetch(input, init));
}

/** The userinfo URL of a provider as configured (options may move it), with its `params` in the query. */
export function userinfoUrl(provider: OAuthConfig, name: string): URL {
  const userinfo = typeof provider.userinfo === "string" ? { url: provider.userinfo } : (provider.userinfo ?? {});
  if (!userinfo.url) throw new Error(`${name}: no userinfo URL configured`);
  const url = new URL(userinfo.url);
  for (const [key, value] of Object.entries(userinfo.params ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  return url;
}

/** The error fields services put in their answers, shortened: enough to tell what failed, never a whole body. */
export function errorSummary(body: unknown): string {
  if (!body || typeof body !== "object") return "";
  const record = body as Record<string, unknown>;
  const parts: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
  };
  const error = record.error;
  if (error && typeof error === "object") {
    const nested = error as Record<string, unknown>;
    for (const key of ["code", "error_code", "type", "message", "error_msg"]) add(nested[key]);
  } else add(error);
  for (const key of ["error_description", "errcode", "errmsg", "code", "status_code", "resultcode", "message", "error_tag"]) add(record[key]);
  const errors = record.errors;
  if (Array.isArray(errors) && errors[0] && typeof errors[0] === "object") {
    const first = errors[0] as Record<string, unknown>;
    for (const key of ["code", "code_name", "message", "detail", "description"]) add(first[key]);
  }
  const text = parts.join(" ").slice(0, 200);
  return text ? ` (${text})` : "";
}

export interface ApiRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A JSON body (POST). */
  json?: unknown;
}

/**
 * One request to a provider's API with the provider's fetch; the parsed JSON answer. A non-2xx status
 * or a body that is not JSON throws, naming the provider, the path and the service's error fields.
 */
export async function readApi(provider: OAuthConfig, name: string, url: URL | string, request: ApiRequest = {}): Promise<Record<string, unknown>> {
  const target = new URL(url);
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  const init: RequestInit = { method: request.method ?? "GET", headers };
  if (request.json !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(request.json);
  }
  const response = await fetchOf(provider)(target, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${name}: ${init.method} ${target.pathname} answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(`${name}: ${init.method} ${target.pathname} answered ${response.status}${errorSummary(body)}`);
  if (!body || typeof body !== "object") throw new Error(`${name}: ${init.method} ${target.pathname} answered no JSON object`);
  return body as Record<string, unknown>;
}

/** `Authorization: Bearer <access token>` (or another scheme some services document, e.g. `OAuth`). */
export function authorization(accessToken: unknown, scheme = "Bearer"): Record<string, string> {
  if (typeof accessToken !== "string" || !accessToken) throw new Error("the token answer has no access_token");
  return { Authorization: `${scheme} ${accessToken}` };
}

/**
 * A fetch layer that fixes the token endpoint's answers (POSTs whose path ends with `tokenPath`):
 * `fix` gets the parsed JSON and returns the body to hand on; an answer that then carries an OAuth
 * `error` (and no access token) is given status 400, so it fails as a token error even when the
 * service sent it with 200, and a successful answer with another 2xx status is given 200. Other
 * requests pass through.
 */
export function tokenAnswerLayer(tokenPath: string | RegExp, fix: (body: Record<string, unknown>) => Record<string, unknown> = (body) => body): FetchLayer {
  return (next) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await next(input, init);
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      const matches = typeof tokenPath === "string" ? url.pathname.endsWith(tokenPath) : tokenPath.test(url.pathname);
      if (!matches || (init?.method ?? "GET").toUpperCase() !== "POST") return response;
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return new Response(text, { status: response.status, headers: response.headers });
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return new Response(text, { status: response.status, headers: response.headers });
      const body = fix(parsed as Record<string, unknown>);
      const failed = typeof body.error === "string" && !("access_token" in body);
      // An error sent with 2xx becomes 400; a token sent with another 2xx (Medium's 201) becomes 200, as OAuth requires.
      const status = failed && response.ok ? 400 : response.ok ? 200 : response.status;
      return Response.json(body, { status });
    }) as typeof fetch;
}

/** A copy of `record` without the keys whose value is `null` (JSON `null` where OAuth wants absence). */
export function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}

/** `AUTH_<ID>_<SUFFIX>` from the environment, if any. */
export function envOption(id: string, suffix: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[`AUTH_${id.toUpperCase().replace(/-/g, "_")}_${suffix}`] || undefined;
}

/**
 * The URL of a self-hosted service's instance: the `issuer` option, else `AUTH_<ID>_ISSUER`, as an
 * absolute http(s) URL without a trailing slash; `undefined` when neither is set (the provider then
 * has no endpoints, and signing in with it is a configuration error naming the provider).
 */
export function instanceUrl(options: { issuer?: string }, id: string, name: string): string | undefined {
  const value = options.issuer ?? envOption(id, "ISSUER");
  return value ? baseUrlOption(value, name, "issuer") : undefined;
}

/** The standard OpenID Connect claims as a user (`sub`, `name`, `email`, `picture`). */
export function oidcProfile(profile: Profile): User & { id: string } {
  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  return {
    id: String(profile.sub),
    name: text(profile.name) ?? text(profile.preferred_username) ?? text(profile.nickname),
    email: text(profile.email),
    image: text(profile.picture),
  };
}

export interface ProfileRequestOptions {
  /** The token scheme of the `Authorization` header (default `Bearer`). */
  scheme?: string;
  /** Extra headers, or a function of the provider (an API key header holding the client id). */
  headers?: Record<string, string> | ((provider: OAuthConfig) => Record<string, string>);
  /**
   * Checks the answer: returns an error text when the service reports a failure inside a 2xx answer
   * (`{ resultcode: "024" }`, `{ error: { … } }`), else `undefined`.
   */
  failure?: (body: Record<string, unknown>) => string | undefined;
}

/**
 * A `userinfo.request` that GETs the configured userinfo URL with the access token and returns the
 * JSON answer; errors (status, or `failure`) fail the sign-in with the service's error fields.
 */
export function profileRequest(name: string, options: ProfileRequestOptions = {}) {
  return async ({ tokens, provider }: { tokens: { access_token?: string }; provider: OAuthConfig }): Promise<Profile> => {
    const extra = typeof options.headers === "function" ? options.headers(provider) : options.headers;
    const body = await readApi(provider, name, userinfoUrl(provider, name), { headers: { ...authorization(tokens.access_token, options.scheme), ...extra } });
    const failure = options.failure?.(body);
    if (failure) throw new Error(`${name}: the profile answer reports an error (${failure.slice(0, 200)})`);
    return body as Profile;
  };
}
