/**
 * `toWire` (the direct path's edge) against `toResponse` (the web path's): for the same internal
 * response, the status, the headers as `sendWebResponse` writes them (iteration order of the
 * `Response`'s `Headers`, `Set-Cookie` apart) and the body text must be the same — or `toWire` must
 * decline (`undefined`), leaving the answer to `toResponse`.
 */
import { describe, expect, it } from "vitest";
import type { ResponseInternal } from "../types.js";
import { JSON_HEADERS, NO_CACHE_HEADERS, toResponse, toWire } from "./response.js";

/** What `sendWebResponse` would put on the wire for `toResponse(internal, returnRedirect)`. */
async function viaResponse(internal: ResponseInternal, returnRedirect: boolean) {
  const response = toResponse(internal, returnRedirect);
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers.push([name, value]);
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), body: response.body ? await response.text() : null };
}

const COOKIE = { name: "authjs.csrf-token", value: "a|b c", options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: false } };

const CASES: [string, ResponseInternal][] = [
  ["session JSON", { body: { user: { name: "A" }, expires: "2026-01-01T00:00:00.000Z" }, headers: { ...NO_CACHE_HEADERS }, cookies: [COOKIE] }],
  ["the literal null", { body: null, headers: { ...NO_CACHE_HEADERS }, cookies: [] }],
  ["JSON with a bare Content-Type (nosniff added by the edge)", { body: { a: 1 }, headers: { "Content-Type": "application/json" } }],
  ["JSON, Content-Type with odd case and spaces", { body: { a: 1 }, headers: { "content-TYPE": "  application/json\t" } }],
  ["JSON with nosniff given in another case", { body: [1, 2], headers: { "Content-Type": "application/json", "x-content-type-options": "nosniff" } }],
  ["JSON body undefined", { headers: { ...JSON_HEADERS } }],
  ["a form body", { body: { a: "1", b: "x y" }, headers: { "Content-Type": "application/x-www-form-urlencoded" } }],
  ["HTML", { body: "<!DOCTYPE html><p>ü</p>", headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'" } }],
  ["text without a Content-Type", { body: "plain" }],
  ["an empty text", { body: "" }],
  ["no body, no headers", {}],
  ["status 404 JSON", { status: 404, body: { error: "x" }, headers: { ...JSON_HEADERS } }],
  ["repeated header names in different cases", { body: "x", headers: { Vary: "Accept", vary: "Cookie", "X-A": " 1 " } }],
  ["a redirect", { redirect: "http://app.example/next?a=1", cookies: [COOKIE, { ...COOKIE, name: "authjs.callback-url", value: "http://app.example" }] }],
  ["a redirect with headers", { redirect: "http://app.example/", headers: { "Cache-Control": "no-store" } }],
  ["a redirect with a JSON Content-Type", { redirect: "http://app.example/", headers: { ...JSON_HEADERS }, body: { ignored: true } }],
  ["status 204 without body", { status: 204, body: null }],
  // Records close to the ones toWire has worked out in advance: each must be worked out as it is.
  ["the no-cache record with one value changed", { body: null, headers: { ...NO_CACHE_HEADERS, Pragma: "private" } }],
  ["the no-cache record with one more header", { body: null, headers: { ...NO_CACHE_HEADERS, Vary: "Cookie" } }],
  ["the no-cache record's entries in another order", { body: null, headers: Object.assign({ Pragma: "no-cache" }, NO_CACHE_HEADERS) }],
  ["the no-cache record, a text body", { body: "x", headers: { ...NO_CACHE_HEADERS } }],
  ["the no-cache record, a redirect", { redirect: "http://app.example/", headers: { ...NO_CACHE_HEADERS } }],
  ["the JSON record, one value changed", { body: { a: 1 }, headers: { ...JSON_HEADERS, "X-Content-Type-Options": "other" } }],
];

describe("toWire gives what toResponse puts on the wire", () => {
  for (const [name, internal] of CASES) {
    for (const returnRedirect of [false, true]) {
      it(`${name}${returnRedirect ? ", X-Auth-Return-Redirect" : ""}`, async () => {
        const wire = toWire(structuredClone(internal), returnRedirect);
        expect(wire).toBeDefined();
        expect(wire).toEqual(await viaResponse(structuredClone(internal), returnRedirect));
      });
    }
  }
});

describe("toWire's shared header lists", () => {
  it("cannot be changed through one answer for the next", () => {
    const first = toWire({ body: null, headers: { ...NO_CACHE_HEADERS } }, false)!;
    expect(() => (first.headers as [string, string][]).push(["x", "y"])).toThrow(TypeError);
    expect(() => ((first.headers[0] as [string, string])[1] = "changed")).toThrow(TypeError);
    const second = toWire({ body: null, headers: { ...NO_CACHE_HEADERS } }, false)!;
    expect(second.headers).toEqual(first.headers);
    expect(second.headers.map(([name]) => name)).toEqual(["cache-control", "content-type", "expires", "pragma", "x-content-type-options"]);
  });
});

describe("toWire leaves to toResponse what it does not reproduce", () => {
  const declined: [string, ResponseInternal][] = [
    ["a byte body", { body: new Uint8Array([1, 2]) as never }],
    ["a status a Response refuses", { status: 700, body: "x" }],
    ["a body on a null-body status", { status: 304, body: "x" }],
    ["a header value with a line break", { body: "x", headers: { "X-A": "a\r\nb" } }],
    ["a header value beyond a byte", { body: "x", headers: { "X-A": "€" } }],
    ["a header name that is not a token", { body: "x", headers: { "X A": "1" } }],
    ["a Set-Cookie in the record", { body: "x", headers: { "Set-Cookie": "a=1" } }],
  ];
  for (const [name, internal] of declined) {
    it(name, () => {
      expect(toWire(internal, false)).toBeUndefined();
    });
  }
});
