/**
 * `foyer-auth/providers/dropbox`: "Sign in with Dropbox" (OAuth 2 code flow, as Dropbox's OAuth
 * guide documents it): authorize at `www.dropbox.com/oauth2/authorize` with `scope=account_info.read`
 * and `token_access_type=offline` (a refresh token), exchange the code at
 * `api.dropboxapi.com/oauth2/token` (PKCE supported), then read the account with
 * `POST api.dropboxapi.com/2/users/get_current_account` (an RPC endpoint: POST, no body), which the
 * generic GET userinfo request cannot do, hence `userinfo.request`.
 *
 * ```ts
 * import Dropbox from "foyer-auth/providers/dropbox";
 * Dropbox(); // AUTH_DROPBOX_ID (the App key), AUTH_DROPBOX_SECRET (the App secret)
 * ```
 */
import type { Profile } from "../types.js";
import type { OAuthConfig } from "./oauth.js";

/** The account (`POST /2/users/get_current_account`, scope `account_info.read`). */
export interface DropboxAccount {
  account_id: string;
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string };
  email: string;
  email_verified: boolean;
  disabled: boolean;
  profile_photo_url?: string;
  country?: string;
  locale: string;
  referral_link: string;
  is_paired: boolean;
  account_type: { ".tag": "basic" | "pro" | "business" };
  root_info: { ".tag": string; root_namespace_id: string; home_namespace_id: string };
  team?: { id: string; name: string };
  team_member_id?: string;
  [key: string]: unknown;
}

/**
 * The profile type of this provider's `profile()` and of the callbacks' `profile`. Foyer's `Profile`
 * types `name` as a string, which Dropbox's `name` object is not; read it through `DropboxAccount`
 * (`(profile as unknown as DropboxAccount).name.display_name`).
 */
export type DropboxProfile = Profile & Omit<DropboxAccount, "name">;

/**
 * Sign in with Dropbox (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_DROPBOX_ID`, `AUTH_DROPBOX_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/dropbox` (default basePath `/auth`).
 * `clientId` / `clientSecret` are the App key and App secret.
 * Default scope: `account_info.read`, with `token_access_type=offline` (a refresh token).
 * @example
 * ```ts
 * import Dropbox from "foyer-auth/providers/dropbox";
 * const config = { providers: [Dropbox({ clientId: process.env.AUTH_DROPBOX_ID, clientSecret: process.env.AUTH_DROPBOX_SECRET })] };
 * ```
 */
export default function Dropbox(options: Partial<OAuthConfig<DropboxProfile>> = {}): OAuthConfig<DropboxProfile> {
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { scope: "account_info.read", token_access_type: "offline" },
    },
    token: { url: "https://api.dropboxapi.com/oauth2/token" },
    userinfo: {
      url: "https://api.dropboxapi.com/2/users/get_current_account",
      async request({ tokens, provider }) {
        const url = typeof provider.userinfo === "string" ? provider.userinfo : provider.userinfo?.url;
        if (!url) throw new Error("Dropbox: no userinfo URL");
        const response = await (provider.customFetch ?? fetch)(url, { method: "POST", headers: { Authorization: `Bearer ${tokens.access_token}` } });
        if (!response.ok) throw new Error(`Dropbox: get_current_account answered ${response.status}`);
        return (await response.json()) as Profile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      const account = profile as unknown as DropboxAccount;
      return { id: account.account_id, name: account.name?.display_name ?? null, email: account.email ?? null, image: account.profile_photo_url ?? null };
    },
    style: { brandColor: "#0061FF" },
    options,
  };
}
