/**
 * One Hono app for bench/hono.ts, on @hono/node-server at 127.0.0.1:`PORT` (0: a free one; prints
 * `listening <port>`): Auth under /api/auth through `foyer-auth/hono`, or `@hono/auth-js` with
 * `HONO_AUTH=@hono/auth-js` (the same code, only the module changes), and `/api/plain-session`, a bare
 * route answering the session's JSON without any auth library: Hono's own floor.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import * as foyerHono from "../server/integrations/hono/index.js";
import type { HonoAuthModule } from "../server/integrations/hono/test-app.js";
import Credentials from "../server/providers/credentials.js";
import AuthJsCredentials from "@auth/core/providers/credentials";

const useAuthJs = process.env.HONO_AUTH === "@hono/auth-js";
const auth = useAuthJs ? ((await import(String("@hono/auth-js"))) as HonoAuthModule) : (foyerHono as unknown as HonoAuthModule);
const credentials = (useAuthJs ? AuthJsCredentials : Credentials) as typeof Credentials;

const config = {
  basePath: "/api/auth",
  secret: process.env.AUTH_SECRET,
  trustHost: true,
  providers: [credentials({ credentials: { username: {} }, authorize: () => null })],
};

const app = new Hono();
app.use(
  "*",
  auth.initAuthConfig(() => config),
);
app.use("/api/auth/*", auth.authHandler());
app.get("/api/plain-session", (c) =>
  c.json({ user: { name: "Bench User", email: "bench@example.com" }, expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString() }),
);

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1" }, () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
