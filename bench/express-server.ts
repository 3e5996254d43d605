/**
 * One server of the Express benchmark (bench/express.ts), run in its own process so the load
 * generator does not share its event loop: an Express 4 app with the auth middleware at
 * `app.use("/auth/*", …)` — Foyer's (`BENCH_EXPRESS_TARGET=foyer`) or `@auth/express`'s (`authjs`) —
 * and `GET /plain-session`, which answers the same JSON with no auth library (Express's floor). With
 * `BENCH_EXPRESS_TARGET=node`, the same on plain node:http: `foyer-auth/node` and a bare route.
 * Prints `ready` once listening on 127.0.0.1:PORT.
 */
import AuthCoreCredentials from "@auth/core/providers/credentials";
import * as AuthExpress from "@auth/express";
import type express5 from "express";
import { createServer } from "node:http";
import * as Foyer from "../server/integrations/express/index.js";
import { createAuthHandler } from "../server/integrations/node.js";
import Credentials from "../server/providers/credentials.js";

const express = ((await import("express4" as string)) as { default: typeof express5 }).default;
const target = process.env.BENCH_EXPRESS_TARGET;
const secret = process.env.AUTH_SECRET!;
const authorize = () => null;
const config = {
  secret,
  trustHost: true,
  logger: { error() {}, warn() {}, debug() {} },
  providers: [target === "authjs" ? AuthCoreCredentials({ authorize }) : Credentials({ authorize })],
};
// The session endpoint's answer, by hand: what the benchmark's cookie holds, with a fixed expiry.
const expires = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();

if (target === "node") {
  // Plain node:http: foyer-auth/node's handler, and a bare route answering the same JSON.
  const auth = createAuthHandler(config as never);
  createServer((req, res) => {
    if (req.url === "/plain-session") {
      const body = JSON.stringify({ user: { name: "Bench User", email: "bench@example.com" }, expires });
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "private, no-cache, no-store", "Content-Length": Buffer.byteLength(body) });
      return void res.end(body);
    }
    void auth(req, res);
  }).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
} else {
  const middleware = target === "foyer" ? Foyer.ExpressAuth(config as never) : AuthExpress.ExpressAuth(config as never);
  const app = express();
  app.use("/auth/*", middleware as never);
  app.get("/plain-session", (_req, res) => {
    res.setHeader("Cache-Control", "private, no-cache, no-store");
    res.json({ user: { name: "Bench User", email: "bench@example.com" }, expires });
  });
  app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
}
