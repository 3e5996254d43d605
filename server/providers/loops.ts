/**
 * `foyer-auth/providers/loops`: magic links through a Loops transactional e-mail
 * (`POST /api/v1/transactional`, Bearer key, JSON `{ transactionalId, email, dataVariables }`). Loops
 * renders its own template, so Foyer's message is not used: the template gets the data variables
 * `url` (the sign-in link) and `host` (the site). Shaped like Auth.js's provider.
 *
 * ```ts
 * import Loops from "foyer-auth/providers/loops";
 * Loops({ transactionalId: "clx…" }); // the key from AUTH_LOOPS_KEY, or `apiKey`
 * ```
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import {
  apiError,
  apiKeyOf,
  assertOneAddress,
  emailProvider,
  endpointOf,
  jsonBody,
  postToApi,
  setting,
  transportOf,
  type HttpEmailUserConfig,
} from "./email-http.js";

/** Loops' API (`baseUrl` overrides it). */
export const LOOPS_API = "https://app.loops.so";

export type LoopsUserConfig = HttpEmailUserConfig & {
  /** The id of the published transactional e-mail in Loops; it should use `{url}` (and may use `{host}`). */
  transactionalId?: string;
};

/**
 * Sign in with a magic link e-mailed through a Loops transactional e-mail.
 * Options: `apiKey` (default `AUTH_LOOPS_KEY`), the required `transactionalId`, `baseUrl`, `endpoint`, `timeout`, `maxAge`.
 * The link points at `{AUTH_URL or origin}/auth/callback/loops` (default basePath `/auth`).
 * Loops renders its own template (sender included), with the data variables `url` and `host`.
 * @example
 * ```ts
 * import Loops from "foyer-auth/providers/loops";
 * const config = { providers: [Loops({ apiKey: process.env.AUTH_LOOPS_KEY, transactionalId: "clx…" })] };
 * ```
 */
export default function Loops(config: LoopsUserConfig = {}): EmailConfig {
  const options = config as Record<string, unknown>;
  return emailProvider({ id: "loops", name: "Loops" }, options, async (params: SendVerificationRequestParams) => {
    const name = "Loops";
    assertOneAddress(name, params.identifier);
    const transactionalId = setting<string>(params, options, "transactionalId");
    if (!transactionalId) throw new Error(`${name} error: no transactionalId. Set the provider's \`transactionalId\` option.`);
    const key = apiKeyOf(name, params, options);
    const response = await postToApi({
      name,
      url: endpointOf(params, options, LOOPS_API, "/api/v1/transactional"),
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        transactionalId,
        email: params.identifier,
        dataVariables: { url: params.url, host: new URL(params.url).host },
      }),
      secrets: [key],
      ...transportOf(params, options),
    });
    const body = (await jsonBody(response)) as { success?: unknown } | undefined;
    if (body?.success === false) throw apiError(name, response.status, JSON.stringify(body), [key]);
  });
}
