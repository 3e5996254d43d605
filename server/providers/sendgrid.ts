/**
 * `foyer-auth/providers/sendgrid`: magic links through SendGrid's v3 Mail Send API
 * (`POST /v3/mail/send`, Bearer key, JSON with `personalizations`, `from`, `subject` and `content`,
 * plain text first as SendGrid requires). Shaped like Auth.js's provider.
 *
 * ```ts
 * import SendGrid from "foyer-auth/providers/sendgrid";
 * SendGrid({ from: "Acme <no-reply@acme.com>" }); // the key from AUTH_SENDGRID_KEY, or `apiKey`
 * ```
 * For SendGrid's EU region set `baseUrl: "https://api.eu.sendgrid.com"`.
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import { apiKeyOf, assertOneAddress, emailProvider, endpointOf, fromOf, postToApi, splitAddress, transportOf, type HttpEmailUserConfig } from "./email-http.js";

/** SendGrid's API (`baseUrl` overrides it). */
export const SENDGRID_API = "https://api.sendgrid.com";

export type SendGridUserConfig = HttpEmailUserConfig;

/**
 * Sign in with a magic link e-mailed through SendGrid's v3 Mail Send API.
 * Options: `apiKey` (default `AUTH_SENDGRID_KEY`), `from` (default `no-reply@<site host>`), `baseUrl`, `endpoint`, `timeout`, `maxAge`.
 * The link points at `{AUTH_URL or origin}/auth/callback/sendgrid` (default basePath `/auth`).
 * For SendGrid's EU region set `baseUrl: "https://api.eu.sendgrid.com"`.
 * @example
 * ```ts
 * import SendGrid from "foyer-auth/providers/sendgrid";
 * const config = { providers: [SendGrid({ apiKey: process.env.AUTH_SENDGRID_KEY, from: "Acme <no-reply@acme.com>" })] };
 * ```
 */
export default function SendGrid(config: SendGridUserConfig = {}): EmailConfig {
  const options = config as Record<string, unknown>;
  return emailProvider({ id: "sendgrid", name: "SendGrid" }, options, async (params: SendVerificationRequestParams) => {
    const name = "SendGrid";
    assertOneAddress(name, params.identifier);
    const key = apiKeyOf(name, params, options);
    await postToApi({
      name,
      url: endpointOf(params, options, SENDGRID_API, "/v3/mail/send"),
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: params.identifier }] }],
        from: splitAddress(fromOf(params, options)),
        subject: params.message.subject,
        content: [
          { type: "text/plain", value: params.message.text },
          { type: "text/html", value: params.message.html },
        ],
      }),
      secrets: [key],
      ...transportOf(params, options),
    });
  });
}
