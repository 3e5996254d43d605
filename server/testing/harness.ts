/**
 * Helpers for black-box tests through `Auth()` with real `Request` objects. Test-only; not built.
 */
import { REQUIRED_METHODS } from "../adapters/wrap.js";
import { Auth } from "../auth.js";
import Credentials from "../providers/credentials.js";
import type { AuthConfig, User } from "../types.js";
import { CookieJar } from "../testing-kit/cookie-jar.js";

export const ORIGIN = "http://localhost:3000";
export const SECRET = "test-secret-test-secret-test-secret-0123";

export const DEMO_USER: User = { id: "user-1", name: "Ada Lovelace", email: "ada@example.com", image: "https://example.com/ada.png" };
export const PASSWORD = "correct horse battery staple";

/** A fresh config with one credentials provider (ada / PASSWORD). Overrides are shallow-merged. */
export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize(credentials) {
          return credentials.username === "ada" && credentials.password === PASSWORD ? { ...DEMO_USER } : null;
        },
      }),
    ],
    ...overrides,
  };
}

/** A cookie jar that keeps what `Set-Cookie` headers say, the way a browser would: the testing kit's. */
export { CookieJar } from "../testing-kit/cookie-jar.js";

export function get(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers } });
}

export function postForm(path: string, fields: Record<string, string>, init: { cookie?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    body: new URLSearchParams(fields),
  });
}

export function postJson(path: string, body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** GET /csrf: a jar holding the CSRF cookie, and the token. */
export async function csrf(config: AuthConfig, jar = new CookieJar()): Promise<{ jar: CookieJar; csrfToken: string }> {
  const response = await Auth(get("/auth/csrf", { cookie: jar.header }), config);
  jar.update(response);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { jar, csrfToken };
}

/** Signs ada in with credentials; returns the jar with the session cookie and the response. */
export async function signIn(config: AuthConfig, fields: Record<string, string> = {}) {
  const { jar, csrfToken } = await csrf(config);
  const response = await Auth(
    postForm("/auth/callback/credentials", { csrfToken, username: "ada", password: PASSWORD, ...fields }, { cookie: jar.header }),
    config,
  );
  jar.update(response);
  return { jar, csrfToken, response };
}

/** The Set-Cookie headers of a response, by cookie name. */
export function setCookies(response: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) out.set(header.slice(0, header.indexOf("=")), header);
  return out;
}

/** Captures console output written during `run`. */
export async function captureConsole<T>(run: () => Promise<T>): Promise<{ result: T; output: string; lines: string[] }> {
  const lines: string[] = [];
  const original = { log: console.log, warn: console.warn, error: console.error, info: console.info, debug: console.debug };
  const capture = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  Object.assign(console, { log: capture, warn: capture, error: capture, info: capture, debug: capture });
  try {
    const result = await run();
    return { result, output: lines.join("\n"), lines };
  } finally {
    Object.assign(console, original);
  }
}

/**
 * An adapter for tests that configure e-mail or WebAuthn providers only to render pages or list
 * providers: it has every method validation asks for, and each one fails loudly if a test calls it.
 */
export function unusedAdapter(): Record<string, () => never> {
  // Every method configuration validation asks for, for any provider kind.
  const names = [...new Set(Object.values(REQUIRED_METHODS).flat())];
  return Object.fromEntries(
    names.map((name) => [
      name,
      () => {
        throw new Error(`unusedAdapter.${name}() was called by a test that should not use the adapter`);
      },
    ]),
  );
}
