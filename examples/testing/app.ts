/**
 * The app under test: a small Express app on Foyer with every sign-in the suite exercises — a
 * password (credentials), an e-mail link (Nodemailer), passkeys, and an OpenID provider — mounted at
 * `/auth` with Foyer's built-in pages, `/` saying who is signed in, and a protected `/dashboard`.
 *
 * The suite starts it in each Playwright worker (tests/fixtures.ts) with the worker's test SMTP server
 * and test IdP, so nothing leaves the machine and workers never share state.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import MemoryAdapter from "foyer-auth/adapters/memory";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "foyer-auth/express";
import Credentials from "foyer-auth/providers/credentials";
import Nodemailer from "foyer-auth/providers/nodemailer";
import Passkey from "foyer-auth/providers/passkey";
import type { OAuthConfig } from "foyer-auth/providers/oauth";

export const USER = { id: "ada", name: "Ada Lovelace", email: "ada@example.com" };
export const PASSWORD = "correct horse battery staple";

export interface AppOptions {
  strategy: "jwt" | "database";
  /** Where sign-in e-mails go (`smtp://host:port`). */
  smtp: string;
  /** The OpenID provider to offer (the test IdP's `provider()`). */
  oidc: OAuthConfig;
}

/** The app's Foyer config. */
export function authConfig({ strategy, smtp, oidc }: AppOptions): ExpressAuthConfig {
  return {
    secret: process.env.AUTH_SECRET ?? "example-testing-secret-example-testing-0123",
    trustHost: true,
    adapter: MemoryAdapter(),
    session: { strategy },
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: ({ email, password }) => (email === USER.email && password === PASSWORD ? { ...USER } : null),
      }),
      Nodemailer({ server: smtp, from: "Example <noreply@example.test>" }),
      Passkey(),
      oidc,
    ],
  };
}

export interface RunningApp {
  /** `http://localhost:<port>` (WebAuthn needs `localhost`, not an IP address). */
  url: string;
  config: ExpressAuthConfig;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the app with `config` on `port` (0: a free one), on 127.0.0.1. */
export async function startApp(config: ExpressAuthConfig, port = 0): Promise<RunningApp> {
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  app.use("/auth", ExpressAuth(config));
  app.use(async (req, res, next) => {
    res.locals.session = await getSession(req, config, res);
    next();
  });
  const page = (body: string) => `<!doctype html><meta charset="utf-8"><title>Example</title>${body}`;
  app.get("/", (_req, res) => {
    const email = res.locals.session?.user?.email as string | undefined;
    res.send(page(`<p id="status">${email ? `Signed in as ${escape(email)}` : "Not signed in"}</p>`));
  });
  app.get("/dashboard", (req, res) => {
    const session = res.locals.session as { user?: { name?: string | null } } | null;
    if (!session) return void res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
    res.send(page(`<h1>Dashboard</h1><p id="name">${escape(session.user?.name ?? "")}</p>`));
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
    listening.once("error", reject);
  });
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    config,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
