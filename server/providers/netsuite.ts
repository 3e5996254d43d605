/**
 * `foyer-auth/providers/netsuite`: sign in with Oracle NetSuite (OAuth 2 authorization code grant).
 * NetSuite has no userinfo endpoint of its own: the `userinfo` option names a RESTlet (or Suitelet)
 * of your account that answers the current user as JSON (`{ id, name, email, … }`, e.g. from
 * `runtime.getCurrentUser()`); Foyer GETs it with the access token as a Bearer token.
 *
 * The `accountID` option builds the account-specific domains: authorize at
 * `https://<account>.app.netsuite.com/app/login/oauth2/authorize.nl` and exchange the code at
 * `https://<account>.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`, where `<account>`
 * is the account ID in lower case with `_` as `-` (NetSuite's rule: `TSTDRV1234567_SB1` →
 * `tstdrv1234567-sb1`). NetSuite documents `state` (no PKCE for confidential clients).
 *
 * ```ts
 * import NetSuite from "foyer-auth/providers/netsuite";
 * NetSuite({ accountID: "TSTDRV1234567", userinfo: "https://tstdrv1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=1&deploy=1" });
 * ```
 */
import { InvalidProvider } from "../core/errors.js";
import type { OAuthConfig } from "./oauth.js";

/** The user as your RESTlet answers it (the fields Foyer maps, and what `runtime.getCurrentUser()` gives). */
export interface NetSuiteProfile {
  id: number;
  name: string;
  email: string;
  location?: number;
  role?: number;
  roleId?: string;
  roleCenter?: string;
  contact?: number;
  subsidiary?: number;
  department?: number;
  [key: string]: unknown;
}

export interface NetSuiteOptions extends Partial<OAuthConfig<NetSuiteProfile>> {
  /** The account ID, e.g. `TSTDRV1234567` or `81555` (production) or `81555_SB1` (sandbox). */
  accountID?: string;
  /** The `prompt` of the authorization request: `none`, `login`, `consent` or `login consent`. */
  prompt?: string;
  /** The scopes (default `restlets rest_webservices`). */
  scope?: string;
  /** The URL of the RESTlet or Suitelet that answers the current user. */
  userinfo?: string;
}

/** NetSuite's domain label for an account ID. */
export function netsuiteAccountHost(accountID: string): string {
  const label = accountID.trim().toLowerCase().replace(/_/g, "-");
  if (!/^[a-z0-9-]+$/.test(label)) throw new InvalidProvider('NetSuite: `accountID` must be a NetSuite account ID such as "TSTDRV1234567" or "81555_SB1".');
  return label;
}

/**
 * Sign in with NetSuite (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_NETSUITE_ID`, `AUTH_NETSUITE_SECRET`), `accountID`, `userinfo` (your RESTlet's URL), optional `prompt` and `scope`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/netsuite` (default basePath `/auth`).
 * Default scopes: `restlets rest_webservices`; checks: state.
 * @example
 * ```ts
 * import NetSuite from "foyer-auth/providers/netsuite";
 * const config = { providers: [NetSuite({ clientId: process.env.AUTH_NETSUITE_ID, clientSecret: process.env.AUTH_NETSUITE_SECRET, accountID: "TSTDRV1234567", userinfo: "https://tstdrv1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=1&deploy=1" })] };
 * ```
 */
export default function NetSuite(options: NetSuiteOptions = {}): OAuthConfig<NetSuiteProfile> {
  const account = options.accountID ? netsuiteAccountHost(options.accountID) : undefined;
  const params: Record<string, unknown> = { scope: options.scope ?? "restlets rest_webservices" };
  if (options.prompt) params.prompt = options.prompt;
  return {
    id: "netsuite",
    name: "NetSuite",
    type: "oauth",
    checks: ["state"],
    authorization: { ...(account ? { url: `https://${account}.app.netsuite.com/app/login/oauth2/authorize.nl` } : {}), params },
    ...(account ? { token: { url: `https://${account}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token` } } : {}),
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#181a1b", text: "#fbfbfb" },
    options,
  };
}
