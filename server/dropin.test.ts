/**
 * Configurations and requests an Auth.js app makes that must answer as they do there (docs/compatibility.md),
 * black-box through `Auth()`.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "./auth.js";
import { setEnvDefaults } from "./core/env.js";
import Credentials from "./providers/credentials.js";
import { CookieJar, ORIGIN, csrf, get, postForm, signIn, testConfig } from "./testing/harness.js";

describe("drop-in behaviours of Auth.js", () => {
  it("`providers: []` serves the session, CSRF and provider list as usual and warns once instead of failing", async () => {
    const warnings: string[] = [];
    const config = testConfig({ providers: [], logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} } });
    const session = await Auth(get("/auth/session"), config);
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
    expect((await Auth(get("/auth/csrf"), config)).status).toBe(200);
    expect(await (await Auth(get("/auth/providers"), config)).json()).toEqual({});
    expect((await Auth(get("/auth/signin"), config)).status).toBe(200);
    expect(warnings.filter((code) => code === "no-providers")).toHaveLength(1);
  });

  it("`Credentials({...})` without authorize signs nobody in (CredentialsSignin), never a 500", async () => {
    const config = testConfig({ providers: [Credentials({ credentials: { username: { label: "Username" } } })] });
    const { response } = await signIn(config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
  });

  it("GET /providers sets no cookie, so the public list stays cacheable", async () => {
    const response = await Auth(get("/auth/providers"), testConfig());
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("with X-Auth-Return-Redirect: 1 the answer is 200 {url} with no Location header", async () => {
    const config = testConfig();
    const { jar, csrfToken } = await csrf(config, new CookieJar());
    const response = await Auth(postForm("/auth/signout", { csrfToken }, { cookie: jar.header, headers: { "x-auth-return-redirect": "1" } }), config);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: ORIGIN });
    expect(response.headers.get("location")).toBeNull();
  });

  it("setEnvDefaults(env, config) warns env-url-basepath-redundant through config.logger, as Auth.js does", () => {
    const warnings: string[] = [];
    const config = testConfig({ basePath: "/api/auth", logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} } });
    setEnvDefaults({ AUTH_URL: "https://app.example.com/api/auth" }, config);
    expect(warnings).toEqual(["env-url-basepath-redundant"]);
    setEnvDefaults({ AUTH_URL: "https://app.example.com/api/auth" }, config, true);
    expect(warnings).toHaveLength(1);
  });
});
