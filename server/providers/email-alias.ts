/**
 * `foyer-auth/providers/email`: Auth.js's `email` provider, the Nodemailer provider under the id
 * `email` (name "Email"). Also re-exports the e-mail provider types, as Auth.js's module does.
 *
 * ```ts
 * import Email from "foyer-auth/providers/email";
 * Email({ server: process.env.EMAIL_SERVER, from: "Acme <no-reply@acme.com>" });
 * ```
 *
 * @module providers/email
 */
import { nodemailerProvider, type NodemailerConfig, type NodemailerUserConfig } from "./nodemailer.js";

export type { EmailConfig, SendVerificationRequestParams, VerificationMessage } from "./email.js";
export type { NodemailerConfig, NodemailerUserConfig } from "./nodemailer.js";
export type { EmailUserConfig, HttpEmailUserConfig, HttpSenderOptions } from "./email-http.js";

/**
 * Sign in with a magic link e-mailed over SMTP with Nodemailer, under the id `email`.
 * Options: `server` (an SMTP URL or Nodemailer transport options; default env `AUTH_NODEMAILER_SERVER`, then `EMAIL_SERVER`), `from`, `maxAge`.
 * The link points at `{AUTH_URL or origin}/auth/callback/email` (default basePath `/auth`).
 * Needs the optional `nodemailer` package unless `sendVerificationRequest` is given.
 * @example
 * ```ts
 * import Email from "foyer-auth/providers/email";
 * const config = { providers: [Email({ server: process.env.EMAIL_SERVER, from: "Acme <no-reply@acme.com>" })] };
 * ```
 */
export default function Email(config: NodemailerUserConfig = {}): NodemailerConfig {
  return nodemailerProvider({ id: "email", name: "Email" }, config);
}
