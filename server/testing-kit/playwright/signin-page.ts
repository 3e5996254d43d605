/**
 * A page object for signing in on whatever the page shows: Foyer's built-in sign-in page
 * (`{basePath}/signin`) or an app page with `<auth-signin>`. The same calls work on both, so a suite
 * keeps working when an app moves from one to the other. It finds forms by what they do (the provider
 * id in the form's action, the field names), never by their text, so it works in every language.
 */
import type { Locator, Page } from "@playwright/test";

export interface SignInPageOptions {
  /** Foyer's base path, to find the provider list for `withProvider` on `<auth-signin>`. Default: the element's `base-path`, else `/auth`. */
  basePath?: string;
  /** Milliseconds to wait for a form, the verify page or an error. Default 10 000. */
  timeout?: number;
}

export interface SignInPage {
  /** Opens `url` (default `{basePath}/signin`) and waits until a sign-in form or button shows. */
  goto(url?: string): Promise<void>;
  /** Fills the credentials form of `provider` (default: the page's first one) by field name and submits it. */
  withCredentials(fields: Record<string, string>, options?: { provider?: string }): Promise<void>;
  /** Asks for an e-mail link to `address`; returns once the "check your e-mail" page (or message) shows. */
  withEmail(address: string, options?: { provider?: string }): Promise<void>;
  /**
   * Clicks "Use a passkey" on the built-in page, "Sign in with a passkey" in `<auth-signin>` (the browser's
   * authenticator answers: see `virtualAuthenticator`). When the page's passkey autofill signs the user in
   * before the click lands, that counts as done.
   */
  withPasskey(): Promise<void>;
  /** Creates an account for `email` with a new passkey ("Create account with a passkey"). */
  withNewPasskey(email: string): Promise<void>;
  /** Clicks the button of the OAuth / OIDC provider `id` (the browser goes to the provider). */
  withProvider(id: string): Promise<void>;
  /**
   * The error code the page shows (`CredentialsSignin`, `AccessDenied`, `OAuthCallbackError`, …): the
   * `error` of the page's URL (built-in pages, error page), or the code `<auth-signin>` reported.
   * Waits up to the timeout for one; `null` when none showed.
   */
  error(): Promise<string | null>;
}

const ERROR_ATTRIBUTE = "data-foyer-test-error";

/** The sign-in page object for `page`. */
export function signInPage(page: Page, options: SignInPageOptions = {}): SignInPage {
  const timeout = options.timeout ?? 10_000;
  const element = page.locator("auth-signin");
  const isElement = async () => (await element.count()) > 0;

  /** Records `<auth-signin>`'s `auth-signin-error` events on the element, so `error()` can read the code. */
  async function recordErrors(): Promise<void> {
    await element.first().evaluate((host, attribute) => {
      const marked = host as HTMLElement & { __foyerTestErrors?: boolean };
      if (marked.__foyerTestErrors) return;
      marked.__foyerTestErrors = true;
      host.addEventListener("auth-signin-error", (event) => host.setAttribute(attribute, (event as CustomEvent<{ code: string }>).detail.code));
      host.addEventListener("auth-signin-start", () => host.removeAttribute(attribute));
    }, ERROR_ATTRIBUTE);
  }

  async function basePath(): Promise<string> {
    if (options.basePath) return options.basePath;
    if (await isElement()) return (await element.first().getAttribute("base-path")) ?? "/auth";
    return "/auth";
  }

  /** The form of a provider kind: by id when given, else the first of that kind. */
  async function form(kind: "credentials" | "email", provider: string | undefined): Promise<Locator> {
    if (await isElement()) {
      await recordErrors();
      // <auth-signin> has one form for the e-mail-based methods (its buttons name their provider in
      // `data-provider`) and one per credentials provider without an e-mail field.
      if (provider) return page.locator(`auth-signin form:has(button[data-provider="${provider}"])`).first();
      return kind === "email" ? page.locator('auth-signin form[slot="form"]') : page.locator('auth-signin form:has(input[type="password"])').first();
    }
    // The built-in page has one form for the e-mail-based methods: its action is the primary method's,
    // and the e-mail link may be a secondary button of it (`formaction`).
    if (provider)
      return kind === "email"
        ? page.locator(`form[action$="/signin/${provider}"], form:has(button[formaction$="/signin/${provider}"])`).first()
        : page.locator(`form[action$="/callback/${provider}"]`);
    return kind === "email"
      ? page
          .locator('form[action*="/signin/"], form:has(button[formaction*="/signin/"])')
          .filter({ has: page.locator('input[name="email"]') })
          .first()
      : page
          .locator('form[action*="/callback/"]')
          .filter({ has: page.locator('button[type="submit"]:not([data-passkey-action]):not([formaction])') })
          .first();
  }

  /**
   * Clicks a passkey sign-in button, and counts the page leaving for another URL first as done: the
   * sign-in field also offers passkeys in the browser's autofill, and a virtual authenticator answers
   * that request by itself, so the user may be signed in (and the button gone) before the click lands.
   * Without this the click would wait for a button on a page that has moved on, and time out.
   */
  async function clickUnlessSignedIn(button: Locator): Promise<void> {
    const start = page.url();
    const left = page
      .waitForURL((url) => url.href !== start, { timeout })
      .then(
        () => true,
        () => false,
      );
    const clicked = button.click({ timeout }).then(
      () => null,
      (error: unknown) => error,
    );
    const first = await Promise.race([
      clicked.then((error) => ({ error })),
      left.then((moved) => (moved ? { error: null } : clicked.then((error) => ({ error })))),
    ]);
    if (first.error && !(await left)) throw first.error;
  }

  /** The providers as `GET {basePath}/providers` lists them, from the page's origin. */
  async function providers(): Promise<Record<string, { name: string; type: string }>> {
    const origin = new URL(page.url()).origin;
    return (await (await page.request.get(`${origin}${await basePath()}/providers`)).json()) as Record<string, { name: string; type: string }>;
  }

  /** The id of the app's e-mail link provider. */
  async function emailProviderId(): Promise<string> {
    const found = Object.entries(await providers()).find(([, provider]) => provider.type === "email");
    if (!found) throw new Error("The app has no e-mail provider");
    return found[0];
  }

  async function submit(target: Locator): Promise<void> {
    await target.locator('button[type="submit"]').first().click({ timeout });
  }

  return {
    async goto(url) {
      await page.goto(url ?? `${await basePath()}/signin`);
      await page.locator("form, auth-signin button").first().waitFor({ timeout });
    },

    async withCredentials(fields, { provider } = {}) {
      const target = await form("credentials", provider);
      await target.waitFor({ timeout });
      for (const [name, value] of Object.entries(fields)) await target.locator(`[name="${name}"]`).fill(value, { timeout });
      await submit(target);
    },

    async withEmail(address, { provider } = {}) {
      const target = await form("email", provider);
      await target.waitFor({ timeout });
      await target.locator('input[name="email"]').fill(address, { timeout });
      if (await isElement()) {
        // The e-mail link's own button: the form's primary one, or a secondary one beside credentials.
        await target.locator(`button[data-provider="${provider ?? (await emailProviderId())}"]`).click({ timeout });
        await page.locator('auth-signin [part="message"]').waitFor({ timeout });
      } else {
        // The e-mail link's own button where it is a secondary action of the shared form.
        const link = target.locator('button[formaction*="/signin/"]');
        const send = async () => ((await link.count()) ? link.first().click({ timeout }) : submit(target));
        await Promise.all([page.waitForURL(/\/verify-request(\?|$)/, { timeout }), send()]);
      }
    },

    async withPasskey() {
      if (await isElement()) {
        await recordErrors();
        await clickUnlessSignedIn(page.locator('auth-passkey-button button[part="button"]').first());
      } else {
        await clickUnlessSignedIn(page.locator('form[data-passkey-provider] button[id^="submitButton-"]').first());
      }
    },

    async withNewPasskey(email) {
      if (await isElement()) {
        await recordErrors();
        // <auth-signin>'s e-mail field, which its passkey elements share; a standalone button's own field.
        await page.locator('auth-signin input[name="email"], auth-passkey-button input[name="email"]').first().fill(email, { timeout });
        await page.locator('auth-passkey-register button[part="button"]').first().click({ timeout });
      } else {
        const passkeyForm = page.locator("form[data-passkey-provider]").first();
        await passkeyForm.locator('input[name="email"]').fill(email, { timeout });
        await passkeyForm.locator('button[data-passkey-action="register"]').click({ timeout });
      }
    },

    async withProvider(id) {
      if (!(await isElement())) {
        await page.locator(`form[action$="/signin/${id}"] button`).click({ timeout });
        return;
      }
      await recordErrors();
      // <auth-signin>'s buttons carry the provider's name, not its id: look the name up.
      const all = await providers();
      const name = all[id]?.name;
      if (!name) throw new Error(`The app has no provider "${id}" (it has ${Object.keys(all).join(", ")})`);
      const label = new RegExp(`(^|\\W)${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\W|$)`);
      await element.getByRole("button", { name: label }).click({ timeout });
    },

    async error() {
      const deadline = Date.now() + timeout;
      for (;;) {
        const fromUrl = new URL(page.url()).searchParams.get("error");
        if (fromUrl) return fromUrl;
        if (await isElement().catch(() => false)) {
          const reported = await element
            .first()
            .getAttribute(ERROR_ATTRIBUTE, { timeout: 1000 })
            .catch(() => null);
          if (reported) return reported;
        }
        if (Date.now() >= deadline) return null;
        await page.waitForTimeout(100);
      }
    },
  };
}
