/**
 * The browser client against a REAL Foyer server: `createAuthHandler(config)` on `node:http`, port 0.
 * The client gets a `fetch` that keeps cookies like a browser (a jar around the global fetch) and a
 * `navigate` spy. Provider kinds Foyer does not serve yet (OAuth, e-mail) are exercised against a
 * small stand-in server that answers the way Auth.js does.
 */
import { execFile } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CredentialsSignin } from "../../server/core/errors.js";
import { createAuthHandler } from "../../server/integrations/node.js";
import Credentials from "../../server/providers/credentials.js";
import { CookieJar, PASSWORD, testConfig } from "../../server/testing/harness.js";
import type { AuthConfig } from "../../server/types.js";
import { createSessionBus, notify, otherClientsOnly, subscribe } from "./broadcast.js";
import { createAuthClient, SESSION_CHANNEL, type AuthClientOptions, type SessionChangeEvent } from "./index.js";

const CSRF_COOKIE = "authjs.csrf-token";

class ExpiredCode extends CredentialsSignin {
  override code = "expired";
}
class ChattyCode extends CredentialsSignin {
  override code = "<b>user ada@example.com does not exist</b>";
}

/** The Foyer config under test: the harness's credentials provider, two more, and an update-aware jwt callback. */
const config: AuthConfig = testConfig({
  providers: [
    ...testConfig().providers,
    Credentials({ id: "otp", name: "One-time code", authorize: () => Promise.reject(new ExpiredCode()) }),
    Credentials({ id: "chatty", name: "Chatty", authorize: () => Promise.reject(new ChattyCode()) }),
    { id: "github", name: "GitHub", type: "oauth", issuer: "https://github.com" },
  ],
  callbacks: {
    jwt({ token, trigger, session }) {
      if (trigger === "update" && typeof session?.name === "string") token.name = session.name;
      return token;
    },
  },
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let foyer: { server: Server; origin: string };
beforeAll(async () => {
  const auth = createAuthHandler(config);
  foyer = await listen((req, res) => void auth(req, res));
});
afterAll(() => new Promise<void>((resolve) => foyer.server.close(() => resolve())));
afterEach(() => {
  vi.unstubAllGlobals();
});

/** One request the client made, as the "browser" saw it. */
interface Logged {
  method: string;
  path: string;
  status: number;
}

/**
 * A browser stand-in: a cookie jar shared by every client created from it (one browser, several
 * tabs), a log of requests, and a switch that withholds the CSRF cookie from POSTs (a browser that
 * lost it between fetching the token and posting).
 */
function browser(origin = foyer.origin) {
  const jar = new CookieJar();
  const log: Logged[] = [];
  const state = { withholdCsrfCookieOnPost: false };
  const fetchWithJar: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const method = init?.method ?? "GET";
    const cookies = [...jar.cookies].filter(([name]) => !(state.withholdCsrfCookieOnPost && method === "POST" && name === CSRF_COOKIE));
    if (cookies.length) headers.set("cookie", cookies.map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(input, { ...init, headers });
    jar.update(response);
    const url = new URL(String(input));
    log.push({ method, path: url.pathname + url.search, status: response.status });
    return response;
  };
  const navigate = vi.fn<(url: string) => void>();
  const client = (options: AuthClientOptions = {}) => createAuthClient({ baseUrl: origin, fetch: fetchWithJar, navigate, ...options });
  return { jar, log, state, navigate, client, fetch: fetchWithJar };
}

/** Waits until `check` stops throwing (for messages that cross a BroadcastChannel, which arrive as tasks). */
async function eventually(check: () => void, timeout = 2000): Promise<void> {
  await vi.waitFor(check, { timeout, interval: 5 });
}

const credentials = { username: "ada", password: PASSWORD };

describe("getCsrfToken", () => {
  it("fetches the token once and serves it from memory afterwards", async () => {
    const b = browser();
    const auth = b.client();
    const [first, concurrent] = await Promise.all([auth.getCsrfToken(), auth.getCsrfToken()]);
    const again = await auth.getCsrfToken();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(concurrent).toBe(first);
    expect(again).toBe(first);
    expect(b.jar.get(CSRF_COOKIE)?.split("|")[0]).toBe(first);
    expect(b.log).toEqual([{ method: "GET", path: "/auth/csrf", status: 200 }]);
  });

  it("is null when the server cannot be reached, and is not cached then", async () => {
    const b = browser("http://127.0.0.1:9");
    const auth = b.client();
    expect(await auth.getCsrfToken()).toBeNull();
    expect(await auth.getCsrfToken()).toBeNull();
  });
});

describe("getProviders", () => {
  it("returns the map keyed by id, cached", async () => {
    const b = browser();
    const auth = b.client();
    const providers = await auth.getProviders();
    expect(providers?.credentials).toMatchObject({
      id: "credentials",
      name: "Credentials",
      type: "credentials",
      signinUrl: `${foyer.origin}/auth/signin/credentials`,
      callbackUrl: `${foyer.origin}/auth/callback/credentials`,
    });
    expect(Object.keys(providers ?? {})).toEqual(["credentials", "otp", "chatty", "github"]);
    // Foyer's additions for components: the form fields, in order.
    expect(providers?.credentials?.fields?.map((field) => [field.name, field.type])).toEqual([
      ["username", "text"],
      ["password", "password"],
    ]);
    // A caller mutating the result does not change the cache.
    delete providers!.credentials;
    expect((await auth.getProviders())?.credentials?.id).toBe("credentials");
    expect(b.log.filter((entry) => entry.path === "/auth/providers")).toHaveLength(1);
  });
});

describe("getSession and credentials signIn", () => {
  it("is null before sign-in and the session after signIn(…, { redirect: false })", async () => {
    const b = browser();
    const auth = b.client();
    expect(await auth.getSession()).toBeNull();

    const result = await auth.signIn("credentials", { ...credentials, redirect: false, redirectTo: "/dashboard" });
    expect(result).toEqual({ ok: true, status: 200, url: `${foyer.origin}/dashboard` });
    expect(b.navigate).not.toHaveBeenCalled();

    const session = await auth.getSession();
    expect(session?.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: "https://example.com/ada.png" });
    expect(typeof session?.expires).toBe("string");
    const post = b.log.find((entry) => entry.method === "POST");
    expect(post).toEqual({ method: "POST", path: "/auth/callback/credentials", status: 200 });
  });

  it("navigates to the callback URL by default", async () => {
    const b = browser();
    const result = await b.client().signIn("credentials", { ...credentials, redirectTo: "/welcome" });
    expect(result).toEqual({ ok: true, status: 200, url: `${foyer.origin}/welcome` });
    expect(b.navigate).toHaveBeenCalledExactlyOnceWith(`${foyer.origin}/welcome`);
  });

  it("accepts callbackUrl as an alias of redirectTo, and FormData as options", async () => {
    const b = browser();
    const form = new FormData();
    form.set("username", "ada");
    form.set("password", PASSWORD);
    form.set("callbackUrl", "/from-form");
    form.set("redirect", "true");
    expect(await b.client().signIn("credentials", form)).toMatchObject({ ok: true, url: `${foyer.origin}/from-form` });
    expect(b.navigate).toHaveBeenCalledExactlyOnceWith(`${foyer.origin}/from-form`);
    form.set("redirect", "false");
    expect(await b.client().signIn("credentials", form)).toMatchObject({ ok: true, url: `${foyer.origin}/from-form` });
    expect(b.navigate).toHaveBeenCalledOnce();

    const other = browser();
    expect(await other.client().signIn("credentials", { ...credentials, redirect: false, callbackUrl: "/alias" })).toMatchObject({
      ok: true,
      url: `${foyer.origin}/alias`,
    });
  });

  it("reports a wrong password as CredentialsSignin with its code, without navigating", async () => {
    const b = browser();
    const auth = b.client();
    const result = await auth.signIn("credentials", { username: "ada", password: "wrong" });
    expect(result).toEqual({
      ok: false,
      status: 200,
      url: `${foyer.origin}/auth/signin?error=CredentialsSignin&code=credentials`,
      error: "CredentialsSignin",
      code: "credentials",
    });
    expect(b.navigate).not.toHaveBeenCalled();
    expect(await auth.getSession()).toBeNull();
  });

  it("passes a custom credentials code through, but never one that is not a short identifier", async () => {
    const b = browser();
    const auth = b.client();
    expect(await auth.signIn("otp", { code: "123456" })).toMatchObject({ ok: false, error: "CredentialsSignin", code: "expired" });
    const chatty = await auth.signIn("chatty", {});
    expect(chatty).toMatchObject({ ok: false, error: "CredentialsSignin" });
    expect(chatty).not.toHaveProperty("code");
    expect(b.navigate).not.toHaveBeenCalled();
  });

  it("navigates to the sign-in page when no provider is given", async () => {
    const b = browser();
    const result = await b.client().signIn(undefined, { redirectTo: "/after" });
    const url = `${foyer.origin}/auth/signin?callbackUrl=%2Fafter`;
    expect(result).toEqual({ ok: true, status: 200, url });
    expect(b.navigate).toHaveBeenCalledExactlyOnceWith(url);
    expect(b.log).toEqual([]);
  });

  it("reports an unknown provider as Configuration without posting anything", async () => {
    const b = browser();
    const auth = b.client();
    await auth.getProviders();
    const before = b.log.length;
    expect(await auth.signIn("nope", credentials)).toEqual({ ok: false, status: 0, url: null, error: "Configuration" });
    expect(await auth.signIn("constructor", credentials)).toMatchObject({ ok: false, error: "Configuration" });
    expect(b.log.length).toBe(before);
    expect(b.navigate).not.toHaveBeenCalled();

    // Without a cached list, only the provider list is fetched.
    const fresh = browser();
    await fresh.client().signIn("nope", credentials);
    expect(fresh.log.map((entry) => `${entry.method} ${entry.path}`)).toEqual(["GET /auth/providers"]);
  });

  it("posts OAuth sign-in to /signin/<id> with the authorization params in the query", async () => {
    // Foyer does not start OAuth flows yet: the server answers with its Configuration error URL.
    for (const params of [
      "prompt=consent&login=ada",
      new URLSearchParams({ prompt: "consent", login: "ada" }),
      { prompt: "consent", login: "ada" },
      [
        ["prompt", "consent"],
        ["login", "ada"],
      ] as [string, string][],
    ]) {
      const b = browser();
      const result = await b.client().signIn("github", { redirectTo: "/x" }, params);
      expect(result).toEqual({ ok: false, status: 200, url: `${foyer.origin}/auth/error?error=Configuration`, error: "Configuration" });
      expect(b.log.at(-1)).toMatchObject({ method: "POST", path: "/auth/signin/github?prompt=consent&login=ada" });
      expect(b.navigate).not.toHaveBeenCalled();
    }
  });
});

describe("CSRF retry", () => {
  it("refetches a stale token and retries exactly once", async () => {
    const b = browser();
    const auth = b.client();
    const stale = await auth.getCsrfToken();
    b.jar.cookies.delete(CSRF_COOKIE); // the browser lost the cookie the cached token belongs to
    b.log.length = 0;

    const result = await auth.signIn("credentials", { ...credentials, redirect: false });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(b.log.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      "GET /auth/providers",
      "POST /auth/callback/credentials",
      "GET /auth/csrf",
      "POST /auth/callback/credentials",
    ]);
    const fresh = await auth.getCsrfToken();
    expect(fresh).not.toBe(stale);
    expect(b.log).toHaveLength(4); // the fresh token is cached
    expect(await auth.getSession()).not.toBeNull();
  });

  it("gives up with MissingCSRF after one retry", async () => {
    const b = browser();
    const auth = b.client();
    b.state.withholdCsrfCookieOnPost = true;
    const result = await auth.signIn("credentials", credentials);
    expect(result).toEqual({ ok: false, status: 200, url: `${foyer.origin}/auth/signin?error=MissingCSRF`, error: "MissingCSRF" });
    expect(b.log.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      "GET /auth/providers",
      "GET /auth/csrf",
      "POST /auth/callback/credentials",
      "GET /auth/csrf",
      "POST /auth/callback/credentials",
    ]);
    expect(b.navigate).not.toHaveBeenCalled();

    expect(await auth.signOut()).toEqual({ ok: false, url: `${foyer.origin}/auth/signin?error=MissingCSRF`, error: "MissingCSRF" });
    expect(await auth.updateSession({ name: "x" })).toEqual({ ok: false, error: "MissingCSRF" });
    expect(b.log.filter((entry) => entry.method === "POST")).toHaveLength(6);
  });
});

describe("signOut", () => {
  it("ends the session; redirect: false returns the URL", async () => {
    const b = browser();
    const auth = b.client();
    await auth.signIn("credentials", { ...credentials, redirect: false });
    expect(await auth.getSession()).not.toBeNull();
    expect(await auth.signOut({ redirect: false, redirectTo: "/bye" })).toEqual({ ok: true, url: `${foyer.origin}/bye` });
    expect(b.navigate).not.toHaveBeenCalled();
    expect(await auth.getSession()).toBeNull();
    expect(b.log.find((entry) => entry.method === "POST" && entry.path === "/auth/signout")?.status).toBe(200);
  });

  it("navigates by default, and retries a stale token once", async () => {
    const b = browser();
    const auth = b.client();
    await auth.signIn("credentials", { ...credentials, redirect: false });
    b.jar.cookies.delete(CSRF_COOKIE);
    expect(await auth.signOut({ redirectTo: "/bye" })).toEqual({ ok: true, url: `${foyer.origin}/bye` });
    expect(b.navigate).toHaveBeenCalledExactlyOnceWith(`${foyer.origin}/bye`);
    expect(b.log.filter((entry) => entry.path === "/auth/signout")).toHaveLength(2);
    expect(await auth.getSession()).toBeNull();
  });
});

describe("updateSession", () => {
  it("sends the data to the jwt callback (trigger update) and returns the new session", async () => {
    const b = browser();
    const auth = b.client();
    await auth.signIn("credentials", { ...credentials, redirect: false });
    const result = await auth.updateSession({ name: "Grace Hopper" });
    expect(result.ok).toBe(true);
    expect(result.ok && result.session?.user?.name).toBe("Grace Hopper");
    expect((await auth.getSession())?.user?.name).toBe("Grace Hopper");
  });

  it("retries once on 400 null (a stale token)", async () => {
    const b = browser();
    const auth = b.client();
    await auth.signIn("credentials", { ...credentials, redirect: false });
    b.jar.cookies.delete(CSRF_COOKIE);
    b.log.length = 0;
    const result = await auth.updateSession({ name: "Grace" });
    expect(result).toMatchObject({ ok: true, session: { user: { name: "Grace" } } });
    expect(b.log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      "POST /auth/session 400",
      "GET /auth/csrf 200",
      "POST /auth/session 200",
    ]);
  });

  it("returns a null session when signed out", async () => {
    const b = browser();
    expect(await b.client().updateSession({ name: "x" })).toEqual({ ok: true, session: null });
  });

  it("reports data that cannot be serialised as Configuration, without a request", async () => {
    const b = browser();
    const auth = b.client();
    await auth.getCsrfToken();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await auth.updateSession(cyclic)).toEqual({ ok: false, error: "Configuration" });
    expect(b.log.filter((entry) => entry.method === "POST")).toHaveLength(0);
  });
});

describe("failures never reject", () => {
  it("reports a server that is down as NetworkError", async () => {
    const { server, origin } = await listen(() => {});
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const b = browser(origin);
    const auth = b.client();
    expect(await auth.getCsrfToken()).toBeNull();
    expect(await auth.getProviders()).toBeNull();
    expect(await auth.getSession()).toBeNull();
    expect(await auth.signIn("credentials", credentials)).toEqual({ ok: false, status: 0, url: null, error: "NetworkError" });
    expect(await auth.signOut()).toEqual({ ok: false, url: null, error: "NetworkError" });
    expect(await auth.updateSession({})).toEqual({ ok: false, error: "NetworkError" });
    expect(b.navigate).not.toHaveBeenCalled();
  });

  it("reports a non-JSON answer as NetworkError and a 5xx as Configuration", async () => {
    const html = await listen((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<h1>Captive portal</h1>"));
    const broken = await listen((req, res) => {
      if (req.url === "/auth/providers")
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ credentials: { id: "credentials", type: "credentials" } }));
      else if (req.url === "/auth/csrf") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ csrfToken: "t" }));
      else res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message: "There was a problem with the server configuration." }));
    });
    try {
      const viaHtml = browser(html.origin).client();
      expect(await viaHtml.signIn("credentials", credentials)).toEqual({ ok: false, status: 200, url: null, error: "NetworkError" });
      expect(await viaHtml.getSession()).toBeNull();
      expect(await viaHtml.getCsrfToken()).toBeNull();

      const viaBroken = browser(broken.origin).client();
      expect(await viaBroken.signIn("credentials", credentials)).toEqual({ ok: false, status: 500, url: null, error: "Configuration" });
      expect(await viaBroken.signOut()).toEqual({ ok: false, url: null, error: "Configuration" });
      expect(await viaBroken.updateSession({})).toEqual({ ok: false, error: "Configuration" });
      expect(await viaBroken.getSession()).toBeNull();
    } finally {
      html.server.close();
      broken.server.close();
    }
  });

  it("reports a wrong basePath as Configuration (Foyer answers 400)", async () => {
    const b = browser();
    const auth = b.client({ basePath: "/auth/extra/deep" });
    expect(await auth.getProviders()).toBeNull();
    expect(await auth.getSession()).toBeNull();
  });
});

describe("provider kinds Foyer does not serve yet (stand-in server answering like Auth.js)", () => {
  let standIn: { server: Server; origin: string };
  const posts: { path: string; body: string; header: string | undefined }[] = [];
  beforeAll(async () => {
    standIn = await listen((req, res) => {
      const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      const origin = `http://${req.headers.host}`;
      if (req.url === "/auth/csrf") return json({ csrfToken: "a".repeat(64) });
      if (req.url === "/auth/providers") {
        return json({
          github: { id: "github", name: "GitHub", type: "oauth", signinUrl: `${origin}/auth/signin/github`, callbackUrl: `${origin}/auth/callback/github` },
          resend: { id: "resend", name: "Resend", type: "email", signinUrl: `${origin}/auth/signin/resend`, callbackUrl: `${origin}/auth/callback/resend` },
          evil: { id: "evil", name: "Evil", type: "oauth", signinUrl: "", callbackUrl: "" },
        });
      }
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        posts.push({ path: req.url!, body, header: req.headers["x-auth-return-redirect"] as string | undefined });
        if (req.url!.startsWith("/auth/signin/github")) return json({ url: "https://github.com/login/oauth/authorize?client_id=cid" });
        if (req.url!.startsWith("/auth/signin/resend")) return json({ url: `${origin}/auth/verify-request?provider=resend&type=email` });
        if (req.url!.startsWith("/auth/signin/evil")) return json({ url: "javascript:alert(1)" });
        json({ url: `${origin}/auth/error?error=Nonsense%3Cscript%3E` });
      });
    });
  });
  afterAll(() => standIn.server.close());

  it("always navigates to the provider for OAuth, even with redirect: false", async () => {
    const b = browser(standIn.origin);
    const result = await b.client().signIn("github", { redirect: false, redirectTo: "/me" }, { prompt: "consent" });
    expect(result).toEqual({ ok: true, status: 200, url: "https://github.com/login/oauth/authorize?client_id=cid" });
    expect(b.navigate).toHaveBeenCalledExactlyOnceWith("https://github.com/login/oauth/authorize?client_id=cid");
    const post = posts.at(-1)!;
    expect(post.path).toBe("/auth/signin/github?prompt=consent");
    expect(post.header).toBe("1");
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({ csrfToken: "a".repeat(64), callbackUrl: "/me" });
  });

  it("posts the e-mail address to /signin/<id>; redirect: false stays on the page", async () => {
    const b = browser(standIn.origin);
    const auth = b.client();
    const changes: SessionChangeEvent[] = [];
    const off = auth.onSessionChange((event) => changes.push(event));
    const result = await auth.signIn("resend", { email: "ada@example.com", redirect: false });
    off();
    expect(result).toEqual({ ok: true, status: 200, url: `${standIn.origin}/auth/verify-request?provider=resend&type=email` });
    expect(b.navigate).not.toHaveBeenCalled();
    expect(changes).toEqual([]); // nobody is signed in until the link is followed
    expect(posts.at(-1)!.path).toBe("/auth/signin/resend");
    expect(new URLSearchParams(posts.at(-1)!.body).get("email")).toBe("ada@example.com");
  });

  it("refuses to navigate to a non-http URL and maps unknown error values to Configuration", async () => {
    const b = browser(standIn.origin);
    const auth = b.client();
    expect(await auth.signIn("evil")).toEqual({ ok: false, status: 200, url: null, error: "Configuration" });
    expect(b.navigate).not.toHaveBeenCalled();
    const result = await auth.signOut();
    expect(result).toEqual({ ok: false, url: `${standIn.origin}/auth/error?error=Nonsense%3Cscript%3E`, error: "Configuration" });
    expect(JSON.stringify(result.error)).not.toContain("Nonsense");
  });
});

describe("onSessionChange", () => {
  it("fires in the same client and in another client (another tab) on sign-in, update and sign-out", async () => {
    const b = browser();
    const tabA = b.client();
    const tabB = b.client();
    const seenA: SessionChangeEvent[] = [];
    const seenB: SessionChangeEvent[] = [];
    const raw: unknown[] = [];
    const spy = new BroadcastChannel(SESSION_CHANNEL);
    spy.onmessage = (event: MessageEvent) => raw.push(event.data);
    const offA = tabA.onSessionChange((event) => seenA.push(event));
    const offB = tabB.onSessionChange((event) => seenB.push(event));
    try {
      await tabA.signIn("credentials", { ...credentials, redirect: false });
      expect(seenA).toEqual([{ reason: "signin" }]); // synchronous in the acting client
      await eventually(() => expect(seenB).toEqual([{ reason: "signin" }]));
      expect(await tabB.getSession()).not.toBeNull(); // same browser, same cookies

      await tabA.updateSession({ name: "Grace" });
      await tabA.signOut({ redirect: false });
      const expected = [{ reason: "signin" }, { reason: "update" }, { reason: "signout" }];
      expect(seenA).toEqual(expected);
      await eventually(() => expect(seenB).toEqual(expected));
      // Messages carry the reason only, never session data.
      await eventually(() => expect(raw).toEqual(expected));

      // A failed sign-in changes nothing.
      await tabA.signIn("credentials", { username: "ada", password: "wrong", redirect: false });
      offB();
      await tabA.signIn("credentials", { ...credentials, redirect: false });
      await eventually(() => expect(raw).toHaveLength(4));
      expect(seenA.map((event) => event.reason)).toEqual(["signin", "update", "signout", "signin"]);
      expect(seenB).toHaveLength(3);
    } finally {
      offA();
      offB();
      spy.close();
    }
  });

  it("delivers changes from a client that has no listeners of its own", async () => {
    const b = browser();
    const listener = b.client();
    const actor = b.client();
    const seen: SessionChangeEvent[] = [];
    const off = listener.onSessionChange((event) => seen.push(event));
    try {
      await actor.signIn("credentials", { ...credentials, redirect: false });
      await eventually(() => expect(seen).toEqual([{ reason: "signin" }]));
    } finally {
      off();
    }
  });

  it("ignores foreign messages and keeps calling listeners when one throws", async () => {
    const b = browser();
    const auth = b.client();
    const seen: SessionChangeEvent[] = [];
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const offThrowing = auth.onSessionChange(() => {
      throw new Error("listener bug");
    });
    const off = auth.onSessionChange((event) => seen.push(event));
    const other = new BroadcastChannel(SESSION_CHANNEL);
    try {
      other.postMessage({ reason: "hacked", session: { user: { name: "x" } } });
      other.postMessage("signin");
      other.postMessage({ reason: "update" });
      await eventually(() => expect(seen).toEqual([{ reason: "update" }]));
      expect(reported).toHaveBeenCalledOnce();
    } finally {
      other.close();
      off();
      offThrowing();
    }
  });

  it("tells only the other clients through otherClientsOnly(bus), with or without listeners of its own", async () => {
    const bus = createSessionBus();
    const own: SessionChangeEvent[] = [];
    const others: unknown[] = [];
    const other = new BroadcastChannel(SESSION_CHANNEL);
    other.onmessage = (event: MessageEvent) => others.push(event.data);
    try {
      notify(otherClientsOnly(bus), "signout"); // no listeners yet: a short-lived channel carries it
      const off = subscribe(bus, (event) => own.push(event));
      notify(otherClientsOnly(bus), "update"); // through the bus's own channel, which does not hear itself
      await eventually(() => expect(others).toEqual([{ reason: "signout" }, { reason: "update" }]));
      notify(bus, "signin");
      await eventually(() => expect(others).toHaveLength(3));
      expect(own).toEqual([{ reason: "signin" }]);
      off();
    } finally {
      other.close();
    }
  });

  it("works without BroadcastChannel (this client only)", async () => {
    vi.stubGlobal("BroadcastChannel", undefined);
    const b = browser();
    const auth = b.client();
    const seen: SessionChangeEvent[] = [];
    const off = auth.onSessionChange((event) => seen.push(event));
    await auth.signIn("credentials", { ...credentials, redirect: false });
    off();
    expect(seen).toEqual([{ reason: "signin" }]);
  });
});

describe("browser defaults", () => {
  it("uses location.origin, location.href and location.assign when not configured", async () => {
    const assign = vi.fn();
    const reload = vi.fn();
    vi.stubGlobal("location", { origin: foyer.origin, href: `${foyer.origin}/page?x=1`, assign, reload });
    const b = browser();
    const auth = createAuthClient({ fetch: b.fetch });
    await auth.signIn("credentials", credentials);
    expect(assign).toHaveBeenCalledExactlyOnceWith(`${foyer.origin}/page?x=1`);
    expect(reload).not.toHaveBeenCalled();
    expect(b.log.every((entry) => entry.path.startsWith("/auth/"))).toBe(true);
  });

  it("reloads when the target differs from the page only by its hash", async () => {
    const assign = vi.fn();
    const reload = vi.fn();
    vi.stubGlobal("location", { origin: foyer.origin, href: `${foyer.origin}/page`, assign, reload });
    const b = browser();
    const auth = createAuthClient({ fetch: b.fetch });
    await auth.signIn("credentials", { ...credentials, redirectTo: "/page#account" });
    expect(assign).toHaveBeenCalledExactlyOnceWith(`${foyer.origin}/page#account`);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("posts the current page as callbackUrl to the sign-in page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { origin: "https://app.example", href: "https://app.example/a?b=c", assign, reload: vi.fn() });
    const result = await createAuthClient({ basePath: "api/auth/" }).signIn();
    expect(result.url).toBe("https://app.example/api/auth/signin?callbackUrl=https%3A%2F%2Fapp.example%2Fa%3Fb%3Dc");
    expect(assign).toHaveBeenCalledExactlyOnceWith(result.url);
  });

  it("reports a navigate option that throws instead of rejecting", async () => {
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const b = browser();
    const auth = b.client({
      navigate: () => {
        throw new Error("router broke");
      },
    });
    expect(await auth.signIn("credentials", credentials)).toMatchObject({ ok: true });
    expect(reported).toHaveBeenCalledOnce();
  });
});

describe("SSR safety", () => {
  it("imports in plain Node with no DOM globals, and the module-level functions resolve", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const script = `
      if (typeof window !== "undefined" || typeof document !== "undefined" || typeof location !== "undefined") throw new Error("DOM globals present");
      const client = await import("./ui/client/index.ts");
      const results = {
        exports: Object.keys(client).sort(),
        session: await client.getSession(),
        csrf: await client.getCsrfToken(),
        signIn: await client.signIn("credentials", { redirect: false }),
        signOut: await client.signOut({ redirect: false }),
        off: typeof client.onSessionChange(() => {}),
      };
      console.log(JSON.stringify(results));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, timeout: 15_000 });
    const results = JSON.parse(stdout) as Record<string, unknown>;
    expect(results).toEqual({
      exports: ["SESSION_CHANNEL", "createAuthClient", "getCsrfToken", "getProviders", "getSession", "onSessionChange", "signIn", "signOut", "updateSession"],
      session: null,
      csrf: null,
      signIn: { ok: false, status: 0, url: null, error: "NetworkError" },
      signOut: { ok: false, url: null, error: "NetworkError" },
      off: "function",
    });
  });
});
