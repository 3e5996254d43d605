/** The bounded memory of verified values that lets a repeated CSRF cookie skip its hash. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyCsrf } from "./csrf.js";
import { VerifiedValues } from "./verified-values.js";

const sha256hex = (s: string) => createHash("sha256").update(s).digest("hex");
const cookieFor = (token: string, secret: string) => `${token}|${sha256hex(token + secret)}`;
const read = (cookieValue: string, secret: string) => verifyCsrf({ cookieValue, secret, isPost: false, bodyToken: undefined });

describe("VerifiedValues", () => {
  it("finds a value only under the secret it was added with", () => {
    const values = new VerifiedValues({ maxValueLength: 100 });
    values.add("secret-a", "v");
    expect(values.has("secret-a", "v")).toBe(true);
    expect(values.has("secret-b", "v")).toBe(false);
    expect(values.has("secret-a", "w")).toBe(false);
  });

  it("keeps at most maxValues per secret and maxSecrets secrets, dropping the oldest", () => {
    const values = new VerifiedValues({ maxValues: 3, maxSecrets: 2, maxValueLength: 100 });
    for (const v of ["1", "2", "3", "4"]) values.add("s1", v);
    expect(values.size("s1")).toBe(3);
    expect(values.has("s1", "1")).toBe(false);
    expect(values.has("s1", "4")).toBe(true);
    values.add("s2", "x");
    values.add("s3", "y");
    expect(values.size("s1")).toBe(0);
    expect(values.has("s3", "y")).toBe(true);
  });

  it("never stores a value longer than maxValueLength", () => {
    const values = new VerifiedValues({ maxValueLength: 4 });
    values.add("s", "12345");
    expect(values.has("s", "12345")).toBe(false);
  });
});

describe("verifyCsrf with remembered cookies", () => {
  const secret = "csrf-memory-secret-0123456789abcdef";
  const token = "a".repeat(64);

  it("keeps accepting a valid cookie on repeated reads", async () => {
    const cookie = cookieFor(token, secret);
    for (let i = 0; i < 3; i++) expect(await read(cookie, secret)).toEqual({ token, verified: false });
  });

  it("refuses a cookie that verified before once the secret has changed", async () => {
    const cookie = cookieFor(token, secret);
    await read(cookie, secret);
    const state = await read(cookie, "another-secret-0123456789abcdefgh");
    expect(state.newCookieValue).toBeDefined();
    expect(state.token).not.toBe(token);
  });

  it("refuses an altered hash after the genuine cookie was accepted", async () => {
    const cookie = cookieFor(token, secret);
    await read(cookie, secret);
    const tampered = `${token}|${"0".repeat(64)}`;
    const state = await read(tampered, secret);
    expect(state.newCookieValue).toBeDefined();
    // Same token, another hash: only the exact value that verified is remembered.
    const sameHashOtherToken = `${"b".repeat(64)}|${cookie.split("|")[1]}`;
    expect((await read(sameHashOtherToken, secret)).newCookieValue).toBeDefined();
  });

  it("never remembers a cookie that failed", async () => {
    const forged = `${"c".repeat(64)}|${"d".repeat(64)}`;
    for (let i = 0; i < 2; i++) expect((await read(forged, secret)).newCookieValue).toBeDefined();
  });
});
