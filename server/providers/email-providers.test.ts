/**
 * The e-mail providers against local stand-ins of their services: each HTTP sender against an HTTP
 * server on loopback that checks the documented request (method, path, auth header, content type,
 * body fields) and answers the way the real API does, errors included; Nodemailer against a real SMTP
 * server (smtp-server). Plus the providers' shapes (Auth.js's) and their wiring through `Auth()`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Auth } from "../auth.js";
import { startSmtpCapture, type SmtpCapture } from "../email/test-smtp.js";
import { followLink, linkIn, recordingAdapter, requestLink } from "../email/test-helpers.js";
import { ORIGIN, testConfig } from "../testing/harness.js";
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import Email from "./email-alias.js";
import ForwardEmail from "./forwardemail.js";
import Loops from "./loops.js";
import Mailgun from "./mailgun.js";
import Nodemailer from "./nodemailer.js";
import Postmark from "./postmark.js";
import Resend from "./resend.js";
import SendGrid from "./sendgrid.js";

// ---------------------------------------------------------------------------------------------
// A local stand-in for a mail API
// ---------------------------------------------------------------------------------------------

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The raw body. */
  body: string;
  /** The body parsed: JSON, or the fields of a multipart / urlencoded form. */
  parsed: Record<string, unknown>;
}

interface Reply {
  status: number;
  body?: unknown;
  /** Default application/json when `body` is not a string. */
  contentType?: string;
}

interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function parseBody(request: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = request.headers["content-type"] ?? "";
  if (type.startsWith("application/json")) return JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    const form = await new Request("http://api.test/", { method: "POST", headers: { "content-type": type }, body: new Uint8Array(raw) }).formData();
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form) fields[name] = name in fields ? [fields[name], value].flat() : value;
    return fields;
  }
  return {};
}

/** An HTTP server on 127.0.0.1 that records each request and answers with `answer(request)`. */
async function fakeApi(answer: (request: RecordedRequest) => Reply): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const recorded: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: raw.toString("utf8"), parsed: {} };
        try {
          recorded.parsed = await parseBody(req, raw);
        } catch {
          recorded.parsed = {};
        }
        requests.push(recorded);
        const reply = answer(recorded);
        const text = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
        const headers: Record<string, string> = {};
        if (text) headers["content-type"] = reply.contentType ?? (typeof reply.body === "string" ? "text/plain" : "application/json");
        res.writeHead(reply.status, headers).end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const apis: FakeApi[] = [];
async function api(answer: (request: RecordedRequest) => Reply): Promise<FakeApi> {
  const started = await fakeApi(answer);
  apis.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(apis.map((started) => started.close()));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

// ---------------------------------------------------------------------------------------------
// What Foyer hands a sender
// ---------------------------------------------------------------------------------------------

const LINK = `${ORIGIN}/auth/callback/x?callbackUrl=${encodeURIComponent(`${ORIGIN}/`)}&token=${"ab".repeat(32)}&email=octo%40x.io`;
const MESSAGE = {
  subject: "Sign in to localhost:3000",
  text: `Sign in to localhost:3000\n\n${LINK}\n`,
  html: `<a href="${LINK.replace(/&/g, "&amp;")}">Sign in</a>`,
};

function params(provider: EmailConfig, overrides: Partial<SendVerificationRequestParams> = {}): SendVerificationRequestParams {
  return {
    identifier: "octo@x.io",
    url: LINK,
    expires: new Date(Date.now() + 600_000),
    provider,
    token: "ab".repeat(32),
    theme: {},
    request: new Request(`${ORIGIN}/auth/signin/${provider.id}`, { method: "POST" }),
    locale: "en",
    message: MESSAGE,
    ...overrides,
  };
}

/** The sender as Foyer calls it: with the provider as Foyer merged it (defaults, then `options`). */
function send(provider: EmailConfig, overrides: Partial<SendVerificationRequestParams> = {}): Promise<void> {
  const { options, ...defaults } = provider;
  const merged = { ...defaults, ...(options ?? {}) } as EmailConfig;
  return Promise.resolve(merged.sendVerificationRequest(params(merged, overrides)));
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

describe("provider shapes (Auth.js's: id, name, type, options)", () => {
  it.each([
    ["nodemailer", "Nodemailer", Nodemailer],
    ["email", "Email", Email],
    ["resend", "Resend", Resend],
    ["sendgrid", "SendGrid", SendGrid],
    ["postmark", "Postmark", Postmark],
    ["mailgun", "Mailgun", Mailgun],
    ["forwardemail", "Forward Email", ForwardEmail],
    ["loops", "Loops", Loops],
  ] as const)("%s", (id, name, factory) => {
    const provider = (factory as (config?: Record<string, unknown>) => EmailConfig)({ from: "Acme <no-reply@acme.test>", maxAge: 300 });
    expect(provider).toMatchObject({ id, name, type: "email", from: "Acme <no-reply@acme.test>", maxAge: 300 });
    expect(provider.options).toEqual({ from: "Acme <no-reply@acme.test>", maxAge: 300 });
    expect(typeof provider.sendVerificationRequest).toBe("function");
    // No defaults of Auth.js's that Foyer changes: the core's 10-minute maxAge and the site's from.
    const bare = (factory as () => EmailConfig)();
    expect(bare.maxAge).toBeUndefined();
    expect(bare.from).toBeUndefined();
    // Called with options only to learn the id, as setEnvDefaults does.
    expect((factory as (config: object) => EmailConfig)({}).id).toBe(id);
  });

  it("each has the id, name and type of the @auth/core provider of the same module (the /providers list and the page's button say the same)", async () => {
    const foyer = {
      nodemailer: Nodemailer,
      email: Email,
      resend: Resend,
      sendgrid: SendGrid,
      postmark: Postmark,
      mailgun: Mailgun,
      forwardemail: ForwardEmail,
      loops: Loops,
    };
    for (const [module, factory] of Object.entries(foyer)) {
      const upstream = (await import(`@auth/core/providers/${module}`)) as { default: (config: object) => { id: string; name: string; type: string } };
      const options = { server: "smtp://127.0.0.1:1", apiKey: "k", transactionalId: "t", domain: "d.test" };
      const { id, name, type } = upstream.default(options);
      expect((factory as (config: object) => EmailConfig)(options), module).toMatchObject({ id, name, type });
    }
  });

  it("the user's id and name win (two senders of the same kind side by side)", () => {
    expect(Resend({ id: "resend-eu", name: "Resend EU" })).toMatchObject({ id: "resend-eu", name: "Resend EU" });
  });
});

// ---------------------------------------------------------------------------------------------
// HTTP senders
// ---------------------------------------------------------------------------------------------

describe("Resend", () => {
  const KEY = "re_test_0123456789";
  const answer = (request: RecordedRequest): Reply => {
    if (request.method !== "POST" || request.path !== "/emails")
      return { status: 404, body: { statusCode: 404, message: "The requested endpoint does not exist.", name: "not_found" } };
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return { status: 403, body: { statusCode: 403, message: "API key is invalid", name: "invalid_api_key" } };
    const { from, to, subject } = request.parsed;
    if (!from || !to || !subject) return { status: 422, body: { statusCode: 422, message: "Missing `to` field.", name: "missing_required_field" } };
    if (String(from).includes("unverified"))
      return {
        status: 403,
        body: { statusCode: 403, message: "The unverified.test domain is not verified. Please, add and verify your domain.", name: "validation_error" },
      };
    return { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } };
  };

  it("POSTs the documented JSON to /emails with a Bearer key", async () => {
    const server = await api(answer);
    await send(Resend({ apiKey: KEY, baseUrl: server.url, from: "Acme <no-reply@acme.test>" }));
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/emails" });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.parsed).toEqual({ from: "Acme <no-reply@acme.test>", to: ["octo@x.io"], subject: MESSAGE.subject, html: MESSAGE.html, text: MESSAGE.text });
  });

  it("a refusal → `Resend error: <status> <body>`, without the key", async () => {
    const server = await api(answer);
    const failure = send(Resend({ apiKey: KEY, baseUrl: server.url, from: "no-reply@unverified.test" }));
    await expect(failure).rejects.toThrow(
      'Resend error: 403 {"statusCode":403,"message":"The unverified.test domain is not verified. Please, add and verify your domain.","name":"validation_error"}',
    );
    const wrongKey = send(Resend({ apiKey: "re_wrong_key", baseUrl: server.url }));
    await expect(wrongKey).rejects.toThrow(/^Resend error: 403 .*invalid_api_key/);
    await expect(wrongKey).rejects.not.toThrow(/re_wrong_key/);
  });

  it("reads the key from AUTH_RESEND_KEY (AUTH_<ID>_KEY for another id)", async () => {
    const server = await api(answer);
    vi.stubEnv("AUTH_RESEND_KEY", KEY);
    await send(Resend({ baseUrl: server.url }));
    vi.stubEnv("AUTH_RESEND_EU_KEY", KEY);
    await send(Resend({ id: "resend-eu", baseUrl: server.url }));
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
  });

  it("without a key it fails before calling the API", async () => {
    const server = await api(answer);
    vi.stubEnv("AUTH_RESEND_KEY", "");
    await expect(send(Resend({ baseUrl: server.url }))).rejects.toThrow("Resend error: no API key. Set the provider's `apiKey` option or AUTH_RESEND_KEY.");
    expect(server.requests).toHaveLength(0);
  });

  it("defaults `from` to no-reply@<the site's host name>", async () => {
    const server = await api(answer);
    await send(Resend({ apiKey: KEY, baseUrl: server.url }));
    expect(server.requests[0]!.parsed.from).toBe("no-reply@localhost");
  });

  it("a custom `fetch` is used, and `endpoint` replaces the whole URL", async () => {
    const seen: string[] = [];
    const fetcher: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ id: "x" }), { status: 200 });
    };
    await send(Resend({ apiKey: KEY, fetch: fetcher, endpoint: "https://mail-proxy.internal/resend/emails" }));
    expect(seen).toEqual(["https://mail-proxy.internal/resend/emails"]);
  });

  it("a key the API echoes back is blanked out of the error, and long bodies are truncated", async () => {
    const server = await api((request) => ({ status: 400, body: { message: `bad key ${String(request.headers.authorization)} ${"x".repeat(2000)}` } }));
    const error = await send(Resend({ apiKey: KEY, baseUrl: server.url })).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toMatch(/^Resend error: 400 \{"message":"bad key Bearer \[redacted\] x+…$/);
    expect(message).not.toContain(KEY);
    expect(message.length).toBeLessThan(600);
  });

  it("a network failure is an error too (and names no key)", async () => {
    const server = await api(answer);
    await server.close();
    apis.splice(apis.indexOf(server), 1);
    await expect(send(Resend({ apiKey: KEY, baseUrl: server.url }))).rejects.toThrow(/^Resend error: /);
  });

  it("refuses to send to anything but one plain address (when called directly)", async () => {
    const server = await api(answer);
    for (const identifier of ["a@x.com,b@y.com", "a@x.com b@y.com", "A <a@x.com>", "a@x.com\r\nBcc: b@y.com"]) {
      await expect(send(Resend({ apiKey: KEY, baseUrl: server.url }), { identifier })).rejects.toThrow(/exactly one plain e-mail address/);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe("SendGrid", () => {
  const KEY = "SG.test-key.0123456789";
  const answer = (request: RecordedRequest): Reply => {
    if (request.headers.authorization !== `Bearer ${KEY}`) {
      return { status: 401, body: { errors: [{ message: "The provided authorization grant is invalid, expired, or revoked", field: null, help: null }] } };
    }
    const body = request.parsed as { personalizations?: unknown[]; from?: { email?: string }; content?: { type: string; value: string }[] };
    if (!body.personalizations?.length)
      return {
        status: 400,
        body: {
          errors: [{ message: "The personalizations field is required and must have at least one personalization.", field: "personalizations", help: null }],
        },
      };
    if (!body.from?.email?.endsWith("@acme.test")) {
      return { status: 403, body: { errors: [{ message: "The from address does not match a verified Sender Identity.", field: "from", help: null }] } };
    }
    if (body.content?.[0]?.type !== "text/plain")
      return { status: 400, body: { errors: [{ message: "If present, text/plain must be first", field: "content", help: null }] } };
    return { status: 202 };
  };

  it("POSTs personalizations/from/subject/content to /v3/mail/send with a Bearer key", async () => {
    const server = await api(answer);
    await send(SendGrid({ apiKey: KEY, baseUrl: server.url, from: "Acme Inc. <no-reply@acme.test>" }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v3/mail/send" });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.parsed).toEqual({
      personalizations: [{ to: [{ email: "octo@x.io" }] }],
      from: { email: "no-reply@acme.test", name: "Acme Inc." },
      subject: MESSAGE.subject,
      content: [
        { type: "text/plain", value: MESSAGE.text },
        { type: "text/html", value: MESSAGE.html },
      ],
    });
  });

  it("a bare `from` is sent without a name", async () => {
    const server = await api(answer);
    await send(SendGrid({ apiKey: KEY, baseUrl: server.url, from: "no-reply@acme.test" }));
    expect(server.requests[0]!.parsed.from).toEqual({ email: "no-reply@acme.test" });
  });

  it("a refusal → `SendGrid error: <status> <body>`", async () => {
    const server = await api(answer);
    await expect(send(SendGrid({ apiKey: KEY, baseUrl: server.url, from: "no-reply@other.test" }))).rejects.toThrow(
      'SendGrid error: 403 {"errors":[{"message":"The from address does not match a verified Sender Identity.","field":"from","help":null}]}',
    );
    const wrongKey = send(SendGrid({ apiKey: "SG.wrong", baseUrl: server.url, from: "no-reply@acme.test" }));
    await expect(wrongKey).rejects.toThrow(/^SendGrid error: 401 .*authorization grant is invalid/);
    await expect(wrongKey).rejects.not.toThrow(/SG\.wrong/);
  });
});

describe("Postmark", () => {
  const KEY = "00000000-1111-2222-3333-444444444444";
  const answer = (request: RecordedRequest): Reply => {
    if (request.headers["x-postmark-server-token"] !== KEY) {
      return { status: 401, body: { ErrorCode: 10, Message: "The Server Token you provided in the X-Postmark-Server-Token request header was invalid." } };
    }
    const { From, To } = request.parsed as { From?: string; To?: string };
    if (!From?.includes("@acme.test"))
      return { status: 422, body: { ErrorCode: 400, Message: "The 'From' address you supplied is not a Sender Signature on your account." } };
    if (!To) return { status: 422, body: { ErrorCode: 300, Message: "Invalid 'To' address: ''." } };
    return { status: 200, body: { To, SubmittedAt: "2026-01-01T00:00:00Z", MessageID: "0a129aee-e1cd-480d-b08d-4f48548ff48d", ErrorCode: 0, Message: "OK" } };
  };

  it("POSTs From/To/Subject/HtmlBody/TextBody/MessageStream to /email with X-Postmark-Server-Token", async () => {
    const server = await api(answer);
    await send(Postmark({ apiKey: KEY, baseUrl: server.url, from: "Acme <no-reply@acme.test>" }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/email" });
    expect(request!.headers["x-postmark-server-token"]).toBe(KEY);
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.headers.accept).toBe("application/json");
    expect(request!.parsed).toEqual({
      From: "Acme <no-reply@acme.test>",
      To: "octo@x.io",
      Subject: MESSAGE.subject,
      HtmlBody: MESSAGE.html,
      TextBody: MESSAGE.text,
      MessageStream: "outbound",
    });
  });

  it("`messageStream` picks another stream", async () => {
    const server = await api(answer);
    await send(Postmark({ apiKey: KEY, baseUrl: server.url, from: "no-reply@acme.test", messageStream: "login-links" }));
    expect(server.requests[0]!.parsed.MessageStream).toBe("login-links");
  });

  it("a refusal → `Postmark error: <status> <body>`; so is an OK answer with an ErrorCode", async () => {
    const server = await api(answer);
    await expect(send(Postmark({ apiKey: KEY, baseUrl: server.url, from: "no-reply@other.test" }))).rejects.toThrow(
      `Postmark error: 422 {"ErrorCode":400,"Message":"The 'From' address you supplied is not a Sender Signature on your account."}`,
    );
    const odd = await api(() => ({ status: 200, body: { ErrorCode: 406, Message: "You tried to send to a recipient that has been marked as inactive." } }));
    await expect(send(Postmark({ apiKey: KEY, baseUrl: odd.url }))).rejects.toThrow(/^Postmark error: 200 \{"ErrorCode":406/);
  });
});

describe("Mailgun", () => {
  const KEY = "key-0123456789abcdef";
  const answer = (request: RecordedRequest): Reply => {
    if (request.headers.authorization !== basic("api", KEY)) return { status: 401, body: "Forbidden" };
    const match = /^\/v3\/([^/]+)\/messages$/.exec(request.path);
    if (!match) return { status: 404, body: { message: "Invalid URL" } };
    if (match[1] !== "mg.acme.test") return { status: 404, body: { message: `Domain not found: ${match[1]}` } };
    if (!request.parsed.to) return { status: 400, body: { message: "'to' parameter is missing" } };
    return { status: 200, body: { id: "<20260101000000.1.ABCDEF@mg.acme.test>", message: "Queued. Thank you." } };
  };

  it("POSTs form fields to /v3/<domain>/messages with Basic api:<key>", async () => {
    const server = await api(answer);
    await send(Mailgun({ apiKey: KEY, baseUrl: server.url, domain: "mg.acme.test", from: "Acme <no-reply@acme.test>" }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v3/mg.acme.test/messages" });
    expect(request!.headers.authorization).toBe(basic("api", KEY));
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    // multipart/form-data carries line breaks as CRLF (the HTML form encoding rules), as e-mail does anyway.
    expect(request!.parsed).toEqual({
      from: "Acme <no-reply@acme.test>",
      to: "octo@x.io",
      subject: MESSAGE.subject,
      text: MESSAGE.text.replace(/\n/g, "\r\n"),
      html: MESSAGE.html,
    });
  });

  it("the domain defaults to the domain of `from`", async () => {
    const server = await api(answer);
    await send(Mailgun({ apiKey: KEY, baseUrl: server.url, from: "Acme <no-reply@mg.acme.test>" }));
    expect(server.requests[0]!.path).toBe("/v3/mg.acme.test/messages");
  });

  it('picks the regional API: US by default, EU with region: "eu"', async () => {
    const urls: string[] = [];
    const fetcher: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ id: "<x>", message: "Queued. Thank you." }), { status: 200 });
    };
    await send(Mailgun({ apiKey: KEY, domain: "mg.acme.test", fetch: fetcher }));
    await send(Mailgun({ apiKey: KEY, domain: "mg.acme.test", region: "eu", fetch: fetcher }));
    expect(urls).toEqual(["https://api.mailgun.net/v3/mg.acme.test/messages", "https://api.eu.mailgun.net/v3/mg.acme.test/messages"]);
    await expect(send(Mailgun({ apiKey: KEY, domain: "mg.acme.test", region: "ap" as "eu", fetch: fetcher }))).rejects.toThrow(/region must be "us" or "eu"/);
  });

  it("a refusal → `Mailgun error: <status> <body>`, without the key or the encoded credentials", async () => {
    const server = await api(answer);
    await expect(send(Mailgun({ apiKey: KEY, baseUrl: server.url, domain: "other.test" }))).rejects.toThrow(
      'Mailgun error: 404 {"message":"Domain not found: other.test"}',
    );
    const wrongKey = send(Mailgun({ apiKey: "key-wrong", baseUrl: server.url, domain: "mg.acme.test" }));
    await expect(wrongKey).rejects.toThrow("Mailgun error: 401 Forbidden");
  });
});

describe("Forward Email", () => {
  const KEY = "fe_0123456789abcdef";
  const answer = (request: RecordedRequest): Reply => {
    if (request.headers.authorization !== basic(KEY, ""))
      return { status: 401, body: { statusCode: 401, error: "Unauthorized", message: "Invalid API token." } };
    if (!String(request.parsed.from ?? "").endsWith("@acme.test>")) {
      return { status: 400, body: { statusCode: 400, error: "Bad Request", message: "Domain is not verified for outbound SMTP." } };
    }
    return { status: 200, body: { id: "65b8e5f7a1b2c3d4e5f6a7b8", object: "email", status: "queued" } };
  };

  it("POSTs JSON to /v1/emails with Basic <key>: (empty password)", async () => {
    const server = await api(answer);
    await send(ForwardEmail({ apiKey: KEY, baseUrl: server.url, from: "Acme <no-reply@acme.test>" }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/emails" });
    expect(request!.headers.authorization).toBe(basic(KEY, ""));
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.parsed).toEqual({ from: "Acme <no-reply@acme.test>", to: "octo@x.io", subject: MESSAGE.subject, text: MESSAGE.text, html: MESSAGE.html });
  });

  it("a refusal → `Forward Email error: <status> <body>`", async () => {
    const server = await api(answer);
    await expect(send(ForwardEmail({ apiKey: KEY, baseUrl: server.url, from: "no-reply@other.test" }))).rejects.toThrow(
      'Forward Email error: 400 {"statusCode":400,"error":"Bad Request","message":"Domain is not verified for outbound SMTP."}',
    );
    vi.stubEnv("AUTH_FORWARDEMAIL_KEY", "fe_from_env");
    const fromEnv = send(ForwardEmail({ baseUrl: server.url }));
    await expect(fromEnv).rejects.toThrow(/^Forward Email error: 401 /);
    expect(server.requests.at(-1)!.headers.authorization).toBe(basic("fe_from_env", ""));
  });
});

describe("Loops", () => {
  const KEY = "loops_0123456789";
  const answer = (request: RecordedRequest): Reply => {
    if (request.headers.authorization !== `Bearer ${KEY}`) return { status: 401, body: { success: false, message: "Invalid API key" } };
    const body = request.parsed as { transactionalId?: string; email?: string; dataVariables?: Record<string, unknown> };
    if (body.transactionalId !== "clx-login-link") return { status: 404, body: { success: false, message: "Transactional email not found" } };
    if (typeof body.dataVariables?.url !== "string")
      return { status: 400, body: { success: false, message: "Missing required data variable: url", path: "dataVariables" } };
    return { status: 200, body: { success: true } };
  };

  it("POSTs transactionalId/email/dataVariables {url, host} to /api/v1/transactional with a Bearer key", async () => {
    const server = await api(answer);
    await send(Loops({ apiKey: KEY, baseUrl: server.url, transactionalId: "clx-login-link" }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/api/v1/transactional" });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.parsed).toEqual({ transactionalId: "clx-login-link", email: "octo@x.io", dataVariables: { url: LINK, host: "localhost:3000" } });
  });

  it("needs a transactionalId, and fails before calling the API without one", async () => {
    const server = await api(answer);
    await expect(send(Loops({ apiKey: KEY, baseUrl: server.url }))).rejects.toThrow(
      "Loops error: no transactionalId. Set the provider's `transactionalId` option.",
    );
    expect(server.requests).toHaveLength(0);
  });

  it("a refusal → `Loops error: <status> <body>`; so is an OK answer with success: false", async () => {
    const server = await api(answer);
    await expect(send(Loops({ apiKey: KEY, baseUrl: server.url, transactionalId: "clx-missing" }))).rejects.toThrow(
      'Loops error: 404 {"success":false,"message":"Transactional email not found"}',
    );
    const odd = await api(() => ({ status: 200, body: { success: false, message: "Contact is suppressed" } }));
    await expect(send(Loops({ apiKey: KEY, baseUrl: odd.url, transactionalId: "clx-login-link" }))).rejects.toThrow(
      'Loops error: 200 {"success":false,"message":"Contact is suppressed"}',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Through Auth(): env keys, and a refused send leaves nothing behind
// ---------------------------------------------------------------------------------------------

describe("HTTP senders through Auth()", () => {
  it("Resend with AUTH_RESEND_KEY: the link arrives at the API, and following it signs in", async () => {
    const KEY = "re_env_key_0123";
    vi.stubEnv("AUTH_RESEND_KEY", KEY);
    const server = await api((request) =>
      request.headers.authorization === `Bearer ${KEY}`
        ? { status: 200, body: { id: "e1" } }
        : { status: 403, body: { statusCode: 403, message: "API key is invalid", name: "invalid_api_key" } },
    );
    const { adapter } = recordingAdapter();
    const config = testConfig({ adapter, providers: [Resend({ baseUrl: server.url, from: "Acme <no-reply@acme.test>" })] });
    const { response } = await requestLink(config, "resend", { email: "Octo@X.io" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=resend&type=email`);
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!.parsed as { to: string[]; text: string; html: string; subject: string };
    expect(sent.to).toEqual(["octo@x.io"]);
    expect(sent.subject).toBe("Sign in to localhost:3000");
    const link = linkIn(sent.text);
    expect(sent.html).toContain(link.replace(/&/g, "&amp;"));
    const { response: signedIn, jar } = await followLink(config, link);
    expect(signedIn.status).toBe(302);
    expect(jar.get("authjs.session-token")).toBeTruthy();
  });

  it("an API refusal → back to the sign-in page with error=EmailSignin, and no token stays stored", async () => {
    const server = await api(() => ({ status: 422, body: { statusCode: 422, message: "Invalid `to` field.", name: "validation_error" } }));
    const recording = recordingAdapter();
    const errors: unknown[] = [];
    const config = testConfig({
      adapter: recording.adapter,
      logger: { error: (error: unknown) => errors.push(error), warn() {}, debug() {} },
      providers: [Resend({ apiKey: "re_secret_do_not_log", baseUrl: server.url })],
    });
    const { response } = await requestLink(config, "resend", { email: "octo@x.io" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`);
    expect(server.requests).toHaveLength(1);
    expect(recording.methods()).toContain("createVerificationToken");
    expect(recording.storedTokens()).toEqual([]);
    expect(recording.methods()).not.toContain("createUser");
    const logged = JSON.stringify(errors, (_key, value: unknown) => (value instanceof Error ? { message: value.message, cause: value.cause } : value));
    expect(logged).toContain("Resend error: 422");
    expect(logged).not.toContain("re_secret_do_not_log");
  });
});

// ---------------------------------------------------------------------------------------------
// Nodemailer over a real SMTP server
// ---------------------------------------------------------------------------------------------

describe("Nodemailer against a real SMTP server", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture({ reject: (address) => address.startsWith("bounce") });
  });
  afterAll(async () => {
    await smtp.close();
  });
  afterEach(() => smtp.clear());
  const server = () => ({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });

  it("sends Foyer's message to exactly the canonical address, from the site's no-reply address", async () => {
    const recording = recordingAdapter();
    const config = testConfig({ adapter: recording.adapter, providers: [Nodemailer({ server: server() })] });
    const { response } = await requestLink(config, "nodemailer", { email: "  Octo@X.io " });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);
    const message = await smtp.waitForMessage("octo@x.io");
    expect(smtp.messages).toHaveLength(1);
    expect(message.envelope.to).toEqual(["octo@x.io"]);
    expect(message.to).toEqual(["octo@x.io"]);
    expect(message.headers.to).toBe("octo@x.io");
    expect(message.headers.cc).toBeUndefined();
    expect(message.headers.bcc).toBeUndefined();
    expect(message.envelope.from).toBe("no-reply@localhost");
    expect(message.subject).toBe("Sign in to localhost:3000");
    const link = linkIn(message.text);
    expect(link.startsWith(`${ORIGIN}/auth/callback/nodemailer?`)).toBe(true);
    expect(new URL(link).searchParams.get("email")).toBe("octo@x.io");
    expect(message.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(recording.storedTokens().map((token) => token.identifier)).toEqual(["octo@x.io"]);
  });

  it("`from` and an SMTP URL string work as in Auth.js", async () => {
    const { adapter } = recordingAdapter();
    const config = testConfig({ adapter, providers: [Nodemailer({ server: `smtp://127.0.0.1:${smtp.port}`, from: "Acme <login@acme.test>" })] });
    await requestLink(config, "nodemailer", { email: "ada@acme.test" });
    const message = await smtp.waitForMessage("ada@acme.test");
    expect(message.envelope.from).toBe("login@acme.test");
    expect(message.headers.from).toBe("Acme <login@acme.test>");
  });

  it("reads the server from AUTH_NODEMAILER_SERVER, then EMAIL_SERVER", async () => {
    const url = `smtp://127.0.0.1:${smtp.port}`;
    vi.stubEnv("AUTH_NODEMAILER_SERVER", url);
    vi.stubEnv("EMAIL_SERVER", "smtp://127.0.0.1:1");
    const provider = Nodemailer();
    await send(provider, { identifier: "env-one@x.io" });
    vi.stubEnv("AUTH_NODEMAILER_SERVER", "");
    vi.stubEnv("EMAIL_SERVER", url);
    await send(provider, { identifier: "env-two@x.io" });
    expect(smtp.messages.map((message) => message.envelope.to)).toEqual([["env-one@x.io"], ["env-two@x.io"]]);
    vi.stubEnv("EMAIL_SERVER", "");
    await expect(send(provider)).rejects.toThrow(
      "Nodemailer error: no SMTP server. Set the provider's `server` option, AUTH_NODEMAILER_SERVER or EMAIL_SERVER.",
    );
  });

  it('the `email` alias is the same sender under the id "email"', async () => {
    const { adapter } = recordingAdapter();
    const config = testConfig({ adapter, providers: [Email({ server: server() })] });
    const { response } = await requestLink(config, "email", { email: "alias@x.io" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`);
    const message = await smtp.waitForMessage("alias@x.io");
    expect(linkIn(message.text).startsWith(`${ORIGIN}/auth/callback/email?`)).toBe(true);
  });

  it("a recipient the server rejects → error=EmailSignin on the sign-in page, nothing left in the adapter", async () => {
    const recording = recordingAdapter();
    const config = testConfig({ adapter: recording.adapter, providers: [Nodemailer({ server: server() })] });
    const { response, jar } = await requestLink(config, "nodemailer", { email: "bounce@x.io" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`);
    expect(smtp.messages).toHaveLength(0);
    expect(recording.storedTokens()).toEqual([]);
    expect(recording.methods()).not.toContain("createUser");
    expect(jar.get("authjs.session-token")).toBeUndefined();
    // The failed send did not start the resend cooldown: the next attempt is tried at once.
    await requestLink(config, "nodemailer", { email: "bounce@x.io" });
    expect(recording.methods().filter((method) => method === "createVerificationToken")).toHaveLength(2);
  });

  it("a sender called directly throws on a rejected recipient, as Auth.js's does", async () => {
    await expect(send(Nodemailer({ server: server() }), { identifier: "bounce@x.io" })).rejects.toThrow(/rejected/);
  });

  it("an SMTP server that is down → error=EmailSignin", async () => {
    const { adapter } = recordingAdapter();
    const down = await startSmtpCapture();
    await down.close();
    const config = testConfig({ adapter, providers: [Nodemailer({ server: { host: "127.0.0.1", port: down.port, secure: false, ignoreTLS: true } })] });
    const { response } = await requestLink(config, "nodemailer", { email: "octo@x.io" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`);
  });
});

describe("Auth() answers the same whichever sender is configured", () => {
  it("lists each provider as type email under its id", async () => {
    const { adapter } = recordingAdapter();
    const config = testConfig({
      adapter,
      providers: [
        Nodemailer({ server: "smtp://127.0.0.1:1" }),
        Resend({ apiKey: "k" }),
        Loops({ apiKey: "k", transactionalId: "t" }),
        Mailgun({ apiKey: "k", domain: "d.test" }),
      ],
    });
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), config);
    const body = (await response.json()) as Record<string, { type: string; name: string }>;
    expect(Object.fromEntries(Object.entries(body).map(([id, provider]) => [id, [provider.type, provider.name]]))).toEqual({
      nodemailer: ["email", "Nodemailer"],
      resend: ["email", "Resend"],
      loops: ["email", "Loops"],
      mailgun: ["email", "Mailgun"],
    });
  });
});
