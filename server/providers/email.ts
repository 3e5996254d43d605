/**
 * What every e-mail (magic link) provider is: Auth.js's shape, so configs port by changing imports.
 * The concrete senders (nodemailer/SMTP and the HTTP APIs) live beside this file and only supply
 * `sendVerificationRequest`.
 */
import type { Awaitable, Theme } from "../types.js";

/** The message Foyer rendered for the link: localised, themed, every value escaped. */
export interface VerificationMessage {
  subject: string;
  text: string;
  html: string;
}

export interface SendVerificationRequestParams {
  /** The canonical address (see docs/email.md): send to exactly this string. */
  identifier: string;
  /** The sign-in link. */
  url: string;
  expires: Date;
  provider: EmailConfig;
  /** The raw token (also inside `url`); never store it. */
  token: string;
  theme: Theme;
  /** The web request that asked for the link. */
  request: Request;
  /** The user's negotiated locale (Auth.js never passed it). */
  locale: string;
  /** Foyer's rendering of the e-mail in that locale; senders may use it or build their own. */
  message: VerificationMessage;
}

export interface EmailConfig {
  id: string;
  name: string;
  type: "email";
  /** Sender, e.g. `"Acme <no-reply@acme.com>"`. Default: `no-reply@<the site's host>`. */
  from?: string;
  /** Link lifetime in seconds. Default 600 (10 minutes; Auth.js: 24 hours). */
  maxAge?: number;
  /** Seconds during which a second request for the same address sends nothing (same answer). Default 60. */
  resendCooldown?: number;
  /** SMTP server (nodemailer) or API key (HTTP senders). */
  server?: unknown;
  apiKey?: string;
  /** Overrides the secret used to hash tokens at rest. */
  secret?: string;
  generateVerificationToken?: () => Awaitable<string>;
  /** Replaces Foyer's address canonicalisation. Throw to refuse an address. */
  normalizeIdentifier?: (identifier: string) => string;
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>;
  options?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Default link lifetime: 10 minutes (ASVS V6.5.5; Auth.js defaults to 24 hours). */
export const DEFAULT_EMAIL_MAX_AGE = 10 * 60;
/** Default per-address resend cooldown. */
export const DEFAULT_RESEND_COOLDOWN = 60;
