/**
 * The passkey section of the built-in sign-in page where no script is needed: pages without a
 * WebAuthn provider, and a checkout where dist/browser/foyer-passkey.js has not been built. The
 * section and script on a built checkout: passkey-section.dist.test.ts (the "dist" test project).
 */
import { parseHTML } from "linkedom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { get } from "../testing/harness.js";
import { hideBuiltFiles } from "../testing/without-built-files.js";
import { page, pageConfig, pageProviders } from "../testing/page.js";

const { github, passkey, credentials } = pageProviders;
const config = pageConfig;

describe("a sign-in page without a WebAuthn provider", () => {
  it("ships no JavaScript and forbids scripts", async () => {
    const { response, html, document } = await page("/auth/signin", config([github, credentials]));
    expect(html).not.toContain("<script");
    expect(document.querySelector("[data-passkey-section]")).toBeNull();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).not.toContain("connect-src");
  });
});

describe("when dist/browser/foyer-passkey.js has not been built", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  /** A fresh copy of the server (bundles are read once per process) that cannot find the file. */
  async function withoutBundle() {
    hideBuiltFiles();
    return (await import("../auth.js")).Auth;
  }

  it("the page renders without the script: the section stays hidden, scripts stay forbidden", async () => {
    const FreshAuth = await withoutBundle();
    const response = await FreshAuth(get("/auth/signin"), config([passkey]));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain("<script");
    expect(parseHTML(html).document.querySelector("#passkey-section")!.hasAttribute("hidden")).toBe(true);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'none'");
  });

  it("asking for the script answers 404, and a debug line says to run `npm run build`", async () => {
    const FreshAuth = await withoutBundle();
    const debug = vi.fn();
    const response = await FreshAuth(get("/auth/assets/foyer-passkey.0123456789.js"), config([passkey], { logger: { error() {}, warn() {}, debug } }));
    expect(response.status).toBe(404);
    expect(debug).toHaveBeenCalledWith(expect.stringContaining("npm run build"), undefined);
  });
});
