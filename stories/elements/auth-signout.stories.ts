/**
 * `<auth-signout>`: a plain sign-out button, and the `confirm` variant with its confirm and cancel
 * paths and focus handling. Answers are the real server's (recorded); the stub starts signed in.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-signout/define.js";
import type { AuthSignout } from "../../ui/elements/auth-signout/auth-signout.js";
import type { AuthSignoutEvent } from "../../ui/events/index.js";
import { activeStub, authStub, RECORDED, type StubOptions } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  confirm: boolean;
  lang?: string;
  theme?: string;
  onSignout: (event: AuthSignoutEvent) => void;
}

const meta = {
  title: "Elements/auth-signout",
  component: "auth-signout",
  args: { confirm: false, onSignout: fn() },
  beforeEach: authStub,
  parameters: { layout: "padded", auth: { signedIn: true } satisfies StubOptions },
  render: (args) => html`<auth-signout
    base-path=${activeStub().basePath}
    callback-url="/"
    ?confirm=${args.confirm}
    lang=${ifDefined(args.lang)}
    theme=${ifDefined(args.theme)}
    @auth-signout=${args.onSignout}
  ></auth-signout>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-signout");

type Story = StoryObj<Args>;

/** Lets the browser render (a request over the network spans frames; the busy state is seen). */
const nextFrames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

async function host(canvasElement: HTMLElement): Promise<{ host: AuthSignout; shadow: ReturnType<typeof within> }> {
  const element = canvasElement.querySelector("auth-signout")!;
  await element.updateComplete;
  return { host: element, shadow: within(element.shadowRoot as unknown as HTMLElement) };
}

/**
 * One click signs out: the `auth-signout` event, then `POST /signout` with the CSRF token. The
 * element stays on the page (no redirect), so keyboard focus stays on its button.
 */
export const Plain: Story = {
  // Held until the element has rendered its busy state, as a real request over the network is.
  parameters: { auth: { signedIn: true, hold: ["signout"] } satisfies StubOptions },
  play: async ({ canvasElement, args }) => {
    const { host: element, shadow } = await host(canvasElement);
    const stub = activeStub();
    const button = shadow.getByRole("button", { name: "Sign out" });
    button.focus();
    await userEvent.click(button);
    await expect(args.onSignout).toHaveBeenCalledOnce();
    await stub.requested("signout");
    await element.updateComplete;
    await nextFrames();
    stub.release();
    await waitFor(() => expect(stub.signedIn).toBe(false));
    const [post] = stub.requestsTo("signout");
    await expect(post?.fields).toEqual({ csrfToken: RECORDED.csrf.csrfToken, callbackUrl: "/" });
    await expect(post?.headers.get("X-Auth-Return-Redirect")).toBe("1");
    await waitFor(() => expect(shadow.getByRole("button", { name: "Sign out" })).toBeEnabled());
    await expect(element.shadowRoot!.activeElement).toBe(shadow.getByRole("button", { name: "Sign out" }));
  },
};

/** While `POST /signout` runs: the button is disabled and shows a named spinner. */
export const Pending: Story = {
  parameters: { auth: { signedIn: true, hold: ["signout"] } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const { host: element, shadow } = await host(canvasElement);
    const stub = activeStub();
    await userEvent.click(shadow.getByRole("button", { name: "Sign out" }));
    await stub.requested("signout");
    await element.updateComplete;
    await expect(shadow.getByRole("button", { name: /Signing out…/ })).toBeDisabled();
    await expect(shadow.getByRole("status", { name: "Signing out…" })).toHaveAttribute("part", "spinner");
    stub.release();
    await waitFor(() => expect(shadow.getByRole("button", { name: "Sign out" })).toBeEnabled());
  },
};

/**
 * `confirm`: the first click asks and moves focus to the confirming button; confirming signs out
 * and leaves focus on the sign-out button rather than dropping it to the page.
 */
export const ConfirmAndSignOut: Story = {
  args: { confirm: true },
  parameters: { auth: { signedIn: true, hold: ["signout"] } satisfies StubOptions },
  play: async ({ canvasElement, args }) => {
    const { host: element, shadow } = await host(canvasElement);
    const stub = activeStub();
    await userEvent.click(shadow.getByRole("button", { name: "Sign out" }));
    await element.updateComplete;
    await expect(shadow.getByText("Are you sure you want to sign out?")).toHaveAttribute("part", "confirm");
    const confirming = shadow.getByRole("button", { name: "Sign out" });
    await expect(confirming).toHaveAccessibleDescription("Are you sure you want to sign out?");
    await expect(shadow.getByRole("button", { name: "Cancel" })).toHaveAttribute("part", "cancel-button");
    await expect(element.shadowRoot!.activeElement).toBe(confirming);
    await expect(args.onSignout).not.toHaveBeenCalled();
    await expect(stub.requestsTo("signout")).toHaveLength(0);

    await userEvent.click(confirming);
    await expect(args.onSignout).toHaveBeenCalledOnce();
    await stub.requested("signout");
    await element.updateComplete;
    await nextFrames();
    stub.release();
    await waitFor(() => expect(stub.signedIn).toBe(false));
    await waitFor(() => expect(shadow.queryByText("Are you sure you want to sign out?")).toBeNull());
    const button = shadow.getByRole("button", { name: "Sign out" });
    await waitFor(() => expect(element.shadowRoot!.activeElement).toBe(button));
  },
};

/** `confirm`, then Cancel: nothing is posted and focus returns to the sign-out button. */
export const ConfirmAndCancel: Story = {
  args: { confirm: true },
  play: async ({ canvasElement, args }) => {
    const { host: element, shadow } = await host(canvasElement);
    await userEvent.click(shadow.getByRole("button", { name: "Sign out" }));
    await element.updateComplete;
    await userEvent.click(shadow.getByRole("button", { name: "Cancel" }));
    await element.updateComplete;
    await expect(shadow.queryByText("Are you sure you want to sign out?")).toBeNull();
    await expect(shadow.queryByRole("button", { name: "Cancel" })).toBeNull();
    const button = shadow.getByRole("button", { name: "Sign out" });
    await expect(element.shadowRoot!.activeElement).toBe(button);
    await expect(args.onSignout).not.toHaveBeenCalled();
    await expect(activeStub().requests.filter((request) => request.method === "POST")).toEqual([]);
    await expect(activeStub().signedIn).toBe(true);
  },
};

/**
 * The confirmation with the keyboard: Enter opens it (focus on the confirming button), Enter on
 * Cancel closes it (focus back on the sign-out button). Tab order across the shadow root is checked
 * with a real keyboard in ui/elements/auth-signout/auth-signout.test.ts (user-event's `tab()` does
 * not enter shadow roots).
 */
export const ConfirmWithKeyboard: Story = {
  args: { confirm: true },
  play: async ({ canvasElement, args }) => {
    const { host: element, shadow } = await host(canvasElement);
    shadow.getByRole("button", { name: "Sign out" }).focus();
    await userEvent.keyboard("{Enter}");
    await element.updateComplete;
    await expect(element.shadowRoot!.activeElement).toBe(shadow.getByRole("button", { name: "Sign out" }));
    shadow.getByRole("button", { name: "Cancel" }).focus();
    await userEvent.keyboard("{Enter}");
    await element.updateComplete;
    await expect(element.shadowRoot!.activeElement).toBe(shadow.getByRole("button", { name: "Sign out" }));
    await expect(args.onSignout).not.toHaveBeenCalled();
  },
};

/** German, with the confirmation. */
export const German: Story = {
  args: { confirm: true, lang: "de" },
  play: async ({ canvasElement }) => {
    const { host: element, shadow } = await host(canvasElement);
    await userEvent.click(shadow.getByRole("button", { name: "Abmelden" }));
    await element.updateComplete;
    await expect(shadow.getByText("Möchten Sie sich wirklich abmelden?")).toBeVisible();
    await expect(shadow.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  },
};

/** Arabic: right to left, confirmation included. */
export const RightToLeft: Story = {
  args: { confirm: true, lang: "ar" },
  play: async ({ canvasElement }) => {
    const { host: element, shadow } = await host(canvasElement);
    const button = shadow.getByRole("button", { name: "تسجيل الخروج" });
    await expect(getComputedStyle(button).direction).toBe("rtl");
    await userEvent.click(button);
    await element.updateComplete;
    const question = shadow.getByText("هل تريد بالتأكيد تسجيل الخروج؟");
    await expect(getComputedStyle(question).direction).toBe("rtl");
  },
};

/** Dark scheme and a brand colour, on a dark page. */
export const ThemeDarkBrand: Story = {
  args: { theme: JSON.stringify({ colorScheme: "dark", brandColor: "#7c3aed" }) },
  decorators: [(story) => html`<div style="background:#010409;color-scheme:dark;padding:1rem">${story()}</div>`],
  play: async ({ canvasElement }) => {
    const { host: element, shadow } = await host(canvasElement);
    await expect(element).toHaveAttribute("data-color-scheme", "dark");
    await expect(getComputedStyle(shadow.getByRole("button", { name: "Sign out" })).backgroundColor).toBe("rgb(124, 58, 237)");
  },
};
