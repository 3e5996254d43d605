/**
 * Foyer for this app: credentials (one demo user), e-mail-free, passkeys, and database sessions —
 * SQLite in ./data locally, PostgreSQL when DATABASE_URL is set.
 */
import NextAuth from "foyer-auth/next";
import PostgresAdapter from "foyer-auth/adapters/postgres";
import SQLiteAdapter from "foyer-auth/adapters/sqlite";
import Credentials from "foyer-auth/providers/credentials";
import Passkey from "foyer-auth/providers/passkey";
import { mkdirSync } from "node:fs";

function database() {
  if (process.env.DATABASE_URL) return PostgresAdapter({ connectionString: process.env.DATABASE_URL });
  mkdirSync("data", { recursive: true });
  return SQLiteAdapter({ url: "data/foyer.db" });
}

/** Replace with your own user lookup and password check (a password hash in your database). */
async function findUser(email: unknown, password: unknown) {
  return email === "ada@example.com" && password === "correct horse battery staple" ? { id: "ada", name: "Ada Lovelace", email } : null;
}

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
  adapter: database(),
  session: { strategy: "database" },
  theme: { brandColor: "#4f46e5" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: ({ email, password }) => findUser(email, password),
    }),
    Passkey(),
  ],
  callbacks: {
    // proxy.ts: only signed-in users reach /dashboard.
    authorized: ({ auth }) => Boolean(auth?.user),
  },
});
