/**
 * `foyer-auth/providers/forwardemail`: magic links through Forward Email's API (`POST /v1/emails`,
 * HTTP Basic with the API token as the user name and an empty password, JSON
 * `{ from, to, subject, text, html }`). Shaped like Auth.js's provider.
 *
 * ```ts
 * import ForwardEmail from "foyer-auth/providers/forwardemail";
 * ForwardEmail({ from: "Acme <no-reply@acme.com>" }); // the token from AUTH_FORWARDEMAIL_KEY, or `apiKey`
 * ```
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import { apiKeyOf, assertOneAddress, base64, emailProvider, endpointOf, fromOf, postToApi, transportOf, type HttpEmailUserConfig } from "./email-http.js";

/** Forward Email's API (`baseUrl` overrides it). */
export const FORWARDEMAIL_API = "https://api.forwardemail.net";

export type ForwardEmailUserConfig = HttpEmailUserConfig;

/**
 * Sign in with a magic link e-mailed through Forward Email's API.
 * Options: `apiKey` (default `AUTH_FORWARDEMAIL_KEY`), `from` (default `no-reply@<site host>`), `baseUrl`, `endpoint`, `timeout`, `maxAge`.
 * The link points at `{AUTH_URL or origin}/auth/callback/forwardemail` (default basePath `/auth`).
 * @example
 * ```ts
 * import ForwardEmail from "foyer-auth/providers/forwardemail";
 * const config = { providers: [ForwardEmail({ apiKey: process.env.AUTH_FORWARDEMAIL_KEY, from: "Acme <no-reply@acme.com>" })] };
 * ```
 */
export default function ForwardEmail(config: ForwardEmailUserConfig = {}): EmailConfig {
  const options = config as Record<string, unknown>;
  return emailProvider({ id: "forwardemail", name: "Forward Email" }, options, async (params: SendVerificationRequestParams) => {
    const name = "Forward Email";
    assertOneAddress(name, params.identifier);
    const key = apiKeyOf(name, params, options);
    const credentials = base64(`${key}:`);
    await postToApi({
      name,
      url: endpointOf(params, options, FORWARDEMAIL_API, "/v1/emails"),
      headers: { Authorization: `Basic ${credentials}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        from: fromOf(params, options),
        to: params.identifier,
        subject: params.message.subject,
        text: params.message.text,
        html: params.message.html,
      }),
      secrets: [key, credentials],
      ...transportOf(params, options),
    });
  });
}
