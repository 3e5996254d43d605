/**
 * `foyer-auth/providers/nodemailer`: magic links over SMTP with Nodemailer. Shaped like Auth.js's
 * provider, so configs port by changing the import path.
 *
 * ```ts
 * import Nodemailer from "foyer-auth/providers/nodemailer";
 * Nodemailer({ server: process.env.EMAIL_SERVER, from: "Acme <no-reply@acme.com>" });
 * ```
 *
 * `server` is an SMTP URL (`smtps://user:pass@smtp.example.com:465`) or Nodemailer transport options;
 * without it, env `AUTH_NODEMAILER_SERVER`, then `EMAIL_SERVER`. The message (Foyer's, localised) goes
 * to exactly the canonical address and nobody else; a recipient the server rejects, or leaves pending,
 * fails the sign-in, as in Auth.js.
 *
 * The sign-in request waits for the SMTP exchange, so Foyer bounds it: 10 s to connect, 10 s for the
 * server's greeting, 20 s of silence at any later step ({@link SMTP_TIMEOUTS}; nodemailer's own
 * defaults are 2 minutes, 30 seconds and 10 minutes). `connectionTimeout`, `greetingTimeout` and
 * `socketTimeout` in `server` (options, or parameters of the URL) win. A send that runs out of time
 * fails like any other: the sign-in page with `error=EmailSignin`.
 */
import type { createTransport as CreateTransport, SendMailOptions, SMTPTransportOptions, TransportConfig } from "nodemailer";
import { requireOptional } from "../core/optional-dependency.js";
import type { EmailConfig, SendVerificationRequestParams } from "./email.js";
import { assertOneAddress, emailProvider, environment, fromOf, setting, type EmailUserConfig } from "./email-http.js";

/** An SMTP URL, or anything `nodemailer.createTransport()` accepts. */
export type NodemailerServer = string | SMTPTransportOptions | TransportConfig;

export type NodemailerUserConfig = EmailUserConfig & {
  /** The SMTP server: a URL or Nodemailer transport options. Default: env `AUTH_NODEMAILER_SERVER`, then `EMAIL_SERVER`. */
  server?: NodemailerServer;
};

export interface NodemailerConfig extends EmailConfig {
  server?: NodemailerServer;
}

/** The SMTP timeouts (ms) Foyer sets unless `server` sets them. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** The environment variables read, in order, when `server` is not set. */
export const SERVER_VARIABLES = ["AUTH_NODEMAILER_SERVER", "EMAIL_SERVER"] as const;

/**
 * Sign in with a magic link e-mailed over SMTP with Nodemailer, under the id `nodemailer`.
 * Options: `server` (an SMTP URL or Nodemailer transport options; default env `AUTH_NODEMAILER_SERVER`, then `EMAIL_SERVER`), `from`, `maxAge`.
 * The link points at `{AUTH_URL or origin}/auth/callback/nodemailer` (default basePath `/auth`).
 * Needs the optional `nodemailer` package unless `sendVerificationRequest` is given.
 * @example
 * ```ts
 * import Nodemailer from "foyer-auth/providers/nodemailer";
 * const config = { providers: [Nodemailer({ server: process.env.EMAIL_SERVER, from: "Acme <no-reply@acme.com>" })] };
 * ```
 */
export default function Nodemailer(config: NodemailerUserConfig = {}): NodemailerConfig {
  return nodemailerProvider({ id: "nodemailer", name: "Nodemailer" }, config);
}

/** The Nodemailer provider under an id and name (the `email` alias uses this too). */
export function nodemailerProvider(defaults: { id: string; name: string }, config: NodemailerUserConfig): NodemailerConfig {
  const options = config as Record<string, unknown>;
  let createTransport: typeof CreateTransport | undefined;
  const transportFactory = () =>
    (createTransport ??= requireOptional<{ createTransport: typeof CreateTransport }>("nodemailer", `The ${defaults.id} provider`).createTransport);
  // Loaded now, so a missing package fails at start-up — unless the app sends mail itself with its own
  // sendVerificationRequest and need not install nodemailer.
  if (typeof options.sendVerificationRequest !== "function") transportFactory();
  return emailProvider(defaults, options, (params) => sendWithNodemailer(params, options, transportFactory())) as NodemailerConfig;
}

async function sendWithNodemailer(
  params: SendVerificationRequestParams,
  options: Record<string, unknown>,
  createTransport: typeof CreateTransport,
): Promise<void> {
  const name = "Nodemailer";
  assertOneAddress(name, params.identifier);
  const env = environment();
  const server = setting<NodemailerServer>(params, options, "server") ?? SERVER_VARIABLES.map((variable) => env[variable]).find(Boolean);
  if (!server) throw new Error(`${name} error: no SMTP server. Set the provider's \`server\` option, AUTH_NODEMAILER_SERVER or EMAIL_SERVER.`);
  const transport = createTransport(withTimeouts(server) as SMTPTransportOptions);
  try {
    const message: SendMailOptions = {
      from: fromOf(params, options),
      // An address object is taken as it is: nothing in it is parsed as a list of recipients.
      to: { name: "", address: params.identifier },
      subject: params.message.subject,
      text: params.message.text,
      html: params.message.html,
    };
    const info = (await transport.sendMail(message)) as { rejected?: unknown[]; pending?: unknown[] };
    const failed = [...(info.rejected ?? []), ...(info.pending ?? [])].filter(Boolean);
    if (failed.length)
      throw new Error(
        `${name} error: the SMTP server did not accept the recipient (${failed.length === 1 ? "rejected or pending" : `${failed.length} rejected or pending`})`,
      );
  } finally {
    transport.close();
  }
}

/**
 * `server` with {@link SMTP_TIMEOUTS} under it. A URL becomes `{ url, ...timeouts }`, which nodemailer
 * reads with the URL's own parameters winning; options are spread over the timeouts. A ready-made
 * transport (an object with `send`) is passed on untouched: its timeouts are its owner's business.
 */
function withTimeouts(server: NodemailerServer): NodemailerServer {
  if (typeof server === "string") return /^(smtps?|direct):/i.test(server) ? { ...SMTP_TIMEOUTS, url: server } : server;
  if (typeof server !== "object" || server === null || typeof (server as { send?: unknown }).send === "function") return server;
  return { ...SMTP_TIMEOUTS, ...server } as NodemailerServer;
}
