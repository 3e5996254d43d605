/**
 * `foyer-auth/providers/figma`: sign in with Figma (OAuth 2): authorize at `www.figma.com/oauth`, token at `api.figma.com/v1/oauth/token`, the user at `GET api.figma.com/v1/me` (`handle`, `img_url`). Checks: state.
 *
 * ```ts
 * import Figma from "foyer-auth/providers/figma";
 * Figma(); // AUTH_FIGMA_ID, AUTH_FIGMA_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** `GET https://api.figma.com/v1/me`'s answer. */
export interface FigmaProfile {
  id: string;
  email: string;
  handle: string;
  img_url: string;
  [key: string]: unknown;
}

/**
 * Sign in with Figma (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_FIGMA_ID`, `AUTH_FIGMA_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/figma` (default basePath `/auth`).
 * Default scope: `files:read`; checks: state.
 * @example
 * ```ts
 * import Figma from "foyer-auth/providers/figma";
 * const config = { providers: [Figma({ clientId: process.env.AUTH_FIGMA_ID, clientSecret: process.env.AUTH_FIGMA_SECRET })] };
 * ```
 */
export default function Figma(options: Partial<OAuthConfig<FigmaProfile>> = {}): OAuthConfig<FigmaProfile> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: { url: "https://www.figma.com/oauth", params: { scope: "files:read" } },
    token: { url: "https://api.figma.com/v1/oauth/token" },
    userinfo: { url: "https://api.figma.com/v1/me" },
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.handle ?? null, email: profile.email ?? null, image: profile.img_url ?? null };
    },
    style: { text: "#fff", bg: "#ff7237", brandColor: "#F24E1E" },
    options,
  };
}
