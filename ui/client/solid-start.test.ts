/**
 * `foyer-auth/solid-start/client` against the real `SolidAuth` route handlers (its `fetch` calls them
 * with a browser-like cookie jar): `@auth/solid-start/client`'s arguments, the `/api/auth` default,
 * another prefix, and failures as results.
 */
import { describe, expect, it } from "vitest";
import { getSession, SolidAuth, type SolidAuthConfig } from "../../server/integrations/solid-start/index.js";
import { CookieJar, DEMO_USER, ORIGIN, PASSWORD, testConfig } from "../../server/testing/harness.js";
import { createSolidAuthClient } from "./solid-start.js";

/** A client whose requests go to `SolidAuth(options)`, keeping cookies; `visits` are the pages it navigated to. */
function setUp(options: SolidAuthConfig, prefix?: string) {
  const { GET, POST } = SolidAuth(options);
  const jar = new CookieJar();
  const requests: string[] = [];
  const visits: string[] = [];
  const client = createSolidAuthClient(prefix, {
    baseUrl: ORIGIN,
    navigate: (url) => void visits.push(url),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      if (jar.header) headers.set("cookie", jar.header);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      const response = await (request.method === "POST" ? POST : GET)({ request: new Request(request, { headers }) });
      jar.update(response);
      return response;
    },
  });
  const session = () => getSession(new Request(`${ORIGIN}/`, { headers: { cookie: jar.header } }), options);
  return { client, requests, visits, session };
}

describe("foyer-auth/solid-start/client", () => {
  it("signs in with credentials at /api/auth by default and out with { callbackUrl }, as @auth/solid-start/client", async () => {
    const { client, requests, visits, session } = setUp(testConfig() as SolidAuthConfig);
    const result = await client.signIn("credentials", { username: "ada", password: PASSWORD, callbackUrl: "/protected" });
    expect(result).toMatchObject({ ok: true, status: 200, url: `${ORIGIN}/protected` });
    expect(requests).toContain("POST /api/auth/callback/credentials");
    expect(visits).toEqual([`${ORIGIN}/protected`]);
    expect((await session())?.user?.email).toBe(DEMO_USER.email);

    const out = await client.signOut({ callbackUrl: "/bye" });
    expect(out).toMatchObject({ ok: true, url: `${ORIGIN}/bye` });
    expect(requests).toContain("POST /api/auth/signout");
    expect(visits.at(-1)).toBe(`${ORIGIN}/bye`);
    expect(await session()).toBeNull();
  });

  it("talks to another prefix when made for it, and reports a wrong password as a result", async () => {
    const { client, requests, visits, session } = setUp(testConfig({ prefix: "/auth" } as never) as SolidAuthConfig, "/auth");
    const refused = await client.signIn("credentials", { username: "ada", password: "wrong", redirect: false });
    expect(refused).toMatchObject({ ok: false, error: "CredentialsSignin", code: "credentials" });
    expect(visits).toEqual([]);
    const accepted = await client.signIn("credentials", { username: "ada", password: PASSWORD, redirect: false, callbackUrl: "/x" });
    expect(accepted).toMatchObject({ ok: true, url: `${ORIGIN}/x` });
    expect(requests.every((line) => line.split(" ")[1]!.startsWith("/auth/"))).toBe(true);
    expect((await session())?.user?.name).toBe(DEMO_USER.name);
    expect(await client.client.getSession()).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("resolves with NetworkError instead of rejecting when the server cannot be reached", async () => {
    const client = createSolidAuthClient("/api/auth", {
      baseUrl: ORIGIN,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
      navigate: () => {},
    });
    await expect(client.signIn("credentials", { username: "ada", password: PASSWORD })).resolves.toMatchObject({ ok: false, error: "NetworkError" });
    await expect(client.signOut()).resolves.toMatchObject({ ok: false, error: "NetworkError" });
  });
});
