/**
 * The demo's e-mail sign-in. With an SMTP server configured (env `AUTH_NODEMAILER_SERVER` or
 * `EMAIL_SERVER`) the links go out through Foyer's Nodemailer provider. Without one, in development, a
 * mailbox in memory takes them instead: each link is printed to the console on one line and listed on
 * `/mailbox`, so `npm start` shows the whole flow offline. In production without SMTP there is no
 * e-mail sign-in (a link printed to a production log would be a way in for whoever reads the log).
 *
 * The mailbox shows every address's sign-in link, so whoever can open it can sign in as anyone who
 * asked for one: the demo serves it to loopback clients only (see {@link isLoopbackAddress}).
 */
import Email from "../server/providers/email-alias.js";
import type { EmailConfig, SendVerificationRequestParams } from "../server/providers/email.js";

/** The page that lists the development mailbox. */
export const MAILBOX_PATH = "/mailbox";
/** How many messages the mailbox keeps (the oldest go first). */
export const MAILBOX_SIZE = 50;

/** One sign-in e-mail the development mailbox received. */
export interface MailboxMessage {
  to: string;
  subject: string;
  /** The sign-in link. */
  url: string;
  /** The plain-text body, as Foyer rendered it in the user's language. */
  text: string;
  locale: string;
  sentAt: Date;
  expires: Date;
}

/** Sign-in e-mails kept in memory instead of being sent (development only). */
export class DevMailbox {
  private readonly received: MailboxMessage[] = [];

  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}

  /** Newest first. */
  get messages(): readonly MailboxMessage[] {
    return this.received;
  }

  /** A `sendVerificationRequest`: keeps the message and prints its link on one line. */
  readonly sendVerificationRequest = (params: SendVerificationRequestParams): void => {
    this.received.unshift({
      to: params.identifier,
      subject: params.message.subject,
      url: params.url,
      text: params.message.text,
      locale: params.locale,
      sentAt: new Date(),
      expires: params.expires,
    });
    this.received.length = Math.min(this.received.length, MAILBOX_SIZE);
    this.log(`[demo] Sign-in link for ${params.identifier} (also on ${MAILBOX_PATH}): ${params.url}`);
  };
}

/**
 * Whether a socket's peer address is this machine: `127.0.0.0/8` or `::1`, also in the IPv4-mapped
 * form (`::ffff:127.0.0.1`) a dual-stack listener reports. Only the socket counts: a `Host` or
 * `X-Forwarded-For` header is whatever the client wrote. (Behind a proxy on the same machine every
 * client looks local, so the demo must not be published that way.)
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/** Whether the environment names an SMTP server for Nodemailer. */
export function hasSmtpServer(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.AUTH_NODEMAILER_SERVER || env.EMAIL_SERVER);
}

/** Whether the demo runs as production (`NODE_ENV=production`): no development mailbox then. */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === "production";
}

/** The development mailbox when the demo should use one: no SMTP server, not production. */
export function createDevMailbox(env: NodeJS.ProcessEnv = process.env): DevMailbox | undefined {
  return hasSmtpServer(env) || isProduction(env) ? undefined : new DevMailbox();
}

/**
 * The demo's e-mail provider (id `email`, Foyer's Nodemailer provider under Auth.js's alias): SMTP when
 * the environment names a server, else the development mailbox, else none.
 */
export function demoEmailProvider(mailbox: DevMailbox | undefined, env: NodeJS.ProcessEnv = process.env): EmailConfig | undefined {
  // Foyer's Nodemailer provider reads AUTH_NODEMAILER_SERVER / EMAIL_SERVER itself.
  if (hasSmtpServer(env)) return Email({ from: env.FOYER_DEMO_EMAIL_FROM || undefined });
  if (mailbox) return Email({ sendVerificationRequest: mailbox.sendVerificationRequest });
  return undefined;
}
