/**
 * An Express 5 app signed in by Foyer (docs/express.md): Foyer's pages under /auth, the session in
 * every route through getSession(), and /dashboard for signed-in users only.
 */
import express from "express";
import { ExpressAuth, getSession } from "foyer-auth/express";
import { authConfig } from "./auth.mjs";

const app = express();
// Behind a proxy that sets X-Forwarded-Host / -Proto, trust it (or set AUTH_URL).
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
app.use(express.urlencoded({ extended: false }));
app.use("/auth", ExpressAuth(authConfig));

// The session for every page; passing res keeps the session cookie fresh.
app.use(async (req, res, next) => {
  res.locals.session = await getSession(req, authConfig, res);
  next();
});

function signedIn(req, res, next) {
  if (res.locals.session) return next();
  res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body) => `<!doctype html><meta charset="utf-8"><title>Foyer × Express</title>${body}`;

app.get("/", (req, res) => {
  const user = res.locals.session?.user;
  res.send(
    page(
      user
        ? `<p>Signed in as ${escape(user.name ?? user.email)}. <a href="/dashboard">Dashboard</a> · <a href="/auth/signout">Sign out</a></p>`
        : `<p>Signed out. <a href="/auth/signin">Sign in</a></p>`,
    ),
  );
});

app.get("/dashboard", signedIn, (req, res) => {
  res.send(page(`<h1>Dashboard</h1><pre>${escape(JSON.stringify(res.locals.session, null, 2))}</pre><a href="/">Home</a>`));
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`http://localhost:${port}`));
