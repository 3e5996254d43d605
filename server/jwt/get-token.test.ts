import { describe, expect, it } from "vitest";
import { encode, getToken } from "./index.js";
import { MissingSecret } from "../core/errors.js";
import { MAX_CHUNKS } from "../cookies/chunks.js";

const SECRET = "get-token-secret-0123456789abcdef0123456789";
const OTHER = "other-secret-fedcba9876543210fedcba98765432";
const NAME = "authjs.session-token";
const SECURE_NAME = "__Secure-authjs.session-token";
const URL_ = "http://localhost:3000/api/x";

const seal = (token: Record<string, unknown>, salt = NAME, secret: string | string[] = SECRET, maxAge?: number) => encode({ token, secret, salt, maxAge });

const withCookie = (cookie: string) => new Request(URL_, { headers: { cookie } });
const withAuth = (authorization: string) => new Request(URL_, { headers: { authorization } });

/** Splits a value the way Auth.js chunks it (3936 characters per chunk). */
function chunks(name: string, value: string): string {
  const out: string[] = [];
  for (let i = 0; i * 3936 < value.length; i++) out.push(`${name}.${i}=${value.slice(i * 3936, (i + 1) * 3936)}`);
  return out.join("; ");
}

describe("getToken: cookie sources", () => {
  it("reads the session cookie from a plain Request", async () => {
    const token = await seal({ sub: "1", name: "Ada" });
    const payload = await getToken({ req: withCookie(`other=1; ${NAME}=${token}`), secret: SECRET });
    expect(payload).toMatchObject({ sub: "1", name: "Ada" });
  });

  it("reads from a {headers: {...}} record (lower-case and mixed-case names)", async () => {
    const token = await seal({ sub: "2" });
    expect(await getToken({ req: { headers: { cookie: `${NAME}=${token}` } }, secret: SECRET })).toMatchObject({ sub: "2" });
    expect(await getToken({ req: { headers: { Cookie: `${NAME}=${token}` } }, secret: SECRET })).toMatchObject({ sub: "2" });
  });

  it("reads from a {headers: Headers} object", async () => {
    const token = await seal({ sub: "3" });
    const headers = new Headers({ cookie: `${NAME}=${token}` });
    expect(await getToken({ req: { headers }, secret: SECRET })).toMatchObject({ sub: "3" });
  });

  it("reads a cookie header given as an array in a record", async () => {
    const token = await seal({ sub: "4" });
    const payload = await getToken({ req: { headers: { cookie: ["a=1", `${NAME}=${token}`] } }, secret: SECRET });
    expect(payload).toMatchObject({ sub: "4" });
  });

  it("reassembles chunked cookies (.0 .1 .2), in any header order", async () => {
    const big = { sub: "5", blob: "x".repeat(8000) };
    const token = await seal(big);
    expect(token.length).toBeGreaterThan(2 * 3936);
    const header = chunks(NAME, token);
    expect(header.split("; ")).toHaveLength(3);
    expect(await getToken({ req: withCookie(header), secret: SECRET })).toMatchObject(big);
    const reversed = header.split("; ").reverse().join("; ");
    expect(await getToken({ req: withCookie(reversed), secret: SECRET })).toMatchObject(big);
    expect(await getToken({ req: withCookie(reversed), raw: true })).toBe(token);
  });

  it("R-SESS-08 a chunked cookie with a missing .1 → null", async () => {
    const token = await seal({ sub: "6", blob: "y".repeat(8000) });
    const parts = chunks(NAME, token).split("; ");
    const header = [parts[0], parts[2]].join("; ");
    expect(await getToken({ req: withCookie(header), secret: SECRET })).toBeNull();
  });

  it("R-SESS-08 hundreds of chunk cookies → null, no throw; raw mode reads no more than the first MAX_CHUNKS chunks", async () => {
    const header = Array.from({ length: 300 }, (_, i) => `${NAME}.${i}=abc`).join("; ");
    expect(await getToken({ req: withCookie(header), secret: SECRET })).toBeNull();
    expect(await getToken({ req: withCookie(header), raw: true })).toBe("abc".repeat(MAX_CHUNKS));
  });

  it("secureCookie: reads __Secure-authjs.session-token with its own salt", async () => {
    const token = await seal({ sub: "7" }, SECURE_NAME);
    const req = withCookie(`${SECURE_NAME}=${token}`);
    expect(await getToken({ req, secret: SECRET, secureCookie: true })).toMatchObject({ sub: "7" });
    // The default is secureCookie=false, whatever the URL protocol: the __Secure- cookie is not read.
    const httpsReq = new Request("https://example.com/x", { headers: { cookie: `${SECURE_NAME}=${token}` } });
    expect(await getToken({ req: httpsReq, secret: SECRET })).toBeNull();
    expect(await getToken({ req: httpsReq, secret: SECRET, secureCookie: true })).toMatchObject({ sub: "7" });
  });

  it("R-SESS-03 a token sealed for the plain name, presented under the __Secure- name → null (and the reverse)", async () => {
    const plain = await seal({ sub: "8" }, NAME);
    const secure = await seal({ sub: "8" }, SECURE_NAME);
    expect(await getToken({ req: withCookie(`${SECURE_NAME}=${plain}`), secret: SECRET, secureCookie: true })).toBeNull();
    expect(await getToken({ req: withCookie(`${NAME}=${secure}`), secret: SECRET })).toBeNull();
  });

  it("cookieName and salt options", async () => {
    const token = await seal({ sub: "9" }, "my-salt");
    const req = withCookie(`my-session=${token}`);
    expect(await getToken({ req, secret: SECRET, cookieName: "my-session", salt: "my-salt" })).toMatchObject({ sub: "9" });
    // salt defaults to the cookie name
    expect(await getToken({ req, secret: SECRET, cookieName: "my-session" })).toBeNull();
    const t2 = await seal({ sub: "10" }, "my-session");
    expect(await getToken({ req: withCookie(`my-session=${t2}`), secret: SECRET, cookieName: "my-session" })).toMatchObject({ sub: "10" });
  });

  it("opens tokens sealed with any listed secret", async () => {
    const token = await seal({ sub: "11" }, NAME, OTHER);
    expect(await getToken({ req: withCookie(`${NAME}=${token}`), secret: [SECRET, OTHER] })).toMatchObject({ sub: "11" });
    expect(await getToken({ req: withCookie(`${NAME}=${token}`), secret: SECRET })).toBeNull();
  });

  it("an expired token → null", async () => {
    const token = await seal({ sub: "12" }, NAME, SECRET, -60);
    expect(await getToken({ req: withCookie(`${NAME}=${token}`), secret: SECRET })).toBeNull();
  });

  it("uses a custom decode", async () => {
    const seen: unknown[] = [];
    const payload = await getToken({
      req: withCookie(`${NAME}=opaque`),
      secret: SECRET,
      decode: (params) => {
        seen.push(params);
        return { sub: "custom" };
      },
    });
    expect(payload).toEqual({ sub: "custom" });
    expect(seen).toEqual([{ token: "opaque", secret: SECRET, salt: NAME }]);
  });

  it("a custom decode that throws → null", async () => {
    const payload = await getToken({
      req: withCookie(`${NAME}=opaque`),
      secret: SECRET,
      decode: () => {
        throw new Error("boom");
      },
    });
    expect(payload).toBeNull();
  });
});

describe("getToken: raw and secrets", () => {
  it("raw: true returns the string without needing a secret", async () => {
    const token = await seal({ sub: "1" });
    expect(await getToken({ req: withCookie(`${NAME}=${token}`), raw: true })).toBe(token);
    expect(await getToken({ req: withAuth(`Bearer ${token}`), raw: true })).toBe(token);
  });

  it("raw: true with no token → null", async () => {
    expect(await getToken({ req: new Request(URL_), raw: true })).toBeNull();
  });

  it("a missing secret throws MissingSecret (when there is a token)", async () => {
    const token = await seal({ sub: "1" });
    const req = withCookie(`${NAME}=${token}`);
    await expect(getToken({ req })).rejects.toBeInstanceOf(MissingSecret);
    await expect(getToken({ req })).rejects.toThrow("Must pass `secret` if not set to JWT getToken()");
    await expect(getToken({ req, secret: "" })).rejects.toBeInstanceOf(MissingSecret);
    await expect(getToken({ req, secret: [] })).rejects.toBeInstanceOf(MissingSecret);
  });

  it("no token → null, even without a secret", async () => {
    expect(await getToken({ req: new Request(URL_) })).toBeNull();
    expect(await getToken({ req: { headers: {} }, secret: SECRET })).toBeNull();
  });

  it("an empty session cookie is no token", async () => {
    expect(await getToken({ req: withCookie(`${NAME}=`), secret: SECRET })).toBeNull();
  });
});

describe("getToken: Authorization header", () => {
  it("a valid Bearer token works", async () => {
    const token = await seal({ sub: "b1" });
    expect(await getToken({ req: withAuth(`Bearer ${token}`), secret: SECRET })).toMatchObject({ sub: "b1" });
  });

  it("a valid percent-encoded Bearer token works", async () => {
    const token = await seal({ sub: "b2" });
    const encoded = token.replaceAll(".", "%2E").replaceAll("-", "%2D").replaceAll("_", "%5f");
    expect(encoded).not.toBe(token);
    expect(await getToken({ req: withAuth(`Bearer ${encoded}`), secret: SECRET })).toMatchObject({ sub: "b2" });
    expect(await getToken({ req: withAuth(`Bearer ${encoded}`), raw: true })).toBe(token);
  });

  it("a Bearer token in a {headers} record works", async () => {
    const token = await seal({ sub: "b3" });
    expect(await getToken({ req: { headers: { authorization: `Bearer ${token}` } }, secret: SECRET })).toMatchObject({ sub: "b3" });
    expect(await getToken({ req: { headers: { Authorization: `Bearer ${token}` } }, secret: SECRET })).toMatchObject({ sub: "b3" });
  });

  it("the cookie wins over the Authorization header", async () => {
    const fromCookie = await seal({ sub: "cookie" });
    const fromHeader = await seal({ sub: "header" });
    const req = new Request(URL_, { headers: { cookie: `${NAME}=${fromCookie}`, authorization: `Bearer ${fromHeader}` } });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "cookie" });
  });

  it("an invalid cookie is not replaced by a Bearer token (as upstream)", async () => {
    const fromHeader = await seal({ sub: "header" });
    const req = new Request(URL_, { headers: { cookie: `${NAME}=garbage`, authorization: `Bearer ${fromHeader}` } });
    expect(await getToken({ req, secret: SECRET })).toBeNull();
  });

  it("other schemes are ignored", async () => {
    const token = await seal({ sub: "b4" });
    expect(await getToken({ req: withAuth(`Basic ${token}`), secret: SECRET })).toBeNull();
    expect(await getToken({ req: withAuth(`bearer ${token}`), secret: SECRET })).toBeNull();
  });

  const hostile: [string, string][] = [
    ["malformed percent-encoding", "Bearer %E0%A4%A"],
    ["a lone %", "Bearer %"],
    ["Bearer alone", "Bearer"],
    ["Bearer and a space", "Bearer "],
    ["several parts", "Bearer a b c"],
    ["a garbage 64 KB token", `Bearer ${"a".repeat(64 * 1024)}`],
    ["a 64 KB token of dots", `Bearer ${".".repeat(64 * 1024)}`],
    ["invalid UTF-8 sequence", "Bearer %C0%AF"],
    ["a lone surrogate", "Bearer %ED%A0%80"],
  ];
  for (const [label, value] of hostile) {
    it(`R-SESS-01 ${label} → null, never throws`, async () => {
      await expect(getToken({ req: withAuth(value), secret: SECRET })).resolves.toBeNull();
      await expect(getToken({ req: { headers: { authorization: value } }, secret: SECRET })).resolves.toBeNull();
    });
  }

  it("R-SESS-01 Bearer %E0%A4%A with raw: true → null, never throws", async () => {
    await expect(getToken({ req: withAuth("Bearer %E0%A4%A"), raw: true })).resolves.toBeNull();
    await expect(getToken({ req: withAuth("Bearer %"), raw: true })).resolves.toBeNull();
  });

  it("R-SESS-01 a valid 64 KB sealed token in the Authorization header → null", async () => {
    const token = await seal({ sub: "big", blob: "z".repeat(48 * 1024) });
    expect(token.length).toBeGreaterThanOrEqual(64 * 1024);
    await expect(getToken({ req: withAuth(`Bearer ${token}`), secret: SECRET })).resolves.toBeNull();
  });

  it("R-SESS-01 two Authorization headers (Headers object) → null, never throws", async () => {
    const t1 = await seal({ sub: "one" });
    const t2 = await seal({ sub: "two" });
    const headers = new Headers();
    headers.append("authorization", `Bearer ${t1}`);
    headers.append("authorization", `Bearer ${t2}`);
    await expect(getToken({ req: new Request(URL_, { headers }), secret: SECRET })).resolves.toBeNull();
    await expect(getToken({ req: { headers }, secret: SECRET })).resolves.toBeNull();
  });

  it("R-SESS-01 two Authorization headers (record with an array) → null, never throws", async () => {
    const t1 = await seal({ sub: "one" });
    const t2 = await seal({ sub: "two" });
    await expect(getToken({ req: { headers: { authorization: ["Bearer %", "Bearer x"] } }, secret: SECRET })).resolves.toBeNull();
    await expect(getToken({ req: { headers: { authorization: [`Bearer ${t1}`, `Bearer ${t2}`] } }, secret: SECRET })).resolves.toBeNull();
  });
});
