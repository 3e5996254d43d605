/**
 * The options a ceremony starts with, built by SimpleWebAuthn from the provider's settings and the
 * relying party. Authentication options never name credentials (`allowCredentials: []`): the browser
 * offers the discoverable credentials it holds for the site, so the answer is the same for everyone.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { AdapterAuthenticator } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { crypto } from "../jwt/crypto.js";
import { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnConfig } from "../providers/webauthn.js";
import { transportsOf, wireCredentialId } from "./encoding.js";
import { relyingPartyFor } from "./relying-party.js";
import { userHandleFor } from "./user-handle.js";

/** Options for `navigator.credentials.get()`: discoverable credentials only. */
export async function authenticationOptions(ctx: RequestContext, provider: WebAuthnConfig): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingPartyFor(ctx, provider);
  const configured = provider.authenticationOptions ?? {};
  return generateAuthenticationOptions({
    timeout: DEFAULT_WEBAUTHN_TIMEOUT,
    ...configured,
    rpID: rp.id,
    allowCredentials: [],
  });
}

/** Who a registration is for, as the options name them. */
export interface RegistrationSubject {
  email: string;
  name?: string | null;
  /** Credentials the user has already: the browser refuses to register the same authenticator twice. */
  existing: AdapterAuthenticator[];
  /** The account's address, which the user handle is derived from; `null` for a random handle (a signed-out sign-up, an account without an address). */
  address: string | null;
}

/**
 * Options for `navigator.credentials.create()`. The user handle is the account's derived handle
 * (./user-handle.ts: 32 opaque bytes, the same for every passkey the user adds, so the Signal API can
 * name the account's passkeys) when `subject.address` is given, else 32 fresh random bytes (a
 * signed-out sign-up, an account without an address). It never carries the user id or the address.
 */
export async function registrationOptions(
  ctx: RequestContext,
  provider: WebAuthnConfig,
  subject: RegistrationSubject,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingPartyFor(ctx, provider);
  const configured = provider.registrationOptions ?? {};
  return generateRegistrationOptions({
    timeout: DEFAULT_WEBAUTHN_TIMEOUT,
    attestationType: "none",
    ...configured,
    // SimpleWebAuthn writes into this object; never hand it the provider's own.
    authenticatorSelection: configured.authenticatorSelection ? { ...configured.authenticatorSelection } : undefined,
    rpName: rp.name,
    rpID: rp.id,
    userID: (await userHandleFor(ctx.config.secret, subject.address)) ?? new Uint8Array(crypto.randomBytes(32)),
    userName: subject.email,
    userDisplayName: subject.name || subject.email,
    excludeCredentials: subject.existing.map((authenticator) => ({
      id: wireCredentialId(authenticator.credentialID),
      transports: transportsOf(authenticator.transports),
    })),
  });
}
