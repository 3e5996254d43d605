/**
 * `signIn()`: the browser side of Auth.js v5's `signIn(provider?, options?, authorizationParams?)`.
 *
 * @module
 */
import { postAction } from "./action.js";
import { notify, type SessionBus } from "./broadcast.js";
import { cancelPasskeyCeremonies } from "./ceremony.js";
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

/** Provider kinds whose sign-in is a POST to `/callback/<id>` and signs the user in at once. */
const CALLBACK_TYPES = ["credentials", "webauthn"];

/** Provider kinds whose success may resolve without navigating (`redirect: false`). */
const RETURNING_TYPES = [...CALLBACK_TYPES, "email"];

/** Reads a key from a plain object or `FormData` (`undefined` when absent). */
function option(options: SignInOptions | FormData | undefined, key: string): unknown {
  return typeof FormData !== "undefined" && options instanceof FormData ? (options.get(key) ?? undefined) : (options as SignInOptions | undefined)?.[key];
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
  const redirectTo = option(options, "redirectTo") ?? option(options, "callbackUrl");
  const callbackUrl = typeof redirectTo === "string" && redirectTo !== "" ? redirectTo : ctx.currentHref();

  if (!providerId) {
    cancelPasskeyCeremonies();
    const url = ctx.url(`/signin${callbackUrl === undefined ? "" : `?${new URLSearchParams({ callbackUrl })}`}`);
    ctx.navigate(url);
    return { ok: true, status: 200, url };
  }

  // Every string, number and boolean value is posted as text (the control keys are left out by signInWith).
  const fields: Record<string, string> = {};
  const entries = typeof FormData !== "undefined" && options instanceof FormData ? options.entries() : Object.entries(options ?? {});
  for (const [key, value] of entries as Iterable<[string, unknown]>) {
    if (/^(?:string|number|boolean|bigint)$/.test(typeof value)) fields[key] = String(value);
  }
  let query = "";
  try {
    if (authorizationParams !== undefined) query = new URLSearchParams(authorizationParams).toString();
  } catch {
    // not usable as query parameters: none
  }
  return signInWith(deps, providerId, fields, callbackUrl, option(options, "redirect"), query && `?${query}`);
}

/**
 * Signs in with provider `providerId`: what `signIn()` does once it has read its arguments, and what
 * the elements call (they post their own form's fields). Never rejects.
 *
 * @param fields Form fields to post; `redirect`, `redirectTo`, `callbackUrl` and `csrfToken` among them are left out.
 * @param callbackUrl Where to land afterwards.
 * @param redirect `false` (or `"false"`) to stay on the page after a credentials, WebAuthn or e-mail sign-in.
 * @param query The sign-in URL's query (authorization parameters), with its `?`, or `""`.
 * @internal
 */
export async function signInWith(
  deps: SignInDeps,
  providerId: string,
  fields: Record<string, string>,
  callbackUrl: string | undefined,
  redirect: unknown,
  query = "",
): Promise<SignInResult> {
  const { ctx } = deps;
  cancelPasskeyCeremonies();
  const loaded = await deps.providers.load();
  if (!loaded.ok) return { ok: false, status: loaded.status, url: null, error: loaded.error };
  const provider = loaded.providers[providerId];
  if (!provider) return { ok: false, status: 0, url: null, error: "Configuration" };

  const posted = { ...fields };
  for (const key of ["redirect", "redirectTo", "callbackUrl", "csrfToken"]) delete posted[key];
  const callback = CALLBACK_TYPES.includes(provider.type);
  const answer = await postAction(ctx, deps.csrf, `/${callback ? "callback" : "signin"}/${encodeURIComponent(provider.id)}${query}`, posted, callbackUrl);
  if (!answer.ok) return { ok: false, status: answer.status, url: null, error: answer.error };
  const { status, url, error, code } = answer;
  if (error) return { ok: false, status, url, error, ...(code ? { code } : {}) };

  if (callback) notify(deps.bus, "signin");
  if (!RETURNING_TYPES.includes(provider.type) || (redirect !== false && redirect !== "false")) {
    if (!isNavigable(url)) return { ok: false, status, url: null, error: "Configuration" };
    ctx.navigate(url);
  }
  return { ok: true, status, url };
}
