/**
 * Base paths are paths on the page's own origin: one leading slash, no trailing slash, and leading
 * slashes or backslashes collapsed, so `//host` or `/\host` can never name another host where the path
 * is resolved on its own (the elements' script imports and catalogue fetches).
 */
import { describe, expect, it } from "vitest";
import { normalizeBasePath } from "./options.js";

describe("normalizeBasePath", () => {
  it.each([
    [undefined, "/auth"],
    ["/auth", "/auth"],
    ["auth", "/auth"],
    ["/api/auth/", "/api/auth"],
    ["/", ""],
    ["", ""],
    ["//evil.example", "/evil.example"],
    ["///evil.example/auth", "/evil.example/auth"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example", "/evil.example"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeBasePath(input)).toBe(expected);
    // Resolved on its own against a page, it stays on the page's origin.
    expect(new URL(`${normalizeBasePath(input)}/assets/x.js`, "https://app.example/page").origin).toBe("https://app.example");
  });
});
