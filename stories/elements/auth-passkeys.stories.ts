/**
 * `<auth-passkeys>`: loading, a full list, an empty one, signed out, an unreachable server, renaming,
 * removing, and the last passkey that cannot be removed — driven by the real passkey server's
 * recorded answers (`GET/POST {base}/account/passkeys`). The stub applies renames and removals to
 * its list as the server does, so the list reloaded after a change is what the server would list.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import "../../ui/elements/auth-passkeys/define.js";
import type { AuthPasskeys } from "../../ui/elements/auth-passkeys/auth-passkeys.js";
import type { AuthPasskeyRemovedEvent } from "../../ui/events/index.js";
import { passkeyStubs, type PasskeyStoryParameters } from "../support/passkey-story.js";
import { activeStub, RECORDED } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  lang?: string;
  onRemoved: (event: AuthPasskeyRemovedEvent) => void;
}

const meta = {
  title: "Elements/auth-passkeys",
  component: "auth-passkeys",
  args: { onRemoved: fn() },
  beforeEach: passkeyStubs,
  parameters: { layout: "padded", auth: { signedIn: true } },
  render: (args) =>
    html`<auth-passkeys base-path=${activeStub().basePath} lang=${ifDefined(args.lang)} @auth-passkey-removed=${args.onRemoved}></auth-passkeys>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-passkeys");

type Story = StoryObj<Args> & { parameters?: PasskeyStoryParameters & Record<string, unknown> };

const FULL = RECORDED["account-passkeys-full"].passkeys;
const LAST_WAY_IN = "This passkey is your only way to sign in, so it cannot be removed. Add another way to sign in first.";

/** The element once it has left the loading state. */
async function setup(canvasElement: HTMLElement) {
  const host = canvasElement.querySelector("auth-passkeys") as AuthPasskeys;
  await waitFor(() => expect(host.state).not.toBe("loading"));
  await host.updateComplete;
  const shadow = within(host.shadowRoot as unknown as HTMLElement);
  return { host, shadow };
}

/** The list item whose name is `name` (there may be several "Passkey": `index` picks one). */
function row(host: AuthPasskeys, index: number): HTMLElement {
  return host.shadowRoot!.querySelectorAll<HTMLElement>('[part="item"]')[index]!;
}

/** While `GET /account/passkeys` is pending: a named spinner. */
export const Loading: Story = {
  parameters: { auth: { signedIn: true, hold: ["account/passkeys"] } },
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector("auth-passkeys") as AuthPasskeys;
    await activeStub().requested("account/passkeys");
    await host.updateComplete;
    await expect(host).toHaveAttribute("state", "loading");
    await expect(within(host.shadowRoot as unknown as HTMLElement).getByRole("status", { name: "Loading passkeys…" })).toBeVisible();
  },
};

/** Three passkeys: a named one, two with the default name; dates in the element's locale; transports in words. */
export const ListFull: Story = {
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await expect(host).toHaveAttribute("state", "list");
    const list = shadow.getByRole("list", { name: "Your passkeys" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent("Pixel 9");
    await expect(items[0]).toHaveTextContent("Connects via phone or tablet and this device");
    await expect(items[1]).toHaveTextContent(`Last used ${new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(FULL[1]!.lastUsedAt!))}`);
    await expect(items[2]).toHaveTextContent("Connects via USB and NFC");
    await expect(shadow.getAllByRole("button", { name: "Remove" }).every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
  },
};

/** Signed in, no passkeys yet. */
export const ListEmpty: Story = {
  parameters: { auth: { signedIn: true, passkeys: "empty" } },
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await expect(host).toHaveAttribute("state", "empty");
    await expect(shadow.getByText("You have no passkeys yet.")).toBeVisible();
    await expect(shadow.queryByRole("list")).toBeNull();
  },
};

/** Not signed in (recorded `401 SessionRequired`). */
export const SignedOut: Story = {
  parameters: { auth: { signedIn: false } },
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await expect(host).toHaveAttribute("state", "signed-out");
    await expect(shadow.getByText("Sign in to manage your passkeys.")).toBeVisible();
  },
};

/** The list cannot be fetched: the alert says why. */
export const LoadError: Story = {
  parameters: { auth: { signedIn: true, always: { "account/passkeys": "network-error" } } },
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await expect(host).toHaveAttribute("state", "error");
    await expect(shadow.getByRole("alert")).toHaveTextContent("Could not reach the server. Check your connection and try again.");
  },
};

/** Rename in place: the light-DOM field, Enter to save, the new name in the row and a status message. */
export const Rename: Story = {
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await userEvent.click(within(row(host, 1)).getByRole("button", { name: "Rename" }));
    const input = within(canvasElement).getByLabelText("Passkey name");
    await expect(input).toHaveFocus();
    await userEvent.type(input, "Work laptop{Enter}");
    await waitFor(() => expect(row(host, 1).querySelector('[part="name"]')).toHaveTextContent("Work laptop"));
    await expect(shadow.getByRole("status")).toHaveTextContent("Name saved.");
    await expect(activeStub().requestsTo("account/passkeys/rename")[0]?.fields).toMatchObject({ id: FULL[1]!.id, name: "Work laptop" });
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(within(row(host, 1)).getByRole("button", { name: "Rename" })));
  },
};

/** Remove after a confirmation (focus starts on Cancel): the row goes, the event fires, the status says so. */
export const Delete: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await setup(canvasElement);
    await userEvent.click(within(row(host, 2)).getByRole("button", { name: "Remove" }));
    await expect(shadow.getByText("Remove “Passkey”? You will no longer be able to sign in with it.")).toBeVisible();
    await expect(host.shadowRoot!.activeElement).toBe(shadow.getByRole("button", { name: "Cancel" }));
    await userEvent.click(within(row(host, 2)).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(args.onRemoved).toHaveBeenCalledOnce());
    await expect(args.onRemoved).toHaveBeenCalledWith(expect.objectContaining({ detail: { id: FULL[2]!.id } }));
    await waitFor(() => expect(shadow.getAllByRole("listitem")).toHaveLength(2));
    await expect(shadow.getByRole("status")).toHaveTextContent("Passkey removed.");
  },
};

/** The user's only way in: "Remove" is disabled, and the reason is written next to it. */
export const LastPasskeyCannotBeRemoved: Story = {
  parameters: { auth: { signedIn: true, passkeys: "last" } },
  play: async ({ canvasElement }) => {
    const { shadow } = await setup(canvasElement);
    const remove = shadow.getByRole("button", { name: "Remove" });
    await expect(remove).toBeDisabled();
    await expect(shadow.getByText(LAST_WAY_IN)).toBeVisible();
    await expect(remove).toHaveAccessibleDescription(expect.stringContaining(LAST_WAY_IN));
  },
};

/** The server refuses a removal (recorded `409 LastSignInMethod`, e.g. another tab removed the other passkey). */
export const RemoveRefused: Story = {
  parameters: { auth: { signedIn: true, always: { "account/passkeys/remove": "account-passkeys-last-method" } } },
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await setup(canvasElement);
    await userEvent.click(within(row(host, 0)).getByRole("button", { name: "Remove" }));
    await userEvent.click(within(row(host, 0)).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(shadow.getByRole("alert")).toHaveTextContent(LAST_WAY_IN));
    await expect(args.onRemoved).not.toHaveBeenCalled();
  },
};

/** `lang="fr"`: French texts, dates as French writes them. */
export const French: Story = {
  args: { lang: "fr" },
  play: async ({ canvasElement }) => {
    const { shadow } = await setup(canvasElement);
    await waitFor(() => expect(shadow.getByRole("list", { name: "Vos clés d’accès" })).toBeVisible());
    const created = new Intl.DateTimeFormat("fr", { dateStyle: "medium" }).format(new Date(FULL[0]!.createdAt!));
    await expect(shadow.getAllByRole("listitem")[0]).toHaveTextContent(`Créée le ${created}`);
    await expect(shadow.getAllByRole("button", { name: "Renommer" })).toHaveLength(3);
  },
};
