/**
 * `GET {basePath}/assets/foyer-elements.<hash>.js`: Foyer serves the self-contained web components
 * bundle (dist/browser/foyer-elements.js, written by `npm run build`) from its own origin, under a
 * content-hashed name (docs/elements.md#loading-the-elements). Tested through `Auth()`. Needs the built bundle (the "dist" test
 * project); without it: assets-bundle.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { elementsScriptPath } from "../pages/assets.js";
import { get, testConfig } from "../testing/harness.js";

const BUNDLE = new URL("../../dist/browser/foyer-elements.js", import.meta.url);

describe("the web components bundle as a Foyer asset", () => {
  beforeAll(() => {
    if (!existsSync(BUNDLE)) throw new Error("dist/browser/foyer-elements.js is missing: run `npm run build` first (`npm test` does this for you).");
  });

  it("elementsScriptPath() names the built file with a content hash, and is stable", () => {
    const path = elementsScriptPath();
    expect(path).toMatch(/^foyer-elements\.[0-9a-f]{10}\.js$/);
    expect(elementsScriptPath()).toBe(path);
  });

  it("serves the built file: JavaScript, immutable, nosniff", async () => {
    const response = await Auth(get(`/auth/assets/${elementsScriptPath()}`), testConfig());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(BUNDLE))).toBe(true);
  });

  it("serves it under any basePath", async () => {
    const response = await Auth(get(`/api/auth/assets/${elementsScriptPath()}`), testConfig({ basePath: "/api/auth" }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(readFileSync(BUNDLE, "utf8"));
  });

  it.each(["foyer-elements.0000000000.js", "foyer-elements.js", "foyer-client.js", "auth-signin.js", "foyer-elements.JS"])("%s → 404", async (path) => {
    const response = await Auth(get(`/auth/assets/${path}`), testConfig());
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "NotFound" });
  });

  it("exists only at the top of assets/", async () => {
    for (const path of [`logos/${elementsScriptPath()}`, `${elementsScriptPath()}/x`, `x/${elementsScriptPath()}`]) {
      expect((await Auth(get(`/auth/assets/${path}`), testConfig())).status, path).toBe(404);
    }
  });

  it("is read with GET only", async () => {
    const response = await Auth(new Request(`http://localhost:3000/auth/assets/${elementsScriptPath()}`, { method: "POST" }), testConfig());
    expect(response.status).toBe(405);
  });
});
