/**
 * Passkeys and e-mail addresses, black-box through `Auth()`: a real SMTP capture server for e-mail
 * links, a real OpenID Provider for OAuth, and the software authenticator for passkeys.
 *
 * - Recovery: a user who lost every passkey signs in with an e-mail link and registers a new passkey.
 * - The address typed at a passkey sign-up stays unverified: OAuth's dangerous e-mail linking never
 *   trusts it, until an e-mail link proves it.
 * - Pre-hijack defence: the first e-mail proof of such an address ends every earlier session of that
 *   user (database sessions); an already-verified address ends nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followLink, linkIn, requestLink } from "../email/test-helpers.js";
import { startSmtpCapture, type SmtpCapture } from "../email/test-smtp.js";
import { oauthCallback, startOAuthSignIn, startTestIdp, type TestIdp } from "../oauth/test-idp.js";
import { OIDC } from "../providers/oauth.js";
import Nodemailer from "../providers/nodemailer.js";
import Passkey from "../providers/passkey.js";
import { CookieJar, ORIGIN } from "../testing/harness.js";
import { newBrowser, registerPasskey, sessionOf, signInWithPasskey } from "../testing/passkey-flow.js";
import { passkeySetups, storedCredentialId as stored, type PasskeySetup } from "../testing/passkey-setup.js";
import { SoftAuthenticator } from "../testing/soft-authenticator.js";
import type { AuthConfig } from "../types.js";

const REFUSED = `${ORIGIN}/auth/signin?error=WebAuthnVerificationError`;

let smtp: SmtpCapture;
let idp: TestIdp;
beforeAll(async () => {
  [smtp, idp] = await Promise.all([
    startSmtpCapture(),
    startTestIdp({ clients: [{ client_id: "client-a", client_secret: "secret-a", redirect_uris: [`${ORIGIN}/auth/callback/idp`] }] }),
  ]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), idp.close()]);
});
beforeEach(() => smtp.clear());

const closingSetup = passkeySetups();
function setup(strategy: "jwt" | "database" = "database", adapter: "memory" | "sqlite" = "memory"): PasskeySetup {
  return closingSetup({
    adapter,
    strategy,
    providers: [
      Passkey(),
      Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true } }),
      OIDC({ id: "idp", name: "Test IdP", issuer: idp.issuer, clientId: "client-a", clientSecret: "secret-a", allowDangerousEmailAccountLinking: true }),
    ],
  });
}

/** Requests an e-mail link for `email` and follows it in `jar`'s browser. */
async function signInWithLink(config: AuthConfig, email: string, jar = new CookieJar()): Promise<Response> {
  await requestLink(config, "nodemailer", { email });
  const message = await smtp.waitForMessage(email);
  const { response } = await followLink(config, linkIn(message.text), jar);
  return response;
}

async function signInWithOAuth(config: AuthConfig, login: string, jar = new CookieJar()): Promise<Response> {
  const start = await startOAuthSignIn(config, "idp", { jar });
  const callback = await idp.completeLogin(start.authorizationUrl, { login });
  return oauthCallback(config, callback, jar);
}

describe.each([
  ["database", "memory"],
  ["jwt", "memory"],
  ["database", "sqlite"],
] as const)("Lost every passkey? Recovery with an e-mail link (%s sessions, %s adapter)", (strategy, adapterKind) => {
  it("the e-mail link signs the user in (address now verified, the unproven passkeys removed), a new passkey joins the same account and signs in; the lost one no longer does", async () => {
    const { config, adapter, eventNames, events } = setup(strategy, adapterKind);
    const phone = newBrowser();
    await registerPasskey(config, phone, { email: "ada@example.com" });
    const user = (await adapter.getUserByEmail!("ada@example.com"))!;
    expect(user.emailVerified).toBeNull();
    events.length = 0;

    // The phone is lost: a new browser, an authenticator with no credential for the site.
    const laptop = newBrowser(new SoftAuthenticator({ origin: ORIGIN }));
    const response = await signInWithLink(config, "ada@example.com", laptop.jar);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(eventNames()).toEqual(["updateUser", "signIn"]);
    expect((await sessionOf(config, laptop.jar))?.user?.email).toBe("ada@example.com");
    expect((await adapter.getUser!(user.id))!.emailVerified).toBeInstanceOf(Date);

    // The first proof removed the passkey made before it (nothing showed its maker owns the address).
    const lostId = stored(phone.authenticator.credentials[0]!.id);
    expect(await adapter.getAuthenticator!(lostId)).toBeNull();
    expect(await adapter.listAuthenticatorsByUserId!(user.id)).toEqual([]);

    await registerPasskey(config, laptop);
    const passkeys = await adapter.listAuthenticatorsByUserId!(user.id);
    expect(passkeys).toHaveLength(1);
    const fresh = { jar: new CookieJar(), authenticator: laptop.authenticator };
    await signInWithPasskey(config, fresh);
    expect((await sessionOf(config, fresh.jar))?.user?.email).toBe("ada@example.com");

    expect((await signInWithPasskey(config, { jar: new CookieJar(), authenticator: phone.authenticator })).headers.get("location")).toBe(REFUSED);
  });
});

describe("pre-hijack defence: the first e-mail proof of a passkey sign-up's address", () => {
  it("ends every earlier session of that user (the squatter's), removes the squatter's passkey, and signs the owner in", async () => {
    const { config, adapter } = setup("database");
    const squatter = newBrowser();
    await registerPasskey(config, squatter, { email: "victim@example.com" });
    expect((await sessionOf(config, squatter.jar))?.user?.email).toBe("victim@example.com");
    const user = (await adapter.getUserByEmail!("victim@example.com"))!;
    expect(await adapter.listSessions!(user.id)).toHaveLength(1);

    const owner = new CookieJar();
    await signInWithLink(config, "victim@example.com", owner);
    expect((await sessionOf(config, owner))?.user?.email).toBe("victim@example.com");
    expect(await sessionOf(config, squatter.jar)).toBeNull();
    expect(await adapter.listSessions!(user.id)).toHaveLength(1);
    expect((await adapter.getUser!(user.id))!.emailVerified).toBeInstanceOf(Date);

    // The squatter's passkey is gone: it cannot sign in again.
    const squatterId = stored(squatter.authenticator.credentials[0]!.id);
    expect(await adapter.getAuthenticator!(squatterId)).toBeNull();
    const retry = { jar: new CookieJar(), authenticator: squatter.authenticator };
    expect((await signInWithPasskey(config, retry)).headers.get("location")).toBe(REFUSED);
    expect(await sessionOf(config, retry.jar)).toBeNull();
  });

  it("an account established through another provider keeps its passkeys at the first proof (its sessions still end)", async () => {
    const { config, adapter } = setup("database");
    const phone = newBrowser();
    await registerPasskey(config, phone, { email: "bea@example.com" });
    const user = (await adapter.getUserByEmail!("bea@example.com"))!;
    await adapter.linkAccount!({ userId: user.id, provider: "idp", type: "oidc", providerAccountId: "bea" });

    await signInWithLink(config, "bea@example.com", new CookieJar());
    expect(await adapter.listAuthenticatorsByUserId!(user.id)).toHaveLength(1);
    expect(await sessionOf(config, phone.jar)).toBeNull();
  });

  it("an address that was already verified: an e-mail sign-in ends no other session", async () => {
    const { config, adapter } = setup("database");
    const phone = newBrowser();
    await registerPasskey(config, phone, { email: "ada@example.com" });
    const user = (await adapter.getUserByEmail!("ada@example.com"))!;
    await adapter.updateUser!({ id: user.id, emailVerified: new Date() });

    const other = new CookieJar();
    await signInWithLink(config, "ada@example.com", other);
    expect((await sessionOf(config, other))?.user?.email).toBe("ada@example.com");
    expect((await sessionOf(config, phone.jar))?.user?.email).toBe("ada@example.com");
    expect(await adapter.listSessions!(user.id)).toHaveLength(2);
  });
});

describe("the address typed at a passkey sign-up is never trusted for linking until proven", () => {
  it("OAuth with allowDangerousEmailAccountLinking → OAuthAccountNotLinked while unverified; linked to the same user once an e-mail link proved it", async () => {
    const { config, adapter } = setup("database");
    // The IdP says carol@example.test (verified) for the login "carol".
    await registerPasskey(config, newBrowser(), { email: "carol@example.test" });
    const carol = (await adapter.getUserByEmail!("carol@example.test"))!;

    const refused = await signInWithOAuth(config, "carol");
    expect(refused.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`);
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "carol" })).toBeNull();
    expect((await adapter.listAccounts!(carol.id)).map((account) => account.provider)).toEqual(["passkey"]);

    // Asking for a link proves nothing; following it does.
    await requestLink(config, "nodemailer", { email: "carol@example.test" });
    expect((await adapter.getUser!(carol.id))!.emailVerified).toBeNull();
    const message = await smtp.waitForMessage("carol@example.test");
    await followLink(config, linkIn(message.text));
    expect((await adapter.getUser!(carol.id))!.emailVerified).toBeInstanceOf(Date);

    const jar = new CookieJar();
    const linked = await signInWithOAuth(config, "carol", jar);
    expect(linked.headers.get("location")).toBe(ORIGIN);
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "carol" })).toMatchObject({ id: carol.id });
    expect((await sessionOf(config, jar))?.user?.email).toBe("carol@example.test");
  });

  it("a passkey sign-up never attaches to an account OAuth created for the same address", async () => {
    const { config, adapter } = setup("database");
    await signInWithOAuth(config, "dave");
    const dave = (await adapter.getUserByEmail!("dave@example.test"))!;
    const browser = newBrowser();
    const response = await registerPasskey(config, browser, { email: "dave@example.test" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`);
    expect(await adapter.listAuthenticatorsByUserId!(dave.id)).toEqual([]);
    expect((await adapter.listAccounts!(dave.id)).map((account) => account.provider)).toEqual(["idp"]);
  });
});
