/**
 * From the `providers` list of a config to the providers requests use, in two steps: `configuredProviders`
 * runs the factories and merges each user's `options` over the factory's defaults (what the rules then
 * check), and `resolveProvider` fills in what a kind needs at request time, once.
 */
import { effectiveFetchOf } from "../core/custom-fetch.js";
import { DEFAULT_EMAIL_MAX_AGE, DEFAULT_RESEND_COOLDOWN, type EmailConfig } from "../providers/email.js";
import type { OAuthConfig } from "../providers/oauth.js";
import { defaultFormFields, defaultRelyingParty, defaultUserInfo } from "../providers/webauthn.js";
import type { AuthConfig, CommonProviderOptions } from "../types.js";
import type { ConfiguredProvider, InternalProvider, OAuthProvider, WebAuthnProvider } from "./types.js";

/** The providers as configured: factories called, `options` merged over defaults, nothing checked. */
export function configuredProviders(config: AuthConfig): ConfiguredProvider[] {
  return config.providers.map((provider) => {
    const instance = (typeof provider === "function" ? provider() : provider) as CommonProviderOptions;
    const { options, ...defaults } = instance ?? ({} as CommonProviderOptions);
    return deepMerge(defaults, options ?? {}) as unknown as ConfiguredProvider;
  });
}

/**
 * A provider typed by its kind with its defaults in place, so that requests never fill one in. A new
 * object: the configured one is left as it was for the rules and the pages. (A config whose providers
 * break a rule answers every request with that error, so such a provider is never used.)
 */
export function resolveProvider(provider: ConfiguredProvider): InternalProvider {
  switch (provider.type) {
    case "oauth":
    case "oidc": {
      const given = provider as OAuthConfig;
      return {
        ...given,
        checks: given.checks ?? (given.type === "oidc" ? ["pkce", "state", "nonce"] : ["pkce", "state"]),
        // Every request to the provider reads this one field (core/custom-fetch.ts): the user's fetch,
        // named by any of its keys, under the factory's own fix.
        customFetch: effectiveFetchOf(given),
      };
    }
    case "email": {
      const given = provider as EmailConfig;
      return { ...given, maxAge: given.maxAge ?? DEFAULT_EMAIL_MAX_AGE, resendCooldown: given.resendCooldown ?? DEFAULT_RESEND_COOLDOWN };
    }
    case "webauthn":
      return resolveWebAuthn(provider);
    default:
      return { ...provider } as InternalProvider;
  }
}

/**
 * Configs may hold a bare `{ id, name, type: "webauthn" }` object (Auth.js allows it), so the hooks
 * the factory would have set are set here.
 */
function resolveWebAuthn(provider: ConfiguredProvider): WebAuthnProvider {
  const given = provider as Partial<WebAuthnProvider> & ConfiguredProvider;
  return {
    ...given,
    type: "webauthn",
    enableConditionalUI: given.enableConditionalUI ?? true,
    formFields: given.formFields ?? defaultFormFields(),
    getRelayingParty: typeof given.getRelayingParty === "function" ? given.getRelayingParty : defaultRelyingParty,
    getUserInfo: typeof given.getUserInfo === "function" ? given.getUserInfo : defaultUserInfo,
  };
}

/**
 * Merges plain objects recursively; the second argument wins; arrays and functions are replaced.
 * Symbol keys are merged too: a provider's `[customFetch]` usually sits in the factory's `options`.
 */
function deepMerge(target: Record<string | symbol, unknown>, source: Record<string | symbol, unknown>): Record<string | symbol, unknown> {
  const out: Record<string | symbol, unknown> = { ...target };
  const keys = [...Object.keys(source), ...Object.getOwnPropertySymbols(source).filter((key) => Object.prototype.propertyIsEnumerable.call(source, key))];
  for (const key of keys) {
    const value = source[key];
    if (value === undefined) continue;
    const existing = out[key];
    out[key] = isPlainObject(existing) && isPlainObject(value) ? deepMerge(existing, value) : value;
  }
  return out;
}

/** An object literal (not an array, class instance or null): what `deepMerge` descends into. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** An OAuth 2 or OpenID Connect provider (both sign in through the OAuth flow). */
export function isOAuthProvider(provider: InternalProvider): provider is OAuthProvider {
  return provider.type === "oauth" || provider.type === "oidc";
}
