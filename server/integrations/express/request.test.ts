/** expressOrigin: the origins it remembers per Host never change what a request is answered at. */
import { describe, expect, it } from "vitest";
import { BadRequestError } from "../node-request.js";
import { expressOrigin } from "./request.js";
import type { ExpressRequestLike } from "./request.js";

const request = (host: string, protocol?: string, forwardedHost?: string) =>
  ({
    headers: { host, ...(forwardedHost ? { "x-forwarded-host": forwardedHost } : {}) },
    protocol,
    socket: { remoteAddress: "127.0.0.1" },
    app: { get: () => () => forwardedHost !== undefined },
  }) as unknown as ExpressRequestLike;
const noEnv = {};

describe("expressOrigin", () => {
  it("gives each host and protocol its own origin, on first and repeated requests", () => {
    for (let i = 0; i < 2; i++) {
      expect(expressOrigin(request("app.example:8080"), noEnv)).toBe("http://app.example:8080");
      expect(expressOrigin(request("app.example:8080", "https"), noEnv)).toBe("https://app.example:8080");
      expect(expressOrigin(request("other.example"), noEnv)).toBe("http://other.example");
      expect(expressOrigin(request("APP.example:443", "https"), noEnv)).toBe("https://app.example");
    }
  });

  it("refuses a host that is not a host name every time, also after valid hosts were seen", () => {
    expressOrigin(request("app.example"), noEnv);
    for (let i = 0; i < 2; i++) {
      expect(() => expressOrigin(request("app.example/path"), noEnv)).toThrow(BadRequestError);
      expect(() => expressOrigin(request("user@app.example"), noEnv)).toThrow(BadRequestError);
    }
  });

  it("answers correctly past the number of hosts it remembers", () => {
    for (let i = 0; i < 250; i++) expect(expressOrigin(request(`h${i}.example`), noEnv)).toBe(`http://h${i}.example`);
    expect(expressOrigin(request("h0.example"), noEnv)).toBe("http://h0.example");
  });

  it("follows a changed AUTH_URL at once", () => {
    expect(expressOrigin(request("app.example"), { AUTH_URL: "https://one.example/auth" })).toBe("https://one.example");
    expect(expressOrigin(request("app.example"), { AUTH_URL: "https://two.example/auth" })).toBe("https://two.example");
    expect(expressOrigin(request("app.example"), { AUTH_URL: "not a url" })).toBe("http://app.example");
  });
});
