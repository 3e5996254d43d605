/**
 * `<auth-passkey-button>` in every state a visitor meets: the button, a sign-in, a cancelled dialog, a
 * passkey the server refuses, the busy state, passkey autofill (picked, or ignored: silent), and a
 * browser without passkeys. The server answers are the real passkey server's (recorded); the passkey
 * dialog is stubbed (stories/support/stub-webauthn.ts). Every story is also an axe test.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-passkey-button/define.js";
import type { AuthPasskeyButton } from "../../ui/elements/auth-passkey-button/auth-passkey-button.js";
import type { AuthSigninErrorEvent, AuthSigninStartEvent, AuthSigninSuccessEvent } from "../../ui/events/index.js";
import { nextFrames, passkeyStubs, type PasskeyStoryParameters } from "../support/passkey-story.js";
import { browserIdle } from "../support/idle.js";
import { activeStub } from "../support/stub-fetch.js";
import { activeWebAuthn } from "../support/stub-webauthn.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  conditional: boolean;
  lang?: string;
  onStart: (event: AuthSigninStartEvent) => void;
  onSuccess: (event: AuthSigninSuccessEvent) => void;
  onError: (event: AuthSigninErrorEvent) => void;
}

const meta = {
  title: "Elements/auth-passkey-button",
  component: "auth-passkey-button",
  args: { conditional: false, onStart: fn(), onSuccess: fn(), onError: fn() },
  beforeEach: passkeyStubs,
  parameters: { layout: "padded" },
  render: (args) => html`<auth-passkey-button
    base-path=${activeStub().basePath}
    callback-url="/account"
    ?conditional=${args.conditional}
    lang=${ifDefined(args.lang)}
    @auth-signin-start=${args.onStart}
    @auth-signin-success=${args.onSuccess}
    @auth-signin-error=${args.onError}
  ></auth-passkey-button>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-passkey-button");

type Story = StoryObj<Args> & { parameters?: PasskeyStoryParameters & Record<string, unknown> };

async function setup(canvasElement: HTMLElement) {
  const host = canvasElement.querySelector("auth-passkey-button") as AuthPasskeyButton;
  await host.updateComplete;
  const shadow = within(host.shadowRoot as unknown as HTMLElement);
  return { host, shadow, button: () => shadow.getByRole("button"), alert: () => shadow.getByRole("alert") };
}

const CANCELLED = "The passkey request was cancelled or timed out.";

/** The button: a native button with an accessible name, and an empty alert region waiting for failures. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { button, alert } = await setup(canvasElement);
    await expect(button()).toHaveAccessibleName("Sign in with a passkey");
    await expect(alert()).toBeEmptyDOMElement();
    await expect(within(canvasElement).queryByRole("textbox")).toBeNull();
  },
};

/** A click, the visitor picks a passkey, the server signs them in: start and success events. */
export const SignsIn: Story = {
  play: async ({ canvasElement, args }) => {
    const { button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(args.onStart).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "passkey" } }));
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "passkey", url: `${location.origin}/account` } }));
    await expect(args.onError).not.toHaveBeenCalled();
    await expect(activeStub().requestsTo("callback/passkey")[0]?.fields.action).toBe("authenticate");
    await expect(alert()).toBeEmptyDOMElement();
  },
};

/** The visitor closes the passkey dialog: the alert says so and takes focus; the error event has `Cancelled`. */
export const CancelledCeremony: Story = {
  parameters: { webauthn: { get: "cancel" } },
  play: async ({ canvasElement, args }) => {
    const { host, button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    await waitFor(() => expect(alert()).toHaveTextContent(CANCELLED));
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "passkey", code: "Cancelled" } }));
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert()));
    await expect(button()).toBeEnabled();
  },
};

/** The server refuses the passkey (recorded: a replayed assertion): the sign-in page's message. */
export const VerificationError: Story = {
  parameters: { auth: { always: { "callback/passkey": "callback-passkey-verification-error" } } },
  play: async ({ canvasElement, args }) => {
    const { button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    await waitFor(() => expect(alert()).toHaveTextContent("Unable to sign in."));
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "passkey", code: "WebAuthnVerificationError" } }));
    await expect(activeStub().signedIn).toBe(false);
  },
};

/** While the passkey dialog is open: the button is disabled and shows a named spinner. */
export const WaitingForPasskey: Story = {
  parameters: { webauthn: { get: "wait" } },
  play: async ({ canvasElement }) => {
    const { host, button, shadow } = await setup(canvasElement);
    await userEvent.click(button());
    await activeWebAuthn().called("get");
    await host.updateComplete;
    await nextFrames();
    await expect(button()).toBeDisabled();
    await expect(shadow.getByRole("status")).toHaveAccessibleName("Waiting for your passkey…");
  },
};

/**
 * `conditional`: an e-mail field (light DOM, `autocomplete="username webauthn"`) whose autofill offers
 * passkeys. The visitor picks one: signed in, with a success event and no start event.
 */
export const AutofillPicked: Story = {
  args: { conditional: true },
  play: async ({ canvasElement, args }) => {
    await setup(canvasElement);
    const input = within(canvasElement).getByLabelText("Email");
    await expect(input).toHaveAttribute("autocomplete", "username webauthn");
    const webauthn = activeWebAuthn();
    await webauthn.called("conditional");
    await webauthn.pickAutofill();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(args.onStart).not.toHaveBeenCalled();
  },
};

/** `conditional`, and the visitor ignores or dismisses the suggestion: nothing is shown, nothing fires. */
export const AutofillIgnored: Story = {
  args: { conditional: true },
  parameters: { webauthn: { conditional: "cancel" } },
  play: async ({ canvasElement, args }) => {
    const { alert } = await setup(canvasElement);
    await activeWebAuthn().called("conditional");
    await browserIdle();
    await expect(alert()).toBeEmptyDOMElement();
    await expect(args.onError).not.toHaveBeenCalled();
    await expect(args.onSuccess).not.toHaveBeenCalled();
  },
};

/**
 * A browser without WebAuthn: the element is hidden (`unsupported` attribute and state). Here the
 * page shows it anyway, with `auth-passkey-button[unsupported] { display: block }`, so the
 * explanation in its `unsupported` part is visible.
 */
export const UnsupportedBrowser: Story = {
  parameters: { webauthn: { supported: false } },
  decorators: [
    (story) => html`<style>
      auth-passkey-button[unsupported] {
        display: block;
      }
    </style>
    ${story()}`,
  ],
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await expect(host).toHaveAttribute("unsupported");
    await expect(shadow.queryByRole("button")).toBeNull();
    await expect(shadow.getByText("This browser cannot use passkeys.")).toHaveAttribute("part", "unsupported");
  },
};

/** `lang="ar"`: Arabic text, right to left. */
export const Arabic: Story = {
  args: { lang: "ar", conditional: true },
  play: async ({ canvasElement }) => {
    const { host, button } = await setup(canvasElement);
    await waitFor(() => expect(button()).toHaveAccessibleName("تسجيل الدخول باستخدام مفتاح مرور"));
    await expect(host.shadowRoot!.querySelector('[part="base"]')).toHaveAttribute("dir", "rtl");
  },
};
