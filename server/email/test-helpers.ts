/**
 * Helpers of the e-mail tests: a MemoryAdapter that records what the flow did to it, and the two
 * steps of an e-mail sign-in through `Auth()`. Test-only; not built into the package.
 */
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter, VerificationToken } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { CookieJar, ORIGIN, csrf, get, postForm } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";

export interface RecordingAdapter {
  adapter: Adapter;
  /** Every adapter call, in order: method name and arguments. */
  calls: { method: string; args: unknown[] }[];
  /** The verification tokens created and not yet used (what the adapter still holds). */
  storedTokens(): VerificationToken[];
  /** The names of the methods called, in order. */
  methods(): string[];
}

export function recordingAdapter(): RecordingAdapter {
  const inner = MemoryAdapter() as Record<string, unknown>;
  const calls: { method: string; args: unknown[] }[] = [];
  const tokens = new Map<string, VerificationToken>();
  const adapter: Record<string, unknown> = {};
  for (const [method, value] of Object.entries(inner)) {
    if (typeof value !== "function") {
      adapter[method] = value;
      continue;
    }
    adapter[method] = async (...args: unknown[]) => {
      calls.push({ method, args });
      const result = await (value as (...a: unknown[]) => unknown).apply(inner, args);
      if (method === "createVerificationToken") {
        const token = args[0] as VerificationToken;
        tokens.set(`${token.identifier}\u0000${token.token}`, token);
      }
      if (method === "useVerificationToken" && result) {
        const used = result as VerificationToken;
        tokens.delete(`${used.identifier}\u0000${used.token}`);
      }
      return result;
    };
  }
  return {
    adapter: adapter as Adapter,
    calls,
    storedTokens: () => [...tokens.values()],
    methods: () => calls.map((call) => call.method),
  };
}

/**
 * Step one: GET /csrf, then POST /signin/<provider> with `fields` (the `email` among them; leave it
 * out to send none). Returns the response and the jar (CSRF cookie plus whatever the answer set).
 */
export async function requestLink(
  config: AuthConfig,
  provider: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ response: Response; jar: CookieJar }> {
  const { jar, csrfToken } = await csrf(config);
  const response = await Auth(postForm(`/auth/signin/${provider}`, { csrfToken, ...fields }, { cookie: jar.header, headers }), config);
  jar.update(response);
  return { response, jar };
}

/** Step two: GET the link (absolute, from the e-mail) with the jar's cookies. */
export async function followLink(config: AuthConfig, link: string, jar = new CookieJar()): Promise<{ response: Response; jar: CookieJar }> {
  const url = new URL(link);
  if (url.origin !== ORIGIN) throw new Error(`the link points at ${url.origin}, not ${ORIGIN}`);
  const response = await Auth(get(`${url.pathname}${url.search}`, { cookie: jar.header }), config);
  jar.update(response);
  return { response, jar };
}

/** The sign-in link in a plain-text e-mail body. */
export function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/callback\/\S+/.exec(text);
  if (!match) throw new Error(`no sign-in link in: ${text}`);
  return match[0];
}
