/**
 * One server of the Express benchmark (bench/express.ts), run in its own process so the load
 * generator does not share its event loop: an Express 4 app with the auth middleware at
 * `app.use("/auth/*", …)` — Foyer's (`BENCH_EXPRESS_TARGET=foyer`) or `@auth/express`'s (`authjs`) —
 * and `GET /plain-session`, which answers the same JSON with no auth library (Express's floor).
 * Prints `ready` once listening on 127.0.0.1:PORT.
 */
import AuthCoreCredentials from "@auth/core/providers/credentials";
import * as AuthExpress from "@auth/express";
import type express5 from "express";
import * as Foyer from "../server/integrations/express/index.js";
import Credentials from "../server/providers/credentials.js";

const express = ((await import("express4" as string)) as { default: typeof express5 }).default;
const target = process.env.BENCH_EXPRESS_TARGET;
const secret = process.env.AUTH_SECRET!;
const authorize = () => null;
const config = {
  secret,
  trustHost: true,
  logger: { error() {}, warn() {}, debug() {} },
  providers: [target === "foyer" ? Credentials({ authorize }) : AuthCoreCredentials({ authorize })],
};
const middleware = target === "foyer" ? Foyer.ExpressAuth(config as never) : AuthExpress.ExpressAuth(config as never);

const app = express();
app.use("/auth/*", middleware as never);
// The session endpoint's answer, by hand: what the benchmark's cookie holds, with a fixed expiry.
const expires = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
app.get("/plain-session", (_req, res) => {
  res.setHeader("Cache-Control", "private, no-cache, no-store");
  res.json({ user: { name: "Bench User", email: "bench@example.com" }, expires });
});
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
