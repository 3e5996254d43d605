/**
 * `<auth-account>`: the element's reference page. Live stories of its sections need recordings of
 * the `{base}/account/profile`, `/accounts` and `/sessions` answers (stories/support/recorded/,
 * written by `npm run record`), which the recorder does not make yet; the element's behaviour is
 * shown by ui/elements/auth-account/auth-account.test.ts and e2e/account.spec.ts.
 */
import type { Meta } from "@storybook/web-components-vite";
import { html } from "lit";
import "../../ui/elements/auth-account/define.js";
import { docsStory } from "../support/element-docs.js";

const meta = {
  title: "Elements/auth-account",
  component: "auth-account",
  parameters: { layout: "padded" },
  render: () => html`<auth-account></auth-account>`,
} satisfies Meta;
export default meta;

/** The reference page generated from custom-elements.json (attributes, properties, events, slots, parts, CSS properties). */
export const Docs = docsStory("auth-account");
