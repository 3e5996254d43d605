/**
 * `<auth-account>`: the account area of a signed-in user — profile, three sessions, passkeys and a
 * connected GitHub account — driven by the real account server's recorded answers
 * (`GET {base}/account/profile`, `/sessions`, `/accounts`, `/passkeys`, and the sign-outs and the
 * disconnect; `npm run record`). The stub applies sign-outs to its session list as the server does,
 * so what the element lists after a change is what the server would list. Also: loading, signed
 * out, a server that cannot be reached, and every list empty.
 */
import type { Meta, StoryObj } from "@storybook/web-components-vite";
import { html } from "lit";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ACCOUNT_EN } from "../../locales/account.js";
import "../../ui/elements/auth-account/define.js";
import type { AuthAccount } from "../../ui/elements/auth-account/auth-account.js";
import type { AuthAccountUnlinkedEvent, AuthSessionRevokedEvent } from "../../ui/elements/auth-account/define.js";
import { activeStub, authStub, RECORDED, type StubOptions } from "../support/stub-fetch.js";
import { docsStory } from "../support/element-docs.js";

interface Args {
  onRevoked: (event: AuthSessionRevokedEvent) => void;
  onUnlinked: (event: AuthAccountUnlinkedEvent) => void;
}

const meta = {
  title: "Elements/auth-account",
  component: "auth-account",
  args: { onRevoked: fn(), onUnlinked: fn() },
  beforeEach: authStub,
  parameters: { layout: "padded", auth: { signedIn: true } satisfies StubOptions },
  render: (args) =>
    html`<auth-account base-path=${activeStub().basePath} @auth-session-revoked=${args.onRevoked} @auth-account-unlinked=${args.onUnlinked}></auth-account>`,
} satisfies Meta<Args>;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-account");

type Story = StoryObj<Args>;

const PROFILE = RECORDED["account-profile"].user;
const SESSIONS = RECORDED["account-sessions"].sessions;
/** The first other session as the element lists it (the current one comes first). */
const OTHER = SESSIONS.find((session) => !session.current)!;

/** The element once it has left the loading state, and its shadow root to query. */
async function setup(canvasElement: HTMLElement, state: string = "ready") {
  const host = canvasElement.querySelector("auth-account") as AuthAccount;
  await waitFor(() => expect(host).toHaveAttribute("state", state));
  await host.updateComplete;
  return { host, shadow: within(host.shadowRoot as unknown as HTMLElement) };
}

/** A section of the element by its heading. */
function section(host: AuthAccount, heading: string): HTMLElement {
  return within(host.shadowRoot as unknown as HTMLElement).getByRole("region", { name: heading });
}

/** The passkey list inside the element, once it has loaded. */
async function passkeys(host: AuthAccount) {
  const list = host.shadowRoot!.querySelector("auth-passkeys")!;
  await waitFor(() => expect(list.getAttribute("state")).toMatch(/^(list|empty)$/));
  return within(list.shadowRoot as unknown as HTMLElement);
}

/** Signed in: the profile, this browser and two others, three passkeys, GitHub connected and Acme ID to connect, deletion. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const { host, shadow } = await setup(canvasElement);
    await expect(shadow.getByText(PROFILE.email!)).toBeVisible();
    await expect(within(canvasElement).getByLabelText(ACCOUNT_EN["account.profile.name"])).toHaveValue(PROFILE.name);

    const sessions = within(section(host, ACCOUNT_EN["account.sessions.heading"]));
    const rows = sessions.getAllByRole("listitem");
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent("Chrome on macOS");
    await expect(rows[0]).toHaveTextContent(ACCOUNT_EN["account.sessions.thisDevice"]);
    await expect(within(rows[0]!).queryByRole("button")).toBeNull();
    await expect(sessions.getAllByRole("button", { name: ACCOUNT_EN["account.sessions.revoke"] })).toHaveLength(2);
    await expect(sessions.getByText("Safari on iOS")).toBeVisible();
    await expect(sessions.getByRole("button", { name: ACCOUNT_EN["account.sessions.revokeOthers"] })).toBeVisible();

    const list = await passkeys(host);
    await expect(list.getAllByRole("listitem")).toHaveLength(3);
    await expect(list.getByText("Pixel 9")).toBeVisible();

    const accounts = within(section(host, ACCOUNT_EN["account.accounts.heading"]));
    await expect(accounts.getByText("GitHub")).toBeVisible();
    await expect(accounts.getByRole("button", { name: ACCOUNT_EN["account.accounts.unlink"] })).toBeVisible();
    await expect(accounts.getByRole("button", { name: ACCOUNT_EN["account.accounts.link"]("Acme ID") })).toBeVisible();

    await expect(section(host, ACCOUNT_EN["account.danger.heading"])).toHaveTextContent(ACCOUNT_EN["account.danger.explain"]);
  },
};

/** Signing one other device out: its row goes, the event fires, the status says so. */
export const SignOutOneDevice: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await setup(canvasElement);
    const sessions = within(section(host, ACCOUNT_EN["account.sessions.heading"]));
    const row = sessions.getByText("Safari on iOS").closest("li")!;
    await userEvent.click(within(row).getByRole("button", { name: ACCOUNT_EN["account.sessions.revoke"] }));
    await waitFor(() => expect(shadow.getByRole("status")).toHaveTextContent(ACCOUNT_EN["account.status.sessionRevoked"]));
    await expect(activeStub().requestsTo("account/sessions/revoke")[0]?.fields).toMatchObject({ id: OTHER.id });
    await expect(sessions.getAllByRole("listitem")).toHaveLength(2);
    await expect(sessions.queryByText("Safari on iOS")).toBeNull();
    await expect(args.onRevoked).toHaveBeenCalledWith(expect.objectContaining({ detail: { count: 1, others: false } }));
  },
};

/** "Sign out everywhere else": only this device is left, and the list says no other device is signed in. */
export const SignOutEverywhereElse: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await setup(canvasElement);
    const sessions = within(section(host, ACCOUNT_EN["account.sessions.heading"]));
    await userEvent.click(sessions.getByRole("button", { name: ACCOUNT_EN["account.sessions.revokeOthers"] }));
    await waitFor(() => expect(shadow.getByRole("status")).toHaveTextContent(ACCOUNT_EN["account.status.othersRevoked"]));
    await expect(sessions.getAllByRole("listitem")).toHaveLength(1);
    await expect(sessions.getByText(ACCOUNT_EN["account.sessions.empty"])).toBeVisible();
    await expect(args.onRevoked).toHaveBeenCalledWith(expect.objectContaining({ detail: expect.objectContaining({ others: true }) }));
  },
};

/** Disconnecting GitHub: the element lists the accounts again; none is connected, both providers can be. */
export const DisconnectAccount: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, shadow } = await setup(canvasElement);
    const accounts = within(section(host, ACCOUNT_EN["account.accounts.heading"]));
    await userEvent.click(accounts.getByRole("button", { name: ACCOUNT_EN["account.accounts.unlink"] }));
    await waitFor(() => expect(shadow.getByRole("status")).toHaveTextContent(ACCOUNT_EN["account.status.accountUnlinked"]));
    await expect(activeStub().requestsTo("account/accounts/unlink")[0]?.fields).toMatchObject({ provider: "github", providerAccountId: "1815" });
    await expect(args.onUnlinked).toHaveBeenCalledWith(expect.objectContaining({ detail: { provider: "github" } }));
    await waitFor(() => expect(accounts.getByText(ACCOUNT_EN["account.accounts.empty"])).toBeVisible());
    await expect(accounts.getByRole("button", { name: ACCOUNT_EN["account.accounts.link"]("GitHub") })).toBeVisible();
    await expect(accounts.getByRole("button", { name: ACCOUNT_EN["account.accounts.link"]("Acme ID") })).toBeVisible();
  },
};

/** Every list empty: this device only, no passkeys, no connected account (the providers to connect stay). */
export const EmptyLists: Story = {
  parameters: { auth: { signedIn: true, sessions: "single", passkeys: "empty", accounts: "none" } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const { host } = await setup(canvasElement);
    const sessions = within(section(host, ACCOUNT_EN["account.sessions.heading"]));
    await expect(sessions.getAllByRole("listitem")).toHaveLength(1);
    await expect(sessions.getByText(ACCOUNT_EN["account.sessions.empty"])).toBeVisible();
    await expect(sessions.queryByRole("button")).toBeNull();
    const list = await passkeys(host);
    await expect(list.getByText("You have no passkeys yet.")).toBeVisible();
    const accounts = within(section(host, ACCOUNT_EN["account.accounts.heading"]));
    await expect(accounts.getByText(ACCOUNT_EN["account.accounts.empty"])).toBeVisible();
    await expect(accounts.queryByRole("listitem")).toBeNull();
  },
};

/** While `GET /account/profile` is pending: the loading text, the element busy. */
export const Loading: Story = {
  parameters: { auth: { signedIn: true, hold: ["account/profile"] } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector("auth-account") as AuthAccount;
    await activeStub().requested("account/profile");
    await host.updateComplete;
    await expect(host).toHaveAttribute("state", "loading");
    const shadow = within(host.shadowRoot as unknown as HTMLElement);
    await expect(shadow.getByText(ACCOUNT_EN["account.loading"])).toBeVisible();
    await expect(host.shadowRoot!.querySelector('[part="base"]')).toHaveAttribute("aria-busy", "true");
    activeStub().release();
    await waitFor(() => expect(host).toHaveAttribute("state", "ready"));
  },
};

/** Not signed in (recorded `401 SessionRequired`): a short note, no sections. */
export const SignedOut: Story = {
  parameters: { auth: { signedIn: false } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const { shadow } = await setup(canvasElement, "signed-out");
    await expect(shadow.getByText(ACCOUNT_EN["account.signedOut"])).toBeVisible();
    await expect(shadow.queryByRole("heading")).toBeNull();
  },
};

/** The server cannot be reached: the alert says something went wrong, no sections. */
export const LoadError: Story = {
  parameters: { auth: { signedIn: true, always: { "account/profile": "network-error" } } satisfies StubOptions },
  play: async ({ canvasElement }) => {
    const { shadow } = await setup(canvasElement, "error");
    await expect(shadow.getByRole("alert")).toHaveTextContent(ACCOUNT_EN["account.error.default"]);
    await expect(shadow.queryByRole("heading")).toBeNull();
  },
};
