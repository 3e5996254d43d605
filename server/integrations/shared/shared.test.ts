/**
 * The framework-neutral integration helpers, through the real `Auth()`: credentials, database sessions
 * (the memory adapter) and the errors a server action sees.
 */
import { describe, expect, it } from "vitest";
import { Auth, authAtOrigin } from "../../auth.js";
import { readRequest, requestTarget } from "../../core/request.js";
import memoryAdapter from "../../adapters/memory.js";
import { normalizeConfig } from "../../config/normalize.js";
import { AccessDenied, CredentialsSignin, MissingSecret } from "../../core/errors.js";
import Credentials from "../../providers/credentials.js";
import { DEMO_USER, ORIGIN, PASSWORD, testConfig } from "../../testing/harness.js";
import type { AuthConfig, Cookie } from "../../types.js";
import { frameworkBasePath, withFrameworkDefaults, rawConfig } from "./config.js";
import { actionUrl, publicOrigin, withOrigin } from "./origin.js";
import { serverSignIn, serverSignOut, serverUpdateSession, signInOptionsFrom } from "./actions.js";
import { readServerSession } from "./session.js";
import { setCookieHeader } from "./server-request.js";

const NEXT = { basePath: "/api/auth", env: {} };

function prepared(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return withFrameworkDefaults(testConfig(overrides), NEXT);
}

/** The browser's cookie header after applying `cookies` to `jar`. */
function apply(jar: Map<string, string>, cookies: Cookie[]): Headers {
  for (const cookie of cookies) {
    if (cookie.options.maxAge === 0 || cookie.value === "") jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") });
}

describe("the integration's config", () => {
  it("defaults the base path to the integration's, or to the path of AUTH_URL / NEXTAUTH_URL, the config's own winning", () => {
    expect(frameworkBasePath({}, { basePath: "/api/auth", env: {} })).toBe("/api/auth");
    expect(frameworkBasePath({}, { basePath: "/api/auth", env: { AUTH_URL: "https://app.example/custom/auth/" } })).toBe("/custom/auth");
    expect(frameworkBasePath({}, { basePath: "/api/auth", env: { NEXTAUTH_URL: "https://app.example/next/auth" } })).toBe("/next/auth");
    expect(frameworkBasePath({}, { basePath: "/api/auth", env: { AUTH_URL: "https://app.example" } })).toBe("/api/auth");
    expect(frameworkBasePath({ basePath: "/mine" }, { basePath: "/api/auth", env: { AUTH_URL: "https://app.example/x" } })).toBe("/mine");
    // AUTH_URL is read on every call: a changed (or unparseable) value counts at once.
    expect(frameworkBasePath({}, { basePath: "/api/auth", env: { AUTH_URL: "https://app.example/custom/auth/" } })).toBe("/custom/auth");
    expect(frameworkBasePath({}, { basePath: "/api/auth", env: { AUTH_URL: "not a url" } })).toBe("/api/auth");
    expect(frameworkBasePath({ basePath: "/mine//" }, { basePath: "/api/auth", env: {} })).toBe("/mine");
  });

  it("derives one object per config (so Foyer prepares it once) and leaves the app's object alone", () => {
    const config = testConfig();
    const first = withFrameworkDefaults(config, NEXT);
    expect(withFrameworkDefaults(config, NEXT)).toBe(first);
    expect(first.basePath).toBe("/api/auth");
    expect(config.basePath).toBeUndefined();
    expect(rawConfig(first)).toBe(rawConfig(first));
  });

  it("does not warn env-url-basepath-redundant for a base path the integration chose (next-auth does not either)", () => {
    const warnings: string[] = [];
    const config = withFrameworkDefaults(testConfig({ logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} } }), NEXT);
    normalizeConfig(config, { AUTH_URL: "https://app.example" });
    expect(warnings).not.toContain("env-url-basepath-redundant");
  });
});

describe("the public origin", () => {
  const headers = new Headers({ host: "app.example:8443", "x-forwarded-host": "public.example", "x-forwarded-proto": "https" });

  it("is AUTH_URL's origin when set, whatever the request says", () => {
    expect(publicOrigin("http://localhost:3000/x", headers, { env: { AUTH_URL: "https://auth.example/api/auth" }, trustForwardedHeaders: true })).toBe(
      "https://auth.example",
    );
    expect(publicOrigin("http://localhost:3000/x", headers, { env: { NEXTAUTH_URL: "https://legacy.example" } })).toBe("https://legacy.example");
  });

  it("takes X-Forwarded-Host/Proto only when trusted, and never a value that is not a host", () => {
    expect(publicOrigin("http://localhost:3000/x", headers, { env: {}, trustForwardedHeaders: true })).toBe("https://public.example");
    expect(publicOrigin("http://localhost:3000/x", headers, { env: {} })).toBe("http://localhost:3000");
    const forged = new Headers({ "x-forwarded-host": "evil.example/path", "x-forwarded-proto": "javascript" });
    expect(publicOrigin("http://localhost:3000/x", forged, { env: {}, trustForwardedHeaders: true })).toBe("http://localhost:3000");
  });

  it("falls back to the Host header where there is no request URL (a server component)", () => {
    expect(publicOrigin(undefined, headers, { env: {} })).toBe("http://app.example:8443");
    expect(() => publicOrigin(undefined, new Headers(), { env: {} })).toThrow(/AUTH_URL/);
  });

  it("moves a request to the public origin, keeping method, headers and body", async () => {
    const request = new Request("http://localhost:3000/api/auth/callback/credentials?x=1", { method: "POST", headers: { cookie: "a=b" }, body: "k=v" });
    const moved = withOrigin(request, "https://public.example");
    expect(moved.url).toBe("https://public.example/api/auth/callback/credentials?x=1");
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("cookie")).toBe("a=b");
    expect(await moved.text()).toBe("k=v");
    expect(actionUrl("https://public.example", "/", "session").href).toBe("https://public.example/session");
  });

  it("keeps a path that starts with // on the public origin: it never names another host", () => {
    const request = new Request("http://localhost:3000//evil.example/api/auth/session?x=1");
    expect(withOrigin(request, "https://public.example").url).toBe("https://public.example//evil.example/api/auth/session?x=1");
  });

  it("hands whoever reads the parsed request itself a request at the public origin", () => {
    const request = new Request("http://localhost:3000/api/auth/signin?x=1", { headers: { cookie: "a=b" } });
    const target = requestTarget(request, "/api/auth", "https://public.example");
    if (target.kind !== "target") throw new Error(target.reason);
    expect(target.url.href).toBe("https://public.example/api/auth/signin?x=1");
    const req = readRequest(request, target, { action: "signin", bodyTypes: new Set() });
    expect(req.request.url).toBe("https://public.example/api/auth/signin?x=1");
    expect(req.request.headers.get("cookie")).toBe("a=b");
    expect(req.request).toBe(req.request);
    const same = requestTarget(request, "/api/auth", "http://localhost:3000");
    if (same.kind !== "target") throw new Error(same.reason);
    expect(readRequest(request, same, { action: "signin", bodyTypes: new Set() }).request).toBe(request);
  });

  it("answers a GET at its public origin without a copy exactly as the moved copy is answered", async () => {
    const config = prepared({ trustHost: true });
    const request = () => new Request(`http://localhost:3000/api/auth/session`, { headers: { cookie: "authjs.callback-url=https%3A%2F%2Fold.example" } });
    const viaCopy = await Auth(withOrigin(request(), "https://public.example"), config);
    const inPlace = await authAtOrigin(request(), config, "https://public.example");
    expect(inPlace.status).toBe(viaCopy.status);
    expect(await inPlace.text()).toBe(await viaCopy.text());
    const cookieNames = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.replace(/^([^=]+)=.*?(;|$)/, "$1$2"));
    expect(cookieNames(inPlace)).toEqual(cookieNames(viaCopy));
    // The answer is built on the public origin, not the URL the framework reported: https cookies, and
    // the callback-url cookie is that origin.
    expect(inPlace.headers.getSetCookie().find((cookie) => cookie.startsWith("__Secure-authjs.callback-url="))).toMatch(
      /^__Secure-authjs\.callback-url=https%3A%2F%2Fpublic\.example;/,
    );
  });
});

describe("server-side sign-in, session, update and sign-out", () => {
  it("signs in with credentials, then reads, updates and ends the session (jwt)", async () => {
    const config = prepared({
      callbacks: {
        jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, name: (session as { name: string }).name } : token),
      },
    });
    const jar = new Map<string, string>();
    const source = () => ({ origin: ORIGIN, headers: apply(jar, []) });

    expect((await readServerSession(config, source())).session).toBeNull();
    const signedIn = await serverSignIn(config, source(), "credentials", { redirectTo: "/dashboard", fields: { username: "ada", password: PASSWORD } });
    expect(signedIn.url).toBe(`${ORIGIN}/dashboard`);
    expect(signedIn.cookies.map((c) => c.name)).toContain("authjs.session-token");
    apply(jar, signedIn.cookies);

    const read = await readServerSession(config, source());
    expect(read.session?.user?.email).toBe(DEMO_USER.email);

    const updated = await serverUpdateSession(config, source(), { name: "Ada King" });
    expect(updated.session?.user?.name).toBe("Ada King");
    apply(jar, updated.cookies);
    expect((await readServerSession(config, source())).session?.user?.name).toBe("Ada King");

    const out = await serverSignOut(config, source(), { redirectTo: "/bye" });
    expect(out.url).toBe(`${ORIGIN}/bye`);
    apply(jar, out.cookies);
    expect((await readServerSession(config, source())).session).toBeNull();
  });

  it("updates a database session through the adapter and the session callback", async () => {
    const config = prepared({
      adapter: memoryAdapter(),
      session: { strategy: "database" },
      callbacks: {
        session: ({ session, trigger, newSession }) =>
          trigger === "update" ? { ...session, user: { ...session.user, name: (newSession as { name: string }).name } } : session,
      },
    });
    const jar = new Map<string, string>();
    const source = () => ({ origin: ORIGIN, headers: apply(jar, []) });
    apply(jar, (await serverSignIn(config, source(), "credentials", { fields: { username: "ada", password: PASSWORD } })).cookies);
    expect((await readServerSession(config, source())).session?.user?.email).toBe(DEMO_USER.email);
    expect((await serverUpdateSession(config, source(), { name: "Countess" })).session?.user?.name).toBe("Countess");
  });

  it("throws CredentialsSignin with the provider's code for a refused password", async () => {
    class InvalidLogin extends CredentialsSignin {
      override code = "invalid_login";
    }
    const config = prepared({
      providers: [
        Credentials({
          authorize: () => {
            throw new InvalidLogin();
          },
        }),
      ],
    });
    const failure = await serverSignIn(config, { origin: ORIGIN, headers: new Headers() }, "credentials", { fields: { password: "x" } }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(CredentialsSignin);
    expect((failure as CredentialsSignin).code).toBe("invalid_login");
    expect((failure as CredentialsSignin).type).toBe("CredentialsSignin");
  });

  it("throws AccessDenied when the signIn callback refuses", async () => {
    const config = prepared({ callbacks: { signIn: () => false } });
    await expect(
      serverSignIn(config, { origin: ORIGIN, headers: new Headers() }, "credentials", { fields: { username: "ada", password: PASSWORD } }),
    ).rejects.toBeInstanceOf(AccessDenied);
  });

  it("without a provider (or with an unknown one) answers the sign-in page with callbackUrl, making no request", async () => {
    const config = prepared();
    const headers = new Headers({ referer: `${ORIGIN}/from` });
    expect((await serverSignIn(config, { origin: ORIGIN, headers }, undefined)).url).toBe(
      `${ORIGIN}/api/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/from`)}`,
    );
    expect((await serverSignIn(config, { origin: ORIGIN, headers }, "nope", { redirectTo: "/x" })).url).toBe(`${ORIGIN}/api/auth/signin?callbackUrl=%2Fx`);
  });

  it("reads a broken configuration or a failing adapter as signed out, never as an error", async () => {
    const broken = prepared({ secret: undefined });
    expect(await readServerSession(broken, { origin: ORIGIN, headers: new Headers({ cookie: "authjs.session-token=x" }) })).toEqual({
      session: null,
      cookies: [],
    });
    const failing = prepared({
      session: { strategy: "database" },
      adapter: {
        ...memoryAdapter(),
        getSessionAndUser: () => {
          throw new Error("database unreachable");
        },
      },
    });
    expect((await readServerSession(failing, { origin: ORIGIN, headers: new Headers({ cookie: "authjs.session-token=x" }) })).session).toBeNull();
    // A server action sees the config's own error class, not a generic one.
    await expect(serverSignIn(broken, { origin: ORIGIN, headers: new Headers() }, "credentials", { fields: {} })).rejects.toBeInstanceOf(MissingSecret);
  });

  it("reads next-auth's signIn options from FormData or an object", () => {
    const form = new FormData();
    form.set("email", "ada@example.com");
    form.set("redirectTo", "/after");
    expect(signInOptionsFrom(form)).toEqual({ redirectTo: "/after", redirect: true, fields: { email: "ada@example.com" } });
    expect(signInOptionsFrom({ redirect: false, password: "pw", remember: true })).toEqual({ redirect: false, fields: { password: "pw", remember: "true" } });
    expect(signInOptionsFrom(undefined)).toEqual({ redirect: true, fields: {} });
  });

  it("serialises cookies as Set-Cookie headers", () => {
    expect(setCookieHeader({ name: "a", value: "b c", options: { path: "/", httpOnly: true, sameSite: "lax" } })).toBe(
      "a=b%20c; Path=/; HttpOnly; SameSite=Lax",
    );
  });
});
