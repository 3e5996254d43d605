/**
 * `<auth-user>`: the signed-in user from `GET /session` (recorded): avatar, name and e-mail, with
 * initials when there is no image or the image does not load.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { expect, waitFor } from "storybook/test";
import "../../ui/elements/auth-user/define.js";
import type { AuthUser } from "../../ui/elements/auth-user/auth-user.js";
import { activeStub, authStub, INLINE_AVATAR, RECORDED, USER_NAME, type StubOptions } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

const meta = {
  title: "Elements/auth-user",
  component: "auth-user",
  beforeEach: authStub,
  parameters: { layout: "padded", auth: { signedIn: true } satisfies StubOptions },
  render: () => html`<auth-user base-path=${activeStub().basePath}></auth-user>`,
} satisfies Meta;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-user");

type Story = StoryObj;

const EMAIL = RECORDED["session-signed-in"].user.email;

/** The element once the user has arrived. */
async function user(canvasElement: HTMLElement): Promise<{ host: AuthUser; root: ShadowRoot }> {
  const host = canvasElement.querySelector("auth-user")!;
  await waitFor(() => expect(host.shadowRoot!.querySelector('[part="name"]')).toHaveTextContent(USER_NAME));
  return { host, root: host.shadowRoot! };
}

/** The user's image (decorative: the name is text next to it), name and e-mail. */
export const WithImage: Story = {
  play: async ({ canvasElement }) => {
    const { root } = await user(canvasElement);
    const avatar = root.querySelector('img[part~="avatar"]');
    await expect(avatar).toHaveAttribute("src", INLINE_AVATAR);
    await expect(avatar).toHaveAttribute("alt", "");
    await waitFor(() => expect((avatar as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(root.querySelector('[part="email"]')).toHaveTextContent(EMAIL);
    await expect(root.querySelector('[part~="initials"]')).toBeNull();
  },
};

/** No image in the session: the initials of the name, hidden from assistive technology (the name is read). */
export const InitialsWithoutImage: Story = {
  parameters: { auth: { signedIn: true, avatar: "none" } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const { root } = await user(canvasElement);
    await expect(root.querySelector("img")).toBeNull();
    const initials = root.querySelector('[part~="initials"]');
    await expect(initials).toHaveTextContent("AL");
    await expect(initials).toHaveAttribute("aria-hidden", "true");
    await expect(initials?.getAttribute("part")?.split(" ")).toContain("avatar");
  },
};

/** The image does not load: the initials replace it. */
export const InitialsWhenImageFails: Story = {
  parameters: { auth: { signedIn: true, avatar: "broken" } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const { root } = await user(canvasElement);
    await waitFor(() => expect(root.querySelector('[part~="initials"]')).toHaveTextContent("AL"));
    await expect(root.querySelector("img")).toBeNull();
  },
};

/** Signed out: nothing is rendered. */
export const SignedOut: Story = {
  parameters: { auth: { signedIn: false } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector("auth-user")!;
    await waitFor(() => expect(activeStub().requestsTo("session")).toHaveLength(1));
    await host.updateComplete;
    await waitFor(() => expect(host.user).toBeNull());
    await expect(host.shadowRoot!.querySelector('[part="base"]')).toBeNull();
  },
};
