/**
 * Where a test's sign-in e-mails land. {@link testMailbox} plugs into any e-mail provider as its
 * `sendVerificationRequest` (nothing is sent anywhere); the SMTP server of `startTestSmtpServer`
 * fills the same kind of mailbox from real SMTP. Either way a test waits for the link sent to an
 * address with `waitForLink(address)`.
 */
import type { SendVerificationRequestParams } from "../providers/email.js";
import { refuseProduction } from "./optional.js";

/** What every received message has, whichever way it came. */
export interface MailboxMessage {
  /** The recipients' addresses. */
  to: string[];
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The sign-in link the message carries, when one was found. */
  url?: string;
  receivedAt: Date;
}

/** Options of the `waitFor…` methods. */
export interface WaitOptions {
  /** Milliseconds to wait for a message before rejecting. Default 5000. */
  timeout?: number;
  /**
   * Which message, when several for the address are already there: the `newest` (default: after a
   * resend, the link that counts) or the `oldest`.
   */
  which?: "newest" | "oldest";
}

/**
 * Messages, kept in the order they arrived, and the tests waiting for them. Addresses are compared
 * without regard to case (as Foyer's e-mail provider canonicalises them).
 */
export class Mailbox<M extends MailboxMessage = MailboxMessage> {
  /** Every message received so far, oldest first. */
  readonly messages: M[] = [];
  private readonly waiters = new Set<{ to: string; resolve: (message: M) => void }>();

  /** `recipients`: whom a message counts as sent to (default its `to`). */
  constructor(private readonly recipients: (message: M) => string[] = (message) => message.to) {}

  /** Keeps `message` and wakes whoever waits for one of its recipients. */
  receive(message: M): void {
    this.messages.push(message);
    for (const waiter of [...this.waiters]) {
      if (this.sentTo(message, waiter.to)) {
        this.waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  }

  /** The messages sent to `to`, oldest first. */
  messagesTo(to: string): M[] {
    return this.messages.filter((message) => this.sentTo(message, to));
  }

  /** The newest (or oldest) message for `to` received so far, else the first one that arrives within `timeout` ms. */
  waitForMessage(to: string, { timeout = 5000, which = "newest" }: WaitOptions = {}): Promise<M> {
    const sent = this.messagesTo(to);
    const found = which === "newest" ? sent.at(-1) : sent[0];
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        to,
        resolve: (message: M) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`No e-mail for ${to} within ${timeout} ms (${this.messages.length} received for other addresses)`));
      }, timeout);
      this.waiters.add(waiter);
    });
  }

  /** The sign-in link of the newest message for `to` (waiting for one as {@link waitForMessage} does). */
  async waitForLink(to: string, options: WaitOptions = {}): Promise<string> {
    const message = await this.waitForMessage(to, options);
    if (!message.url) throw new Error(`The e-mail to ${to} ("${message.subject}") has no sign-in link`);
    return message.url;
  }

  /** Forgets every message received so far (call it between tests that reuse an address). */
  clear(): void {
    this.messages.length = 0;
  }

  private sentTo(message: M, to: string): boolean {
    const wanted = to.toLowerCase();
    return this.recipients(message).some((address) => address.toLowerCase() === wanted);
  }
}

/**
 * The sign-in link in an e-mail's text or HTML: the first link to an e-mail callback
 * (`…/callback/<provider>?…token=…`), else the first http(s) link.
 */
export function findSignInLink(text: string, html = ""): string | undefined {
  const decoded = html
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  const links = [...`${text}\n${decoded}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/[.,;)]+$/, ""));
  return links.find((link) => /\/callback\/[^/?#]+\?[^#]*\btoken=/.test(link)) ?? links[0];
}

/** A message as a {@link testMailbox} keeps it: also the token and the whole `sendVerificationRequest` call. */
export interface MailedLink extends MailboxMessage {
  url: string;
  /** The raw token inside `url`. */
  token: string;
  expires: Date;
  /** The provider's id (`email`, `resend`, …). */
  provider: string;
}

export interface TestMailbox {
  /**
   * Give it to an e-mail provider (`Nodemailer({ server, sendVerificationRequest: mailbox.sendVerificationRequest })`,
   * `Resend({ sendVerificationRequest: … })`, …): links are kept here instead of sent.
   */
  sendVerificationRequest(params: SendVerificationRequestParams): Promise<void>;
  /** Every link "sent" so far, oldest first. */
  readonly messages: MailedLink[];
  /** The newest link sent to `email`, waiting up to `timeout` ms (default 5000) for one. */
  waitForLink(email: string, options?: WaitOptions): Promise<string>;
  /** The newest message sent to `email`, waiting as {@link waitForLink} does. */
  waitForMessage(email: string, options?: WaitOptions): Promise<MailedLink>;
  /** Forgets every message. */
  clear(): void;
}

/**
 * A mailbox for the e-mail provider of an app under test (in the same process as the test: a Vitest
 * suite, or a test server the Playwright suite starts). Refuses to run when `NODE_ENV` is `production`
 * unless `allowProduction` is set, so that a forgotten test mailbox never swallows real users' links.
 */
export function testMailbox(options: { allowProduction?: boolean } = {}): TestMailbox {
  refuseProduction("testMailbox", options.allowProduction);
  const mailbox = new Mailbox<MailedLink>();
  return {
    async sendVerificationRequest(params) {
      mailbox.receive({
        to: [params.identifier],
        subject: params.message?.subject ?? "Sign in",
        text: params.message?.text ?? params.url,
        url: params.url,
        token: params.token,
        expires: params.expires,
        provider: params.provider.id,
        receivedAt: new Date(),
      });
    },
    messages: mailbox.messages,
    waitForLink: (email, options) => mailbox.waitForLink(email, options),
    waitForMessage: (email, options) => mailbox.waitForMessage(email, options),
    clear: () => mailbox.clear(),
  };
}
