/**
 * A mail service that stops answering must not hold the sign-in request: the SMTP transport Foyer
 * creates has connection, greeting and socket timeouts (nodemailer's own defaults are 2 minutes, 30
 * seconds and 10 minutes), and every HTTP mail API call has a deadline. A send that runs out of time
 * answers like any failed send — the sign-in page with `error=EmailSignin` — and leaves no usable
 * verification token behind. Black-box through `Auth()` against real servers on loopback that accept
 * and then go silent.
 */
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { recordingAdapter, requestLink, type RecordingAdapter } from "../email/test-helpers.js";
import { ORIGIN, testConfig } from "../testing/harness.js";
import type { AuthConfig } from "../types.js";
import type { EmailConfig } from "./email.js";
import Nodemailer from "./nodemailer.js";
import Resend from "./resend.js";

const SIGNIN_ERROR = `${ORIGIN}/auth/signin?error=EmailSignin`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A TCP server that accepts connections and never writes a byte (an SMTP server stuck before its greeting). */
async function silentTcpServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

/** A real SMTP server that takes the message body and then never answers the final `.` (stalled mid-DATA). */
async function stallingSmtpServer(): Promise<{ port: number; bodies: () => number }> {
  let bodies = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream) {
      stream.on("end", () => void bodies++);
      stream.resume();
      // The callback is never called: the client waits for the reply to its DATA.
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, bodies: () => bodies };
}

/** An HTTP server that reads the request and never answers. */
async function silentHttpServer(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server: HttpServer = createHttpServer((request) => {
    requests++;
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

interface Outcome {
  location: string | null;
  elapsed: number;
  recording: RecordingAdapter;
  errors: Error[];
}

/** Requests a link for octo@x.io through `provider` and times the answer. */
async function requestLinkThrough(provider: EmailConfig): Promise<Outcome> {
  const recording = recordingAdapter();
  const errors: Error[] = [];
  const config: AuthConfig = testConfig({
    adapter: recording.adapter,
    logger: { error: (error) => void errors.push(error), warn() {}, debug() {} },
    providers: [provider],
  });
  const started = performance.now();
  const { response } = await requestLink(config, provider.id, { email: "octo@x.io" });
  return { location: response.headers.get("location"), elapsed: performance.now() - started, recording, errors };
}

/** The common outcome of a send that ran out of time. */
function expectFailedSend(outcome: Outcome, within: [number, number], reason: RegExp): void {
  expect(outcome.location).toBe(SIGNIN_ERROR);
  expect(outcome.elapsed).toBeGreaterThanOrEqual(within[0]);
  expect(outcome.elapsed).toBeLessThan(within[1]);
  // The token was stored before the send (a link must never arrive for a token that does not exist)
  // and used up when the send failed: nothing that could sign anyone in stays behind.
  expect(outcome.recording.methods()).toContain("createVerificationToken");
  expect(outcome.recording.storedTokens()).toEqual([]);
  expect(outcome.recording.methods()).not.toContain("createUser");
  expect(outcome.errors.map((error) => (error as { type?: string }).type)).toEqual(["EmailSignInError"]);
  const cause = (outcome.errors[0] as { cause?: { err?: Error } }).cause?.err;
  expect(cause?.message ?? "").toMatch(reason);
}

describe("a stalled SMTP server does not hold the sign-in request", () => {
  it("accepts the connection and never greets: with Foyer's defaults the request answers error=EmailSignin after about 10 s (nodemailer alone waits 30 s)", async () => {
    const port = await silentTcpServer();
    const outcome = await requestLinkThrough(Nodemailer({ server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true } }));
    expectFailedSend(outcome, [9_000, 15_000], /greeting/i);
  }, 20_000);

  it("never greets, with the user's own greetingTimeout (object options win over Foyer's)", async () => {
    const port = await silentTcpServer();
    const outcome = await requestLinkThrough(Nodemailer({ server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true, greetingTimeout: 300 } }));
    expectFailedSend(outcome, [250, 3_000], /greeting/i);
  });

  it("never greets, with the timeout in the user's SMTP URL (the URL's parameters win over Foyer's)", async () => {
    const port = await silentTcpServer();
    const outcome = await requestLinkThrough(Nodemailer({ server: `smtp://127.0.0.1:${port}?greetingTimeout=300` }));
    expectFailedSend(outcome, [250, 3_000], /greeting/i);
  });

  it("takes the message and never answers the end of DATA: the socket timeout (user's 300 ms) answers error=EmailSignin", async () => {
    const smtp = await stallingSmtpServer();
    const outcome = await requestLinkThrough(
      Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true, socketTimeout: 300 } }),
    );
    expectFailedSend(outcome, [250, 3_000], /timeout/i);
    expect(smtp.bodies()).toBe(1);
  });
});

describe("a stalled HTTP mail API does not hold the sign-in request", () => {
  it("an API that reads the request and never answers: the `timeout` (300 ms) answers error=EmailSignin, naming the timeout", async () => {
    const api = await silentHttpServer();
    const outcome = await requestLinkThrough(Resend({ apiKey: "re_key", baseUrl: api.url, timeout: 300 }));
    expectFailedSend(outcome, [250, 3_000], /Resend error: no answer within 300 ms/);
    expect(api.requests()).toBe(1);
  });

  it("a custom `fetch` that ignores the abort signal (e.g. a proxy wrapper dropping it) still gives up at the timeout", async () => {
    let calls = 0;
    const stuck: typeof fetch = () => {
      calls++;
      return new Promise<Response>(() => undefined);
    };
    const outcome = await requestLinkThrough(Resend({ apiKey: "re_key", fetch: stuck, timeout: 300 }));
    expectFailedSend(outcome, [250, 3_000], /Resend error: no answer within 300 ms/);
    expect(calls).toBe(1);
  });
});
