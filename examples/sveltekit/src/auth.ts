/**
 * Foyer for this app: a password (one demo user), e-mail links, GitHub, and database sessions in
 * SQLite (./data/foyer.db). AUTH_SECRET, AUTH_GITHUB_ID and AUTH_GITHUB_SECRET come from the
 * environment (.env in development).
 */
import { mkdirSync } from "node:fs";
import { env } from "$env/dynamic/private";
import { SvelteKitAuth, type SvelteKitAuthConfig } from "foyer-auth/sveltekit";
import SQLiteAdapter from "foyer-auth/adapters/sqlite";
import Credentials from "foyer-auth/providers/credentials";
import GitHub from "foyer-auth/providers/github";
import Nodemailer from "foyer-auth/providers/nodemailer";

/** Replace with your own user lookup and password check (a password hash in your database). */
async function findUser(email: unknown, password: unknown) {
  return email === "ada@example.com" && password === "correct horse battery staple" ? { id: "ada", name: "Ada Lovelace", email: "ada@example.com" } : null;
}

let config: SvelteKitAuthConfig | undefined;

/** One config object for the server's life (Foyer prepares a config once per object), made on the first request. */
function authConfig(): SvelteKitAuthConfig {
  if (config) return config;
  mkdirSync("data", { recursive: true });
  // Without an SMTP server (EMAIL_SERVER), the sign-in link is printed here instead of sent.
  const email = env.EMAIL_SERVER
    ? Nodemailer({ server: env.EMAIL_SERVER, from: env.EMAIL_FROM ?? "no-reply@example.com" })
    : Nodemailer({ server: "smtp://localhost:25", sendVerificationRequest: ({ identifier, url }) => console.log(`Sign-in link for ${identifier}: ${url}`) });
  config = {
    adapter: SQLiteAdapter({ url: "data/foyer.db" }),
    session: { strategy: "database" },
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: ({ email, password }) => findUser(email, password),
      }),
      email,
      // AUTH_GITHUB_ID and AUTH_GITHUB_SECRET from the environment; callback URL: <origin>/auth/callback/github
      GitHub,
    ],
  };
  return config;
}

export const { handle, signIn, signOut } = SvelteKitAuth(() => authConfig());
