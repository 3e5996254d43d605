/**
 * A real Foyer for the React bindings' browser tests (ui/react/*.browser.test.tsx), mounted in the
 * test project's own Vite server by scripts/vite-foyer-react.ts, so the page under test and Foyer
 * share one origin and its cookies, as a Next.js app and its `/api/auth` route do.
 *
 * - `/api/auth/*`: `Auth()` through `foyer-auth/node`, cookie sessions, a credentials provider
 *   (`ada@example.com` / `correct horse`, or password `expired` for a custom `CredentialsSignin` code),
 *   GitHub (whose authorization URL needs no network), a passkey provider (with a memory adapter), and
 *   a jwt callback that takes `update({ name })` and ends the session on `update({ end: true })`.
 * - `/__foyer-react/tab?…`: a page running ui/react/fixtures/tab-app.tsx (a "tab" for iframes).
 * - `/__foyer-react/requests`: the requests under `/api/auth` since the last reset, as `GET /api/auth/session`.
 * - `/__foyer-react/reset`: forgets those and ends the browser's session (expires the cookie).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CredentialsSignin } from "../server/core/errors.js";
import { createAuthHandler } from "../server/integrations/node.js";
import Credentials from "../server/providers/credentials.js";
import GitHub from "../server/providers/github.js";
import Passkey from "../server/providers/passkey.js";
import MemoryAdapter from "../server/adapters/memory.js";
import type { AuthConfig } from "../server/types.js";

/** The one user. */
export const TEST_USER = { email: "ada@example.com", password: "correct horse", name: "Ada" };

class ExpiredCode extends CredentialsSignin {
  override code = "expired";
}

const config: AuthConfig = {
  secret: "foyer-react-browser-tests-secret-0123456789",
  basePath: "/api/auth",
  logLevel: "silent",
  adapter: MemoryAdapter(),
  session: { strategy: "jwt" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize({ email, password }) {
        if (password === "expired") throw new ExpiredCode();
        return email === TEST_USER.email && password === TEST_USER.password ? { id: "ada", name: TEST_USER.name, email: TEST_USER.email } : null;
      },
    }),
    GitHub({ clientId: "react-tests", clientSecret: "react-tests-secret" }),
    Passkey(),
  ],
  callbacks: {
    jwt({ token, trigger, session }) {
      const update = session as { name?: unknown; end?: unknown } | undefined;
      if (trigger === "update" && update?.end === true) return null;
      if (trigger === "update" && typeof update?.name === "string") token.name = update.name;
      return token;
    },
  },
};

const TAB_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tab</title></head>
<body><div id="root"></div><script type="module" src="/ui/react/fixtures/tab-app.tsx"></script></body></html>`;

/** The middleware: Foyer under `/api/auth`, the test routes, everything else to Vite. */
export function foyerReactMiddleware(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const auth = createAuthHandler(config);
  let requests: string[] = [];
  return (req, res, next) => {
    const path = req.url ?? "/";
    if (path.startsWith("/api/auth/") || path === "/api/auth") {
      requests.push(`${req.method ?? "GET"} ${path}`);
      void auth(req, res, next);
    } else if (path.startsWith("/__foyer-react/tab")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(TAB_PAGE);
    } else if (path === "/__foyer-react/requests") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(requests));
    } else if (path === "/__foyer-react/reset") {
      requests = [];
      res.writeHead(204, { "set-cookie": "authjs.session-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax", "cache-control": "no-store" }).end();
    } else next();
  };
}
