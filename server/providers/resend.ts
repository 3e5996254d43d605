/**
 * `foyer-auth/providers/resend`: magic links through Resend's HTTP API (`POST /emails`, Bearer key,
 * JSON `{ from, to, subject, html, text }`). Shaped like Auth.js's provider, so configs port by
 * changing the import path.
 *
 * ```ts
 * import Resend from "foyer-auth/providers/resend";
 * Resend({ from: "Acme <no-reply@acme.com>" }); // the key from AUTH_RESEND_KEY, or `apiKey`
 * ```
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import { apiKeyOf, assertOneAddress, emailProvider, endpointOf, fromOf, postToApi, transportOf, type HttpEmailUserConfig } from "./email-http.js";

/** Resend's API (`baseUrl` overrides it). */
export const RESEND_API = "https://api.resend.com";

export type ResendUserConfig = HttpEmailUserConfig;

/**
 * Sign in with a magic link e-mailed through Resend's API.
 * Options: `apiKey` (default `AUTH_RESEND_KEY`), `from` (default `no-reply@<site host>`), `baseUrl`, `endpoint`, `timeout`, `maxAge`.
 * The link points at `{AUTH_URL or origin}/auth/callback/resend` (default basePath `/auth`).
 * @example
 * ```ts
 * import Resend from "foyer-auth/providers/resend";
 * const config = { providers: [Resend({ apiKey: process.env.AUTH_RESEND_KEY, from: "Acme <no-reply@acme.com>" })] };
 * ```
 */
export default function Resend(config: ResendUserConfig = {}): EmailConfig {
  const options = config as Record<string, unknown>;
  return emailProvider({ id: "resend", name: "Resend" }, options, async (params: SendVerificationRequestParams) => {
    const name = "Resend";
    assertOneAddress(name, params.identifier);
    const key = apiKeyOf(name, params, options);
    await postToApi({
      name,
      url: endpointOf(params, options, RESEND_API, "/emails"),
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        from: fromOf(params, options),
        to: [params.identifier],
        subject: params.message.subject,
        html: params.message.html,
        text: params.message.text,
      }),
      secrets: [key],
      ...transportOf(params, options),
    });
  });
}
