/**
 * What the e-mail senders share: reading their settings (the provider as Foyer merged it, then the
 * factory's own config, then `AUTH_<ID>_KEY`), the default sender address, and one POST to a mail
 * API that fails with `"<Name> error: <status> <body>"` — truncated, and never with the key in it.
 * Internal: not a package entry point.
 */
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";

/** Options every HTTP sender accepts besides Auth.js's (`apiKey`, `from`, `maxAge`, …). */
export interface HttpSenderOptions {
  /** The API's base URL, e.g. a regional endpoint or a local test server. Each sender documents its default. */
  baseUrl?: string;
  /** The full URL of the send request; wins over `baseUrl`. */
  endpoint?: string;
  /** The `fetch` to use (default: the global one), e.g. to route through a proxy or to test. */
  fetch?: typeof fetch;
  /**
   * Milliseconds the whole API call may take (request and answer) before the send fails, and the
   * sign-in with it (`error=EmailSignin`). Default 10 000.
   */
  timeout?: number;
}

/**
 * What every e-mail provider factory accepts (Auth.js's options). Written out rather than derived with
 * `Omit<EmailConfig, …>`, which would erase the known keys behind EmailConfig's index signature.
 */
export interface EmailUserConfig {
  id?: string;
  name?: string;
  /** Sender, e.g. `"Acme <no-reply@acme.com>"`. Default: `no-reply@<the site's host name>`. */
  from?: string;
  /** Link lifetime in seconds. Default 600 (10 minutes). */
  maxAge?: number;
  /** Seconds during which a second request for the same address sends nothing. Default 60. */
  resendCooldown?: number;
  apiKey?: string;
  secret?: string;
  generateVerificationToken?: EmailConfig["generateVerificationToken"];
  normalizeIdentifier?: EmailConfig["normalizeIdentifier"];
  /** Replaces the provider's own sending. */
  sendVerificationRequest?: EmailConfig["sendVerificationRequest"];
  [key: string]: unknown;
}

/** What an HTTP sender factory accepts: {@link EmailUserConfig} plus {@link HttpSenderOptions}. */
export type HttpEmailUserConfig = EmailUserConfig & HttpSenderOptions;

/** How long an API may take, by default. */
export const DEFAULT_TIMEOUT = 10_000;
/** How much of an API's error body goes into the thrown message. */
const MAX_BODY_IN_ERROR = 500;

/**
 * One setting of the provider: the provider object Foyer passes (its defaults with the user's
 * options merged over them) first, the factory's own config second.
 */
export function setting<T>(params: SendVerificationRequestParams, config: Record<string, unknown>, key: string): T | undefined {
  const value = (params.provider as Record<string, unknown>)[key] ?? config[key];
  return value === undefined || value === null || value === "" ? undefined : (value as T);
}

/** The environment, where there is one (not in every edge runtime). */
export function environment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

/** `AUTH_<ID>_<SUFFIX>`: the id upper-cased with `-` as `_`, as Auth.js's `setEnvDefaults` names them. */
export function envName(id: string, suffix: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}_${suffix}`;
}

/** The API key: `apiKey` (which `setEnvDefaults` fills from `AUTH_<ID>_KEY`), else that variable itself. */
export function apiKeyOf(name: string, params: SendVerificationRequestParams, config: Record<string, unknown>): string {
  const key = setting<string>(params, config, "apiKey") ?? environment()[envName(params.provider.id, "KEY")];
  if (!key) throw new Error(`${name} error: no API key. Set the provider's \`apiKey\` option or ${envName(params.provider.id, "KEY")}.`);
  return key;
}

/** The sender: `from`, else `no-reply@<the site's host name>` (the host of the link, without a port). */
export function fromOf(params: SendVerificationRequestParams, config: Record<string, unknown>): string {
  const from = setting<string>(params, config, "from");
  if (from) return from;
  let host = "";
  for (const url of [params.url, params.request?.url]) {
    try {
      host = new URL(url!).hostname;
      if (host) break;
    } catch {
      // try the next one
    }
  }
  return `no-reply@${host || "localhost"}`;
}

/** `"Acme <no-reply@acme.com>"` → `{ email: "no-reply@acme.com", name: "Acme" }`; a bare address has no name. */
export function splitAddress(from: string): { email: string; name?: string } {
  const match = /^\s*(?:"?([^"<]*?)"?\s*)<([^<>\s]+)>\s*$/.exec(from);
  if (!match) return { email: from.trim() };
  const name = match[1]!.trim();
  return name ? { email: match[2]!, name } : { email: match[2]! };
}

/**
 * Refuses anything but one plain address before it reaches a mail API or SMTP server. Foyer's core
 * already canonicalises the address (R-EMAIL-*); this keeps a sender safe when it is called directly.
 */
export function assertOneAddress(name: string, identifier: unknown): asserts identifier is string {
  if (typeof identifier !== "string" || !/^[^\s@,;<>()[\]\\":]+@[^\s@,;<>()[\]\\":]+$/.test(identifier)) {
    throw new Error(`${name} error: the recipient must be exactly one plain e-mail address`);
  }
}

export interface ApiRequest {
  /** The sender's display name, for error messages. */
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string | FormData;
  /** Every secret that must never appear in an error message (the key, encoded credentials). */
  secrets: string[];
  fetch?: typeof fetch;
  timeout?: number;
}

/**
 * POSTs to a mail API; resolves with the response when it is OK, else throws `"<Name> error: <status> <body>"`.
 * The whole exchange, error body included, has `timeout` ms (default 10 s): the sign-in request waits
 * for it, so an API that stops answering must not hold it. The deadline is enforced here as well as
 * through the signal, because a custom `fetch` may not pass the signal on.
 */
export async function postToApi(request: ApiRequest): Promise<Response> {
  const { name, url, headers, body, secrets } = request;
  const send = request.fetch ?? globalThis.fetch;
  const timeout = request.timeout ?? DEFAULT_TIMEOUT;
  const signal = AbortSignal.timeout(timeout);
  const failure = (error: unknown) => {
    const timedOut = signal.aborted || (error instanceof Error && error.name === "TimeoutError");
    const reason = timedOut ? `no answer within ${timeout} ms (the provider's \`timeout\` option)` : error instanceof Error ? error.message : String(error);
    return new Error(`${name} error: ${redact(reason, secrets)}`);
  };
  let response: Response;
  try {
    response = await beforeDeadline(send(url, { method: "POST", headers, body, redirect: "error", signal }), signal);
  } catch (error) {
    throw failure(error);
  }
  if (!response.ok) {
    const text = await beforeDeadline(response.text(), signal).catch(() => response.statusText);
    throw apiError(name, response.status, text, secrets);
  }
  // Read here, within the deadline, so that callers reading the answer (`jsonBody`) cannot be held
  // by a body that never ends. An unreadable body of an accepted send reads as empty.
  const text = await beforeDeadline(response.text(), signal).catch(() => "");
  return new Response(text === "" ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** `work`, or a rejection as soon as `signal` aborts, whichever comes first. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** `"<Name> error: <status> <body>"`, the body on one line, truncated, with every secret blanked out. */
export function apiError(name: string, status: number, body: string, secrets: string[]): Error {
  return new Error(`${name} error: ${status} ${truncate(redact(body, secrets))}`.trimEnd());
}

/** The body of an OK response as JSON, or `undefined` (empty, or not JSON). */
export async function jsonBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join("[redacted]");
  return out;
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_BODY_IN_ERROR ? `${flat.slice(0, MAX_BODY_IN_ERROR)}…` : flat;
}

/** `baseUrl` (without a trailing `/`) + `path`, unless `endpoint` gives the whole URL. */
export function endpointOf(params: SendVerificationRequestParams, config: Record<string, unknown>, defaultBase: string, path: string): string {
  const endpoint = setting<string>(params, config, "endpoint");
  if (endpoint) return endpoint;
  const base = setting<string>(params, config, "baseUrl") ?? defaultBase;
  return `${base.replace(/\/+$/, "")}${path}`;
}

/** The HTTP options shared by every sender. */
export function transportOf(params: SendVerificationRequestParams, config: Record<string, unknown>): Pick<ApiRequest, "fetch" | "timeout"> {
  return { fetch: setting<typeof fetch>(params, config, "fetch"), timeout: setting<number>(params, config, "timeout") };
}

/** Base64 of a string's UTF-8 bytes (for HTTP Basic credentials); no `Buffer`, so it runs on edge runtimes too. */
export function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A provider object in Auth.js's shape: defaults on the object, the user's options under `options`
 * (Foyer merges them over the defaults, the user's values winning) and also spread on the object, so
 * it works as it is when a sender is called directly.
 */
export function emailProvider(
  defaults: { id: string; name: string },
  config: Record<string, unknown>,
  sendVerificationRequest: EmailConfig["sendVerificationRequest"],
): EmailConfig {
  return { ...defaults, type: "email", sendVerificationRequest, ...config, options: config } as EmailConfig;
}
