/**
 * The entry of dist/browser/foyer-client-passkey.js: `foyer-auth/client` and
 * `foyer-auth/client/passkey` in one self-contained module, for pages without a bundler (browser
 * bundles never share chunks, so two separate files would each carry the request helpers). Its size
 * minus that of foyer-client.js is what passkeys add to the client (ui/bundle-size.dist.test.ts).
 *
 * @module
 */
export * from "./index.js";
export * from "./passkey.js";
