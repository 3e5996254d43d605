/**
 * The script of Foyer's hosted sign-in page, built into dist/browser/foyer-passkey.js and served as
 * `{basePath}/assets/foyer-passkey.<hash>.js` only on sign-in pages with a WebAuthn provider
 * (server/pages/markup.tsx). A module script runs after the document is parsed, so the forms are there.
 *
 * @module
 */
import { enhancePasskeyForms } from "./passkey-section.js";

enhancePasskeyForms();
