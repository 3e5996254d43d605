/**
 * The client's two kinds of request: GET/POST answered with JSON, and form POSTs answered with
 * `{"url": …}` thanks to `X-Auth-Return-Redirect: 1` (the server answers
 * `200 {"url"}` instead of a redirect). Failures are values, never
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
  error: Extract<ClientErrorCode, "NetworkError" | "Configuration" | "RateLimited">;
}

/** A JSON answer: its status and parsed body. */
export interface JsonAnswer {
  ok: true;
  status: number;
  body: unknown;
}

/** A failure with `status`: `RateLimited` for `429`, `Configuration` for other `4xx` and `5xx` answers, else `NetworkError` (no answer, or not Foyer's). */
export function failure(status: number): RequestFailure {
  return { ok: false, status, error: status === 429 ? "RateLimited" : status >= 400 ? "Configuration" : "NetworkError" };
}

/**
 * Sends a request and parses its JSON body.
 *
 * - no answer (network failure, refused connection, CORS) → `NetworkError`, status 0;
 * - a `5xx` → `Configuration` (Foyer's server errors are configuration errors);
 * - a `429` → `RateLimited` (a rate limit refused it; the body is not read);
 * - a body that is not JSON (a proxy's HTML page, an empty body) → `NetworkError` with the status.
 *
 * Other statuses are returned with their body for the caller to judge.
 */
export async function requestJson(ctx: ClientContext, path: string, init?: RequestInit): Promise<JsonAnswer | RequestFailure> {
  let response: Response;
  try {
    response = await ctx.fetch(path, init);
  } catch {
    return failure(0);
  }
  const { status } = response;
  if (status >= 500 || status === 429) {
    // Drop the body so the connection can be reused.
    await response.body?.cancel().catch(() => {});
    return failure(status);
  }
  try {
    return { ok: true, status, body: (await response.json()) as unknown };
  } catch {
    return { ok: false, status, error: "NetworkError" };
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
  return typeof url === "string" && url !== "" ? { ok: true, status: answer.status, url } : failure(answer.status);
}

/**
 * A load shared by concurrent callers, whose result is kept once `keep(result)` says so (failures are
 * not): the CSRF token and provider caches. `clear()` forgets it; a load started before then is
 * neither kept nor shared.
 * @internal
 */
export function cachedLoad<T>(load: () => Promise<T>, keep: (result: T) => boolean): { load(): Promise<T>; clear(): void } {
  let kept: Promise<T> | undefined;
  let pending: Promise<T> | undefined;
  return {
    load() {
      if (!kept && !pending) {
        const request: Promise<T> = (pending = load().then((result) => {
          if (pending === request) {
            pending = undefined;
            if (keep(result)) kept = request;
          }
          return result;
        }));
      }
      return kept ?? pending!;
    },
    clear() {
      kept = pending = undefined;
    },
  };
}

/** True for a plain JSON object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
