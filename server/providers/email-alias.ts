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

export default function Email(config: NodemailerUserConfig = {}): NodemailerConfig {
  return nodemailerProvider({ id: "email", name: "Email" }, config);
}
