/** Fetching a built-in page through `Auth()` and parsing it, for the page tests. Test-only; not built. */
import { parseHTML } from "linkedom";
import { Auth } from "../auth.js";
import Credentials from "../providers/credentials.js";
import type { AuthConfig, Provider } from "../types.js";
import { get, testConfig, unusedAdapter } from "./harness.js";

/** Providers the passkey-section tests put on a page (explicit endpoints: no discovery over the network). */
export const pageProviders = {
  github: { id: "github", name: "GitHub", type: "oauth", issuer: "https://github.com", authorization: "https://github.com/login/oauth/authorize" } as Provider,
  passkey: { id: "passkey", name: "Passkey", type: "webauthn" } as Provider,
  credentials: Credentials({ credentials: { username: { label: "Username" } }, authorize: () => null }),
};

const adapter = unusedAdapter();

/** A config with these providers, cookie sessions and an adapter the pages never call. */
export function pageConfig(providers: Provider[], overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({ adapter, session: { strategy: "jwt" }, providers, ...overrides });
}

/** GET `path` with `cfg`: the response, its HTML and the parsed document. */
export async function page(path: string, cfg: AuthConfig, headers: Record<string, string> = {}) {
  const response = await Auth(get(path, { headers }), cfg);
  const html = await response.text();
  return { response, html, document: parseHTML(html).document };
}
