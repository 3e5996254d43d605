/**
 * The errors logged for a broken configuration or a failed check, side by side: the same config and
 * request through `@auth/core`'s `Auth()` and Foyer's `Auth()`, each with a logger that captures
 * `logger.error`, must log the same error names with the same messages (Auth.js's wording, "Read more"
 * link included), so log searches and alerts written for Auth.js keep matching. Where several problems
 * apply, both report the same one first. Foyer's extra detail is in `cause.detail`; no log line carries
 * the secret or a token (docs/errors.md#what-the-log-carries).
 *
 * `@auth/core` keeps "a config had an e-mail / WebAuthn / credentials provider" in module state that
 * later configs inherit, so each of its runs is in a fresh worker thread (a fresh module instance).
 */
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { REQUIRED_METHODS } from "../adapters/wrap.js";
import { Auth } from "../auth.js";
import { formatError } from "../core/logger.js";
import type { AuthConfig } from "../types.js";

const ORIGIN = "http://localhost:3000";
const SECRET = "error-messages-test-secret-0123456789abcdef";

/** A config as plain data (both sides build the same objects from it), and the request to send. */
interface Case {
  name: string;
  config: Record<string, unknown>;
  /** Method names of an adapter whose methods all answer `null`. */
  adapter?: readonly string[];
  /** The adapter's `getAuthenticator` answers this authenticator (the passkey case). */
  authenticator?: Record<string, unknown>;
  request: { path: string; method?: "GET" | "POST"; form?: Record<string, string> };
  expected: string;
  /** Errors logged after the first one. */
  then?: string[];
}

interface Logged {
  name: string;
  message: string;
}

/** Runs in the worker: builds the config and the request from the case's data, runs @auth/core's Auth(). */
const AUTHJS_RUNNER = `
const { parentPort, workerData } = require("node:worker_threads");
import("@auth/core").then(async ({ Auth }) => {
  const { config, adapter, authenticator, url, method, form } = workerData;
  const logged = [];
  const built = { ...config, logger: { error: (e) => logged.push({ name: e.name, message: e.message }), warn() {}, debug() {} } };
  if (adapter) built.adapter = Object.fromEntries(adapter.map((m) => [m, async () => (m === "getAuthenticator" ? authenticator ?? null : null)]));
  const init = form ? { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) } : { method };
  await Auth(new Request(url, init), built);
  parentPort.postMessage(logged);
}).catch((error) => parentPort.postMessage({ crashed: String(error && error.stack || error) }));
`;

function authjsLogged(c: Case): Promise<Logged[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(AUTHJS_RUNNER, {
      eval: true,
      workerData: {
        config: c.config,
        adapter: c.adapter,
        authenticator: c.authenticator,
        url: `${ORIGIN}${c.request.path}`,
        method: c.request.method ?? "GET",
        form: c.request.form,
      },
    });
    worker.once("message", (message: Logged[] | { crashed: string }) => {
      void worker.terminate();
      if ("crashed" in message) reject(new Error(message.crashed));
      else resolve(message);
    });
    worker.once("error", reject);
  });
}

async function foyerRun(c: Case): Promise<Error[]> {
  const errors: Error[] = [];
  const config = { ...c.config, logger: { error: (e: Error) => void errors.push(e), warn() {}, debug() {} } } as unknown as AuthConfig;
  if (c.adapter) {
    config.adapter = Object.fromEntries(c.adapter.map((m) => [m, async () => (m === "getAuthenticator" ? (c.authenticator ?? null) : null)])) as never;
  }
  const { method = "GET", form } = c.request;
  const init = form ? { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) } : { method };
  await Auth(new Request(`${ORIGIN}${c.request.path}`, init), config);
  return errors;
}

// Providers as plain objects, the way both libraries accept them.
const OIDC_PROVIDER = { id: "corp", type: "oidc", name: "Corp", issuer: "https://sso.example", clientId: "id", clientSecret: "secret" };
const NO_TOKEN_ENDPOINT = { id: "acme", type: "oauth", name: "Acme", authorization: "https://acme.example/authorize", clientId: "id" };
const FULL_OAUTH = {
  id: "full",
  type: "oauth",
  name: "Full",
  authorization: "https://full.example/authorize",
  token: "https://full.example/token",
  userinfo: "https://full.example/me",
  clientId: "id",
  clientSecret: "secret",
};
const NO_AUTHORIZE = { id: "credentials", type: "credentials", name: "Credentials", credentials: {} };
const EMAIL = { id: "email", type: "email", name: "Email" };
const CONDITIONAL_FIELDS = { email: { label: "Email", required: true, autocomplete: "username webauthn" } };
const webauthn = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: "webauthn", name: "Passkey", ...extra });
/** WebAuthn needs this flag in Auth.js (Foyer accepts it and warns that it is not needed). */
const WEBAUTHN_FLAG = { experimental: { enableWebAuthn: true } };

/** Every method either library asks for. */
const ALL_METHODS = [
  ...new Set([
    ...Object.values(REQUIRED_METHODS).flat(),
    ...["createUser", "getUser", "getUserByEmail", "getUserByAccount", "updateUser", "linkAccount", "createSession", "getSessionAndUser"],
    ...["updateSession", "deleteSession", "createVerificationToken", "useVerificationToken", "getAccount", "getAuthenticator"],
    ...["createAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter"],
  ]),
];

const base = { secret: SECRET, trustHost: true };
const session = { path: "/auth/session" };
const badCallbackUrl = { path: "/auth/signin?callbackUrl=javascript%3Aalert(1)" };

const CASES: Case[] = [
  { name: "no secret", config: { trustHost: true, providers: [OIDC_PROVIDER] }, request: session, expected: "MissingSecret" },
  { name: "host trust off", config: { ...base, trustHost: false, providers: [OIDC_PROVIDER] }, request: session, expected: "UntrustedHost" },
  {
    name: "host trust off, a page with a query",
    config: { ...base, trustHost: false, providers: [OIDC_PROVIDER] },
    request: { path: "/auth/signin?callbackUrl=%2Fdashboard%3Ftab%3D1" },
    expected: "UntrustedHost",
  },
  {
    name: "host trust off and no secret: host trust first",
    config: { trustHost: false, providers: [OIDC_PROVIDER] },
    request: session,
    expected: "UntrustedHost",
  },
  { name: "a callbackUrl that is not http(s)", config: { ...base, providers: [OIDC_PROVIDER] }, request: badCallbackUrl, expected: "InvalidCallbackUrl" },
  {
    name: "a bad callbackUrl and no secret: the secret first",
    config: { trustHost: true, providers: [OIDC_PROVIDER] },
    request: badCallbackUrl,
    expected: "MissingSecret",
  },
  {
    name: "a bad callbackUrl and a provider without endpoints: the callbackUrl first",
    config: { ...base, providers: [NO_TOKEN_ENDPOINT] },
    request: badCallbackUrl,
    expected: "InvalidCallbackUrl",
  },
  {
    name: "an OAuth provider without issuer or token endpoint",
    config: { ...base, providers: [NO_TOKEN_ENDPOINT] },
    request: session,
    expected: "InvalidEndpoints",
  },
  { name: "a credentials provider without authorize", config: { ...base, providers: [NO_AUTHORIZE] }, request: session, expected: "MissingAuthorize" },
  {
    name: "no authorize listed before missing endpoints: the endpoints first",
    config: { ...base, providers: [NO_AUTHORIZE, NO_TOKEN_ENDPOINT] },
    request: session,
    expected: "InvalidEndpoints",
  },
  {
    name: "database sessions without an adapter",
    config: { ...base, session: { strategy: "database" }, providers: [OIDC_PROVIDER] },
    request: session,
    expected: "MissingAdapter",
  },
  {
    name: "an adapter without deleteSession, database sessions",
    config: { ...base, session: { strategy: "database" }, providers: [OIDC_PROVIDER] },
    adapter: ALL_METHODS.filter((m) => m !== "deleteSession"),
    request: session,
    expected: "MissingAdapterMethods",
  },
  {
    name: "the redirect proxy gets a state it cannot decode",
    config: { ...base, redirectProxyUrl: `${ORIGIN}/auth`, providers: [FULL_OAUTH] },
    request: { path: "/auth/callback/full?code=abc&state=not-a-state" },
    expected: "InvalidCheck",
  },
  {
    name: "two WebAuthn providers with conditional UI",
    config: {
      ...base,
      ...WEBAUTHN_FLAG,
      providers: [
        webauthn("webauthn", { enableConditionalUI: true, formFields: CONDITIONAL_FIELDS }),
        webauthn("passkey", { enableConditionalUI: true, formFields: CONDITIONAL_FIELDS }),
      ],
    },
    adapter: ALL_METHODS,
    request: session,
    expected: "DuplicateConditionalUI",
  },
  {
    name: "conditional UI without a webauthn autocomplete field",
    config: {
      ...base,
      ...WEBAUTHN_FLAG,
      providers: [webauthn("passkey", { enableConditionalUI: true, formFields: { email: { label: "Email", autocomplete: "email" } } })],
    },
    adapter: ALL_METHODS,
    request: session,
    expected: "MissingWebAuthnAutocomplete",
  },
  {
    name: "WebAuthn without an adapter",
    config: { ...base, ...WEBAUTHN_FLAG, providers: [webauthn("passkey")] },
    request: session,
    expected: "MissingAdapter",
  },
  {
    name: "WebAuthn and database sessions without an adapter: database sessions first",
    config: { ...base, ...WEBAUTHN_FLAG, session: { strategy: "database" }, providers: [webauthn("passkey")] },
    request: session,
    expected: "MissingAdapter",
  },
  {
    name: "a passkey sign-in without its challenge cookie",
    config: { ...base, ...WEBAUTHN_FLAG, providers: [webauthn("passkey")] },
    adapter: ALL_METHODS,
    authenticator: {
      credentialID: "AAAA",
      userId: "user-1",
      providerAccountId: "AAAA",
      counter: 0,
      credentialBackedUp: false,
      credentialDeviceType: "singleDevice",
      credentialPublicKey: "AAAA",
      transports: "internal",
    },
    request: {
      path: "/auth/callback/passkey",
      method: "POST",
      form: { action: "authenticate", data: JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: {}, clientExtensionResults: {} }) },
    },
    expected: "InvalidCheck",
  },
  {
    name: "the failing request's callbackUrl is the custom error page",
    config: { trustHost: true, pages: { error: "/oops" }, providers: [OIDC_PROVIDER] },
    request: { path: "/auth/signin?callbackUrl=%2Foops" },
    expected: "MissingSecret",
    then: ["ErrorPageLoop"],
  },
  { name: "GET /signin/<provider>", config: { ...base, providers: [OIDC_PROVIDER] }, request: { path: "/auth/signin/corp" }, expected: "UnknownAction" },
  { name: "POST /csrf", config: { ...base, providers: [OIDC_PROVIDER] }, request: { path: "/auth/csrf", method: "POST", form: {} }, expected: "UnknownAction" },
  { name: "e-mail without an adapter", config: { ...base, providers: [EMAIL] }, request: session, expected: "MissingAdapter" },
  {
    name: "WebAuthn listed before e-mail, no adapter: e-mail first",
    config: { ...base, ...WEBAUTHN_FLAG, providers: [webauthn("passkey"), EMAIL] },
    request: session,
    expected: "MissingAdapter",
  },
];

describe("configuration and check errors: the same name and message as @auth/core", () => {
  it.each(CASES)("$name → $expected", async (c) => {
    const [authjs, foyer] = await Promise.all([authjsLogged(c), foyerRun(c)]);
    expect(authjs.map((e) => e.name)).toEqual([c.expected, ...(c.then ?? [])]);
    expect(foyer.map((e) => ({ name: e.name, message: e.message }))).toEqual(authjs);
    // Foyer's own explanation travels in the cause, and the log line never carries the secret.
    const line = formatError(foyer[0]!);
    expect(line).not.toContain(SECRET);
    if (!["InvalidCallbackUrl", "UnknownAction"].includes(c.expected))
      expect(String((foyer[0]!.cause as { detail?: unknown } | undefined)?.detail ?? "")).not.toBe("");
  });
});

describe("what differs on purpose", () => {
  it("UntrustedHost: the URL is printed without the values of token-like query parameters (Auth.js prints them)", async () => {
    const c: Case = {
      name: "host trust off, an e-mail link",
      config: { ...base, trustHost: false, providers: [OIDC_PROVIDER] },
      request: { path: "/auth/callback/email?callbackUrl=%2Fhome&token=the-one-time-token&email=ada%40example.com" },
      expected: "UntrustedHost",
    };
    const [authjs, foyer] = await Promise.all([authjsLogged(c), foyerRun(c)]);
    expect(authjs[0]!.message).toContain("token=the-one-time-token");
    expect(foyer[0]!.message).toBe(authjs[0]!.message.replace("token=the-one-time-token", "token=[redacted]"));
    expect(formatError(foyer[0]!)).not.toContain("the-one-time-token");
  });

  it("an OAuth callback's code and state are not printed either", async () => {
    const c: Case = {
      name: "host trust off, an OAuth callback",
      config: { ...base, trustHost: false, providers: [FULL_OAUTH] },
      request: { path: "/auth/callback/full?code=the-authorization-code&state=the-state&iss=https%3A%2F%2Ffull.example" },
      expected: "UntrustedHost",
    };
    const [foyer] = await foyerRun(c);
    expect(foyer!.message).toBe(
      `Host must be trusted. URL was: ${ORIGIN}/auth/callback/full?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Ffull.example. Read more at https://errors.authjs.dev#untrustedhost`,
    );
  });
});
