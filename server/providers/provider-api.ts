/**
 * Helpers the catalogue's non-standard OAuth providers share (internal, not exported by the
 * package): a JSON request to the provider's API through the provider's fetch, failing the sign-in
 * with the provider's own error text when the service says no, and issuer options read once.
 */
import { OAuthCallbackError } from "../core/errors.js";
import type { OAuthConfig, TokenSet } from "./oauth.js";

/** The first of `keys` that is a non-empty string in `record` (the service's error text). */
function errorText(record: unknown): string | undefined {
  if (!record || typeof record !== "object") return undefined;
  const r = record as Record<string, unknown>;
  if (Array.isArray(r.errors)) return errorText(r.errors[0]);
  for (const key of ["error_description", "message", "errorDetail", "msg", "Message", "ErrorStatus", "error", "meta", "detail"]) {
    const value = r[key];
    if (typeof value === "string" && value) return value;
    if (value && typeof value === "object") {
      const nested = errorText(value);
      if (nested) return nested;
    }
  }
  return undefined;
}

/**
 * GETs (or POSTs) `url` with the access token and answers the parsed JSON. A non-2xx answer fails
 * the sign-in (OAuthCallbackError) with the service's error text, so the user gets the error page,
 * never a profile built from an error body.
 */
export async function providerJson(
  provider: OAuthConfig,
  label: string,
  url: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; bearer?: string | false } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { Accept: "application/json", ...(init.headers ?? {}) };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  const response = await (provider.customFetch ?? fetch)(url, { method: init.method ?? "GET", headers, body: init.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok || body === undefined || typeof body !== "object" || body === null) {
    const detail = errorText(body);
    throw new OAuthCallbackError(`${label}: the API answered ${response.status}${detail ? ` (${detail})` : ""}`);
  }
  return body as Record<string, unknown>;
}

/** The userinfo URL of `provider` (an override given in options wins). */
export function userinfoUrl(provider: OAuthConfig, label: string): string {
  const url = typeof provider.userinfo === "string" ? provider.userinfo : provider.userinfo?.url;
  if (!url) throw new OAuthCallbackError(`${label}: no userinfo URL`);
  return url;
}

/** The access token, or a clear error when the token answer had none. */
export function accessToken(tokens: TokenSet, label: string): string {
  if (typeof tokens.access_token !== "string" || !tokens.access_token) throw new OAuthCallbackError(`${label}: the token answer has no access_token`);
  return tokens.access_token;
}

/**
 * The issuer option, else `AUTH_<ID>_ISSUER`, without a trailing slash: for providers whose
 * endpoints hang off the issuer and are built when the factory runs (the environment fill comes later).
 */
export function issuerOption(issuer: string | undefined, envName: string): string | undefined {
  const value = issuer ?? process.env[envName];
  return value ? value.replace(/\/+$/, "") : undefined;
}
