/**
 * `GET {basePath}/assets/theme.json`: the server's theme for the web components on the same site
 * (server/pages/site-theme.ts), cacheable and revalidated by its ETag.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { get, testConfig } from "../testing/harness.js";

describe("GET {basePath}/assets/theme.json", () => {
  it("answers the validated theme in the elements' Theme shape, with the resolved text colour", async () => {
    const response = await Auth(
      get("/auth/assets/theme.json"),
      testConfig({ theme: { brandColor: " #7c3aed ", colorScheme: "dark", logo: "https://example.com/logo.svg" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toEqual({ brandColor: "#7c3aed", buttonText: "#fff", colorScheme: "dark", logo: "https://example.com/logo.svg" });
  });

  it("keeps the configured button text colour", async () => {
    const response = await Auth(get("/auth/assets/theme.json"), testConfig({ theme: { brandColor: "#fde047", buttonText: "rgb(20 20 20)" } }));
    expect(await response.json()).toEqual({ brandColor: "#fde047", buttonText: "rgb(20 20 20)" });
  });

  it("answers 204 without a theme, under any base path", async () => {
    const response = await Auth(get("/api/auth/assets/theme.json"), testConfig({ basePath: "/api/auth" }));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{8}"$/);
  });

  it("answers 304 to a request that has the current version, and 200 when the theme changed", async () => {
    const config = testConfig({ theme: { brandColor: "#7c3aed" } });
    const first = await Auth(get("/auth/assets/theme.json"), config);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{8}"$/);
    const again = await Auth(get("/auth/assets/theme.json", { headers: { "if-none-match": etag } }), config);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const changed = await Auth(get("/auth/assets/theme.json", { headers: { "if-none-match": etag } }), testConfig({ theme: { brandColor: "#0f766e" } }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.json()).toEqual({ brandColor: "#0f766e", buttonText: "#fff" });
  });

  it("is read with GET only", async () => {
    const response = await Auth(
      new Request("http://localhost:3000/auth/assets/theme.json", { method: "POST" }),
      testConfig({ theme: { brandColor: "#7c3aed" } }),
    );
    expect(response.status).toBe(405);
  });

  it("never carries a theme the configuration refused: the elements get no theme (the pages answer the configuration error)", async () => {
    const response = await Auth(get("/auth/assets/theme.json"), testConfig({ theme: { brandColor: "red;}body{background:url(//evil)}" } }));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});
