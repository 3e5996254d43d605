/**
 * Foyer for this app: a password (one demo user), e-mail links, GitHub, and database sessions in
 * SQLite (./data/foyer.db). The same object goes to SolidAuth() and getSession(). Server-only: the
 * API route and "use server" functions import it.
 */
import { mkdirSync } from "node:fs";
import SQLiteAdapter from "foyer-auth/adapters/sqlite";
import Credentials from "foyer-auth/providers/credentials";
import GitHub from "foyer-auth/providers/github";
import Nodemailer from "foyer-auth/providers/nodemailer";
import type { SolidAuthConfig } from "foyer-auth/solid-start";

mkdirSync("data", { recursive: true });

/** Replace with your own user lookup and password check (a password hash in your database). */
async function findUser(email: unknown, password: unknown) {
  return email === "ada@example.com" && password === "correct horse battery staple" ? { id: "ada", name: "Ada Lovelace", email } : null;
}

/** Without an SMTP server (EMAIL_SERVER), the sign-in link is printed here instead of sent. */
const email = process.env.EMAIL_SERVER
  ? Nodemailer({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM ?? "no-reply@example.com" })
  : Nodemailer({ server: "smtp://localhost:25", sendVerificationRequest: ({ identifier, url }) => console.log(`Sign-in link for ${identifier}: ${url}`) });

export const authOptions: SolidAuthConfig = {
  // Where src/routes/api/auth/[...solidauth].ts lives (the default; shown for clarity).
  prefix: "/api/auth",
  adapter: SQLiteAdapter({ url: "data/foyer.db" }),
  session: { strategy: "database" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: ({ email, password }) => findUser(email, password),
    }),
    email,
    // AUTH_GITHUB_ID and AUTH_GITHUB_SECRET from the environment; callback URL: <origin>/api/auth/callback/github
    GitHub,
  ],
};
