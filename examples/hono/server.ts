/**
 * A Hono app with Foyer: a password sign-in (one demo user), e-mail links, GitHub, database sessions
 * in SQLite (./data), a protected page and a JSON API behind verifyAuth(). Runs on Node.js through
 * @hono/node-server; the same `app` runs on Bun, Deno or Workers with their own adapter (and an
 * adapter that works there instead of SQLite).
 */
import { mkdirSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import SQLiteAdapter from "foyer-auth/adapters/sqlite";
import { authHandler, getAuthUser, initAuthConfig, verifyAuth, type AuthConfig } from "foyer-auth/hono";
import Credentials from "foyer-auth/providers/credentials";
import GitHub from "foyer-auth/providers/github";
import Nodemailer from "foyer-auth/providers/nodemailer";

mkdirSync("data", { recursive: true });

/** Replace with your own user lookup and password check (a password hash in your database). */
async function findUser(email: unknown, password: unknown) {
  return email === "ada@example.com" && password === "correct horse battery staple" ? { id: "ada", name: "Ada Lovelace", email } : null;
}

// One object for every request: Foyer prepares a config once per object.
const config: AuthConfig = {
  basePath: "/api/auth",
  adapter: SQLiteAdapter({ url: "data/foyer.db" }),
  session: { strategy: "database" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: ({ email, password }) => findUser(email, password),
    }),
    // AUTH_EMAIL_SERVER (an SMTP URL) and AUTH_EMAIL_FROM; without them the link is printed here instead.
    Nodemailer({
      server: process.env.AUTH_EMAIL_SERVER ?? "smtp://localhost:25",
      from: process.env.AUTH_EMAIL_FROM ?? "Foyer example <no-reply@example.com>",
      ...(process.env.AUTH_EMAIL_SERVER
        ? {}
        : {
            sendVerificationRequest: async ({ identifier, url }: { identifier: string; url: string }) => console.log(`Sign-in link for ${identifier}: ${url}`),
          }),
    }),
    GitHub, // AUTH_GITHUB_ID and AUTH_GITHUB_SECRET
  ],
};

const app = new Hono();
app.use(
  "*",
  initAuthConfig(() => config),
);
app.use("/api/auth/*", authHandler());
app.use("/api/me/*", verifyAuth());

app.get("/", async (c) => {
  const authUser = await getAuthUser(c);
  const who = authUser ? `Signed in as ${authUser.session.user?.email} — <a href="/api/auth/signout">Sign out</a>` : '<a href="/api/auth/signin">Sign in</a>';
  return c.html(`<!doctype html><title>Foyer on Hono</title><p>${who}</p><p><a href="/dashboard">Dashboard</a> · <a href="/api/me">/api/me</a></p>`);
});

// A protected page: signed-out visitors go to the sign-in page and come back here afterwards.
app.get("/dashboard", async (c) => {
  const authUser = await getAuthUser(c);
  if (!authUser) return c.redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent("/dashboard")}`);
  return c.html(`<!doctype html><title>Dashboard</title><h1>Hello ${authUser.session.user?.name ?? "there"}</h1>`);
});

// A JSON API: verifyAuth() answers 401 when signed out.
app.get("/api/me", (c) => c.json(c.get("authUser").session));

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: app.fetch, port }, () => console.log(`http://localhost:${port}`));
