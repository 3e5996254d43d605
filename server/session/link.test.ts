/**
 * Login-or-register and account linking for external identities (server/session/link.ts; Auth.js's
 * rules and events; hostile cases R-OAUTH-10, R-OAUTH-11, R-OAUTH-12 in docs/security.md), black-box through `Auth()` with a real
 * OpenID Provider (server/oauth/test-idp.ts) and a MemoryAdapter. Identities are keyed by (provider,
 * providerAccountId); an e-mail address alone never links, and a linked identity never moves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter, AdapterUser } from "../adapters/types.js";
import { Auth } from "../auth.js";
import { OIDC, type OAuthConfig } from "../providers/oauth.js";
import { encode } from "../jwt/index.js";
import { CookieJar, ORIGIN, SECRET, get, setCookies, testConfig } from "../testing/harness.js";
import type { AuthConfig, User } from "../types.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "../oauth/test-idp.js";
import { AUTH_TIME_CLAIM } from "./session-lifetime.js";

const NOT_LINKED = `${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`;
const callbackUri = (id: string) => `${ORIGIN}/auth/callback/${id}`;

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp({
    clients: [
      { client_id: "client-a", client_secret: "secret-a", redirect_uris: [callbackUri("idp")] },
      { client_id: "client-b", client_secret: "secret-b", redirect_uris: [callbackUri("idp2")] },
    ],
    // "unverified-…" accounts say their address is not verified; "upper-carol" writes carol's address in capitals.
    claims: (sub) => (sub.startsWith("unverified-") ? { email_verified: false } : sub === "upper-carol" ? { email: "Carol@Example.TEST" } : undefined),
  });
});
afterAll(async () => {
  await idp.close();
});

type Strategy = "database" | "jwt";

function setup(strategy: Strategy = "database", provider: Partial<OAuthConfig> = {}) {
  const adapter: Adapter = MemoryAdapter();
  const events: string[] = [];
  const signIns: { user: User; isNewUser?: boolean }[] = [];
  const errors: Error[] = [];
  const config: AuthConfig = testConfig({
    adapter,
    session: { strategy },
    providers: [
      OIDC({ id: "idp", name: "Test IdP", issuer: idp.issuer, clientId: "client-a", clientSecret: "secret-a", ...provider }),
      OIDC({ id: "idp2", name: "Work IdP", issuer: idp.issuer, clientId: "client-b", clientSecret: "secret-b", ...provider }),
    ],
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    events: {
      createUser: () => void events.push("createUser"),
      updateUser: () => void events.push("updateUser"),
      linkAccount: () => void events.push("linkAccount"),
      signIn: (message) => {
        events.push("signIn");
        signIns.push(message as never);
      },
    },
  });
  return { adapter, config, events, signIns, errors };
}

/** A complete sign-in at `provider` as `login`, in the browser whose cookies are `jar`. */
async function signIn(config: AuthConfig, login: string, provider = "idp", jar = new CookieJar()) {
  const start = await startOAuthSignIn(config, provider, { jar });
  const callback = await idp.completeLogin(start.authorizationUrl, { login });
  const response = await oauthCallback(config, callback, jar);
  return { response, jar };
}

async function sessionEmail(config: AuthConfig, jar: CookieJar): Promise<string | null | undefined> {
  const session = (await (await Auth(get("/auth/session", { cookie: jar.header }), config)).json()) as { user?: User } | null;
  return session ? session.user?.email : null;
}

async function existingUser(adapter: Adapter, email: string, emailVerified: Date | null): Promise<AdapterUser> {
  return adapter.createUser!({ id: `existing-${email}`, email, emailVerified, name: "Existing" });
}

/** Sent back to the sign-in page with OAuthAccountNotLinked, and no session cookie set. */
function expectNotLinked(response: Response): void {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(NOT_LINKED);
  expect(setCookies(response).has("authjs.session-token")).toBe(false);
}

describe.each(["database", "jwt"] as const)("linking while signed in (%s strategy)", (strategy) => {
  it("a new identity joins the signed-in user: linkAccount → signIn, no new user", async () => {
    const { adapter, config, events, signIns, errors } = setup(strategy);
    const { jar } = await signIn(config, "alice");
    const alice = (await adapter.getUserByEmail!("alice@example.test"))!;
    events.length = 0;
    signIns.length = 0;

    const { response } = await signIn(config, "alice-work", "idp2", jar);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(events).toEqual(["linkAccount", "signIn"]);
    expect(signIns[0]).toMatchObject({ user: { id: alice.id }, isNewUser: false });
    expect((await adapter.listAccounts!(alice.id)).map((account) => `${account.provider}/${account.providerAccountId}`).sort()).toEqual([
      "idp/alice",
      "idp2/alice-work",
    ]);
    expect(await adapter.getUserByAccount!({ provider: "idp2", providerAccountId: "alice-work" })).toMatchObject({ id: alice.id });
    expect(await adapter.getUserByEmail!("alice-work@example.test")).toBeNull();
    expect(await sessionEmail(config, jar)).toBe("alice@example.test");
    expect(errors).toEqual([]);
  });

  it("linking issues a new session token: the cookie the browser came with is never kept (no session fixation)", async () => {
    const { adapter, config } = setup(strategy);
    const { jar } = await signIn(config, "alice");
    const before = jar.get("authjs.session-token")!;
    const alice = (await adapter.getUserByEmail!("alice@example.test"))!;
    await signIn(config, "alice-fix", "idp2", jar);
    expect(await adapter.getUserByAccount!({ provider: "idp2", providerAccountId: "alice-fix" })).toMatchObject({ id: alice.id });
    const after = jar.get("authjs.session-token")!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await sessionEmail(config, jar)).toBe("alice@example.test");
    // The pre-link cookie no longer signs anyone in (database) — for cookie sessions it is another token.
    const stale = new CookieJar();
    stale.cookies.set("authjs.session-token", before);
    if (strategy === "database") {
      expect(await sessionEmail(config, stale)).toBeNull();
      expect(await adapter.listSessions!(alice.id)).toHaveLength(1);
    }
  });

  it("an identity already linked to the signed-in user: signIn only, nothing changes", async () => {
    const { adapter, config, events } = setup(strategy);
    const { jar } = await signIn(config, "alice");
    const alice = (await adapter.getUserByEmail!("alice@example.test"))!;
    events.length = 0;

    const { response } = await signIn(config, "alice", "idp", jar);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(events).toEqual(["signIn"]);
    expect(await adapter.listAccounts!(alice.id)).toHaveLength(1);
    expect(await sessionEmail(config, jar)).toBe("alice@example.test");
  });

  it("R-OAUTH-12: an identity linked to user Y while signed in as X → OAuthAccountNotLinked, nothing relinked", async () => {
    const { adapter, config, events } = setup(strategy);
    await signIn(config, "bob");
    const bob = (await adapter.getUserByEmail!("bob@example.test"))!;
    const { jar } = await signIn(config, "alice");
    const alice = (await adapter.getUserByEmail!("alice@example.test"))!;
    events.length = 0;

    const { response } = await signIn(config, "bob", "idp", jar);
    expectNotLinked(response);
    expect(events).toEqual([]);
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "bob" })).toMatchObject({ id: bob.id });
    expect((await adapter.listAccounts!(alice.id)).map((account) => account.providerAccountId)).toEqual(["alice"]);
    expect((await adapter.listAccounts!(bob.id)).map((account) => account.providerAccountId)).toEqual(["bob"]);
    // Still signed in as X.
    expect(await sessionEmail(config, jar)).toBe("alice@example.test");
  });
});

describe("linking with a cookie session past its absolute lifetime", () => {
  it("the expired session is nobody's: the new identity is not linked to its user", async () => {
    const { adapter, config: base } = setup("jwt");
    const config: AuthConfig = { ...base, session: { strategy: "jwt", absoluteMaxAge: 3600 } };
    const { jar } = await signIn(config, "alice");
    const alice = (await adapter.getUserByEmail!("alice@example.test"))!;
    // Alice's session, signed in two hours ago (and sealed just now, so only the absolute limit is past).
    const old = await encode({
      token: { sub: alice.id, email: alice.email, [AUTH_TIME_CLAIM]: Math.floor(Date.now() / 1000) - 7200 },
      secret: SECRET,
      salt: "authjs.session-token",
    });
    jar.cookies.set("authjs.session-token", old);
    await signIn(config, "alice-late", "idp2", jar);
    const linked = await adapter.getUserByAccount!({ provider: "idp2", providerAccountId: "alice-late" });
    expect(linked).not.toBeNull();
    expect(linked!.id).not.toBe(alice.id);
  });
});

describe("R-OAUTH-10 / R-OAUTH-11: an existing user with the same e-mail address", () => {
  it("without allowDangerousEmailAccountLinking → OAuthAccountNotLinked; never linked, no user created, no session", async () => {
    const { adapter, config, events } = setup();
    const carol = await existingUser(adapter, "carol@example.test", new Date());
    const { response, jar } = await signIn(config, "carol");
    expectNotLinked(response);
    expect(events).toEqual([]);
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "carol" })).toBeNull();
    expect(await adapter.listAccounts!(carol.id)).toEqual([]);
    expect(await sessionEmail(config, jar)).toBeNull();
  });

  it("the same address in other letter case is the same address → OAuthAccountNotLinked", async () => {
    const { adapter, config, events } = setup();
    await existingUser(adapter, "carol@example.test", new Date());
    const { response } = await signIn(config, "upper-carol");
    expectNotLinked(response);
    expect(events).toEqual([]);
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "upper-carol" })).toBeNull();
  });

  it("with the flag and verified addresses on both sides → linked to the existing user, no createUser event", async () => {
    const { adapter, config, events, signIns } = setup("database", { allowDangerousEmailAccountLinking: true });
    const carol = await existingUser(adapter, "carol@example.test", new Date());
    const { response, jar } = await signIn(config, "carol");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(events).toEqual(["linkAccount", "signIn"]);
    expect(signIns[0]).toMatchObject({ user: { id: carol.id }, isNewUser: false });
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "carol" })).toMatchObject({ id: carol.id });
    expect(await sessionEmail(config, jar)).toBe("carol@example.test");
  });

  it("R-OAUTH-11: with the flag but the existing user's address unverified (e.g. a password account) → OAuthAccountNotLinked", async () => {
    const { adapter, config, events } = setup("database", { allowDangerousEmailAccountLinking: true });
    const carol = await existingUser(adapter, "carol@example.test", null);
    const { response } = await signIn(config, "carol");
    expectNotLinked(response);
    expect(events).toEqual([]);
    expect(await adapter.listAccounts!(carol.id)).toEqual([]);
  });

  it("with the flag but the provider says email_verified: false → OAuthAccountNotLinked", async () => {
    const { adapter, config, events } = setup("database", { allowDangerousEmailAccountLinking: true });
    const dave = await existingUser(adapter, "unverified-dave@example.test", new Date());
    const { response } = await signIn(config, "unverified-dave");
    expectNotLinked(response);
    expect(events).toEqual([]);
    expect(await adapter.listAccounts!(dave.id)).toEqual([]);
  });

  it("no user with that address → a new user (createUser → linkAccount → signIn), even without the flag", async () => {
    const { adapter, config, events } = setup();
    const { response, jar } = await signIn(config, "erin");
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(events).toEqual(["createUser", "linkAccount", "signIn"]);
    const erin = await adapter.getUserByEmail!("erin@example.test");
    expect(erin).toMatchObject({ email: "erin@example.test", emailVerified: null });
    expect(await sessionEmail(config, jar)).toBe("erin@example.test");
  });
});
