/**
 * `<auth-provider-button>` used alone: it reads its provider's name, colours and logo from
 * `GET {base-path}/providers` (recorded) and starts the sign-in on click.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-provider-button/define.js";
import type { AuthProviderButton } from "../../ui/elements/auth-provider-button/auth-provider-button.js";
import type { AuthSigninErrorEvent, AuthSigninStartEvent, AuthSigninSuccessEvent } from "../../ui/events/index.js";
import { activeStub, authStub, RECORDED, type StubOptions } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  provider: string;
  lang?: string;
  onStart: (event: AuthSigninStartEvent) => void;
  onSuccess: (event: AuthSigninSuccessEvent) => void;
  onError: (event: AuthSigninErrorEvent) => void;
}

const meta = {
  title: "Elements/auth-provider-button",
  component: "auth-provider-button",
  args: { provider: "github", onStart: fn(), onSuccess: fn(), onError: fn() },
  beforeEach: authStub,
  parameters: { layout: "padded" },
  render: (args) => html`<auth-provider-button
    provider=${args.provider}
    base-path=${activeStub().basePath}
    callback-url="/account"
    lang=${ifDefined(args.lang)}
    @auth-signin-start=${args.onStart}
    @auth-signin-success=${args.onSuccess}
    @auth-signin-error=${args.onError}
  ></auth-provider-button>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-provider-button");

type Story = StoryObj<Args>;

const auth = (options: StubOptions) => ({ auth: options });

/** The host and its inner `<button>`, once the provider's name has arrived from `GET /providers`. */
async function button(canvasElement: HTMLElement, name: string): Promise<{ host: AuthProviderButton; button: HTMLButtonElement }> {
  const host = canvasElement.querySelector("auth-provider-button")!;
  await host.updateComplete;
  const shadow = within(host.shadowRoot as unknown as HTMLElement);
  const found = await waitFor(() => shadow.getByRole("button", { name }));
  return { host, button: found as HTMLButtonElement };
}

/** GitHub: name, brand colours and the bundled logo from `GET /providers`. */
export const GitHub: Story = {
  play: async ({ canvasElement }) => {
    const { host, button: inner } = await button(canvasElement, "Sign in with GitHub");
    await expect(inner).toHaveAttribute("part", "button");
    const logo = host.shadowRoot!.querySelector('img[part="logo"]');
    await expect(logo).toHaveAttribute("alt", "");
    await expect(logo?.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect(host.shadowRoot!.querySelector('[part="label"]')).toHaveTextContent("Sign in with GitHub");
    // The provider's colours are set on the inner button (through the CSSOM), not on the host.
    await expect(inner.style.getPropertyValue("--auth-button-bg")).toBe("#181717");
    await expect(inner.style.getPropertyValue("--auth-button-text")).toBe("#fff");
    await expect(host.style.getPropertyValue("--auth-button-bg")).toBe("");
    await expect(getComputedStyle(inner).backgroundColor).toBe("rgb(24, 23, 23)");
    await expect(getComputedStyle(inner).color).toBe("rgb(255, 255, 255)");
    await expect(activeStub().requestsTo("providers")).toHaveLength(1);
  },
};

/** An OIDC provider without a style: the name only, on the brand colour. */
export const OidcWithoutLogo: Story = {
  args: { provider: "acme" },
  play: async ({ canvasElement }) => {
    const { host } = await button(canvasElement, "Sign in with Acme ID");
    await expect(host.shadowRoot!.querySelector('img[part="logo"]')).toBeNull();
  },
};

/** A click fires `auth-signin-start`, then POSTs to `/signin/github`; this server version answers with its error. */
export const Click: Story = {
  play: async ({ canvasElement, args }) => {
    const { button: inner } = await button(canvasElement, "Sign in with GitHub");
    await userEvent.click(inner);
    await expect(args.onStart).toHaveBeenCalledOnce();
    await expect(args.onStart).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "github" } }));
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ detail: expect.objectContaining({ provider: "github", code: "Configuration" }) }),
    );
    await expect(args.onSuccess).not.toHaveBeenCalled();
    const [post] = activeStub().requestsTo("signin/github");
    await expect(post?.fields).toEqual({ csrfToken: RECORDED.csrf.csrfToken, callbackUrl: "/account" });
    await expect(post?.headers.get("X-Auth-Return-Redirect")).toBe("1");
    await expect(inner).toBeEnabled();
  },
};

/** While the sign-in request runs: busy, disabled, with a named spinner. */
export const Pending: Story = {
  parameters: auth({ hold: ["signin/github"] }),
  play: async ({ canvasElement, args }) => {
    const { host, button: inner } = await button(canvasElement, "Sign in with GitHub");
    await userEvent.click(inner);
    await activeStub().requested("signin/github");
    await host.updateComplete;
    await expect(inner).toBeDisabled();
    await expect(inner).toHaveAttribute("aria-busy", "true");
    await expect(within(host.shadowRoot as unknown as HTMLElement).getByRole("status", { name: "Signing in…" })).toHaveAttribute("part", "spinner");
    activeStub().release();
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    await waitFor(() => expect(inner).toBeEnabled());
  },
};

/** A listener cancels `auth-signin-start`: no request. */
export const StartCancelled: Story = {
  args: { onStart: fn((event: AuthSigninStartEvent) => event.preventDefault()) },
  play: async ({ canvasElement, args }) => {
    const { button: inner } = await button(canvasElement, "Sign in with GitHub");
    await userEvent.click(inner);
    await expect(args.onStart).toHaveBeenCalledOnce();
    await expect(activeStub().requests.filter((request) => request.method === "POST")).toEqual([]);
    await expect(args.onError).not.toHaveBeenCalled();
    await expect(inner).toBeEnabled();
  },
};

/** `lang="de"` on the button itself. */
export const German: Story = {
  args: { lang: "de" },
  play: async ({ canvasElement }) => {
    const { host } = await button(canvasElement, "Mit GitHub anmelden");
    await expect(host.shadowRoot!.querySelector('[part="button"]')).toHaveAttribute("lang", "de");
  },
};

/**
 * `lang="ar"` on the button alone (no `dir` anywhere): Arabic text, and the whole button laid out
 * right to left (the logo on the start side), since `dir` is derived from the locale (docs/elements.md#localisation).
 */
export const RightToLeft: Story = {
  args: { lang: "ar" },
  play: async ({ canvasElement }) => {
    const { host, button: inner } = await button(canvasElement, "تسجيل الدخول باستخدام GitHub");
    const label = host.shadowRoot!.querySelector<HTMLElement>('[part="label"]')!;
    await expect(getComputedStyle(label).direction).toBe("rtl");
    await expect(getComputedStyle(inner).direction).toBe("rtl");
    const logo = host.shadowRoot!.querySelector<HTMLElement>('[part="logo"]')!;
    await expect(logo.getBoundingClientRect().left).toBeGreaterThan(label.getBoundingClientRect().left);
  },
};
