/**
 * The demo's Foyer config: one credentials provider with a single demo user, Foyer's built-in pages
 * (sign-in, sign-out, error) in the demo's brand colour, a secret that survives restarts, and an
 * adapter (SQLite, opened by demo/server.ts), so sessions are database sessions that can be listed.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Adapter } from "../server/adapters/types.js";
import type { AuthConfig, User } from "../server/index.js";
import Credentials from "../server/providers/credentials.js";
import Passkey from "../server/providers/passkey.js";
import type { EmailConfig } from "../server/providers/email.js";
import { OIDC, type OAuthConfig } from "../server/providers/oauth.js";

/** Where Foyer is mounted (the default `basePath`). */
export const AUTH_BASE = "/auth";
/** Foyer's built-in sign-in page. */
export const SIGNIN_PATH = `${AUTH_BASE}/signin`;
/** Foyer's built-in sign-out page (a confirmation with a button). */
export const SIGNOUT_PATH = `${AUTH_BASE}/signout`;
/** The demo's brand colour, used by the built-in pages' buttons. */
export const BRAND_COLOR = "#4f46e5";
/** The SQLite file, inside the data directory, where Foyer keeps users, accounts and sessions. */
export const DATABASE_FILE = "foyer.db";

/** The one user the demo knows. */
export const DEMO_USER = { id: "demo-user", name: "Demo User", email: "demo@foyer.dev" } as const satisfies User;
/** The demo user's password. A real app checks a password hash from its database instead. */
export const DEMO_PASSWORD = "foyer-demo";

/** Compares two strings in time that does not depend on where they differ (or on their lengths). */
function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The credentials check: the demo user and password, or nobody. */
export function authorizeDemoUser(credentials: Partial<Record<"email" | "password", unknown>>): User | null {
  const email = typeof credentials.email === "string" ? credentials.email.trim().toLowerCase() : "";
  const password = typeof credentials.password === "string" ? credentials.password : "";
  // Both comparisons always run, so the answer time does not tell which one failed.
  const emailMatches = safeEqual(email, DEMO_USER.email);
  const passwordMatches = safeEqual(password, DEMO_PASSWORD);
  return emailMatches && passwordMatches ? { ...DEMO_USER } : null;
}

/**
 * Stores the demo user (with its `credentials` account, as its first sign-in would) unless it is
 * stored already. Foyer stores a credentials user only at its first sign-in; until then its address
 * would be free, and a passkey sign-up (or anything else that creates users) could take it: a second
 * account with the demo user's address, which then also stops the demo user's own sign-in (the
 * address is unique in the database). Stored from the start, the address is taken, and a passkey
 * sign-up for it is refused like one for any address that has an account. Returns whether it wrote.
 */
export async function seedDemoUser(adapter: Adapter): Promise<boolean> {
  const key = { provider: "credentials", providerAccountId: DEMO_USER.id };
  const account = { ...key, type: "credentials" as const };
  if (await adapter.getUserByAccount!(key)) return false;
  const stored = await adapter.getUser!(DEMO_USER.id);
  if (stored) {
    // The user without its account (a database from before the seed, or a crash in between): link it.
    await adapter.linkAccount!({ ...account, userId: DEMO_USER.id });
    return true;
  }
  const owner = await adapter.getUserByEmail!(DEMO_USER.email);
  if (owner) {
    throw new Error(
      `Another user (${owner.id}) has the demo user's address ${DEMO_USER.email} in this database, so the demo user cannot sign in: delete the data directory's ${DATABASE_FILE} (or that user) and start again.`,
    );
  }
  const user = { ...DEMO_USER, emailVerified: null };
  if (adapter.createUserWithAccount) await adapter.createUserWithAccount({ user, account });
  else {
    await adapter.createUser!(user);
    await adapter.linkAccount!({ ...account, userId: DEMO_USER.id });
  }
  return true;
}

const SECRET_VARIABLES = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"];

/**
 * The secret to configure: `undefined` when the environment sets one (Foyer reads `AUTH_SECRET` and
 * `AUTH_SECRET_1..3` itself), else a development secret kept in `<dataDir>/secret` (created on the
 * first run, mode 0600) so that a restart keeps everyone signed in. Warns once, on one line.
 */
export async function resolveSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (SECRET_VARIABLES.some((name) => env[name])) return undefined;
  const file = join(dataDir, "secret");
  let secret = await readFile(file, "utf8").then(
    (text) => text.trim(),
    () => "",
  );
  if (secret.length < 32) {
    secret = randomBytes(32).toString("base64url");
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
  }
  console.warn(`[demo] AUTH_SECRET is not set: using the development secret in ${relative(process.cwd(), file) || file}. Set AUTH_SECRET in production.`);
  return secret;
}

/**
 * An OpenID Connect provider "Test IdP" (id `test-idp`), added when `FOYER_DEMO_OIDC_ISSUER` is set —
 * e.g. to e2e/fixtures/idp.ts, which the browser tests run on 127.0.0.1 (port `FOYER_E2E_IDP_PORT`). The client is
 * `FOYER_DEMO_OIDC_CLIENT_ID` / `FOYER_DEMO_OIDC_CLIENT_SECRET` (default `test-client` / `test-secret`);
 * its redirect URI is `<demo origin>/auth/callback/test-idp`.
 */
export function demoOidcProvider(env: NodeJS.ProcessEnv = process.env): OAuthConfig | undefined {
  const issuer = env.FOYER_DEMO_OIDC_ISSUER;
  if (!issuer) return undefined;
  return OIDC({
    id: "test-idp",
    name: "Test IdP",
    issuer,
    clientId: env.FOYER_DEMO_OIDC_CLIENT_ID || "test-client",
    clientSecret: env.FOYER_DEMO_OIDC_CLIENT_SECRET || "test-secret",
  });
}

/**
 * The demo's Foyer config. `secret` is left to the environment when `undefined`; `email` is the
 * e-mail provider, if any (see demo/mailbox.ts). With an adapter
 * the session strategy defaults to `database`: the cookie holds a random token and the adapter keeps
 * the session (only the token's hash), with its metadata (created, last seen, user agent, address).
 */
export function createDemoConfig(secret: string | undefined, adapter: Adapter, email?: EmailConfig, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return {
    ...(secret ? { secret } : {}),
    basePath: AUTH_BASE,
    adapter,
    // FOYER_DEMO_SESSION_STRATEGY=jwt keeps sessions in the encrypted cookie instead (the browser tests run both).
    ...(env.FOYER_DEMO_SESSION_STRATEGY === "jwt" ? { session: { strategy: "jwt" as const } } : {}),
    // No `pages` option: Foyer serves its own sign-in, sign-out and error pages under /auth.
    theme: { brandColor: BRAND_COLOR },
    providers: [
      Credentials({
        credentials: {
          email: { label: "Email", type: "email", autocomplete: "username" },
          password: { label: "Password", type: "password", autocomplete: "current-password" },
        },
        authorize: authorizeDemoUser,
      }),
      // Sign-in links by e-mail (demo/mailbox.ts): SMTP, or the development mailbox.
      ...(email ? [email] : []),
      // Passkeys: sign in with one, or create an account with one, on the sign-in page; manage them on /account.
      Passkey(),
      // An OpenID Provider to try OAuth sign-in with, when FOYER_DEMO_OIDC_ISSUER is set (see demoOidcProvider).
      ...[demoOidcProvider()].filter((provider) => provider !== undefined),
    ],
  };
}
