/**
 * Framework-neutral pieces of Foyer's framework integrations (`foyer-auth/next`, and the ones built
 * the same way): the config an integration hands to `Auth()`, the public origin of a request, and the
 * requests server code makes on the browser's behalf (session read, sign-in, sign-out, update).
 * Nothing here imports a framework.
 */
export * from "./config.js";
export * from "./origin.js";
export * from "./server-request.js";
export * from "./session.js";
export * from "./actions.js";
