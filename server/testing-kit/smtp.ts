/**
 * A real SMTP server on loopback that keeps every message it receives, parsed: for apps under test
 * that send their sign-in e-mails over SMTP (`startTestSmtpServer`), and for Foyer's own e-mail tests
 * (`startSmtpCapture`, the same server with every option).
 *
 * It needs the optional peers `smtp-server` and `mailparser`, loaded on the first call.
 *
 * ```ts
 * const smtp = await startTestSmtpServer();
 * Nodemailer({ server: smtp.url });             // smtp://127.0.0.1:<port>
 * const link = await smtp.mailbox.waitForLink("octo@x.io");
 * await smtp.close();
 * ```
 */
import type { AddressInfo } from "node:net";
import type { AddressObject } from "mailparser";
import { findSignInLink, Mailbox, type MailboxMessage } from "./mailbox.js";
import { importOptional, refuseProduction } from "./optional.js";

/** One message as the server received it. */
export interface CapturedMessage extends MailboxMessage {
  /**
   * The SMTP envelope: `MAIL FROM` and every accepted `RCPT TO`, exactly as they were on the wire
   * (smtp-server itself shows IDN domains decoded to Unicode; this is what the sender really sent).
   */
  envelope: { from: string; to: string[] };
  /** The addresses of the `From` header, as mailparser decodes them (an IDN domain in Unicode). */
  from: string[];
  /** The addresses of the `To` header, as mailparser decodes them. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The raw headers (exactly as sent, unfolded), by lower-cased name. */
  headers: Record<string, string>;
  receivedAt: Date;
}

export interface SmtpCaptureOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Recipients to refuse at `RCPT TO` (answered `550`), e.g. to test a rejected address. */
  reject?: (address: string) => boolean;
}

export interface SmtpCapture {
  port: number;
  host: string;
  /** The same messages as a {@link Mailbox} (what `startTestSmtpServer` hands out). */
  mailbox: Mailbox<CapturedMessage>;
  /** Every message received so far, oldest first. */
  readonly messages: CapturedMessage[];
  /** The messages whose envelope includes `to` (compared exactly, ignoring case). */
  messagesTo(to: string): CapturedMessage[];
  /** Resolves with the first message (received before or after the call) for `to`; rejects after `timeout` ms (default 5000). */
  waitForMessage(to: string, timeout?: number): Promise<CapturedMessage>;
  /** Forgets every message received so far. */
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const feature = "The test SMTP server";
  const { SMTPServer } = await importOptional("smtp-server", feature, () => import("smtp-server"));
  const { simpleParser } = await importOptional("mailparser", feature, () => import("mailparser"));
  // Whom a message was sent to is its SMTP envelope: what the sender really asked the server for.
  const mailbox = new Mailbox<CapturedMessage>((message) => message.envelope.to);
  // The commands as received, per connection: smtp-server logs each one before handling it.
  const lastCommand = new Map<string, { mailFrom?: string; rcptTo?: string; accepted: string[] }>();
  const onCommand = (entry: { tnx?: string; cid?: string; command?: string }, _label: unknown, line: unknown) => {
    if (entry?.tnx !== "command" || !entry.cid || typeof line !== "string") return;
    const state = lastCommand.get(entry.cid) ?? { accepted: [] };
    lastCommand.set(entry.cid, state);
    const address = /^[A-Z ]+:\s*<([^>]*)>/i.exec(line)?.[1];
    if (entry.command === "MAIL") Object.assign(state, { mailFrom: address, accepted: [] });
    if (entry.command === "RCPT") state.rcptTo = address;
  };
  const quiet = () => undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: { trace: quiet, debug: onCommand, info: quiet, warn: quiet, error: quiet, fatal: quiet } as never,
    size: 1024 * 1024,
    onRcptTo(address, session, callback) {
      if (options.reject?.(address.address)) {
        const error = Object.assign(new Error(`Recipient <${address.address}> refused`), { responseCode: 550 });
        return callback(error);
      }
      const state = lastCommand.get(session.id);
      state?.accepted.push(state.rcptTo ?? address.address);
      callback();
    },
    onClose(session) {
      lastCommand.delete(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const html = typeof parsed.html === "string" ? parsed.html : "";
          const url = findSignInLink(text, html);
          mailbox.receive({
            envelope: {
              from: lastCommand.get(session.id)?.mailFrom ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
              to: [...(lastCommand.get(session.id)?.accepted ?? session.envelope.rcptTo.map((recipient) => recipient.address))],
            },
            from: addresses(parsed.from),
            to: addresses(parsed.to),
            subject: parsed.subject ?? "",
            text,
            html,
            ...(url ? { url } : {}),
            headers: Object.fromEntries(parsed.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(":") + 1).trim()])),
            receivedAt: new Date(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    host,
    mailbox,
    messages: mailbox.messages,
    messagesTo: (to) => mailbox.messagesTo(to),
    waitForMessage: (to, timeout = 5000) => mailbox.waitForMessage(to, { timeout, which: "oldest" }),
    clear: () => mailbox.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((object) => object.value.map((entry) => entry.address ?? ""));
}

/** What {@link startTestSmtpServer} returns. */
export interface TestSmtpServer {
  host: string;
  port: number;
  /** `smtp://<host>:<port>`: Nodemailer's `server` option, or `AUTH_NODEMAILER_SERVER` for an app in another process. */
  url: string;
  /** The messages received, parsed, with each one's sign-in link (`mailbox.waitForLink(address)`). */
  mailbox: Mailbox<CapturedMessage>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS, no authentication) that keeps every message: point the
 * app's e-mail provider at `url` and read the links from `mailbox`. Needs the optional peers
 * `smtp-server` and `mailparser` (a `MissingDependencyError` names the one that is missing).
 * Refuses to run when `NODE_ENV` is `production` unless `allowProduction` is set.
 */
export async function startTestSmtpServer(options: { port?: number; host?: string; allowProduction?: boolean } = {}): Promise<TestSmtpServer> {
  refuseProduction("startTestSmtpServer", options.allowProduction);
  const capture = await startSmtpCapture({ port: options.port, host: options.host });
  return { host: capture.host, port: capture.port, url: `smtp://${capture.host}:${capture.port}`, mailbox: capture.mailbox, close: capture.close };
}
