/**
 * The browser client against a real Foyer server (`createAuthHandler` on `node:http`) whose rate
 * limits are on: a refused sign-in or session update is reported as the `RateLimited` error code.
 * The server counts the client by its socket (foyer-auth/node attaches the peer address).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHandler } from "../../server/integrations/node.js";
import { CookieJar, PASSWORD, testConfig } from "../../server/testing/harness.js";
import type { RateLimitedEvent } from "../../server/types.js";
import { createAuthClient } from "./index.js";

const events: RateLimitedEvent[] = [];
const config = testConfig({
  rateLimits: { credentials: { perIdentifier: false, perAddress: { max: 2, window: 60 } }, sessionUpdate: { perAddress: { max: 1, window: 60 } } },
  events: { rateLimited: (event) => void events.push(event) },
});

let server: Server;
let origin: string;
beforeAll(async () => {
  const auth = createAuthHandler(config);
  server = createServer((req, res) => void auth(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client() {
  const jar = new CookieJar();
  const fetchWithJar: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.header) headers.set("cookie", jar.header);
    const response = await fetch(input, { ...init, headers });
    jar.update(response);
    return response;
  };
  return createAuthClient({ baseUrl: origin, fetch: fetchWithJar, navigate: () => {} });
}

describe("RateLimited in the browser client", () => {
  it("is the error of a sign-in refused by the per-address limit (counted by the socket's address)", async () => {
    const auth = client();
    const wrong = { username: "ada", password: "wrong", redirect: false };
    expect(await auth.signIn("credentials", wrong)).toMatchObject({ ok: false, error: "CredentialsSignin" });
    expect(await auth.signIn("credentials", wrong)).toMatchObject({ ok: false, error: "CredentialsSignin" });
    expect(await auth.signIn("credentials", { username: "ada", password: PASSWORD, redirect: false })).toMatchObject({ ok: false, error: "RateLimited" });
    expect(events.at(-1)).toMatchObject({ limit: "credentials", scope: "address", address: "4:127.0.0.1" });
  });

  it("is the error of a session update refused by its limit", async () => {
    const auth = client();
    expect(await auth.updateSession({ name: "x" })).toMatchObject({ ok: true });
    expect(await auth.updateSession({ name: "y" })).toEqual({ ok: false, error: "RateLimited" });
  });
});
