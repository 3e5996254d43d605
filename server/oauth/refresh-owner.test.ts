/**
 * Review finding: the account a jwt session refreshes comes from the cookie, which an app's `jwt`
 * callback may let other values into; the stored row must belong to the session's user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import { Auth } from "../auth.js";
import { decode } from "../jwt/index.js";
import { OIDC } from "../providers/oauth.js";
import { ORIGIN, SECRET, csrf, get, postJson, testConfig } from "../testing/harness.js";
import type { JWT } from "../types.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "./test-idp.js";

const CLIENT = { client_id: "client-a", client_secret: "secret-a" };
let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp({
    clients: [{ ...CLIENT, redirect_uris: [`${ORIGIN}/auth/callback/idp`] }],
    accessTokenTtl: (g) => (g === "refresh_token" ? 3600 : 30),
    rotateRefreshTokens: true,
  });
});
afterAll(async () => idp.close());

describe("refresh through the adapter checks whose account the cookie names", () => {
  it("a jwt whose providerAccountId names another user's account never receives that user's tokens: RefreshTokenError instead", async () => {
    const adapter = MemoryAdapter();
    const config = testConfig({
      adapter,
      session: { strategy: "jwt" },
      providers: [
        OIDC({
          id: "idp",
          name: "IdP",
          issuer: idp.issuer,
          clientId: CLIENT.client_id,
          clientSecret: CLIENT.client_secret,
          authorization: { params: { scope: "openid profile email offline_access", prompt: "consent" } },
          refreshTokens: true,
        }),
      ],
      callbacks: {
        // A common (if careless) app pattern: merge update() data into the token.
        jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, ...(session as object) } : token),
        session: ({ session, token }) => ({ ...session, accessToken: (token as JWT).access_token }),
      },
    });
    const login = async (name: string) => {
      const start = await startOAuthSignIn(config, "idp");
      const cb = await idp.completeLogin(start.authorizationUrl, { login: name });
      const response = await oauthCallback(config, cb, start.jar);
      expect(response.headers.get("location")).toBe(ORIGIN);
      return start.jar;
    };
    const alice = await login("alice");
    await login("bob");
    const { csrfToken } = await csrf(config, alice);
    const upd = await Auth(postJson("/auth/session", { csrfToken, data: { providerAccountId: "bob", expires_at: 0 } }, { cookie: alice.header }), config);
    alice.update(upd);
    const read = await Auth(get("/auth/session", { cookie: alice.header }), config);
    alice.update(read);
    const body = (await read.json()) as { error?: string; accessToken: string };
    const token = (await decode({ token: alice.get("authjs.session-token")!, secret: SECRET, salt: "authjs.session-token" })) as JWT;
    expect(body.error).toBe("RefreshTokenError");
    // Alice's session never carries Bob's provider tokens, and Bob's row was not spent.
    const me = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${String(token.access_token)}` } });
    expect(JSON.stringify(await me.json().catch(() => null))).not.toContain("bob");
    const bobRow = await adapter.getAccount!("bob", "idp");
    expect(bobRow?.refresh_token).toBeTruthy();
    expect(String(bobRow?.refresh_token)).not.toMatch(/lease|claim/i);
  });
});
