/**
 * Provider-specific options (docs/providers.md#provider-specific-options), each driven through Foyer's
 * real `Auth()` against a local server that speaks the provider's documented wire format at the custom
 * base URL or issuer (server/providers/test-oauth-server.ts): the browser must be sent to that host,
 * the token and profile requests must go there, and the profile must be mapped.
 *
 * Where the option's point is the provider's real host (github.com's `iss`, Entra ID's issuers), the
 * provider's `customFetch` carries its server-side requests for those hosts to the local server, while
 * the authorization URL the browser is sent to stays on the real host.
 */
import AuthJsGitHub from "@auth/core/providers/github";
import AuthJsGitLab from "@auth/core/providers/gitlab";
import AuthJsMicrosoftEntraID from "@auth/core/providers/microsoft-entra-id";
import AuthJsWorkOS from "@auth/core/providers/workos";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { Auth } from "../auth.js";
import { clearDiscoveryCache } from "../oauth/client.js";
import { CookieJar, ORIGIN, csrf, get, postForm, testConfig } from "../testing/harness.js";
import type { Account, Profile } from "../types.js";
import GitHub from "./github.js";
import GitLab from "./gitlab.js";
import MicrosoftEntraID from "./microsoft-entra-id.js";
import type { OAuthConfig } from "./oauth.js";
import { startTestOAuthServer, type RecordedRequest } from "./test-oauth-server.js";
import WorkOS from "./workos.js";

const CLIENT_ID = "client-id.123";
const CLIENT_SECRET = "client-secret-456";
const ACCESS_TOKEN = "access-token-xyz";
const CODE = "authorization-code-123";
const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

const server = await startTestOAuthServer();
const local = (path: string) => `${server.url}${path}`;
afterAll(() => server.close());
beforeEach(() => clearDiscoveryCache());

/**
 * A fetch that sends requests for the given public hosts to the local server, under the path prefix
 * given for each host (the rest of the URL unchanged): the provider's real hosts, served locally.
 */
function hostsToLocal(prefixes: Record<string, string>): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const prefix = prefixes[url.host];
    if (prefix === undefined) throw new Error(`test: unexpected request to ${url.href}`);
    return fetch(local(`${prefix}${url.pathname}${url.search}`), init);
  };
}

interface Flow {
  authorizeUrl: URL;
  callback: Response;
  session: { user?: { name?: string | null; email?: string | null; image?: string | null } } | null;
  account?: Account;
  profile?: Profile;
  /** Requests the local server received from the start of the sign-in on. */
  requests: RecordedRequest[];
}

/**
 * POST /auth/signin/<id> → the authorization URL → `answer` prepares the provider's replies and adds
 * parameters to the callback (`iss`) → GET /auth/callback/<id> → the session.
 */
async function signInFlow(
  provider: OAuthConfig<never> | ((options: object) => OAuthConfig<never>),
  answer: (authorizeUrl: URL) => Record<string, string> | void | Promise<Record<string, string> | void>,
  signinQuery = "",
): Promise<Flow> {
  const seen: { account?: Account; profile?: Profile } = {};
  const config = testConfig({
    providers: [provider as OAuthConfig],
    events: {
      signIn: ({ account, profile }) => {
        seen.account = account ?? undefined;
        seen.profile = profile;
      },
    },
  });
  const id = typeof provider === "function" ? provider({}).id : provider.id;
  const from = server.requests.length;
  const { jar, csrfToken } = await csrf(config, new CookieJar());
  const start = await Auth(postForm(`/auth/signin/${id}${signinQuery}`, { csrfToken, callbackUrl: `${ORIGIN}/dashboard` }, { cookie: jar.header }), config);
  expect(start.status, `sign-in with ${id}`).toBe(302);
  jar.update(start);
  const authorizeUrl = new URL(start.headers.get("location")!);
  const extra = (await answer(authorizeUrl)) ?? {};
  const params = new URLSearchParams({ code: CODE, ...extra });
  const state = authorizeUrl.searchParams.get("state");
  if (state) params.set("state", state);
  const callback = await Auth(get(`/auth/callback/${id}?${params}`, { cookie: jar.header }), config);
  jar.update(callback);
  const session = (await (await Auth(get("/auth/session", { cookie: jar.header }), config)).json()) as Flow["session"];
  return { authorizeUrl, callback, session, ...seen, requests: server.requests.slice(from) };
}

/** The authorization URL without its query. */
const endpointOf = (url: URL) => `${url.origin}${url.pathname}`;

function expectSignedIn(flow: Flow) {
  expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
}

function expectRefused(flow: Flow) {
  expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
  expect(flow.session).toBeNull();
}

describe("GitLab: baseUrl (a self-managed instance)", () => {
  const user = {
    id: 42,
    username: "jane",
    name: "Jane Self-Managed",
    state: "active",
    email: "jane@gitlab.example",
    avatar_url: "https://gitlab.example/uploads/-/system/user/avatar/42/a.png",
    web_url: "https://gitlab.example/jane",
  };

  it("sends the browser, the token request and the user request to the instance (a relative URL root is kept)", async () => {
    const provider = GitLab({ ...credentials, baseUrl: local("/gitlab-ee") });
    const flow = await signInFlow(provider, () => {
      server.on("POST", "/gitlab-ee/oauth/token", () => ({ body: { access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 7200, scope: "read_user" } }));
      server.on("GET", "/gitlab-ee/api/v4/user", () => ({ body: user }));
    });

    expect(endpointOf(flow.authorizeUrl)).toBe(local("/gitlab-ee/oauth/authorize"));
    expect(flow.authorizeUrl.searchParams.get("scope")).toBe("read_user");
    expect(flow.authorizeUrl.searchParams.get("client_id")).toBe(CLIENT_ID);
    const token = flow.requests.filter((r) => r.path === "/gitlab-ee/oauth/token");
    expect(token).toHaveLength(1);
    expect(token[0]!.form.get("client_secret")).toBe(CLIENT_SECRET);
    expect(token[0]!.form.get("code")).toBe(CODE);
    const info = flow.requests.filter((r) => r.path === "/gitlab-ee/api/v4/user");
    expect(info).toHaveLength(1);
    expect(info[0]!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);

    expectSignedIn(flow);
    expect(flow.session?.user).toMatchObject({ name: "Jane Self-Managed", email: "jane@gitlab.example", image: user.avatar_url });
    expect(flow.account).toMatchObject({ provider: "gitlab", providerAccountId: "42" });
  });

  it("takes a string or a URL, with or without a trailing slash; gitlab.com by default", () => {
    const endpoints = (provider: OAuthConfig<never>) =>
      [provider.authorization, provider.token, provider.userinfo].map((endpoint) => (typeof endpoint === "string" ? endpoint : endpoint?.url));
    const expected = ["https://git.example.com/oauth/authorize", "https://git.example.com/oauth/token", "https://git.example.com/api/v4/user"];
    expect(endpoints(GitLab({ baseUrl: "https://git.example.com" }))).toEqual(expected);
    expect(endpoints(GitLab({ baseUrl: "https://git.example.com/" }))).toEqual(expected);
    expect(endpoints(GitLab({ baseUrl: new URL("https://git.example.com") }))).toEqual(expected);
    expect(endpoints(GitLab({ baseUrl: "https://example.com/gitlab/" }))).toEqual([
      "https://example.com/gitlab/oauth/authorize",
      "https://example.com/gitlab/oauth/token",
      "https://example.com/gitlab/api/v4/user",
    ]);
    expect(endpoints(GitLab())).toEqual(["https://gitlab.com/oauth/authorize", "https://gitlab.com/oauth/token", "https://gitlab.com/api/v4/user"]);
  });

  it("a baseUrl that is not an absolute http(s) URL is a configuration error that names the option", async () => {
    expect(() => GitLab({ baseUrl: "gitlab.example.com" })).toThrow(/GitLab.*baseUrl/);
    expect(() => GitLab({ baseUrl: "ftp://gitlab.example.com" })).toThrow(/GitLab.*baseUrl/);
    // Listed as a function, the factory runs inside Foyer: every request answers the configuration error.
    const errors: unknown[] = [];
    const config = testConfig({
      providers: [((options: object) => GitLab({ ...options, baseUrl: "not a url" })) as unknown as OAuthConfig],
      logger: { error: (e) => errors.push(e), warn() {}, debug() {} },
    });
    const response = await Auth(get("/auth/providers"), config);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/at .*\.ts/);
    expect(String((errors[0] as Error).message)).toMatch(/baseUrl/);
  });
});

describe("GitHub: the issuer, and enterprise.baseUrl", () => {
  const octocat = { login: "octocat", id: 583231, name: "The Octocat", email: null, avatar_url: "https://avatars.example/u/583231" };
  const emails = [
    { email: "octocat@users.noreply.example", primary: false, verified: true, visibility: null },
    { email: "octo@github.example", primary: true, verified: true, visibility: "private" },
  ];

  // github.com answers the authorization with `iss=https://github.com/login/oauth` (RFC 9207).
  const dotcom = () => GitHub({ ...credentials, customFetch: hostsToLocal({ "github.com": "/dotcom", "api.github.com": "/dotcom-api" }) });
  const dotcomAnswers = () => {
    server.on("POST", "/dotcom/login/oauth/access_token", () => ({
      body: { access_token: ACCESS_TOKEN, token_type: "bearer", scope: "read:user,user:email" },
    }));
    server.on("GET", "/dotcom-api/user", () => ({ body: octocat }));
    server.on("GET", "/dotcom-api/user/emails", () => ({ body: emails }));
  };

  it("github.com: a callback carrying GitHub's own iss signs the user in", async () => {
    const flow = await signInFlow(dotcom(), () => {
      dotcomAnswers();
      return { iss: "https://github.com/login/oauth" };
    });
    expect(endpointOf(flow.authorizeUrl)).toBe("https://github.com/login/oauth/authorize");
    expect(flow.requests.filter((r) => r.path === "/dotcom/login/oauth/access_token")).toHaveLength(1);
    expectSignedIn(flow);
    expect(flow.session?.user).toMatchObject({ name: "The Octocat", email: "octo@github.example" });
  });

  it("github.com: a callback whose iss names another server is refused before the code is spent", async () => {
    const flow = await signInFlow(dotcom(), () => {
      dotcomAnswers();
      return { iss: "https://github.example.com/login/oauth" };
    });
    expectRefused(flow);
    expect(flow.requests.filter((r) => r.path === "/dotcom/login/oauth/access_token")).toEqual([]);
  });

  it("GitHub Enterprise Server: authorization and token on <base>/login/oauth, the API on <base>/api/v3, the iss <base>/login/oauth", async () => {
    const base = local("/ghe");
    const flow = await signInFlow(GitHub({ ...credentials, enterprise: { baseUrl: `${base}/` } }), () => {
      server.on("POST", "/ghe/login/oauth/access_token", () => ({ body: { access_token: ACCESS_TOKEN, token_type: "bearer", scope: "read:user,user:email" } }));
      server.on("GET", "/ghe/api/v3/user", () => ({ body: octocat }));
      server.on("GET", "/ghe/api/v3/user/emails", () => ({ body: emails }));
      return { iss: `${base}/login/oauth` };
    });

    expect(endpointOf(flow.authorizeUrl)).toBe(`${base}/login/oauth/authorize`);
    expect(flow.authorizeUrl.searchParams.get("scope")).toBe("read:user user:email");
    const token = flow.requests.filter((r) => r.path === "/ghe/login/oauth/access_token");
    expect(token).toHaveLength(1);
    expect(token[0]!.form.get("client_id")).toBe(CLIENT_ID);
    expect(token[0]!.form.get("client_secret")).toBe(CLIENT_SECRET);
    for (const path of ["/ghe/api/v3/user", "/ghe/api/v3/user/emails"]) {
      const calls = flow.requests.filter((r) => r.path === path);
      expect(calls, path).toHaveLength(1);
      expect(calls[0]!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    }
    expectSignedIn(flow);
    expect(flow.session?.user).toMatchObject({ name: "The Octocat", email: "octo@github.example", image: octocat.avatar_url });
    expect(flow.account).toMatchObject({ provider: "github", providerAccountId: "583231" });
  });

  it("GitHub Enterprise Server: github.com's iss is refused", async () => {
    const flow = await signInFlow(GitHub({ ...credentials, enterprise: { baseUrl: local("/ghe") } }), () => ({ iss: "https://github.com/login/oauth" }));
    expectRefused(flow);
  });

  it("the issuer and endpoints of each setting", () => {
    expect(GitHub()).toMatchObject({ issuer: "https://github.com/login/oauth" });
    const ghe = GitHub({ enterprise: { baseUrl: "https://ghe.example.com" } });
    expect(ghe.issuer).toBe("https://ghe.example.com/login/oauth");
    expect(ghe.authorization).toMatchObject({ url: "https://ghe.example.com/login/oauth/authorize" });
    expect(ghe.token).toMatchObject({ url: "https://ghe.example.com/login/oauth/access_token" });
    expect(ghe.userinfo).toMatchObject({ url: "https://ghe.example.com/api/v3/user" });
    expect(() => GitHub({ enterprise: { baseUrl: "ghe.example.com" } })).toThrow(/GitHub.*enterprise\.baseUrl/);
  });
});

describe("WorkOS: connection and issuer", () => {
  const profile = {
    object: "profile",
    id: "prof_01DMC79VCBZ0NY2099737PSVF1",
    connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
    connection_type: "OktaSAML",
    organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
    email: "todd@workos.example",
    first_name: "Todd",
    last_name: "Rundgren",
    idp_id: "00u1a0ufowBJlzPlk357",
    raw_attributes: {},
  };

  it("`connection` selects the connection on every sign-in; `issuer` moves the API", async () => {
    const provider = WorkOS({ ...credentials, issuer: local("/workos-eu/"), connection: profile.connection_id });
    const flow = await signInFlow(provider, () => {
      server.on("POST", "/workos-eu/sso/token", () => ({ body: { access_token: ACCESS_TOKEN, profile } }));
    });
    expect(endpointOf(flow.authorizeUrl)).toBe(local("/workos-eu/sso/authorize"));
    expect(flow.authorizeUrl.searchParams.get("connection")).toBe(profile.connection_id);
    const token = flow.requests.filter((r) => r.path === "/workos-eu/sso/token");
    expect(token).toHaveLength(1);
    expect(token[0]!.form.get("client_secret")).toBe(CLIENT_SECRET);
    expectSignedIn(flow);
    expect(flow.session?.user).toMatchObject({ name: "Todd Rundgren", email: "todd@workos.example" });
    expect(flow.account).toMatchObject({ provider: "workos", providerAccountId: profile.id });
  });

  it("without `connection`, a selector of the sign-in request (Auth.js's `domain` example) is the only one sent", async () => {
    const provider = WorkOS({ ...credentials, issuer: local("/workos-eu/") });
    const flow = await signInFlow(
      provider,
      () => server.on("POST", "/workos-eu/sso/token", () => ({ body: { access_token: ACCESS_TOKEN, profile } })),
      "?domain=workos.example",
    );
    expect(flow.authorizeUrl.searchParams.get("domain")).toBe("workos.example");
    expect(flow.authorizeUrl.searchParams.has("connection")).toBe(false);
    expectSignedIn(flow);
  });

  it("without `connection` no empty connection parameter is sent", () => {
    const params = (WorkOS().authorization as { params?: Record<string, unknown> }).params ?? {};
    expect(params).not.toHaveProperty("connection");
  });
});

describe("Microsoft Entra ID: the issuer, single- and multi-tenant", () => {
  const ENTRA = "https://login.microsoftonline.com";
  const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
  const OTHER_TENANT = "f8cdef31-a31e-4b4a-93e4-5f571e91255a";
  const entraFetch = () => hostsToLocal({ "login.microsoftonline.com": "/entra" });

  /** Entra's discovery document for `<segment>` (a tenant id, `common` or `organizations`), served locally. */
  function publishTenant(segment: string, issuer: string) {
    server.oidc(`/entra/${segment}/v2.0`, {
      issuer,
      authorization_endpoint: `${ENTRA}/${segment}/oauth2/v2.0/authorize`,
      token_endpoint: `${ENTRA}/${segment}/oauth2/v2.0/token`,
      userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
      jwks_uri: `${ENTRA}/${segment}/discovery/v2.0/keys`,
      token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
    });
    // The document names the keys on login.microsoftonline.com: serve them at the local path too.
    server.on("GET", `/entra/${segment}/discovery/v2.0/keys`, async () => {
      const local = await fetch(`${server.url}/entra/${segment}/v2.0/jwks`);
      return { body: await local.json() };
    });
  }

  /** The token answer: an ID token from tenant `tid`, issued as `iss`. */
  function answerToken(segment: string, claims: { tid: string; iss: string }) {
    return async (authorizeUrl: URL) => {
      const nonce = authorizeUrl.searchParams.get("nonce") ?? undefined;
      server.on("POST", `/entra/${segment}/oauth2/v2.0/token`, async () => ({
        body: {
          token_type: "Bearer",
          expires_in: 3600,
          access_token: ACCESS_TOKEN,
          id_token: await server.idToken({
            aud: CLIENT_ID,
            nonce,
            sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
            oid: "00000000-0000-0000-66f3-3332eca7ea81",
            name: "Abe Lincoln",
            email: "abe@contoso.example",
            ver: "2.0",
            ...claims,
          }),
        },
      }));
    };
  }

  const saved = process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER;
  afterEach(() => {
    if (saved === undefined) delete process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER;
    else process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER = saved;
  });

  it("AUTH_MICROSOFT_ENTRA_ID_ISSUER (Auth.js's documented form, trailing slash) is used when the factory is called", async () => {
    publishTenant(TENANT, `${ENTRA}/${TENANT}/v2.0`);
    process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER = `${ENTRA}/${TENANT}/v2.0/`;
    const provider = MicrosoftEntraID({ ...credentials, customFetch: entraFetch(), profilePhotoSize: false });
    const flow = await signInFlow(provider, answerToken(TENANT, { tid: TENANT, iss: `${ENTRA}/${TENANT}/v2.0` }));

    expect(endpointOf(flow.authorizeUrl)).toBe(`${ENTRA}/${TENANT}/oauth2/v2.0/authorize`);
    expect(flow.authorizeUrl.searchParams.get("scope")).toBe("openid profile email User.Read");
    expect(flow.requests.filter((r) => r.path === `/entra/${TENANT}/oauth2/v2.0/token`)).toHaveLength(1);
    expectSignedIn(flow);
    expect(flow.session?.user).toMatchObject({ name: "Abe Lincoln", email: "abe@contoso.example" });
  });

  it("an issuer or tenantId passed in the options wins over AUTH_MICROSOFT_ENTRA_ID_ISSUER", () => {
    process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER = `${ENTRA}/${TENANT}/v2.0/`;
    expect(MicrosoftEntraID().issuer).toBe(`${ENTRA}/${TENANT}/v2.0/`);
    expect(MicrosoftEntraID({ tenantId: OTHER_TENANT }).issuer).toBe(`${ENTRA}/${OTHER_TENANT}/v2.0`);
    expect(MicrosoftEntraID({ issuer: `${ENTRA}/organizations/v2.0` }).issuer).toBe(`${ENTRA}/organizations/v2.0`);
    delete process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER;
    expect(MicrosoftEntraID().issuer).toBe(`${ENTRA}/common/v2.0`);
  });

  // What login.microsoftonline.com publishes for each multi-tenant value, and the tenant of a user there.
  const MSA_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
  const multiTenant = [
    { segment: "common", issuer: `${ENTRA}/{tenantid}/v2.0`, userTenant: OTHER_TENANT },
    { segment: "organizations", issuer: `${ENTRA}/{tenantid}/v2.0`, userTenant: OTHER_TENANT },
    // Personal accounts only: one fixed tenant, no template.
    { segment: "consumers", issuer: `${ENTRA}/${MSA_TENANT}/v2.0`, userTenant: MSA_TENANT },
  ];
  for (const { segment, issuer, userTenant } of multiTenant) {
    describe(`multi-tenant (tenantId: "${segment}")`, () => {
      const provider = () => MicrosoftEntraID({ ...credentials, tenantId: segment, customFetch: entraFetch(), profilePhotoSize: false });

      it("a user of the tenants it admits signs in: the ID token's iss must be the issuer for its own tid", async () => {
        publishTenant(segment, issuer);
        const flow = await signInFlow(provider(), answerToken(segment, { tid: userTenant, iss: `${ENTRA}/${userTenant}/v2.0` }));
        expect(endpointOf(flow.authorizeUrl)).toBe(`${ENTRA}/${segment}/oauth2/v2.0/authorize`);
        expectSignedIn(flow);
        expect(flow.session?.user).toMatchObject({ name: "Abe Lincoln", email: "abe@contoso.example" });
      });

      it("an ID token whose iss names another tenant than its tid is refused", async () => {
        publishTenant(segment, issuer);
        const flow = await signInFlow(provider(), answerToken(segment, { tid: userTenant, iss: `${ENTRA}/${TENANT}/v2.0` }));
        expectRefused(flow);
      });
    });
  }
});

describe("the same endpoints and issuer as @auth/core's providers for the same options", () => {
  /** An endpoint as one absolute URL, its parameters in the query (both libraries' shapes). */
  const urlOf = (endpoint: unknown): string | undefined => {
    if (endpoint === undefined) return undefined;
    const { url, params } = typeof endpoint === "string" ? { url: endpoint, params: {} } : (endpoint as { url?: string; params?: Record<string, unknown> });
    if (!url) return undefined;
    const out = new URL(url);
    for (const [name, value] of Object.entries(params ?? {})) if (typeof value === "string") out.searchParams.set(name, value);
    out.searchParams.sort();
    return out.href;
  };
  const wire = (provider: { issuer?: string; authorization?: unknown; token?: unknown; userinfo?: unknown }) => ({
    issuer: provider.issuer,
    authorization: urlOf(provider.authorization),
    token: urlOf(provider.token),
    userinfo: urlOf(provider.userinfo),
  });

  it("GitLab baseUrl (no path, where Auth.js's URLs are right)", () => {
    for (const baseUrl of [undefined, "https://gitlab.example.com", "https://gitlab.example.com/"]) {
      expect(wire(GitLab({ baseUrl })), String(baseUrl)).toEqual(wire(AuthJsGitLab({ baseUrl })));
    }
  });

  it("GitHub, and GitHub Enterprise Server", () => {
    expect(wire(GitHub())).toEqual(wire(AuthJsGitHub({})));
    const enterprise = { baseUrl: "https://ghe.example.com" };
    expect(wire(GitHub({ enterprise }))).toEqual(wire(AuthJsGitHub({ enterprise })));
  });

  it("WorkOS connection and issuer", () => {
    const options = { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5", issuer: "https://workos.example/" };
    const foyer = wire(WorkOS(options));
    const authjs = wire(AuthJsWorkOS(options));
    expect(foyer.authorization).toBe(authjs.authorization);
    expect(foyer.token).toBe(authjs.token);
  });

  it("Microsoft Entra ID: AUTH_MICROSOFT_ENTRA_ID_ISSUER, and the default", () => {
    // Auth.js's factory writes the issuer it chose into the options it was given.
    const authjsIssuer = () => (AuthJsMicrosoftEntraID({}).options as { issuer?: string }).issuer;
    const saved = process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER;
    try {
      process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER = "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0/";
      expect(MicrosoftEntraID().issuer).toBe(authjsIssuer());
      delete process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER;
      expect(MicrosoftEntraID().issuer).toBe(authjsIssuer());
    } finally {
      if (saved === undefined) delete process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER;
      else process.env.AUTH_MICROSOFT_ENTRA_ID_ISSUER = saved;
    }
  });
});
