import type { Preview } from "@storybook/web-components-vite";

// Every story is also an accessibility test: an axe violation fails the run, shadow roots included.
const preview: Preview = { parameters: { a11y: { test: "error" }, layout: "fullscreen" } };
export default preview;
