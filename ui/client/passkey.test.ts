/**
 * The browser passkey client (`foyer-auth/client/passkey`) against a REAL Foyer server:
 * `createAuthHandler(config)` with the Passkey provider on `node:http`, port 0, reached as
 * `http://localhost:<port>` (a valid RP ID). The browser is stood in for by a cookie-keeping `fetch`,
 * a `location`, and a `navigator.credentials` answered by the software authenticator
 * (server/testing/credentials-container.ts), so SimpleWebAuthn's own code and the server's
 * verification run for real. Browser-only behaviour (real `PublicKeyCredential`, autofill, DOM) is
 * tested in Chromium: passkey.browser.test.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuthHandler } from "../../server/integrations/node.js";
import { softCredentials, type SoftCredentials } from "../../server/testing/credentials-container.js";
import { CookieJar } from "../../server/testing/harness.js";
import { passkeySetup, type PasskeySetup } from "../../server/testing/passkey-setup.js";
import { SoftAuthenticator } from "../../server/testing/soft-authenticator.js";
import { createAuthClient, SESSION_CHANNEL } from "./index.js";
import {
  cancelPasskeyCeremony,
  listPasskeys,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
  startConditionalSignIn,
  type PasskeyClientOptions,
} from "./passkey.js";

const CSRF_COOKIE = "authjs.csrf-token";
const SESSION_COOKIE = "authjs.session-token";

interface Foyer {
  setup: PasskeySetup;
  server: Server;
  origin: string;
}

/** A Foyer server for one session strategy, on a port of its own. */
async function startFoyer(strategy: "jwt" | "database"): Promise<Foyer> {
  const setup = passkeySetup({ strategy });
  const handler = createAuthHandler(setup.config);
  const server = createServer((req, res) => void handler(req, res));
  // No host: both 127.0.0.1 and ::1 answer, whichever `localhost` resolves to.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { setup, server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/** A browser on `origin`: cookies, a request log, an authenticator, globals for SimpleWebAuthn. */
function browser(origin: string, authenticator = new SoftAuthenticator({ origin })) {
  const jar = new CookieJar();
  const log: string[] = [];
  const state = { withholdCsrfCookieOnPosts: 0 };
  const fetchWithJar: typeof fetch = async (input, init) => {
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const withhold = method === "POST" && state.withholdCsrfCookieOnPosts > 0;
    if (withhold) state.withholdCsrfCookieOnPosts -= 1;
    const cookies = [...jar.cookies].filter(([name]) => !(withhold && name === CSRF_COOKIE));
    if (cookies.length) headers.set("cookie", cookies.map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(input, { ...init, headers });
    jar.update(response);
    const url = new URL(String(input));
    log.push(`${method} ${url.pathname}${url.search.startsWith("?action") ? url.search : ""} ${response.status}`);
    return response;
  };
  const credentials: SoftCredentials = softCredentials(authenticator);
  const navigate = vi.fn<(url: string) => void>();
  const options: PasskeyClientOptions & { navigate: typeof navigate } = { baseUrl: origin, fetch: fetchWithJar, navigate };
  const page = `${origin}/app/settings`;
  const install = () => {
    // What SimpleWebAuthn and the client read from the browser.
    vi.stubGlobal(
      "PublicKeyCredential",
      Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => true }),
    );
    vi.stubGlobal("navigator", { credentials: credentials.container });
    vi.stubGlobal("location", { protocol: "http:", hostname: "localhost", origin, href: page });
    vi.stubGlobal("document", { querySelectorAll: () => [] });
  };
  install();
  return {
    jar,
    log,
    state,
    credentials,
    authenticator,
    navigate,
    options,
    page,
    /** The session as the server sees it. */
    async session(): Promise<{ user?: { email?: string | null } } | null> {
      const response = await fetchWithJar(`${origin}/auth/session`);
      return (await response.json()) as { user?: { email?: string | null } } | null;
    },
    signOut() {
      jar.cookies.delete(SESSION_COOKIE);
    },
  };
}

afterEach(() => {
  cancelPasskeyCeremony();
  vi.unstubAllGlobals();
});

describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
  let foyer: Foyer;
  beforeAll(async () => {
    foyer = await startFoyer(strategy);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => foyer.server.close(() => resolve()));
    await foyer.setup.close();
  });

  it("signs up with a passkey for a new e-mail, then signs in with it (explicit and autofill)", async () => {
    const b = browser(foyer.origin);
    const email = `new-${strategy}@example.com`;
    const heard: unknown[] = [];
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent) => void heard.push(event.data);
    try {
      const signedUp = await registerPasskey({ ...b.options, email });
      expect(signedUp).toEqual({ ok: true, url: b.page });
      expect(b.navigate).toHaveBeenCalledWith(b.page);
      expect(b.log).toEqual([
        `GET /auth/csrf 200`,
        `GET /auth/webauthn-options/passkey?action=register&email=${encodeURIComponent(email)} 200`,
        `POST /auth/callback/passkey 200`,
      ]);
      expect(b.credentials.calls.map((call) => call.kind)).toEqual(["create"]);
      expect((await b.session())?.user?.email).toBe(email);
      await vi.waitFor(() => expect(heard).toEqual([{ reason: "signin" }]));

      b.signOut();
      expect(await b.session()).toBeNull();
      const signedIn = await signInWithPasskey({ ...b.options, callbackUrl: `${foyer.origin}/dashboard`, redirect: false });
      expect(signedIn).toEqual({ ok: true, url: `${foyer.origin}/dashboard` });
      expect(b.navigate).toHaveBeenCalledTimes(1); // redirect: false
      expect((await b.session())?.user?.email).toBe(email);

      b.signOut();
      const autofill = await startConditionalSignIn(b.options);
      expect(autofill).toEqual({ ok: true, url: b.page });
      expect(b.credentials.calls.at(-1)).toMatchObject({ kind: "get", mediation: "conditional" });
      expect((await b.session())?.user?.email).toBe(email);
    } finally {
      channel.close();
    }
  });

  it("a sign-up for an e-mail that already has an account fails with AccountNotLinked, and signs nobody in", async () => {
    const email = `taken-${strategy}@example.com`;
    expect((await registerPasskey({ ...browser(foyer.origin).options, email })).ok).toBe(true);
    const other = browser(foyer.origin);
    expect(await registerPasskey({ ...other.options, email })).toEqual({ ok: false, error: "AccountNotLinked" });
    expect(other.navigate).not.toHaveBeenCalled();
    expect(await other.session()).toBeNull();
  });

  it("a sign-up without a valid e-mail is refused before any ceremony (InvalidRequest)", async () => {
    const b = browser(foyer.origin);
    expect(await registerPasskey({ ...b.options, email: "not-an-address" })).toEqual({ ok: false, error: "InvalidRequest" });
    expect(await registerPasskey(b.options)).toEqual({ ok: false, error: "InvalidRequest" });
    expect(b.credentials.calls).toEqual([]);
  });

  it("a passkey the server does not know fails with WebAuthnVerificationError", async () => {
    // Registered with another Foyer (another database), on the same origin.
    const elsewhere = await startFoyer(strategy);
    try {
      const authenticator = new SoftAuthenticator({ origin: foyer.origin });
      const first = browser(elsewhere.origin, authenticator);
      await registerPasskey({ ...first.options, baseUrl: elsewhere.origin, email: `elsewhere-${strategy}@example.com` });
      vi.unstubAllGlobals();
      const b = browser(foyer.origin, authenticator);
      expect(await signInWithPasskey(b.options)).toEqual({ ok: false, error: "WebAuthnVerificationError" });
      expect(await b.session()).toBeNull();
    } finally {
      await new Promise<void>((resolve) => elsewhere.server.close(() => resolve()));
      await elsewhere.setup.close();
    }
  });

  it("the visitor dismissing the dialog resolves with Cancelled and posts nothing", async () => {
    const b = browser(foyer.origin, new SoftAuthenticator({ origin: foyer.origin })); // holds no passkey: NotAllowedError
    const result = await signInWithPasskey(b.options);
    expect(result).toMatchObject({ ok: false, error: "Cancelled" });
    expect(b.log.filter((line) => line.startsWith("POST"))).toEqual([]);
  });

  it("an autofill request the visitor ignores is cancelled by signIn() of foyer-auth/client, silently", async () => {
    const b = browser(foyer.origin);
    b.credentials.behaviour = "ignore";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const pending = startConditionalSignIn(b.options);
    await vi.waitFor(() => expect(b.credentials.calls).toHaveLength(1));
    const signal = b.credentials.calls[0]!.signal!;
    expect(signal.aborted).toBe(false);
    // Any sign-in through the general client cancels it first (here one the server refuses).
    const client = createAuthClient({ baseUrl: foyer.origin, fetch: (input, init) => fetch(input, init), navigate: () => {} });
    await client.signIn("nope", { redirect: false });
    expect(signal.aborted).toBe(true);
    expect(await pending).toBeNull();
    expect(b.log.filter((line) => line.startsWith("POST"))).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("manages the signed-in user's passkeys: add a second one, list, rename, remove, keep the last", async () => {
    const b = browser(foyer.origin);
    const email = `manage-${strategy}@example.com`;
    expect((await registerPasskey({ ...b.options, email })).ok).toBe(true);
    // Signed in: another authenticator adds a passkey to the same user (no e-mail needed).
    vi.unstubAllGlobals();
    const second = new SoftAuthenticator({ origin: foyer.origin });
    const phone = browser(foyer.origin, second);
    phone.jar.cookies.set(SESSION_COOKIE, b.jar.cookies.get(SESSION_COOKIE)!);
    expect(await registerPasskey({ ...phone.options, redirect: false })).toEqual({ ok: true, url: phone.page });
    expect((await phone.session())?.user?.email).toBe(email);

    const listed = await listPasskeys(phone.options);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.passkeys).toHaveLength(2);
    expect(listed.canRemove).toBe(true);
    expect(listed.passkeys[0]).toMatchObject({ transports: ["internal"], deviceType: "singleDevice", backedUp: false });

    const [first, added] = listed.passkeys;
    const renamed = await renamePasskey(added!.id, "  Phone  ", phone.options);
    expect(renamed).toMatchObject({ ok: true, passkey: { id: added!.id, name: "Phone" } });
    expect(await renamePasskey(added!.id, "", phone.options)).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid/) });
    expect(await renamePasskey("no-such-passkey", "x", phone.options)).toEqual({ ok: false, error: "NotFound" });

    expect(await removePasskey(first!.id, phone.options)).toEqual({ ok: true });
    const after = await listPasskeys(phone.options);
    expect(after).toMatchObject({ ok: true, canRemove: false });
    expect(await removePasskey(added!.id, phone.options)).toEqual({ ok: false, error: "LastSignInMethod" });
  });

  it("account calls: SessionRequired when signed out; a stale CSRF token is refreshed once", async () => {
    const b = browser(foyer.origin);
    expect(await listPasskeys(b.options)).toEqual({ ok: false, error: "SessionRequired" });
    expect(await removePasskey("x", b.options)).toEqual({ ok: false, error: "SessionRequired" });

    expect((await registerPasskey({ ...b.options, email: `csrf-${strategy}@example.com` })).ok).toBe(true);
    const listed = await listPasskeys(b.options);
    if (!listed.ok) throw new Error(listed.error);
    b.log.length = 0;
    b.state.withholdCsrfCookieOnPosts = 1;
    expect(await renamePasskey(listed.passkeys[0]!.id, "Laptop", b.options)).toMatchObject({ ok: true, passkey: { name: "Laptop" } });
    expect(b.log).toEqual(["GET /auth/csrf 200", "POST /auth/account/passkeys/rename 403", "GET /auth/csrf 200", "POST /auth/account/passkeys/rename 200"]);
    b.state.withholdCsrfCookieOnPosts = 2;
    expect(await renamePasskey(listed.passkeys[0]!.id, "Laptop", b.options)).toEqual({ ok: false, error: "MissingCSRF" });
  });
});

describe("without a server", () => {
  it("a server that cannot be reached is a NetworkError, and no ceremony starts", async () => {
    const b = browser("http://127.0.0.1:9");
    expect(await signInWithPasskey(b.options)).toEqual({ ok: false, error: "NetworkError" });
    expect(await startConditionalSignIn(b.options)).toBeNull();
    expect(await listPasskeys(b.options)).toEqual({ ok: false, error: "NetworkError" });
    expect(b.credentials.calls).toEqual([]);
  });
});
