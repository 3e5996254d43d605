/**
 * `<auth-session>`: shows its `signed-in` or `signed-out` slot from `GET /session` (recorded), and
 * switches when an `<auth-signout>` inside it signs the user out.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-session/define.js";
import "../../ui/elements/auth-signout/define.js";
import "../../ui/elements/auth-user/define.js";
import type { AuthSession } from "../../ui/elements/auth-session/auth-session.js";
import type { AuthSessionChangeEvent } from "../../ui/events/index.js";
import { activeStub, authStub, USER_NAME, type StubOptions } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  onChange: (event: AuthSessionChangeEvent) => void;
}

const meta = {
  title: "Elements/auth-session",
  component: "auth-session",
  args: { onChange: fn() },
  beforeEach: authStub,
  parameters: { layout: "padded" },
  render: (args) => {
    const basePath = activeStub().basePath;
    return html`<auth-session base-path=${basePath} @auth-session-change=${args.onChange}>
      <div slot="signed-in" data-testid="signed-in">
        <auth-user base-path=${basePath}></auth-user>
        <auth-signout base-path=${basePath}></auth-signout>
      </div>
      <p slot="signed-out" data-testid="signed-out">You are signed out. <a href="#sign-in">Sign in</a></p>
      <p slot="loading" data-testid="loading">Loading…</p>
    </auth-session>`;
  },
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-session");

type Story = StoryObj<Args>;

const signedIn = { auth: { signedIn: true } satisfies StubOptions };

/** Whether a slotted child is rendered (unassigned light-DOM children have no box). */
const rendered = (element: Element) => element.checkVisibility();

async function session(canvasElement: HTMLElement, state: "signed-in" | "signed-out"): Promise<AuthSession> {
  const host = canvasElement.querySelector("auth-session")!;
  await waitFor(() => expect(host).toHaveAttribute("state", state));
  await host.updateComplete;
  return host;
}

/** Signed in: the `signed-in` slot (user and sign-out button); the other slots are not rendered. */
export const SignedIn: Story = {
  parameters: signedIn,
  play: async ({ canvasElement, args }) => {
    const host = await session(canvasElement, "signed-in");
    const canvas = within(canvasElement);
    await expect(rendered(canvas.getByTestId("signed-in"))).toBe(true);
    await expect(rendered(canvas.getByTestId("signed-out"))).toBe(false);
    await expect(rendered(canvas.getByTestId("loading"))).toBe(false);
    await expect(host.session?.user?.name).toBe(USER_NAME);
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ detail: { session: host.session } }));
    const user = canvasElement.querySelector("auth-user")!;
    await waitFor(() => expect(user.shadowRoot!.querySelector('[part="name"]')).toHaveTextContent(USER_NAME));
  },
};

/** Signed out: the `signed-out` slot. */
export const SignedOut: Story = {
  play: async ({ canvasElement, args }) => {
    const host = await session(canvasElement, "signed-out");
    const canvas = within(canvasElement);
    await expect(rendered(canvas.getByTestId("signed-out"))).toBe(true);
    await expect(rendered(canvas.getByTestId("signed-in"))).toBe(false);
    await expect(host.session).toBeNull();
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ detail: { session: null } }));
  },
};

/** Until `GET /session` answers: the `loading` slot. */
export const Loading: Story = {
  parameters: { auth: { signedIn: true, hold: ["session"] } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector("auth-session")!;
    await activeStub().requested("session");
    await host.updateComplete;
    await expect(host).toHaveAttribute("state", "loading");
    await expect(rendered(within(canvasElement).getByTestId("loading"))).toBe(true);
    await expect(rendered(within(canvasElement).getByTestId("signed-in"))).toBe(false);
    activeStub().release();
    await session(canvasElement, "signed-in");
  },
};

/** Signing out with the `<auth-signout>` inside switches to the `signed-out` slot, without a reload. */
export const SwitchesAfterSignOut: Story = {
  parameters: signedIn,
  play: async ({ canvasElement, args }) => {
    await session(canvasElement, "signed-in");
    const signout = canvasElement.querySelector("auth-signout")!;
    await signout.updateComplete;
    await userEvent.click(within(signout.shadowRoot as unknown as HTMLElement).getByRole("button", { name: "Sign out" }));
    const host = await session(canvasElement, "signed-out");
    await expect(rendered(within(canvasElement).getByTestId("signed-out"))).toBe(true);
    await expect(rendered(within(canvasElement).getByTestId("signed-in"))).toBe(false);
    await expect(host.session).toBeNull();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ detail: { session: null } }));
  },
};
