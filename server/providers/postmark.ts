/**
 * `foyer-auth/providers/postmark`: magic links through Postmark's API (`POST /email`,
 * `X-Postmark-Server-Token`, JSON `{ From, To, Subject, HtmlBody, TextBody, MessageStream }`).
 * Shaped like Auth.js's provider.
 *
 * ```ts
 * import Postmark from "foyer-auth/providers/postmark";
 * Postmark({ from: "Acme <no-reply@acme.com>" }); // the server token from AUTH_POSTMARK_KEY, or `apiKey`
 * ```
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import {
  apiError,
  apiKeyOf,
  assertOneAddress,
  emailProvider,
  endpointOf,
  fromOf,
  jsonBody,
  postToApi,
  setting,
  transportOf,
  type HttpEmailUserConfig,
} from "./email-http.js";

/** Postmark's API (`baseUrl` overrides it). */
export const POSTMARK_API = "https://api.postmarkapp.com";

export type PostmarkUserConfig = HttpEmailUserConfig & {
  /** The message stream to send through. Default `"outbound"` (Postmark's transactional stream). */
  messageStream?: string;
};

/**
 * Sign in with a magic link e-mailed through Postmark's API.
 * Options: `apiKey` (default `AUTH_POSTMARK_KEY`), `from` (default `no-reply@<site host>`), `baseUrl`, `endpoint`, `timeout`, `maxAge`, and `messageStream` (default `"outbound"`).
 * The link points at `{AUTH_URL or origin}/auth/callback/postmark` (default basePath `/auth`).
 * @example
 * ```ts
 * import Postmark from "foyer-auth/providers/postmark";
 * const config = { providers: [Postmark({ apiKey: process.env.AUTH_POSTMARK_KEY, from: "Acme <no-reply@acme.com>" })] };
 * ```
 */
export default function Postmark(config: PostmarkUserConfig = {}): EmailConfig {
  const options = config as Record<string, unknown>;
  return emailProvider({ id: "postmark", name: "Postmark" }, options, async (params: SendVerificationRequestParams) => {
    const name = "Postmark";
    assertOneAddress(name, params.identifier);
    const key = apiKeyOf(name, params, options);
    const response = await postToApi({
      name,
      url: endpointOf(params, options, POSTMARK_API, "/email"),
      headers: { "X-Postmark-Server-Token": key, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        From: fromOf(params, options),
        To: params.identifier,
        Subject: params.message.subject,
        HtmlBody: params.message.html,
        TextBody: params.message.text,
        MessageStream: setting<string>(params, options, "messageStream") ?? "outbound",
      }),
      secrets: [key],
      ...transportOf(params, options),
    });
    // Postmark reports refusals as `ErrorCode` ≠ 0 (normally with a 422, which postToApi already threw on).
    const body = (await jsonBody(response)) as { ErrorCode?: unknown } | undefined;
    if (typeof body?.ErrorCode === "number" && body.ErrorCode !== 0) {
      throw apiError(name, response.status, JSON.stringify(body), [key]);
    }
  });
}
