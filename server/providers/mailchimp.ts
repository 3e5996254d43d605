/**
 * `foyer-auth/providers/mailchimp`: "Log in with Mailchimp" (OAuth 2). Authorize at
 * `login.mailchimp.com/oauth2/authorize`, exchange the code at `/oauth2/token`, then read the account
 * at `GET /oauth2/metadata` with `Authorization: OAuth <token>` (Mailchimp's documented scheme).
 * Mailchimp's token answer says `"scope": null` and `"expires_in": 0` (the token does not expire);
 * this provider drops those fields before the answer is checked.
 *
 * ```ts
 * import Mailchimp from "foyer-auth/providers/mailchimp";
 * Mailchimp(); // AUTH_MAILCHIMP_ID, AUTH_MAILCHIMP_SECRET
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import { profileRequest, tokenAnswerLayer, withoutNulls } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `GET /oauth2/metadata` answer. */
export interface MailchimpProfile {
  dc: string;
  role: string;
  accountname: string;
  user_id: number;
  login: { email: string; avatar: string | null; login_id: number; login_name: string; login_email: string };
  login_url: string;
  api_endpoint: string;
  [key: string]: unknown;
}

/**
 * Sign in with Mailchimp (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_MAILCHIMP_ID`, `AUTH_MAILCHIMP_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/mailchimp` (default basePath `/auth`).
 * The profile is `GET /oauth2/metadata`; the id is `login.login_id`, the e-mail `login.email`.
 * @example
 * ```ts
 * import Mailchimp from "foyer-auth/providers/mailchimp";
 * const config = { providers: [Mailchimp({ clientId: process.env.AUTH_MAILCHIMP_ID, clientSecret: process.env.AUTH_MAILCHIMP_SECRET })] };
 * ```
 */
export default function Mailchimp(options: Partial<OAuthConfig<MailchimpProfile>> = {}): OAuthConfig<MailchimpProfile> {
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    authorization: { url: "https://login.mailchimp.com/oauth2/authorize" },
    token: { url: "https://login.mailchimp.com/oauth2/token" },
    userinfo: { url: "https://login.mailchimp.com/oauth2/metadata", request: profileRequest("Mailchimp", { scheme: "OAuth" }) },
    [providerFetchLayer]: tokenAnswerLayer("/oauth2/token", (body) => {
      const fixed = withoutNulls(body);
      if (fixed.expires_in === 0) delete fixed.expires_in;
      return fixed;
    }),
    profile(profile) {
      return { id: String(profile.login.login_id), name: profile.accountname ?? null, email: profile.login.email ?? null, image: null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  };
}
