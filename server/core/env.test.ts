/**
 * Environment defaults and action URLs, as Auth.js's `setEnvDefaults` and `createActionURL` make them
 * (docs/configuration.md#environment-variables; hostile case R-HOST-06).
 */
import { describe, expect, it } from "vitest";
import Credentials from "../providers/credentials.js";
import type { AuthConfig } from "../types.js";
import { AUTH_ACTIONS, createActionURL, isAuthAction, setEnvDefaults } from "./env.js";

const provider = () => Credentials({ credentials: {}, authorize: () => null });
const base = (overrides: Partial<AuthConfig> = {}): AuthConfig => ({ providers: [provider()], ...overrides });

function warnings() {
  const codes: string[] = [];
  return { codes, logger: { warn: (code: string) => void codes.push(code), error() {}, debug() {} } as never };
}

describe("setEnvDefaults", () => {
  it("infers secrets in Auth.js's order: the highest-numbered set variable seals", () => {
    const config = setEnvDefaults({ AUTH_SECRET: "s0", AUTH_SECRET_1: "s1", AUTH_SECRET_3: "s3" }, base());
    expect(config.secret).toEqual(["s3", "s1", "s0"]);
  });

  it("reads the legacy NEXTAUTH_SECRET as an alias; an explicit secret wins", () => {
    expect(setEnvDefaults({ NEXTAUTH_SECRET: "legacy" }, base()).secret).toEqual(["legacy"]);
    expect(setEnvDefaults({ AUTH_SECRET: "env" }, base({ secret: "mine" })).secret).toBe("mine");
    expect(setEnvDefaults({}, base()).secret).toEqual([]);
  });

  it("takes basePath from AUTH_URL's path, else /auth; warns when both are set", () => {
    expect(setEnvDefaults({ AUTH_URL: "https://example.com/api/auth" }, base()).basePath).toBe("/api/auth");
    expect(setEnvDefaults({ AUTH_URL: "https://example.com" }, base()).basePath).toBe("/auth");
    expect(setEnvDefaults({ AUTH_URL: "not a url" }, base()).basePath).toBe("/auth");
    const { codes, logger } = warnings();
    expect(setEnvDefaults({ AUTH_URL: "https://example.com/x" }, base({ basePath: "/y" }), false, logger).basePath).toBe("/y");
    expect(codes).toEqual(["env-url-basepath-redundant"]);
  });

  it("trustHost: AUTH_URL, AUTH_TRUST_HOST, VERCEL, CF_PAGES or a non-production NODE_ENV", () => {
    expect(setEnvDefaults({ NODE_ENV: "production" }, base()).trustHost).toBe(false);
    expect(setEnvDefaults({ NODE_ENV: "production", AUTH_URL: "https://e.com" }, base()).trustHost).toBe(true);
    expect(setEnvDefaults({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, base()).trustHost).toBe(true);
    expect(setEnvDefaults({ NODE_ENV: "production", VERCEL: "1" }, base()).trustHost).toBe(true);
    expect(setEnvDefaults({ NODE_ENV: "production", CF_PAGES: "1" }, base()).trustHost).toBe(true);
    expect(setEnvDefaults({ NODE_ENV: "development" }, base()).trustHost).toBe(true);
    expect(setEnvDefaults({ NODE_ENV: "production" }, base({ trustHost: true })).trustHost).toBe(true);
  });

  it("R-HOST-06 AUTH_TRUST_HOST=false does not trust the host (Auth.js would) and warns", () => {
    for (const value of ["false", "0", "no", "OFF"]) {
      const { codes, logger } = warnings();
      expect(setEnvDefaults({ NODE_ENV: "production", AUTH_TRUST_HOST: value }, base(), false, logger).trustHost).toBe(false);
      expect(codes).toEqual(["trust-host-env-false"]);
    }
  });

  it("redirectProxyUrl from AUTH_REDIRECT_PROXY_URL", () => {
    expect(setEnvDefaults({ AUTH_REDIRECT_PROXY_URL: "https://proxy.example.com/auth" }, base()).redirectProxyUrl).toBe("https://proxy.example.com/auth");
  });

  it("fills provider credentials from AUTH_<ID>_ID|SECRET|ISSUER|KEY, explicit options winning", () => {
    const oauth = (options: Record<string, unknown> = {}) => ({ id: "my-idp", name: "IdP", type: "oauth" as const, options });
    const env = { AUTH_MY_IDP_ID: "cid", AUTH_MY_IDP_SECRET: "csecret", AUTH_MY_IDP_ISSUER: "https://idp.example" };
    const [filled] = setEnvDefaults(env, { providers: [oauth] }).providers as Record<string, unknown>[];
    expect(filled).toMatchObject({ clientId: "cid", clientSecret: "csecret", issuer: "https://idp.example" });
    const [explicit] = setEnvDefaults(env, { providers: [oauth({ clientId: "mine" })] }).providers as Record<string, unknown>[];
    expect(explicit!.clientId).toBe("mine");
    const email = { id: "resend", name: "Resend", type: "email" as const };
    const [mail] = setEnvDefaults({ AUTH_RESEND_KEY: "re_123" }, { providers: [email] }).providers as Record<string, unknown>[];
    expect(mail!.apiKey).toBe("re_123");
  });
});

describe("createActionURL", () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  it("uses AUTH_URL's origin with basePath", () => {
    const url = createActionURL("signin", "http:", headers({ host: "internal:8080" }), { AUTH_URL: "https://example.com" }, { basePath: "/auth" });
    expect(url.href).toBe("https://example.com/auth/signin");
  });

  it("warns and resets the path when AUTH_URL's path differs from basePath", () => {
    const { codes, logger } = warnings();
    const url = createActionURL("signout", "https:", headers({}), { AUTH_URL: "https://sub.domain.env.com/my-app" }, { basePath: "/api/auth", logger });
    expect(url.href).toBe("https://sub.domain.env.com/api/auth/signout");
    expect(codes).toEqual(["env-url-basepath-mismatch"]);
    const quiet = warnings();
    createActionURL(
      "signout",
      "https:",
      headers({}),
      { AUTH_URL: "http://localhost:3000/my-app/api/auth" },
      { basePath: "/my-app/api/auth", logger: quiet.logger },
    );
    expect(quiet.codes).toEqual([]);
  });

  it("without AUTH_URL uses X-Forwarded-Host/Proto, else Host and the protocol", () => {
    expect(createActionURL("session", "http:", headers({ host: "app.local:3000" }), {}, { basePath: "/auth" }).href).toBe("http://app.local:3000/auth/session");
    expect(
      createActionURL(
        "session",
        "http",
        headers({ host: "internal", "x-forwarded-host": "example.com", "x-forwarded-proto": "https" }),
        {},
        { basePath: "/auth" },
      ).href,
    ).toBe("https://example.com/auth/session");
    expect(createActionURL("csrf", "https:", headers({ host: "e.com" }), {}, {}).href).toBe("https://e.com/csrf");
  });
});

describe("isAuthAction", () => {
  it("is true for exactly the nine actions", () => {
    expect(AUTH_ACTIONS).toHaveLength(9);
    for (const action of AUTH_ACTIONS) expect(isAuthAction(action)).toBe(true);
    for (const other of ["assets", "account", "signin/github", "", "__proto__", "SESSION"]) expect(isAuthAction(other)).toBe(false);
  });
});
