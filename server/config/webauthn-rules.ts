/**
 * Configuration rules for WebAuthn providers, computed from the config being checked only (as
 * configured, before defaults are filled in). `experimental.enableWebAuthn` is not required:
 * passkeys are stable in Foyer.
 */
import type { ConfiguredProvider } from "./types.js";
import { AUTHJS_TEXT, authjsError } from "../core/authjs-wording.js";
import { type AuthError, DuplicateConditionalUI, InvalidConfiguration, MissingWebAuthnAutocomplete } from "../core/errors.js";

/**
 * The problem of the provider at `index` if it is a WebAuthn provider, given the ones before it (a
 * provider rule, checked in list order as Auth.js checks it). The two rules Auth.js has carry its message.
 */
export function webauthnProviderError(provider: ConfiguredProvider, index: number, providers: readonly ConfiguredProvider[]): AuthError | undefined {
  if (provider.type !== "webauthn") return undefined;
  if (provider.enableConditionalUI === true) {
    const earlier = providers.slice(0, index).find((p) => p.type === "webauthn" && p.enableConditionalUI === true);
    if (earlier) {
      const detail = `WebAuthn providers "${earlier.id}" and "${provider.id}" both have enableConditionalUI: true; only one provider can offer passkeys in the browser's autofill. Set enableConditionalUI: false on one of them.`;
      return authjsError(DuplicateConditionalUI, AUTHJS_TEXT.duplicateConditionalUI, detail);
    }
    const fields = isRecord(provider.formFields) ? Object.values(provider.formFields) : [];
    if (!fields.some((field) => isRecord(field) && String(field.autocomplete ?? "").includes("webauthn"))) {
      const detail = `Give one of provider "${provider.id}"'s formFields "webauthn" in its autocomplete (e.g. autocomplete: "username webauthn"), or set enableConditionalUI: false.`;
      return authjsError(MissingWebAuthnAutocomplete, AUTHJS_TEXT.missingWebAuthnAutocomplete(String(provider.id)), detail);
    }
  }
  const problem = relyingPartyProblem(provider.relayingParty);
  return problem ? new InvalidConfiguration(`Provider "${provider.id}": relayingParty.${problem}`) : undefined;
}

/** What is wrong with a configured `relayingParty`, if anything. */
function relyingPartyProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return ' must be an object such as { id: "example.com", name: "Example", origin: "https://example.com" }.';
  for (const key of ["id", "name", "origin"] as const) {
    const entry = value[key];
    if (entry === undefined) continue;
    const list = Array.isArray(entry) ? entry : [entry];
    if (list.length === 0 || !list.every((item) => typeof item === "string" && item !== "")) return `${key} must be a non-empty string or a list of them.`;
    if (key === "origin" && !list.every(isOrigin)) return `origin must be origins such as "https://example.com" (scheme, host and port only).`;
    if (key === "id" && !list.every((item) => !String(item).includes("/") && !String(item).includes(":"))) {
      return `id must be domain names such as "example.com", not URLs.`;
    }
  }
  return undefined;
}

function isOrigin(value: unknown): boolean {
  try {
    return typeof value === "string" && new URL(value).origin === value;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
