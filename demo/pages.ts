/**
 * The demo's pages: pure functions from data to HTML. Every interpolated value goes through `html`,
 * which escapes it unless it is itself `html` output. No inline scripts, no external assets. Sign-in,
 * sign-out and error pages are Foyer's built-in ones under `/auth`; `/embedded` uses Foyer's web
 * components instead, loaded from Foyer's own `/auth/assets/`.
 */
import { createHash } from "node:crypto";
import type { Session } from "../server/index.js";
import { AUTH_BASE, DATABASE_FILE, DEMO_PASSWORD, DEMO_USER, SIGNIN_PATH, SIGNOUT_PATH } from "./config.js";
import { MAILBOX_PATH, type MailboxMessage } from "./mailbox.js";

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
:root { color-scheme: light dark; --accent: light-dark(#3b5bdb, #91a7ff); --muted: light-dark(#6b7280, #9ca3af); --border: light-dark(#d1d5db, #4b5563); }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: CanvasText; background: Canvas; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .75rem clamp(1rem, 4vw, 1.5rem); border-bottom: 1px solid var(--border); }
header strong { margin-inline-end: auto; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 clamp(1rem, 4vw, 1.5rem); overflow-wrap: anywhere; }
a { color: var(--accent); }
code { overflow-wrap: anywhere; }
.hint { color: var(--muted); font-size: .9rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.messages { display: grid; gap: 1rem; margin: 1rem 0; padding: 0; list-style: none; }
.message { padding: .75rem 1rem; border: 1px solid var(--border); border-radius: .5rem; }
.subject { margin: 0 0 .5rem; overflow-wrap: anywhere; }
`;

/** The CSP `style-src` source of one inline `<style>` element's exact text. */
function styleHash(style: string): string {
  return `'sha256-${createHash("sha256").update(style).digest("base64")}'`;
}

/** The `Content-Security-Policy` of the demo's own pages: nothing but their own style (and same-origin forms). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${styleHash(STYLE)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/**
 * The CSP of `/account`: the demo's own pages' policy plus what `<auth-account>` needs — its bundle
 * from this origin (`script-src 'self'`), Foyer's JSON routes (`connect-src 'self'`), the user's
 * picture (an `https:` URL, `img-src`) and, for "Connect …", the origins of the OAuth providers'
 * authorization endpoints (`formOrigins`): the browser checks `form-action` on the redirect that
 * follows the form's post to Foyer too.
 */
export function accountContentSecurityPolicy(formOrigins: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    "img-src 'self' https:",
    `style-src ${styleHash(STYLE)}`,
    `form-action ${["'self'", ...formOrigins].join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** The `<script>` that loads Foyer's web components bundle, or nothing when it is not built. */
function elementsScript(scriptPath: string | undefined): SafeHtml | string {
  return scriptPath ? html`<script type="module" src="${AUTH_BASE}/assets/${scriptPath}"></script>` : "";
}

function layout(title: string, body: SafeHtml, head: SafeHtml | string = ""): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Foyer demo</title>
<style>${new SafeHtml(STYLE)}</style>
${head}
</head>
<body>
<header><strong>Foyer demo</strong><a href="/">Home</a><a href="/protected">Protected page</a><a href="/embedded">Web components</a><a href="/account">Account</a></header>
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
export function homePage({ session, mailbox = false }: { session: Session | null; mailbox?: boolean }): string {
  if (!session?.user) {
    return layout(
      "Home",
      html`<h1>Welcome</h1>
<p>You are not signed in.</p>
<p><a href="${SIGNIN_PATH}?${HOME_CALLBACK}">Sign in</a> or try the <a href="/protected">protected page</a>.</p>
${embeddedLink()}
<p class="hint">Demo user: <code>${DEMO_USER.email}</code>, password <code>${DEMO_PASSWORD}</code>.</p>
${mailbox ? html`<p class="hint">Or sign in with a link by e-mail, to any address: in development the link lands in the <a href="${MAILBOX_PATH}">mailbox</a> (and the console).</p>` : ""}`,
    );
  }
  return layout(
    "Home",
    html`<h1>Welcome</h1>
<p>You are signed in as <strong>${session.user.email ?? session.user.name}</strong>.</p>
${sessionDetails(session)}
<p>See <a href="/account">your account</a>: your profile, every browser you are signed in with, your passkeys and connected accounts.</p>
${embeddedLink()}
${signOutLink()}`,
  );
}

function embeddedLink(): SafeHtml {
  return html`<p>The <a href="/embedded">web components page</a> signs you in and out without leaving it.</p>`;
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

/** A timestamp for people (UTC, to the minute), machine-readable in `datetime`. */
function time(iso: string | null): SafeHtml {
  if (!iso) return html`—`;
  const date = new Date(iso);
  if (Number.isNaN(date.valueOf())) return html`${iso}`;
  return html`<time datetime="${date.toISOString()}">${date.toISOString().slice(0, 16).replace("T", " ")} UTC</time>`;
}

/**
 * The account page, in the demo's layout: Foyer's own account area, the `<auth-account>` element
 * (profile, where you're signed in, passkeys, connected accounts; it reads and changes them through
 * Foyer's `/auth/account/*` routes), with `<auth-passkey-register>` in its passkeys section.
 * `scriptPath` is `accountScriptPath()`, the account bundle's name under `/auth/assets/`; without it,
 * and for browsers without JavaScript, the page points to Foyer's hosted account page.
 */
export function accountPage({ session, scriptPath }: { session: Session; scriptPath: string | undefined }): string {
  const hosted = html`<a href="${AUTH_BASE}/account">Foyer's account page</a>`;
  const area = scriptPath
    ? html`<auth-account><auth-passkey-register slot="passkeys"></auth-passkey-register></auth-account>
<noscript><p>Without JavaScript, manage your account on ${hosted}.</p></noscript>`
    : html`<p class="hint">The web components bundle is not built: run <code>npm run build:browser</code>, then restart the demo. Meanwhile, use ${hosted}.</p>`;
  return layout(
    "Your account",
    html`<h1>Your account</h1>
<p>You are signed in as <strong>${session.user?.email ?? session.user?.name}</strong>. Foyer keeps your sessions and passkeys in the demo's SQLite database (<code>${DATABASE_FILE}</code> in the data directory).</p>
${area}
${signOutLink()}`,
    scriptPath ? html`<script type="module" src="${AUTH_BASE}/assets/${scriptPath}"></script>` : "",
  );
}

/** The demo's logo (`/demo-logo.svg`): a doorway on the teal of the embedded sign-in. */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><title>Foyer demo</title><rect width="32" height="32" rx="8" fill="#0d9488"/><path d="M9 26V12l7-5 7 5v14h-5v-7h-4v7z" fill="#fff"/><circle cx="17.3" cy="22.5" r=".9" fill="#0d9488"/></svg>\n`;

/** The `theme` of the embedded `<auth-signin>` (its attribute, as JSON). */
export const EMBEDDED_THEME = { brandColor: "#0d9488", logo: "/demo-logo.svg" } as const;

const EMBEDDED_STYLE = `
:root { color-scheme: light dark; --brand: #4f46e5; --accent: light-dark(#3b5bdb, #91a7ff); --muted: light-dark(#6b7280, #9ca3af); --border: light-dark(#d1d5db, #4b5563); --surface: light-dark(#f8fafc, #111827); }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: CanvasText; background: var(--surface); }
a { color: var(--accent); }
.site { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .75rem clamp(1rem, 4vw, 1.5rem); color: #fff; background: var(--brand); }
.site a { color: inherit; }
.site .home { display: inline-flex; gap: .5rem; align-items: center; margin-inline-end: auto; font-weight: 700; text-decoration: none; }
main { max-width: 60rem; margin: 2rem auto; padding: 0 clamp(1rem, 4vw, 1.5rem); }
/* Two columns where they fit, one on a phone (min() keeps a column from outgrowing a narrow screen). */
.card { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(18rem, 100%), 1fr)); border: 1px solid var(--border); border-radius: .75rem; overflow: hidden; background: Canvas; }
.card > * { min-width: 0; padding: 1.5rem clamp(1rem, 5vw, 2rem); }
.card > .intro { border-inline-end: 1px solid var(--border); }
code { overflow-wrap: anywhere; }
.hint { color: var(--muted); font-size: .9rem; }
.note { padding: .75rem 1rem; border: 1px solid #b45309; border-radius: .5rem; color: light-dark(#78350f, #fde68a); }
.signed-in { display: grid; gap: 1rem; justify-items: start; }
/* Foyer's system tokens, inherited by every element in the box (the avatar's initials, the sign-out button). */
.widget { --auth-color-brand: ${EMBEDDED_THEME.brandColor}; --auth-color-on-brand: #000; }
`;

/**
 * The CSP of `/embedded`: as strict as the other pages, plus what the web components need — the
 * bundle from this origin (`script-src 'self'`), Foyer's JSON routes (`connect-src 'self'`) and the
 * logo (`img-src 'self'`). The elements style themselves with constructed style sheets, which CSP does
 * not govern, so `style-src` still allows only this page's own `<style>`.
 */
export const EMBEDDED_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  `style-src ${styleHash(EMBEDDED_STYLE)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/**
 * `/embedded`: the demo's own layout (header, a two-column card) with Foyer's web components in it.
 * `scriptPath` is `elementsScriptPath()` (the bundle's hashed name under `/auth/assets/`), `undefined`
 * when the bundle has not been built; `locale` is the language the elements speak (negotiated from
 * `Accept-Language`; the rest of the page is English).
 */
export function embeddedPage({ scriptPath, locale }: { scriptPath: string | undefined; locale: string }): string {
  const script = elementsScript(scriptPath);
  const missing = scriptPath
    ? ""
    : html`<p class="note" role="note"><strong>The web components bundle is not built.</strong> Run <code>npm run build</code> (or <code>npm run build:browser</code>), then restart the demo.</p>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web components · Foyer demo</title>
<style>${new SafeHtml(EMBEDDED_STYLE)}</style>
${script}
</head>
<body>
<header class="site">
<a class="home" href="/"><img src="/demo-logo.svg" alt="" width="28" height="28">Foyer demo</a>
<a href="/protected">Protected page</a>
<a href="/account">Account</a>
</header>
<main>
<h1>Web components</h1>
${missing}
<div class="card">
<section class="intro" aria-labelledby="intro-heading">
<h2 id="intro-heading">Sign in without leaving the page</h2>
<p>This page has its own layout. The box next to this text is Foyer's web components:
<code>&lt;auth-session&gt;</code> shows <code>&lt;auth-signin&gt;</code> while you are signed out, and
<code>&lt;auth-user&gt;</code> with <code>&lt;auth-signout&gt;</code> once you are signed in, without a page reload.</p>
<p>The sign-in form is in the page's own DOM, so password managers see it. The elements talk to Foyer on this origin, under <code>${AUTH_BASE}</code>.</p>
<p class="hint">Demo user: <code>${DEMO_USER.email}</code>, password <code>${DEMO_PASSWORD}</code>.</p>
<noscript><p>With JavaScript off, use the <a href="${SIGNIN_PATH}?callbackUrl=${encodeURIComponent("/embedded")}">built-in sign-in page</a>.</p></noscript>
</section>
<div class="widget" lang="${locale}">
<auth-session>
<auth-signin slot="signed-out" theme="${JSON.stringify(EMBEDDED_THEME)}"></auth-signin>
<div slot="signed-in" class="signed-in">
<auth-user></auth-user>
<auth-signout></auth-signout>
</div>
</auth-session>
</div>
</div>
</main>
</body>
</html>
`.value;
}

/** Plain message pages (404, 405, 500). */
export function messagePage(title: string, message: string): string {
  return layout(
    title,
    html`<h1>${title}</h1>
<p>${message}</p>
<p><a href="/">Back home</a></p>`,
  );
}

/**
 * `/mailbox` (development only, loopback clients only): the sign-in e-mails the demo kept instead of
 * sending them, newest first, each with its link.
 */
export function mailboxPage({ messages }: { messages: readonly MailboxMessage[] }): string {
  const body = messages.length
    ? html`<ul class="messages">
${messages.map(
  (message) => html`<li class="message">
<p class="subject"><strong>${message.subject}</strong></p>
<dl>
<dt>To</dt><dd>${message.to}</dd>
<dt>Sent</dt><dd>${time(message.sentAt.toISOString())}</dd>
<dt>Expires</dt><dd>${time(message.expires.toISOString())}</dd>
</dl>
<p><a href="${message.url}">Sign in as ${message.to}</a></p>
</li>`,
)}
</ul>`
    : html`<p>No e-mail yet. Ask for a link on the <a href="${SIGNIN_PATH}?${HOME_CALLBACK}">sign-in page</a>; it appears here.</p>`;
  return layout(
    "Mailbox",
    html`<h1>Mailbox</h1>
<p class="hint">Development only: no SMTP server is configured (<code>AUTH_NODEMAILER_SERVER</code>), so the demo keeps sign-in e-mails here, in memory, instead of sending them. This page is for local use only: anyone who reads it can sign in as any address listed, so the demo shows it only to browsers on this machine (loopback), never to other machines.</p>
${body}`,
  );
}
