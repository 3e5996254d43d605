/**
 * `foyer-auth/providers/vk`: "Sign in with VK" (VK API OAuth 2, `oauth.vk.com`). Every request names
 * VK's API version (`v=5.131`). Authorize at `oauth.vk.com/authorize` (`scope=email`), exchange the
 * code at `oauth.vk.com/access_token` (client id and secret in the form body); VK's token answer is
 * `{ access_token, expires_in, user_id, email }` (no `token_type`) and is the only place the e-mail
 * address appears. The user is then read with `users.get` (`fields=photo_100`), whose answer is
 * `{ "response": [user] }`, or `{ "error": { "error_code", "error_msg" } }` with HTTP 200, which fails
 * the sign-in. The id is a number (stored as a string).
 *
 * ```ts
 * import VK from "foyer-auth/providers/vk";
 * VK(); // AUTH_VK_ID, AUTH_VK_SECRET
 * ```
 */
import { authorization, readApi, userinfoUrl } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The VK API version every request names. */
export const VK_API_VERSION = "5.131";

/** One user of the `users.get` answer, with the e-mail address of the token answer added. */
export interface VkProfile {
  id: number;
  first_name: string;
  last_name: string;
  photo_100?: string;
  can_access_closed?: boolean;
  is_closed?: boolean;
  deactivated?: string;
  email?: string | null;
  [key: string]: unknown;
}

/**
 * Sign in with VK (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_VK_ID`, `AUTH_VK_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/vk` (default basePath `/auth`).
 * Default scope: `email`; API version `5.131`; client authentication: `client_secret_post`.
 * @example
 * ```ts
 * import VK from "foyer-auth/providers/vk";
 * const config = { providers: [VK({ clientId: process.env.AUTH_VK_ID, clientSecret: process.env.AUTH_VK_SECRET })] };
 * ```
 */
export default function VK(options: Partial<OAuthConfig<VkProfile>> = {}): OAuthConfig<VkProfile> {
  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: { url: "https://oauth.vk.com/authorize", params: { scope: "email", v: VK_API_VERSION } },
    token: { url: `https://oauth.vk.com/access_token?v=${VK_API_VERSION}` },
    userinfo: {
      url: "https://api.vk.com/method/users.get",
      params: { fields: "photo_100", v: VK_API_VERSION },
      async request({ tokens, provider }) {
        const body = await readApi(provider, "VK", userinfoUrl(provider, "VK"), { headers: authorization(tokens.access_token) });
        const error = body.error as { error_code?: number; error_msg?: string } | undefined;
        if (error) throw new Error(`VK: users.get failed with error ${error.error_code ?? "?"}: ${String(error.error_msg ?? "").slice(0, 200)}`);
        const user = Array.isArray(body.response) ? (body.response[0] as VkProfile | undefined) : undefined;
        if (!user?.id) throw new Error("VK: users.get answered no user");
        return { ...user, email: typeof tokens.email === "string" ? tokens.email : null };
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      return { id: String(profile.id), name: name || null, email: profile.email ?? null, image: profile.photo_100 ?? null };
    },
    style: { bg: "#07F", text: "#fff" },
    options,
  };
}
