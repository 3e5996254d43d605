/**
 * Verifying the browser's signed answers with SimpleWebAuthn against the challenge from the cookie
 * and every accepted RP ID and origin. Every failure — a wrong origin or RP ID, a bad signature, a
 * counter that did not move forward, a library exception on hostile input — becomes
 * `WebAuthnVerificationError` carrying the library's reason for the log.
 */
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type VerifiedAuthenticationResponse,
  type VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import type { AdapterAuthenticator } from "../adapters/types.js";
import { WebAuthnVerificationError } from "../core/errors.js";
import type { WebAuthnConfig } from "../providers/webauthn.js";
import { fromBase64, transportsOf, wireCredentialId } from "./encoding.js";
import type { ExpectedRelyingParty } from "./relying-party.js";

export type AssertionInfo = VerifiedAuthenticationResponse["authenticationInfo"];
export type RegistrationInfo = Extract<VerifiedRegistrationResponse, { verified: true }>["registrationInfo"];

/**
 * Whether user verification is enforced: the provider's `verify*Options.requireUserVerification`,
 * else exactly when the options asked for it (`required`), as SimpleWebAuthn advises — asking for
 * `preferred` and then refusing a key without a PIN would make such keys unusable.
 */
function requiresUserVerification(explicit: boolean | undefined, requested: string | undefined): boolean {
  return explicit ?? requested === "required";
}

/**
 * Runs one SimpleWebAuthn verification under this file's rule: a library exception and a
 * `verified: false` answer both become `WebAuthnVerificationError` ("The passkey <ceremony> did not
 * verify: <reason>"), the exception's message being the reason the log shows.
 */
async function verifyOrRefuse<R extends { verified: boolean }>(
  ceremony: string,
  invalid: string,
  verify: () => Promise<R>,
): Promise<Exclude<R, { verified: false }>> {
  let result: R;
  try {
    result = await verify();
  } catch (error) {
    throw new WebAuthnVerificationError(`The passkey ${ceremony} did not verify: ${(error as Error).message}`, error as Error);
  }
  if (!result.verified) throw new WebAuthnVerificationError(`The passkey ${ceremony} did not verify: ${invalid}`);
  return result as Exclude<R, { verified: false }>;
}

/** Verifies an assertion made with `authenticator`; returns the new counter and flags. */
export async function verifyAssertion(
  provider: WebAuthnConfig,
  response: AuthenticationResponseJSON,
  challenge: string,
  expected: ExpectedRelyingParty,
  authenticator: AdapterAuthenticator,
): Promise<AssertionInfo> {
  const configured = provider.verifyAuthenticationOptions ?? {};
  const result = await verifyOrRefuse("sign-in", "the signature is not valid", () =>
    verifyAuthenticationResponse({
      ...configured,
      requireUserVerification: requiresUserVerification(configured.requireUserVerification, provider.authenticationOptions?.userVerification),
      response,
      expectedChallenge: challenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.ids,
      credential: {
        id: wireCredentialId(authenticator.credentialID),
        publicKey: fromBase64(authenticator.credentialPublicKey),
        counter: Number(authenticator.counter) || 0,
        transports: transportsOf(authenticator.transports),
      },
    }),
  );
  return result.authenticationInfo;
}

/** Verifies a registration (attestation `none` or any format SimpleWebAuthn knows); returns the new credential. */
export async function verifyAttestation(
  provider: WebAuthnConfig,
  response: RegistrationResponseJSON,
  challenge: string,
  expected: ExpectedRelyingParty,
): Promise<RegistrationInfo> {
  const configured = provider.verifyRegistrationOptions ?? {};
  const result = await verifyOrRefuse("registration", "the attestation is not valid", () =>
    verifyRegistrationResponse({
      ...configured,
      requireUserVerification: requiresUserVerification(
        configured.requireUserVerification,
        provider.registrationOptions?.authenticatorSelection?.userVerification,
      ),
      response,
      expectedChallenge: challenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.ids,
    }),
  );
  return result.registrationInfo;
}
