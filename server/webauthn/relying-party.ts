/**
 * The relying party: which site a credential belongs to. Options carry one RP ID and the browser
 * binds the credential to it; verification accepts every configured ID and origin (a `relayingParty`
 * given as lists), so one deployment can answer on the apex domain and on `www.` alike.
 */
import type { RequestContext } from "../context/request-context.js";
import { InvalidConfiguration } from "../core/errors.js";
import type { RelyingParty, WebAuthnConfig } from "../providers/webauthn.js";
import { hookRequest } from "./provider.js";

/** What a response must match: one of these RP IDs and one of these origins. */
export interface ExpectedRelyingParty {
  ids: string[];
  origins: string[];
}

/** The relying party for the options sent to the browser (the provider's `getRelayingParty`). */
export function relyingPartyFor(ctx: RequestContext, provider: WebAuthnConfig): RelyingParty {
  const rp = provider.getRelayingParty({ provider, adapter: ctx.config.adapter }, hookRequest(ctx));
  if (!rp || typeof rp.id !== "string" || rp.id === "" || typeof rp.origin !== "string" || !isOrigin(rp.origin)) {
    throw new InvalidConfiguration(
      `Provider "${provider.id}": the relying party needs an \`id\` (the site's domain name) and an \`origin\` (e.g. "https://example.com"); check relayingParty / getRelayingParty.`,
    );
  }
  return { id: rp.id, name: typeof rp.name === "string" && rp.name !== "" ? rp.name : rp.id, origin: rp.origin };
}

/** Every RP ID and origin a response may carry: the configured lists plus the request's relying party. */
export function expectedRelyingParty(ctx: RequestContext, provider: WebAuthnConfig): ExpectedRelyingParty {
  const rp = relyingPartyFor(ctx, provider);
  const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const configured = provider.relayingParty ?? {};
  return {
    ids: [...new Set([rp.id, ...list(configured.id)])],
    origins: [...new Set([rp.origin, ...list(configured.origin)])],
  };
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}
