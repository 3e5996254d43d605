/**
 * The demo's pages: pure functions from data to HTML. Every interpolated value goes through `html`,
 * which escapes it unless it is itself `html` output. No scripts, no external assets.
 */
import { createHash } from "node:crypto";
import type { Session } from "../server/index.js";
import { AUTH_BASE, DEMO_PASSWORD, DEMO_USER } from "./config.js";

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
:root { color-scheme: light dark; --accent: #3b5bdb; --muted: #6b7280; --border: #d1d5db; --alert: #b42318; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
header { display: flex; gap: 1rem; align-items: center; padding: .75rem 1.5rem; border-bottom: 1px solid var(--border); }
header strong { margin-right: auto; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 1.5rem; }
a { color: var(--accent); }
form { display: grid; gap: .5rem; margin-top: 1rem; }
input, button { font: inherit; padding: .5rem .75rem; border-radius: .375rem; border: 1px solid var(--border); }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
label { font-weight: 600; }
.hint { color: var(--muted); font-size: .9rem; }
.alert { border: 1px solid var(--alert); color: var(--alert); border-radius: .375rem; padding: .5rem .75rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
`;

/** The `Content-Security-Policy` of every page: nothing but this page's own style and same-origin forms. */
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

function signOutForm(csrfToken: string): SafeHtml {
  return html`<form method="post" action="${AUTH_BASE}/signout">
<input type="hidden" name="csrfToken" value="${csrfToken}">
<input type="hidden" name="callbackUrl" value="/">
<button type="submit">Sign out</button>
</form>`;
}

function sessionDetails(session: Session): SafeHtml {
  return html`<dl>
<dt>Name</dt><dd>${session.user?.name ?? "—"}</dd>
<dt>Email</dt><dd>${session.user?.email ?? "—"}</dd>
<dt>Session expires</dt><dd>${session.expires}</dd>
</dl>`;
}

const ERROR_MESSAGES: Record<string, string> = {
  CredentialsSignin: "That email and password do not match. Check them and try again.",
  MissingCSRF: "The sign-in form had expired. Please try again.",
  SessionRequired: "Please sign in to see that page.",
  AccessDenied: "You do not have access to that.",
  Configuration: "The server could not complete the request. Its log says why.",
};

/** A readable sentence for the `error` (and `code`) query parameters of a failed sign-in. */
export function errorMessage(error: string, code?: string): string {
  const known = Object.hasOwn(ERROR_MESSAGES, error) ? ERROR_MESSAGES[error]! : `Sign-in did not work (${error.slice(0, 80)}).`;
  return code && code !== "credentials" ? `${known} (Code: ${code.slice(0, 80)})` : known;
}

export interface LoginPageProps {
  csrfToken: string;
  /** A same-origin path, or `""` to let Foyer use the callback-URL cookie. */
  callbackUrl: string;
  error?: string;
  code?: string;
}

/** The sign-in form, posting to Foyer's credentials callback. */
export function loginPage({ csrfToken, callbackUrl, error, code }: LoginPageProps): string {
  return layout(
    "Sign in",
    html`<h1>Sign in</h1>
${error ? html`<p role="alert" class="alert">${errorMessage(error, code)}</p>` : ""}
<form method="post" action="${AUTH_BASE}/callback/credentials">
<input type="hidden" name="csrfToken" value="${csrfToken}">
<input type="hidden" name="callbackUrl" value="${callbackUrl}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="hint">Demo user: <code>${DEMO_USER.email}</code>, password <code>${DEMO_PASSWORD}</code>.</p>`,
  );
}

/** The home page: who is signed in, if anyone. */
export function homePage({ session, csrfToken }: { session: Session | null; csrfToken: string }): string {
  if (!session?.user) {
    return layout(
      "Home",
      html`<h1>Welcome</h1>
<p>You are not signed in.</p>
<p><a href="/login">Sign in</a> or try the <a href="/protected">protected page</a>.</p>`,
    );
  }
  return layout(
    "Home",
    html`<h1>Welcome</h1>
<p>You are signed in as <strong>${session.user.email ?? session.user.name}</strong>.</p>
${sessionDetails(session)}
${signOutForm(csrfToken)}`,
  );
}

/** A page only signed-in users reach. */
export function protectedPage({ session, csrfToken }: { session: Session; csrfToken: string }): string {
  return layout(
    "Protected page",
    html`<h1>Protected page</h1>
<p>Only signed-in users see this page. You are <strong>${session.user?.email}</strong>.</p>
${signOutForm(csrfToken)}`,
  );
}

/** Plain message pages (404, 405, 500). */
export function messagePage(title: string, message: string): string {
  return layout(title, html`<h1>${title}</h1>
<p>${message}</p>
<p><a href="/">Back home</a></p>`);
}
