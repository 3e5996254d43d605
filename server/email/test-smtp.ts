/**
 * A real SMTP server on loopback that keeps every message it receives, parsed, for tests (toolchain
 * §10): the Vitest e-mail tests and the browser tests' fixture (e2e/fixtures/smtp-server.ts) use it.
 * Test-only; not built into the package.
 *
 * ```ts
 * const smtp = await startSmtpCapture();
 * Nodemailer({ server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true } });
 * const message = await smtp.waitForMessage("octo@x.io");
 * await smtp.close();
 * ```
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message as the server received it. */
export interface CapturedMessage {
  /**
   * The SMTP envelope: `MAIL FROM` and every accepted `RCPT TO`, exactly as they were on the wire
   * (smtp-server itself shows IDN domains decoded to Unicode; this is what the sender really sent).
   */
  envelope: { from: string; to: string[] };
  /** The addresses of the `From` and `To` headers, as mailparser decodes them (an IDN domain in Unicode). */
  from: string[];
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
  const messages: CapturedMessage[] = [];
  const waiters = new Set<{ to: string; resolve: (message: CapturedMessage) => void }>();
  const matches = (message: CapturedMessage, to: string) => message.envelope.to.some((address) => address.toLowerCase() === to.toLowerCase());
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
          const message: CapturedMessage = {
            envelope: {
              from: lastCommand.get(session.id)?.mailFrom ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
              to: [...(lastCommand.get(session.id)?.accepted ?? session.envelope.rcptTo.map((recipient) => recipient.address))],
            },
            from: addresses(parsed.from),
            to: addresses(parsed.to),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: Object.fromEntries(parsed.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(":") + 1).trim()])),
            receivedAt: new Date(),
          };
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (matches(message, waiter.to)) {
              waiters.delete(waiter);
              waiter.resolve(message);
            }
          }
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
    messages,
    messagesTo: (to) => messages.filter((message) => matches(message, to)),
    waitForMessage(to, timeout = 5000) {
      const found = messages.find((message) => matches(message, to));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          to,
          resolve: (message: CapturedMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No e-mail for ${to} within ${timeout} ms (received ${messages.length} for others)`));
        }, timeout);
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((object) => object.value.map((entry) => entry.address ?? ""));
}
