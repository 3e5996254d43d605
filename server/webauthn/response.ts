/**
 * The browser's answer as posted to the callback: `action` and `data` (the JSON of SimpleWebAuthn's
 * `RegistrationResponseJSON` / `AuthenticationResponseJSON`). Only the outer shape is checked here —
 * enough that nothing downstream meets a non-object or a credential id that is not base64url;
 * SimpleWebAuthn checks the rest. Anything malformed is a `WebAuthnVerificationError`, never a 500.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { WebAuthnVerificationError } from "../core/errors.js";
import { isCredentialIdWire } from "./encoding.js";

export type PostedCeremony = { action: "authenticate"; response: AuthenticationResponseJSON } | { action: "register"; response: RegistrationResponseJSON };

/** Reads `action` and `data` from the callback body; throws `WebAuthnVerificationError` for anything unusable. */
export function readPostedCeremony(body: Record<string, unknown> | undefined): PostedCeremony {
  const action = body?.action;
  if (action !== "authenticate" && action !== "register") {
    throw new WebAuthnVerificationError(`Invalid action parameter: expected "authenticate" or "register", got ${describe(action)}`);
  }
  const response = parseData(body?.data);
  if (!isCredentialIdWire(response.id)) throw new WebAuthnVerificationError("Invalid WebAuthn response: `id` is missing or not base64url");
  if (response.rawId !== response.id) throw new WebAuthnVerificationError("Invalid WebAuthn response: `rawId` differs from `id`");
  if (response.type !== "public-key") throw new WebAuthnVerificationError("Invalid WebAuthn response: `type` is not public-key");
  if (!isObject(response.response)) throw new WebAuthnVerificationError("Invalid WebAuthn response: `response` is not an object");
  return { action, response } as unknown as PostedCeremony;
}

/** `data` is a JSON string (forms, Auth.js's client); a JSON body may carry the object itself. */
function parseData(data: unknown): Record<string, unknown> {
  let parsed: unknown = data;
  if (typeof data === "string") {
    try {
      parsed = JSON.parse(data);
    } catch {
      throw new WebAuthnVerificationError("Invalid WebAuthn response: `data` is not JSON");
    }
  }
  if (!isObject(parsed)) throw new WebAuthnVerificationError("Invalid WebAuthn response: `data` is missing or not a JSON object");
  return parsed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 32)) : typeof value;
}
