/**
 * `@auth/core`'s `Auth()` with database sessions on an adapter a Foyer config shares, for side-by-side
 * tests. Auth.js refuses credentials with database sessions, so its sessions come from a real e-mail
 * link sign-in: the link is captured instead of sent, then followed. Test-only; not built.
 */
import { Auth as AuthJs } from "@auth/core";
import type { Adapter } from "../adapters/types.js";
import { CookieJar, ORIGIN, SECRET, get, postForm } from "./harness.js";

export interface AuthJsSide {
  /** `@auth/core`'s `Auth()` with this side's config. */
  auth(request: Request): Promise<Response>;
  /** Signs `email` in through an e-mail link; the jar holds the session cookie. */
  signIn(email: string): Promise<CookieJar>;
  /** `GET /auth/session`: the JSON body. */
  read(jar: CookieJar): Promise<Record<string, unknown> | null>;
  /** `POST /auth/signout` with a fresh CSRF token pair; the jar loses the session cookie. */
  signOut(jar: CookieJar): Promise<Response>;
}

/**
 * An Auth.js deployment on `adapter` (`session.strategy: "database"`, the same secret and origin as
 * `testConfig()`), with `callbacks` and `events` as given.
 */
export function authjsDatabase(adapter: Adapter, extra: { callbacks?: Record<string, unknown>; events?: Record<string, unknown> } = {}): AuthJsSide {
  let link: string | undefined;
  const config = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    logger: { error() {}, warn() {}, debug() {} },
    providers: [
      {
        id: "email",
        type: "email",
        name: "Email",
        from: "no-reply@example.com",
        maxAge: 600,
        options: {},
        sendVerificationRequest: ({ url }: { url: string }) => {
          link = url;
        },
      },
    ],
    ...extra,
  };
  const auth = (request: Request) => AuthJs(request, config as never) as Promise<Response>;

  async function csrf(jar: CookieJar): Promise<string> {
    const response = await auth(get("/auth/csrf", { cookie: jar.header }));
    jar.update(response);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  return {
    auth,
    async signIn(email) {
      const jar = new CookieJar();
      link = undefined;
      const start = await auth(postForm("/auth/signin/email", { csrfToken: await csrf(jar), email }, { cookie: jar.header }));
      jar.update(start);
      if (!link) throw new Error(`Auth.js sent no sign-in link (status ${start.status}, ${start.headers.get("location")})`);
      const url = new URL(link);
      if (url.origin !== ORIGIN) throw new Error(`unexpected link origin ${url.origin}`);
      const callback = await auth(get(`${url.pathname}${url.search}`, { cookie: jar.header }));
      jar.update(callback);
      if (!jar.get("authjs.session-token")) throw new Error(`Auth.js set no session cookie (status ${callback.status}, ${callback.headers.get("location")})`);
      return jar;
    },
    async read(jar) {
      const response = await auth(get("/auth/session", { cookie: jar.header }));
      jar.update(response);
      return (await response.json()) as Record<string, unknown> | null;
    },
    async signOut(jar) {
      const response = await auth(postForm("/auth/signout", { csrfToken: await csrf(jar) }, { cookie: jar.header }));
      jar.update(response);
      return response;
    },
  };
}
