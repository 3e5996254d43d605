/**
 * The sign-in e-mail: HTML and plain text from the shared catalogue in the user's locale, themed with
 * the validated `brandColor`/`logo`. Every interpolated value is escaped (security case R-EMAIL-04);
 * the address itself is never put in the body.
 */
import type { Direction, Translate } from "../../locales/index.js";
import { escapeHtml } from "../pages/document.js";
import type { ResolvedTheme } from "../pages/theme.js";
import type { VerificationMessage } from "../providers/email.js";

export interface MessageInput {
  url: string;
  host: string;
  t: Translate;
  locale: string;
  dir: Direction;
  theme: ResolvedTheme;
  /** Link lifetime in whole minutes. */
  minutes: number;
}

export function renderVerificationEmail(input: MessageInput): VerificationMessage {
  const { url, host, t, locale, dir, theme, minutes } = input;
  const subject = t("email.subject", host);
  const heading = t("email.heading", host);
  const button = t("email.button");
  const expires = t("email.expires", String(minutes));
  const ignore = t("email.ignore");
  const text = `${heading}\n\n${url}\n\n${expires}\n${ignore}\n`;
  const brand = theme.brandColor ?? "#1d4ed8";
  const onBrand = theme.onBrandColor ?? "#fff";
  const logo =
    theme.logo && !theme.logo.startsWith("/") ? `<img src="${escapeHtml(theme.logo)}" alt="" style="max-width:150px;max-height:70px;margin-bottom:16px">` : "";
  const html =
    `<!DOCTYPE html><html lang="${escapeHtml(locale)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">` +
    `<table role="presentation" cellspacing="0" cellpadding="0" style="max-width:480px;width:100%;background:#fff;border-radius:12px;padding:32px;text-align:center">` +
    `<tr><td>${logo}<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(heading)}</h1>` +
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${brand};color:${onBrand};font-weight:600;text-decoration:none">${escapeHtml(button)}</a>` +
    `<p style="margin:24px 0 0;font-size:14px;color:#59636e">${escapeHtml(expires)}<br>${escapeHtml(ignore)}</p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
