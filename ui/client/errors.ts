/**
 * Error codes the browser client reports, and how they are read from the URLs Foyer answers with.
 *
 * The server tells a failed action by the `error` (and, for credentials, `code`) query parameter of
 * the URL it returns. Only the codes below ever reach a caller: anything else becomes
 * `"Configuration"`, so an unexpected or hostile value is never echoed into an application's UI.
 */

/**
 * Every error code a client function can report.
 *
 * - Sign-in page codes: `CredentialsSignin` (with a `code`), `OAuthSignin`, `OAuthCallbackError`,
 *   `OAuthAccountNotLinked`, `EmailSignin`, `MissingCSRF`, `AccountNotLinked`, `SessionRequired`.
 * - Error page codes: `AccessDenied`, `Verification`, `WebAuthnVerificationError`, `Configuration`.
 * - `RateLimited`: too many attempts; the server answered `429` (wait `Retry-After` seconds).
 * - `NetworkError` is the client's own: no answer, or an answer that is not Foyer's (not JSON).
 */
export type ClientErrorCode =
  | "CredentialsSignin"
  | "OAuthSignin"
  | "OAuthCallbackError"
  | "OAuthAccountNotLinked"
  | "EmailSignin"
  | "AccessDenied"
  | "Verification"
  | "MissingCSRF"
  | "AccountNotLinked"
  | "WebAuthnVerificationError"
  | "SessionRequired"
  | "Configuration"
  | "RateLimited"
  | "NetworkError";

/** The codes a server may put in a returned URL (every {@link ClientErrorCode} but `NetworkError`), as a whole value. */
const SERVER_CODES =
  /^(?:CredentialsSignin|OAuthSignin|OAuthCallbackError|OAuthAccountNotLinked|EmailSignin|AccessDenied|Verification|MissingCSRF|AccountNotLinked|WebAuthnVerificationError|SessionRequired|Configuration|RateLimited)$/;

/**
 * A credentials `code` is chosen by the integrator's `CredentialsSignin` subclass. It is passed on
 * only when it looks like an identifier; anything else (spaces, markup, long text) is dropped.
 */
const SAFE_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Reads the outcome of an action from the URL the server returned (`{"url": …}`). A known code stays
 * as it is; any other `error` value becomes `"Configuration"`.
 *
 * @param url The returned URL, absolute or relative.
 * @returns `{}` when the URL carries no `error`; otherwise the mapped `error`, plus `code` for a
 *   `CredentialsSignin` whose code is a short identifier.
 */
export function readUrlError(url: string): { error?: ClientErrorCode; code?: string } {
  let params: URLSearchParams;
  try {
    params = new URL(url, "http://client.invalid").searchParams;
  } catch {
    return { error: "Configuration" };
  }
  const raw = params.get("error");
  if (raw === null) return {};
  const error = SERVER_CODES.test(raw) ? (raw as ClientErrorCode) : "Configuration";
  const code = params.get("code");
  return error === "CredentialsSignin" && code !== null && SAFE_CODE.test(code) ? { error, code } : { error };
}
