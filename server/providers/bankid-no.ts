/**
 * `foyer-auth/providers/bankid-no`: sign in with BankID Norge (OpenID Connect, issuer
 * `https://auth.bankid.no/auth/realms/prod`; the test environment is
 * `https://auth.current.bankid.no/auth/realms/current`). BankID signs its userinfo answers (RS256),
 * and the profile is taken from them, not from the ID token. The login page opens in Norwegian
 * (`ui_locales=no`) on the BankID app flow (`login_hint=BIS`).
 *
 * ```ts
 * import BankIDNorway from "foyer-auth/providers/bankid-no";
 * BankIDNorway(); // AUTH_BANKID_NO_ID, AUTH_BANKID_NO_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of BankID's (signed) userinfo answer. */
export interface BankIDNorwayProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  email?: string;
  email_verified?: boolean;
  nnin_altsub?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with BankID Norge (OpenID Connect).
 * Options: `clientId` and `clientSecret` (default `AUTH_BANKID_NO_ID`, `AUTH_BANKID_NO_SECRET`); `issuer` for the test environment.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/bankid-no` (default basePath `/auth`).
 * Default scopes: `openid profile email`, with `ui_locales=no` and `login_hint=BIS`; `client_secret_post`;
 * PKCE, state and nonce; the profile comes from the RS256-signed userinfo answer.
 * @example
 * ```ts
 * import BankIDNorway from "foyer-auth/providers/bankid-no";
 * const config = { providers: [BankIDNorway({ clientId: process.env.AUTH_BANKID_NO_ID, clientSecret: process.env.AUTH_BANKID_NO_SECRET })] };
 * ```
 */
export default function BankIDNorway(options: Partial<OAuthConfig<BankIDNorwayProfile>> = {}): OAuthConfig<BankIDNorwayProfile> {
  return {
    id: "bankid-no",
    name: "BankID Norge",
    type: "oidc",
    issuer: "https://auth.bankid.no/auth/realms/prod",
    client: { token_endpoint_auth_method: "client_secret_post", userinfo_signed_response_alg: "RS256" },
    idToken: false,
    authorization: { params: { scope: "openid profile email", ui_locales: "no", login_hint: "BIS" } },
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: null };
    },
    style: { text: "#fff", bg: "#39134c", brandColor: "#39134C" },
    options,
  };
}
