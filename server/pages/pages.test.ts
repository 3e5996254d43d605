/**
 * The built-in pages through `Auth()`: status, markup, forms, headers, themes, locales, custom-page
 * redirects and hostile inputs (hostile cases R-REQ-14, R-CONF-05 in docs/security.md; docs/pages.md).
 */
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import Credentials from "../providers/credentials.js";
import { CookieJar, ORIGIN, get, testConfig, unusedAdapter } from "../testing/harness.js";
import { page as renderedPage } from "../testing/page.js";
import type { AuthConfig, Provider } from "../types.js";
import { clearDiscoveryCache } from "../oauth/client.js";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A local issuer answering its discovery document with `metadata(origin)` (500 when undefined). */
async function discoveryServer(metadata: (origin: string) => object | undefined) {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body = req.url === "/.well-known/openid-configuration" ? metadata(origin) : undefined;
    res.writeHead(body ? 200 : 500, { "content-type": "application/json" }).end(JSON.stringify(body ?? { error: "down" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Explicit authorization endpoints: rendering a sign-in page with a provider found by discovery fetches
// its discovery document, which these tests have no server for (the discovery tests below run one).
const github: Provider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  issuer: "https://github.com",
  authorization: "https://github.com/login/oauth/authorize",
  style: { brandColor: "#24292f" },
};
const acme: Provider = { id: "acme", name: "Acme ID", type: "oidc", issuer: "https://id.acme.test", authorization: "https://id.acme.test/authorize" };
const email: Provider = { id: "email", name: "Email", type: "email" };
const passkey: Provider = { id: "passkey", name: "Passkey", type: "webauthn" };
const credentials = Credentials({
  credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
  authorize: () => null,
});
/** A stand-in adapter: the e-mail and WebAuthn providers require one; these tests never sign in with them. */
const adapter = unusedAdapter();

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({ adapter, session: { strategy: "jwt" }, providers: [github, acme, email, credentials, passkey], ...overrides });
}

function page(path: string, cfg: AuthConfig = config(), headers: Record<string, string> = {}) {
  return renderedPage(path, cfg, headers);
}

describe("sign-in page", () => {
  it("200, title, OAuth forms, one shared form for the e-mail methods, then other credentials, with Auth.js's targets and hidden fields", async () => {
    const { response, document } = await page("/auth/signin");
    expect(response.status).toBe(200);
    expect(document.querySelector("title")!.textContent).toBe("Sign In");
    expect(document.querySelector("h1")!.textContent).toBe("Sign in");
    const forms = [...document.querySelectorAll("form")];
    expect(forms.map((f) => f.getAttribute("action"))).toEqual([
      `${ORIGIN}/auth/signin/github`,
      `${ORIGIN}/auth/signin/acme`,
      `${ORIGIN}/auth/signin/email`,
      `${ORIGIN}/auth/callback/credentials`,
    ]);
    for (const form of forms) expect(form.getAttribute("method")).toBe("post");
    const csrf = new CookieJar().update(response).get("authjs.csrf-token")!.split("|")[0];
    for (const form of forms) expect(form.querySelector('input[name="csrfToken"]')!.getAttribute("value")).toBe(csrf);
    // callbackUrl travels in OAuth forms and a form with passkeys (their script posts it); e-mail and
    // credentials alone use the callback-url cookie (as Auth.js)
    expect(forms.map((f) => f.querySelector('input[name="callbackUrl"]')?.getAttribute("value") ?? null)).toEqual([ORIGIN, ORIGIN, ORIGIN, null]);
    const alone = (await page("/auth/signin", config({ providers: [email] }))).document.querySelector("form")!;
    expect(alone.querySelector('input[name="callbackUrl"]')).toBeNull();
  });

  it("OAuth buttons carry the provider's brand colour (validated) and a bundled logo served by Foyer", async () => {
    const { document, html } = await page("/auth/signin");
    const button = document.querySelector(`form[action$="/signin/github"] button`)!;
    expect(button.textContent).toBe("Sign in with GitHub");
    const img = button.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("");
    expect(img.getAttribute("src")).toMatch(new RegExp(`^${ORIGIN}/auth/assets/logos/github\\.fff\\.[0-9a-f]{10}\\.svg$`));
    expect(html).toContain(`.${button.getAttribute("class")!.split(" ").at(-1)}{--auth-button-bg:#24292f;--auth-button-text:#fff}`);
    const logo = await Auth(get(new URL(img.getAttribute("src")!).pathname), config());
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/svg+xml");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await logo.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24" fill="#fff"><title>GitHub<\/title><path d="M/);
  });

  it("a provider style.logo replaces the bundled one; a dark-on-light brand gets black text and logo", async () => {
    const custom = { ...acme, style: { logo: "https://cdn.acme.test/logo.svg", brandColor: "#fde047" } } as Provider;
    const { document, html } = await page("/auth/signin", config({ providers: [custom, { ...github, style: { brandColor: "#ffffff" } } as Provider] }));
    expect(document.querySelector(`form[action$="/signin/acme"] img`)!.getAttribute("src")).toBe("https://cdn.acme.test/logo.svg");
    expect(html).toContain("--auth-button-bg:#fde047;--auth-button-text:#000");
    expect(document.querySelector(`form[action$="/signin/github"] img`)!.getAttribute("src")).toMatch(/github\.000\./);
  });

  it("the credentials form is generated from the field definitions, with labels and autocomplete", async () => {
    const { document } = await page("/auth/signin");
    const form = document.querySelector(`form[action$="/callback/credentials"]`)!;
    const inputs = [...form.querySelectorAll("input:not([type=hidden])")];
    expect(inputs.map((i) => [i.getAttribute("name"), i.getAttribute("type"), i.getAttribute("autocomplete")])).toEqual([
      ["username", "text", "username"],
      ["password", "password", "current-password"],
    ]);
    for (const input of inputs) expect(document.querySelector(`label[for="${input.id}"]`)!.textContent).toBeTruthy();
    // Not the page's primary action (the e-mail form has it), and never "Sign in with Credentials".
    expect(form.querySelector("button")!.textContent).toBe("Continue");
    expect(form.querySelector("button")!.className).toBe("button secondary");
    const named = Credentials({ name: "Acme account", credentials: { username: {} }, authorize: () => null });
    const both = await page("/auth/signin", config({ providers: [email, named] }));
    expect(both.document.querySelector(`form[action$="/callback/credentials"] button`)!.textContent).toBe("Sign in with Acme account");
    const alone = await page("/auth/signin", config({ providers: [credentials] }));
    expect(alone.document.querySelector("form button")!.outerHTML).toBe('<button type="submit" class="button">Continue</button>');
  });

  it("credential definitions cannot inject attributes or markup", async () => {
    const hostile = Credentials({
      credentials: { code: { label: "<b>Code</b>", type: "javascript", onfocus: "alert(1)", autofocus: true, inputMode: "numeric", maxLength: 6 } as never },
      authorize: () => null,
    });
    const { document, html } = await page("/auth/signin", config({ providers: [hostile] }));
    const input = document.querySelector('input[name="code"]')!;
    expect(input.getAttribute("type")).toBe("text");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("maxlength")).toBe("6");
    expect(input.hasAttribute("onfocus")).toBe(false);
    expect(html).not.toContain("<b>Code</b>");
    expect(document.querySelector("label")!.textContent).toBe("<b>Code</b>");
  });

  it("the e-mail form: labelled type=email input with autocomplete, prefilled from ?email= (escaped)", async () => {
    const { document } = await page(`/auth/signin?email=${encodeURIComponent('a@b.c"><script>x</script>')}`);
    const input = document.querySelector('form[action$="/signin/email"] input[name="email"]')!;
    expect(input.getAttribute("type")).toBe("email");
    // Shared with the passkeys of this config; without them a plain e-mail field.
    expect(input.getAttribute("autocomplete")).toBe("username webauthn");
    expect(document.querySelector(`label[for="${input.id}"]`)!.textContent).toBe("Email");
    const plain = await page("/auth/signin", config({ providers: [email] }));
    expect(plain.document.querySelector('input[name="email"]')!.getAttribute("autocomplete")).toBe("email");
    expect(input.hasAttribute("required")).toBe(true);
    expect(input.getAttribute("value")).toBe('a@b.c"><script>x</script>');
    // Only Foyer's own passkey script (this config has a WebAuthn provider), never markup from the query.
    for (const script of document.querySelectorAll("script")) {
      expect(script.getAttribute("src")).toMatch(/\/auth\/assets\/foyer-passkey\.[0-9a-f]{10}\.js$/);
      expect(script.textContent).toBe("");
    }
  });

  it("the passkey section has the `username webauthn` input and data-form-field markers", async () => {
    const { document } = await page("/auth/signin");
    const form = document.querySelector("#passkey-form")!;
    const input = form.querySelector('input[name="email"]')!;
    expect(input.getAttribute("autocomplete")).toBe("username webauthn");
    expect(input.hasAttribute("data-form-field")).toBe(true);
    expect(form.querySelector("#submitButton-passkey")!.textContent).toBe("Use a passkey");
    expect(form.querySelector("#submitButton-passkey")!.getAttribute("formaction")).toBe(`${ORIGIN}/auth/callback/passkey`);
  });

  it("groups are separated by a divider", async () => {
    const { document } = await page("/auth/signin");
    // OAuth | the shared e-mail form | the other credentials
    expect(document.querySelectorAll(".divider")).toHaveLength(2);
    const single = await page("/auth/signin", config({ providers: [credentials] }));
    expect(single.document.querySelectorAll(".divider")).toHaveLength(0);
  });

  const ERRORS: [string, string][] = [
    ["Signin", "Try signing in with a different account."],
    ["OAuthSignin", "Try signing in with a different account."],
    ["OAuthCallbackError", "Try signing in with a different account."],
    ["OAuthCreateAccount", "Try signing in with a different account."],
    ["EmailCreateAccount", "Try signing in with a different account."],
    ["Callback", "Try signing in with a different account."],
    ["OAuthAccountNotLinked", "To confirm your identity, sign in with the same account you used originally."],
    ["EmailSignin", "The e-mail could not be sent."],
    ["CredentialsSignin", "Sign in failed. Check the details you provided are correct."],
    ["SessionRequired", "Please sign in to access this page."],
    ["MissingCSRF", "Unable to sign in."],
    ["AccessDenied", "Unable to sign in."],
    ["Verification", "Unable to sign in."],
    ["<script>alert(1)</script>", "Unable to sign in."],
  ];
  it.each(ERRORS)("?error=%s shows its message in role=alert", async (error, message) => {
    const { document, html } = await page(`/auth/signin?error=${encodeURIComponent(error)}&code=credentials`);
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(message);
    expect(html).not.toContain("<script>alert");
  });

  it("no alert without an error (the passkey form's live region is there, empty)", async () => {
    const { document } = await page("/auth/signin");
    expect([...document.querySelectorAll('[role="alert"]')].map((alert) => [alert.id, alert.textContent])).toEqual([["passkey-alert", ""]]);
    expect((await page("/auth/signin", config({ providers: [github, credentials] }))).document.querySelector('[role="alert"]')).toBeNull();
  });

  it("an app-defined CredentialsSignin code gets its own message through `messages`", async () => {
    const cfg = config({ messages: { en: { "signinError.CredentialsSignin.locked": "This account is locked." } } });
    const { document } = await page("/auth/signin?error=CredentialsSignin&code=locked", cfg);
    expect(document.querySelector('[role="alert"]')!.textContent).toBe("This account is locked.");
  });

  it("R-REQ-14 the page shows the server's CSRF token and the resolved callbackUrl, never query values", async () => {
    const { response, document, html } = await page("/auth/signin?csrfToken=EVIL&callbackUrl=javascript:alert(1)");
    // the query's callbackUrl is refused outright by the assertion (500 page), as Auth.js does
    expect(response.status).toBe(500);
    expect(html).not.toContain("EVIL");
    const ok = await page("/auth/signin?csrfToken=EVIL&callbackUrl=https%3A%2F%2Fevil.com%2Fx");
    expect(ok.html).not.toContain("EVIL");
    expect(ok.html).not.toContain("evil.com");
    expect(ok.document.querySelector('input[name="callbackUrl"]')!.getAttribute("value")).toBe(ORIGIN);
    expect(document.querySelector("h1")!.textContent).toBe("Server error");
  });

  it("ships no JavaScript without a WebAuthn provider", async () => {
    const { html } = await page("/auth/signin", config({ providers: [github, acme, email, credentials] }));
    expect(html).not.toMatch(/<script|javascript:|\son\w+=/i);
  });

  it("size budget: with credentials, OAuth and e-mail providers the page is ≤ 3 KB gzipped, CSS included", async () => {
    const { html } = await page("/auth/signin", config({ providers: [github, email, credentials] }));
    expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(3072);
  });

  it("size budget: the whole surface (OAuth, e-mail credentials, e-mail links, passkeys, an error) is ≤ 3 KB gzipped as served", async () => {
    const { html } = await page(
      "/auth/signin?error=CredentialsSignin&email=ada%40example.com",
      config({ providers: [github, acme, emailCredentials, email, passkey] }),
    );
    expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(3072);
  });
});

/** Credentials whose identifier is an e-mail: they share the page's one e-mail field. */
const emailCredentials = Credentials({
  name: "Acme account",
  credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password", required: true } },
  authorize: () => null,
});

describe("sign-in page: one surface", () => {
  const all = () => config({ providers: [github, emailCredentials, email, passkey] });

  it("credentials (e-mail identifier), e-mail links and passkeys share one e-mail field, one form and one primary button", async () => {
    const { document } = await page("/auth/signin", all());
    expect(document.querySelectorAll('input[type="email"], input[name="email"]')).toHaveLength(1);
    const primary = [...document.querySelectorAll("button.button")].filter((b) => !/\b(secondary|provider)\b/.test(b.className));
    expect(primary.map((b) => b.textContent)).toEqual(["Continue"]);
    const form = primary[0]!.closest("form")!;
    expect(form.getAttribute("action")).toBe(`${ORIGIN}/auth/callback/credentials`);
    expect(form.querySelector('input[name="email"]')!.getAttribute("autocomplete")).toBe("username webauthn");
    expect(form.querySelector('input[name="password"]')!.getAttribute("autocomplete")).toBe("current-password");
    // The e-mail link: a secondary action of the same form, not held up by the required password.
    const link = [...form.querySelectorAll("button")].find((b) => b.textContent === "Email me a sign-in link")!;
    expect(link.getAttribute("formaction")).toBe(`${ORIGIN}/auth/signin/email`);
    expect(link.hasAttribute("formnovalidate")).toBe(true);
    expect(link.className).toBe("button secondary");
    // Passkeys: secondary too, hidden until their script runs.
    expect(form.querySelector("#passkey-section")!.hasAttribute("hidden")).toBe(true);
    expect(form.querySelector("#submitButton-passkey")!.textContent).toBe("Use a passkey");
    expect(document.querySelectorAll(".divider")).toHaveLength(1);
    expect(document.body.textContent).not.toContain("Sign in with Credentials");
  });

  it('the shared field keeps the app\'s own e-mail label, except the generic English "Email", which the page translates', async () => {
    const own = Credentials({ credentials: { email: { label: "Work e-mail" }, password: { type: "password" } }, authorize: () => null });
    const label = async (provider: Provider, lang: string) =>
      (await page(`/auth/signin?lang=${lang}`, config({ providers: [provider, email] }))).document.querySelector('label[for="input-email"]')!.textContent;
    expect(await label(own, "de")).toBe("Work e-mail");
    expect(await label(emailCredentials, "de")).toBe("E-Mail");
  });

  it("many OAuth providers are laid out in two columns", async () => {
    const many = ["a", "b", "c", "d"].map((id) => ({ ...acme, id, name: id.toUpperCase() }) as Provider);
    expect((await page("/auth/signin", config({ providers: many }))).document.querySelector(".providers")!.className).toBe("providers many");
    expect((await page("/auth/signin", config({ providers: many.slice(0, 3) }))).document.querySelector(".providers")!.className).toBe("providers");
  });

  it("after a failed credentials sign-in the e-mail is kept, the password is not, and both fields point at the message", async () => {
    const { document } = await page("/auth/signin?error=CredentialsSignin&code=credentials&email=ada%40example.com", all());
    const alert = document.querySelector('[role="alert"]:not(:empty)')!;
    expect(alert.id).toBe("signin-error");
    const email = document.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(email.getAttribute("value")).toBe("ada@example.com");
    expect(password.hasAttribute("value")).toBe(false);
    for (const input of [email, password]) {
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(input.getAttribute("aria-describedby")).toBe("signin-error");
    }
    // No error, no marks.
    const clean = await page("/auth/signin", all());
    expect(clean.document.querySelector("[aria-invalid]")).toBeNull();
  });

  it("provider names and credential labels are translated per locale through `messages`", async () => {
    const messages = {
      de: { "signin.provider.github": "GitHub (DE)", "signin.field.credentials.password": "Passwort", "signin.field.credentials.email": "E-Mail-Adresse" },
    };
    const { document } = await page("/auth/signin", config({ providers: [github, emailCredentials, email], messages }), { "accept-language": "de" });
    expect(document.querySelector('form[action$="/signin/github"] button')!.textContent).toBe("Mit GitHub (DE) anmelden");
    expect(document.querySelector('label[for="input-password-for-credentials-provider"]')!.textContent).toBe("Passwort");
    expect(document.querySelector('label[for="input-email"]')!.textContent).toBe("E-Mail-Adresse");
    const buttons = [...document.querySelectorAll("form:not([action*='/signin/github']) button")].map((b) => b.textContent);
    expect(buttons).toEqual(["Weiter", "Anmeldelink per E-Mail senden"]);
  });

  it("theme.appName: a brand header beside the logo, as text; a bad value fails configuration", async () => {
    const theme = { appName: "Acme <b>Cloud</b>", logo: "https://acme.test/logo.svg" };
    const { document, html } = await page("/auth/signin", config({ theme }));
    expect(document.querySelector(".brand .app-name")!.textContent).toBe("Acme <b>Cloud</b>");
    expect(document.querySelector(".brand .logo")!.getAttribute("src")).toBe("https://acme.test/logo.svg");
    expect(html).not.toContain("<b>Cloud</b>");
    const bad = await Auth(get("/auth/signin"), config({ theme: { appName: "x".repeat(61) } }));
    expect(bad.status).toBe(500);
  });
});

describe("headers", () => {
  it.each(["signin", "signout"])("%s: CSP without scripts or framing, no-store, no referrer, nosniff, DENY", async (name) => {
    // (With a WebAuthn provider the sign-in page allows Foyer's own script: passkey-section.dist.test.ts.)
    const { response, html } = await page(`/auth/${name}`, config({ providers: [github, email, credentials] }));
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
    const { createHash } = await import("node:crypto");
    expect(csp).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  const formActionOf = (response: Response) => /(?:^|; )form-action ([^;]*)/.exec(response.headers.get("content-security-policy")!)?.[1];

  it("form-action: injected markup cannot retarget the sign-out form; it may post only to this origin", async () => {
    const { response } = await page("/auth/signout", config({ providers: [github, email, credentials] }));
    expect(formActionOf(response)).toBe(`'self' ${ORIGIN}`);
  });

  it("form-action on the sign-in page also names each OAuth provider's authorization origin, because Chromium checks the redirect after the button's POST", async () => {
    const gitlab: Provider = {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      authorization: { url: "https://gitlab.example.org/oauth/authorize" },
      token: "https://gitlab.example.org/oauth/token",
      userinfo: "https://gitlab.example.org/api/v4/user",
    } as Provider;
    const { response, html } = await page("/auth/signin", config({ providers: [github, gitlab, email, credentials] }));
    expect(formActionOf(response)).toBe(`'self' ${ORIGIN} https://github.com https://gitlab.example.org`);
    // Every form on the page posts to the page's own origin; the providers' origins are only for the redirects.
    const { document } = parseHTML(html);
    const actions = [...document.querySelectorAll("form")].map((form) => new URL(form.getAttribute("action")!).origin);
    expect(new Set(actions)).toEqual(new Set([ORIGIN]));
  });

  it("form-action names a callback URL on another origin that the redirect callback allowed, and the redirect proxy", async () => {
    const cfg = config({
      providers: [github, credentials],
      redirectProxyUrl: "https://proxy.example.net/auth",
      callbacks: { redirect: ({ url }) => url },
    });
    const { response } = await page(`/auth/signin?callbackUrl=${encodeURIComponent("https://app.example.com/home")}`, cfg);
    expect(formActionOf(response)).toBe(`'self' ${ORIGIN} https://app.example.com https://github.com https://proxy.example.net`);
    // The page cache does not hand this policy to a request with another callback URL.
    expect(formActionOf((await page("/auth/signin", cfg)).response)).toBe(`'self' ${ORIGIN} https://github.com https://proxy.example.net`);
  });

  it("form-action names a discovered authorization endpoint on another origin than the issuer (as Amazon Cognito has) from the first sign-in page on", async () => {
    clearDiscoveryCache();
    const issuer = await discoveryServer((origin) => ({
      issuer: origin,
      authorization_endpoint: "http://localhost:9/oauth2/authorize",
      token_endpoint: `${origin}/token`,
      jwks_uri: `${origin}/jwks`,
      response_types_supported: ["code"],
    }));
    try {
      const cognito = { id: "cognito", name: "Cognito", type: "oidc", issuer: issuer.origin, clientId: "c", clientSecret: "s" } as Provider;
      const cfg = config({ providers: [cognito, credentials] });
      const expected = `'self' ${[ORIGIN, issuer.origin, "http://localhost:9"].sort().join(" ")}`;
      expect(formActionOf((await page("/auth/signin", cfg)).response)).toBe(expected);
      expect(formActionOf((await page("/auth/signin", cfg)).response)).toBe(expected);
      expect(issuer.requests()).toBe(1); // discovered once, then cached
    } finally {
      await issuer.close();
    }
  });

  it("an issuer whose discovery fails still gets its sign-in page, and is not asked again on every page for a minute", async () => {
    clearDiscoveryCache();
    const issuer = await discoveryServer(() => undefined);
    try {
      const broken = { id: "broken", name: "Broken", type: "oidc", issuer: issuer.origin, clientId: "c", clientSecret: "s" } as Provider;
      const cfg = config({ providers: [broken, credentials] });
      for (let n = 0; n < 3; n++) {
        const { response } = await page("/auth/signin", cfg);
        expect(response.status).toBe(200);
        expect(formActionOf(response)).toBe(`'self' ${[ORIGIN, issuer.origin].sort().join(" ")}`);
      }
      expect(issuer.requests()).toBe(1);
    } finally {
      await issuer.close();
    }
  });

  it("form-action 'none' on the pages without forms (error, verify-request)", async () => {
    for (const path of ["/auth/error", "/auth/verify-request"]) expect(formActionOf((await page(path)).response), path).toBe("'none'");
  });

  it("error and verify-request pages carry no token and are not marked no-store", async () => {
    for (const path of ["/auth/error", "/auth/verify-request"]) {
      const { response } = await page(path);
      expect(response.headers.get("cache-control")).toBeNull();
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("pageHeaders overrides or removes single headers", async () => {
    const { response } = await page("/auth/signin", config({ pageHeaders: { "X-Frame-Options": null, "Referrer-Policy": "same-origin", "X-Extra": "1" } }));
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("x-extra")).toBe("1");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("sign-out, error and verify-request pages", () => {
  it("sign-out: a form posting the CSRF token to {basePath}/signout", async () => {
    const { response, document } = await page("/auth/signout");
    expect(response.status).toBe(200);
    expect(document.querySelector("title")!.textContent).toBe("Sign Out");
    const form = document.querySelector("form")!;
    expect(form.getAttribute("action")).toBe(`${ORIGIN}/auth/signout`);
    expect(form.querySelector('input[name="csrfToken"]')!.getAttribute("value")).toMatch(/^[0-9a-f]{64}$/);
    expect(document.querySelector("p")!.textContent).toBe("Are you sure you want to sign out?");
  });

  it.each([
    [undefined, 200, "Error"],
    ["Configuration", 500, "Server error"],
    ["AccessDenied", 403, "Access Denied"],
    ["Verification", 403, "Unable to sign in"],
    ["Unknown", 200, "Error"],
    ["<img src=x onerror=alert(1)>", 200, "Error"],
  ])("error=%s → %i, heading %j", async (error, status, heading) => {
    const { response, document, html } = await page(`/auth/error${error ? `?error=${encodeURIComponent(error)}` : ""}`);
    expect(response.status).toBe(status);
    expect(document.querySelector("title")!.textContent).toBe("Error");
    expect(document.querySelector("h1")!.textContent).toBe(heading);
    expect(html).not.toContain("<img src=x");
  });

  it("the error page links to the real sign-in page (not the request URL + /signin)", async () => {
    const builtIn = await page("/auth/error?error=AccessDenied");
    expect(builtIn.document.querySelector("a.button")!.getAttribute("href")).toBe(`${ORIGIN}/auth/signin`);
    const verification = await page("/auth/error?error=Verification");
    expect(verification.document.querySelector("a.button")!.getAttribute("href")).toBe(`${ORIGIN}/auth/signin`);
    expect(verification.document.querySelector(".message")!.textContent).toContain("The sign in link is no longer valid.");
    // with a custom sign-in page configured, GET /error still renders (no custom error page) and links there
    const custom = await page("/auth/error?error=AccessDenied", config({ pages: { signIn: "/login" } }));
    expect(custom.document.querySelector("a.button")!.getAttribute("href")).toBe(`${ORIGIN}/login`);
  });

  it("verify-request: heading, message and a link to the site", async () => {
    const { response, document } = await page("/auth/verify-request?provider=email&type=email");
    expect(response.status).toBe(200);
    expect(document.querySelector("title")!.textContent).toBe("Verify Request");
    expect(document.querySelector("h1")!.textContent).toBe("Check your email");
    expect(document.querySelector("a.site")!.getAttribute("href")).toBe(ORIGIN);
  });

  it("a broken config renders the built-in Server error page with status 500 on page GETs", async () => {
    const { response, document } = await page("/auth/signin", testConfig({ secret: undefined }));
    expect(response.status).toBe(500);
    expect(document.querySelector("h1")!.textContent).toBe("Server error");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("theme (R-CONF-05: validated before it reaches CSS)", () => {
  it("brandColor and buttonText map onto the --auth-* tokens and Auth.js's variables", async () => {
    const { html } = await page("/auth/signin", config({ theme: { brandColor: "#e11d48", buttonText: "#ffffff" } }));
    expect(html).toContain(":root{--auth-color-brand:#e11d48;--brand-color:#e11d48;--auth-color-on-brand:#ffffff;--button-text-color:#ffffff;}");
  });

  it("without buttonText a readable text colour is chosen for the brand colour", async () => {
    expect((await page("/auth/signin", config({ theme: { brandColor: "#fde047" } }))).html).toContain("--auth-color-on-brand:#000");
    expect((await page("/auth/signin", config({ theme: { brandColor: "oklch(0.35 0.1 260)" } }))).html).toContain("--auth-color-on-brand:#fff");
  });

  it.each(["light", "dark", "auto"] as const)("colorScheme %s → data-color-scheme and Auth.js's body class", async (scheme) => {
    const { document } = await page("/auth/signin", config({ theme: { colorScheme: scheme } }));
    expect(document.documentElement.getAttribute("data-color-scheme")).toBe(scheme);
    expect(document.body.getAttribute("class")).toBe(`__next-auth-theme-${scheme}`);
  });

  it("logo: decorative image at the top of the card", async () => {
    const { document } = await page("/auth/signout", config({ theme: { logo: "/brand.svg" } }));
    const logo = document.querySelector("img.logo")!;
    expect(logo.getAttribute("src")).toBe("/brand.svg");
    expect(logo.getAttribute("alt")).toBe("");
  });

  it.each([
    ["brandColor", "red;}</style><script>alert(1)</script>"],
    ["brandColor", "url(https://evil.com/x)"],
    ["brandColor", "#12345"],
    ["brandColor", "rgb(1 2 3); background: red"],
    ["buttonText", "expression(alert(1))"],
    ["logo", "javascript:alert(1)"],
    ["logo", "http://insecure.example/logo.png"],
    ["logo", '/x" onerror="alert(1)'],
    ["logo", "//evil.com/logo.png"],
    ["logo", "data:text/html,<script>alert(1)</script>"],
    ["colorScheme", "sepia"],
  ])("R-CONF-05 theme.%s = %j fails configuration with a clear message and is never rendered", async (field, value) => {
    const errors: Error[] = [];
    const cfg = config({ theme: { [field]: value } as never, logger: { error: (e) => void errors.push(e), warn() {}, debug() {} } });
    const { response, html } = await page("/auth/signin", cfg);
    expect(response.status).toBe(500);
    expect(html).not.toContain(value);
    expect(errors[0]!.message).toContain(`theme.${field}`);
  });

  it("a hostile provider brandColor or logo fails configuration too", async () => {
    for (const style of [{ brandColor: "red;}*{display:none" }, { logo: "javascript:alert(1)" }]) {
      const { response } = await page("/auth/signin", config({ providers: [{ ...github, style } as Provider], logger: { error() {}, warn() {}, debug() {} } }));
      expect(response.status).toBe(500);
    }
  });
});

describe("localisation", () => {
  it("negotiates from Accept-Language and sets <html lang dir>", async () => {
    const { document } = await page("/auth/signin", config(), { "accept-language": "de-CH, fr;q=0.8" });
    expect(document.documentElement.getAttribute("lang")).toBe("de");
    expect(document.documentElement.getAttribute("dir")).toBe("ltr");
    expect(document.querySelector("title")!.textContent).toBe("Anmelden");
  });

  it("?lang= overrides the header; config.locale overrides both", async () => {
    expect((await page("/auth/signin?lang=fr", config(), { "accept-language": "de" })).document.documentElement.getAttribute("lang")).toBe("fr");
    expect((await page("/auth/signin?lang=fr", config({ locale: "es" }))).document.documentElement.getAttribute("lang")).toBe("es");
  });

  it("Arabic renders right to left", async () => {
    const { document } = await page("/auth/signin?error=CredentialsSignin", config(), { "accept-language": "ar" });
    expect(document.documentElement.getAttribute("lang")).toBe("ar");
    expect(document.documentElement.getAttribute("dir")).toBe("rtl");
    expect(document.querySelector('[role="alert"]')!.textContent).not.toMatch(/[A-Za-z]{4}/);
  });

  it.each(["ja", "es", "fr", "de", "ar"])("%s: every page is translated", async (lang) => {
    for (const path of ["/auth/signin", "/auth/signout", "/auth/error?error=AccessDenied", "/auth/verify-request"]) {
      const english = await page(path);
      const local = await page(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`);
      expect(local.document.querySelector("h1")!.textContent).not.toBe(english.document.querySelector("h1")!.textContent);
    }
  });

  it("messages override any key per locale, and can add a locale", async () => {
    const cfg = config({ messages: { en: { "signin.heading": "Welcome back" }, it: { "signin.heading": "Accedi" } } });
    expect((await page("/auth/signin", cfg)).document.querySelector("h1")!.textContent).toBe("Welcome back");
    const italian = await page("/auth/signin", cfg, { "accept-language": "it-IT" });
    expect(italian.document.documentElement.getAttribute("lang")).toBe("it");
    expect(italian.document.querySelector("h1")!.textContent).toBe("Accedi");
    expect(italian.document.querySelector("title")!.textContent).toBe("Sign In");
  });

  it("an invalid locale option fails configuration", async () => {
    const { response } = await page("/auth/signin", config({ locale: "en<script>", logger: { error() {}, warn() {}, debug() {} } }));
    expect(response.status).toBe(500);
  });
});

describe("custom pages (PagesOptions)", () => {
  async function location(path: string, pages: AuthConfig["pages"]) {
    const response = await Auth(get(path), config({ pages }));
    expect(response.status).toBe(302);
    return response.headers.get("location");
  }

  it("signIn: callbackUrl and error URL-encoded, an existing query kept, relative stays relative", async () => {
    expect(await location("/auth/signin", { signIn: "/login" })).toBe(`/login?callbackUrl=${encodeURIComponent(ORIGIN)}`);
    expect(await location("/auth/signin?error=CredentialsSignin&code=bad%20code", { signIn: "/login?app=1" })).toBe(
      `/login?app=1&callbackUrl=${encodeURIComponent(ORIGIN)}&error=CredentialsSignin&code=bad+code`,
    );
    expect(await location("/auth/signin?callbackUrl=%2Fdash%3Fa%3D1%26b%3D2", { signIn: "https://id.example.org/in" })).toBe(
      `https://id.example.org/in?callbackUrl=${encodeURIComponent(`${ORIGIN}/dash?a=1&b=2`)}`,
    );
  });

  it("signOut: as is", async () => {
    expect(await location("/auth/signout", { signOut: "/bye?x=1" })).toBe("/bye?x=1");
  });

  it("error: error URL-encoded and appended to an existing query", async () => {
    expect(await location("/auth/error?error=AccessDenied", { error: "/oops?from=auth" })).toBe("/oops?from=auth&error=AccessDenied");
    expect(await location("/auth/error?error=a%26b%3Dc", { error: "/oops" })).toBe("/oops?error=a%26b%3Dc");
  });

  it("verifyRequest: the original query string carried over", async () => {
    expect(await location("/auth/verify-request?provider=email&type=email", { verifyRequest: "/check?step=2" })).toBe(
      "/check?step=2&provider=email&type=email",
    );
  });
});

describe("generated files are current", () => {
  it("styles.generated.ts matches styles.css and logos.generated.ts matches simple-icons", () => {
    expect(() => execFileSync(process.execPath, ["scripts/compile-css.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
    expect(() => execFileSync(process.execPath, ["scripts/generate-logos.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });
});

describe("rendered-page cache", () => {
  it("each visitor gets their own CSRF token and callback URL from the cached page", async () => {
    const cfg = config();
    const first = await page("/auth/signin?callbackUrl=%2Fa%3Fx%3D1%26y%3D%22q%22", cfg);
    const second = await page("/auth/signin?callbackUrl=%2Fb", cfg);
    const token = (doc: Document) => doc.querySelector('input[name="csrfToken"]')!.getAttribute("value");
    const callback = (doc: Document) => doc.querySelector('input[name="callbackUrl"]')!.getAttribute("value");
    expect(token(first.document as unknown as Document)).not.toBe(token(second.document as unknown as Document));
    expect(token(first.document as unknown as Document)).toMatch(/^[0-9a-f]{64}$/);
    expect(callback(first.document as unknown as Document)).toBe(`${ORIGIN}/a?x=1&y=%22q%22`);
    expect(callback(second.document as unknown as Document)).toBe(`${ORIGIN}/b`);
    for (const { html } of [first, second]) expect(html).not.toContain("sentinel");
  });

  it("an e-mail prefill is rendered afresh, never cached for others", async () => {
    const cfg = config();
    await page("/auth/signin?email=first%40example.com", cfg);
    const other = await page("/auth/signin", cfg);
    expect(other.html).not.toContain("first@example.com");
  });
});
