/**
 * From the `providers` list of a config to the providers requests use, in two steps: `configuredProviders`
 * runs the factories and merges each user's `options` over the factory's defaults (what the rules then
 * check), and `resolveProvider` fills in what a kind needs at request time, once.
 */
import { defaultFormFields, defaultRelyingParty, defaultUserInfo } from "../providers/webauthn.js";
import type { AuthConfig, CommonProviderOptions } from "../types.js";
import type { ConfiguredProvider, InternalProvider, OAuthProvider, WebAuthnProvider } from "./types.js";

/** The providers as configured: factories called, `options` merged over defaults, nothing checked. */
export function configuredProviders(config: AuthConfig): ConfiguredProvider[] {
  return config.providers.map((provider) => {
    const instance = (typeof provider === "function" ? provider() : provider) as CommonProviderOptions;
    const { options, ...defaults } = instance ?? ({} as CommonProviderOptions);
    return deepMerge(defaults, options ?? {}) as ConfiguredProvider;
  });
}

/**
 * A provider that passed the configuration rules, typed by its kind with its defaults in place. Only
 * WebAuthn has defaults left to fill: configs may hold a bare `{ id, name, type: "webauthn" }` object
 * (Auth.js allows it), so the hooks the factory would have set are set here.
 */
export function resolveProvider(provider: ConfiguredProvider): InternalProvider {
  if (provider.type !== "webauthn") return provider as InternalProvider;
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

/** Merges plain objects recursively; the second argument wins; arrays and functions are replaced. */
function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
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
