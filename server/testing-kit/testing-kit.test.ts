/**
 * `foyer-auth/testing`, end to end through `Auth()` with real requests: the sessions it makes are
 * read by Foyer as real sign-ins; the mailbox, SMTP server and IdP carry real sign-ins; the software
 * authenticator's passkeys register and sign in.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createAuthHandler } from "../integrations/node.js";
import MemoryAdapter from "../adapters/memory.js";
import { Auth } from "../auth.js";
import Nodemailer from "../providers/nodemailer.js";
import Passkey from "../providers/passkey.js";
import { CookieJar, get, testConfig } from "../testing/harness.js";
import * as passkeyFlow from "../testing/passkey-flow.js";
import { startOAuthSignIn, oauthCallback } from "../oauth/test-idp.js";
import type { AuthConfig } from "../types.js";
import {
  createTestSession,
  MissingDependencyError,
  registerPasskey,
  signInWithPasskey,
  softAuthenticator,
  startTestIdP,
  startTestSmtpServer,
  testMailbox,
  TestingInProductionError,
  TestSessionError,
  type TestIdP,
} from "./index.js";
import { importOptional } from "./optional.js";
import type { Page } from "@playwright/test";
import { virtualAuthenticator, VirtualAuthenticatorUnsupported } from "./playwright/virtual-authenticator.js";

const ORIGIN = "http://localhost:3000";

async function sessionWith(config: AuthConfig, cookie: string, origin = ORIGIN) {
  const response = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie } }), config);
  return (await response.json()) as { user?: { name?: string | null; email?: string | null; role?: string } } | null;
}

describe("createTestSession, jwt sessions", () => {
  it("makes the cookie a real sign-in makes: Foyer reads it, and the jwt and session callbacks ran as at a sign-in", async () => {
    const triggers: (string | undefined)[] = [];
    const config = testConfig({
      callbacks: {
        jwt({ token, trigger, account }) {
          triggers.push(trigger);
          if (account) token.role = `member via ${account.provider}`;
          return token;
        },
        session({ session, token }) {
          return { ...session, user: { ...session.user, role: token.role as string } };
        },
      },
    });
    const signedIn = await createTestSession(config, { email: "ada@example.com", name: "Ada" });
    expect(triggers[0]).toBe("signIn");
    expect(signedIn.cookies).toHaveLength(1);
    expect(signedIn.cookies[0]).toMatchObject({ name: "authjs.session-token", domain: "localhost", path: "/", httpOnly: true, secure: false, sameSite: "Lax" });
    expect(signedIn.cookies[0]!.expires).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(signedIn.headers.Cookie).toMatch(/^authjs\.session-token=/);
    expect(signedIn.session.user).toMatchObject({ email: "ada@example.com", name: "Ada", role: "member via credentials" });
    expect(signedIn.user.id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await sessionWith(config, signedIn.headers.Cookie);
    expect(read?.user).toMatchObject({ email: "ada@example.com", name: "Ada", role: "member via credentials" });
    // A made-up cookie is not a session: the read above is Foyer opening a real token.
    expect(await sessionWith(config, "authjs.session-token=forged")).toBeNull();
  });

  it("names the cookies by scheme as Foyer does: __Secure- on https", async () => {
    const config = testConfig();
    const signedIn = await createTestSession(config, { email: "ada@example.com" }, { url: "https://app.example.com/dashboard" });
    expect(signedIn.cookies[0]).toMatchObject({ name: "__Secure-authjs.session-token", domain: "app.example.com", secure: true });
    expect((await sessionWith(config, signedIn.headers.Cookie, "https://app.example.com"))?.user?.email).toBe("ada@example.com");
  });

  it("chunks a large token into name.0, name.1, … exactly as Foyer does, and Foyer joins them", async () => {
    const config = testConfig({
      logger: { error() {}, warn() {}, debug() {} },
      callbacks: { jwt: ({ token }) => ({ ...token, big: "x".repeat(6000) }) },
    });
    const signedIn = await createTestSession(config, { email: "ada@example.com" });
    const names = signedIn.cookies.map((cookie) => cookie.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual(names.map((_, index) => `authjs.session-token.${index}`));
    expect((await sessionWith(config, signedIn.headers.Cookie))?.user?.email).toBe("ada@example.com");
  });

  it("runs the signIn callback: a refused user is an error, not a session", async () => {
    const config = testConfig({ callbacks: { signIn: ({ user }) => user.email!.endsWith("@example.com") } });
    await expect(createTestSession(config, { email: "eve@evil.test" })).rejects.toThrow(TestSessionError);
    await expect(createTestSession(config, { email: "ada@example.com" })).resolves.toBeTruthy();
  });

  it("refuses a config that cannot sign anyone in", async () => {
    await expect(createTestSession({ ...testConfig(), secret: undefined }, { email: "ada@example.com" })).rejects.toThrow(/secret/i);
  });
});

describe("createTestSession, database sessions", () => {
  it("creates the user through the adapter once (matched by id, else e-mail) and stores a real session row", async () => {
    const adapter = MemoryAdapter();
    const config = testConfig({ adapter, session: { strategy: "database" } });
    const first = await createTestSession(config, { email: "grace@example.com", name: "Grace" });
    expect(first.cookies[0]!.name).toBe("authjs.session-token");
    expect(await adapter.getUserByEmail!("grace@example.com")).toMatchObject({ id: first.user.id, name: "Grace" });
    expect((await sessionWith(config, first.headers.Cookie))?.user?.email).toBe("grace@example.com");

    const again = await createTestSession(config, { email: "GRACE@example.com".toLowerCase() });
    expect(again.user.id).toBe(first.user.id);
    const byId = await createTestSession(config, { id: first.user.id, email: "other@example.com" });
    expect(byId.user.email).toBe("grace@example.com");
    // Three sessions, three rows: each cookie reads on its own.
    expect(new Set([first, again, byId].map((s) => s.headers.Cookie)).size).toBe(3);
    for (const session of [first, again, byId]) expect((await sessionWith(config, session.headers.Cookie))?.user?.email).toBe("grace@example.com");
    // The cookie is a database token, not a sealed JWT.
    expect(first.headers.Cookie.split("=")[1]!.split(".")).toHaveLength(1);
  });
});

describe("refusing production", () => {
  const saved = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });

  it("every helper that signs in or reads mail refuses while NODE_ENV is production, unless allowProduction", async () => {
    process.env.NODE_ENV = "production";
    await expect(createTestSession(testConfig(), { email: "ada@example.com" })).rejects.toThrow(TestingInProductionError);
    expect(() => testMailbox()).toThrow(/NODE_ENV is "production"/);
    await expect(startTestSmtpServer()).rejects.toThrow(TestingInProductionError);
    await expect(startTestIdP()).rejects.toThrow(TestingInProductionError);
    const forced = await createTestSession(testConfig(), { email: "ada@example.com" }, { allowProduction: true });
    expect(forced.session.user?.email).toBe("ada@example.com");
  });
});

describe("testMailbox", () => {
  it("takes the sign-in link from any e-mail provider; following it signs in", async () => {
    const mailbox = testMailbox();
    const config = testConfig({
      adapter: MemoryAdapter(),
      providers: [Nodemailer({ server: "smtp://127.0.0.1:1", sendVerificationRequest: mailbox.sendVerificationRequest })],
    });
    const jar = new CookieJar();
    const csrf = await Auth(get("/auth/csrf"), config);
    jar.update(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const waiting = mailbox.waitForLink("lin@example.com", { timeout: 2000 });
    const asked = await Auth(
      new Request(`${ORIGIN}/auth/signin/nodemailer`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
        body: new URLSearchParams({ csrfToken, email: "Lin@Example.com" }),
      }),
      config,
    );
    expect(asked.status).toBe(302);
    const link = await waiting;
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/callback\/nodemailer\?.*token=/);
    expect(mailbox.messages).toHaveLength(1);
    const followed = await Auth(get(new URL(link).pathname + new URL(link).search, { cookie: jar.header }), config);
    jar.update(followed);
    expect((await sessionWith(config, jar.header))?.user?.email).toBe("lin@example.com");
    mailbox.clear();
    expect(mailbox.messages).toHaveLength(0);
    await expect(mailbox.waitForLink("nobody@example.com", { timeout: 50 })).rejects.toThrow(/No e-mail for nobody@example.com within 50 ms/);
  });
});

describe("startTestSmtpServer", () => {
  it("receives the app's e-mail over real SMTP and finds its sign-in link", async () => {
    const smtp = await startTestSmtpServer();
    try {
      expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
      const config = testConfig({
        adapter: MemoryAdapter(),
        providers: [Nodemailer({ server: { host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true } })],
      });
      const csrf = await Auth(get("/auth/csrf"), config);
      const jar = new CookieJar().update(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      await Auth(
        new Request(`${ORIGIN}/auth/signin/nodemailer`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
          body: new URLSearchParams({ csrfToken, email: "kim@example.com" }),
        }),
        config,
      );
      const link = await smtp.mailbox.waitForLink("kim@example.com");
      expect(link).toMatch(/\/auth\/callback\/nodemailer\?.*token=[0-9a-f]+/);
      const followed = await Auth(get(new URL(link).pathname + new URL(link).search, { cookie: jar.header }), config);
      jar.update(followed);
      expect((await sessionWith(config, jar.header))?.user?.email).toBe("kim@example.com");
    } finally {
      await smtp.close();
    }
  });
});

describe("startTestIdP", () => {
  let idp: TestIdP | undefined;
  afterEach(async () => {
    await idp?.close();
    idp = undefined;
  });

  /** The browser at the IdP: follows redirects from the authorization URL until they lead back to the app. */
  async function atIdp(authorizationUrl: URL): Promise<string> {
    let url = authorizationUrl.href;
    const cookies = new Map<string, string>();
    for (let step = 0; step < 10; step++) {
      if (!url.startsWith(idp!.issuer)) return url;
      const response = await fetch(url, { redirect: "manual", headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(";");
        cookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`The IdP answered ${response.status} without a redirect: ${await response.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error("too many redirects");
  }

  async function signInThroughIdp(config: AuthConfig) {
    const start = await startOAuthSignIn(config, "test-idp");
    const callback = await atIdp(start.authorizationUrl);
    const response = await oauthCallback(config, callback, start.jar);
    return { callback, response, jar: start.jar };
  }

  it("signs the first user in without any page, with its claims; provider() points Foyer at it", async () => {
    idp = await startTestIdP({ users: [{ sub: "ada", email: "ada@example.com", name: "Ada Lovelace" }], claims: { locale: "en" } });
    const config = testConfig({ providers: [idp.provider()] });
    const { response, jar } = await signInThroughIdp(config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect((await sessionWith(config, jar.header))?.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace" });
    expect(idp.requests.some((request) => request.path === "/token")).toBe(true);
  });

  it("scripts the next sign-in: another user, a cancel (error=access_denied), a token endpoint error", async () => {
    idp = await startTestIdP({ users: [{ sub: "ada" }, { sub: "bob", email: "bob@example.com" }] });
    const config = testConfig({ providers: [idp.provider()] });

    idp.nextSignIn({ as: "bob" });
    const bob = await signInThroughIdp(config);
    expect((await sessionWith(config, bob.jar.header))?.user?.email).toBe("bob@example.com");

    idp.nextSignIn({ outcome: "access_denied" });
    const denied = await signInThroughIdp(config);
    expect(new URL(denied.callback).searchParams.get("error")).toBe("access_denied");
    expect(denied.response.headers.get("location")).toMatch(/\/auth\/(signin|error)\?error=/);
    expect(await sessionWith(config, denied.jar.header)).toBeNull();

    idp.nextSignIn({ outcome: "token_error" });
    const broken = await signInThroughIdp(config);
    expect(new URL(broken.callback).searchParams.get("code")).toBeTruthy();
    expect(broken.response.headers.get("location")).toMatch(/error=/);
    expect(await sessionWith(config, broken.jar.header)).toBeNull();

    // Scripts are one-shot: the default user signs in again.
    const ada = await signInThroughIdp(config);
    expect((await sessionWith(config, ada.jar.header))?.user?.email).toBe("ada@example.test");
  });
});

describe("softAuthenticator", () => {
  it("registers a passkey and signs in with it (real attestation and assertion bytes)", async () => {
    const config = testConfig({ adapter: MemoryAdapter(), providers: [Passkey()] });
    const browser = passkeyFlow.newBrowser(softAuthenticator());
    const registered = await passkeyFlow.registerPasskey(config, browser, { email: "pat@example.com" });
    expect(registered.status).toBe(302);
    expect(browser.authenticator.credentials).toHaveLength(1);
    const fresh = { jar: new CookieJar(), authenticator: browser.authenticator };
    expect(await passkeyFlow.sessionOf(config, fresh.jar)).toBeNull();
    await passkeyFlow.signInWithPasskey(config, fresh);
    expect((await passkeyFlow.sessionOf(config, fresh.jar))?.user?.email).toBe("pat@example.com");
  });
});

describe("registerPasskey and signInWithPasskey, over HTTP", () => {
  it("sign up with a passkey on a running app, then sign in with it from a fresh jar", async () => {
    const config = testConfig({ adapter: MemoryAdapter(), providers: [Passkey()] });
    const server = createServer(createAuthHandler(config));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://localhost:${(server.address() as AddressInfo).port}`;
    try {
      const authenticator = softAuthenticator({ origin: url });
      const signedUp = await registerPasskey(authenticator, { url, email: "sam@example.com" });
      expect(signedUp.response.status).toBe(302);
      expect(signedUp.jar.get("authjs.session-token")).toBeTruthy();
      const signedIn = await signInWithPasskey(authenticator, { url });
      expect(signedIn.response.status).toBe(302);
      const session = (await (await fetch(`${url}/auth/session`, { headers: { cookie: signedIn.jar.header } })).json()) as { user?: { email?: string } };
      expect(session.user?.email).toBe("sam@example.com");
      // Another origin's authenticator is refused: the bytes are checked, not just passed along.
      const elsewhere = softAuthenticator({ origin: "http://localhost:1" });
      await registerPasskey(elsewhere, { url, email: "mallory@example.com" });
      await expect(signInWithPasskey(elsewhere, { url }).then(({ jar }) => jar.get("authjs.session-token"))).resolves.toBeUndefined();
    } finally {
      server.close();
    }
  });
});

describe("virtualAuthenticator outside Chromium", () => {
  it("says that it needs Chromium instead of failing inside the DevTools Protocol", async () => {
    // Only what virtualAuthenticator reads before it opens a CDP session: which browser the page is in.
    const firefoxPage = { context: () => ({ browser: () => ({ browserType: () => ({ name: () => "firefox" }) }) }) } as unknown as Page;
    await expect(virtualAuthenticator(firefoxPage)).rejects.toThrow(VirtualAuthenticatorUnsupported);
    await expect(virtualAuthenticator(firefoxPage)).rejects.toThrow(/needs Chromium .* this page runs in firefox/);
  });
});

describe("optional peers", () => {
  it("a missing one is a MissingDependencyError naming the package to install", async () => {
    const missing = importOptional("foyer-no-such-package", "The test thing", () => import("foyer-no-such-package" as string));
    await expect(missing).rejects.toThrow(MissingDependencyError);
    await expect(missing).rejects.toThrow(
      'The test thing needs the "foyer-no-such-package" package, which is not installed. Install it: npm install foyer-no-such-package',
    );
  });
});
