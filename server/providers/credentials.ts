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
import type { Awaitable, User } from "../types.js";

/** One input of the credentials form: its label plus any HTML input attribute. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  autocomplete?: string;
  required?: boolean;
  [attribute: string]: unknown;
}

export interface CredentialsConfig<Fields extends Record<string, CredentialInput> = Record<string, CredentialInput>> {
  id: string;
  name: string;
  type: "credentials";
  /** The form's fields, by the name they are posted under. */
  credentials: Fields;
  /**
   * Checks the submitted values. Return the user to sign in, or `null` to refuse with
   * `CredentialsSignin`. Throw a `CredentialsSignin` subclass to refuse with your own `code`.
   * `request` is a web `Request` with the original URL, method and headers and the parsed body as JSON.
   */
  authorize: (credentials: Partial<Record<keyof Fields, unknown>>, request: Request) => Awaitable<User | null>;
  options?: Partial<CredentialsConfig<Fields>>;
  [key: string]: unknown;
}

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
    ...config,
    options: config,
  } as CredentialsConfig<Fields>;
}
