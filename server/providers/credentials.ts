/**
 * `foyer-auth/providers/credentials`: sign in with whatever the app checks itself (a username and
 * password, a one-time code, …). Shaped like Auth.js's provider, so configs port by changing the
 * import path.
 *
 * ```ts
 * import Credentials from "foyer-auth/providers/credentials";
 * Credentials({
 *   credentials: { username: { label: "Username", autocomplete: "username" }, password: { label: "Password", type: "password" } },
 *   async authorize(credentials) { return (await checkPassword(credentials)) ? { id: "42", name: "Ada" } : null; },
 * });
 * ```
 */
import type { Awaitable, CredentialInput, CredentialsConfig, User } from "../types.js";

// The provider's shape is part of the config's public types (`AuthConfig.providers`), so it is declared there.
export type { CredentialInput, CredentialsConfig };

/** What `Credentials()` accepts. Written out rather than derived with `Omit`, which would erase the known keys. */
export interface CredentialsUserConfig<Fields extends Record<string, CredentialInput>> {
  id?: string;
  name?: string;
  credentials?: Fields;
  authorize?: (credentials: Partial<Record<keyof Fields, unknown>>, request: Request) => Awaitable<User | null>;
  [key: string]: unknown;
}

/** Creates a credentials provider (`id` and `name` default to `credentials` / `Credentials`). */
export default function Credentials<Fields extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  config: CredentialsUserConfig<Fields> = {},
): CredentialsConfig<Fields> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as Fields,
    // As Auth.js: without an authorize() nobody signs in (CredentialsSignin), rather than a 500.
    authorize: () => null,
    ...config,
    options: config,
  } as CredentialsConfig<Fields>;
}
