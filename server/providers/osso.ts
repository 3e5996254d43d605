/**
 * `foyer-auth/providers/osso`: SAML single sign-on through an Osso server (Osso speaks OAuth 2 to the
 * app and SAML to the customer's identity provider). The `issuer` option is your Osso deployment's
 * URL: authorize at `<issuer>/oauth/authorize`, exchange the code at `<issuer>/oauth/token`, then
 * `GET <issuer>/oauth/me` (`{ id, email, idp, requested }`). Pass `domain` or `email` to the sign-in
 * request (`signIn("osso", undefined, { domain: "example.com" })`) to pick the customer's connection.
 *
 * ```ts
 * import Osso from "foyer-auth/providers/osso";
 * Osso(); // AUTH_OSSO_ID, AUTH_OSSO_SECRET, AUTH_OSSO_ISSUER=https://demo.ossoapp.com
 * ```
 */
import { instanceUrl, profileRequest } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /oauth/me` answer. */
export interface OssoProfile {
  id: string;
  email: string;
  /** The identity provider that signed the user in (`OKTA`, `AZURE`, …). */
  idp?: string;
  requested?: { domain?: string; email?: string | null };
  [key: string]: unknown;
}

export interface OssoOptions extends Partial<OAuthConfig<OssoProfile>> {
  /** Your Osso deployment's URL, e.g. `https://demo.ossoapp.com` (default `AUTH_OSSO_ISSUER`). */
  issuer?: string;
}

/**
 * Sign in with Osso (OAuth 2 in front of SAML).
 * Options: `clientId`, `clientSecret` and `issuer` (default `AUTH_OSSO_ID`, `AUTH_OSSO_SECRET`, `AUTH_OSSO_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/osso` (default basePath `/auth`).
 * @example
 * ```ts
 * import Osso from "foyer-auth/providers/osso";
 * const config = { providers: [Osso({ clientId: process.env.AUTH_OSSO_ID, clientSecret: process.env.AUTH_OSSO_SECRET, issuer: process.env.AUTH_OSSO_ISSUER })] };
 * ```
 */
export default function Osso(options: OssoOptions = {}): OAuthConfig<OssoProfile> {
  const base = instanceUrl(options, "osso", "Osso");
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    ...(base
      ? {
          authorization: { url: `${base}/oauth/authorize` },
          token: { url: `${base}/oauth/token` },
          userinfo: { url: `${base}/oauth/me`, request: profileRequest("Osso") },
        }
      : { userinfo: { request: profileRequest("Osso") } }),
    profile(profile) {
      return { id: String(profile.id), name: null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#5A4FCF", text: "#fff" },
    options,
  };
}
