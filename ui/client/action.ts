/**
 * A CSRF-protected form POST answered with `{"url": …}` (sign-in, sign-out), with the retry rule of
 * the UI kit (§10): a `MissingCSRF` in the returned URL drops the cached token, fetches a fresh one
 * and retries once; a second `MissingCSRF` is reported as it is.
 *
 * @internal
 * @module
 */
import type { CsrfStore } from "./csrf.js";
import { readUrlError, type ClientErrorCode } from "./errors.js";
import { postForUrl, type RequestFailure } from "./http.js";
import type { ClientContext } from "./options.js";

/** The server's answer: the URL it returned and, when the action failed, the error read from it. */
export interface ActionAnswer {
  ok: true;
  status: number;
  url: string;
  error?: ClientErrorCode;
  code?: string;
}

/**
 * POSTs `fields` plus `csrfToken` (and `callbackUrl` when given) to `path`.
 *
 * @param ctx The client context.
 * @param csrf The client's token cache.
 * @param path The action path under basePath, with any query, e.g. `/callback/credentials`.
 * @param fields Form fields to post.
 * @param callbackUrl The callback URL to post, passed through untouched.
 */
export async function postAction(
  ctx: ClientContext,
  csrf: CsrfStore,
  path: string,
  fields: Record<string, string>,
  callbackUrl: string | undefined,
): Promise<ActionAnswer | RequestFailure> {
  for (let attempt = 0; ; attempt += 1) {
    const token = await csrf.load();
    if (!token.ok) return token;
    const body: Record<string, string> = { ...fields };
    if (token.token !== null) body.csrfToken = token.token;
    if (callbackUrl !== undefined) body.callbackUrl = callbackUrl;
    const answer = await postForUrl(ctx, path, body);
    if (!answer.ok) return answer;
    const outcome = readUrlError(answer.url);
    if (outcome.error === "MissingCSRF" && attempt === 0) {
      csrf.clear();
      continue;
    }
    return { ...answer, ...outcome };
  }
}
