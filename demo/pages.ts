/**
 * The demo's pages: pure functions from data to HTML. Every interpolated value goes through `html`,
 * which escapes it unless it is itself `html` output. No scripts, no external assets. Sign-in, sign-out
 * and error pages are Foyer's built-in ones under `/auth`.
 */
import { createHash } from "node:crypto";
import type { Session } from "../server/index.js";
import { DEMO_PASSWORD, DEMO_USER, SIGNIN_PATH, SIGNOUT_PATH } from "./config.js";

/** HTML that is safe to insert as is (built by `html`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for use in HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(String(value));
}

/** Tagged template: interpolations are escaped, nested `html` fragments and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

const STYLE = `
:root { color-scheme: light dark; --accent: #3b5bdb; --muted: #6b7280; --border: #d1d5db; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
header { display: flex; gap: 1rem; align-items: center; padding: .75rem 1.5rem; border-bottom: 1px solid var(--border); }
header strong { margin-right: auto; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 1.5rem; }
a { color: var(--accent); }
.hint { color: var(--muted); font-size: .9rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
`;

/** The `Content-Security-Policy` of the demo's own pages: nothing but their own style (and same-origin forms). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Foyer demo</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<header><strong>Foyer demo</strong><a href="/">Home</a><a href="/protected">Protected page</a></header>
<main>
${body}
</main>
</body>
</html>
`.value;
}

/** Where the sign-in and sign-out links return to: the home page. */
const HOME_CALLBACK = `callbackUrl=${encodeURIComponent("/")}`;

/** A link to Foyer's built-in sign-out page, which asks for confirmation and posts the sign-out. */
function signOutLink(): SafeHtml {
  return html`<p><a href="${SIGNOUT_PATH}?${HOME_CALLBACK}">Sign out</a></p>`;
}

function sessionDetails(session: Session): SafeHtml {
  return html`<dl>
<dt>Name</dt><dd>${session.user?.name ?? "—"}</dd>
<dt>Email</dt><dd>${session.user?.email ?? "—"}</dd>
<dt>Session expires</dt><dd>${session.expires}</dd>
</dl>`;
}

/** The home page: who is signed in, if anyone. */
export function homePage({ session }: { session: Session | null }): string {
  if (!session?.user) {
    return layout(
      "Home",
      html`<h1>Welcome</h1>
<p>You are not signed in.</p>
<p><a href="${SIGNIN_PATH}?${HOME_CALLBACK}">Sign in</a> or try the <a href="/protected">protected page</a>.</p>
<p class="hint">Demo user: <code>${DEMO_USER.email}</code>, password <code>${DEMO_PASSWORD}</code>.</p>`,
    );
  }
  return layout(
    "Home",
    html`<h1>Welcome</h1>
<p>You are signed in as <strong>${session.user.email ?? session.user.name}</strong>.</p>
${sessionDetails(session)}
${signOutLink()}`,
  );
}

/** A page only signed-in users reach. */
export function protectedPage({ session }: { session: Session }): string {
  return layout(
    "Protected page",
    html`<h1>Protected page</h1>
<p>Only signed-in users see this page. You are <strong>${session.user?.email}</strong>.</p>
${signOutLink()}`,
  );
}

/** Plain message pages (404, 405, 500). */
export function messagePage(title: string, message: string): string {
  return layout(title, html`<h1>${title}</h1>
<p>${message}</p>
<p><a href="/">Back home</a></p>`);
}
