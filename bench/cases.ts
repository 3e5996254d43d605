/**
 * What the benchmark runs: the two implementations (Foyer's `Auth` and `@auth/core`'s `Auth`) with
 * the same config shape, a tiny cookie jar that plays the browser, and the four cases.
 *
 * Both implementations get byte-for-byte the same requests, except for cookie *values*, which each
 * implementation minted itself (a session cookie sealed by one is a valid session for the other too,
 * but each side signs in for real so the setup path is exercised as well).
 */
import { Auth as AuthjsAuth } from "@auth/core";
import AuthjsCredentials from "@auth/core/providers/credentials";
import { Auth as FoyerAuth } from "../server/index.js";
import FoyerCredentials from "../server/providers/credentials.js";

export const ORIGIN = "http://localhost:3000";
export const BASE = `${ORIGIN}/auth`;
/** A fixed secret: the benchmark must not depend on the environment. */
export const SECRET = "foyer-bench-secret-0123456789abcdef0123456789abcdef";

const USER = { id: "42", name: "Ada Lovelace", email: "ada@example.com", image: null };

/** The same authorize() for both: constant time, no I/O, so only the library's own work is measured. */
function authorize(credentials: Partial<Record<string, unknown>>) {
  return credentials.username === "ada" && credentials.password === "correct horse" ? { ...USER } : null;
}

const credentialFields = { username: { label: "Username" }, password: { label: "Password", type: "password" } };

export type ImplementationName = "foyer" | "@auth/core";

export interface Implementation {
  name: ImplementationName;
  handle(request: Request): Promise<Response>;
}

/**
 * One config object per implementation, reused for every request, as an application does (both
 * libraries are allowed to cache per config object; Foyer does).
 */
export function createImplementations(): Implementation[] {
  const foyerConfig = {
    providers: [FoyerCredentials({ credentials: credentialFields, authorize })],
    secret: SECRET,
    trustHost: true,
    // Foyer's default log level is `error`; nothing is logged on these paths either way.
  };
  const authjsConfig = {
    providers: [AuthjsCredentials({ credentials: credentialFields, authorize: (c) => authorize(c as Record<string, unknown>) })],
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
  };
  return [
    { name: "foyer", handle: (request) => FoyerAuth(request, foyerConfig) },
    { name: "@auth/core", handle: (request) => AuthjsAuth(request, authjsConfig) },
  ];
}

/** The browser's side: the cookies one implementation set, as a browser would send them back. */
export interface BrowserState {
  /** `name=value` pairs as they appeared in `Set-Cookie` (values stay percent-encoded). */
  jar: Map<string, string>;
  csrfToken: string;
}

/** Applies `Set-Cookie` headers to the jar (a deletion is an empty value or `Max-Age=0`). */
function storeCookies(jar: Map<string, string>, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const deleted = value === "" || attributes.some((a) => a.trim().toLowerCase() === "max-age=0");
    if (deleted) jar.delete(name);
    else jar.set(name, value);
  }
}

export function cookieHeader(jar: Map<string, string>, names?: (name: string) => boolean): string {
  return [...jar]
    .filter(([name]) => !names || names(name))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

const isSessionCookie = (name: string) => name.includes("session-token");

/**
 * A real credentials sign-in: `GET /csrf` (CSRF and callback-url cookies, token), then
 * `POST /callback/credentials` (session cookie). Throws when either step does not answer as expected.
 */
export async function signIn(impl: Implementation): Promise<BrowserState> {
  const jar = new Map<string, string>();
  const csrfResponse = await impl.handle(new Request(`${BASE}/csrf`));
  if (csrfResponse.status !== 200) throw new Error(`${impl.name}: GET /csrf answered ${csrfResponse.status}`);
  storeCookies(jar, csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };

  const signInResponse = await impl.handle(signInRequest({ jar, csrfToken }));
  if (signInResponse.status !== 302) throw new Error(`${impl.name}: credentials sign-in answered ${signInResponse.status}`);
  storeCookies(jar, signInResponse);
  if (![...jar.keys()].some(isSessionCookie)) throw new Error(`${impl.name}: sign-in set no session cookie`);
  return { jar, csrfToken };
}

function signInRequest(state: BrowserState): Request {
  return new Request(`${BASE}/callback/credentials`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Cookie: cookieHeader(state.jar, (name) => !isSessionCookie(name)),
    },
    body: new URLSearchParams({ csrfToken: state.csrfToken, username: "ada", password: "correct horse" }).toString(),
  });
}

export interface BenchCase {
  /** The label printed in the report. */
  name: string;
  /** The status every response must have; anything else aborts the run. */
  expectedStatus: number;
  /** Builds one request. Called outside the timed section, the same way for both implementations. */
  request(state: BrowserState): Request;
}

export const CASES: readonly BenchCase[] = [
  {
    name: "session GET (valid cookie)",
    expectedStatus: 200,
    // Session, CSRF and callback-url cookies: what a signed-in browser sends.
    request: (state) => new Request(`${BASE}/session`, { headers: { Cookie: cookieHeader(state.jar) } }),
  },
  {
    name: "session GET (no cookie)",
    expectedStatus: 200,
    request: () => new Request(`${BASE}/session`),
  },
  {
    name: "csrf GET",
    expectedStatus: 200,
    // A browser that has visited before: it sends its CSRF and callback-url cookies (no session).
    request: (state) => new Request(`${BASE}/csrf`, { headers: { Cookie: cookieHeader(state.jar, (name) => !isSessionCookie(name)) } }),
  },
  {
    name: "sign-in POST (credentials)",
    expectedStatus: 302,
    request: signInRequest,
  },
  {
    name: "sign-in page GET (HTML)",
    expectedStatus: 200,
    // The built-in page as a returning browser asks for it (CSRF and callback-url cookies).
    request: (state) => new Request(`${BASE}/signin`, { headers: { Cookie: cookieHeader(state.jar, (name) => !isSessionCookie(name)) } }),
  },
];
