/**
 * One Hono app, written once against `@hono/auth-js`'s API and built from whichever module is passed
 * in: `foyer-auth/hono` or `@hono/auth-js` itself. The side-by-side tests, the e2e spec and the bench
 * use it, so "only the import changes" is what they check.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";

/** What the app needs of an integration module: `@hono/auth-js`'s four functions. */
export interface HonoAuthModule {
  initAuthConfig(handler: (c: Context) => unknown): MiddlewareHandler;
  authHandler(): MiddlewareHandler;
  verifyAuth(): MiddlewareHandler;
  getAuthUser(c: Context): Promise<{ session: { user?: { email?: string | null } | null }; token?: unknown; user?: unknown } | null>;
}

export interface TestAppOptions {
  /** The integration module. */
  auth: HonoAuthModule;
  /** The config (the same object for every request, as an app usually has it). */
  config: object;
}

/** The app: Auth under /api/auth, /api/protected/* behind verifyAuth(), /whoami and /plain reading the user with getAuthUser(). */
export function createTestApp({ auth, config }: TestAppOptions): Hono {
  const app = new Hono();
  app.use(
    "*",
    auth.initAuthConfig(() => config),
  );
  app.use("/api/auth/*", auth.authHandler());
  app.use("/api/protected/*", auth.verifyAuth());
  app.get("/api/protected/me", (c) => c.json(c.get("authUser")));
  app.get("/whoami", async (c) => {
    const authUser = await auth.getAuthUser(c);
    return c.json({ email: authUser?.session.user?.email ?? null });
  });
  // A route answering with its own Response rather than through the context.
  app.get("/plain", async (c) => {
    const authUser = await auth.getAuthUser(c);
    return new Response(authUser ? "signed in" : "signed out");
  });
  app.get("/", (c) => c.html('<!doctype html><title>Home</title><a href="/api/auth/signin">Sign in</a>'));
  return app;
}
