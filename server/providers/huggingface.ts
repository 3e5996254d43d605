/**
 * `foyer-auth/providers/huggingface`: "Sign in with Hugging Face" (OpenID Connect, issuer
 * `https://huggingface.co`). Hugging Face documents state and PKCE; the app's scopes (`openid`,
 * `profile`, `email`, …) are chosen when the OAuth app is created.
 *
 * ```ts
 * import HuggingFace from "foyer-auth/providers/huggingface";
 * HuggingFace(); // AUTH_HUGGINGFACE_ID, AUTH_HUGGINGFACE_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Claims of a Hugging Face ID token / userinfo answer. */
export interface HuggingFaceProfile {
  sub: string;
  name?: string;
  preferred_username?: string;
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  isPro?: boolean;
  orgs?: { sub: string; name: string; preferred_username: string; picture?: string; isEnterprise?: boolean }[];
  [claim: string]: unknown;
}

/**
 * Sign in with Hugging Face (OpenID Connect, issuer `https://huggingface.co`).
 * Options: `clientId` and `clientSecret` (default `AUTH_HUGGINGFACE_ID`, `AUTH_HUGGINGFACE_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/huggingface` (default basePath `/auth`).
 * Default scopes: `openid profile email`; checks: state and PKCE.
 * @example
 * ```ts
 * import HuggingFace from "foyer-auth/providers/huggingface";
 * const config = { providers: [HuggingFace({ clientId: process.env.AUTH_HUGGINGFACE_ID, clientSecret: process.env.AUTH_HUGGINGFACE_SECRET })] };
 * ```
 */
export default function HuggingFace(options: Partial<OAuthConfig<HuggingFaceProfile>> = {}): OAuthConfig<HuggingFaceProfile> {
  return {
    id: "huggingface",
    name: "Hugging Face",
    type: "oidc",
    issuer: "https://huggingface.co",
    authorization: { params: { scope: "openid profile email" } },
    checks: ["state", "pkce"],
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.preferred_username ?? null, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { bg: "#FFD21E", text: "#000", brandColor: "#FFD21E" },
    options,
  };
}
