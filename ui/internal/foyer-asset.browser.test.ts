/**
 * Foyer's assets are imported from the page's own origin, whatever the base path says.
 */
import { expect, test } from "vitest";
import { importFoyerAsset } from "./foyer-asset.js";

test("a base path that looks like another host is a path on this origin", async () => {
  for (const basePath of ["//evil.example", "/\\evil.example"]) {
    const failure = await importFoyerAsset(basePath, "missing.js").then(
      () => undefined,
      (error: unknown) => String(error),
    );
    // Chromium names the URL it tried in the error.
    expect(failure, basePath).toContain(`${location.origin}/evil.example/assets/missing.js`);
  }
});
