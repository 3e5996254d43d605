/**
 * `foyer-auth/providers/microsoft-entra-id`: "Sign in with Microsoft" through Microsoft Entra ID
 * (formerly Azure AD), OpenID Connect on the Microsoft identity platform v2.0 endpoint. The issuer
 * depends on who may sign in: `https://login.microsoftonline.com/<tenant>/v2.0` with a tenant id (or
 * a verified domain) for one organisation, `common` / `organizations` / `consumers` for multi-tenant
 * apps. Set it with `tenantId`, or the whole `issuer`; without either, `AUTH_MICROSOFT_ENTRA_ID_ISSUER`,
 * else `common`. Multi-tenant issuers publish a `{tenantid}` template: each ID token's `iss` must be
 * that template filled with the token's own `tid` (openid-client checks it for Entra's host).
 *
 * Scope `openid profile email User.Read`: `User.Read` lets Foyer fetch the user's photo from
 * Microsoft Graph (`/me/photos/<size>x<size>/$value`), which becomes the image as a `data:` URL
 * (`profilePhotoSize`, default 48; `false` skips it).
 *
 * ```ts
 * import MicrosoftEntraID from "foyer-auth/providers/microsoft-entra-id";
 * MicrosoftEntraID({ tenantId: "0f1e…" }); // AUTH_MICROSOFT_ENTRA_ID_ID, AUTH_MICROSOFT_ENTRA_ID_SECRET
 * ```
 */
import { userFetchOf } from "../core/custom-fetch.js";
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Microsoft identity platform v2.0 ID token. */
export interface MicrosoftEntraIDProfile {
  aud: string;
  iss: string;
  iat: number;
  nbf?: number;
  exp: number;
  /** Pairwise: unique per user and application. */
  sub: string;
  /** The user's object id, the same across applications of the tenant. */
  oid?: string;
  /** The tenant the user signed in from. */
  tid?: string;
  name?: string;
  /** The sign-in name (often an e-mail-like UPN); not verified, not for authorization. */
  preferred_username?: string;
  /** Present with the `email` scope when the account has an address. */
  email?: string;
  given_name?: string;
  family_name?: string;
  nonce?: string;
  ver?: string;
  [claim: string]: unknown;
}

/** Sizes Microsoft Graph serves profile photos in. */
export type ProfilePhotoSize = 48 | 64 | 96 | 120 | 240 | 360 | 432 | 504 | 648;

export interface MicrosoftEntraIDOptions extends Partial<OAuthConfig<MicrosoftEntraIDProfile>> {
  /**
   * Tenant id, verified domain, or `common` / `organizations` / `consumers`. Ignored when `issuer` is
   * set; when neither is, the issuer is `AUTH_MICROSOFT_ENTRA_ID_ISSUER`, else the `common` one.
   */
  tenantId?: string;
  /** Size of the Graph photo used as the image; `false` for none. Default 48. */
  profilePhotoSize?: ProfilePhotoSize | false;
}

const GRAPH = "https://graph.microsoft.com/v1.0";
const LOGIN = "https://login.microsoftonline.com";

/**
 * The issuer: the one given, else the tenant's, else `AUTH_MICROSOFT_ENTRA_ID_ISSUER` — read here, as
 * Auth.js does, so that a factory the app calls itself (`MicrosoftEntraID({ … })`) sees it too — else
 * the `common` one.
 */
function entraIssuer({ issuer, tenantId }: MicrosoftEntraIDOptions): string {
  if (issuer) return issuer;
  if (tenantId) return `${LOGIN}/${encodeURIComponent(tenantId)}/v2.0`;
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.AUTH_MICROSOFT_ENTRA_ID_ISSUER || `${LOGIN}/common/v2.0`;
}

/**
 * Sign in with Microsoft Entra ID (OpenID Connect, Microsoft identity platform v2.0).
 * Options: `clientId` and `clientSecret` (default `AUTH_MICROSOFT_ENTRA_ID_ID`, `AUTH_MICROSOFT_ENTRA_ID_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/microsoft-entra-id` (default basePath `/auth`).
 * Also `tenantId` or a whole `issuer`, which wins; without either, `AUTH_MICROSOFT_ENTRA_ID_ISSUER`, else `common`.
 * `profilePhotoSize` (default 48, `false` for none) sizes the Microsoft Graph photo; default scopes: `openid profile email User.Read`.
 * @example
 * ```ts
 * import MicrosoftEntraID from "foyer-auth/providers/microsoft-entra-id";
 * const config = { providers: [MicrosoftEntraID({ clientId: process.env.AUTH_MICROSOFT_ENTRA_ID_ID, clientSecret: process.env.AUTH_MICROSOFT_ENTRA_ID_SECRET, tenantId: "common" })] };
 * ```
 */
export default function MicrosoftEntraID(options: MicrosoftEntraIDOptions = {}): OAuthConfig<MicrosoftEntraIDProfile> {
  const { profilePhotoSize = 48 } = options;
  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    issuer: entraIssuer(options),
    authorization: { params: { scope: "openid profile email User.Read" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    async profile(profile, tokens) {
      let image: string | null = null;
      if (profilePhotoSize && tokens.access_token) {
        try {
          // Foyer calls profile() as a method of the resolved provider, whose `customFetch` is the user's
          // fetch under any of its keys (server/config/providers.ts); the options are the fallback for a
          // profile() called on its own.
          const fetcher = (this as OAuthConfig | undefined)?.customFetch ?? userFetchOf(options) ?? fetch;
          const response = await fetcher(`${GRAPH}/me/photos/${profilePhotoSize}x${profilePhotoSize}/$value`, {
            headers: { Authorization: `Bearer ${tokens.access_token}` },
          });
          if (response.ok) {
            const type = response.headers.get("content-type")?.split(";")[0]?.trim() || "image/jpeg";
            image = `data:${type};base64,${Buffer.from(await response.arrayBuffer()).toString("base64")}`;
          }
        } catch {
          // No photo, or Graph unreachable: sign in without an image.
        }
      }
      return { id: profile.sub, name: profile.name ?? profile.preferred_username ?? null, email: profile.email ?? null, image };
    },
    style: { brandColor: "#0078D4" },
    options,
  };
}
