/**
 * `foyer-auth/providers/workos`: enterprise SSO through WorkOS (OAuth 2 over WorkOS's SSO API).
 * WorkOS's documented flow: `GET api.workos.com/sso/authorize` with one connection selector
 * (`connection`, `organization` or `provider`), then `POST api.workos.com/sso/token` with the client
 * id and the API key as `client_secret` in the form body; the token answer carries the user's
 * `profile` itself, so no userinfo request is made. WorkOS documents `state`, not PKCE, for SSO.
 *
 * ```ts
 * import WorkOS from "foyer-auth/providers/workos";
 * WorkOS({ connection: "conn_01H…" }); // AUTH_WORKOS_ID, AUTH_WORKOS_SECRET (the API key)
 * WorkOS({ authorization: { params: { organization: "org_01H…" } } });
 * // or per sign-in: signIn("workos", {}, { connection: "conn_01H…" }) → POST /signin/workos?connection=conn_01H…
 * ```
 *
 * `issuer` (AUTH_WORKOS_ISSUER) sets the API's base URL, default `https://api.workos.com/`.
 */
import type { Profile } from "../types.js";
import type { OAuthConfig } from "./oauth.js";

/** A WorkOS SSO Profile. */
export interface WorkOSProfile {
  object: "profile";
  id: string;
  organization_id: string | null;
  connection_id: string;
  connection_type: string;
  idp_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role?: { slug: string };
  groups?: string[];
  custom_attributes?: Record<string, unknown>;
  raw_attributes?: Record<string, unknown> & { picture?: string };
  [key: string]: unknown;
}

/** WorkOS's options: every OAuth option, plus the connection to sign in through. */
export interface WorkOSOptions extends Partial<OAuthConfig<WorkOSProfile>> {
  /** The WorkOS connection every sign-in uses (`conn_…`), sent as the `connection` authorization parameter. */
  connection?: string;
}

/**
 * Sign in with WorkOS enterprise SSO (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_WORKOS_ID`, `AUTH_WORKOS_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/workos` (default basePath `/auth`).
 * `clientSecret` is the API key; pick a connection with `connection`, or with `authorization.params` (`organization` or `provider`).
 * `issuer` sets the API base URL (default `https://api.workos.com/`); `AUTH_WORKOS_ISSUER` is read only when the factory itself is listed (`providers: [WorkOS]`).
 * @example
 * ```ts
 * import WorkOS from "foyer-auth/providers/workos";
 * const config = { providers: [WorkOS({ clientId: process.env.AUTH_WORKOS_ID, clientSecret: process.env.AUTH_WORKOS_SECRET, authorization: { params: { organization: "org_…" } } })] };
 * ```
 */
export default function WorkOS(options: WorkOSOptions = {}): OAuthConfig<WorkOSProfile> {
  const base = String(options.issuer ?? "https://api.workos.com/").replace(/\/?$/, "/");
  // Only a connection that is set is sent: WorkOS takes one selector, and an empty one would clash
  // with an `organization` or `provider` given per sign-in.
  const selector = options.connection ? { connection: options.connection } : {};
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    issuer: base,
    authorization: { url: `${base}sso/authorize`, params: selector },
    token: { url: `${base}sso/token` },
    userinfo: {
      // The profile arrives with the token.
      request({ tokens }) {
        const profile = tokens.profile;
        if (!profile || typeof profile !== "object") throw new Error("WorkOS: the token answer has no profile");
        return profile as Profile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      const picture = profile.raw_attributes?.picture;
      return { id: profile.id, name: name || null, email: profile.email ?? null, image: typeof picture === "string" ? picture : null };
    },
    style: { brandColor: "#6363F1" },
    options,
  };
}
