/**
 * The demo's e-mail sign-in over real HTTP: the development mailbox (`/mailbox` and the console line)
 * when no SMTP server is configured, SMTP through Foyer's Nodemailer provider when one is, and no
 * e-mail sign-in at all in production without SMTP.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpCapture } from "../server/email/test-smtp.js";
import { CookieJar } from "../server/testing/harness.js";
import { DevMailbox, createDevMailbox, demoEmailProvider, isLoopbackAddress } from "./mailbox.js";
import { startDemo, type Demo } from "./server.js";

const VARIABLES = ["AUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL", "AUTH_NODEMAILER_SERVER", "EMAIL_SERVER", "NODE_ENV"];
const saved = new Map(VARIABLES.map((name) => [name, process.env[name]]));
let dataDir: string;
let logged: string[];
const running: Demo[] = [];

beforeAll(async () => {
  for (const name of VARIABLES) delete process.env[name];
  process.env.AUTH_SECRET = "demo-mailbox-test-secret-0123456789abcdef";
  dataDir = await mkdtemp(join(tmpdir(), "foyer-demo-mailbox-"));
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((demo) => demo.close()));
  delete process.env.AUTH_NODEMAILER_SERVER;
});

afterAll(async () => {
  vi.restoreAllMocks();
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(dataDir, { recursive: true, force: true });
});

async function start(name: string, host?: string): Promise<Demo> {
  const demo = await startDemo({ port: 0, dataDir: join(dataDir, name), ...(host ? { host } : {}) });
  running.push(demo);
  return demo;
}

async function get(jar: CookieJar, url: string): Promise<Response> {
  const response = await fetch(url, { redirect: "manual", headers: jar.header ? { cookie: jar.header } : {} });
  jar.update(response);
  return response;
}

/** Asks the demo for a sign-in link for `email`, as the built-in page's e-mail form does. */
async function requestLink(demo: Demo, jar: CookieJar, email: string): Promise<Response> {
  const { csrfToken } = (await (await get(jar, `${demo.url}/auth/csrf`)).json()) as { csrfToken: string };
  const response = await fetch(`${demo.url}/auth/signin/email`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams({ csrfToken, email, callbackUrl: "/" }),
  });
  jar.update(response);
  return response;
}

describe("the development mailbox (no SMTP server)", () => {
  it("keeps the e-mail, prints its link on one line, lists it on /mailbox, and the link signs in", async () => {
    const demo = await start("mailbox");
    const jar = new CookieJar();
    const home = await (await get(jar, `${demo.url}/`)).text();
    expect(home).toContain('<a href="/mailbox">mailbox</a>');
    const signin = await (await get(jar, `${demo.url}/auth/signin`)).text();
    // One e-mail field serves every e-mail-based method; the link is its secondary action.
    expect(signin).toContain('<input id="input-email" name="email" type="email"');
    expect(signin).toContain(`formaction="${demo.url}/auth/signin/email">Email me a sign-in link</button>`);

    const response = await requestLink(demo, jar, " Visitor@Example.COM ");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${demo.url}/auth/verify-request?provider=email&type=email`);

    const lines = logged.filter((line) => line.includes("Sign-in link for visitor@example.com"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    const link = /(http:\/\/\S+\/auth\/callback\/email\?\S+)/.exec(lines[0]!)![1]!;

    const mailbox = await get(jar, `${demo.url}/mailbox`);
    expect(mailbox.status).toBe(200);
    const page = await mailbox.text();
    expect(page).toContain("Sign in to localhost:");
    expect(page).toContain("<dd>visitor@example.com</dd>");
    expect(page).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    const signedIn = await get(jar, link);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${demo.url}/`);
    expect(await (await get(jar, `${demo.url}/`)).text()).toContain("You are signed in as <strong>visitor@example.com</strong>");
  });

  it("keeps only the newest messages, newest first", () => {
    const mailbox = new DevMailbox(() => {});
    for (let n = 0; n < 60; n++) {
      void mailbox.sendVerificationRequest({
        identifier: `u${n}@x.io`,
        url: `http://localhost/auth/callback/email?n=${n}`,
        expires: new Date(),
        locale: "en",
        message: { subject: "s", text: "t", html: "h" },
      } as Parameters<DevMailbox["sendVerificationRequest"]>[0]);
    }
    expect(mailbox.messages).toHaveLength(50);
    expect(mailbox.messages[0]!.to).toBe("u59@x.io");
  });
});

/** One GET of `path` from the demo over loopback, with these request headers. */
function getFrom(demo: Demo, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { port } = new URL(demo.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Makes the demo's server see every new connection as coming from `address`, as it would for a
 * client on another machine. (The connections themselves stay on loopback: tests send no traffic
 * to other addresses.) Returns the undo.
 */
function connectionsSeemFrom(demo: Demo, address: string): () => void {
  const relabel = (socket: Socket) => Object.defineProperty(socket, "remoteAddress", { get: () => address, configurable: true });
  demo.server.prependListener("connection", relabel);
  return () => void demo.server.off("connection", relabel);
}

describe("the mailbox is for local use only (it shows every address's sign-in link)", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.12.0.9", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["192.0.2.7", false],
    ["::ffff:192.0.2.7", false],
    ["10.0.0.1", false],
    ["fd00::2", false],
    ["::", false],
    ["", false],
    [undefined, false],
  ])("socket address %j is loopback: %s", (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it("a client on another machine gets 403 and no links, even with a loopback Host or X-Forwarded-For; a local client reads them", async () => {
    const demo = await start("remote-client");
    const jar = new CookieJar();
    await requestLink(demo, jar, "victim@example.com");
    const link = /(http:\/\/\S+\/auth\/callback\/email\?\S+)/.exec(logged.find((line) => line.includes("victim@example.com"))!)![1]!;
    const { port } = new URL(demo.url);

    const undo = connectionsSeemFrom(demo, "192.0.2.7");
    const refused = await getFrom(demo, "/mailbox", { host: `localhost:${port}`, "x-forwarded-for": "127.0.0.1" });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("for local use only");
    expect(refused.body).not.toContain("victim@example.com");
    expect(refused.body).not.toContain("/auth/callback/email");
    // The home page does not point a remote visitor at a page they cannot open.
    const home = await getFrom(demo, "/", { host: `localhost:${port}` });
    expect(home.body).not.toContain('href="/mailbox"');
    undo();

    const local = await getFrom(demo, "/mailbox", { host: `localhost:${port}` });
    expect(local.status).toBe(200);
    expect(local.body).toContain("for local use only");
    expect(local.body).toContain(link.replace(/&/g, "&amp;"));
  });
});

describe("with an SMTP server", () => {
  it("sends through it, and there is no /mailbox", async () => {
    const smtp = await startSmtpCapture();
    try {
      process.env.AUTH_NODEMAILER_SERVER = `smtp://127.0.0.1:${smtp.port}`;
      const demo = await start("smtp");
      const jar = new CookieJar();
      expect((await get(jar, `${demo.url}/mailbox`)).status).toBe(404);
      const response = await requestLink(demo, jar, "smtp-user@example.com");
      expect(response.headers.get("location")).toBe(`${demo.url}/auth/verify-request?provider=email&type=email`);
      const message = await smtp.waitForMessage("smtp-user@example.com");
      expect(message.envelope.to).toEqual(["smtp-user@example.com"]);
      expect(message.text).toContain(`${demo.url}/auth/callback/email?`);
    } finally {
      await smtp.close();
    }
  });
});

describe("which provider", () => {
  it("SMTP when configured, the mailbox in development, none in production without SMTP", () => {
    expect(createDevMailbox({ NODE_ENV: "production" })).toBeUndefined();
    expect(demoEmailProvider(createDevMailbox({ NODE_ENV: "production" }), { NODE_ENV: "production" })).toBeUndefined();
    expect(createDevMailbox({ EMAIL_SERVER: "smtp://x" })).toBeUndefined();
    expect(demoEmailProvider(undefined, { NODE_ENV: "production", EMAIL_SERVER: "smtp://x" })).toMatchObject({ id: "email", type: "email" });
    const mailbox = createDevMailbox({});
    expect(mailbox).toBeInstanceOf(DevMailbox);
    expect(demoEmailProvider(mailbox, {})?.sendVerificationRequest).toBe(mailbox!.sendVerificationRequest);
  });
});
