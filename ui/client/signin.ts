/**
 * `signIn()`: the browser side of Auth.js v5's `signIn(provider?, options?, authorizationParams?)`.
 *
 * @module
 */
import { postAction } from "./action.js";
import type { SessionBus } from "./broadcast.js";
import type { CsrfStore } from "./csrf.js";
import type { ClientErrorCode } from "./errors.js";
import { isNavigable, type ClientContext } from "./options.js";
import type { ProvidersStore } from "./providers.js";

/**
 * Options of `signIn()`. Every key other than `redirect`, `redirectTo` and `callbackUrl` is posted
 * as a form field (e.g. `email`, `password`); string, number and boolean values are sent as text,
 * `undefined`, `null`, objects and functions are left out.
 */
export interface SignInOptions {
  /**
   * For credentials and e-mail providers: go to the returned URL after success (default `true`;
   * in `FormData`, the text `"false"` counts as `false`).
   * `false` resolves with the URL instead. OAuth/OIDC sign-in always navigates (to the provider).
   */
  redirect?: boolean;
  /** Where to land after sign-in. Default: the current page. The server's redirect callback decides. */
  redirectTo?: string;
  /** Alias of `redirectTo` (Auth.js v4 name); `redirectTo` wins when both are given. */
  callbackUrl?: string;
  /** Fields to post, e.g. `{ email, password }`. */
  [field: string]: unknown;
}

/** Extra query parameters for the sign-in URL; OAuth/OIDC providers forward them to the provider. */
export type AuthorizationParams = string | URLSearchParams | Record<string, string> | [string, string][];

/**
 * The result of `signIn()`: the shape of Auth.js's `SignInResponse`, with typed codes.
 *
 * - `ok`: the server accepted the request (and, for credentials, signed the user in).
 * - `status`: the HTTP status of the answer; `0` when no request was answered (network failure,
 *   unknown provider).
 * - `url`: the URL the server returned (the callback URL, the verify-request page, the provider's
 *   authorization URL, or the page an error would have gone to); `null` when there is none.
 * - `error`: a {@link ClientErrorCode} on failure; `code`: the credentials code (e.g. `"credentials"`).
 */
export interface SignInResult {
  ok: boolean;
  status: number;
  url: string | null;
  error?: ClientErrorCode;
  code?: string;
}

/** Keys of {@link SignInOptions} that steer the client rather than being posted. */
const CONTROL_KEYS = new Set(["redirect", "redirectTo", "callbackUrl"]);

/** Provider kinds whose sign-in is a POST to `/callback/<id>` and signs the user in at once. */
const CALLBACK_TYPES = new Set(["credentials", "webauthn"]);

/** Provider kinds whose success may resolve without navigating (`redirect: false`). */
const RETURNING_TYPES = new Set(["credentials", "webauthn", "email"]);

/** The fields of `options` (a plain object or `FormData`) to post. */
function postedFields(options: SignInOptions | FormData | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!options) return fields;
  const entries: Iterable<[string, unknown]> =
    typeof FormData !== "undefined" && options instanceof FormData ? options.entries() : Object.entries(options);
  for (const [key, value] of entries) {
    if (CONTROL_KEYS.has(key) || key === "csrfToken") continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
      fields[key] = String(value);
    }
  }
  return fields;
}

/** Reads a control option from a plain object or `FormData`. */
function control(options: SignInOptions | FormData | undefined, key: string): unknown {
  if (!options) return undefined;
  if (typeof FormData !== "undefined" && options instanceof FormData) return options.get(key) ?? undefined;
  return (options as SignInOptions)[key];
}

/** The query string for `authorizationParams`, with its leading `?`, or `""`. */
function queryOf(params: AuthorizationParams | undefined): string {
  if (params === undefined) return "";
  try {
    const query = new URLSearchParams(params).toString();
    return query === "" ? "" : `?${query}`;
  } catch {
    return "";
  }
}

/** What `signIn` needs from its client. @internal */
export interface SignInDeps {
  ctx: ClientContext;
  csrf: CsrfStore;
  providers: ProvidersStore;
  bus: SessionBus;
}

/**
 * Implements `signIn()` for one client. Never rejects.
 * @internal
 */
export async function signIn(
  deps: SignInDeps,
  providerId?: string,
  options?: SignInOptions | FormData,
  authorizationParams?: AuthorizationParams,
): Promise<SignInResult> {
  const { ctx } = deps;
  const redirectTo = control(options, "redirectTo") ?? control(options, "callbackUrl");
  const callbackUrl = typeof redirectTo === "string" && redirectTo !== "" ? redirectTo : ctx.currentHref();

  if (!providerId) {
    const query = callbackUrl === undefined ? "" : `?${new URLSearchParams({ callbackUrl })}`;
    const url = ctx.url(`/signin${query}`);
    ctx.navigate(url);
    return { ok: true, status: 200, url };
  }

  const loaded = await deps.providers.load();
  if (!loaded.ok) return { ok: false, status: loaded.status, url: null, error: loaded.error };
  const provider = loaded.providers[providerId];
  if (!provider) return { ok: false, status: 0, url: null, error: "Configuration" };

  const action = CALLBACK_TYPES.has(provider.type) ? "callback" : "signin";
  const path = `/${action}/${encodeURIComponent(provider.id)}${queryOf(authorizationParams)}`;
  const answer = await postAction(ctx, deps.csrf, path, postedFields(options), callbackUrl);
  if (!answer.ok) return { ok: false, status: answer.status, url: null, error: answer.error };
  if (answer.error) {
    return { ok: false, status: answer.status, url: answer.url, error: answer.error, ...(answer.code ? { code: answer.code } : {}) };
  }

  if (CALLBACK_TYPES.has(provider.type)) deps.bus.notify("signin");
  const redirect = control(options, "redirect");
  const navigate = !RETURNING_TYPES.has(provider.type) || (redirect !== false && redirect !== "false");
  if (navigate) {
    if (!isNavigable(answer.url)) return { ok: false, status: answer.status, url: null, error: "Configuration" };
    ctx.navigate(answer.url);
  }
  return { ok: true, status: answer.status, url: answer.url };
}
