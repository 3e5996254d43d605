/**
 * `<auth-signin>` in every state a user meets, driven by the real server's recorded answers
 * (stories/support/stub-fetch.ts). Every story is also an axe test (preview.ts). Play functions query
 * the shadow root for the chrome (provider buttons, alert, dividers) and the light DOM for the forms.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-signin/define.js";
import type { AuthSignin } from "../../ui/elements/auth-signin/auth-signin.js";
import type { AuthSigninErrorEvent, AuthSigninStartEvent, AuthSigninSuccessEvent } from "../../ui/events/index.js";
import { BRAND_LOGO } from "../support/page-story.js";
import { activeStub, authStub, PASSWORD, RECORDED, type StubOptions } from "../support/stub-fetch.js";
import { activeWebAuthn, webauthnStub } from "../support/stub-webauthn.js";
import { cancelPasskeyCeremony } from "../../ui/client/passkey.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  providers?: string;
  lang?: string;
  theme?: string;
  onStart: (event: AuthSigninStartEvent) => void;
  onSuccess: (event: AuthSigninSuccessEvent) => void;
  onError: (event: AuthSigninErrorEvent) => void;
}

const meta = {
  title: "Elements/auth-signin",
  component: "auth-signin",
  args: { onStart: fn(), onSuccess: fn(), onError: fn() },
  beforeEach: authStub,
  parameters: { layout: "padded" },
  render: (args) => html`<auth-signin
    base-path=${activeStub().basePath}
    callback-url="/account"
    providers=${ifDefined(args.providers)}
    lang=${ifDefined(args.lang)}
    theme=${ifDefined(args.theme)}
    @auth-signin-start=${args.onStart}
    @auth-signin-success=${args.onSuccess}
    @auth-signin-error=${args.onError}
  ></auth-signin>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-signin");

type Story = StoryObj<Args>;

const auth = (options: StubOptions) => ({ auth: options });

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The element, once its providers are shown (no loading spinner left). */
async function loaded(canvasElement: HTMLElement): Promise<{ host: AuthSignin; shadow: HTMLElement }> {
  const host = canvasElement.querySelector("auth-signin")!;
  await host.updateComplete;
  const shadow = host.shadowRoot as unknown as HTMLElement;
  await waitFor(() => expect(host.shadowRoot!.querySelector('[part~="spinner"]')).toBeNull());
  await host.updateComplete;
  return { host, shadow };
}

/** The label of a provider button (its `provider-label` part). */
const labelOf = (button: Element) => button.querySelector('[part="provider-label"]')?.textContent ?? "";

/** The OAuth/OIDC provider buttons auth-signin renders in its shadow root, in order. */
const providerButtons = (host: AuthSignin) => [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[part="provider-button"]')];

/**
 * The provider button (`part="provider-button"`, in the shadow root) whose label names the provider
 * `name` (in any language: every catalogue's label has the name), once it has rendered.
 */
async function providerButton(host: AuthSignin, name: string): Promise<HTMLButtonElement> {
  await host.updateComplete;
  return waitFor(() => {
    const found = providerButtons(host).filter((button) => labelOf(button).includes(name));
    expect(found).toHaveLength(1);
    return found[0]!;
  });
}

/** The shadow root's provider buttons (by label) and form slots (by name), in document order. */
const order = (host: AuthSignin) =>
  [...host.shadowRoot!.querySelectorAll('button[part="provider-button"], slot[name^="form"]')].map((node) =>
    node.localName === "button" ? labelOf(node) : node.getAttribute("name"),
  );

/**
 * Fills and submits the credentials form (light DOM; the recorded provider signs in with a username, so
 * it has a form of its own, its button "Continue" in the page's language as the provider keeps Auth.js's
 * default name). `labels` are the fields' labels in that language.
 */
async function submitCredentials(canvasElement: HTMLElement, password: string, submitName = "Continue", labels = ["Username", "Password"]): Promise<void> {
  const form = within(canvasElement.querySelector<HTMLElement>('form[slot="form-credentials"]')!);
  await userEvent.type(form.getByLabelText(labels[0]!), "ada");
  await userEvent.type(form.getByLabelText(labels[1]!), password);
  await userEvent.click(form.getByRole("button", { name: submitName }));
}

/** The credentials form's submit button. */
const credentialsButton = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>('form[slot="form-credentials"]')!).getByRole("button");

/** The `role="alert"` region in the shadow root. */
function alertOf(shadow: HTMLElement): HTMLElement {
  return within(shadow).getByRole("alert");
}

const WRONG_PASSWORD_MESSAGE = "Sign in failed. Check the details you provided are correct.";
const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

// ---------------------------------------------------------------------------------------------
// Loading and provider lists
// ---------------------------------------------------------------------------------------------

/** While `GET /providers` is pending: a spinner with an accessible name (axe checks this state). */
export const Loading: Story = {
  parameters: auth({ hold: ["providers"] }),
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector("auth-signin")!;
    await activeStub().requested("providers");
    await host.updateComplete;
    const spinner = within(host.shadowRoot as unknown as HTMLElement).getByRole("status", { name: "Signing in…" });
    await expect(spinner).toHaveAttribute("part", "spinner");
    await expect(within(canvasElement).queryByLabelText("Username")).toBeNull();
    await expect(host.shadowRoot!.querySelector('[part="provider-button"]')).toBeNull();
  },
};

/** A slow `GET /providers`: the spinner until the answer, then the providers. */
export const LoadingThenProviders: Story = {
  parameters: auth({ hold: ["providers"] }),
  play: async ({ canvasElement }) => {
    const stub = activeStub();
    const host = canvasElement.querySelector("auth-signin")!;
    await stub.requested("providers");
    await host.updateComplete;
    const shadow = within(host.shadowRoot as unknown as HTMLElement);
    await expect(shadow.getByRole("status", { name: "Signing in…" })).toBeVisible();
    stub.release();
    await waitFor(() => expect(shadow.queryByRole("status")).toBeNull());
    await expect(await providerButton(host, "GitHub")).toHaveTextContent("Sign in with GitHub");
    await expect(within(canvasElement).getByLabelText("Username")).toBeVisible();
  },
};

/**
 * Every provider of the recorded server: OAuth and OIDC buttons, then the e-mail form (its one primary
 * button, "Continue", sends the link), then the credentials provider, which signs in with a username
 * and so has a form of its own.
 */
export const AllProviders: Story = {
  play: async ({ canvasElement }) => {
    const { host, shadow } = await loaded(canvasElement);
    const canvas = within(canvasElement);
    await expect(await providerButton(host, "GitHub")).toHaveAccessibleName("Sign in with GitHub");
    await expect(await providerButton(host, "Acme ID")).toHaveAccessibleName("Sign in with Acme ID");
    // The bundled GitHub logo is decorative; the buttons are auth-signin's own (no <auth-provider-button>).
    const github = await providerButton(host, "GitHub");
    await expect(github.querySelector('img[part="provider-logo"]')).toHaveAttribute("alt", "");
    await expect(github).toHaveAttribute("type", "button");
    await expect(host.shadowRoot!.querySelector("auth-provider-button")).toBeNull();
    // GitHub's brand colours (from GET /providers) are set on its button.
    await expect(github.style.getPropertyValue("--auth-button-bg")).toBe("#181717");
    await expect(getComputedStyle(github).backgroundColor).toBe("rgb(24, 23, 23)");
    // Forms in light DOM, after the buttons.
    await expect(canvas.getByLabelText("Email")).toHaveAttribute("type", "email");
    await expect(canvas.getByLabelText("Username")).toBeVisible();
    await expect(canvas.getByLabelText("Password")).toHaveAttribute("type", "password");
    const [primary, ...others] = canvasElement.querySelectorAll(".auth-submit:not(.auth-alt)");
    await expect(others).toHaveLength(0);
    await expect(primary).toHaveAccessibleName("Continue");
    await expect(primary).toHaveAttribute("data-provider", "email");
    await expect(order(host)).toEqual(["Sign in with GitHub", "Sign in with Acme ID", "form", "form-credentials"]);
    await expect(within(shadow).getAllByText("or")).toHaveLength(2);
    await expect(alertOf(shadow)).toBeEmptyDOMElement();
  },
};

/** `providers="credentials,github"`: only those two (the buttons first, then the forms). */
export const FilteredAndOrdered: Story = {
  args: { providers: "credentials,github" },
  play: async ({ canvasElement }) => {
    const { host, shadow } = await loaded(canvasElement);
    await expect(order(host)).toEqual(["Sign in with GitHub", "form-credentials"]);
    await expect(within(canvasElement).queryByLabelText("Email")).toBeNull();
    await expect(providerButtons(host).filter((button) => labelOf(button).includes("Acme ID"))).toEqual([]);
    await expect(within(shadow).getAllByText("or")).toHaveLength(1);
    await expect(await providerButton(host, "GitHub")).toHaveAccessibleName("Sign in with GitHub");
  },
};

/** `GET /providers` cannot be reached: the alert says so. */
export const ProvidersUnavailable: Story = {
  parameters: auth({ always: { providers: "network-error" } }),
  play: async ({ canvasElement }) => {
    const { shadow } = await loaded(canvasElement);
    await waitFor(() => expect(alertOf(shadow)).toHaveTextContent(NETWORK_MESSAGE));
    await expect(within(canvasElement).queryByLabelText("Username")).toBeNull();
  },
};

// ---------------------------------------------------------------------------------------------
// Credentials sign-in
// ---------------------------------------------------------------------------------------------

/** The right password: start and success events, the recorded callback URL, no alert. */
export const CredentialsSuccess: Story = {
  play: async ({ canvasElement, args }) => {
    const { shadow } = await loaded(canvasElement);
    const stub = activeStub();
    await submitCredentials(canvasElement, PASSWORD);
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(args.onStart).toHaveBeenCalledOnce();
    await expect(args.onStart).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "credentials" } }));
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "credentials", url: `${location.origin}/account` } }));
    await expect(args.onError).not.toHaveBeenCalled();
    // Exactly the fields the sign-in page posts, with the fetch-mode header.
    const [post] = stub.requestsTo("callback/credentials");
    await expect(post?.fields).toEqual({ username: "ada", password: PASSWORD, csrfToken: RECORDED.csrf.csrfToken, callbackUrl: "/account" });
    await expect(post?.headers.get("X-Auth-Return-Redirect")).toBe("1");
    await expect(stub.signedIn).toBe(true);
    await expect(alertOf(shadow)).toBeEmptyDOMElement();
  },
};

/** While the sign-in request runs: the form is busy and its button, disabled, says "Signing in…"; no spinner is added, so nothing moves. */
export const CredentialsPending: Story = {
  parameters: auth({ hold: ["callback/credentials"] }),
  play: async ({ canvasElement, args }) => {
    const { host } = await loaded(canvasElement);
    const stub = activeStub();
    await submitCredentials(canvasElement, PASSWORD);
    await stub.requested("callback/credentials");
    await host.updateComplete;
    const canvas = within(canvasElement);
    const form = canvas.getByLabelText("Password").closest("form")!;
    await expect(form).toHaveAttribute("aria-busy", "true");
    const submit = within(form).getByRole("button", { name: "Signing in…" });
    await expect(submit).toBeDisabled();
    const spinners = [...host.querySelectorAll('[part~="spinner"]'), ...host.shadowRoot!.querySelectorAll('[part~="spinner"]')];
    await expect(spinners).toHaveLength(0);
    stub.release();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await waitFor(() => expect(form).toHaveAttribute("aria-busy", "false"));
  },
};

/**
 * A successful sign-in that stays on the page (no `redirect`): keyboard focus is not dropped to
 * `<body>` while the request runs and after it — it stays on (or returns to) the form's submit button.
 */
export const CredentialsSuccessKeepsFocus: Story = {
  // Held until the busy state has been rendered, as a real request over the network is.
  parameters: auth({ hold: ["callback/credentials"] }),
  play: async ({ canvasElement, args }) => {
    const { host } = await loaded(canvasElement);
    const stub = activeStub();
    await submitCredentials(canvasElement, PASSWORD);
    await stub.requested("callback/credentials");
    await host.updateComplete;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    stub.release();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await host.updateComplete;
    const submit = credentialsButton(canvasElement);
    await waitFor(() => expect(document.activeElement).toBe(submit));
  },
};

/** A wrong password: the catalogue's message in the alert, focus moved to it, the error event. */
export const WrongPassword: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    await submitCredentials(canvasElement, "wrong password");
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ detail: expect.objectContaining({ provider: "credentials", code: "CredentialsSignin" }) }),
    );
    await expect(args.onSuccess).not.toHaveBeenCalled();
    const alert = alertOf(shadow);
    await expect(alert).toHaveTextContent(WRONG_PASSWORD_MESSAGE);
    await expect(alert).toHaveAttribute("part", "error");
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert));
    await expect(within(canvasElement).getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(activeStub().signedIn).toBe(false);
  },
};

/** The first POST answers `MissingCSRF`: the element fetches a new token, retries once, and succeeds. */
export const MissingCsrfRetried: Story = {
  parameters: auth({ once: { "callback/credentials": ["missing-csrf"] } }),
  play: async ({ canvasElement, args }) => {
    const { shadow } = await loaded(canvasElement);
    const stub = activeStub();
    await submitCredentials(canvasElement, PASSWORD);
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(args.onError).not.toHaveBeenCalled();
    const actions = stub.requests.filter((request) => request.route !== "providers").map((request) => `${request.method} ${request.route}`);
    await expect(actions).toEqual(["GET csrf", "POST callback/credentials", "GET csrf", "POST callback/credentials"]);
    await expect(alertOf(shadow)).toBeEmptyDOMElement();
  },
};

/** The sign-in request gets no answer: a network message in the alert and a `NetworkError` event. */
export const NetworkError: Story = {
  parameters: auth({ always: { "callback/credentials": "network-error" } }),
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    await submitCredentials(canvasElement, PASSWORD);
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ detail: expect.objectContaining({ code: "NetworkError" }) }));
    const alert = alertOf(shadow);
    await expect(alert).toHaveTextContent(NETWORK_MESSAGE);
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert));
    await expect(credentialsButton(canvasElement)).toBeEnabled();
  },
};

/** A listener cancels `auth-signin-start`: no request is made and nothing else fires. */
export const StartCancelled: Story = {
  args: { onStart: fn((event: AuthSigninStartEvent) => event.preventDefault()) },
  play: async ({ canvasElement, args }) => {
    const { shadow } = await loaded(canvasElement);
    const stub = activeStub();
    await submitCredentials(canvasElement, PASSWORD);
    await expect(args.onStart).toHaveBeenCalledOnce();
    await userEvent.click(await providerButton(canvasElement.querySelector("auth-signin")!, "GitHub"));
    await expect(args.onStart).toHaveBeenCalledTimes(2);
    await expect(stub.requests.filter((request) => request.method === "POST")).toEqual([]);
    await expect(args.onSuccess).not.toHaveBeenCalled();
    await expect(args.onError).not.toHaveBeenCalled();
    await expect(alertOf(shadow)).toBeEmptyDOMElement();
    await expect(credentialsButton(canvasElement)).toBeEnabled();
  },
};

/**
 * An OAuth button of `<auth-signin>` (its own, in its shadow root): the click makes `<auth-signin>`
 * fire its events, and the failure is announced in its alert, which gets the focus.
 */
export const OAuthButtonEvents: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    const github = await providerButton(host, "GitHub");
    await userEvent.click(github);
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(args.onStart).toHaveBeenCalledOnce();
    await expect(args.onStart).toHaveBeenCalledWith(expect.objectContaining({ target: host, detail: { provider: "github" } }));
    // This server version answers every OAuth start with its configuration error (recorded).
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ target: host, detail: expect.objectContaining({ provider: "github", code: "Configuration" }) }),
    );
    await expect(args.onSuccess).not.toHaveBeenCalled();
    const [post] = activeStub().requestsTo("signin/github");
    await expect(activeStub().requestsTo("signin/github")).toHaveLength(1);
    await expect(post?.fields).toEqual({ csrfToken: RECORDED.csrf.csrfToken, callbackUrl: "/account" });
    await expect(post?.headers.get("X-Auth-Return-Redirect")).toBe("1");
    const alert = alertOf(shadow);
    await waitFor(() => expect(alert).toHaveTextContent("Unable to sign in."));
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert));
    await expect(github).toBeEnabled();
  },
};

/** While an OAuth sign-in request runs: that button is busy and disabled, with a named spinner. */
export const OAuthPending: Story = {
  parameters: auth({ hold: ["signin/github"] }),
  play: async ({ canvasElement, args }) => {
    const { host } = await loaded(canvasElement);
    const stub = activeStub();
    const github = await providerButton(host, "GitHub");
    await userEvent.click(github);
    await stub.requested("signin/github");
    await host.updateComplete;
    await expect(github).toBeDisabled();
    await expect(github).toHaveAttribute("aria-busy", "true");
    await expect(within(github).getByRole("status", { name: "Signing in…" })).toHaveAttribute("part", "spinner");
    await expect(host.shadowRoot!.querySelector('[part="base"]')).toHaveAttribute("aria-busy", "true");
    // The other provider's button is not busy.
    await expect(await providerButton(host, "Acme ID")).toHaveAttribute("aria-busy", "false");
    stub.release();
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await waitFor(() => expect(github).toBeEnabled());
    await expect(github).toHaveAttribute("aria-busy", "false");
  },
};

/** An OAuth sign-in request that gets no answer: the network message in the alert and a `NetworkError` event. */
export const OAuthNetworkError: Story = {
  parameters: auth({ always: { "signin/github": "network-error" } }),
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    const github = await providerButton(host, "GitHub");
    await userEvent.click(github);
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ detail: expect.objectContaining({ provider: "github", code: "NetworkError" }) }));
    await expect(args.onSuccess).not.toHaveBeenCalled();
    const alert = alertOf(shadow);
    await waitFor(() => expect(alert).toHaveTextContent(NETWORK_MESSAGE));
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert));
    await expect(github).toBeEnabled();
  },
};

// ---------------------------------------------------------------------------------------------
// Themes and languages
// ---------------------------------------------------------------------------------------------

export const ThemeLight: Story = {
  args: { theme: '{"colorScheme":"light"}' },
  play: async ({ canvasElement }) => {
    const { host } = await loaded(canvasElement);
    await expect(host).toHaveAttribute("data-color-scheme", "light");
    await expect(getComputedStyle(host).colorScheme).toBe("light");
    await expect(getComputedStyle(host).color).toBe("rgb(31, 35, 40)");
  },
};

/** Dark scheme, on a dark page (the element takes the page's background, as any inline element does). */
export const ThemeDark: Story = {
  args: { theme: '{"colorScheme":"dark"}' },
  decorators: [(story) => html`<div style="background:#010409;color-scheme:dark;padding:1rem">${story()}</div>`],
  play: async ({ canvasElement }) => {
    const { host } = await loaded(canvasElement);
    await expect(host).toHaveAttribute("data-color-scheme", "dark");
    await expect(getComputedStyle(host).colorScheme).toBe("dark");
    await expect(getComputedStyle(host).color).toBe("rgb(230, 237, 243)");
    // The light-DOM inputs take the dark surface too.
    await expect(getComputedStyle(within(canvasElement).getByLabelText("Username")).backgroundColor).toBe("rgb(13, 17, 23)");
  },
};

/** A brand colour and a logo: the theme's tokens on the host, the logo decorative. */
export const ThemeBrand: Story = {
  args: { theme: JSON.stringify({ colorScheme: "light", brandColor: "#7c3aed", logo: BRAND_LOGO }) },
  play: async ({ canvasElement }) => {
    const { host } = await loaded(canvasElement);
    await expect(host.style.getPropertyValue("--auth-color-brand")).toBe("#7c3aed");
    const logo = host.shadowRoot!.querySelector('img[part="logo"]');
    await expect(logo).toHaveAttribute("alt", "");
    await expect(logo).toHaveAttribute("src", BRAND_LOGO);
    // The one primary button (the e-mail form's "Continue") in the brand colour.
    const submit = within(canvasElement.querySelector<HTMLElement>('form[slot="form"]')!).getByRole("button", { name: "Continue" });
    await expect(getComputedStyle(submit).backgroundColor).toBe("rgb(124, 58, 237)");
    // Provider buttons keep the provider's own colour (GitHub's, from GET /providers).
    await expect(getComputedStyle(await providerButton(host, "GitHub")).backgroundColor).toBe("rgb(24, 23, 23)");
  },
};

/** `lang="ar"`: Arabic texts from the catalogue and right-to-left layout, light-DOM forms included. */
export const RightToLeft: Story = {
  args: { lang: "ar" },
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    const base = host.shadowRoot!.querySelector<HTMLElement>('[part="base"]')!;
    await expect(base).toHaveAttribute("dir", "rtl");
    await expect(getComputedStyle(base).direction).toBe("rtl");
    await expect(await providerButton(host, "GitHub")).toHaveAccessibleName("تسجيل الدخول باستخدام GitHub");
    const form = within(canvasElement).getByLabelText("Password").closest("form")!;
    await expect(getComputedStyle(form).direction).toBe("rtl");
    await expect(within(shadow).getAllByText("أو").length).toBeGreaterThan(0);
    await submitCredentials(canvasElement, "wrong password", "متابعة", ["Username", "Password"]);
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(alertOf(shadow)).toHaveTextContent("فشل تسجيل الدخول. تأكّد من صحة البيانات التي أدخلتها.");
  },
};

/** `lang="de"`: German texts from the catalogue. */
export const German: Story = {
  args: { lang: "de" },
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    await expect(await providerButton(host, "GitHub")).toHaveAccessibleName("Mit GitHub anmelden");
    await expect(within(shadow).getAllByText("oder").length).toBeGreaterThan(0);
    await expect(host.shadowRoot!.querySelector('[part="base"]')).toHaveAttribute("dir", "ltr");
    await submitCredentials(canvasElement, "wrong password", "Weiter", ["Username", "Password"]);
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(alertOf(shadow)).toHaveTextContent("Anmeldung fehlgeschlagen. Bitte prüfen Sie, ob Ihre Angaben korrekt sind.");
  },
};

// ---------------------------------------------------------------------------------------------
// Passkeys (a server with a Passkey provider, recorded; the passkey dialog stubbed)
// ---------------------------------------------------------------------------------------------

/** The passkey dialog stub for a story (`parameters.webauthn`), and the end of any ceremony it left pending. */
const passkeyBrowser = (context: Parameters<typeof webauthnStub>[0]) => {
  const restore = webauthnStub(context);
  return () => {
    cancelPasskeyCeremony();
    restore();
  };
};

/**
 * A Passkey provider: its buttons join the e-mail form as secondary actions on its one field (light
 * DOM, `username webauthn`, with passkey autofill): "Use a passkey" and "Create account with a passkey"
 * (their code is loaded when the provider is shown). Signing in with a password cancels the pending
 * autofill request.
 */
export const WithPasskey: Story = {
  parameters: auth({ passkey: true }),
  beforeEach: passkeyBrowser,
  play: async ({ canvasElement, args }) => {
    const { host } = await loaded(canvasElement);
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText("Email", { selector: 'input[autocomplete="username webauthn"]' });
    // Hidden until the passkey elements are defined (loaded on first use), so no half-built form shows.
    // Loading that module takes longer than waitFor's default second on a busy two-core machine.
    await waitFor(() => expect(field).toBeVisible(), { timeout: 10_000 });
    const button = host.querySelector("auth-passkey-button")!;
    const register = host.querySelector("auth-passkey-register")!;
    await waitFor(() => expect(button.shadowRoot?.querySelector("button")).toHaveAccessibleName("Use a passkey"));
    await waitFor(() => expect(register.shadowRoot?.querySelector("button")).toHaveAccessibleName("Create account with a passkey"));
    const webauthn = activeWebAuthn();
    await webauthn.called("conditional");
    await submitCredentials(canvasElement, PASSWORD);
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(webauthn.calls[0]?.aborted).toBe(true);
  },
};

/**
 * The one sign-in surface a typical app gets: OAuth buttons, then one e-mail field shared by a
 * credentials provider that signs in with an e-mail address, the e-mail link and passkeys; one primary
 * button ("Continue"), the other methods as outlined secondary actions; the theme's app name on top.
 * A wrong password keeps the values and marks both fields, described by the message.
 */
export const OneSurface: Story = {
  args: { theme: JSON.stringify({ appName: "Acme" }) },
  parameters: auth({ passkey: true, emailCredentials: true }),
  beforeEach: passkeyBrowser,
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await loaded(canvasElement);
    const form = within(canvasElement.querySelector<HTMLElement>('form[slot="form"]')!);
    await waitFor(() => expect(within(shadow).getByText("Acme")).toHaveAttribute("part", "app-name"));
    await expect(canvasElement.querySelectorAll('input[type="email"]')).toHaveLength(1);
    await expect(form.getByRole("button", { name: "Email me a sign-in link" })).toHaveClass("auth-alt");
    await waitFor(() => expect(host.querySelector("auth-passkey-button")!.shadowRoot?.querySelector("button")).toHaveAccessibleName("Use a passkey"), {
      timeout: 10_000,
    });
    await userEvent.type(form.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(form.getByLabelText("Password"), "wrong password");
    await userEvent.click(form.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(form.getByLabelText("Email")).toHaveValue("ada@example.com");
    await expect(form.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabelText("Password")).toHaveAccessibleDescription(WRONG_PASSWORD_MESSAGE);
  },
};

/** The same server, in a browser without WebAuthn: no passkey entry point at all. */
export const WithPasskeyUnsupportedBrowser: Story = {
  parameters: { ...auth({ passkey: true }), webauthn: { supported: false } },
  beforeEach: passkeyBrowser,
  play: async ({ canvasElement }) => {
    const { host, shadow } = await loaded(canvasElement);
    await expect(host.querySelector("auth-passkey-button")).toBeNull();
    await expect(within(canvasElement).queryByRole("button", { name: "Use a passkey" })).toBeNull();
    await expect(within(shadow).getAllByText("or")).toHaveLength(2);
  },
};
