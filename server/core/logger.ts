/**
 * Logging. Every line is a single line: `[foyer][level] Type: message {json}`. Lines never carry
 * secrets, tokens, cookies, authorization codes or passwords: Foyer only logs values it chose to log,
 * and the formatter also redacts metadata keys that look sensitive, as a second line of defence.
 */
import { AuthError } from "./errors.js";

export type LogLevel = "error" | "warn" | "verbose" | "silent";

/** Warning codes (Auth.js's five plus Foyer's own). */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "jwt-option-deprecated"
  | "trust-host-env-false"
  | "session-cookie-chunked"
  | "email-address-refused"
  | "no-providers"
  | "email-links-need-host"
  | "session-raw-tokens"
  | "rate-limit-no-address";

export interface LoggerInstance {
  error(error: Error): void;
  warn(code: WarningCode): void;
  debug(message: string, metadata?: unknown): void;
}

const WARNINGS: Record<WarningCode, string> = {
  "debug-enabled": "Verbose logging is on; turn it off in production.",
  "csrf-disabled": "CSRF protection is disabled (skipCSRFCheck); only do this when the integration protects every POST itself.",
  "env-url-basepath-redundant": "Both AUTH_URL and basePath set the base path; basePath wins. Remove one of them.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from basePath; basePath is used and AUTH_URL's path ignored.",
  "experimental-webauthn": "experimental.enableWebAuthn is not needed: passkeys are a stable feature of Foyer.",
  "jwt-option-deprecated": "The `jwt.encode`/`jwt.decode` options are deprecated; use `session.seal`/`session.unseal`.",
  "trust-host-env-false":
    "AUTH_TRUST_HOST is set to a false-looking value; Auth.js treats any non-empty value as true, Foyer does not trust the host for it. Set AUTH_TRUST_HOST=true or AUTH_URL to trust it.",
  "no-providers": "No providers are configured: sessions can be read, but nobody can sign in. Add one to `providers`.",
  "email-address-refused": "normalizeIdentifier returned something that is not one plain e-mail address; the sign-in was refused.",
  "email-links-need-host":
    "An e-mail provider is configured but neither AUTH_URL nor allowedHosts (AUTH_ALLOWED_HOSTS) names the app's host: in production every e-mail sign-in is refused. Set one of them.",
  "session-raw-tokens":
    "session.storeRawTokens is on: database session rows are keyed by the tokens themselves, so anyone who can read the sessions table can use them. Turn it off once Auth.js no longer reads the table.",
  "rate-limit-no-address":
    "Rate limits are on, but this request came without the client's address (the integration does not own the socket and rateLimits.clientAddress is not set): only the per-identifier limits apply. Set rateLimits.clientAddress.",
  "session-cookie-chunked":
    "The session token is larger than one cookie (3936 characters) and was split over several cookies; keep the jwt callback's token small.",
};

const MAX_MESSAGE_LENGTH = 600;
const SENSITIVE_KEY = /token|secret|password|passwd|cookie|authorization|code_verifier|^code$|credential|nonce|state|jwt|key/i;

function oneLine(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, " ");
  return flat.length > MAX_MESSAGE_LENGTH ? `${flat.slice(0, MAX_MESSAGE_LENGTH)}…` : flat;
}

/**
 * A URL for a log line: as its `href`, except that the values of query parameters whose names look
 * like credentials (`token`, `code`, `state`, …: the e-mail link's token, an OAuth callback's code)
 * are replaced by "[redacted]". Other parameters keep their encoding, so a URL without such
 * parameters prints exactly as `String(url)`.
 */
export function loggableUrl(url: URL): string {
  if (!url.search) return url.href;
  const query = url.search
    .slice(1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SENSITIVE_KEY.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.origin}${url.pathname}?${query}${url.hash}`;
}

/** Copies metadata for logging, replacing sensitive-looking keys by "[redacted]". */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return "[…]";
  if (value instanceof Error) return { name: value.name, message: oneLine(value.message) };
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redact(item, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = SENSITIVE_KEY.test(key) ? "[redacted]" : redact(item, depth + 1);
    return out;
  }
  return typeof value === "string" ? oneLine(value) : value;
}

/** The single line written for an error, with its cause chain summarised (no stack dumps). */
export function formatError(error: Error, withStack = false): string {
  const type = error instanceof AuthError ? error.type : error.name;
  let line = `${type}: ${oneLine(error.message)}`;
  const cause = (error as { cause?: unknown }).cause;
  const details: Record<string, unknown> = {};
  if (cause instanceof Error) details.cause = redact(cause);
  else if (cause && typeof cause === "object") {
    const { err, ...rest } = cause as { err?: unknown };
    if (err instanceof Error) details.cause = redact(err);
    if (Object.keys(rest).length) details.details = redact(rest);
  }
  if (withStack && error.stack)
    details.stack = error.stack
      .split("\n")
      .slice(1, 6)
      .map((l) => l.trim())
      .join(" | ");
  if (Object.keys(details).length) line += ` ${JSON.stringify(details)}`;
  return line;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, verbose: 3 };

export interface LoggerConfig {
  logLevel?: LogLevel;
  debug?: boolean;
  logger?: Partial<LoggerInstance>;
}

/**
 * The logger for one config: `logLevel` gates Foyer's default console output; methods of a custom
 * `logger` replace the default for their level and are always called.
 */
export function createLogger(config: LoggerConfig): LoggerInstance {
  const custom = config.logger ?? {};
  const hasCustom = Object.keys(custom).length > 0;
  const level: LogLevel = config.logLevel ?? (config.debug && !hasCustom ? "verbose" : "error");
  const rank = RANK[level] ?? RANK.error;
  return {
    error: custom.error
      ? (error) => safely(() => custom.error!(error))
      : (error) => {
          if (rank >= RANK.error) console.error(`[foyer][error] ${formatError(error, rank >= RANK.verbose)}`);
        },
    warn: custom.warn
      ? (code) => safely(() => custom.warn!(code))
      : (code) => {
          if (rank >= RANK.warn) console.warn(`[foyer][warn][${code}] ${WARNINGS[code] ?? ""}`);
        },
    debug: custom.debug
      ? (message, metadata) => safely(() => custom.debug!(message, redact(metadata)))
      : (message, metadata) => {
          if (rank < RANK.verbose) return;
          const suffix = metadata === undefined ? "" : ` ${JSON.stringify(redact(metadata))}`;
          console.log(`[foyer][debug] ${oneLine(message)}${suffix}`);
        },
  };
}

/** A logger must never take a request down. */
function safely(write: () => void): void {
  try {
    write();
  } catch {
    // ignore: nothing sensible to do when the app's own logger throws
  }
}
