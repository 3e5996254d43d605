/**
 * `foyer-auth/providers/mailru`: "Log in with Mail.ru" (OAuth 2). Authorize at `oauth.mail.ru/login`
 * (`scope=userinfo`), exchange the code at `oauth.mail.ru/token`, then read the user at
 * `oauth.mail.ru/userinfo`, which takes the token as the `access_token` query parameter. Mail.ru
 * reports a refused token as `{ "error": …, "error_code": … }`, which fails the sign-in.
 *
 * ```ts
 * import Mailru from "foyer-auth/providers/mailru";
 * Mailru(); // AUTH_MAILRU_ID, AUTH_MAILRU_SECRET
 * ```
 */
import { readApi, userinfoUrl } from "./catalogue-kit.js";
import type { OAuthConfig } from "./oauth.js";

/** The `oauth.mail.ru/userinfo` answer. */
export interface MailruProfile {
  id: string;
  client_id?: string;
  name?: string;
  nickname?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  image?: string;
  gender?: string;
  locale?: string;
  birthday?: string;
  [key: string]: unknown;
}

/**
 * Sign in with Mail.ru (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_MAILRU_ID`, `AUTH_MAILRU_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/mailru` (default basePath `/auth`).
 * Default scope: `userinfo`.
 * @example
 * ```ts
 * import Mailru from "foyer-auth/providers/mailru";
 * const config = { providers: [Mailru({ clientId: process.env.AUTH_MAILRU_ID, clientSecret: process.env.AUTH_MAILRU_SECRET })] };
 * ```
 */
export default function Mailru(options: Partial<OAuthConfig<MailruProfile>> = {}): OAuthConfig<MailruProfile> {
  return {
    id: "mailru",
    name: "Mail.ru",
    type: "oauth",
    authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
    token: { url: "https://oauth.mail.ru/token" },
    userinfo: {
      url: "https://oauth.mail.ru/userinfo",
      async request({ tokens, provider }) {
        const url = userinfoUrl(provider, "Mail.ru");
        url.searchParams.set("access_token", String(tokens.access_token ?? ""));
        const body = await readApi(provider, "Mail.ru", url);
        if (body.error !== undefined || body.id === undefined)
          throw new Error(`Mail.ru: the userinfo answer reports an error (${String(body.error_description ?? body.error ?? "no id")})`);
        return body;
      },
    },
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? profile.nickname ?? null, email: profile.email ?? null, image: profile.image ?? null };
    },
    style: { bg: "#005FF9", text: "#fff" },
    options,
  };
}
