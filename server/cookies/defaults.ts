/**
 * Cookie names and options, byte-identical to Auth.js (docs/compatibility.md#1-what-is-identical-on-the-wire)
 * so that sessions survive a switch from Auth.js to Foyer.
 */
import type { Cookie, CookieOption, CookiesOptions, PartialCookiesOptions } from "../types.js";

/** Check cookies (state, PKCE, WebAuthn challenge) live 15 minutes. */
export const CHECK_COOKIE_MAX_AGE = 15 * 60;

export function defaultCookies(useSecureCookies: boolean): CookiesOptions {
  const prefix = useSecureCookies ? "__Secure-" : "";
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: useSecureCookies };
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: { ...base } },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: { ...base } },
    csrfToken: { name: `${useSecureCookies ? "__Host-" : ""}authjs.csrf-token`, options: { ...base } },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    state: { name: `${prefix}authjs.state`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    nonce: { name: `${prefix}authjs.nonce`, options: { ...base } },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
  };
}

/** The cookie that deletes `option`'s cookie (or one of its chunks, `name`): empty, `Max-Age=0`, same attributes. */
export function deletionCookie(option: CookieOption, name: string = option.name): Cookie {
  return { name, value: "", options: { ...option.options, maxAge: 0 } };
}

/** Deep-merges user overrides over the defaults; `undefined` values keep the default (as in Auth.js). */
export function resolveCookies(useSecureCookies: boolean, overrides: PartialCookiesOptions | undefined): CookiesOptions {
  const cookies = defaultCookies(useSecureCookies);
  if (!overrides) return cookies;
  for (const key of Object.keys(cookies) as (keyof CookiesOptions)[]) {
    const override = overrides[key];
    if (!override) continue;
    const merged: CookieOption = { name: override.name ?? cookies[key].name, options: { ...cookies[key].options } };
    for (const [option, value] of Object.entries(override.options ?? {})) {
      if (value !== undefined) (merged.options as Record<string, unknown>)[option] = value;
    }
    cookies[key] = merged;
  }
  return cookies;
}
