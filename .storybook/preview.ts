import { setCustomElementsManifest, type Preview } from "@storybook/web-components-vite";
import { PUBLIC_MANIFEST } from "../stories/support/manifest.js";

// Controls (and the argTypes every story sees) come from custom-elements.json: one row per public
// attribute, property, event, slot, part and CSS property of the story's `component`, with its JSDoc.
setCustomElementsManifest(PUBLIC_MANIFEST);

// Every story is also an accessibility test: an axe violation fails the run, shadow roots included.
const preview: Preview = { parameters: { a11y: { test: "error" }, layout: "fullscreen" } };
export default preview;
