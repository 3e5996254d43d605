import { describe, expect, it } from "vitest";
import { ChunkedCookie, CHUNK_SIZE, MAX_CHUNKS } from "./chunks.js";
import { parseCookieHeader, MAX_COOKIE_HEADER_LENGTH } from "./parse.js";
import { serializeCookie } from "./serialize.js";
import { SessionTokenError } from "../core/errors.js";
import { defaultCookies, resolveCookies } from "./defaults.js";
// Upstream's own serializer, for a side-by-side check of attribute order (not exported by the package).
import { serialize as upstreamSerialize, parse as upstreamParse } from "../../node_modules/@auth/core/lib/vendored/cookie.js";

const NAME = "authjs.session-token";
const option = defaultCookies(false).sessionToken;
const secureOption = defaultCookies(true).sessionToken;

const cookiesOf = (record: Record<string, string>) => {
  const out: Record<string, string> = Object.create(null);
  Object.assign(out, record);
  return out;
};
const summary = (cookies: { name: string; value: string; options: { maxAge?: number } }[]) =>
  cookies.map((c) => [c.name, c.value === "" && c.options.maxAge === 0 ? "deleted" : c.value.length]);

describe("chunk writing, as Auth.js chunks", () => {
  it("chunk size is 4096 − 160 = 3936", () => {
    expect(CHUNK_SIZE).toBe(3936);
  });

  it("3936 characters → one cookie under the plain name", () => {
    const { cookies, chunked } = new ChunkedCookie(option, cookiesOf({})).write("a".repeat(3936));
    expect(chunked).toBe(false);
    expect(summary(cookies)).toEqual([[NAME, 3936]]);
    expect(cookies[0]!.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
  });

  it("3937 characters → .0 (3936) + .1 (1), no plain cookie", () => {
    const value = "a".repeat(3936) + "b";
    const { cookies, chunked } = new ChunkedCookie(option, cookiesOf({})).write(value);
    expect(chunked).toBe(true);
    expect(summary(cookies)).toEqual([
      [`${NAME}.0`, 3936],
      [`${NAME}.1`, 1],
    ]);
    expect(cookies[1]!.value).toBe("b");
    expect(cookies.map((c) => c.value).join("")).toBe(value);
  });

  it("7872 → two chunks, 7873 → three chunks", () => {
    expect(summary(new ChunkedCookie(option, cookiesOf({})).write("x".repeat(7872)).cookies)).toEqual([
      [`${NAME}.0`, 3936],
      [`${NAME}.1`, 3936],
    ]);
    expect(summary(new ChunkedCookie(option, cookiesOf({})).write("x".repeat(7873)).cookies)).toEqual([
      [`${NAME}.0`, 3936],
      [`${NAME}.1`, 3936],
      [`${NAME}.2`, 1],
    ]);
  });

  it("an empty value is written as one plain cookie", () => {
    expect(summary(new ChunkedCookie(option, cookiesOf({})).write("").cookies)).toEqual([[NAME, 0]]);
  });

  it("the 8 414-character example: deletion of the plain cookie, then .0 .1 .2 of 3936/3936/542", () => {
    const value = Array.from({ length: 8414 }, (_, i) => "abcdefghij"[i % 10]).join("");
    const store = new ChunkedCookie(option, cookiesOf({ [NAME]: "old-small-token" }));
    expect(store.value).toBe("old-small-token");
    const expires = new Date("2026-06-01T00:00:00Z");
    const { cookies, chunked } = store.write(value, { expires });
    expect(chunked).toBe(true);
    expect(summary(cookies)).toEqual([
      [NAME, "deleted"],
      [`${NAME}.0`, 3936],
      [`${NAME}.1`, 3936],
      [`${NAME}.2`, 542],
    ]);
    expect(
      cookies
        .slice(1)
        .map((c) => c.value)
        .join(""),
    ).toBe(value);
    // New chunks carry the session cookie's options plus the given expiry; the deletion its normal attributes.
    for (const c of cookies.slice(1)) expect(c.options).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: false, expires });
    expect(serializeCookie(cookies[0]!.name, cookies[0]!.value, cookies[0]!.options)).toBe(`${NAME}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(serializeCookie(cookies[3]!.name, cookies[3]!.value, cookies[3]!.options)).toBe(
      `${NAME}.2=${value.slice(7872)}; Path=/; Expires=Mon, 01 Jun 2026 00:00:00 GMT; HttpOnly; SameSite=Lax`,
    );
  });

  it("going back from chunks to a small token emits deletions for .0/.1/.2 plus the plain cookie", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "a", [`${NAME}.1`]: "b", [`${NAME}.2`]: "c" }));
    const { cookies, chunked } = store.write("small");
    expect(chunked).toBe(false);
    expect(summary(cookies)).toEqual([
      [`${NAME}.0`, "deleted"],
      [`${NAME}.1`, "deleted"],
      [`${NAME}.2`, "deleted"],
      [NAME, 5],
    ]);
    expect(cookies[3]!.value).toBe("small");
    for (const c of cookies.slice(0, 3)) expect(c.options).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: false, maxAge: 0 });
  });

  it("three chunks → two: .0/.1 rewritten once each (no duplicate names), .2 deleted", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "a", [`${NAME}.1`]: "b", [`${NAME}.2`]: "c" }));
    const { cookies } = store.write("y".repeat(5000));
    expect(summary(cookies)).toEqual([
      [`${NAME}.0`, 3936],
      [`${NAME}.1`, 1064],
      [`${NAME}.2`, "deleted"],
    ]);
    expect(new Set(cookies.map((c) => c.name)).size).toBe(cookies.length);
  });

  it("re-writing a plain cookie with a small value emits exactly one cookie for that name", () => {
    const { cookies } = new ChunkedCookie(option, cookiesOf({ [NAME]: "old" })).write("new");
    expect(cookies).toEqual([{ name: NAME, value: "new", options: { ...option.options } }]);
  });

  it("secure names chunk under the __Secure- name with Secure set", () => {
    const { cookies } = new ChunkedCookie(secureOption, cookiesOf({})).write("s".repeat(4000));
    expect(cookies.map((c) => c.name)).toEqual(["__Secure-authjs.session-token.0", "__Secure-authjs.session-token.1"]);
    expect(cookies.every((c) => c.options.secure === true)).toBe(true);
  });

  it("clean() deletes every chunk the request carried", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [NAME]: "p", [`${NAME}.0`]: "a", [`${NAME}.1`]: "b", unrelated: "x" }));
    expect(summary(store.clean())).toEqual([
      [NAME, "deleted"],
      [`${NAME}.0`, "deleted"],
      [`${NAME}.1`, "deleted"],
    ]);
    expect(new ChunkedCookie(option, cookiesOf({ unrelated: "x" })).clean()).toEqual([]);
  });
});

describe("chunk reading", () => {
  it("reassembles .0 .1 .2 in numeric order", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "AAA", [`${NAME}.1`]: "BBB", [`${NAME}.2`]: "CC" }));
    expect(store.value).toBe("AAABBBCC");
    expect(store.names).toEqual([`${NAME}.0`, `${NAME}.1`, `${NAME}.2`]);
  });

  it("a single plain cookie is read as is", () => {
    expect(new ChunkedCookie(option, cookiesOf({ [NAME]: "tok" })).value).toBe("tok");
  });

  it("no cookie → value undefined, no names", () => {
    const store = new ChunkedCookie(option, cookiesOf({ other: "1" }));
    expect(store.value).toBeUndefined();
    expect(store.names).toEqual([]);
  });

  it("empty-valued chunks are skipped", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [NAME]: "", [`${NAME}.0`]: "A", [`${NAME}.1`]: "" }));
    expect(store.value).toBe("A");
    expect(store.names).toEqual([`${NAME}.0`]);
  });

  it("R-SESS-08 reordered chunks are sorted by their integer suffix", () => {
    const record: Record<string, string> = {};
    for (const i of [7, 2, 0, 5, 1, 3, 4, 6]) record[`${NAME}.${i}`] = String.fromCharCode(65 + i);
    const store = new ChunkedCookie(option, cookiesOf(record));
    expect(store.value).toBe("ABCDEFGH");
  });

  it("R-SESS-08 reordered chunks in a Cookie header reassemble", () => {
    const header = `${NAME}.2=C; ${NAME}.0=A; x=1; ${NAME}.1=B`;
    expect(new ChunkedCookie(option, parseCookieHeader(header)).value).toBe("ABC");
  });

  it("R-SESS-08 a missing .1: the rest is concatenated (and will fail to decode), clean() deletes every chunk", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "AAA", [`${NAME}.2`]: "CCC" }));
    expect(store.value).toBe("AAACCC");
    expect(summary(store.clean())).toEqual([
      [`${NAME}.0`, "deleted"],
      [`${NAME}.2`, "deleted"],
    ]);
  });

  it("R-SESS-08 a stale extra .3 is part of the value and deleted on the next write", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "A", [`${NAME}.1`]: "B", [`${NAME}.2`]: "C", [`${NAME}.3`]: "STALE" }));
    expect(store.value).toBe("ABCSTALE");
    const { cookies } = store.write("z".repeat(3937 + 3936));
    expect(summary(cookies)).toEqual([
      [`${NAME}.0`, 3936],
      [`${NAME}.1`, 3936],
      [`${NAME}.2`, 1],
      [`${NAME}.3`, "deleted"],
    ]);
  });

  it("R-SESS-08 non-numeric suffixes are ignored", () => {
    const store = new ChunkedCookie(
      option,
      cookiesOf({
        [`${NAME}.0`]: "A",
        [`${NAME}.1`]: "B",
        [`${NAME}.x`]: "X",
        [`${NAME}.1a`]: "Y",
        [`${NAME}.-1`]: "Z",
        [`${NAME}.1.2`]: "W",
        [`${NAME}.`]: "V",
        [`${NAME}-legacy`]: "U",
        [`${NAME}.0x1`]: "T",
        [`${NAME}. 1`]: "S",
      }),
    );
    expect(store.value).toBe("AB");
    expect(store.names).toEqual([`${NAME}.0`, `${NAME}.1`]);
    // And they are not deleted by clean(): they are not ours.
    expect(store.clean().map((c) => c.name)).toEqual([`${NAME}.0`, `${NAME}.1`]);
  });

  it("R-SESS-08 a cookie whose name only shares a prefix with another cookie name is not read", () => {
    const store = new ChunkedCookie(option, cookiesOf({ "authjs.session-token-x.0": "A", [`__Secure-${NAME}`]: "B" }));
    expect(store.value).toBeUndefined();
  });

  it("R-SESS-08 plain and suffixed names mixed: all are collected, the plain one sorts as index 0", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.1`]: "B", [NAME]: "P" }));
    expect(store.value).toBe("PB");
    expect(new Set(store.names)).toEqual(new Set([NAME, `${NAME}.1`]));
    const { cookies } = store.write("fresh");
    expect(summary(cookies)).toEqual([
      [`${NAME}.1`, "deleted"],
      [NAME, 5],
    ]);
  });

  it(`R-SESS-08 up to MAX_CHUNKS (${MAX_CHUNKS}) chunks reassemble; chunks numbered ${MAX_CHUNKS} and up are neither read nor deleted`, () => {
    const make = (n: number) => {
      const r: Record<string, string> = {};
      for (let i = 0; i < n; i++) r[`${NAME}.${i}`] = "a";
      return new ChunkedCookie(option, cookiesOf(r));
    };
    expect(make(MAX_CHUNKS).value).toBe("a".repeat(MAX_CHUNKS));
    const over = make(MAX_CHUNKS + 3);
    expect(over.value).toBe("a".repeat(MAX_CHUNKS));
    expect(over.names).toHaveLength(MAX_CHUNKS);
    expect(over.clean().map((c) => c.name)).not.toContain(`${NAME}.${MAX_CHUNKS}`);
  });

  it("R-SESS-08 hundreds of chunk cookies: at most MAX_CHUNKS + 1 names read, and clean() deletes no more, no throw", () => {
    const header = [`${NAME}=plain`, ...Array.from({ length: 400 }, (_, i) => `${NAME}.${i}=chunk${i}`)].join("; ");
    const store = new ChunkedCookie(option, parseCookieHeader(header));
    expect(store.names).toHaveLength(MAX_CHUNKS + 1);
    const deletions = store.clean();
    expect(deletions.length).toBe(MAX_CHUNKS + 1);
    expect(deletions.every((c) => c.value === "" && c.options.maxAge === 0)).toBe(true);
    const { cookies } = store.write("fresh");
    expect(cookies).toHaveLength(MAX_CHUNKS + 1);
    expect(cookies.find((c) => c.name === NAME)!.value).toBe("fresh");
  });

  it("R-SESS-08 chunk names with leading zeros (.07, .00) are not chunks", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "A", [`${NAME}.07`]: "B", [`${NAME}.00`]: "C" }));
    expect(store.value).toBe("A");
    expect(store.names).toEqual([`${NAME}.0`]);
  });

  it(`writing a token longer than MAX_CHUNKS (${MAX_CHUNKS}) chunks fails loudly instead of writing a cookie that cannot be read back`, () => {
    const store = new ChunkedCookie(option, cookiesOf({}));
    expect(store.write("x".repeat(CHUNK_SIZE * MAX_CHUNKS)).cookies).toHaveLength(MAX_CHUNKS);
    expect(() => store.write("x".repeat(CHUNK_SIZE * MAX_CHUNKS + 1))).toThrow(SessionTokenError);
  });

  it("R-SESS-08 chunk suffixes with more than 3 digits are ignored", () => {
    const store = new ChunkedCookie(option, cookiesOf({ [`${NAME}.0`]: "A", [`${NAME}.1000`]: "B", [`${NAME}.00000000001`]: "C" }));
    expect(store.value).toBe("A");
  });
});

describe("Cookie header parsing", () => {
  it("parses name=value pairs, trimming whitespace", () => {
    const c = parseCookieHeader(" a=1 ;b=2;  c = 3 ");
    expect({ ...c }).toEqual({ a: "1", b: "2", c: "3" });
  });

  it("a duplicated name keeps the first occurrence", () => {
    const c = parseCookieHeader(`${NAME}=first; other=x; ${NAME}=second`);
    expect(c[NAME]).toBe("first");
    expect(c.other).toBe("x");
  });

  it("agrees with upstream on first-occurrence wins", () => {
    const header = "a=1; a=2; b=%7C; c= spaced ; d=%E0%A4%A";
    expect({ ...parseCookieHeader(header) }).toEqual(upstreamParse(header));
  });

  it("percent-decodes values; a CSRF cookie value keeps its | separator", () => {
    const c = parseCookieHeader("authjs.csrf-token=abc%7Cdef; sp=a%20b");
    expect(c["authjs.csrf-token"]).toBe("abc|def");
    expect(c.sp).toBe("a b");
  });

  it("malformed percent-encoding keeps the raw text and does not throw", () => {
    expect(parseCookieHeader("bad=%E0%A4%A; ok=1")).toMatchObject({ bad: "%E0%A4%A", ok: "1" });
  });

  it("segments without = and empty names are skipped", () => {
    const c = parseCookieHeader("novalue; =x; a=1;;");
    expect(Object.keys(c)).toEqual(["a"]);
  });

  it("values may contain =", () => {
    expect(parseCookieHeader("a=b=c").a).toBe("b=c");
  });

  it("null or empty header → empty object", () => {
    expect(Object.keys(parseCookieHeader(null))).toEqual([]);
    expect(Object.keys(parseCookieHeader(""))).toEqual([]);
  });

  it("a header over the length cap is truncated, not rejected", () => {
    const header = `first=1; big=${"x".repeat(MAX_COOKIE_HEADER_LENGTH)}; last=2`;
    const c = parseCookieHeader(header);
    expect(c.first).toBe("1");
    expect(c.last).toBeUndefined();
  });

  it("R-REQ-09 __proto__, constructor and prototype cookie names are plain keys; no prototype pollution", () => {
    const c = parseCookieHeader("__proto__=polluted; constructor=ctor; prototype=proto; toString=ts; a=1");
    expect(Object.getPrototypeOf(c)).toBeNull();
    expect(c["__proto__"]).toBe("polluted");
    expect(c["constructor"]).toBe("ctor");
    expect(c["prototype"]).toBe("proto");
    expect(c["toString"]).toBe("ts");
    expect(Object.keys(c)).toEqual(["__proto__", "constructor", "prototype", "toString", "a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(typeof ({} as { constructor: unknown }).constructor).toBe("function");
  });

  it("R-REQ-09 a __proto__ JSON-ish value cannot reach Object.prototype", () => {
    const c = parseCookieHeader('__proto__={"isAdmin":true}');
    expect(c["__proto__"]).toBe('{"isAdmin":true}');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("R-REQ-09 missing cookies never resolve to inherited members", () => {
    const c = parseCookieHeader("a=1");
    expect(c["constructor"]).toBeUndefined();
    expect(c["__proto__"]).toBeUndefined();
    expect(c["hasOwnProperty"]).toBeUndefined();
    expect("toString" in c).toBe(false);
  });

  it("R-REQ-09 a session cookie read next to __proto__ cookies", () => {
    const store = new ChunkedCookie(option, parseCookieHeader(`__proto__=x; ${NAME}.__proto__=y; ${NAME}=real`));
    expect(store.value).toBe("real");
    expect(store.names).toEqual([NAME]);
  });

  it("R-REQ-09 a chunked cookie whose option name is __proto__ reads its own cookie only", () => {
    const store = new ChunkedCookie({ name: "__proto__", options: {} }, parseCookieHeader("__proto__=v; a=1"));
    expect(store.value).toBe("v");
  });
});

describe("serializeCookie, in Auth.js's attribute order", () => {
  const expires = new Date("2026-11-22T12:25:35Z");

  it("attribute order: name=value; Max-Age; Domain; Path; Expires; HttpOnly; Secure; Partitioned; Priority; SameSite", () => {
    const header = serializeCookie("n", "v", {
      sameSite: "lax",
      priority: "high",
      partitioned: true,
      secure: true,
      httpOnly: true,
      expires,
      path: "/",
      domain: "example.com",
      maxAge: 900,
    });
    expect(header).toBe(
      "n=v; Max-Age=900; Domain=example.com; Path=/; Expires=Sun, 22 Nov 2026 12:25:35 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax",
    );
  });

  it("the wire example for a PKCE cookie", () => {
    const opts = { ...defaultCookies(true).pkceCodeVerifier.options, expires };
    expect(serializeCookie("__Secure-authjs.pkce.code_verifier", "eyJ", opts)).toBe(
      "__Secure-authjs.pkce.code_verifier=eyJ; Max-Age=900; Path=/; Expires=Sun, 22 Nov 2026 12:25:35 GMT; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("matches upstream's serializer byte for byte across option sets", () => {
    const sets = [
      {},
      { maxAge: 0, path: "/", httpOnly: true, sameSite: "lax" as const },
      {
        maxAge: 900,
        domain: "a.example",
        path: "/x",
        expires,
        httpOnly: true,
        secure: true,
        partitioned: true,
        priority: "low" as const,
        sameSite: "none" as const,
      },
      { expires, sameSite: "strict" as const, priority: "medium" as const },
      { sameSite: true, secure: true },
    ];
    for (const opts of sets) {
      for (const value of ["", "abc", "tok|hash", "a b;c,d", "ü"]) {
        expect(serializeCookie("authjs.csrf-token", value, opts)).toBe(upstreamSerialize("authjs.csrf-token", value, opts));
      }
    }
  });

  it("values are percent-encoded: | as %7C", () => {
    expect(serializeCookie("authjs.csrf-token", "abc|def")).toBe("authjs.csrf-token=abc%7Cdef");
    expect(serializeCookie("c", "a;b c")).toBe("c=a%3Bb%20c");
  });

  it("deletion: empty value, Max-Age=0, normal attributes", () => {
    expect(serializeCookie(NAME, "", { ...option.options, maxAge: 0 })).toBe(`${NAME}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(serializeCookie(`__Secure-${NAME}`, "", { ...secureOption.options, maxAge: 0 })).toBe(
      `__Secure-${NAME}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it("sameSite: true → Strict; false → omitted", () => {
    expect(serializeCookie("a", "b", { sameSite: true })).toBe("a=b; SameSite=Strict");
    expect(serializeCookie("a", "b", { sameSite: false })).toBe("a=b");
  });

  it("rejects a non-integer Max-Age, an invalid date, a bad name or an attribute that would inject", () => {
    expect(() => serializeCookie("a", "b", { maxAge: 1.5 })).toThrow(TypeError);
    expect(() => serializeCookie("a", "b", { expires: new Date("nope") })).toThrow(TypeError);
    expect(() => serializeCookie("a b", "v")).toThrow(TypeError);
    expect(() => serializeCookie("a;b", "v")).toThrow(TypeError);
    expect(() => serializeCookie("", "v")).toThrow(TypeError);
    expect(() => serializeCookie("a", "b", { domain: "x.com; HttpOnly" })).toThrow(TypeError);
    expect(() => serializeCookie("a", "b", { path: "/\r\nSet-Cookie: x=y" })).toThrow(TypeError);
    expect(() => serializeCookie("a", "b", { sameSite: "bogus" as never })).toThrow(TypeError);
  });
});

describe("default cookie names and options, as Auth.js's", () => {
  it("plain and secure names", () => {
    const plain = defaultCookies(false);
    const secure = defaultCookies(true);
    expect([plain.sessionToken.name, plain.callbackUrl.name, plain.csrfToken.name]).toEqual([
      "authjs.session-token",
      "authjs.callback-url",
      "authjs.csrf-token",
    ]);
    expect([secure.sessionToken.name, secure.callbackUrl.name, secure.csrfToken.name, secure.state.name, secure.nonce.name]).toEqual([
      "__Secure-authjs.session-token",
      "__Secure-authjs.callback-url",
      "__Host-authjs.csrf-token",
      "__Secure-authjs.state",
      "__Secure-authjs.nonce",
    ]);
    expect(secure.pkceCodeVerifier.options.maxAge).toBe(900);
    expect(secure.nonce.options.maxAge).toBeUndefined();
  });

  it("overrides deep-merge over the defaults; undefined values are skipped", () => {
    const c = resolveCookies(false, { csrfToken: { name: "my-csrf" }, sessionToken: { options: { domain: "example.com", secure: undefined } } } as never);
    expect(c.csrfToken).toEqual({ name: "my-csrf", options: { httpOnly: true, sameSite: "lax", path: "/", secure: false } });
    expect(c.sessionToken).toEqual({ name: NAME, options: { httpOnly: true, sameSite: "lax", path: "/", secure: false, domain: "example.com" } });
  });
});
