/**
 * `<auth-passkey-register>`: a sign-up with a passkey (signed out) and adding one (signed in), with
 * the failures a visitor can meet — no address, an address that already has an account, a cancelled
 * dialog, a passkey this device already holds, a registration the server cannot verify — and a
 * browser without passkeys. Server answers recorded; the passkey dialog stubbed.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-passkey-register/define.js";
import type { AuthPasskeyRegister } from "../../ui/elements/auth-passkey-register/auth-passkey-register.js";
import type { AuthPasskeyRegisteredEvent } from "../../ui/events/index.js";
import { passkeyStubs, type PasskeyStoryParameters } from "../support/passkey-story.js";
import { activeStub } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  lang?: string;
  onRegistered: (event: AuthPasskeyRegisteredEvent) => void;
}

const meta = {
  title: "Elements/auth-passkey-register",
  component: "auth-passkey-register",
  args: { onRegistered: fn() },
  beforeEach: passkeyStubs,
  parameters: { layout: "padded" },
  render: (args) => html`<auth-passkey-register
    base-path=${activeStub().basePath}
    callback-url="/account"
    lang=${ifDefined(args.lang)}
    @auth-passkey-registered=${args.onRegistered}
  ></auth-passkey-register>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-passkey-register");

type Story = StoryObj<Args> & { parameters?: PasskeyStoryParameters & Record<string, unknown> };

/** The element once it knows the session (its button is there). */
async function setup(canvasElement: HTMLElement) {
  const host = canvasElement.querySelector("auth-passkey-register") as AuthPasskeyRegister;
  await waitFor(() => expect(host.shadowRoot?.querySelector('[part="button"]')).toBeTruthy());
  await host.updateComplete;
  const shadow = within(host.shadowRoot as unknown as HTMLElement);
  return { host, shadow, button: () => shadow.getByRole("button"), alert: () => shadow.getByRole("alert") };
}

const signedIn = { auth: { signedIn: true } } satisfies PasskeyStoryParameters;

/** Signed out: an e-mail field in light DOM and "Create account with a passkey". */
export const SignUp: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, button, shadow } = await setup(canvasElement);
    const input = within(canvasElement).getByLabelText("Email");
    await expect(input).toHaveAttribute("autocomplete", "username webauthn");
    await userEvent.type(input, "grace@example.com");
    await userEvent.click(button());
    await waitFor(() => expect(args.onRegistered).toHaveBeenCalledOnce());
    await expect(args.onRegistered).toHaveBeenCalledWith(
      expect.objectContaining({ detail: { provider: "passkey", url: `${location.origin}/account`, signUp: true } }),
    );
    await expect(shadow.getByText("Account created. You are signed in.")).toHaveAttribute("role", "status");
    // Now signed in (the client's broadcast): the element offers to add another passkey.
    await waitFor(() => expect(button()).toHaveAccessibleName("Add a passkey"));
    await expect(host.querySelector("input")).toBeNull();
  },
};

/** "Create account" without an address: the field is marked invalid and focused; nothing is sent. */
export const SignUpWithoutEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const { button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    const input = within(canvasElement).getByLabelText("Email");
    await expect(alert()).toHaveTextContent("Enter a valid email address.");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveFocus();
    await expect(activeStub().requestsTo("webauthn-options/passkey")).toHaveLength(0);
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

/** A sign-up for an address that already has an account (recorded `AccountNotLinked`). */
export const SignUpAccountNotLinked: Story = {
  parameters: { auth: { always: { "callback/passkey": "callback-passkey-account-not-linked" } } },
  play: async ({ canvasElement, args }) => {
    const { button, alert } = await setup(canvasElement);
    await userEvent.type(within(canvasElement).getByLabelText("Email"), "grace@example.com");
    await userEvent.click(button());
    await waitFor(() => expect(alert()).toHaveTextContent("This email address already has an account. Sign in first, then add a passkey."));
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

/** Signed in: "Add a passkey", and a status message once it is stored. */
export const AddPasskey: Story = {
  parameters: signedIn,
  play: async ({ canvasElement, args }) => {
    const { button, shadow } = await setup(canvasElement);
    await expect(within(canvasElement).queryByLabelText("Email")).toBeNull();
    await userEvent.click(button());
    await waitFor(() => expect(args.onRegistered).toHaveBeenCalledOnce());
    await expect(args.onRegistered).toHaveBeenCalledWith(expect.objectContaining({ detail: expect.objectContaining({ signUp: false }) }));
    await expect(shadow.getByRole("status")).toHaveTextContent("Passkey added.");
  },
};

/** Signed in, and the visitor closes the dialog. */
export const CancelledCeremony: Story = {
  parameters: { ...signedIn, webauthn: { create: "cancel" } },
  play: async ({ canvasElement, args }) => {
    const { host, button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    await waitFor(() => expect(alert()).toHaveTextContent("The passkey request was cancelled or timed out."));
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(alert()));
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

/** Signed in, on a device that already holds one of the user's passkeys (the server excluded it). */
export const AlreadyOnThisDevice: Story = {
  parameters: { ...signedIn, webauthn: { create: "exists" } },
  play: async ({ canvasElement }) => {
    const { button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    await waitFor(() => expect(alert()).toHaveTextContent("This device already has a passkey for your account."));
  },
};

/** The server cannot verify the new passkey. */
export const VerificationError: Story = {
  parameters: { auth: { signedIn: true, always: { "callback/passkey": "callback-passkey-verification-error" } } },
  play: async ({ canvasElement, args }) => {
    const { button, alert } = await setup(canvasElement);
    await userEvent.click(button());
    await waitFor(() => expect(alert()).toHaveTextContent("The passkey could not be verified. Please try again."));
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

/** A browser without WebAuthn: hidden (shown here by the page's own rule), with the explanation. */
export const UnsupportedBrowser: Story = {
  parameters: { webauthn: { supported: false } },
  decorators: [
    (story) => html`<style>
      auth-passkey-register[unsupported] {
        display: block;
      }
    </style>
    ${story()}`,
  ],
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector("auth-passkey-register") as AuthPasskeyRegister;
    await waitFor(() => expect(host.shadowRoot?.querySelector('[part="unsupported"]')).toBeTruthy());
    await expect(host).toHaveAttribute("unsupported");
    await expect(host.shadowRoot!.querySelector("button")).toBeNull();
    await expect(host.shadowRoot!.querySelector('[part="unsupported"]')).toHaveTextContent("This browser cannot use passkeys.");
  },
};

/** `lang="ja"`: Japanese texts. */
export const Japanese: Story = {
  args: { lang: "ja" },
  play: async ({ canvasElement }) => {
    const { button } = await setup(canvasElement);
    await waitFor(() => expect(button()).toHaveAccessibleName("パスキーでアカウントを作成"));
    await expect(within(canvasElement).getByLabelText("メールアドレス")).toBeVisible();
  },
};
