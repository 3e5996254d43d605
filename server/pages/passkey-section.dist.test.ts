/**
 * The passkey section of the built-in sign-in page (issue 8): its markup (stable ids, hidden until the
 * script enables it, the page's own messages for the script), the script tag and CSP it brings — only
 * on pages that show a WebAuthn provider — and the script served under `{basePath}/assets/`.
 * Through `Auth()`; the script's behaviour is tested in the browser (ui/pages/passkey-section.browser.test.ts).
 * Needs the built script (the "dist" test project); without it: passkey-section.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.js";
import de from "../../locales/de.js";
import { SUPPORTED_LOCALES } from "../../locales/index.js";
import { Auth } from "../auth.js";
import Passkey from "../providers/passkey.js";
import { ORIGIN, get } from "../testing/harness.js";
import { page, pageConfig, pageProviders } from "../testing/page.js";
import { passkeyScriptPath } from "./assets.js";

const BUNDLE = new URL("../../dist/browser/foyer-passkey.js", import.meta.url);

const { github, passkey, credentials } = pageProviders;
const config = pageConfig;

const SCRIPT = new RegExp(`^${ORIGIN}/auth/assets/foyer-passkey\\.[0-9a-f]{10}\\.js$`);

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error("dist/browser/foyer-passkey.js is missing: run `npm run build` first (`npm test` does this for you).");
});

describe("a sign-in page with a WebAuthn provider", () => {
  it("loads Foyer's passkey script (one module script in <head>, nothing inline) and allows only it", async () => {
    const { response, html, document } = await page("/auth/signin", config([github, credentials, passkey]));
    const scripts = [...document.querySelectorAll("script")];
    expect(scripts.map((script) => [script.parentNode?.nodeName, script.getAttribute("type"), script.getAttribute("src"), script.textContent])).toEqual([
      ["HEAD", "module", expect.stringMatching(SCRIPT), ""],
    ]);
    expect(html).not.toMatch(/javascript:|\son\w+=/i);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe");
  });

  it("the script tag names the file Foyer serves: JavaScript, immutable, the built bundle", async () => {
    const { document } = await page("/auth/signin", config([passkey]));
    const src = document.querySelector("script")!.getAttribute("src")!;
    expect(src).toBe(`${ORIGIN}/auth/assets/${passkeyScriptPath()}`);
    const response = await Auth(get(new URL(src).pathname), config([passkey]));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(readFileSync(BUNDLE, "utf8"));
    expect((await Auth(get("/auth/assets/foyer-passkey.0000000000.js"), config([passkey]))).status).toBe(404);
  });

  it("the section: hidden until the script enables it, with stable ids and the `username webauthn` field", async () => {
    const { document } = await page("/auth/signin", config([credentials, passkey]));
    // Passkeys are the shared e-mail form's only method here: everything in it is in the hidden section.
    const form = document.querySelector("form#passkey-form")!;
    const section = form.querySelector("#passkey-section")!;
    expect(section.hasAttribute("hidden")).toBe(true);
    expect(section.hasAttribute("data-passkey-section")).toBe(true);
    expect(form.getAttribute("action")).toBe(`${ORIGIN}/auth/callback/passkey`);
    expect(form.getAttribute("data-passkey-provider")).toBe("passkey");
    expect(form.querySelector('input[name="csrfToken"]')!.getAttribute("value")).toMatch(/^[0-9a-f]{64}$/);
    expect(form.querySelector('input[name="callbackUrl"]')!.getAttribute("value")).toBe(ORIGIN);

    const input = section.querySelector("#input-email")!;
    expect([input.getAttribute("name"), input.getAttribute("type"), input.getAttribute("autocomplete")]).toEqual(["email", "email", "username webauthn"]);
    expect(input.hasAttribute("data-form-field")).toBe(true);
    expect(document.querySelector('label[for="input-email"]')!.textContent).toBe("Email");

    const signIn = form.querySelector("#submitButton-passkey")!;
    expect([signIn.getAttribute("type"), signIn.hasAttribute("formnovalidate"), signIn.textContent]).toEqual(["submit", true, "Use a passkey"]);
    const register = form.querySelector("#registerButton-passkey")!;
    expect([register.getAttribute("type"), register.getAttribute("data-passkey-action"), register.textContent]).toEqual([
      "submit",
      "register",
      en["passkey.register.signup"],
    ]);
    // The sign-in button comes first: Enter in the field signs in (no e-mail needed).
    expect(form.querySelectorAll("button")[0]).toBe(signIn);

    const alert = form.querySelector("#passkey-alert")!;
    expect([alert.getAttribute("role"), alert.textContent]).toEqual(["alert", ""]);
  });

  it("carries the page's own messages for the script's error codes", async () => {
    const { document } = await page("/auth/signin", config([passkey]));
    const form = document.querySelector("#passkey-form")!;
    expect(form.getAttribute("data-error-default")).toBe(en["passkey.error.default"]);
    expect(form.getAttribute("data-error-cancelled")).toBe(en["passkey.error.Cancelled"]);
    expect(form.getAttribute("data-error-accountnotlinked")).toBe(en["passkey.error.AccountNotLinked"]);
    expect(form.getAttribute("data-error-webauthnverificationerror")).toBe(en["passkey.error.WebAuthnVerificationError"]);
    expect(form.getAttribute("data-error-passkeyexists")).toBe(en["passkey.error.PasskeyExists"]);
    expect(form.getAttribute("data-error-invalidrequest")).toBe(en["passkey.error.InvalidEmail"]);
    expect(form.getAttribute("data-error-networkerror")).toBe(en["signinError.NetworkError"]);
  });

  it("is localised, and `messages` overrides apply to the buttons and the script's messages", async () => {
    const german = await page("/auth/signin?lang=de", config([passkey]));
    const form = german.document.querySelector("#passkey-form")!;
    expect(form.querySelector("#submitButton-passkey")!.textContent).toBe(de["signin.passkey.use"]);
    expect(form.querySelector("#registerButton-passkey")!.textContent).toBe(de["passkey.register.signup"]);
    expect(form.getAttribute("data-error-cancelled")).toBe(de["passkey.error.Cancelled"]);
    const custom = await page("/auth/signin", config([passkey], { messages: { en: { "passkey.error.Cancelled": "Nothing happened." } } }));
    expect(custom.document.querySelector("#passkey-form")!.getAttribute("data-error-cancelled")).toBe("Nothing happened.");
  });

  it("the e-mail field of the Passkey()/WebAuthn() factories is labelled in the page's language; an app's own label is kept", async () => {
    const label = (document: Document) => document.querySelector('label[for="input-email"]')?.textContent?.trim();
    const german = await page("/auth/signin?lang=de", config([Passkey()]));
    expect(label(german.document)).toBe(de["signin.email.label"]);
    const english = await page("/auth/signin", config([Passkey()]));
    expect(label(english.document)).toBe(en["signin.email.label"]);
    const own = await page(
      "/auth/signin?lang=de",
      config([Passkey({ formFields: { email: { label: "Work e-mail", required: true, autocomplete: "username webauthn" } } })]),
    );
    expect(label(own.document)).toBe("Work e-mail");
  });

  it.each(SUPPORTED_LOCALES.filter((tag) => tag !== "en"))("%s: the buttons and every message of the section are translated", async (lang) => {
    const english = (await page("/auth/signin", config([passkey]))).document.querySelector("#passkey-form")!;
    const local = (await page(`/auth/signin?lang=${lang}`, config([passkey]))).document.querySelector("#passkey-form")!;
    const texts = (form: Element) => [
      form.querySelector("#submitButton-passkey")!.textContent,
      form.querySelector("#registerButton-passkey")!.textContent,
      ...[...form.attributes].filter((attribute) => attribute.name.startsWith("data-error-")).map((attribute) => attribute.value),
    ];
    expect(texts(local)).toHaveLength(10);
    texts(local).forEach((text, index) => {
      expect(text, `${lang} #${index}`).toBeTruthy();
      expect(text, `${lang} #${index}`).not.toBe(texts(english)[index]);
    });
  });

  it("a hidden section takes its own divider with it, before or after it", async () => {
    const last = await page("/auth/signin", config([github, credentials, passkey]));
    expect(last.document.querySelectorAll(".divider")).toHaveLength(2);
    expect(last.document.querySelectorAll("#passkey-section > .divider")).toHaveLength(1);
    expect(last.document.querySelector("#passkey-section")!.firstElementChild!.className).toBe("divider");

    const first = await page("/auth/signin", config([passkey, credentials, github]));
    // OAuth buttons always come first: the section takes the "or" before it.
    expect(first.document.querySelectorAll(".divider")).toHaveLength(2);
    expect(first.document.querySelector("#passkey-section")!.firstElementChild!.className).toBe("divider");
    // Without them, passkeys lead and take the "or" after them.
    const lead = await page("/auth/signin", config([passkey, credentials]));
    expect(lead.document.querySelectorAll(".divider")).toHaveLength(1);
    expect(lead.document.querySelector("#passkey-section")!.lastElementChild!.className).toBe("divider");

    const alone = await page("/auth/signin", config([passkey]));
    expect(alone.document.querySelectorAll(".divider")).toHaveLength(0);
  });

  it("two WebAuthn providers: the first shares the page's one e-mail field; one script", async () => {
    const { document } = await page("/auth/signin", config([passkey, { id: "security-key", name: "Security key", type: "webauthn" }]));
    expect([...document.querySelectorAll("[data-passkey-section]")].map((section) => section.id)).toEqual(["passkey-section"]);
    expect(document.querySelectorAll('input[name="email"]')).toHaveLength(1);
    expect(document.querySelectorAll("script")).toHaveLength(1);
  });

  it("under another basePath the script comes from that basePath; the cached page keeps it", async () => {
    const cfg = config([passkey], { basePath: "/api/auth" });
    for (let i = 0; i < 2; i++) {
      const { document, response } = await page("/api/auth/signin", cfg);
      expect(document.querySelector("script")!.getAttribute("src")).toBe(`${ORIGIN}/api/auth/assets/${passkeyScriptPath()}`);
      expect(document.querySelector("#passkey-form")!.getAttribute("action")).toBe(`${ORIGIN}/api/auth/callback/passkey`);
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    }
  });

  it("the sign-out, error and verify-request pages still ship no JavaScript", async () => {
    for (const path of ["/auth/signout", "/auth/error?error=AccessDenied", "/auth/verify-request"]) {
      const { response, html } = await page(path, config([passkey]));
      expect(html, path).not.toContain("<script");
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'none'");
    }
  });
});
