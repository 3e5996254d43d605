/**
 * `foyer-auth/providers/mailgun`: magic links through Mailgun's Messages API
 * (`POST /v3/<domain>/messages`, HTTP Basic `api:<key>`, form fields `from`, `to`, `subject`, `text`,
 * `html`). Shaped like Auth.js's provider.
 *
 * ```ts
 * import Mailgun from "foyer-auth/providers/mailgun";
 * Mailgun({ from: "Acme <no-reply@mg.acme.com>", domain: "mg.acme.com", region: "eu" }); // key: AUTH_MAILGUN_KEY
 * ```
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import {
  apiKeyOf,
  assertOneAddress,
  base64,
  emailProvider,
  endpointOf,
  fromOf,
  postToApi,
  setting,
  splitAddress,
  transportOf,
  type HttpEmailUserConfig,
} from "./email-http.js";

/** Mailgun's API per region (`baseUrl` overrides it). */
export const MAILGUN_API = { us: "https://api.mailgun.net", eu: "https://api.eu.mailgun.net" } as const;

export type MailgunUserConfig = HttpEmailUserConfig & {
  /** The sending domain, as set up in Mailgun. Default: the domain of `from`. */
  domain?: string;
  /** Where the domain was created: `"us"` (default) or `"eu"`. */
  region?: "us" | "eu";
};

/**
 * Sign in with a magic link e-mailed through Mailgun's Messages API.
 * Options: `apiKey` (default `AUTH_MAILGUN_KEY`), `from` (default `no-reply@<site host>`), `baseUrl`, `endpoint`, `timeout`, `maxAge`, `domain` (default: the domain of `from`) and `region` (`"us"` default, or `"eu"`).
 * The link points at `{AUTH_URL or origin}/auth/callback/mailgun` (default basePath `/auth`).
 * @example
 * ```ts
 * import Mailgun from "foyer-auth/providers/mailgun";
 * const config = { providers: [Mailgun({ apiKey: process.env.AUTH_MAILGUN_KEY, from: "Acme <no-reply@acme.com>", region: "eu" })] };
 * ```
 */
export default function Mailgun(config: MailgunUserConfig = {}): EmailConfig {
  const options = config as Record<string, unknown>;
  return emailProvider({ id: "mailgun", name: "Mailgun" }, options, async (params: SendVerificationRequestParams) => {
    const name = "Mailgun";
    assertOneAddress(name, params.identifier);
    const key = apiKeyOf(name, params, options);
    const from = fromOf(params, options);
    const domain = setting<string>(params, options, "domain") ?? splitAddress(from).email.split("@")[1];
    if (!domain) throw new Error(`${name} error: no sending domain. Set the provider's \`domain\` option.`);
    const region = setting<string>(params, options, "region") ?? "us";
    if (region !== "us" && region !== "eu") throw new Error(`${name} error: region must be "us" or "eu"; got ${JSON.stringify(region)}.`);
    const form = new FormData();
    form.set("from", from);
    form.set("to", params.identifier);
    form.set("subject", params.message.subject);
    form.set("text", params.message.text);
    form.set("html", params.message.html);
    const credentials = base64(`api:${key}`);
    await postToApi({
      name,
      url: endpointOf(params, options, MAILGUN_API[region], `/v3/${encodeURIComponent(domain)}/messages`),
      // fetch sets the multipart Content-Type with its boundary.
      headers: { Authorization: `Basic ${credentials}`, Accept: "application/json" },
      body: form,
      secrets: [key, credentials],
      ...transportOf(params, options),
    });
  });
}
