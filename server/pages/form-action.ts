/**
 * The `form-action` sources of a built-in page's Content-Security-Policy.
 *
 * `form-action` keeps injected markup from sending a page's forms (and their CSRF token) anywhere but
 * where Foyer's own forms go. Chromium and WebKit also check it on every redirect that follows a form
 * submission (Firefox only checks the form's own target; browsers have disagreed on this since CSP 2),
 * so `'self'` alone would block the sign-in page's provider buttons in most browsers: they POST to
 * `{basePath}/signin/<provider>`, which redirects to the provider's authorization endpoint — and a
 * provider that remembers the user may redirect straight back to the callback and on to the callback
 * URL. So the sources are every origin such a chain can reach that the config or the request names:
 *
 * - the origin Foyer's forms post to (`AUTH_URL` may differ from the page's own origin) and `'self'`;
 * - the resolved callback URL's origin (a `redirect` callback may allow another origin);
 * - the origins of absolute custom pages (`pages.signIn`, `pages.error`, `pages.verifyRequest`), where
 *   errors and e-mail sign-ins redirect;
 * - on the sign-in page, each OAuth/OIDC provider's authorization endpoint origin (its explicit
 *   `authorization` URL, else its issuer's origin and, once discovered, the discovered endpoint's), and
 *   the redirect proxy's origin.
 *
 * A provider that bounces the browser through origins of its own before showing a page (enterprise
 * federation) is beyond what the config names: apps with one set their own policy through `pageHeaders`.
 */

/** The inputs: plain values, so that the page modules stay free of config and request types. */
export interface FormActionInput {
  /** The page: pages without forms get `'none'`. */
  page: "signin" | "signout" | "error" | "verify-request";
  /** `U + basePath`, where the forms post. */
  authUrl: string;
  callbackUrl: string;
  /** Custom page URLs (relative ones add nothing). */
  customPages: (string | undefined)[];
  /** Sign-in page only: URLs the provider buttons' redirects can go to (authorization endpoints, proxy). */
  providerUrls: (string | undefined)[];
  /** Verify-request page only: it shows the "Send another link" form, which posts like the sign-in form. */
  resendForm?: boolean;
}

export function formActionSources(input: FormActionInput): string {
  if (input.page === "error" || (input.page === "verify-request" && !input.resendForm)) return "'none'";
  const urls = [input.authUrl, input.callbackUrl, ...input.customPages, ...(input.page === "signin" ? input.providerUrls : [])];
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }
  return ["'self'", ...[...origins].sort()].join(" ");
}

/** The origin of an absolute http(s) URL; `undefined` for relative, other schemes or junk. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    const parsed = new URL(url);
    // A CSP source cannot carry characters a URL origin never has; this is belt and braces.
    return /^[a-z0-9.:[\]/-]+$/i.test(parsed.origin) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
