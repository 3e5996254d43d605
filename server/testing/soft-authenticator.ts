/**
 * The software WebAuthn authenticator of Foyer's own tests: the testing kit's
 * (server/testing-kit/soft-authenticator.ts, public as `softAuthenticator()` in `foyer-auth/testing`).
 */
export * from "../testing-kit/soft-authenticator.js";
