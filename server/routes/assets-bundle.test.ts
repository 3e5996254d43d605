/**
 * `GET {basePath}/assets/foyer-elements.<hash>.js` on a checkout where the web components bundle has
 * not been built: no script path, a 404 and a debug line saying what to run. With the built bundle:
 * assets-bundle.dist.test.ts (the "dist" test project).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { get, testConfig } from "../testing/harness.js";
import { hideBuiltFiles } from "../testing/without-built-files.js";

describe("when dist/browser/foyer-elements.js has not been built", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  /** A fresh copy of the server (the bundle is read once per process) that cannot find the file. */
  async function withoutBundle() {
    hideBuiltFiles();
    const [{ Auth: freshAuth }, assets] = await Promise.all([import("../auth.js"), import("../pages/assets.js")]);
    return { Auth: freshAuth, elementsScriptPath: assets.elementsScriptPath, logoAssetPath: assets.logoAssetPath };
  }

  it("elementsScriptPath() is undefined, the asset is absent, and a debug line says to run `npm run build`", async () => {
    const fresh = await withoutBundle();
    expect(fresh.elementsScriptPath()).toBeUndefined();
    const debug = vi.fn();
    const response = await fresh.Auth(get("/auth/assets/foyer-elements.0123456789.js"), testConfig({ logger: { error() {}, warn() {}, debug } }));
    expect(response.status).toBe(404);
    expect(debug).toHaveBeenCalledWith(expect.stringContaining("npm run build"), undefined);
  });

  it("other assets are unaffected", async () => {
    const fresh = await withoutBundle();
    const logo = fresh.logoAssetPath("github", "fff");
    const response = await fresh.Auth(get(`/auth/assets/${logo}`), testConfig());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
  });
});
