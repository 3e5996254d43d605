/**
 * `foyer-auth/providers/nextcloud`: sign in with a Nextcloud server's accounts (Nextcloud's OAuth 2
 * app). The `issuer` option is the server's URL: authorize at `<issuer>/apps/oauth2/authorize`,
 * exchange the code at `<issuer>/apps/oauth2/api/v1/token`, whose answer names the account in
 * `user_id`; the user is then read from the OCS API, `GET <issuer>/ocs/v1.php/cloud/users/<user_id>`
 * with `OCS-APIRequest: true`, whose answer is wrapped in `ocs.data` next to `ocs.meta` (a `status`
 * other than `"ok"` fails the sign-in). The picture is the server's avatar URL for the account.
 *
 * ```ts
 * import Nextcloud from "foyer-auth/providers/nextcloud";
 * Nextcloud(); // AUTH_NEXTCLOUD_ID, AUTH_NEXTCLOUD_SECRET, AUTH_NEXTCLOUD_ISSUER=https://cloud.example.com
 * ```
 */
import { authorization, instanceUrl, readApi, userinfoUrl } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** `ocs.data` of the OCS user answer (the fields Foyer uses, and the common rest). */
export interface NextcloudProfile {
  id: string;
  displayname: string | null;
  email: string | null;
  enabled?: boolean;
  storageLocation?: string;
  lastLogin?: number;
  backend?: string;
  groups?: string[];
  language?: string;
  locale?: string;
  [key: string]: unknown;
}

export interface NextcloudOptions extends Partial<OAuthConfig<NextcloudProfile>> {
  /** The Nextcloud server's URL, e.g. `https://cloud.example.com` (default `AUTH_NEXTCLOUD_ISSUER`). */
  issuer?: string;
}

/**
 * Sign in with Nextcloud (OAuth 2) on the server named by `issuer`.
 * Options: `clientId`, `clientSecret` and `issuer` (default `AUTH_NEXTCLOUD_ID`, `AUTH_NEXTCLOUD_SECRET`, `AUTH_NEXTCLOUD_ISSUER`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/nextcloud` (default basePath `/auth`).
 * The user comes from the OCS API (`ocs.data`), the picture is `<issuer>/avatar/<id>/512`.
 * @example
 * ```ts
 * import Nextcloud from "foyer-auth/providers/nextcloud";
 * const config = { providers: [Nextcloud({ clientId: process.env.AUTH_NEXTCLOUD_ID, clientSecret: process.env.AUTH_NEXTCLOUD_SECRET, issuer: process.env.AUTH_NEXTCLOUD_ISSUER })] };
 * ```
 */
export default function Nextcloud(options: NextcloudOptions = {}): OAuthConfig<NextcloudProfile> {
  const base = instanceUrl(options, "nextcloud", "Nextcloud");
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    ...(base ? { authorization: { url: `${base}/apps/oauth2/authorize` }, token: { url: `${base}/apps/oauth2/api/v1/token` } } : {}),
    userinfo: {
      ...(base ? { url: `${base}/ocs/v1.php/cloud/users` } : {}),
      async request({ tokens, provider }) {
        const userId = tokens.user_id;
        if (typeof userId !== "string" || !userId) throw new Error("Nextcloud: the token answer has no user_id");
        const url = userinfoUrl(provider, "Nextcloud");
        url.pathname = `${url.pathname.replace(/\/+$/, "")}/${encodeURIComponent(userId)}`;
        const body = await readApi(provider, "Nextcloud", url, { headers: { ...authorization(tokens.access_token), "OCS-APIRequest": "true" } });
        const ocs = body.ocs as { meta?: { status?: string; statuscode?: number; message?: string }; data?: NextcloudProfile } | undefined;
        if (ocs?.meta?.status !== "ok" || !ocs.data?.id)
          throw new Error(`Nextcloud: the OCS answer reports ${ocs?.meta?.statuscode ?? "no data"} ${ocs?.meta?.message ?? ""}`.trim());
        return ocs.data;
      },
    },
    profile(profile) {
      const avatarBase = instanceUrl(options, "nextcloud", "Nextcloud");
      return {
        id: profile.id,
        name: profile.displayname ?? profile.id,
        email: profile.email ?? null,
        image: avatarBase ? `${avatarBase}/avatar/${encodeURIComponent(profile.id)}/512` : null,
      };
    },
    style: { bg: "#fff", text: "#0082C9" },
    options,
  };
}
