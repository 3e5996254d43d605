/**
 * The client's two kinds of request: GET/POST answered with JSON, and form POSTs answered with
 * `{"url": …}` thanks to `X-Auth-Return-Redirect: 1` (wire §1.6). Failures are values, never
 * rejections.
 *
 * @internal
 * @module
 */
import type { ClientContext } from "./options.js";
import type { ClientErrorCode } from "./errors.js";

/** A request that produced no usable answer. `status` is `0` when nothing was answered. */
export interface RequestFailure {
  ok: false;
  status: number;
  error: Extract<ClientErrorCode, "NetworkError" | "Configuration">;
}

/** A JSON answer: its status and parsed body. */
export interface JsonAnswer {
  ok: true;
  status: number;
  body: unknown;
}

/**
 * Sends a request and parses its JSON body.
 *
 * - no answer (network failure, refused connection, CORS) → `NetworkError`, status 0;
 * - a `5xx` → `Configuration` (Foyer's server errors are configuration errors);
 * - a body that is not JSON (a proxy's HTML page, an empty body) → `NetworkError` with the status.
 *
 * Other statuses are returned with their body for the caller to judge.
 */
export async function requestJson(ctx: ClientContext, path: string, init?: RequestInit): Promise<JsonAnswer | RequestFailure> {
  let response: Response;
  try {
    response = await ctx.fetch(ctx.url(path), init);
  } catch {
    return { ok: false, status: 0, error: "NetworkError" };
  }
  if (response.status >= 500) {
    await discard(response);
    return { ok: false, status: response.status, error: "Configuration" };
  }
  try {
    return { ok: true, status: response.status, body: (await response.json()) as unknown };
  } catch {
    return { ok: false, status: response.status, error: "NetworkError" };
  }
}

/** Reads and drops a body so the connection can be reused. */
async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to do: the body is not wanted.
  }
}

/** A returned URL: what the server would have redirected to. */
export interface UrlAnswer {
  ok: true;
  status: number;
  url: string;
}

/**
 * POSTs form fields with `X-Auth-Return-Redirect: 1` and returns the URL of the `{"url": …}` answer.
 * An answer without a string `url` is a `Configuration` error when its status is `4xx` (e.g.
 * `400 "Bad request."` for a wrong `basePath`) and a `NetworkError` otherwise.
 */
export async function postForUrl(ctx: ClientContext, path: string, fields: Record<string, string>): Promise<UrlAnswer | RequestFailure> {
  const answer = await requestJson(ctx, path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams(fields).toString(),
  });
  if (!answer.ok) return answer;
  const url = isRecord(answer.body) ? answer.body.url : undefined;
  if (typeof url !== "string" || url === "") {
    return { ok: false, status: answer.status, error: answer.status >= 400 ? "Configuration" : "NetworkError" };
  }
  return { ok: true, status: answer.status, url };
}

/** True for a plain JSON object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
